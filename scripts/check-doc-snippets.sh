#!/usr/bin/env bash
# Compiles every Swift block of README.md and docs/*.md that starts with
# `import ParallaxKit` as a program of its own, against this checkout: the embedding
# snippets must build as written. Reuses the suite's debug build (.build).
set -euo pipefail
cd "$(dirname "$0")/.."
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/snippets/Sources"
count=0
for doc in README.md docs/*.md; do
    # Each ```swift block: written out when its first line is `import ParallaxKit`.
    count=$(awk -v out="$dir/snippets/Sources" -v doc="$doc" -v n="$count" '
        /^```swift[ \t]*$/ { inside = 1; first = 1; body = ""; next }
        inside && /^```[ \t]*$/ {
            inside = 0
            if (keep) {
                n++; folder = out "/snippet" n; system("mkdir -p " folder)
                printf "// %s\n%s", doc, body > (folder "/main.swift"); close(folder "/main.swift")
            }
            next
        }
        inside { if (first) { keep = ($0 ~ /^import ParallaxKit[ \t]*$/); first = 0 } body = body $0 "\n" }
        END { print n }' "$doc")
done
[ "$count" -gt 0 ] || { echo "doc snippets: no Swift block starting with 'import ParallaxKit' found"; exit 1; }
targets=""
for folder in "$dir"/snippets/Sources/*; do
    name="$(basename "$folder")"
    echo "$name: $(head -1 "$folder/main.swift" | cut -c4-)"
    targets+="        .executableTarget(name: \"$name\", dependencies: [.product(name: \"ParallaxKit\", package: \"parallax-compositor\")]),
"
done
cat > "$dir/snippets/Package.swift" <<MANIFEST
// swift-tools-version:5.9
import PackageDescription
let package = Package(
    name: "snippets",
    dependencies: [.package(name: "parallax-compositor", path: "$PWD")],
    targets: [
$targets    ]
)
MANIFEST
swift build --package-path "$dir/snippets" --scratch-path .build
echo "doc snippets: $count program(s) build as written"
