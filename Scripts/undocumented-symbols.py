#!/usr/bin/env python3
"""Lists the public symbols of this package that have no documentation comment.

Reads the symbol graphs that `swift package dump-symbol-graph --minimum-access-level public`
wrote (the folder is the first argument) and prints one line per public symbol declared in
this package's sources without a `///` comment. A symbol that implements a protocol
requirement inherits the requirement's documentation and is not listed. Exits 1 when any
symbol is listed, 0 otherwise.
"""
import glob
import json
import os
import sys

folder, root = sys.argv[1], os.path.realpath(sys.argv[2] if len(sys.argv) > 2 else ".") + "/"
missing = []
total = 0
for path in sorted(glob.glob(os.path.join(folder, "*.symbols.json"))):
    module = os.path.basename(path).split(".symbols")[0]
    if module.endswith("Tests") or "PackageTests" in module or "DiscoveredTests" in module:
        continue
    with open(path, encoding="utf-8") as file:
        graph = json.load(file)
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        uri = symbol.get("location", {}).get("uri", "")
        if root not in uri or "/.build/" in uri:
            continue
        total += 1
        if symbol.get("docComment") or symbol.get("sourceOrigin"):
            continue
        line = symbol["location"]["position"]["line"] + 1
        file_path = uri.split(root, 1)[1]
        missing.append(f"{file_path}:{line}: {symbol['kind']['displayName'].lower()} {'.'.join(symbol['pathComponents'])} has no documentation comment")

for line in sorted(set(missing)):
    print(line)
print(f"{total} public symbols, {len(set(missing))} without documentation", file=sys.stderr)
sys.exit(1 if missing else 0)
