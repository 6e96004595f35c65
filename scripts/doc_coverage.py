#!/usr/bin/env python3
"""Lists every public WidgetSDK symbol without a doc comment; exit 1 if any.

Reads the symbol graphs `swift package dump-symbol-graph` writes. Members a
type only inherits (a protocol extension's modifiers on each view) and the
compiler's own (hashValue, a property wrapper's $projection) are documented
where they are declared, so they are not counted twice.
"""
import glob
import json
import sys

folder = sys.argv[1]
documented, missing = 0, []
for path in sorted(glob.glob(f"{folder}/*.symbols.json")):
    graph = json.load(open(path))
    for symbol in graph["symbols"]:
        if symbol["accessLevel"] not in ("public", "open"):
            continue
        if "::SYNTHESIZED::" in symbol["identifier"]["precise"] or "location" not in symbol:
            continue
        if symbol.get("docComment"):
            documented += 1
            continue
        location = symbol["location"]
        where = f'{location["uri"].split("/SDK/", 1)[-1]}:{location["position"]["line"] + 1}'
        missing.append(f'{where}: {".".join(symbol["pathComponents"])} has no doc comment')

for line in missing:
    print(line)
print(f"WidgetSDK: {documented} public symbols documented, {len(missing)} without a doc comment")
sys.exit(1 if missing else 0)
