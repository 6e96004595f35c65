#!/usr/bin/env python3
"""make bench, scale: many instances on one SQLite host and on three
PostgreSQL hosts, what a host costs when nothing is due, and how much a
change makes the hosts read. Prints figures; asserts nothing.

  cold start   INSTANCES instances of a trivial kind (Ticker, one entry,
               policy never) placed in one statement before the hosts start;
               time until every first timeline is received, and each host's
               peak RSS and leases
  idle         then 60 s with nothing due: CPU of each host process (its
               extension included) and, on PostgreSQL, of the database
  per change   with the hosts idle, one `add-instance`: rows of the instance
               table the database read for it (pg_stat_user_tables), and the
               time until its first timeline

    scripts/bench_scale.py <widgethost binary> [instances...]   (default: 10000 100000)
"""
import os
import statistics
import subprocess
import sys
import time

from bench_support import Fleet, ThrowawayPostgres, database_cpu_seconds, process_cpu_seconds

binary = os.path.abspath(sys.argv[1])
sizes = [int(size) for size in sys.argv[2:]] or [10_000, 100_000]
postgres = ThrowawayPostgres("widgethost-bench-scale.")
fleet = Fleet(binary, postgres)
IDLE = 60


def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as file:
            return [int(child) for child in file.read().split()]
    except OSError:
        return []


def cpu(pid):
    """The host's CPU and its extensions'."""
    return sum(process_cpu_seconds(each) for each in [pid] + children(pid))


def peak_rss(pid):
    with open(f"/proc/{pid}/status") as file:
        for line in file:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0


def rows_read(schema):
    return int(fleet.psql(f"""SELECT coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0)
                             FROM pg_stat_user_tables WHERE schemaname = '{schema}' AND relname = 'instance'""").strip() or 0)


def run(count, hosts_count, on_postgres):
    name = f"{'postgres' if on_postgres else 'sqlite'}-{hosts_count}-{count}"
    schema = f"group.bench.{name}"
    container = f"  group: {schema}\n  url: {postgres.url}" if on_postgres else f"  group: {schema}\n  path: data"
    folder, path = fleet.manifest(name, container)
    template = fleet.place_template(path)
    if on_postgres:
        fleet.bulk_postgres(schema, template, count)
    else:
        Fleet.bulk_sqlite(folder, template, count)
    started = time.monotonic()
    hosts = fleet.start_hosts(folder, path, hosts_count)
    try:
        counts = fleet.wait_for_all(hosts, count, bound=3600)
        elapsed = time.monotonic() - started
        duplicates = sum(number - 1 for number in counts.values() if number > 1)
        rss = [peak_rss(process.pid) for process, _ in hosts]
        # Settle: the last saves, the leases' first renewals.
        time.sleep(5)
        before = [cpu(process.pid) for process, _ in hosts]
        database_before = database_cpu_seconds()
        time.sleep(IDLE)
        idle = [(cpu(process.pid) - seconds) / IDLE * 100 for (process, _), seconds in zip(hosts, before)]
        database = (database_cpu_seconds() - database_before) / IDLE * 100
        held = ""
        if on_postgres:
            held = " / ".join(fleet.psql(f"""SELECT count(l.instance_id) FROM "{schema}".fleet_host h
                                          LEFT JOIN "{schema}".lease l ON l.holder = h.id GROUP BY h.id ORDER BY 1""").split())
        print(f"  {name:<22} cold start {elapsed:6.1f} s ({count / elapsed:5.0f}/s), duplicates {duplicates}, "
              f"peak RSS {' / '.join(f'{each:.0f}' for each in rss)} MiB" + (f", leases {held}" if held else ""))
        print(f"  {'':<22} idle: host CPU {' / '.join(f'{each:.2f}' for each in idle)} % of a core"
              + (f", database {database:.2f} %" if on_postgres else ""))
        times, reads = [], []
        # Only what the logs gained: reading 100,000 lines every 2 ms would compete with the hosts.
        offsets = [os.path.getsize(log.name) for _, log in hosts]
        for _ in range(5):
            read = rows_read(schema) if on_postgres else 0
            at = time.monotonic()
            added = subprocess.run([binary, "add-instance", "Ticker", "--entries", "1", "--policy", "never", "--config", path],
                                   check=True, capture_output=True, text=True).stdout
            line = f"instance={added[6:12]} kind=Ticker [widgethost] timeline received"
            deadline, seen = time.monotonic() + 60, False
            while not seen and time.monotonic() < deadline:
                for index, (_, log) in enumerate(hosts):
                    log.seek(offsets[index])
                    seen = seen or line in log.read()
                time.sleep(0.002)
            times.append(time.monotonic() - at)
            time.sleep(1)
            if on_postgres:
                reads.append(rows_read(schema) - read)
        print(f"  {'':<22} add-instance to first entry: median {statistics.median(times) * 1000:.0f} ms"
              + (f"; instance rows read per change: median {statistics.median(reads):.0f}" if on_postgres else ""))
    finally:
        fleet.stop(hosts)


print("Scale: cold start, idle cost and the cost of a change (release build)")
try:
    for size in sizes:
        run(size, 1, on_postgres=False)
        run(size, 3, on_postgres=True)
finally:
    postgres.stop()
