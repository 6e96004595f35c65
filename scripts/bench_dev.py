#!/usr/bin/env python3
"""make bench, the authors' loop: the time from saving a one-line change to a
small kind until `widgethost dev` shows it, and what watching costs while
nobody types. Prints figures; asserts nothing.

    scripts/bench_dev.py <widgethost binary> [edits]
"""
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

binary = os.path.abspath(sys.argv[1])
edits = int(sys.argv[2]) if len(sys.argv) > 2 else 5
work = tempfile.mkdtemp(prefix="widgethost-bench-dev.")
package = os.path.join(work, "Bench")
subprocess.run([binary, "new", "Bench", "--dir", package], check=True, stdout=subprocess.DEVNULL)
view = os.path.join(package, "Sources/Bench/BenchView.swift")

dev = subprocess.Popen([binary, "dev", package, "--json"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
reports = []
arrived = threading.Condition()


def read():
    for line in dev.stdout:
        if line.startswith('{"build"'):
            with arrived:
                reports.append((time.monotonic(), json.loads(line)))
                arrived.notify_all()


threading.Thread(target=read, daemon=True).start()


def wait_for(predicate, bound=600):
    deadline = time.monotonic() + bound
    with arrived:
        while True:
            for stamp, report in reports:
                if predicate(report):
                    return stamp, report
            if not arrived.wait(timeout=max(0.0, deadline - time.monotonic())):
                sys.exit("bench_dev: dev did not report in time")


def first_text(report):
    return report["kinds"][0]["families"][0]["snapshot"]["texts"][0]


def cpu_seconds(pid):
    """User and system time of a process and its children still running."""
    total = 0.0
    pids = [pid] + [int(child) for child in open(f"/proc/{pid}/task/{pid}/children").read().split()]
    for each in pids:
        fields = open(f"/proc/{each}/stat").read().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


_, first = wait_for(lambda r: r["status"] == "ok")
print(f"dev: first build (the SDK and the kind) {first['buildSeconds']:.2f} s, previews {first['previewSeconds'] * 1000:.0f} ms")

time.sleep(2)
before = cpu_seconds(dev.pid)
time.sleep(10)
idle = cpu_seconds(dev.pid) - before
print(f"dev: watching while idle, 10 s: {idle * 1000:.0f} ms CPU (host and extension; inotify, no polling)")

totals, builds, previews = [], [], []
source = open(view).read()
for number in range(edits):
    text = f"Edit{number}"
    changed = source.replace('Text("Bench")', f'Text("{text}")', 1)
    saved = time.monotonic()
    with open(view, "w") as handle:
        handle.write(changed)
    stamp, report = wait_for(lambda r: r["status"] == "ok" and first_text(r) == text)
    totals.append(stamp - saved)
    builds.append(report["buildSeconds"])
    previews.append(report["previewSeconds"])
dev.terminate()
dev.wait()

def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2]

print(f"dev: save to updated preview, one-line change to the view ({edits} edits): median {median(totals):.2f} s, "
      f"min {min(totals):.2f} s, max {max(totals):.2f} s (aim: 1 s at most on an idle machine)")
print(f"dev:   of which swift build median {median(builds):.2f} s; previews (every family, 3 modes, placeholder, "
      f"timeline) after the build median {median(previews) * 1000:.0f} ms")
