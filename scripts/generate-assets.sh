#!/usr/bin/env bash
# Regenerates the generated example assets under Assets/ (icon layers, the DefaultIcon
# image stack, the spotlight, carousel posters, cube faces). Commit the result.
set -euo pipefail
cd "$(dirname "$0")/.."
swift run generate-assets Assets "$@"
