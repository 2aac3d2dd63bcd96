#!/usr/bin/env bash
# Facts A Day end to end, with the two real programs: starts `facts-server` on a free
# loopback port over the shipped corpus (Server/Corpus, in a new SQLite file), walks through
# `bugle facts onboard` with answers on standard input, then checks `bugle facts today` and a
# second `onboard` (the launch top-up). Fails with a message on the first thing that is wrong.
#
# Scripts/test-all.sh runs it after both packages' tests, which build the two programs.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=../Server/Scripts/facts-server.sh
source Server/Scripts/facts-server.sh

fail() { echo "facts-end-to-end: FAIL: $*" >&2; exit 1; }

build_log="$(mktemp)"
swift build --product bugle >"$build_log" 2>&1 || fail "cannot build bugle: $(cat "$build_log")"
swift build --package-path Server --product facts-server >"$build_log" 2>&1 || fail "cannot build facts-server: $(cat "$build_log")"
rm -f "$build_log"
bugle="$(swift build --show-bin-path)/bugle"
server="$(swift build --package-path Server --show-bin-path)/facts-server"

work="$(mktemp -d)"
server_pid=""
cleanup() {
    stop_facts_server "$server_pid"
    rm -rf "$work"
}
trap cleanup EXIT

start_facts_server "$server" "$work/server.log" --database "$work/server.sqlite" --corpus Server/Corpus || fail "facts-server did not start"
server_pid="$facts_server_pid"
url="$facts_server_url"
grep -q "1344 facts" "$work/server.log" || fail "facts-server did not seed the shipped corpus's 1,344 facts: $(cat "$work/server.log")"
echo "facts-end-to-end: facts-server at $url"

# Language 2 (Deutsch); categories 1–6; all difficulties; 07:45; Enable; Allow.
answers='2\n1,2,3,4,5,6\n\n07:45\n\ny\n'
printf "$answers" | "$bugle" facts onboard --server "$url" --db "$work/app.sqlite" --tz Europe/Berlin >"$work/onboard.txt" 2>&1 \
    || fail "bugle facts onboard exited with $?: $(cat "$work/onboard.txt")"
grep -q "All Set! Welcome to Facts A Day!" "$work/onboard.txt" || fail "onboarding did not end on the success screen: $(cat "$work/onboard.txt")"
grep -q "^64 daily facts at 07:45, " "$work/onboard.txt" || fail "onboarding did not schedule 64 facts at 07:45: $(cat "$work/onboard.txt")"
grep -q "100% (84/84)" "$work/onboard.txt" || fail "the progress bar did not reach 84 of 84 facts: $(cat "$work/onboard.txt")"
echo "facts-end-to-end: onboard scheduled $(grep -o '^64 daily facts.*' "$work/onboard.txt")"

# The first scheduled day: today if 07:45 is still ahead in Berlin, else tomorrow.
first="$(sed -n 's/^64 daily facts at 07:45, \([0-9-]*\) to .*/\1/p' "$work/onboard.txt")"
"$bugle" facts today --db "$work/app.sqlite" --tz Europe/Berlin --on "$first" >"$work/today.txt" 2>&1 \
    || fail "bugle facts today --on $first exited with $?: $(cat "$work/today.txt")"
grep -q "^Fact of the day, $first at 07:45" "$work/today.txt" || fail "unexpected fact of the day: $(cat "$work/today.txt")"
# The fact is one of the German facts of the server's corpus.
fact_title="$(sed -n 2p "$work/today.txt")"
grep -qF "\"title\": \"$fact_title\"" Server/Corpus/facts/de.jsonl || fail "\"$fact_title\" is not a German title of the corpus"
echo "facts-end-to-end: the fact of $first is \"$fact_title\""

printf '' | "$bugle" facts onboard --server "$url" --db "$work/app.sqlite" --tz Europe/Berlin >"$work/again.txt" 2>&1 \
    || fail "the second bugle facts onboard exited with $?: $(cat "$work/again.txt")"
grep -q "^Onboarding is complete. Topped up 0 notifications." "$work/again.txt" || fail "the launch top-up changed a full schedule: $(cat "$work/again.txt")"

kill -0 "$server_pid" 2>/dev/null || fail "facts-server died during the run: $(cat "$work/server.log")"
echo "facts-end-to-end: passed"
