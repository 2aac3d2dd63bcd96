#!/usr/bin/env bash
# Type-checks the Android-only code on Linux, against a stand-in of Android's API.
#
# BugleAndroid's calling layer (Sources/BugleAndroid/Host) compiles only under
# `#if os(Android) && canImport(AndroidApp) && canImport(AndroidContent)`, so a Linux build skips
# it. This script type-checks all of Sources/BugleAndroid as the module BugleAndroid, and its tests,
# with `os(Android)` made true, against Swift transcriptions of the Android classes the layer calls
# (Checks/AndroidSDK, one folder per module; see Checks/AndroidSDK/README.md):
#
#   AndroidContent  android.content: Context, Intent
#   AndroidApp      android.app: AlarmManager (and AlarmClockInfo), PendingIntent, NotificationManager,
#                   NotificationChannel, Notification (and Notification.Builder)
#
# How a Linux compiler is made to see Android, as Scripts/check-apple.sh does for Apple's platforms:
# - The sources (the checked module's, its tests' and the stand-in's) are copied to a temporary
#   folder and, on every `#if`/`#elseif` line, `os(Android)` becomes `true`; `os(Linux)`, `os(iOS)`,
#   `os(macOS)`/`os(OSX)`, `os(watchOS)`, `os(tvOS)`, `os(visionOS)`, `os(Windows)`, `os(FreeBSD)`,
#   `os(OpenBSD)`, `os(WASI)` become `false`; `canImport(Android)` (the Android libc module) becomes
#   `true`, `canImport(Glibc)`, `canImport(Musl)`, `canImport(Darwin)`, `canImport(WinSDK)` become
#   `false`; `targetEnvironment(...)` becomes `false`. Lines keep their numbers, so errors point at
#   the real files. A platform condition the script does not know stops it.
# - `canImport(AndroidApp)` and `canImport(AndroidContent)` are then true because the stand-in
#   modules are on the import path; any other `canImport` is left to the Linux toolchain
#   (FoundationXML and FoundationNetworking, which the Swift SDK for Android ships too).
# - The module is checked as SwiftPM builds it (Swift 6, ExistentialAny, SWIFT_PACKAGE), with
#   -strict-concurrency=complete and -warnings-as-errors, against the debug build's Bugle (and
#   ActivityWindows, which the tests import).
# - To prove the calling layer was compiled at all (a condition that stays false would skip it
#   silently), a probe that names `AndroidHost` is type-checked against the module so made.
#
# It exits non-zero on any error or warning.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
started=$(date +%s)
sdk="$root/Checks/AndroidSDK"
# In the order they are compiled: a module comes after the ones it imports.
standins="AndroidContent AndroidApp"

work=$(mktemp -d "${TMPDIR:-/tmp}/bugle-check-android.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "check-android: building the modules the checked code imports (swift build --target ActivityWindows)"
if ! swift build --target ActivityWindows >"$work/build.log" 2>&1; then
    cat "$work/build.log"
    echo "check-android: FAILED: Bugle or ActivityWindows does not build"
    exit 1
fi
bin=$(swift build --show-bin-path)
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"

# Copies the .swift files of $1 to $2 (same relative paths), rewriting platform conditions for Android.
rewrite() {
    local from=$1 to=$2
    (cd "$from" && find . -name '*.swift' -type f) | while read -r file; do
        mkdir -p "$(dirname "$to/$file")"
        perl -pe '
            if (/^\s*#\s*(?:if|elseif)\b/) {
                s/\bos\(\s*Android\s*\)/true/g;
                s/\bos\(\s*(?:Linux|iOS|macOS|OSX|watchOS|tvOS|visionOS|Windows|FreeBSD|OpenBSD|WASI)\s*\)/false/g;
                s/\bcanImport\(\s*Android\s*\)/true/g;
                s/\bcanImport\(\s*(?:Glibc|Musl|Darwin|WinSDK)\s*\)/false/g;
                s/\btargetEnvironment\(\s*\w+\s*\)/false/g;
            }
        ' "$from/$file" >"$to/$file"
    done
    local unknown
    unknown=$(grep -rnE '^\s*#\s*(if|elseif)\b.*\b(os|targetEnvironment)\(' "$to" || true)
    if [ -n "$unknown" ]; then
        echo "$unknown" | sed "s|$to/||"
        echo "check-android: FAILED: a platform condition this script does not know (add it to rewrite())"
        exit 1
    fi
}

# What the Linux toolchain says to each `canImport` the stand-in does not decide.
others=$(grep -rhoE 'canImport\(\s*[A-Za-z_][A-Za-z0-9_]*\s*\)' Sources/BugleAndroid Tests/BugleAndroidTests | sed -E 's/canImport\(\s*([A-Za-z0-9_]+)\s*\)/\1/' | sort -u)
for name in $others; do
    case " $standins Android Glibc Musl Darwin WinSDK " in *" $name "*) continue ;; esac
    if echo "import $name" | swiftc -typecheck - >/dev/null 2>&1; then answer=true; else answer=false; fi
    echo "check-android: canImport($name) is left to the Linux toolchain: $answer"
