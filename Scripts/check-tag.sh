#!/usr/bin/env bash
# Bugle is usable from a version tag, as an app adds it: a package that depends on it with
# `.package(url:from: "0.1.0")` resolves it from git and builds against its products.
# Works on a copy of this checkout (its HEAD tagged 0.1.0 there), so it checks the code as
# it is now and leaves this repository's tags alone.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

git clone --quiet --no-local "$root" "$work/bugle"
git -C "$work/bugle" tag -l | xargs -r git -C "$work/bugle" tag -d >/dev/null
git -C "$work/bugle" -c user.name=ci -c user.email=ci@localhost tag -a 0.1.0 -m "0.1.0" HEAD

mkdir -p "$work/app/Sources/App"
cat > "$work/app/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.macOS(.v14), .iOS(.v17), .watchOS(.v10)],
    dependencies: [.package(url: "file://$work/bugle", from: "0.1.0")],
    targets: [
        .executableTarget(name: "App", dependencies: [.product(name: "Bugle", package: "bugle")]),
    ]
)
SWIFT
cat > "$work/app/Sources/App/main.swift" <<'SWIFT'
import Bugle
import Foundation

// A daily reminder at the time the user picked, planned for a morning in New York.
let rule = ScheduledRule.daily(id: "habit", at: "08:30", title: "Time for your habit", body: "Two minutes keeps the streak going.")
var calendar = Calendar(identifier: .gregorian)
calendar.timeZone = TimeZone(identifier: "America/New_York")!
let plan = Planner(rules: [rule]).plan(PlanInput(now: Date(timeIntervalSince1970: 1_772_362_800), calendar: calendar))
print("\(plan.entries.count) planned, first \(plan.entries.first?.request.id ?? "none")")
SWIFT

cd "$work/app"
swift package resolve
version="$(swift package show-dependencies --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["dependencies"][0]["version"])')"
[ "$version" = "0.1.0" ] || { echo "check-tag: resolved Bugle $version, expected 0.1.0" >&2; exit 1; }
swift build --product App
output="$(.build/debug/App)"
echo "$output"
[ "$output" = "60 planned, first bugle.habit@2026-03-01" ] || { echo "check-tag: unexpected output from the app built on the tag" >&2; exit 1; }
echo "check-tag: an app resolved Bugle 0.1.0 from its tag and built against it"
