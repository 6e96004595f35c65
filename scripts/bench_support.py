"""What the benchmarks that run real hosts share: a throwaway PostgreSQL from
scripts/test_postgres.sh in a temporary folder, and waiting for a log line."""
import os
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
