#!/usr/bin/env python3
"""make test, first step: the package's arrows are what docs/architecture.md
says, and every module a target imports is one it declares.

1. Each target's `import` lines (any attribute or access level) name only
   modules the target declares in Package.swift (a target or product it
   depends on), the toolchain's own modules, or itself.
2. The arrows between the package's own targets, as Package.swift declares
   them, are exactly those of the `layers` block in docs/architecture.md,
   and they form no cycle.
3. Inside a target, its folders are layered as the `folders` block of
   docs/architecture.md lists them, bottom first: a file uses the types
   declared in its own folder or one listed before it, never after, so the
   folders form no cycle either. A type's use is its name in the code (not
   in a comment or a string), unless the file declares that name itself
   (a nested type); extending a type uses its folder too. Every
   target with more than one folder is listed; one listed as `unlayered`
   (with its reason after a dash) is not checked, and is counted as such.

Both packages are checked: the host's and the SDK's (SDK/). Prints each
problem as file:line: message and exits 1 if there is any.

    scripts/check_imports.py [package folder]
"""
import json
import os
import re
import subprocess
import sys

# What the Swift toolchain brings: no package declares these.
TOOLCHAIN = {
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    "FoundationXML", "Glibc", "Musl", "Darwin", "Dispatch", "Synchronization", "Testing", "XCTest",
    "_Concurrency", "_StringProcessing", "RegexBuilder", "Observation", "Swift", "SwiftShims",
}

IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:class|struct|enum|func|protocol|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)")
ARROW = re.compile(r"^\s*([A-Za-z_][\w-]*)\s*->\s*(.*?)\s*$")


def dump(package):
    output = subprocess.run(["swift", "package", "dump-package"], cwd=package, check=True,
                            capture_output=True, text=True).stdout
    return json.loads(output)


def dependency_names(target):
    names = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names


def module_aliases(target):
    """Names a target imports under `-module-alias alias=real` (a kind's
    `UIKit` and `Combine`, which are WidgetSDK): each counts as its real module."""
    flags = []
    for setting in target.get("settings", []):
        flags += setting.get("kind", {}).get("unsafeFlags", {}).get("_0", [])
    return {flags[i + 1].split("=")[0]: flags[i + 1].split("=")[1]
            for i in range(len(flags) - 1) if flags[i] == "-module-alias" and "=" in flags[i + 1]}


def default_folder(target):
    return {"test": "Tests", "plugin": "Plugins"}.get(target["type"], "Sources")


def sources(package, target):
    root = os.path.join(package, target.get("path") or os.path.join(default_folder(target), target["name"]))
    excluded = [os.path.normpath(os.path.join(root, path)) for path in target.get("exclude", [])]
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [name for name in subfolders
                         if os.path.normpath(os.path.join(folder, name)) not in excluded]
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(folder, name)


def layers(document):
    """The `layers` block of the architecture document: `Target -> A, B` a line."""
    arrows, inside, found = {}, False, False
    with open(document) as file:
        for number, line in enumerate(file, 1):
            if line.strip() == "```layers":
                inside, found = True, True
                continue
            if inside and line.strip() == "```":
                inside = False
                continue
            if inside and line.strip() and not line.lstrip().startswith("#"):
                match = ARROW.match(line)
                if not match:
                    sys.exit(f"{document}:{number}: not `Target -> Dependency, …`: {line.strip()}")
                arrows[match.group(1)] = {name.strip() for name in match.group(2).split(",") if name.strip()}
    if not found:
        sys.exit(f"{document}: no ```layers block")
    return arrows


DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|open|indirect|nonisolated)\s+)*"
    r"(?:struct|class|enum|actor|protocol|typealias)\s+([A-Z]\w*)", re.M)
NESTED_DECLARATION = re.compile(r"^\s*" + DECLARATION.pattern[1:], re.M)
EXTENSION = re.compile(r"^(?:(?:public|package|internal|fileprivate|private)\s+)?extension\s+([A-Z]\w*)", re.M)
TYPE_NAME = re.compile(r"\b([A-Z]\w*)\b")
ROOT_FOLDER = "(root)"


