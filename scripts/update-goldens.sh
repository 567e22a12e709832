#!/usr/bin/env bash
# Regenerates Tests/RenderTests/Goldens/*.png from the current renderer (headless).
# LOOK at every changed PNG before committing it: a golden only guards what you checked.
set -euo pipefail
cd "$(dirname "$0")/.."
export SDL_VIDEODRIVER=offscreen
UPDATE_GOLDENS=1 swift test --disable-swift-testing --filter GoldenImageTests "$@"
git status --short Tests/RenderTests/Goldens
