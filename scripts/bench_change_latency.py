#!/usr/bin/env python3
"""make bench, change latency: from starting `widgethost add-instance` until
the running host has the instance's first entry (its first timeline
received, from a trivial kind), on a SQLite container (the host wakes on
inotify and reads the change log) and on PostgreSQL (announced by
LISTEN/NOTIFY), with a throwaway PostgreSQL from scripts/test_postgres.sh.
Prints figures; asserts nothing.

    scripts/bench_change_latency.py <widgethost binary> [placements]
"""
import os
import random
import statistics
import subprocess
import sys
import time

from bench_support import ThrowawayPostgres, host_log, wait_for

binary = os.path.abspath(sys.argv[1])
placements = int(sys.argv[2]) if len(sys.argv) > 2 else 10
postgres = ThrowawayPostgres("widgethost-bench-change.")
work, url = postgres.work, postgres.url


def measure(name, container):
    folder = os.path.join(work, name)
    os.makedirs(folder)
    manifest = os.path.join(folder, "config.yaml")
    with open(manifest, "w") as file:
        file.write(f"container:\n{container}\ngithub: {{api: \"http://127.0.0.1:9\"}}\n"
                   "widgets:\n  - {kind: Ticker, module: FixtureSchedules}\n")
    log = host_log(os.path.join(folder, "host.log"))
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
            wait_for(log, f"instance={added[6:12]} kind=Ticker [widgethost] timeline received", bound=30, step=0.002)
            times.append(time.monotonic() - started)
        print(f"  {name:<10} median {statistics.median(times) * 1000:6.0f} ms, "
              f"min {min(times) * 1000:5.0f}, max {max(times) * 1000:5.0f} ({placements} placements)")
    finally:
        host.terminate()
        host.wait()


print("Change latency: add-instance started → the running host has its first entry")
try:
    measure("sqlite", "  group: group.bench.change\n  path: data")
    measure("postgres", f"  group: group.bench.change\n  url: {url}")
finally:
    postgres.stop()
