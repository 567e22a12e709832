#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer, headless like scripts/test.sh.
#
#   scripts/sanitize.sh [extra swift test args]
#
# Builds into .build-asan (a separate scratch path, so the normal debug build is kept).
# A cold build takes several minutes on 2 cores, the test run about as long again; too slow
# for every CI run, so run it by hand or in a nightly job.
# ASAN_OPTIONS: detect_leaks=0 because Mesa's llvmpipe and SDL keep process-lifetime
# allocations that LeakSanitizer reports as leaks (not ours); every other ASan check is on.
set -euo pipefail
cd "$(dirname "$0")/.."
export SDL_VIDEODRIVER=offscreen
export LIBGL_ALWAYS_SOFTWARE=1
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=0:halt_on_error=1}"
if [ ! -d .build-asan/checkouts ] && [ -d .build/checkouts ]; then
    mkdir -p .build-asan && cp -r .build/checkouts .build/repositories .build-asan/ 2>/dev/null || true
fi
start=$(date +%s)
swift test --scratch-path .build-asan --sanitize=address --disable-swift-testing "$@"
echo "sanitize.sh: passed under AddressSanitizer in $(( $(date +%s) - start )) s"
