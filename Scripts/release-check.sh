#!/usr/bin/env bash
# Builds every product of the Bugle package in release, as users ship it, then runs the
# benchmark once in its short mode, so that neither a compiler crash in the optimizer nor a
# benchmark that no longer runs can land. (The content server's release build, about 20
# minutes here, is left to Server/'s load script.)
#
# Then 10,000 random worlds (BUGLE_WORLDS to change), with every invariant checked after
# each step: a broken one fails the check and is printed, shrunk, with its seed.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release
.build/release/bugle-bench --quick
.build/release/bugle worlds --count "${BUGLE_WORLDS:-10000}"
