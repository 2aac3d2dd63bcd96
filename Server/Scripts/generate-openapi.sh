#!/usr/bin/env bash
# Generates the Swift code of the content service's contract (Server/openapi.yaml) with
# apple/swift-openapi-generator's command line, pinned in Server/Scripts/openapi-generator:
#
#   Server/Sources/FactsServer/Generated/            the server's types and handler protocol
#   Sources/Recipes/FactsADay/Download/Generated/    the app's types and client
#
# The generated files are committed, so that neither the server nor an app that depends on
# Bugle runs a build plugin (nor resolves the generator and its dependencies). Run this after
# changing the document; `--check` generates into a temporary folder instead and fails when
# the committed files differ (Server/Scripts/check-openapi.sh, in CI).
set -euo pipefail
cd "$(dirname "$0")/../.."

tool=Server/Scripts/openapi-generator
log="$(mktemp)"
if ! swift build --package-path "$tool" --product swift-openapi-generator >"$log" 2>&1; then
    cat "$log" >&2
    echo "generate-openapi: cannot build swift-openapi-generator" >&2
    exit 1
fi
rm -f "$log"
generator="$(swift build --package-path "$tool" --show-bin-path)/swift-openapi-generator"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# generate CONFIG OUTPUT: the generated files of CONFIG into OUTPUT. The configurations mark
# them for swift-format to leave alone: they are the generator's layout, not ours.
generate() {
    mkdir -p "$2"
    if ! "$generator" generate Server/openapi.yaml --config "$1" --output-directory "$2" >"$work/generator.log" 2>&1; then
        cat "$work/generator.log" >&2
        echo "generate-openapi: the generator failed on $1" >&2
        exit 1
    fi
}

targets=(
    "$tool/server.yaml:Server/Sources/FactsServer/Generated"
    "$tool/client.yaml:Sources/Recipes/FactsADay/Download/Generated"
)
status=0
for target in "${targets[@]}"; do
    config="${target%%:*}"
    folder="${target#*:}"
    generate "$config" "$work/$folder"
    if [ "${1:-}" = "--check" ]; then
        if ! diff -ru "$folder" "$work/$folder" >&2; then
            echo "generate-openapi: $folder differs from what Server/openapi.yaml generates: run Server/Scripts/generate-openapi.sh and commit" >&2
            status=1
        fi
    else
        rm -rf "$folder"
        mkdir -p "$(dirname "$folder")"
        cp -r "$work/$folder" "$folder"
        echo "generate-openapi: wrote $folder"
    fi
done
exit $status