done

mkdir -p "$work/sdk" "$work/mods"
for module in $standins; do
    rewrite "$sdk/$module" "$work/sdk-src/$module"
    if ! swiftc -emit-module -parse-as-library -swift-version 6 -enable-library-evolution -suppress-warnings \
        -module-name "$module" -emit-module-path "$work/sdk/$module.swiftmodule" -I "$work/sdk" \
        $(find "$work/sdk-src/$module" -name '*.swift' | sort) >"$work/$module.log" 2>&1; then
        sed "s|$work/sdk-src/|Checks/AndroidSDK/|g" "$work/$module.log"
        echo "check-android: FAILED: the $module stand-in does not compile"
        exit 1
    fi
done

rewrite "$root/Sources/BugleAndroid" "$work/BugleAndroid"
files=$(find "$work/BugleAndroid" -name '*.swift' | sort)
if ! swiftc -emit-module -emit-module-path "$work/mods/BugleAndroid.swiftmodule" -parse-as-library -module-name BugleAndroid \
    -swift-version 6 -strict-concurrency=complete -warnings-as-errors -enable-upcoming-feature ExistentialAny -DSWIFT_PACKAGE \
    -I "$work/sdk" -I "$modules" $files >"$work/BugleAndroid.log" 2>&1; then
    sed "s|$work/BugleAndroid/|Sources/BugleAndroid/|g; s|$work/sdk-src/|Checks/AndroidSDK/|g" "$work/BugleAndroid.log"
    echo "check-android: FAILED: BugleAndroid does not type-check with os(Android) true"
    exit 1
fi
echo "check-android: BugleAndroid type-checks with os(Android) true ($(echo "$files" | wc -l) files)"

printf 'import BugleAndroid\nlet host: AndroidHost.Type = AndroidHost.self\n' >"$work/probe.swift"
if ! swiftc -typecheck -swift-version 6 -I "$work/mods" -I "$work/sdk" -I "$modules" "$work/probe.swift" >"$work/probe.log" 2>&1; then
    cat "$work/probe.log"
    echo "check-android: FAILED: the calling layer (AndroidHost) was not compiled: its #if condition is false with os(Android) true"
    exit 1
fi
echo "check-android: the calling layer (AndroidHost) is in the module"

rewrite "$root/Tests/BugleAndroidTests" "$work/BugleAndroidTests"
tests=$(find "$work/BugleAndroidTests" -name '*.swift' | sort)
if ! swiftc -typecheck -module-name BugleAndroidTests -swift-version 6 -strict-concurrency=complete -warnings-as-errors \
    -enable-upcoming-feature ExistentialAny -DSWIFT_PACKAGE -I "$work/mods" -I "$work/sdk" -I "$modules" \
    $tests >"$work/BugleAndroidTests.log" 2>&1; then
    sed "s|$work/BugleAndroidTests/|Tests/BugleAndroidTests/|g; s|$work/BugleAndroid/|Sources/BugleAndroid/|g" "$work/BugleAndroidTests.log"
    echo "check-android: FAILED: BugleAndroidTests does not type-check with os(Android) true"
    exit 1
fi
echo "check-android: BugleAndroidTests type-checks with os(Android) true ($(echo "$tests" | wc -l) files)"
echo "check-android: $(($(date +%s) - started)) s"
echo "check-android: the Android-only code (BugleAndroid's calling layer, its tests) type-checks against the stand-in"
