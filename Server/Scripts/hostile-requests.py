#!/usr/bin/env python3
"""Sends the content server the requests a fuzzer built from the document rarely makes, and
checks each answer against Server/openapi.yaml: its status is one the operation lists (or 404
and 405 for a wrong path or method), its body is the contract's JSON error, and nothing is a
5xx. Malformed and truncated JSON, invalid UTF-8 in the body and in the query, bodies over the
limit (sent, and only announced), huge and negative numbers, repeated and unknown parameters,
wrong content types.

    hostile-requests.py BASE_URL DEVICE_KEY

Run by Server/Scripts/fuzz.sh against each backend. Exits 1 and names every request whose
answer breaks the contract.
"""
import http.client
import json
import sys
import urllib.parse

import jsonschema
import yaml

base, key = sys.argv[1], sys.argv[2]
url = urllib.parse.urlsplit(base)
document = yaml.safe_load(open(__file__.rsplit("/", 2)[0] + "/openapi.yaml", encoding="utf-8"))
error_schema = dict(document["components"]["schemas"]["Error"])
error_schema["$defs"] = document["components"]["schemas"]


def send(method, target, body=None, headers=None):
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    try:
        connection.putrequest(method, target, skip_accept_encoding=True)
        for name, value in (headers or {}).items():
            connection.putheader(name, value)
        if body is not None and "Content-Length" not in (headers or {}):
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


register = "/api/devices/register"
json_type = {"Content-Type": "application/json"}
valid = b'{"platform": "ios", "model": "iPhone15,2", "os_version": "17.4", "language": "en"}'
authorized = {"X-Device-Key": key}
cases = [
    # (what, method, target, body, headers, statuses the contract allows)
    ("truncated JSON", "POST", register, valid[:-1], json_type, {400}),
    # Foundation's parser, which the server reads JSON with, accepts a trailing comma.
    ("JSON with a trailing comma", "POST", register, valid[:-1] + b",}", json_type, {201, 400}),
    ("not JSON at all", "POST", register, b"platform=ios", json_type, {400}),
    ("an empty body", "POST", register, b"", json_type, {400}),
    ("invalid UTF-8 in a string", "POST", register, valid.replace(b"iPhone15,2", b"iPhone\xff\xfe"), json_type, {400}),
    ("a lone surrogate escape", "POST", register, valid.replace(b"iPhone15,2", b"\\ud800"), json_type, {201, 400}),
    ("a NUL escape", "POST", register, valid.replace(b"iPhone15,2", b"a\\u0000b"), json_type, {400}),
    ("a huge number for a string", "POST", register, valid.replace(b'"17.4"', b"1e999999"), json_type, {400}),
    ("a negative number for a string", "POST", register, valid.replace(b'"17.4"', b"-123456789012345678901234567890"), json_type, {400}),
    ("arrays nested 5000 deep", "POST", register, b"[" * 5000 + b"]" * 5000, json_type, {400}),
    ("a body over the limit", "POST", register, b'{"padding": "' + b"x" * 40000 + b'"}', json_type, {413}),
    ("a body announced over the limit", "POST", register, b"{}", {**json_type, "Content-Length": "100000000"}, {413}),
    ("a text/plain body", "POST", register, valid, {"Content-Type": "text/plain"}, {415}),
    ("a form body", "POST", register, valid, {"Content-Type": "application/x-www-form-urlencoded"}, {415}),
    ("a multipart body", "POST", register, valid, {"Content-Type": "multipart/form-data; boundary=x"}, {415}),
    ("an unknown field", "POST", register, valid[:-1] + b', "admin": true}', json_type, {201}),
    ("a huge page", "GET", "/api/facts?language=en&page=99999999999999999999999999999999", None, authorized, {400}),
    ("a negative page size", "GET", "/api/facts?language=en&page_size=-50", None, authorized, {400}),
    ("a page as a float", "GET", "/api/facts?language=en&page=1e3", None, authorized, {400}),
    ("a repeated parameter", "GET", "/api/facts?language=en&language=de", None, authorized, {400}),
    ("an unknown parameter", "GET", "/api/facts?language=en&admin=1&debug", None, authorized, {200}),
    ("invalid UTF-8 in the query", "GET", "/api/facts?language=en&categories=%FF%FE", None, authorized, {400}),
    ("invalid UTF-8 in a language", "GET", "/api/metadata?language=%C3%28", None, authorized, {400}),
    ("a broken percent escape", "GET", "/api/metadata?language=%E", None, authorized, {400}),
    ("a thousand categories", "GET", "/api/facts?language=en&categories=" + ",".join(["space"] * 1000), None, authorized, {200}),
    ("a thousand unknown categories", "GET", "/api/facts?language=en&categories=" + ",".join(f"c{i}" for i in range(1000)), None, authorized, {400}),
    ("a key of invalid UTF-8", "GET", "/api/metadata?language=en", None, {"X-Device-Key": "\udcff".encode("utf-8", "surrogateescape").decode("latin-1")}, {401}),
    ("a 10 KB key", "GET", "/api/metadata?language=en", None, {"X-Device-Key": "k" * 10000}, {401}),
    ("a wrong method", "DELETE", "/api/facts", None, authorized, {405}),
    ("an unknown path", "GET", "/api/%FF/../facts", None, authorized, {404}),
]

failures = []
for what, method, target, body, headers, allowed in cases:
    try:
        status, response_headers, content = send(method, target, body, headers)
    except Exception as error:  # a dropped connection is a failure too
        failures.append(f"{what}: no answer ({error})")
        continue
    problems = []
    if status not in allowed:
        problems.append(f"status {status}, expected one of {sorted(allowed)}")
    if status >= 400:
        try:
            jsonschema.validate(json.loads(content), error_schema)
        except Exception as error:
            problems.append(f"the body is not the contract's error: {str(error).splitlines()[0]}: {content[:200]!r}")
        if status == 405 and "Allow" not in response_headers and "allow" not in response_headers:
            problems.append("405 without an Allow header")
    if problems:
        failures.append(f"{what} ({method} {target[:80]}): " + "; ".join(problems))

for failure in failures:
    print(f"hostile-requests: FAIL: {failure}", file=sys.stderr)
print(f"hostile-requests: {len(cases)} requests, {len(failures)} failing", file=sys.stderr)
sys.exit(1 if failures else 0)
