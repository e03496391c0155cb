#!/usr/bin/env python3
"""Lists the public symbols that have no documentation comment, and fails if there is one.

Usage: check-doc-comments.py DIR...

Each DIR holds the symbol graphs of one module (<Module>.symbols.json and the
<Module>@<Other>.symbols.json graphs of its extensions to other modules), as
scripts/build-docs.sh extracts them. Every public or open symbol must carry a `///` comment
of its own, with these exceptions, which DocC documents without one:

- members the compiler synthesizes or a type inherits from a protocol's extension
  (their identifiers contain "::SYNTHESIZED::"), and
- implementation details: names starting with an underscore, and symbols inside them,
- extension blocks (`swift.extension`), which carry no documentation of their own.

A declaration the compiler makes implicitly (an enum's `init(rawValue:)`) has no source to
comment; the symbol graph gives it the documentation of the protocol requirement it fulfils,
which DocC shows, and it counts as documented.

Prints one line per undocumented symbol (module, kind, path, file and line), then the count
per module and in all; exits 1 when the count is not zero.
"""

import json
import os
import sys
from collections import Counter
from urllib.parse import unquote, urlparse

ACCESS_LEVELS = {"public", "open"}


def has_doc_comment(symbol):
    comment = symbol.get("docComment")
    if not comment:
        return False
    return any(line.get("text", "").strip() for line in comment.get("lines", []))


def location(symbol):
    loc = symbol.get("location")
    if not loc:
        return "?"
    path = unquote(urlparse(loc.get("uri", "")).path)
    cwd = os.getcwd() + os.sep
    if path.startswith(cwd):
        path = path[len(cwd):]
    line = loc.get("position", {}).get("line")
    return f"{path}:{line + 1}" if line is not None else path


def undocumented(graph_dir):
    module = os.path.basename(os.path.normpath(graph_dir))
    seen = set()
    for name in sorted(os.listdir(graph_dir)):
        if not name.endswith(".symbols.json"):
            continue
        with open(os.path.join(graph_dir, name), encoding="utf-8") as f:
            graph = json.load(f)
        for symbol in graph.get("symbols", []):
            if symbol.get("accessLevel") not in ACCESS_LEVELS:
                continue
            precise = symbol.get("identifier", {}).get("precise", "")
            if "::SYNTHESIZED::" in precise or precise in seen:
                continue
            seen.add(precise)
            path = symbol.get("pathComponents", [])
            if any(component.startswith("_") for component in path):
                continue
            # Extension blocks (kind "swift.extension") carry no documentation of their own.
            kind = symbol.get("kind", {}).get("identifier", "")
            if kind == "swift.extension":
                continue
            if not has_doc_comment(symbol):
                yield module, kind.removeprefix("swift."), ".".join(path), location(symbol)


def main(dirs):
    if not dirs:
        print(__doc__, file=sys.stderr)
        return 2
    counts = Counter()
    for graph_dir in dirs:
        module = os.path.basename(os.path.normpath(graph_dir))
        counts[module] += 0
        for module, kind, path, where in undocumented(graph_dir):
            counts[module] += 1
            print(f"undocumented: {module} {kind} {path} ({where})")
    total = sum(counts.values())
    for module, count in counts.items():
        print(f"{module}: {count} undocumented public symbols")
    print(f"total: {total} undocumented public symbols")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
