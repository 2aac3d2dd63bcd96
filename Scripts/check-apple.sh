#!/usr/bin/env bash
# Type-checks the Apple-only code on Linux, against an SDK stand-in.
#
# BugleApple's files under `#if canImport(UserNotifications)`, `#if canImport(BackgroundTasks)`,
# `#if canImport(UIKit)`, `#if canImport(AlarmKit)` …, and FactsADay's Keychain store under
# `#if canImport(Security)`, compile only on Apple's platforms, so a Linux build skips them. This
# script type-checks all of Sources/BugleApple as the module BugleApple, and all of
# Sources/Recipes/FactsADay as the module FactsADay, three times, against Swift transcriptions of the
# Apple frameworks they import (Checks/AppleSDK, one folder per module; see
# Checks/AppleSDK/README.md):
#
#   iOS-like      UserNotifications, BackgroundTasks, UIKit, SwiftUI, AlarmKit (with the ActivityKit
#                 and AppIntents types its declarations name), Security
#   macOS-like    UserNotifications, AppKit, SwiftUI, Security
#   watchOS-like  UserNotifications, WatchKit, UIKit (watchOS has UIKit, without UIApplication),
#                 SwiftUI, Security
#
# plus FoundationAppleExtras, the Apple Foundation API that swift-corelibs-foundation lacks
# (Core Foundation types, LocalizedStringResource…, and URLSession re-exported from
# FoundationNetworking, which Apple's Foundation contains).
#
# How a Linux compiler is made to see an Apple platform:
# - Linux cannot make `os(iOS)` true. So the sources (the checked modules' and the stand-in's) are
#   copied to a temporary folder and, on every `#if`/`#elseif` line, each `os(iOS)`,
#   `os(macOS)`/`os(OSX)`, `os(watchOS)`, `os(tvOS)`, `os(visionOS)` becomes `true` or `false` for
#   the configuration, `os(Linux)`, `os(Windows)`, `os(Android)`, `os(FreeBSD)`, `os(OpenBSD)`,
#   `os(WASI)` become `false`, `canImport(Darwin)` becomes `true`, `canImport(Glibc)`,
#   `canImport(Musl)`, `canImport(Android)`, `canImport(WinSDK)`, `canImport(FoundationNetworking)`,
#   `canImport(FoundationXML)` become `false`, and `targetEnvironment(...)` becomes `false` (a
#   device, not Mac Catalyst or a simulator). Lines keep their numbers, so errors point at the real
#   files. A platform condition the script does not know stops it.
# - `canImport(X)` for a framework is then decided by which stand-in modules are on the import
#   path for the configuration; any other `canImport` by the Linux toolchain (the script lists
#   those, with the answer they got).
# - Each `import Foundation` of the checked copies becomes `import Foundation; import
#   FoundationAppleExtras` (Apple's Foundation re-exports Core Foundation).
# - Linux has no `@objc`, so the stand-in declares an `@optional` protocol method as a
#   requirement with a default implementation, and Swift's call of an optional requirement,
#   `delegate.userNotificationCenter?(...)`, cannot type-check: in the checked copies the `?`
#   of such a call is dropped (`.userNotificationCenter(`), so the arguments are still checked.
# - The stand-in modules are built with -enable-library-evolution, so an NS_ENUM (or a Swift enum
#   of the SDK) is an open enum to the checked code, as it is on Apple's platforms.
# - The modules are checked as SwiftPM builds them (Swift 6, ExistentialAny, SWIFT_PACKAGE), with
#   -strict-concurrency=complete and -warnings-as-errors, against the modules of the debug build
#   (`swift build --target FactsADay`, which builds Bugle, BugleStore and GRDB; GRDB's C module,
#   GRDBSQLite, is found through its checkout's module map, as SwiftPM passes it).
#
# Then the tests of Tests/BugleAppleTests, rewritten the same way, are type-checked against the
# BugleApple module so made: the test target must build for each platform, not only Linux.
#
# It exits non-zero, naming each configuration that failed, on any error or warning.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
started=$(date +%s)

sdk="$root/Checks/AppleSDK"
configurations=(iOS macOS watchOS)
# In the order they are compiled: a module comes after the ones it imports.
declare -A frameworks=(
    [iOS]="UserNotifications BackgroundTasks UIKit SwiftUI ActivityKit AppIntents AlarmKit Security"
    [macOS]="UserNotifications AppKit SwiftUI Security"
    [watchOS]="UserNotifications WatchKit UIKit SwiftUI Security"
)
standins="FoundationAppleExtras UserNotifications BackgroundTasks UIKit AppKit WatchKit SwiftUI ActivityKit AppIntents AlarmKit Security"
# FactsADay's sources, checked as a whole for its Apple-only Keychain store.
facts="Sources/Recipes/FactsADay"

