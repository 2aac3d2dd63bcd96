#!/usr/bin/env bash
# Runs every test: the Bugle package, then the content server (Server/) against SQLite and
# PostgreSQL, with the Facts A Day client against it, then the two programs end to end
# (Scripts/facts-end-to-end.sh), and the real server fuzzed against its contract on both
# databases (Server/Scripts/fuzz.sh).
#
# PostgreSQL: FACTS_TEST_POSTGRES_URL when it is set; otherwise, as root, the server that
# Server/Scripts/start-postgres.sh installs and starts. Without either the PostgreSQL tests
# are skipped with a message, except in CI (CI=true), where they fail.
set -euo pipefail
cd "$(dirname "$0")/.."

swift test

if [ -z "${FACTS_TEST_POSTGRES_URL:-}" ]; then
    if [ "$(id -u)" -eq 0 ]; then
        FACTS_TEST_POSTGRES_URL="$(Server/Scripts/start-postgres.sh)"
        export FACTS_TEST_POSTGRES_URL
    else
        echo "test-all: FACTS_TEST_POSTGRES_URL is not set and I am not root: the PostgreSQL tests are skipped" >&2
    fi
fi

swift test --package-path Server

Scripts/facts-end-to-end.sh

Server/Scripts/fuzz.sh
