"""What the benchmarks that run real hosts share: a throwaway PostgreSQL from
scripts/test_postgres.sh in a temporary folder, waiting for a log line, and
how a run of latencies is printed."""
import collections
import os
import re
import signal
import sqlite3
import statistics
import subprocess
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class ThrowawayPostgres:
    """A temporary folder with a PostgreSQL cluster in it; `url` reaches it."""

    def __init__(self, prefix):
        self.work = tempfile.mkdtemp(prefix=prefix)
        # initdb runs as the postgres user, which must reach the cluster below.
        os.chmod(self.work, 0o755)
        self.cluster = os.path.join(self.work, "cluster")
        self.url = subprocess.run([os.path.join(root, "scripts/test_postgres.sh"), "start", self.cluster],
                                  check=True, capture_output=True, text=True).stdout.strip()

    def stop(self):
        subprocess.run([os.path.join(root, "scripts/test_postgres.sh"), "stop", self.cluster], capture_output=True)


def host_log(path):
    """A host's log file, opened for appending: the host shares its file
    offset, which reading moves, so a log opened for writing is written over."""
    return open(path, "a+")


def wait_for(log, text, bound=60, step=0.02):
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        log.seek(0)
        if text in log.read():
            return
        time.sleep(step)
    raise SystemExit(f"bench: '{text}' did not appear within {bound}s")


def process_cpu_seconds(pid):
    """CPU time of one process so far (all its threads), in seconds."""
    with open(f"/proc/{pid}/stat") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def database_cpu_seconds():
    """CPU time of every PostgreSQL process so far (server and backends)."""
    total = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/comm") as file:
                if not file.read().startswith("postgres"):
                    continue
            total += process_cpu_seconds(pid)
        except OSError:
            continue
    return total


class Fleet:
    """Hosts of the Ticker fixture kind on containers in a work folder: a
    SQLite file or a schema of the throwaway PostgreSQL. Instances are placed
    by copying one row the CLI placed, in one statement, with ids b00001…"""

    received = re.compile(r"instance=(\w+) kind=Ticker \[widgethost\] timeline received")

    def __init__(self, binary, postgres):
        self.binary = binary
        self.postgres = postgres
        self.work = postgres.work

    def manifest(self, name, container, schedule=""):
        folder = os.path.join(self.work, name)
        os.makedirs(folder)
        path = os.path.join(folder, "config.yaml")
        with open(path, "w") as file:
            file.write(f"container:\n{container}\ngithub: {{api: \"http://127.0.0.1:9\"}}\n"
                       + (f"schedule: {{{schedule}}}\n" if schedule else "")
                       + "widgets:\n  - {kind: Ticker, module: FixtureSchedules}\n")
        return folder, path

    def place_template(self, path, arguments=("--entries", "1", "--policy", "never")):
        """One instance placed by the CLI (by default one entry, policy never), whose row the bulk insert copies."""
        added = subprocess.run([self.binary, "add-instance", "Ticker", *arguments, "--config", path],
                               check=True, capture_output=True, text=True).stdout
        return added[6:12]

    def start_hosts(self, folder, path, count):
        hosts = []
        for number in range(count):
            log = host_log(os.path.join(folder, f"host{number}.log"))
            process = subprocess.Popen([self.binary, "run", path, "--log"], stdout=log, stderr=subprocess.STDOUT)
            hosts.append((process, log))
        for _, log in hosts:
            wait_for(log, "host started")
        return hosts

    @staticmethod
    def stop(hosts, sig=signal.SIGTERM):
        for process, _ in hosts:
            if process.poll() is None:
                process.send_signal(sig)
        for process, _ in hosts:
            process.wait()

    def receipts(self, hosts):
        counts = collections.Counter()
        for _, log in hosts:
            log.seek(0)
            counts.update(self.received.findall(log.read()))
        return counts

    def wait_for_all(self, hosts, total, bound=900):
        deadline = time.monotonic() + bound
        while time.monotonic() < deadline:
            counts = self.receipts(hosts)
            if len(counts) >= total:
                return counts
            time.sleep(0.25)
        raise SystemExit(f"bench: only {len(self.receipts(hosts))} of {total} instances reloaded within {bound}s")

    def psql(self, sql):
        return subprocess.run(["psql", self.postgres.url, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql],
                              check=True, capture_output=True, text=True).stdout

    def bulk_postgres(self, schema, template, count):
        # Columns named: later columns (managed, …) take their defaults.
        self.psql(f"""INSERT INTO "{schema}".instance
                 (id, kind, family, name, configuration_identifier, configuration, created_at, updated_at)
                 SELECT 'b' || lpad(i::text, 5, '0'), kind, family, name, configuration_identifier, configuration, created_at, updated_at
                 FROM "{schema}".instance, generate_series(1, {count - 1}) AS i WHERE id = '{template}'""")

    @staticmethod
    def bulk_sqlite(folder, template, count):
        database = sqlite3.connect(os.path.join(folder, "data", "container.sqlite"), timeout=30)
        with database:
            database.execute(f"""INSERT INTO instance
                 (id, kind, family, name, configurationIdentifier, configuration, createdAt, updatedAt)
                 SELECT 'b' || substr('00000' || i, -5), kind, family, name, configurationIdentifier, configuration, createdAt, updatedAt
                 FROM instance, (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {count - 1}) SELECT i FROM n)
                 WHERE id = '{template}'""")
        database.close()


def percentiles(values):
    """Latencies in seconds as "median … ms, p90 …, max …"."""
    ordered = sorted(values)
    return (f"median {statistics.median(ordered) * 1000:6.1f} ms, p90 {ordered[int(len(ordered) * 0.9)] * 1000:6.1f}, "
            f"max {ordered[-1] * 1000:6.1f}")