work=$(mktemp -d "${TMPDIR:-/tmp}/bugle-check-apple.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "check-apple: building the modules the checked code imports (swift build --target FactsADay)"
if ! swift build --target FactsADay >"$work/build.log" 2>&1; then
    cat "$work/build.log"
    echo "check-apple: FAILED: Bugle, BugleStore or FactsADay does not build"
    exit 1
fi
bin=$(swift build --show-bin-path)
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"
# GRDB's C module (GRDB and BugleStore import it): SwiftPM passes its module map the same way.
sqlite_map="$root/.build/checkouts/GRDB.swift/Sources/GRDBSQLite/module.modulemap"
if [ ! -f "$sqlite_map" ]; then
    echo "check-apple: FAILED: no module map for GRDBSQLite at ${sqlite_map#"$root/"}"
    exit 1
fi

# Copies the .swift files of $2 to $3 (same relative paths), rewriting platform conditions for
# configuration $1, and, when $4 is "extras", each `import Foundation`.
rewrite() {
    local platform=$1 from=$2 to=$3 extras=${4:-}
    local ios=false macos=false watchos=false
    case $platform in
        iOS) ios=true ;;
        macOS) macos=true ;;
        watchOS) watchos=true ;;
    esac
    (cd "$from" && find . -name '*.swift' -type f) | while read -r file; do
        mkdir -p "$(dirname "$to/$file")"
        IOS=$ios MACOS=$macos WATCHOS=$watchos EXTRAS=$extras perl -pe '
            if (/^\s*#\s*(?:if|elseif)\b/) {
                s/\bos\(\s*iOS\s*\)/$ENV{IOS}/g;
                s/\bos\(\s*(?:macOS|OSX)\s*\)/$ENV{MACOS}/g;
                s/\bos\(\s*watchOS\s*\)/$ENV{WATCHOS}/g;
                s/\bos\(\s*(?:tvOS|visionOS|Linux|Windows|Android|FreeBSD|OpenBSD|WASI)\s*\)/false/g;
                s/\bcanImport\(\s*Darwin\s*\)/true/g;
                s/\bcanImport\(\s*(?:Glibc|Musl|Android|WinSDK|FoundationNetworking|FoundationXML)\s*\)/false/g;
                s/\btargetEnvironment\(\s*\w+\s*\)/false/g;
            }
            if ($ENV{EXTRAS} eq "extras") {
                s/^(\s*(?:\@preconcurrency\s+)?(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+Foundation)\s*$/$1; import FoundationAppleExtras\n/;
                # Calls of optional requirements of the stand-in (UNUserNotificationCenterDelegate).
                s/\.(userNotificationCenter)\?\(/.$1(/g;
            }
        ' "$from/$file" >"$to/$file"
    done
    local unknown
    unknown=$(grep -rnE '^\s*#\s*(if|elseif)\b.*\b(os|targetEnvironment)\(' "$to" || true)
    if [ -n "$unknown" ]; then
        echo "$unknown" | sed "s|$to/||"
        echo "check-apple: FAILED: a platform condition this script does not know (add it to rewrite())"
        exit 1
    fi
}

# What the Linux toolchain says to each `canImport` the stand-in does not decide.
others=$(grep -rhoE 'canImport\(\s*[A-Za-z_][A-Za-z0-9_]*\s*\)' Sources/BugleApple Tests/BugleAppleTests "$facts" | sed -E 's/canImport\(\s*([A-Za-z0-9_]+)\s*\)/\1/' | sort -u)
for name in $others; do
    case " $standins Darwin Glibc Musl Android WinSDK FoundationNetworking FoundationXML " in *" $name "*) continue ;; esac
    if echo "import $name" | swiftc -typecheck - >/dev/null 2>&1; then answer=true; else answer=false; fi
    echo "check-apple: canImport($name) is left to the Linux toolchain: $answer"
done

failed=()
for platform in "${configurations[@]}"; do
    dir="$work/$platform"
    mkdir -p "$dir/sdk"
    ok=true
    for module in FoundationAppleExtras ${frameworks[$platform]}; do
        rewrite "$platform" "$sdk/$module" "$dir/sdk-src/$module"
        # The stand-in's warnings (Foundation itself is not built for library evolution) are
        # not the check's business; its errors are.
        if ! swiftc -emit-module -parse-as-library -swift-version 6 -enable-library-evolution -suppress-warnings \
            -module-name "$module" -emit-module-path "$dir/sdk/$module.swiftmodule" -I "$dir/sdk" \
            $(find "$dir/sdk-src/$module" -name '*.swift' | sort) >"$dir/$module.log" 2>&1; then
            sed "s|$dir/sdk-src/|Checks/AppleSDK/|g" "$dir/$module.log"
            echo "check-apple: FAILED: the $module stand-in does not compile ($platform-like configuration)"
            ok=false
        fi
    done
    if $ok; then
        rewrite "$platform" "$root/Sources/BugleApple" "$dir/BugleApple" extras
        files=$(find "$dir/BugleApple" -name '*.swift' | sort)
        mkdir -p "$dir/mods"
        if swiftc -emit-module -emit-module-path "$dir/mods/BugleApple.swiftmodule" -parse-as-library -module-name BugleApple \
            -swift-version 6 -strict-concurrency=complete -warnings-as-errors -enable-upcoming-feature ExistentialAny -DSWIFT_PACKAGE \
            -I "$dir/sdk" -I "$modules" $files >"$dir/BugleApple.log" 2>&1; then
            echo "check-apple: $platform-like (${frameworks[$platform]}): BugleApple type-checks ($(echo "$files" | wc -l) files)"
            # The tests must build for the platform too, not only for Linux.
            rewrite "$platform" "$root/Tests/BugleAppleTests" "$dir/BugleAppleTests" extras
            tests=$(find "$dir/BugleAppleTests" -name '*.swift' | sort)
            if swiftc -typecheck -module-name BugleAppleTests -swift-version 6 -strict-concurrency=complete -warnings-as-errors \
                -enable-upcoming-feature ExistentialAny -DSWIFT_PACKAGE -I "$dir/mods" -I "$dir/sdk" -I "$modules" \
                $tests >"$dir/BugleAppleTests.log" 2>&1; then
                echo "check-apple: $platform-like: BugleAppleTests type-checks ($(echo "$tests" | wc -l) files)"
            else
                sed "s|$dir/BugleAppleTests/|Tests/BugleAppleTests/|g; s|$dir/BugleApple/|Sources/BugleApple/|g" "$dir/BugleAppleTests.log"
                echo "check-apple: FAILED: BugleAppleTests does not type-check in the $platform-like configuration"
                ok=false
            fi
        else
            sed "s|$dir/BugleApple/|Sources/BugleApple/|g; s|$dir/sdk-src/|Checks/AppleSDK/|g" "$dir/BugleApple.log"
            echo "check-apple: FAILED: BugleApple does not type-check in the $platform-like configuration (${frameworks[$platform]})"
            ok=false
        fi
        # FactsADay as a whole (its Keychain store is Apple-only), against the debug build's
        # Bugle, BugleStore and GRDB.
        rewrite "$platform" "$root/$facts" "$dir/FactsADay" extras
        files=$(find "$dir/FactsADay" -name '*.swift' | sort)
        if swiftc -typecheck -parse-as-library -module-name FactsADay \
            -swift-version 6 -strict-concurrency=complete -warnings-as-errors -enable-upcoming-feature ExistentialAny -DSWIFT_PACKAGE \
            -I "$dir/sdk" -I "$modules" -Xcc -fmodule-map-file="$sqlite_map" $files >"$dir/FactsADay.log" 2>&1; then
            echo "check-apple: $platform-like: FactsADay type-checks ($(echo "$files" | wc -l) files)"
        else
            sed "s|$dir/FactsADay/|$facts/|g; s|$dir/sdk-src/|Checks/AppleSDK/|g" "$dir/FactsADay.log"
            echo "check-apple: FAILED: FactsADay does not type-check in the $platform-like configuration (${frameworks[$platform]})"
            ok=false
        fi
    fi
    $ok || failed+=("$platform-like")
done

echo "check-apple: $(($(date +%s) - started)) s"
if [ ${#failed[@]} -gt 0 ]; then
    echo "check-apple: FAILED in: ${failed[*]}"
    exit 1
fi
echo "check-apple: the Apple-only code (BugleApple, its tests, FactsADay) type-checks in every configuration (iOS-like, macOS-like, watchOS-like)"
