#!/usr/bin/env python3
"""Builds Tests/BugleTests/Fixtures/rrule-vectors.json: the recurrence test vectors of two
peers, each with the rule, DTSTART (with its zone), the query, the occurrences the peer
expects, and a `skip` reason where Bugle is not meant to agree.

    Scripts/generate-rrule-vectors.py --libical LIBICAL_GIT_DIR --dateutil DATEUTIL_GIT_DIR

Each argument is a clone (or a bare repository) of github.com/libical/libical and
github.com/dateutil/dateutil; the files are read at the commit given by --libical-commit
and --dateutil-commit (their HEAD when not given), and that commit is written into the
fixture's header.

- libical: src/test/icalrecur_test.txt and the icalrecur_test_rscale*.txt files, the data
  of libical's own `icalrecur_test`. Their blocks are read as they are: RRULE, DTSTART,
  optional START-AT (occurrences from that moment on) and INSTANCES (or ` *** error`).
- python-dateutil: tests/test_rrule.py. Its test methods are run with dateutil (which
  must be installed: pip install python-dateutil) and every `assertEqual(QUERY, EXPECTED)`
  whose EXPECTED is written out in the test (datetimes, not computed) becomes a vector:
  QUERY is `list(rule)`, `rule.before/after/between/xafter(...)`; the rule is written back
  as RFC 5545 text from the object the test built. Only the expected values come from the
  test file; dateutil's own output is never recorded.

The skip reasons are decided here, by rule shape or by the test's name, each with why; the
Swift test (RecurrenceVectorTests) runs every vector without one and needs exact agreement.
"""

import argparse
import ast
import datetime as dt
import json
import os
import subprocess
import sys
import types
import unittest

LIBICAL_FILES = [
    "src/test/icalrecur_test.txt",
    "src/test/icalrecur_test_rscale.txt",
    "src/test/icalrecur_test_rscale_withicu.txt",
    "src/test/icalrecur_test_rscale_withicu_dangi.txt",
]
DATEUTIL_FILE = "tests/test_rrule.py"

# Skip reasons, shared so that they can be counted.
SEVERAL_RRULES = (
    "a set with two RRULEs: RFC 5545 3.8.5.3 says RRULE SHOULD NOT occur more than once and leaves such a set "
    "undefined (Bugle reads one rule)"
)
OWN_EXRULE_START = "an EXRULE with its own DTSTART, which iCalendar cannot write (an EXRULE counts from the component's DTSTART)"
FLOATING_UTC_UNTIL = (
    "floating DTSTART with a UTC UNTIL: RFC 5545 3.3.10 asks for a local-time UNTIL; Bugle refuses it "
    "(as dateutil does), libical compares the UTC digits as wall-clock time"
)
BYEASTER = "dateutil's BYEASTER extension is not RFC 5545"
WEEKNO_WITHOUT_DAY = (
    "dateutil expands BYWEEKNO without BYDAY to every day of the week; RFC 5545 3.3.10 takes the day "
    "from DTSTART (libical agrees)"
)
WEEKNO_53 = (
    "dateutil counts BYWEEKNO=+-52/53 within the calendar year; RFC 5545 and Bugle count the week each day belongs to"
)
WEEKLY_SETPOS = "dateutil applies BYSETPOS to the first WEEKLY period cut at DTSTART; RFC 5545 sets are whole periods"
MIXED_BYDAY = "dateutil drops plain weekdays mixed with ordinal ones (BYDAY=MO,1TU); RFC 5545 keeps both"
ORDINAL_OUTSIDE = "an ordinal BYDAY outside MONTHLY/YEARLY, which RFC 5545 forbids (Bugle refuses it; dateutil ignores the ordinal)"
WEEKNO_OUTSIDE_YEARLY = "BYWEEKNO outside FREQ=YEARLY, which RFC 5545 forbids (Bugle refuses it)"
YEARDAY_OUTSIDE = "BYYEARDAY with FREQ=DAILY/WEEKLY/MONTHLY, which RFC 5545 forbids (Bugle refuses it)"
MONTHDAY_WEEKLY = "BYMONTHDAY with FREQ=WEEKLY, which RFC 5545 forbids (Bugle refuses it)"
NON_IANA_ZONE = "a zone given as a POSIX TZ string through dateutil's tzids callable, not an IANA zone"
STRADDLING_WEEK = (
    "which YEARLY period holds a week that straddles January 1 is left open by RFC 5545: with INTERVAL > 1 "
    "libical puts week 53 of 2015 in the 2016 period and not in 2015's, Bugle (and dateutil) give each day to "
    "its calendar year"
)
# The vectors where that choice shows: week 53 of 2015 (2015-12-28 to 2016-01-03) is in the
# 2016 period for libical and not in the 2015 one.
STRADDLING_WEEK_VECTORS = {
    ("FREQ=YEARLY;BYWEEKNO=53;BYDAY=TU,SA;INTERVAL=6;UNTIL=20170101T000000Z", "20100102T000000"),
    ("FREQ=YEARLY;BYWEEKNO=53;BYDAY=TU,SA;INTERVAL=5;UNTIL=20170101T000000Z", "20100102T000000"),
    # Week 1 of 2025 starts on 2024-12-30: libical counts the start in the 2025 period, so
    # INTERVAL=3 reaches 2028 and 2031; Bugle counts it in 2024's, reaching 2027 and 2030.
    ("FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO,TU;INTERVAL=3;UNTIL=20320101", "20241231"),
}
YEARLY_MONTHDAY = (
    "FREQ=YEARLY with BYMONTHDAY and no BYMONTH: libical takes the month from DTSTART (the 29th of February "
    "each year); dateutil expands BYMONTHDAY over every month of the year, as RFC 5545's table marks BYMONTHDAY "
    "'Expand' for YEARLY, and asserts it (testYearlyByMonthDay, run here); Bugle follows dateutil, so the two "
    "peers cannot both agree"
)
LIBICAL_YEARLY_WEEKNO_MONTH = "libical refuses BYWEEKNO with BYMONTH and no BYDAY (unimplemented there)"


