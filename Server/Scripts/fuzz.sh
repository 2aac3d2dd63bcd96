#!/usr/bin/env bash
# Fuzzes the running content server against its contract (Server/openapi.yaml) with
# schemathesis (from PyPI): builds and starts the real `facts-server` over the shipped corpus,
# once on a new SQLite file and once on a new PostgreSQL database, and runs every check
# (no 5xx; statuses, content types, headers and bodies as the document says; invalid data
# rejected, valid data accepted; authentication enforced; wrong methods 405 with `Allow`),
# with valid and with invalid data (malformed JSON, huge and negative numbers, wrong types
# and content types, unknown fields), then the hostile requests a generator rarely makes
# (Server/Scripts/hostile-requests.py: invalid UTF-8, oversized bodies, deep nesting, …).
# Fails on any failure.
#
# PostgreSQL: FACTS_TEST_POSTGRES_URL (see Server/Scripts/start-postgres.sh); without it that
# half is skipped with a message, except in CI (CI=true), where it fails.
#
# FUZZ_EXAMPLES bounds the examples per operation and phase (1 to 10000, default 300, about
# 40 s a backend here) and FUZZ_SEED fixes the random seed (0 to 18 digits, default 1): a
# failure in CI is reproduced with the same seed.
set -euo pipefail
cd "$(dirname "$0")/../.."

# shellcheck source=facts-server.sh
source Server/Scripts/facts-server.sh

say() { echo "fuzz: $*" >&2; }
fail() { say "FAIL: $*"; exit 1; }

examples="${FUZZ_EXAMPLES:-300}"
seed="${FUZZ_SEED:-1}"
[[ "$examples" =~ ^[0-9]+$ ]] && [ "$examples" -ge 1 ] && [ "$examples" -le 10000 ] \
    || fail "FUZZ_EXAMPLES must be a whole number from 1 to 10000, not \"$examples\""
[[ "$seed" =~ ^[0-9]+$ ]] && [ "${#seed}" -le 18 ] || fail "FUZZ_SEED must be a whole number from 0 to 999999999999999999, not \"$seed\""
command -v schemathesis >/dev/null 2>&1 || fail "schemathesis is not installed: python3 -m pip install schemathesis"

build_log="$(mktemp)"
swift build --package-path Server --product facts-server >"$build_log" 2>&1 || fail "cannot build facts-server: $(cat "$build_log")"
rm -f "$build_log"
server="$(swift build --package-path Server --show-bin-path)/facts-server"

work="$(mktemp -d)"
server_pid=""
drop_database=""
stop_server() {
    stop_facts_server "$server_pid"
    server_pid=""
}
cleanup() {
    stop_server
    if [ -n "$drop_database" ]; then psql "$FACTS_TEST_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS $drop_database" >/dev/null 2>&1 || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

# Starts the server with the storage options "$@", and sets `url` to where it listens.
start_server() {
    # Registration limits far above what the fuzzer sends: the 429s have tests of their own.
    start_facts_server "$server" "$work/server.log" --corpus Server/Corpus \
        --register-rate-per-address 100000 --register-rate-global 100000 "$@" || fail "facts-server did not start"
    server_pid="$facts_server_pid"
    url="$facts_server_url"
}

# Runs schemathesis against the server at `url`, named "$1" in messages.
fuzz() {
    local backend="$1"
    local key
    key="$(register_device "$url")" || fail "cannot register a device on $backend"
    say "$backend: schemathesis, $examples examples per operation and phase, seed $seed"
    if ! (cd Server && schemathesis run openapi.yaml --url "$url" --header "X-Device-Key: $key" \
        --checks all --mode all --max-examples "$examples" --seed "$seed" \
        --generation-database none --no-color --request-timeout 10) >"$work/$backend.txt" 2>&1; then
        cat "$work/$backend.txt" >&2
        fail "schemathesis found failures on $backend (seed $seed)"
    fi
    say "$backend: $(grep -E '^ +[0-9]+ generated' "$work/$backend.txt" | sed 's/^ *//')"
    python3 Server/Scripts/hostile-requests.py "$url" "$key" || fail "the server broke the contract on $backend"
    kill -0 "$server_pid" 2>/dev/null || fail "facts-server died on $backend: $(cat "$work/server.log")"
    # The access log has every answer's status: not one may be a 5xx.
    if grep -q 'http.status=5' "$work/server.log"; then
        grep -B3 'http.status=5' "$work/server.log" >&2
        fail "the server answered a 5xx on $backend"
    fi
    say "$backend: $(grep -c 'http.status=' "$work/server.log") requests answered, none with a 5xx"
}

start_server --database "$work/fuzz.sqlite"
fuzz sqlite
stop_server

if [ -n "${FACTS_TEST_POSTGRES_URL:-}" ]; then
    drop_database="facts_fuzz_$$"
    psql "$FACTS_TEST_POSTGRES_URL" -qc "CREATE DATABASE $drop_database" >/dev/null || fail "cannot create a database at $FACTS_TEST_POSTGRES_URL"
    start_server --postgres "${FACTS_TEST_POSTGRES_URL%/*}/$drop_database"
    fuzz postgresql
    stop_server
elif [ "${CI:-}" = "true" ]; then
    fail "FACTS_TEST_POSTGRES_URL is not set"
else
    say "FACTS_TEST_POSTGRES_URL is not set: PostgreSQL is skipped"
fi
say "passed"
