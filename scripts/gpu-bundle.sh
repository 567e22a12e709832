#!/bin/bash
# Packs the release parallax-bench and parallax-render (Swift runtime linked in) with the
# shared libraries they load (scripts/gpu-bundle-libs.py: FFmpeg's unused codec libraries as
# stubs) and the system's fonts and fontconfig setup into one archive, to time and render on
# a GPU machine that has an NVIDIA driver but no Swift toolchain (headless EGL through SDL's
# offscreen driver). The archive is about 36 MB.
#
#   bash scripts/gpu-bundle.sh DIR        # writes DIR/bundle.tar.xz and DIR/run.sh
#   # on the GPU machine, in the folder holding DIR:
#   bash DIR/run.sh parallax-bench --frames 240 --warmup 30 --damage --json gpu.json
#   bash DIR/run.sh parallax-render home --time 1.3 --png home.png
#
# run.sh unpacks the archive into /tmp/parallax-gpu, points the library path and fontconfig
# at it, selects SDL's offscreen (EGL) driver and NVIDIA's EGL vendor file where the driver
# has one, and runs the named tool with the arguments.
set -euo pipefail
out=${1:?usage: scripts/gpu-bundle.sh DIR}
cd "$(dirname "$0")/.."
for tool in parallax-bench parallax-render; do
    swift build -c release --static-swift-stdlib --product "$tool" >/dev/null
done
bin=$(swift build -c release --show-bin-path)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
for tool in parallax-bench parallax-render; do strip -o "$stage/$tool" "$bin/$tool"; done
python3 scripts/gpu-bundle-libs.py "$stage/lib" "$stage/parallax-bench" "$stage/parallax-render"
mkdir -p "$stage/fonts"
cp /usr/share/fonts/truetype/dejavu/*.ttf "$stage/fonts/"
cp /usr/share/fonts/truetype/droid/*.ttf "$stage/fonts/" 2>/dev/null || true
cp -rL /etc/fonts "$stage/etc-fonts"
# The same matching rules as here, over the bundled fonts only.
sed -i -e 's#<dir>/usr/share/fonts</dir>#<dir>/tmp/parallax-gpu/fonts</dir>#' \
    -e 's#<dir>/usr/local/share/fonts</dir>##' -e 's#<dir prefix="xdg">fonts</dir>##' "$stage/etc-fonts/fonts.conf"
mkdir -p "$out"
# One xz stream with a 64 MiB window: the two tools share most of their bytes.
tar -C "$stage" -cf - . | xz -9 -T1 > "$out/bundle.tar.xz"
cat > "$out/run.sh" <<'RUN'
#!/bin/bash
# Unpacks bundle.tar.xz beside this script (once) and runs a tool headless on the GPU.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dest=/tmp/parallax-gpu
[ -x "$dest/parallax-bench" ] || { mkdir -p "$dest" && tar -C "$dest" -xJf "$here/bundle.tar.xz"; }
export LD_LIBRARY_PATH="$dest/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export FONTCONFIG_PATH="$dest/etc-fonts" FONTCONFIG_FILE="$dest/etc-fonts/fonts.conf" SDL_VIDEODRIVER=offscreen
for vendor in /usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json /usr/share/glvnd/egl_vendor.d/10_nvidia.json; do
    if [ -f "$vendor" ] && [ -z "${__EGL_VENDOR_LIBRARY_FILENAMES:-}" ]; then export __EGL_VENDOR_LIBRARY_FILENAMES="$vendor"; fi
done
tool=${1:?usage: run.sh parallax-bench|parallax-render ARGS...}
shift
exec "$dest/$tool" "$@"
RUN
chmod +x "$out/run.sh"
echo "$out/bundle.tar.xz ($(du -h "$out/bundle.tar.xz" | cut -f1)) and $out/run.sh"
