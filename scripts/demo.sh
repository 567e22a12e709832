#!/usr/bin/env bash
# Installs what is missing, builds in release mode and starts the interactive demo on
# its built-in default scene (arguments are passed on, e.g. a scene file).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product parallax-demo
exec "$(swift build -c release --show-bin-path)/parallax-demo" "$@"
