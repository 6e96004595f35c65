#!/usr/bin/env python3
"""make test, first step beside the import check: the documentation holds
together. Every relative link in README.md, BENCHMARKS.md and docs/*.md
reaches a file of the repository, every `#anchor` a heading of the page it
names (as GitHub makes anchors), every page of docs/ is reachable from
the README, so nothing moved there is lost to a reader, and a code block
marked `<!-- example: <path> -->` is that file of the repository, whole.
The threads table of docs/architecture.md names every thread the host's
sources start (a `"wh-…"` name given to `NamedThread` or `JobThreads`), and
no thread they do not.

    scripts/check_docs.py            # prints what is wrong, exits 1 if anything is
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINK = re.compile(r"\[((?:[^\[\]]|\[[^\]]*\])*)\]\(([^)\s]+)\)", re.S)
HTML_LINK = re.compile(r'\b(?:href|src)="([^"#:]+)(#[^"]*)?"')


def without_fences(text):
    """The text with its fenced blocks blanked, lines kept."""
    return re.sub(r"^```.*?^```", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S | re.M)


def without_code(text):
    """The text with fenced blocks and inline code blanked, lines kept."""
    return re.sub(r"`[^`\n]*`", "``", without_fences(text))


def anchors(path):
    """GitHub's anchors for a page's headings: lower case, punctuation
    (backticks too) dropped, spaces as hyphens, a repeated one numbered."""
    seen, result = {}, set()
    for line in without_fences(open(path, encoding="utf-8").read()).split("\n"):
        match = re.match(r"^#{1,6} (.*)$", line)
        if not match:
            continue
        title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", match.group(1))
        slug = re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        result.add(slug if count == 0 else f"{slug}-{count}")
    return result


def pages():
    yield os.path.join(ROOT, "README.md")
    yield os.path.join(ROOT, "BENCHMARKS.md")
    docs = os.path.join(ROOT, "docs")
    for name in sorted(os.listdir(docs)):
        if name.endswith(".md"):
            yield os.path.join(docs, name)


def thread_problems():
    """The `wh-` threads the sources start against architecture.md's table.
    A name built from a value (`wh-read-\\(module)`) and one numbered by
    `JobThreads` (`wh-container-0`) count by their fixed part."""
    def fixed(name):
        return re.sub(r"-(\\\(\w+\)|<\w+>|\d+)$", "", name)
    started = {}
    for folder, _, files in os.walk(os.path.join(ROOT, "Sources")):
        for name in files:
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            for number, line in enumerate(open(path, encoding="utf-8"), 1):
                for match in re.finditer(r'"(wh-[^"]+)"', line):
                    started.setdefault(fixed(match.group(1)), f"{os.path.relpath(path, ROOT)}:{number}")
    page = os.path.join(ROOT, "docs", "architecture.md")
    table = {}
    for number, line in enumerate(open(page, encoding="utf-8"), 1):
        if line.startswith("| `wh-"):
            name = re.match(r"\| `([^`]+)`", line).group(1)
            table.setdefault(fixed(name), number)
    problems = [f"{where}: the thread {name} is not in the threads table of docs/architecture.md"
                for name, where in sorted(started.items()) if name not in table]
    problems += [f"docs/architecture.md:{number}: the threads table names {name}, which no source starts"
                 for name, number in sorted(table.items()) if name not in started]
    return problems


def main():
    problems, linked = thread_problems(), {}
    cache = {}
    for page in pages():
        text = without_code(open(page, encoding="utf-8").read())
        relative = os.path.relpath(page, ROOT)
        targets = [(m.group(2), text[: m.start()].count("\n") + 1) for m in LINK.finditer(text)]
        targets += [(m.group(1) + (m.group(2) or ""), text[: m.start()].count("\n") + 1) for m in HTML_LINK.finditer(text)]
        for target, line in targets:
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                continue  # https:, mailto:, doc:
            path, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
            where = f"{relative}:{line}"
            if not os.path.exists(resolved):
                problems.append(f"{where}: {target} does not exist")
                continue
            linked.setdefault(resolved, set()).add(page)
            if anchor and resolved.endswith(".md"):
                if resolved not in cache:
                    cache[resolved] = anchors(resolved)
                if anchor not in cache[resolved]:
                    problems.append(f"{where}: {os.path.relpath(resolved, ROOT)} has no heading for #{anchor}")
    # Every page of docs/ is reached from the README, directly or through other pages.
    readme = os.path.join(ROOT, "README.md")
    reached, frontier = {readme}, [readme]
    while frontier:
        current = frontier.pop()
        for target, sources in linked.items():
            if current in sources and target not in reached and target.endswith(".md"):
                reached.add(target)
                frontier.append(target)
    for page in pages():
        if page not in reached and page != readme:
            problems.append(f"{os.path.relpath(page, ROOT)}: no link from the README reaches it")
    for page in pages():
        text = open(page, encoding="utf-8").read()
        for match in re.finditer(r"<!-- example: (\S+) -->\n```\w*\n(.*?)^```", text, re.S | re.M):
            source = os.path.join(ROOT, match.group(1))
            line = text[: match.start()].count("\n") + 1
            if not os.path.exists(source):
                problems.append(f"{os.path.relpath(page, ROOT)}:{line}: the example {match.group(1)} does not exist")
            elif open(source, encoding="utf-8").read() != match.group(2):
                problems.append(f"{os.path.relpath(page, ROOT)}:{line}: the block is not {match.group(1)} as it is: copy the file in")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"docs: {sum(1 for _ in pages())} pages, every link and anchor resolves; the threads table is the sources'")


if __name__ == "__main__":
    main()
