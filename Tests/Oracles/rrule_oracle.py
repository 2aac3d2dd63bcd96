#!/usr/bin/env python3
"""Expands recurrence rules with python-dateutil, the outside oracle for Bugle's tests.

Reads one JSON object on standard input:
    {"secondsPerCase": 1, "cases": [{"rule": "FREQ=...", "start": "YYYY-MM-DDTHH:MM:SS", "limit": 25,
                "horizon": "YYYY-MM-DDTHH:MM:SS", "after": "YYYY-MM-DDTHH:MM:SS" (optional)}]}
and writes a JSON list with one entry per case, in order:
    {"occurrences": ["YYYY-MM-DDTHH:MM:SS", ...]}  the first `limit` occurrences (strictly after
                                                   `after` when given), none later than `horizon`
    {"occurrences": [...], "incomplete": true}     what dateutil found within `secondsPerCase`
                                                   of CPU time (default 1 s): it looks for
                                                   occurrences of a rule that has no more
                                                   until year 9999, whatever its UNTIL
    {"error": "..."}                               dateutil refused the rule
All times are floating (no time zone). Exit status 3 when dateutil is not installed.
"""
import json
import signal
import sys
import warnings

try:
    from dateutil.rrule import rrulestr
except ImportError:
    sys.stderr.write("python-dateutil is not installed: run `pip install python-dateutil`\n")
    sys.exit(3)

from datetime import datetime
from itertools import islice


class OutOfTime(Exception):
    pass


def out_of_time(signum, frame):
    raise OutOfTime()


def expand(case, found):
    """Appends the case's occurrences to `found` as dateutil produces them."""
    start = datetime.fromisoformat(case["start"])
    horizon = datetime.fromisoformat(case["horizon"])
    limit = case["limit"]
    rule = rrulestr(case["rule"], dtstart=start)
    if "UNTIL=" not in case["rule"].upper():
        rule = rule.replace(until=horizon)
    if "after" in case:
        moments = rule.xafter(datetime.fromisoformat(case["after"]), count=limit)
    else:
        moments = islice(iter(rule), limit)
    for moment in moments:
        if moment > horizon:
            break
        found.append(moment.isoformat())


def main():
    request = json.load(sys.stdin)
    seconds = request.get("secondsPerCase", 1)
    # CPU time, not wall time: a busy machine must not change the answers.
    signal.signal(signal.SIGVTALRM, out_of_time)
    # A parent that blocks signals in its threads (a test runner) passes the mask on.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGVTALRM})
    results = []
    with warnings.catch_warnings():
        # COUNT with the horizon as UNTIL is deprecated in dateutil, and still exact.
        warnings.simplefilter("ignore")
        for case in request["cases"]:
            found = []
            signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
            try:
                expand(case, found)
                results.append({"occurrences": found})
            except OutOfTime:
                results.append({"occurrences": found, "incomplete": True})
            except ValueError as error:
                results.append({"error": str(error)})
            finally:
                signal.setitimer(signal.ITIMER_VIRTUAL, 0)
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
