#!/usr/bin/env bash
# Runs the whole test suite headless (Mesa llvmpipe through SDL's offscreen driver).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export SDL_VIDEODRIVER=offscreen
export LIBGL_ALWAYS_SOFTWARE=1
swift build --build-tests 2>&1 | grep -v -e "prohibited flag" -e "^warning: 'zipfoundation'" -e "PrivacyInfo" || true
swift test --skip-build "$@"
