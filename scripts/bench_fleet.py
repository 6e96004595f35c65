#!/usr/bin/env python3
"""make bench, the fleet: claim throughput and failover for hosts sharing a
container on PostgreSQL, against one host on SQLite, with a throwaway
PostgreSQL from scripts/test_postgres.sh. Prints figures; asserts nothing.

Claim throughput: the hosts run on an empty container; then INSTANCES
instances of a trivial kind (FixtureSchedules' Ticker, policy never, so each
wants exactly one reload) appear in one transaction, all due at once. The
figure is the time from that commit until every instance's first timeline is
received, read from the hosts' logs, and duplicates are instances whose
timeline was received more than once across the hosts (must be 0).

Failover: three hosts share 300 instances with the default lease; one is
killed with SIGKILL; the figure is the time until another host logs that it
took the killed host's instances over.

    scripts/bench_fleet.py <widgethost binary> [instances]
"""
import collections
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time

from bench_support import ThrowawayPostgres, host_log, wait_for

binary = os.path.abspath(sys.argv[1])
instances = int(sys.argv[2]) if len(sys.argv) > 2 else 30_000
postgres_server = ThrowawayPostgres("widgethost-bench-fleet.")
work, url = postgres_server.work, postgres_server.url
received = re.compile(r"instance=(\w+) kind=Ticker \[widgethost\] timeline received")


def manifest(name, container):
    folder = os.path.join(work, name)
    os.makedirs(folder)
    path = os.path.join(folder, "config.yaml")
    with open(path, "w") as file:
        file.write(f"container:\n{container}\ngithub: {{api: \"http://127.0.0.1:9\"}}\n"
                   "widgets:\n  - {kind: Ticker, module: FixtureSchedules}\n")
    return folder, path


def place_template(path):
    """One instance placed by the CLI, whose row the bulk insert copies."""
    added = subprocess.run([binary, "add-instance", "Ticker", "--entries", "1", "--policy", "never", "--config", path],
                           check=True, capture_output=True, text=True).stdout
    return added[6:12]


def start_hosts(folder, path, count):
    hosts = []
    for number in range(count):
        log = host_log(os.path.join(folder, f"host{number}.log"))
        process = subprocess.Popen([binary, "run", path, "--log"], stdout=log, stderr=subprocess.STDOUT)
        hosts.append((process, log))
    for _, log in hosts:
        wait_for(log, "host started")
    return hosts


def stop(hosts, sig=signal.SIGTERM):
    for process, _ in hosts:
        if process.poll() is None:
            process.send_signal(sig)
    for process, _ in hosts:
        process.wait()


def receipts(hosts):
    counts = collections.Counter()
    for _, log in hosts:
        log.seek(0)
        counts.update(received.findall(log.read()))
    return counts


def wait_for_all(hosts, total, bound=900):
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        counts = receipts(hosts)
        if len(counts) >= total:
            return counts
        time.sleep(0.25)
    raise SystemExit(f"bench: only {len(receipts(hosts))} of {total} instances reloaded within {bound}s")


def database_cpu_seconds():
    """CPU time of every PostgreSQL process so far (server and backends)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as file:
                fields = file.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{pid}/comm") as file:
                if not file.read().startswith("postgres"):
                    continue
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / ticks


def psql(sql):
    subprocess.run(["psql", url, "-q", "-v", "ON_ERROR_STOP=1", "-c", sql], check=True, capture_output=True)


def bulk_postgres(schema, template):
    # Ids like the CLI's: six lower-case characters, here b00001…
    psql(f"""INSERT INTO "{schema}".instance
             SELECT 'b' || lpad(i::text, 5, '0'), kind, family, name, configuration_identifier, configuration, created_at, updated_at
             FROM "{schema}".instance, generate_series(1, {instances - 1}) AS i WHERE id = '{template}'""")


def bulk_sqlite(folder, template):
    database = sqlite3.connect(os.path.join(folder, "data", "container.sqlite"), timeout=30)
    with database:
        database.execute(f"""INSERT INTO instance
             SELECT 'b' || substr('00000' || i, -5), kind, family, name, configurationIdentifier, configuration, createdAt, updatedAt
             FROM instance, (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {instances - 1}) SELECT i FROM n)
             WHERE id = '{template}'""")
    database.close()


def claim_throughput(name, hosts_count, postgres):
    schema = f"group.bench.{name}"
    container = f"  group: {schema}\n  url: {url}" if postgres else f"  group: {schema}\n  path: data"
    folder, path = manifest(name, container)
    template = place_template(path)
    hosts = start_hosts(folder, path, hosts_count)
    try:
        wait_for_all(hosts, 1)
        started = time.monotonic()
        database_before = database_cpu_seconds()
        if postgres:
            bulk_postgres(schema, template)
        else:
            bulk_sqlite(folder, template)
        counts = wait_for_all(hosts, instances)
        elapsed = time.monotonic() - started
        database = database_cpu_seconds() - database_before
        # A duplicate would arrive late: look again after a lease's renewals.
        time.sleep(5)
        counts = receipts(hosts)
        duplicates = sum(count - 1 for count in counts.values() if count > 1)
        spread = "/".join(str(len(received.findall(open(log.name).read()))) for _, log in hosts)
        print(f"  {name:<14} {elapsed:7.1f} s, {instances / elapsed:6.0f} instances/s, duplicates {duplicates}, "
              f"timelines by host {spread}" + (f", database CPU {database * 1e6 / instances:.0f} µs a reload" if postgres else ""))
    finally:
        stop(hosts)


def failover():
    schema = "group.bench.failover"
    folder, path = manifest("failover", f"  group: {schema}\n  url: {url}")
    template = place_template(path)
    psql(f"""INSERT INTO "{schema}".instance
             SELECT 'f' || lpad(i::text, 5, '0'), kind, family, name, configuration_identifier, configuration, created_at, updated_at
             FROM "{schema}".instance, generate_series(1, 299) AS i WHERE id = '{template}'""")
    hosts = start_hosts(folder, path, 3)
    try:
        wait_for_all(hosts, 300)
        # Until the three share evenly: each has been given or has taken its hundred.
        time.sleep(5)
        victim, survivors = hosts[0], hosts[1:]
        killed = time.monotonic()
        victim[0].send_signal(signal.SIGKILL)
        victim[0].wait()
        deadline = killed + 120
        while time.monotonic() < deadline:
            taken = [log for _, log in survivors if "took over" in open(log.name).read()]
            if taken:
                break
            time.sleep(0.05)
        else:
            raise SystemExit("bench: no host took over within 120 s")
        print(f"  SIGKILL of one of 3 hosts (300 instances, lease 10s) to another taking its instances over: "
              f"{time.monotonic() - killed:.1f} s")
    finally:
        stop(hosts)


print(f"fleet: claim throughput, {instances} instances due at once (release build)")
try:
    claim_throughput("sqlite-1", 1, postgres=False)
    for count in (1, 2, 3):
        claim_throughput(f"postgres-{count}", count, postgres=True)
    failover()
finally:
    postgres_server.stop()
