#!/usr/bin/env bash
# Writes a systemd unit that starts the demo (or an app) fullscreen at boot on tty1 and
# restarts it if it dies: under the cage Wayland kiosk compositor, or straight on KMS/DRM
# with no display server. The unit goes to standard output (docs/raspberry-pi.md installs it).
#   scripts/kiosk-unit.sh [--mode cage|kms] [--user NAME] [--tty ttyN] [--gl auto|desktop|es]
#                         [--exec "PROGRAM ARGS..."]
# Defaults: --mode cage --user kiosk --tty tty1 --gl auto --exec "/usr/local/bin/parallax-demo".
# The program gets --fullscreen and --gl (and --video kmsdrm on KMS) after its own arguments.
set -euo pipefail

mode=cage user=kiosk tty=tty1 gl=auto exec="/usr/local/bin/parallax-demo"
fail() { echo "kiosk-unit: $*" >&2; exit 1; }
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || fail "$1 needs a value"
    case "$1" in
        --mode) mode="$2" ;;
        --user) user="$2" ;;
        --tty) tty="$2" ;;
        --gl) gl="$2" ;;
        --exec) exec="$2" ;;
        *) fail "unknown option $1 (options: --mode, --user, --tty, --gl, --exec)" ;;
    esac
    shift 2
done
case "$mode" in cage|kms) ;; *) fail "--mode must be cage or kms, found \"$mode\"" ;; esac
case "$gl" in auto|desktop|es) ;; *) fail "--gl must be auto, desktop or es, found \"$gl\"" ;; esac
[[ "$user" =~ ^[a-z_][a-z0-9_-]{0,31}$ ]] || fail "--user must be a system user name, found \"$user\""
[[ "$tty" =~ ^tty[0-9]{1,2}$ ]] || fail "--tty must be ttyN, found \"$tty\""
[[ "$exec" == /* ]] || fail "--exec must start with an absolute path, found \"$exec\""
[[ "$exec" != *$'\n'* && "$exec" != *'%'* ]] || fail "--exec must be one line without %"

program="$exec --fullscreen --gl $gl"
if [ "$mode" = cage ]; then
    description="parallax kiosk: $exec under cage (Wayland)"
    start="/usr/bin/cage -s -- $program"
    environment="XDG_SESSION_TYPE=wayland"
else
    description="parallax kiosk: $exec on KMS/DRM"
    start="$program --video kmsdrm"
    environment="SDL_VIDEODRIVER=kmsdrm"
fi

cat <<UNIT
[Unit]
Description=$description
After=systemd-user-sessions.service plymouth-quit-wait.service getty@$tty.service
Conflicts=getty@$tty.service
StartLimitIntervalSec=0

[Service]
User=$user
# PAM login on the VT: logind hands the user the seat's DRM and input devices.
PAMName=login
TTYPath=/dev/$tty
TTYReset=yes
TTYVHangup=yes
TTYVTDisallocate=yes
StandardInput=tty-fail
StandardOutput=journal
StandardError=journal
UtmpIdentifier=$tty
UtmpMode=user
Environment=$environment
ExecStart=$start
Restart=always
RestartSec=2

[Install]
WantedBy=graphical.target
UNIT