def code_only(text):
    """Swift without its comments and string literals."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'"""[\s\S]*?"""', '""', text)
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


def folder_layers(document):
    """The `folders` block: `Target: bottom, …, top` a line."""
    result, inside = {}, False
    with open(document) as file:
        for number, line in enumerate(file, 1):
            if line.strip() == "```folders":
                inside = True
                continue
            if inside and line.strip() == "```":
                inside = False
                continue
            if inside and line.strip() and not line.lstrip().startswith("#"):
                target, colon, folders = line.partition(":")
                if not colon:
                    sys.exit(f"{document}:{number}: not `Target: Folder, …`: {line.strip()}")
                folders = folders.strip()
                result[target.strip()] = None if folders.startswith("unlayered") else \
                    [name.strip() for name in folders.split(",") if name.strip()]
    return result


def folder_problems(package, target, listed, unlayered=()):
    """Uses of a type from a folder listed after the user's own."""
    root = os.path.join(package, target.get("path") or os.path.join(default_folder(target), target["name"]))
    files = {}
    for path in sources(package, target):
        relative = os.path.relpath(os.path.dirname(path), root)
        folder = ROOT_FOLDER if relative == "." else relative.split(os.sep)[0]
        with open(path, encoding="utf-8") as file:
            files[path] = (folder, code_only(file.read()))
    folders = {folder for folder, _ in files.values()}
    if listed is None and target["name"] in unlayered:
        return []
    if len(folders) < 2 and listed is None:
        return []
    if listed is None:
        return [f"docs/architecture.md: folders lacks {target['name']} (its folders: {', '.join(sorted(folders))})"]
    problems = [f"docs/architecture.md: folders lists {target['name']}'s {name}, which it does not have"
                for name in listed if name not in folders]
    problems += [f"docs/architecture.md: folders lacks {target['name']}'s {name}" for name in sorted(folders - set(listed))]
    if problems:
        return problems
    home = {}
    for path, (folder, text) in files.items():
        for name in DECLARATION.findall(text):
            home.setdefault(name, set()).add(folder)
    rank = {name: index for index, name in enumerate(listed)}
    seen = set()
    for path, (folder, text) in sorted(files.items()):
        # A name the file declares itself (a nested `DisplayRepresentation.Image`)
        # is its own, not the folder's of the same name elsewhere.
        own = set(NESTED_DECLARATION.findall(text))
        used = [(name, "extends") for name in EXTENSION.findall(text)] + \
            [(name, "uses") for name in TYPE_NAME.findall(text) if name not in own]
        for name, how in used:
            for other in home.get(name, ()):
                if other != folder and rank[other] > rank[folder] and (path, name) not in seen:
                    seen.add((path, name))
                    problems.append(f"{os.path.relpath(path)}: {how} {name}, declared in {target['name']}'s {other}, "
                                    f"a folder docs/architecture.md layers above {folder}")
    return problems


def cycle(arrows):
    """One cycle among the arrows, or None."""
    state = {}

    def visit(node, path):
        state[node] = "open"
        for next_node in sorted(arrows.get(node, ())):
            if state.get(next_node) == "open":
                return path[path.index(next_node):] + [next_node]
            if next_node not in state:
                found = visit(next_node, path + [next_node])
                if found:
                    return found
        state[node] = "done"
        return None

    for node in sorted(arrows):
        if node not in state:
            found = visit(node, [node])
            if found:
                return found
    return None


def product_modules(package):
    """The modules each library product of `package` holds: a product may hold
    several (the SDK's holds WidgetKit, SwiftUI, AppIntents, WidgetUIKit, WidgetCombine and WidgetOS beside WidgetSDK)."""
    if not os.path.exists(os.path.join(package, "Package.swift")):
        return {}
    return {product["name"]: set(product["targets"]) for product in dump(package)["products"]}


def check(package, problems, products={}, folders={}):
    description = dump(package)
    own = {target["name"] for target in description["targets"]}
    arrows = {}
    for target in description["targets"]:
        declared = dependency_names(target)
        for name in list(declared):
            declared |= products.get(name, set())
        arrows[target["name"]] = declared & own
        if target["type"] == "system":
            continue
        problems += folder_problems(package, target, folders.get(target["name"]),
                                    {name for name, listed in folders.items() if listed is None})
        allowed = TOOLCHAIN | declared | {target["name"]}
        allowed |= {alias for alias, real in module_aliases(target).items() if real in allowed}
        for path in sources(package, target):
            with open(path, encoding="utf-8") as file:
                in_string = False  # a multi-line string literal: a template's `import` is text
                for number, line in enumerate(file, 1):
                    if line.count('"""') % 2 == 1:
                        in_string = not in_string
                        continue
                    match = None if in_string else IMPORT.match(line)
                    if match and match.group(1) not in allowed:
                        problems.append(f"{os.path.relpath(path)}:{number}: {target['name']} imports "
                                        f"{match.group(1)}, which Package.swift does not declare for it")
    return arrows


def main():
    package = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    problems = []
    sdk = os.path.join(package, "SDK")
    document = os.path.join(package, "docs", "architecture.md")
    folders = folder_layers(document)
    arrows = check(package, problems, product_modules(sdk), folders)
    if os.path.exists(os.path.join(sdk, "Package.swift")):
        check(sdk, problems, folders=folders)

    documented = layers(document)
    for target in sorted(set(arrows) | set(documented)):
        if target not in arrows:
            problems.append(f"docs/architecture.md: layers names {target}, which is not a target of Package.swift")
        elif target not in documented:
            problems.append(f"docs/architecture.md: layers lacks {target} (`{target} -> "
                            f"{', '.join(sorted(arrows[target]))}`)")
        else:
            for extra in sorted(arrows[target] - documented[target]):
                problems.append(f"Package.swift: {target} depends on {extra}, an arrow docs/architecture.md does not allow")
            for missing in sorted(documented[target] - arrows[target]):
                problems.append(f"docs/architecture.md: layers says {target} -> {missing}, which Package.swift does not declare")
    loop = cycle(arrows)
    if loop:
        problems.append(f"Package.swift: the targets form a cycle: {' -> '.join(loop)}")

    for problem in problems:
        print(problem)
    if problems:
        sys.exit(1)
    print(f"imports: every import is declared; {sum(len(to) for to in arrows.values())} arrows between "
          f"{len(arrows)} targets and the folders of {sum(1 for listed in folders.values() if listed)} "
          f"({sum(1 for listed in folders.values() if listed is None)} unlayered), as docs/architecture.md draws them")


main()