# The RSCALE calendars Bugle expands (RecurrenceRule.CalendarScale), through Foundation's
# Calendar for the non-Gregorian ones.
SUPPORTED_RSCALE = {
    "GREGORIAN", "CHINESE", "DANGI", "HEBREW", "ISLAMIC", "ISLAMIC-CIVIL", "ISLAMIC-UMALQURA", "ISLAMIC-TBLA",
    "ETHIOPIC", "ETHIOAA", "COPTIC", "PERSIAN", "INDIAN", "JAPANESE", "BUDDHIST", "ROC",
}


def rscale_skip(rule, vector):
    """RSCALE values Bugle does not know, unless the peer refuses them too (Bugle must)."""
    for part in rule.split(";"):
        name, _, value = part.partition("=")
        if name.upper() == "RSCALE" and value.upper() not in SUPPORTED_RSCALE and "error" not in vector:
            return f"RSCALE={value.upper()} not yet supported"
    return None


def git_show(git_dir, commit, path):
    return subprocess.run(
        ["git", "--git-dir", git_dir, "show", f"{commit}:{path}"], check=True, capture_output=True, text=True
    ).stdout


def git_commit(git_dir, commit):
    return subprocess.run(
        ["git", "--git-dir", git_dir, "rev-parse", commit], check=True, capture_output=True, text=True
    ).stdout.strip()


def git_dir_of(path):
    for candidate in (os.path.join(path, ".git"), path):
        if os.path.exists(os.path.join(candidate, "HEAD")):
            return candidate
    sys.exit(f"{path} is not a git repository")


# MARK: libical


def libical_vectors(text, path):
    vectors = []
    block = {}
    comment = []

    def flush():
        if "RRULE" in block:
            vectors.append(libical_vector(block, " ".join(comment).strip(), path))
        block.clear()
        comment.clear()

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\n")
        if not line.strip():
            flush()
            continue
        if line.startswith("#"):
            if "RRULE" in block:
                flush()
            comment.append(line[1:].strip())
            continue
        name, _, value = line.partition(":")
        if name == "RRULE":
            block["line"] = number
        block[name] = value
    flush()
    return vectors


