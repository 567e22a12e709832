#!/usr/bin/env bash
# Rewrites the generated list of public declarations in docs/api.md (PublicAPITests).
# Read the diff before committing it: each new line is API an app can depend on.
set -euo pipefail
cd "$(dirname "$0")/.."
UPDATE_API_LIST=1 swift test --disable-swift-testing --filter PublicAPITests "$@"
git diff --stat docs/api.md
