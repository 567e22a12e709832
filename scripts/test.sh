#!/usr/bin/env bash
# Runs the whole test suite headless (Mesa llvmpipe through SDL's offscreen driver).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export SDL_VIDEODRIVER=offscreen
export LIBGL_ALWAYS_SOFTWARE=1
swift test --disable-swift-testing "$@"
