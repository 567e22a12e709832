#!/usr/bin/env bash
# The whole test suite, headless (Mesa llvmpipe through SDL's offscreen driver):
#   0. the module order (scripts/check-module-order.sh) and the kiosk unit (check-kiosk-unit.sh);
#   1. the benchmark in release on two scenes, failing if a steady-state frame allocates
#      in input, update or flatten (the allocation counter needs an optimised build);
#   2. the demo in a real X11 window under Xvfb, and as a Wayland client of weston's kiosk
#      shell, with screenshots checked;
#   3. swift test (XCTest): math, layers, images, components, rendering, goldens; then the
#      rendering tests and goldens again on OpenGL ES (RENDER_TESTS_GL=es);
#   4. the Examples package built against the library and run (its PNG checked).
set -euo pipefail
cd "$(dirname "$0")/.."
WITH_XVFB=1 scripts/setup.sh
export SDL_VIDEODRIVER=offscreen

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

echo "== Examples: embed-carousel (an app's own background, the library on top)"
scripts/check-embed-example.sh