def libical_vector(block, description, path):
    rule = block["RRULE"]
    start = block["DTSTART"]
    vector = {
        "id": f"libical {os.path.basename(path)}:{block['line']}",
        "peer": "libical",
        "source": f"{path}:{block['line']}",
        "description": description,
        "rule": rule,
        "dtstart": start.rstrip("Z"),
        "tzid": "UTC" if start.endswith("Z") else None,
        "query": {"kind": "all"},
    }
    if block.get("START-AT"):
        vector["query"] = {"kind": "from", "at": block["START-AT"].rstrip("Z")}
    instances = block.get("INSTANCES", "")
    if instances.strip().startswith("***"):
        vector["error"] = instances.strip().lstrip("* ").strip()
        vector["expected"] = []
    else:
        vector["expected"] = [item.rstrip("Z") for item in instances.split(",") if item]
    vector["skip"] = libical_skip(vector, start)
    return vector


def rule_parts(rule):
    parts = {}
    for part in rule.rstrip(";").split(";"):
        name, _, value = part.partition("=")
        parts[name.upper()] = value
    return parts


def libical_skip(vector, start):
    rule = vector["rule"]
    parts = rule_parts(rule)
    if "RSCALE" in parts and parts["RSCALE"].upper() != "GREGORIAN":
        # RFC 7529's vectors start on a date; the test runs them as all-day recurrences.
        return rscale_skip(rule, vector)
    if (rule, start) in STRADDLING_WEEK_VECTORS:
        return STRADDLING_WEEK
    until = parts.get("UNTIL", "")
    if until.endswith("Z") and not start.endswith("Z"):
        return FLOATING_UTC_UNTIL
    if "BYWEEKNO" in parts and "BYMONTH" in parts and "BYDAY" not in parts:
        return LIBICAL_YEARLY_WEEKNO_MONTH
    if parts.get("FREQ") == "YEARLY" and "BYMONTHDAY" in parts and not {"BYMONTH", "BYWEEKNO", "BYYEARDAY"} & set(parts):
        return YEARLY_MONTHDAY
    return None


# MARK: dateutil


def zone_name(tzinfo):
    """The IANA name of a dateutil or datetime zone, "UTC", or None when it has none."""
    if tzinfo is None:
        return None
    from dateutil import tz

    if tzinfo in (dt.timezone.utc, tz.UTC) or isinstance(tzinfo, tz.tzutc):
        return "UTC"
    filename = getattr(tzinfo, "_filename", None)
    if filename:
        marker = "zoneinfo/"
        return filename.split(marker, 1)[1] if marker in filename else filename
    return None


def compact(value, zone):
    """A datetime as RFC 5545 writes it, on the wall clock of `zone` (UTC for an instant)."""
    if isinstance(value, dt.datetime):
        if value.tzinfo is not None and zone == "UTC":
            value = value.astimezone(dt.timezone.utc)
        return value.strftime("%Y%m%dT%H%M%S")
    return value.strftime("%Y%m%d")


