#!/usr/bin/env bash
# Installs the system packages the build needs (Debian 12), when they are missing.
# As root it runs apt-get; with passwordless sudo it uses sudo; otherwise it prints the
# exact command to run and fails.
set -euo pipefail

packages=(pkg-config libsdl2-dev libgl-dev libegl-dev libpng-dev libturbojpeg0-dev libjpeg62-turbo-dev libwebp-dev libgl1-mesa-dri libegl-mesa0
          libfreetype-dev libharfbuzz-dev libfontconfig-dev fonts-dejavu-core fonts-droid-fallback ffmpeg
          libespeak-ng-dev libavformat-dev libavcodec-dev libswscale-dev libswresample-dev libavutil-dev)
if [ "${WITH_XVFB:-0}" = 1 ]; then packages+=(xvfb xauth weston libweston-10-dev); fi   # demo-smoke.sh, demo-smoke-wayland.sh
if [ "${WITH_PEERS:-0}" = 1 ]; then packages+=(xvfb xauth gcc qmlscene qml-module-qtquick2 chromium xdotool); fi   # scripts/compare-peers.sh

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
    cmd="apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${missing[*]}"
    if [ "$(id -u)" = 0 ]; then
        echo "setup: installing ${missing[*]}" >&2
        bash -c "$cmd" >&2
    elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
        echo "setup: installing ${missing[*]} with sudo" >&2
        sudo bash -c "$cmd" >&2
    else
        echo "setup: missing system packages: ${missing[*]}" >&2
        echo "setup: run: sudo bash -c '$cmd'" >&2
        exit 1
    fi
fi

if ! command -v swift >/dev/null; then
    echo "setup: the Swift toolchain (5.9 or newer) is not on PATH; install it from swift.org and retry" >&2
    exit 1
fi
