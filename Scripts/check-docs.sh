#!/usr/bin/env bash
# The documentation is part of the product: every library target's DocC catalog and doc
# comments build without a warning (broken links, ambiguous symbols, unknown parameters),
# and every public symbol has a documentation comment.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(Bugle BugleLogging BugleStore BugleSimulator BugleLab BugleApple BugleAndroid BugleWorlds RecipeScenarios
         ActivityWindows StreakRescue StudyReminders Countdowns FactsADay)
args=()
for target in "${targets[@]}"; do args+=(--target "$target"); done
swift package generate-documentation "${args[@]}" --warnings-as-errors

swift package dump-symbol-graph --minimum-access-level public >/dev/null
python3 Scripts/undocumented-symbols.py "$(swift build --show-bin-path)/../symbolgraph" .
echo "check-docs: DocC clean for ${#targets[@]} targets; every public symbol documented"
