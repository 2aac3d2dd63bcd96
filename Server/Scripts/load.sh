#!/usr/bin/env bash
# Loads the content server built in release with wrk and prints requests a second, p99
# latency and errors per endpoint and backend, against the targets of issue 22:
#
#   facts page (50 facts)  >= 5,000 requests/s     metadata  >= 15,000 requests/s
#   register               >= 3,000 requests/s     every run: p99 < 25 ms, 0 errors
#
# It builds `facts-server` in release, imports the shipped corpus (Server/Corpus) into a new
# SQLite file and serves it, then does the same on a new PostgreSQL database, then starts two
# processes on that one PostgreSQL database and loads both at once (half the connections
# each). Each run is wrk with 64 connections over 2 threads for LOAD_SECONDS (default 10) on
# this machine, so server and load generator share its cores.
#
# - facts: GET /api/facts?language=en&page=1&page_size=50, plain JSON (no Accept-Encoding);
#   "facts gzip" asks gzip, "facts 304" sends the page's ETag in If-None-Match.
# - metadata: GET /api/metadata?language=en.
# - register: POST /api/devices/register, a different body each time (load/register.lua).
#   Every request comes from 127.0.0.1, so the server runs with
#   --register-rate-per-address 100000 (the highest allowed) and --register-rate-global
#   10000000: a bucket holds a minute's worth, so a run of fewer than 100,000 registrations
#   is never refused. A 429 would count as an error.
#
# An error is a connection, read, write or timeout error, or an answer of 400 or more (as wrk
# counts them; these endpoints answer nothing else but 200, 201 and 304). Exits 1 when a
# target is missed. PostgreSQL: FACTS_TEST_POSTGRES_URL, else Server/Scripts/start-postgres.sh
# (as root). Not run in CI: it takes minutes and its figures depend on the machine's load.
set -euo pipefail
cd "$(dirname "$0")/../.."

# shellcheck source=facts-server.sh
source Server/Scripts/facts-server.sh

say() { echo "load: $*" >&2; }
fail() { say "FAIL: $*"; exit 1; }

seconds="${LOAD_SECONDS:-10}"
[[ "$seconds" =~ ^[0-9]+$ ]] && [ "$seconds" -ge 1 ] && [ "$seconds" -le 600 ] \
    || fail "LOAD_SECONDS must be a whole number from 1 to 600, not \"$seconds\""
connections=64
if ! command -v wrk >/dev/null 2>&1; then
    [ "$(id -u)" -eq 0 ] || fail "wrk is not installed: apt-get install wrk"
    say "installing wrk"
    (apt-get install -y wrk || (apt-get update && apt-get install -y wrk)) >&2
fi

say "building facts-server in release (the first time takes about 20 minutes on 2 cores)"
# A scratch folder of its own, so that the release build and the debug builds of the tests
# never wait for each other's lock.
build=(-c release --package-path Server --scratch-path Server/.build-release)
build_log="$(mktemp)"
nice swift build "${build[@]}" --product facts-server >"$build_log" 2>&1 \
    || fail "cannot build facts-server: $(cat "$build_log")"
rm -f "$build_log"
server="$(swift build "${build[@]}" --show-bin-path)/facts-server"