def rule_text(rule):
    """An rrule object as RRULE text, following dateutil's own __str__ but keeping UNTIL's zone."""
    from dateutil.rrule import FREQNAMES, weekday

    parts = ["FREQ=" + FREQNAMES[rule._freq]]
    if rule._interval != 1:
        parts.append(f"INTERVAL={rule._interval}")
    if rule._wkst:
        parts.append("WKST=" + repr(weekday(rule._wkst))[0:2])
    if rule._count is not None:
        parts.append(f"COUNT={rule._count}")
    if rule._until:
        until = rule._until
        if until.tzinfo is not None:
            parts.append("UNTIL=" + until.astimezone(dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ"))
        else:
            parts.append("UNTIL=" + until.strftime("%Y%m%dT%H%M%S"))
    original = dict(rule._original_rule)
    if original.get("byweekday") is not None:
        original["byweekday"] = [
            "{n:+d}{day}".format(n=day.n, day=repr(day)[0:2]) if day.n else repr(day) for day in original["byweekday"]
        ]
    for name, key in [
        ("BYSETPOS", "bysetpos"),
        ("BYMONTH", "bymonth"),
        ("BYMONTHDAY", "bymonthday"),
        ("BYYEARDAY", "byyearday"),
        ("BYWEEKNO", "byweekno"),
        ("BYDAY", "byweekday"),
        ("BYHOUR", "byhour"),
        ("BYMINUTE", "byminute"),
        ("BYSECOND", "bysecond"),
        ("BYEASTER", "byeaster"),
    ]:
        value = original.get(key)
        if value or (key == "byeaster" and value == 0):
            values = value if isinstance(value, (list, tuple)) else [value]
            parts.append(f"{name}=" + ",".join(str(item) for item in values))
    return ";".join(parts)


class Capture:
    """Records the last query made of any rule, and the asserts that follow it."""

    def __init__(self):
        self.last = None
        self.records = []


def install_hooks(capture):
    from dateutil import rrule as module

    base = module.rrulebase

    def wrap(name):
        original = getattr(base, name)

        def hooked(self, *args, **kwargs):
            # The first query since the last assert is the outermost: `list(rule)` enters
            # `__iter__` before a set iterates its rules, `after` before it iterates.
            if capture.last is None:
                capture.last = (self, name, args, kwargs)
            return original(self, *args, **kwargs)

        setattr(base, name, hooked)

    for name in ["__iter__", "before", "after", "between", "xafter"]:
        wrap(name)


def replay(query):
    """Runs a recorded query again, to check that it is the one whose result was asserted."""
    rule, name, args, kwargs = query
    result = getattr(rule, name)(*args, **kwargs)
    return list(result) if name in ("__iter__", "xafter") else result


def literal_expected(node):
    """Whether an assert's expected value is written out: datetimes and zones, no rules."""
    allowed_calls = {"datetime", "date", "gettz", "tzutc", "tzoffset", "tzstr"}
    for child in ast.walk(node):
        if isinstance(child, ast.Call):
            func = child.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name not in allowed_calls:
                return False
    return True


def dateutil_vectors(source, path):
    # dateutil's test module imports these; stand-ins are enough to define its classes.
    sys.modules.setdefault("freezegun", types.SimpleNamespace(freeze_time=lambda *a, **k: (lambda f: f)))
    namespace = {"__name__": "dateutil_test_rrule"}
    exec(compile(source, path, "exec"), namespace)
    tree = ast.parse(source)

    asserts = {}  # (test name) -> [(first line, last line, call node)]
    for cls in tree.body:
        if isinstance(cls, ast.ClassDef) and cls.name in ("RRuleTest", "RRuleSetTest"):
            for function in cls.body:
                if isinstance(function, ast.FunctionDef) and function.name.startswith("test"):
                    found = []
                    for node in ast.walk(function):
                        if (
                            isinstance(node, ast.Call)
                            and isinstance(node.func, ast.Attribute)
                            and node.func.attr == "assertEqual"
                            and len(node.args) == 2
                        ):
                            found.append(node)
                    asserts[(cls.name, function.name)] = found

    capture = Capture()
    install_hooks(capture)
    vectors = []
    for (class_name, test_name), nodes in sorted(asserts.items(), key=lambda item: item[1][0].lineno if item[1] else 0):
        if not nodes:
            continue
        case = namespace[class_name](test_name)
        original_assert = case.assertEqual

        def recording_assert(first, second, msg=None, _nodes=nodes, _name=test_name):
            line = sys._getframe(1).f_lineno
            node = next((n for n in _nodes if n.lineno <= line <= n.end_lineno), None)
            query = capture.last
            capture.last = None
            original_assert(first, second, msg)
            first_source = ast.unparse(node.args[0]) if node is not None else ""
            is_query = first_source.startswith("list(") or any(f".{name}(" in first_source for name in ("before", "after", "between"))
            if is_query and query is not None and literal_expected(node.args[1]):
                if replay(query) == first:
                    capture.records.append((_name, node.lineno, query, second, first_source))
                else:
                    print(f"dateutil {_name}:{node.lineno}: the query recorded is not the one asserted; left out", file=sys.stderr)
            capture.last = None  # the replay is a query too

        case.assertEqual = recording_assert
        capture.last = None
        try:
            getattr(case, test_name)()
        except Exception as error:  # a dateutil test that fails here is reported, not recorded
            print(f"dateutil {test_name}: {type(error).__name__}: {error}", file=sys.stderr)

    for test_name, line, (rule, method, args, kwargs), expected, first_source in capture.records:
        vector = dateutil_vector(rule, method, args, kwargs, expected, test_name, line, path, first_source)
        if vector:
            vectors.append(vector)
    return vectors


def dateutil_vector(rule, method, args, kwargs, expected, test_name, line, path, first_source):
    from dateutil.rrule import rrule, rruleset

    if method == "__iter__" and not first_source.startswith("list("):
        return None
    single = not isinstance(expected, (list, tuple))
    values = [] if expected is None else ([expected] if single else list(expected))
    vector = {
        "id": f"dateutil {test_name}:{line}",
        "peer": "python-dateutil",
        "source": f"{path}:{line}",
        "description": test_name,
    }
    if isinstance(rule, rruleset):
        return dateutil_set_vector(rule, vector, values)
    assert isinstance(rule, rrule)
    start = rule._dtstart
    zone = zone_name(start.tzinfo)
    vector["rule"] = rule_text(rule)
    vector["dtstart"] = compact(start, zone)
    vector["tzid"] = zone
    inc = kwargs.get("inc", False)
    if method == "__iter__":
        query = {"kind": "all"}
    elif method in ("before", "after"):
        query = {"kind": method, "at": compact(args[0], zone), "inclusive": bool(args[1] if len(args) > 1 else inc)}
    elif method == "between":
        query = {
            "kind": "between",
            "from": compact(args[0], zone),
            "through": compact(args[1], zone),
            "inclusive": bool(args[2] if len(args) > 2 else inc),
        }
    elif method == "xafter":
        query = {
            "kind": "after",
            "at": compact(args[0], zone),
            "inclusive": bool(kwargs.get("inc", False)),
            "count": kwargs.get("count", args[1] if len(args) > 1 else None),
        }
    else:
        return None
    vector["query"] = query
    vector["expected"] = [compact(value, zone) for value in values]
    vector["skip"] = dateutil_skip(rule, vector, test_name, start)
    return vector


def dateutil_set_vector(rset, vector, values):
    """A set (rruleset) as the iCalendar lines that write it: DTSTART, RRULE, RDATE, EXRULE
    and EXDATE, in the vector's `icalendar`. A set with no rule starts at its first RDATE."""
    rules, rdates, exrules, exdates = rset._rrule, rset._rdate, rset._exrule, rset._exdate
    start = rules[0]._dtstart if rules else min(rdates)
    lines = ["DTSTART:" + compact(start, None)]
    lines += ["RRULE:" + rule_text(rule) for rule in rules]
    lines += ["RDATE:" + compact(value, None) for value in rdates]
    lines += ["EXRULE:" + rule_text(rule) for rule in exrules]
    lines += ["EXDATE:" + compact(value, None) for value in exdates]
    vector.update(
        {
            "rule": rule_text(rules[0]) if rules else None,
            "dtstart": compact(start, None),
            "tzid": None,
            "icalendar": "\n".join(lines),
            "query": {"kind": "all"},
            "expected": [compact(value, None) for value in values],
        }
    )
    if len(rules) > 1:
        vector["skip"] = SEVERAL_RRULES
    elif any(rule._dtstart != start for rule in exrules):
        vector["skip"] = OWN_EXRULE_START
    else:
        vector["skip"] = None
    return vector


def dateutil_skip(rule, vector, test_name, start):
    text = vector["rule"]
    parts = rule_parts(text)
    frequency = parts["FREQ"]
    byday = parts.get("BYDAY", "")
    days = [day for day in byday.split(",") if day]
    ordinal = [day for day in days if len(day) > 2]
    if "BYEASTER" in parts:
        return BYEASTER
    if getattr(start, "tzinfo", None) is not None and vector["tzid"] is None:
        return NON_IANA_ZONE
    if ordinal and frequency not in ("MONTHLY", "YEARLY"):
        return ORDINAL_OUTSIDE
    if "BYWEEKNO" in parts and frequency != "YEARLY":
        return WEEKNO_OUTSIDE_YEARLY
    if "BYYEARDAY" in parts and frequency in ("DAILY", "WEEKLY", "MONTHLY"):
        return YEARDAY_OUTSIDE
    if "BYMONTHDAY" in parts and frequency == "WEEKLY":
        return MONTHDAY_WEEKLY
    if "BYWEEKNO" in parts and not days and "BYMONTHDAY" not in parts and "BYYEARDAY" not in parts:
        return WEEKNO_WITHOUT_DAY
    weeks = [int(value) for value in parts.get("BYWEEKNO", "").split(",") if value]
    if any(abs(week) >= 52 for week in weeks):
        return WEEKNO_53
    if ordinal and len(ordinal) < len(days):
        return MIXED_BYDAY
    if frequency == "WEEKLY" and "BYSETPOS" in parts:
        return WEEKLY_SETPOS
    until = parts.get("UNTIL", "")
    if until.endswith("Z") and vector["tzid"] is None:
        return FLOATING_UTC_UNTIL
    return None


# MARK: Main


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--libical", required=True, help="a clone of libical/libical")
    parser.add_argument("--libical-commit", default="HEAD")
    parser.add_argument("--dateutil", required=True, help="a clone of dateutil/dateutil")
    parser.add_argument("--dateutil-commit", default="HEAD")
    parser.add_argument(
        "--output",
        default=os.path.join(os.path.dirname(__file__), "..", "Tests", "BugleTests", "Fixtures", "rrule-vectors.json"),
    )
    options = parser.parse_args()

    libical_dir = git_dir_of(options.libical)
    dateutil_dir = git_dir_of(options.dateutil)
    libical_commit = git_commit(libical_dir, options.libical_commit)
    dateutil_commit = git_commit(dateutil_dir, options.dateutil_commit)

    vectors = []
    for path in LIBICAL_FILES:
        vectors += libical_vectors(git_show(libical_dir, libical_commit, path), path)
    vectors += dateutil_vectors(git_show(dateutil_dir, dateutil_commit, DATEUTIL_FILE), DATEUTIL_FILE)

    import dateutil

    fixture = {
        "about": (
            "Recurrence test vectors of libical and python-dateutil, generated by Scripts/generate-rrule-vectors.py "
            "from the files below. Each vector: the rule, DTSTART (wall-clock digits, with tzid null for floating "
            "or a zone name), the query (all occurrences; from START-AT on; dateutil's before/after/between), the "
            "occurrences the peer expects on the same wall clock, and a skip reason where the peer follows its own "
            "reading, the RFCs leave the result undefined or forbid the rule. A recurrence set (dateutil's rruleset) "
            "is written as iCalendar lines in `icalendar`. RecurrenceVectorTests runs the rest."
        ),
        "sources": [
            {"peer": "libical", "repository": "libical/libical", "commit": libical_commit, "paths": LIBICAL_FILES},
            {
                "peer": "python-dateutil",
                "repository": "dateutil/dateutil",
                "commit": dateutil_commit,
                "paths": [DATEUTIL_FILE],
                "run with": f"python-dateutil {dateutil.__version__}",
            },
        ],
        "vectors": vectors,
    }
    os.makedirs(os.path.dirname(os.path.abspath(options.output)), exist_ok=True)
    # One vector a line, so that a change to the peers' files reads as a short diff.
    header = dict(fixture)
    del header["vectors"]
    head = json.dumps(header, indent=1, ensure_ascii=False)
    body = ",\n".join("  " + json.dumps(vector, ensure_ascii=False) for vector in vectors)
    with open(options.output, "w") as out:
        out.write(head[:-2] + ',\n "vectors": [\n' + body + "\n ]\n}\n")
    skipped = {}
    for vector in vectors:
        if vector.get("skip"):
            skipped[vector["skip"]] = skipped.get(vector["skip"], 0) + 1
    print(f"{len(vectors)} vectors, {len(vectors) - sum(skipped.values())} to run", file=sys.stderr)
    for reason, count in sorted(skipped.items(), key=lambda item: -item[1]):
        print(f"  {count:4d} skipped: {reason}", file=sys.stderr)


if __name__ == "__main__":
    main()
