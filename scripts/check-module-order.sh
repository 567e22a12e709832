#!/usr/bin/env bash
# The one-way flow of docs/architecture.md: a module imports only modules before it in
# ORDER (the one place the order is written). Reads every `import` line under
# Sources/<Module>/ (plain, @testable, @_exported); modules not in ORDER (Foundation,
# Glibc, ArgumentParser, the C system libraries) are not checked. The executables come
# after every module. A Swift module folder missing from ORDER is an error too, so a new
# module must be placed. `--self-test` checks that a backwards import is caught.
set -euo pipefail
ORDER=(JSON LayerMath Layers Images Typography Assets Input Video Audio Scene Components RenderPlan RenderRecording GLRenderer Platform SceneRuntime ParallaxKit ToolSupport)
EXECUTABLES=(parallax-demo parallax-render parallax-bench generate-assets parallax-fuzz)

check() {  # check ROOT: prints each backwards import, returns 1 if any
    local root=$1 bad=0 i j module imported
    declare -A rank
    for i in "${!ORDER[@]}"; do rank[${ORDER[$i]}]=$i; done
    for module in "${EXECUTABLES[@]}"; do rank[$module]=${#ORDER[@]}; done
    for dir in "$root"/Sources/*/; do
        module=$(basename "$dir")
        [ -n "$(find "$dir" -name '*.swift' -print -quit)" ] || continue
        if [ -z "${rank[$module]+x}" ]; then
            echo "module $module is not in ORDER (scripts/check-module-order.sh)"; bad=1; continue
        fi
        i=${rank[$module]}
        while IFS=: read -r file _ imported; do
            imported=${imported##* }
            [ -n "${rank[$imported]+x}" ] || continue
            j=${rank[$imported]}
            if [ "$j" -ge "$i" ] && [ "$imported" != "$module" ] || [ "$imported" = "$module" ]; then
                echo "${file#"$root"/}: $module imports $imported, which does not come before it"; bad=1
            fi
        done < <(grep -rnE '^(@testable |@_exported )?import [A-Za-z_]+' --include='*.swift' "$dir" || true)
    done
    return $bad
}

cd "$(dirname "$0")/.."
if [ "${1:-}" = "--self-test" ]; then
    tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
    mkdir -p "$tmp/Sources/JSON" "$tmp/Sources/Scene"
    printf 'import Foundation\nimport JSON\n' > "$tmp/Sources/Scene/Ok.swift"
    check "$tmp" >/dev/null || { echo "self-test: a forward import was refused"; exit 1; }
    printf 'import Scene\n' > "$tmp/Sources/JSON/Backwards.swift"
    if check "$tmp" >/dev/null; then echo "self-test: a backwards import was not caught"; exit 1; fi
    echo "module order self-test passed"
    exit 0
fi
check . && echo "module order: every import points to an earlier module (${ORDER[*]})"