export LOAD_LUA_DIR="$PWD/Server/Scripts/load"
work="$(mktemp -d)"
pids=()
drop_database=""
stop_servers() {
    for pid in "${pids[@]}"; do stop_facts_server "$pid"; done
    pids=()
}
cleanup() {
    stop_servers
    if [ -n "$drop_database" ]; then psql "$postgres_url" -qc "DROP DATABASE IF EXISTS $drop_database WITH (FORCE)" >/dev/null 2>&1 || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

limits=(--register-rate-per-address 100000 --register-rate-global 10000000)
urls=()
# serve NAME STORAGE...: starts one more server on STORAGE and adds its URL to `urls`.
serve() {
    local name="$1"
    shift
    start_facts_server "$server" "$work/$name.log" "${limits[@]}" "$@" || fail "facts-server did not start on $name"
    pids+=("$facts_server_pid")
    urls+=("$facts_server_url")
}

printf '%-22s %-11s %10s %9s %8s %8s  %s\n' backend endpoint "requests/s" "p99 ms" errors target result >"$work/table"
missed=0

# measure BACKEND ENDPOINT TARGET PATH [wrk options...]: runs wrk against PATH on every server
# in `urls` at once, the connections split between them, and adds a row to the table.
measure() {
    local backend="$1" endpoint="$2" target="$3" path="$4"
    shift 4
    local count=${#urls[@]} index=0 wrk_pids=()
    for url in "${urls[@]}"; do
        wrk -t$((2 / count)) -c$((connections / count)) -d"${seconds}s" --timeout 5s "$@" "$url$path" \
            >"$work/wrk-$index.txt" 2>&1 &
        wrk_pids+=($!)
        index=$((index + 1))
    done
    for pid in "${wrk_pids[@]}"; do wait "$pid" || fail "wrk failed on $backend $endpoint: $(cat "$work"/wrk-*.txt)"; done
    # The sum of requests a second over the servers, the worst p99, and the sum of errors.
    local row
    row="$(cat "$work"/wrk-*.txt | python3 -c '
import re, sys
results = [dict(re.findall(r"(\w+)=([0-9.]+)", line)) for line in sys.stdin if line.startswith("load-result ")]
if not results: sys.exit(1)
print("%.0f %.2f %d" % (sum(float(r["requests"]) / float(r["seconds"]) for r in results),
    max(float(r["p99_ms"]) for r in results), sum(int(r["errors"]) for r in results)))')" \
        || fail "wrk printed no result on $backend $endpoint: $(cat "$work"/wrk-*.txt)"
    rm -f "$work"/wrk-*.txt
    local rps p99 errors result=PASS
    read -r rps p99 errors <<<"$row"
    if [ "$rps" -lt "$target" ] || ! python3 -c "import sys; sys.exit(0 if $p99 < 25 else 1)" || [ "$errors" -ne 0 ]; then
        result=MISSED
        missed=1
    fi
    printf '%-22s %-11s %10s %9s %8s %8s  %s\n' "$backend" "$endpoint" "$rps" "$p99" "$errors" "$target" "$result" >>"$work/table"
    say "$backend $endpoint: $rps requests/s, p99 $p99 ms, $errors errors: $result"
}

# load BACKEND: every endpoint against the servers in `urls`.
load() {
    local backend="$1" key etag facts="/api/facts?language=en&page=1&page_size=50"
    key="$(register_device "${urls[0]}")" || fail "cannot register a device on $backend"
    etag="$(curl -sf --max-time 10 -o /dev/null -D - -H "X-Device-Key: $key" "${urls[0]}$facts" | sed -n 's/^[Ee][Tt][Aa][Gg]: *\(.*\)\r$/\1/p')"
    [ -n "$etag" ] || fail "the facts page has no ETag on $backend"
    local report=(-s "$LOAD_LUA_DIR/report.lua" -H "X-Device-Key: $key")
    measure "$backend" "facts" 5000 "$facts" "${report[@]}"
    measure "$backend" "facts gzip" 5000 "$facts" "${report[@]}" -H "Accept-Encoding: gzip"
    measure "$backend" "facts 304" 5000 "$facts" "${report[@]}" -H "If-None-Match: $etag"
    measure "$backend" "metadata" 15000 "/api/metadata?language=en" "${report[@]}"
    measure "$backend" "register" 3000 "/api/devices/register" -s "$LOAD_LUA_DIR/register.lua"
}

"$server" import --corpus Server/Corpus --database "$work/load.sqlite" >"$work/import.log" 2>&1 || fail "import failed: $(cat "$work/import.log")"
serve sqlite --database "$work/load.sqlite"
load "SQLite"
stop_servers
urls=()

postgres_url="${FACTS_TEST_POSTGRES_URL:-}"
if [ -z "$postgres_url" ]; then
    postgres_url="$(Server/Scripts/start-postgres.sh)" || fail "cannot start PostgreSQL: set FACTS_TEST_POSTGRES_URL or run as root"
fi
drop_database="facts_load_$$"
psql "$postgres_url" -qc "CREATE DATABASE $drop_database" >/dev/null || fail "cannot create a database at $postgres_url"
database_url="${postgres_url%/*}/$drop_database"
"$server" import --corpus Server/Corpus --postgres "$database_url" >"$work/import.log" 2>&1 || fail "import failed: $(cat "$work/import.log")"
serve postgresql --postgres "$database_url"
load "PostgreSQL"
stop_servers
urls=()

serve postgresql-1 --postgres "$database_url"
serve postgresql-2 --postgres "$database_url"
load "PostgreSQL, 2 processes"
stop_servers

echo
echo "facts-server $(git rev-parse --short HEAD 2>/dev/null || echo '(no git)'), release, wrk -c$connections -d${seconds}s, $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
cat "$work/table"
[ "$missed" -eq 0 ] || fail "a target was missed"
say "every target met"
