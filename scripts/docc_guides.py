#!/usr/bin/env python3
"""make docs: the kind author's guide in docs/ as articles of the SDK's DocC
catalog, so the reference and the guide are read in one place and written
in one: the pages stay in docs/, and this copies the catalog with them in.

    scripts/docc_guides.py <output catalog>

Links between guide pages become DocC links; links to other pages and files
of the repository, which the reference does not carry, keep their text.
"""
import os
import re
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOG = os.path.join(ROOT, "SDK/Sources/WidgetSDK/WidgetSDK.docc")
# docs/ page -> article name, in the order the reference lists them.
GUIDES = {
    "writing-kinds.md": "WritingAWidgetKind",
    "views.md": "ViewsAndModifiers",
    "interactive.md": "InteractiveWidgets",
    "symbols.md": "SFSymbols",
    "authors-loop.md": "TheAuthorsLoop",
    "porting.md": "PortingAWidgetExtension",
}
LINK = re.compile(r"\[((?:[^\[\]]|\[[^\]]*\])*)\]\(([^)\s]+)\)", re.S)


def article(text):
    def replace(match):
        label, target = match.group(1), match.group(2)
        if re.match(r"^https?:", target):
            return match.group(0)
        page = target.partition("#")[0]
        if page in GUIDES:
            return f"[{label}](doc:{GUIDES[page]})"
        return label

    parts = re.split(r"(^```.*?^```)", text, flags=re.S | re.M)
    return "".join(part if part.startswith("```") else LINK.sub(replace, part) for part in parts)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    output = sys.argv[1]
    shutil.rmtree(output, ignore_errors=True)
    shutil.copytree(CATALOG, output)
    for page, name in GUIDES.items():
        with open(os.path.join(ROOT, "docs", page), encoding="utf-8") as source:
            text = article(source.read())
        with open(os.path.join(output, f"{name}.md"), "w", encoding="utf-8") as target:
            target.write(text)
    root = os.path.join(output, "WidgetSDK.md")
    with open(root, encoding="utf-8") as file:
        text = file.read()
    guides = "### Guides\n\n" + "".join(f"- <doc:{name}>\n" for name in GUIDES.values()) + "\n"
    if "## Topics\n\n" not in text:
        sys.exit(f"{root}: no '## Topics' section to list the guides in")
    with open(root, "w", encoding="utf-8") as file:
        file.write(text.replace("## Topics\n\n", "## Topics\n\n" + guides, 1))
    print(f"{output}: the catalog with {len(GUIDES)} guides from docs/")


if __name__ == "__main__":
    main()
