#!/usr/bin/env bash
# Builds the API documentation of ParallaxKit (its DocC catalog, Sources/ParallaxKit/
# ParallaxKit.docc, and the doc comments of its public symbols) with swift-docc-plugin,
# treating every DocC warning as an error. The archive lands in .build/plugins/
# Swift-DocC/outputs/ParallaxKit.doccarchive; OUT=DIR copies it there as well.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package --disable-sandbox generate-documentation --target ParallaxKit --warnings-as-errors
if [[ -n "${OUT:-}" ]]; then
    rm -rf "$OUT/ParallaxKit.doccarchive"
    mkdir -p "$OUT"
    cp -R .build/plugins/Swift-DocC/outputs/ParallaxKit.doccarchive "$OUT/"
    echo "docs: $OUT/ParallaxKit.doccarchive"
fi
