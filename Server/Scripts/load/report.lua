-- Prints one machine-readable line at the end of a wrk run, for Server/Scripts/load.sh:
-- requests a second, the 50th and 99th latency percentiles in milliseconds, and the errors
-- (connection, read, write and timeout errors, and answers with a status of 400 or more).
done = function(summary, latency, requests)
    local errors = summary.errors.connect + summary.errors.read + summary.errors.write
        + summary.errors.timeout + summary.errors.status
    io.write(string.format("load-result requests=%d seconds=%.3f p50_ms=%.3f p99_ms=%.3f errors=%d status_errors=%d\n",
        summary.requests, summary.duration / 1e6, latency:percentile(50) / 1e3, latency:percentile(99) / 1e3,
        errors, summary.errors.status))
end
