# Starting and stopping `facts-server` from a script: sourced by Server/Scripts/fuzz.sh,
# Server/Scripts/load.sh and Scripts/facts-end-to-end.sh, so that each starts it one way.

# start_facts_server BINARY LOG ARGUMENTS...: starts BINARY on a free loopback port with
# ARGUMENTS, its output in LOG, and waits until it says where it listens. Sets
# `facts_server_pid` and `facts_server_url`; returns 1, with the log on standard error, when
# the server stops or says nothing within 30 s.
start_facts_server() {
    local binary="$1" log="$2"
    shift 2
    "$binary" --port 0 "$@" >"$log" 2>&1 &
    facts_server_pid=$!
    facts_server_url=""
    for _ in $(seq 1 300); do
        facts_server_url="$(sed -n 's/^facts-server listening on \(http:[^ ]*\).*/\1/p' "$log")"
        [ -n "$facts_server_url" ] && return 0
        if ! kill -0 "$facts_server_pid" 2>/dev/null; then
            echo "facts-server stopped: $(cat "$log")" >&2
            return 1
        fi
        sleep 0.1
    done
    echo "facts-server did not say where it listens within 30 s: $(cat "$log")" >&2
    return 1
}

# stop_facts_server PID: interrupts the server as Ctrl-C does and waits for it; nothing when
# PID is empty.
stop_facts_server() {
    if [ -n "$1" ]; then
        kill -INT "$1" 2>/dev/null || true
        wait "$1" 2>/dev/null || true
    fi
}

# register_device URL: registers a device at URL and prints its key (curl gives up after 10 s).
register_device() {
    curl -sf --max-time 10 -X POST "$1/api/devices/register" -H 'Content-Type: application/json' \
        -d '{"platform": "linux", "model": "script", "os_version": "1", "language": "en"}' \
        | python3 -c 'import json, sys; print(json.load(sys.stdin)["device_key"])'
}
