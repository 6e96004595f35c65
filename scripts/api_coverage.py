#!/usr/bin/env python3
"""The compatibility table: which of Apple's widget APIs build against the SDK.

Every row of scripts/api_coverage/rows.txt is code as a widget extension
writes it. This typechecks all of them against the built SDK modules (in
.build/debug/Modules, as `swift build` leaves them) with the settings that
`widgethost new` writes into a kind's package, and writes the table between
the markers of docs/compatibility.md: a row that builds is provided (drawn,
or accepted and drawn as if absent, as the row says), one that does not is
missing, with the compiler's first words.

    scripts/api_coverage.py            write the table
    scripts/api_coverage.py --check    fail if the table is not what the SDK gives
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HERE = os.path.join(ROOT, "scripts", "api_coverage")
DOC = os.path.join(ROOT, "docs", "compatibility.md")
BEGIN, END = "<!-- coverage: begin -->\n", "<!-- coverage: end -->"
STATUS = {"drawn": "provided, drawn", "accepted": "provided, drawn as if absent"}


def rows():
    result = []
    with open(os.path.join(HERE, "rows.txt"), encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            if not line.strip() or line.startswith("#"):
                continue
            parts = [part.strip() for part in line.rstrip("\n").split(" | ", 3)]
            if len(parts) != 4 or parts[2] not in STATUS:
                sys.exit(f"rows.txt:{number}: expected 'Framework | API | drawn or accepted | code'")
            result.append({"framework": parts[0], "api": parts[1], "when": parts[2], "code": parts[3]})
    return result


def swiftc():
    swift = os.environ.get("SWIFT") or "swift"
    found = subprocess.run(["bash", "-c", f"command -v {swift}"], capture_output=True, text=True).stdout.strip()
    return os.path.join(os.path.dirname(os.path.realpath(found)), "swiftc") if found else "swiftc"


def typecheck(source):
    """The compiler's errors for `source`, as (line, message)."""
    modules = os.path.join(ROOT, ".build", "debug", "Modules")
    macros = os.path.join(ROOT, ".build", "debug", "WidgetMacros-tool")
    if not os.path.isdir(modules):
        sys.exit("no .build/debug/Modules: run 'swift build' first")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "Coverage.swift")
        with open(path, "w", encoding="utf-8") as file:
            file.write(source)
        command = [swiftc(), "-typecheck", "-swift-version", "5", "-I", modules,
                   "-load-plugin-executable", f"{macros}#WidgetMacros",
                   "-Xfrontend", "-import-module", "-Xfrontend", "FoundationNetworking",
                   "-module-alias", "UIKit=WidgetUIKit", "-module-alias", "Combine=WidgetCombine",
                   "-module-alias", "os=WidgetOS", path]
        output = subprocess.run(command, capture_output=True, text=True).stderr
    # The compiler's order varies from run to run: sorted, so a row's first error is always the same.
    errors = sorted((int(match.group(1)), int(match.group(2)), match.group(3))
                    for match in re.finditer(r"^[^\s:]*Coverage\.swift:(\d+):(\d+): error: (.*)$", output, re.M))
    return [(line, message) for line, _, message in errors]


def statuses(table):
    prelude = open(os.path.join(HERE, "prelude.swift"), encoding="utf-8").read()
    lines = prelude.count("\n") + 1
    source = prelude + "\n"
    spans = []
    alone = []
    for index, row in enumerate(table):
        code = row["code"]
        if code.startswith("decl: import "):
            # A missing module ends the whole typecheck: such a row goes alone.
            alone.append(index)
            continue
        body = code[len("decl: "):] if code.startswith("decl: ") else f"@MainActor func row{index}() {{\n{code}\n}}"
        start = lines + 1
        source += body + "\n"
        lines += body.count("\n") + 1
        spans.append((index, start, lines))
    found = {}
    for line, message in typecheck(source):
        owner = next((index for index, start, end in spans if start <= line <= end), None)
        if owner is None:
            sys.exit(f"the prelude does not build: {message}")
        found.setdefault(owner, message)
    for index in alone:
        errors = typecheck(prelude + "\n" + table[index]["code"][len("decl: "):] + "\n")
        if errors:
            found[index] = errors[0][1]
    return found


def markdown(table, found):
    out = []
    frameworks = []
    for row in table:
        if row["framework"] not in frameworks:
            frameworks.append(row["framework"])
    provided = sum(1 for index in range(len(table)) if index not in found)
    out.append(f"{provided} of {len(table)} rows provided "
               f"({sum(1 for i, r in enumerate(table) if i not in found and r['when'] == 'drawn')} drawn, "
               f"{sum(1 for i, r in enumerate(table) if i not in found and r['when'] == 'accepted')} drawn as if absent), "
               f"{len(found)} missing.\n")
    for framework in frameworks:
        out.append(f"\n### {framework}\n\n| API | here |\n| --- | --- |\n")
        for index, row in enumerate(table):
            if row["framework"] != framework:
                continue
            if index in found:
                message = found[index].replace("|", "\\|").replace("`", "'")
                status = f"missing: {message}"
            else:
                status = STATUS[row["when"]]
            api = row["api"].replace("|", "\\|")
            out.append(f"| {api} | {status} |\n")
    return "".join(out)


def main():
    table = rows()
    generated = markdown(table, statuses(table))
    document = open(DOC, encoding="utf-8").read()
    begin, end = document.index(BEGIN) + len(BEGIN), document.index(END)
    if "--check" in sys.argv:
        if document[begin:end] != generated:
            sys.exit("docs/compatibility.md's table is not what the SDK builds: run scripts/api_coverage.py and commit the change")
        print(f"docs/compatibility.md: the table is what the SDK builds ({len(table)} rows)")
        return
    with open(DOC, "w", encoding="utf-8") as file:
        file.write(document[:begin] + generated + document[end:])
    print(generated.splitlines()[0])


if __name__ == "__main__":
    main()
