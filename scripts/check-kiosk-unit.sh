#!/usr/bin/env bash
# Checks scripts/kiosk-unit.sh: the default unit (cage) line for line as written by hand,
# the KMS unit's start line and environment, systemd-analyze's verdict where it is
# installed, and a one-line refusal with exit status 1 for each bad option.
set -euo pipefail
cd "$(dirname "$0")/.."
unit=scripts/kiosk-unit.sh
status=0
dir="$(mktemp -d)"; trap 'rm -rf "$dir"' EXIT
check() { if [ "$2" != "$3" ]; then echo "check-kiosk-unit: $1:" >&2; diff <(echo "$3") <(echo "$2") >&2 || true; status=1; fi; }

expected='[Unit]
Description=parallax kiosk: /usr/local/bin/parallax-demo under cage (Wayland)
After=systemd-user-sessions.service plymouth-quit-wait.service getty@tty1.service
Conflicts=getty@tty1.service
StartLimitIntervalSec=0

[Service]
User=kiosk
# PAM login on the VT: logind hands the user the seat'"'"'s DRM and input devices.
PAMName=login
TTYPath=/dev/tty1
TTYReset=yes
TTYVHangup=yes
TTYVTDisallocate=yes
StandardInput=tty-fail
StandardOutput=journal
StandardError=journal
UtmpIdentifier=tty1
UtmpMode=user
Environment=XDG_SESSION_TYPE=wayland
ExecStart=/usr/bin/cage -s -- /usr/local/bin/parallax-demo --fullscreen --gl auto
Restart=always
RestartSec=2

[Install]
WantedBy=graphical.target'
check "default (cage) unit" "$("$unit")" "$expected"

kms="$("$unit" --mode kms --user pi --tty tty2 --gl es --exec "/opt/app/bin/launcher home")"
check "kms start line" "$(grep '^ExecStart=' <<< "$kms")" \
    "ExecStart=/opt/app/bin/launcher home --fullscreen --gl es --video kmsdrm"
check "kms environment" "$(grep '^Environment=' <<< "$kms")" "Environment=SDL_VIDEODRIVER=kmsdrm"
check "kms user and tty" "$(grep -E '^(User|TTYPath|UtmpIdentifier)=' <<< "$kms")" $'User=pi\nTTYPath=/dev/tty2\nUtmpIdentifier=tty2'

if command -v systemd-analyze >/dev/null; then
    "$unit" --mode kms --exec /bin/true > "$dir/parallax-kiosk.service"
    systemd-analyze verify "$dir/parallax-kiosk.service" || { echo "check-kiosk-unit: systemd-analyze rejects the unit" >&2; status=1; }
fi

refuse() {   # EXPECTED-LINE ARGS...: one line on stderr, exit status 1, nothing on stdout
    local want="$1"; shift
    local out err rc=0
    out="$("$unit" "$@" 2>"$dir/err")" || rc=$?
    err="$(cat "$dir/err")"
    check "refusal of $*" "$rc|$out|$err" "1||kiosk-unit: $want"
}
refuse '--mode must be cage or kms, found "x11"' --mode x11
refuse '--gl must be auto, desktop or es, found "vulkan"' --gl vulkan
refuse '--user must be a system user name, found "root; rm"' --user "root; rm"
refuse '--tty must be ttyN, found "pts/0"' --tty pts/0
refuse '--exec must start with an absolute path, found "parallax-demo"' --exec parallax-demo
refuse '--exec must be one line without %' --exec $'/bin/a\nExecStartPre=/bin/b'
refuse '--user needs a value' --user
refuse 'unknown option --bogus (options: --mode, --user, --tty, --gl, --exec)' --bogus 1
[ $status = 0 ] && echo "check-kiosk-unit: OK"
exit $status
