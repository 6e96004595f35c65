#!/usr/bin/env python3
"""The checks of make e2e on what the browser shows. Arguments: the dashboard
URL, the page as served, the DOM Chromium saw after the page's script ran,
then id:kind:name for each instance. Standard library only."""
import re, sys, urllib.request
from html.parser import HTMLParser

url, served_path, dom_path, *instances = sys.argv[1:]

class Tiles(HTMLParser):
    """Each figure's id, its card's src and alt (its name and what a screen reader says), and its caption."""
    def __init__(self):
        super().__init__()
        self.tiles, self.current, self.in_caption = {}, None, False
    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "figure":
            self.current = attrs["id"].removeprefix("w-")
            self.tiles[self.current] = {"caption": ""}
        elif tag == "img" and self.current:
            self.tiles[self.current].update(src=attrs.get("src"), alt=attrs.get("alt"))
        elif tag == "figcaption":
            self.in_caption = True
    def handle_endtag(self, tag):
        if tag == "figcaption": self.in_caption = False
        if tag == "figure": self.current = None
    def handle_data(self, data):
        if self.in_caption and self.current: self.tiles[self.current]["caption"] += data

def tiles(path):
    parser = Tiles()
    parser.feed(open(path, encoding="utf-8").read())
    return parser.tiles

def fail(message):
    print("e2e: " + message)
    sys.exit(1)

def seconds(caption):
    match = re.search(r"updated (\d+)([smhd]) ago", caption)
    if not match: fail(f"no age in the caption {caption!r}")
    return int(match[1]) * {"s": 1, "m": 60, "h": 3600, "d": 86400}[match[2]]

served, dom = tiles(served_path), tiles(dom_path)
# What the fake GitHub serves (Tests/Support/fake-github): names and counts
# as GitHub would show them.
expected = {
    "SingleRepo": ["apple/swift", "65.1k", "10.4k", "512", "3"],
    "DoubleRepo": ["apple/swift", "65.1k", "sallen0400/swift-news", "1.2k", "12"],
    "Contributor": ["DougGregor", "slavapestov", "gottesmm"],
}
for instance in instances:
    id, kind, name = instance.split(":", 2)
    if id not in dom: fail(f"instance {id} ({kind}) has no tile on the page")
    tile = dom[id]
    label = name or kind
    # The card's alt is its name, then what a screen reader says for it: what the card shows.
    if not tile["alt"].startswith(label + ": "): fail(f"{id}: the card's alt is {tile['alt']!r}, not {label!r} and what it says")
    for text in expected[kind]:
        if text not in tile["alt"] and text.split("/")[-1] not in tile["alt"]:
            fail(f"{id} ({kind}): a screen reader is not told {text!r}: the card's alt is {tile['alt']!r}")
    prefix = f"{name} · {kind} · {id} · " if name else f"{kind} · {id} · "
    if not tile["caption"].startswith(prefix): fail(f"{id}: caption {tile['caption']!r} does not start {prefix!r}")
    # The page's timer aged the caption: Chromium looked 9 s after the page was served.
    before, after = seconds(served[id]["caption"]), seconds(tile["caption"])
    if after < before + 5: fail(f"{id}: the caption did not age on the page ({served[id]['caption']!r} then {tile['caption']!r})")
    svg = urllib.request.urlopen(url.rstrip("/") + tile["src"]).read().decode()
    texts = re.findall(r">([^<]+)</text>", svg)
    shown = " ".join(texts)
    for text in expected[kind]:
        if text not in shown and text.split("/")[-1] not in texts:
            fail(f"{id} ({kind}): the card does not show {text!r}; it shows {texts}")
    print(f"e2e: {kind} {id}: {tile['caption']!r}; card shows {', '.join(expected[kind])}")
