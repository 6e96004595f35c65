#!/usr/bin/env python3
"""make bench, change latency: from starting `widgethost add-instance` until
the running host has the instance's first entry (its first timeline
received, from a trivial kind), on a SQLite container
(found by the host's check once a second) and on PostgreSQL (announced by
LISTEN/NOTIFY), with a throwaway PostgreSQL from scripts/test_postgres.sh.
Prints figures; asserts nothing.

    scripts/bench_change_latency.py <widgethost binary> [placements]
"""
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

binary = os.path.abspath(sys.argv[1])
placements = int(sys.argv[2]) if len(sys.argv) > 2 else 10
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
work = tempfile.mkdtemp(prefix="widgethost-bench-change.")
os.chmod(work, 0o755)
cluster = os.path.join(work, "cluster")
url = subprocess.run([os.path.join(root, "scripts/test_postgres.sh"), "start", cluster],
                     check=True, capture_output=True, text=True).stdout.strip()


def measure(name, container):
    folder = os.path.join(work, name)
    os.makedirs(folder)
    manifest = os.path.join(folder, "config.yaml")
    with open(manifest, "w") as file:
        file.write(f"container:\n{container}\ngithub: {{api: \"http://127.0.0.1:9\"}}\n"
                   "widgets:\n  - {kind: Ticker, module: FixtureSchedules}\n")
    # Appending: the host shares this file offset, which reading moves.
    log = open(os.path.join(folder, "host.log"), "a+")
    host = subprocess.Popen([binary, "run", manifest, "--log"], stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_for(log, "host started")
        times = []
        for _ in range(placements):
            # Land anywhere between two of SQLite's checks, never in step with them.
            time.sleep(random.uniform(0.2, 1.2))
            started = time.monotonic()
            added = subprocess.run([binary, "add-instance", "Ticker", "--config", manifest],
                                   check=True, capture_output=True, text=True).stdout
            wait_for(log, f"instance={added[6:12]} kind=Ticker [widgethost] timeline received")
            times.append(time.monotonic() - started)
        print(f"  {name:<10} median {statistics.median(times) * 1000:6.0f} ms, "
              f"min {min(times) * 1000:5.0f}, max {max(times) * 1000:5.0f} ({placements} placements)")
    finally:
        host.terminate()
        host.wait()


def wait_for(log, text, bound=30):
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        log.seek(0)
        if text in log.read():
            return
        time.sleep(0.002)
    raise SystemExit(f"the host never logged '{text}'")


print("Change latency: add-instance started → the running host has its first entry")
try:
    measure("sqlite", "  group: group.bench.change\n  path: data")
    measure("postgres", f"  group: group.bench.change\n  url: {url}")
finally:
    subprocess.run([os.path.join(root, "scripts/test_postgres.sh"), "stop", cluster])
