#!/usr/bin/env bash
# The whole test suite, headless (Mesa llvmpipe through SDL's offscreen driver):
#   0. the module order (scripts/check-module-order.sh) and the kiosk unit (check-kiosk-unit.sh);
#   1. the benchmark in release on two scenes, failing if a steady-state frame allocates
#      in input, update or flatten (the allocation counter needs an optimised build);
#   2. the demo in a real X11 window under Xvfb, and as a Wayland client of weston's kiosk
#      shell, with screenshots checked;
#   3. swift test (XCTest): math, layers, images, components, rendering, goldens (then the
#      rendering tests and goldens again on OpenGL ES, RENDER_TESTS_GL=es); a test
#      that needs GL fails without it (PARALLAX_ALLOW_NO_GL is never set here); then the
#      allocation tests again in release, where they must run;
#   4. the Examples package built against the library, in place and copied elsewhere, and
#      run (its PNGs checked); the README's and docs' embedding snippets compiled;
#   5. the API documentation (scripts/docs.sh: DocC, warnings as errors; about a minute).
set -euo pipefail
cd "$(dirname "$0")/.."
WITH_XVFB=1 scripts/setup.sh
export SDL_VIDEODRIVER=offscreen
unset PARALLAX_ALLOW_NO_GL   # only a developer's machine may let GL tests skip

echo "== kiosk systemd unit (scripts/kiosk-unit.sh)"
scripts/check-kiosk-unit.sh

echo "== module order (no module imports one after it)"
scripts/check-module-order.sh --self-test
scripts/check-module-order.sh

echo "== parallax-bench allocation check (release)"
swift build -c release --product parallax-bench
"$(swift build -c release --show-bin-path)/parallax-bench" --scene button --scene carousel --scene carousel-100k \
    --size 640x360 --frames 20 --warmup 5 --check-allocations

echo "== parallax-demo smoke test (Xvfb)"
env -u SDL_VIDEODRIVER scripts/demo-smoke.sh

echo "== parallax-demo smoke test (Wayland: weston kiosk shell, headless)"
env -u SDL_VIDEODRIVER scripts/demo-smoke-wayland.sh

echo "== swift test"
swift test --disable-swift-testing "$@"

echo "== rendering tests on OpenGL ES"
RENDER_TESTS_GL=es swift test --disable-swift-testing --skip-build --filter RenderTests --skip GLESParityTests

echo "== allocation tests (release: the counts need an optimised build; a skip fails here)"
log="$(mktemp)"
PARALLAX_REQUIRE_RELEASE_TESTS=1 swift test -c release -Xswiftc -enable-testing --disable-swift-testing \
    --filter 'LayersTests\.(AllocationTests|AnimationAllocationTests|DecoratedAllocationTests)' \
    --filter 'InstanceDelayTests/testDelayedInstancesDoNotAllocatePerFrame' \
    --filter 'MaskFlattenTests/testSteadyStateFlattenOfMaskedLayersDoesNotAllocate' \
    --filter 'AudioTests\.(SoundMixerTests/testTriggerAndRenderDoNotAllocate|SoundMixerStreamTests/testStreamAppendRenderAndClearDoNotAllocate)' 2>&1 | tee "$log"
grep -q "Executed 8 tests, with 0 failures" "$log" || { echo "allocation tests: not all 8 run and passed"; exit 1; }

echo "== Examples: embed-carousel and layer-tree, built in place and as a copied template"
scripts/check-embed-example.sh

echo "== the README's and docs' embedding snippets build as written"
scripts/check-doc-snippets.sh

echo "== API documentation (DocC, warnings as errors)"
scripts/docs.sh
