#!/usr/bin/env bash
# The Swift sources follow .swift-format (the toolchain's swift-format): `swift format lint
# --strict` must be silent. `Scripts/check-format.sh --fix` formats them in place first.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Examples Benchmarks Server/Package.swift Server/Sources Server/Tests)
if [ "${1:-}" = "--fix" ]; then swift format format --in-place --recursive --parallel "${paths[@]}"; fi
swift format lint --strict --recursive --parallel "${paths[@]}"
echo "check-format: every Swift file follows .swift-format"
