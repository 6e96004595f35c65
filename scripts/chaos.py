#!/usr/bin/env python3
"""make chaos: a fleet of three real hosts on one PostgreSQL, put through the
faults an operator meets, and checked from outside.

Each host reaches the database through a TCP proxy of its own, so that one
host can be blackholed or cut off without root. A few hundred instances of
the Count fixture kind log every call (instance, slot of `period` seconds,
extension pid) to one file; each asks to be reloaded when the next slot
starts. After every fault the harness checks:

  duplicates   (instance, slot) pairs called more than once
  down         slots with no call while the fault lasted and the fleet recovered
  misses       slots with no call after the fleet recovered (must be 0)
  stranded     instances with no call in the last periods of the run (must be 0)
  regressions  a stored timeline whose last success went back (must be 0)
  configs      instances or configurations lost (must be 0)
  hosts        every host not killed on purpose still running and serving
  recovery     seconds from the fault's end until every instance had been called again

and prints the table. It exits 1 when any "must be 0" is not, or a host did
not recover. Duplicates are counted and printed, not failed: a call in flight
when its host dies, stops or is cut off for longer than a lease cannot be
saved, and the host that takes the instance over makes it again.

    scripts/chaos.py <widgethost binary> [--short]

--short (CI): fewer instances, a 5 s lease, shorter faults, a few minutes.
"""
import asyncio
import collections
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time

from bench_support import ThrowawayPostgres, host_log, root, wait_for

binary = os.path.abspath(sys.argv[1])
short = "--short" in sys.argv
INSTANCES = 60 if short else 300
PERIOD = 5 if short else 10
LEASE = 5 if short else 10
OUTAGE = 10 if short else 20
HOSTS = 3


# MARK: The proxy

class Proxy:
    """A TCP proxy to the database for one host: passes bytes, drops them
    (blackhole: connections stay open and nothing arrives, as when a
    network silently loses packets), or cuts (every connection reset, new
    ones refused at once)."""

    def __init__(self, target_port, loop):
        self.target_port = target_port
        self.loop = loop
        self.mode = "pass"
        self.connections = set()
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", 0))
        self.port = listener.getsockname()[1]
        self.server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self.accept, sock=listener), loop).result()

    async def accept(self, reader, writer):
        if self.mode == "cut":
            self.reset(writer)
            return
        if self.mode == "blackhole":
            # Accepted, and never answered: the client waits as for a lost SYN-ACK.
            self.connections.add(writer)
            return
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            self.reset(writer)
            return
        self.connections.update([writer, upstream_writer])
        await asyncio.gather(self.pipe(reader, upstream_writer), self.pipe(upstream_reader, writer), return_exceptions=True)
        for side in (writer, upstream_writer):
            self.connections.discard(side)
            side.close()

    async def pipe(self, reader, writer):
        while True:
            data = await reader.read(65536)
            if not data:
                break
            if self.mode == "blackhole":
                continue
            writer.write(data)
            await writer.drain()
        writer.close()

    @staticmethod
    def reset(writer):
        sock = writer.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        writer.transport.abort()

    def set(self, mode):
        def apply():
            self.mode = mode
            if mode in ("cut", "pass"):
                # A cut resets everything; after a blackhole, connections stuck in it are dropped too.
                for writer in list(self.connections):
                    self.reset(writer)
                self.connections.clear()
        self.loop.call_soon_threadsafe(apply)


# MARK: The fleet

class Host:
    def __init__(self, number, manifest, folder):
        self.number = number
        self.manifest = manifest
        self.folder = folder
        self.process = None
        self.generation = 0

    def start(self):
        self.generation += 1
        self.log = host_log(os.path.join(self.folder, f"host{self.number}-{self.generation}.log"))
        self.process = subprocess.Popen([binary, "run", self.manifest, "--log"], stdout=self.log, stderr=subprocess.STDOUT)
        wait_for(self.log, "host started")

    @property
    def alive(self):
        return self.process.poll() is None

    def signal(self, number):
        self.process.send_signal(number)


postgres = ThrowawayPostgres("widgethost-chaos.")
work = postgres.work
# The tests' cluster commits asynchronously, for speed; a crash of the
# server (restart -m immediate) would then lose the last commits and send
# timelines back. Here every commit is flushed before it is answered.
subprocess.run(["psql", postgres.url, "-X", "-q", "-c", "ALTER ROLE CURRENT_USER SET synchronous_commit = on"], check=True)
port = int(postgres.url.rsplit(":", 1)[1].split("/")[0])
group = "group.chaos"
# The Count kind writes its calls where its sandbox lets it: its module's own
# folder of the container, which on PostgreSQL is under $XDG_DATA_HOME, so one
# folder that every host of this machine (and its extensions) shares.
os.environ["XDG_DATA_HOME"] = os.path.join(work, "data")
calls_folder = os.path.join(work, "data", "widgethost", group, "extensions", "FixtureSchedules")
os.makedirs(calls_folder, exist_ok=True)
calls_path = os.path.join(calls_folder, "calls.log")
open(calls_path, "w").close()

loop = asyncio.new_event_loop()
threading.Thread(target=loop.run_forever, daemon=True).start()
proxies = [Proxy(port, loop) for _ in range(HOSTS)]


def manifest(number, port_):
    folder = os.path.join(work, f"host{number}")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "config.yaml")
    url = postgres.url.replace(f":{port}/", f":{port_}/")
    with open(path, "w") as file:
        file.write(f"container:\n  group: {group}\n  url: {url}\n  lease: {LEASE}s\n"
                   "github: {api: \"http://127.0.0.1:9\"}\n"
                   "schedule: {min_interval: 1s, timeout: 10s}\n"
                   "widgets:\n  - {kind: Count, module: FixtureSchedules}\n")
    return folder, path


def psql(sql, fields=False):
    arguments = ["psql", postgres.url, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql]
    if fields:
        arguments[5:5] = ["-F", "\t"]
    return subprocess.run(arguments, check=True, capture_output=True, text=True).stdout


hosts = []
for number in range(HOSTS):
    folder, path = manifest(number, proxies[number].port)
    hosts.append(Host(number, path, folder))

# One instance placed by the CLI, copied in one statement with a key each.
added = subprocess.run([binary, "add-instance", "Count", "--key", "k0000", "--log", calls_path, "--period", str(PERIOD),
                        "--config", hosts[0].manifest], check=True, capture_output=True, text=True).stdout
template = added[6:12]
schema = f'"{group}"'
psql(f"""INSERT INTO {schema}.instance
         SELECT 'c' || lpad(i::text, 5, '0'), kind, family, name, configuration_identifier,
                jsonb_set(configuration::jsonb, '{{key}}', to_jsonb('k' || lpad(i::text, 4, '0')))::text,
                created_at, updated_at
         FROM {schema}.instance, generate_series(1, {INSTANCES - 1}) AS i WHERE id = '{template}'""")
configurations = dict(line.split("\t", 1) for line in psql(f"SELECT id, configuration FROM {schema}.instance", fields=True).splitlines())
keys = {json.loads(configuration)["key"] for configuration in configurations.values()}
assert len(keys) == INSTANCES, f"{len(keys)} keys for {INSTANCES} instances"


# MARK: Watching from outside

class Calls:
    """Every call the Count kind logged: (key, slot) → count, and each key's last call."""

    def __init__(self):
        self.offset = 0
        self.by_slot = collections.Counter()
        self.times = collections.defaultdict(list)

    def read(self):
        with open(calls_path) as file:
            file.seek(self.offset)
            data = file.read()
        complete = data[:data.rfind("\n") + 1]
        self.offset += len(complete.encode())
        for line in complete.splitlines():
            key, slot, _, at = line.split()
            self.by_slot[(key, int(slot))] += 1
            self.times[key].append(float(at))

    def called_since(self, moment):
        return {key for key, times in self.times.items() if times and times[-1] >= moment}


class Timelines(threading.Thread):
    """Polls every stored timeline's last success; one that goes back is a regression."""

    def __init__(self):
        super().__init__(daemon=True)
        self.last = {}
        self.regressions = []
        self.running = True

    def run(self):
        while self.running:
            try:
                rows = psql(f"SELECT instance_id, convert_from(schedule, 'UTF8')::json->>'lastSuccess' FROM {schema}.timeline", fields=True)
            except subprocess.CalledProcessError:
                time.sleep(0.5)
                continue
            for line in rows.splitlines():
                instance, success = line.split("\t")
                if not success:
                    continue
                success = float(success)
                if success < self.last.get(instance, 0):
                    self.regressions.append((time.time(), instance, self.last[instance], success))
                self.last[instance] = max(success, self.last.get(instance, 0))
            time.sleep(0.5)


calls = Calls()
timelines = Timelines()


def wait_until(condition, bound):
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return condition()


def all_called_since(moment):
    calls.read()
    return len(calls.called_since(moment)) == INSTANCES


# MARK: Faults

def pick():
    return random.choice([host for host in hosts if host.alive])


def kill():
    victim = pick()
    victim.signal(signal.SIGKILL)
    victim.process.wait()
    return victim, lambda: victim.start()


def stop():
    victim = pick()
    victim.signal(signal.SIGSTOP)
    time.sleep(2 * LEASE)
    victim.signal(signal.SIGCONT)
    return victim, None


def restart(mode):
    def fault():
        subprocess.run([os.path.join(root, "scripts/test_postgres.sh"), mode, postgres.cluster], check=True, capture_output=True)
        return None, None
    return fault


def terminate():
    psql("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE usename = current_user AND pid <> pg_backend_pid()")
    return None, None


def outage(mode):
    def fault():
        victim = pick()
        proxies[victim.number].set(mode)
        time.sleep(OUTAGE)
        proxies[victim.number].set("pass")
        return victim, None
    return fault


def combined():
    """Overlapping: a blackhole, a stall and a database restart at once, then a kill."""
    victims = random.sample([host for host in hosts if host.alive], 3)
    proxies[victims[0].number].set("blackhole")
    time.sleep(LEASE / 2)
    victims[1].signal(signal.SIGSTOP)
    time.sleep(LEASE / 2)
    restart("restart")()
    time.sleep(LEASE)
    victims[1].signal(signal.SIGCONT)
    time.sleep(max(0, OUTAGE - 2 * LEASE))
    proxies[victims[0].number].set("pass")
    victims[2].signal(signal.SIGKILL)
    victims[2].process.wait()
    return victims[2], lambda: victims[2].start()


faults = [
    ("SIGKILL of a host", kill),
    (f"SIGSTOP of a host for {2 * LEASE}s", stop),
    ("pg_ctl restart -m fast", restart("restart")),
    ("pg_ctl restart -m immediate", restart("restart-immediate")),
    ("pg_terminate_backend of every session", terminate),
    (f"{OUTAGE}s blackhole of a host", outage("blackhole")),
    (f"{OUTAGE}s cut of a host", outage("cut")),
    ("combined", combined),
]


# MARK: The run

def fault_row(name, action):
    calls.read()
    before = sum(1 for count in calls.by_slot.values() if count > 1)
    started = time.time()
    victim, revive = action()
    ended = time.time()
    recovered = wait_until(lambda: all_called_since(ended), 8 * LEASE + 4 * PERIOD)
    recovery = time.time() - ended if recovered else None
    if revive:
        revive()
    # Two more periods: misses after recovery would show here.
    settled = time.time()
    time.sleep(2 * PERIOD)
    calls.read()
    def missed(first, last):
        return sum(1 for key in keys for slot in range(first, last + 1) if calls.by_slot[(key, slot)] == 0)
    down = missed(int(started // PERIOD) + 1, int(settled // PERIOD))
    misses = missed(int(settled // PERIOD) + 1, int(time.time() // PERIOD) - 1)
    duplicates = sum(1 for count in calls.by_slot.values() if count > 1) - before
    return dict(fault=name, duplicates=duplicates, down=down, misses=misses, recovery=recovery, at=started - begun)


begun = time.time()


def main():
    random.seed(int(os.environ.get("CHAOS_SEED", "19")))
    for host in hosts:
        host.start()
    timelines.start()
    warm = time.time()
    if not wait_until(lambda: all_called_since(warm), 120 + INSTANCES / 5):
        raise SystemExit(f"chaos: only {len(calls.called_since(warm))} of {INSTANCES} instances called after start")
    time.sleep(2 * PERIOD)
    calls.read()
    baseline = sum(1 for count in calls.by_slot.values() if count > 1)
    rows = [dict(fault="no fault (warm-up)", duplicates=baseline, down=0, misses=0, recovery=0.0, at=warm - begun)]
    for name, action in faults:
        rows.append(fault_row(name, action))

    # Stranded: every instance called in the last periods.
    end = time.time()
    time.sleep(3 * PERIOD)
    calls.read()
    stranded = INSTANCES - len(calls.called_since(end))
    timelines.running = False
    timelines.join()
    now = dict(line.split("\t", 1) for line in psql(f"SELECT id, configuration FROM {schema}.instance", fields=True).splitlines())
    lost = sum(1 for id, configuration in configurations.items() if now.get(id) != configuration)
    alive = [host for host in hosts if host.alive]
    held = dict(line.split("\t") for line in psql(
        f"SELECT h.pid, count(l.instance_id) FROM {schema}.fleet_host h LEFT JOIN {schema}.lease l ON l.holder = h.id "
        f"WHERE h.expires_at > now() GROUP BY h.pid", fields=True).splitlines())
    serving = [host for host in alive if int(held.get(str(host.process.pid), 0)) > 0]

    print(f"chaos: {HOSTS} hosts, {INSTANCES} instances of Count reloaded every {PERIOD}s, lease {LEASE}s"
          f"{' (--short)' if short else ''}; {sum(calls.by_slot.values())} calls in all")
    print(f"  {'at':>5} {'fault':<40} {'duplicates':>10} {'down':>6} {'misses':>7} {'recovery':>9}")
    for row in rows:
        recovery = "never" if row["recovery"] is None else f"{row['recovery']:.1f}s"
        print(f"  {row['at']:>4.0f}s {row['fault']:<40} {row['duplicates']:>10} {row['down']:>6} {row['misses']:>7} {recovery:>9}")
    print(f"  stranded at the end: {stranded}; timelines regressed: {len(timelines.regressions)}; "
          f"configurations lost: {lost}; hosts running {len(alive)}/{HOSTS}, serving {len(serving)}; "
          f"leases by host {sorted(int(count) for count in held.values())}")
    for at, instance, before, after in timelines.regressions[:5]:
        print(f"  regression at {at - begun:.0f}s: {instance}'s last success went back {(before - after) / 1000:.1f}s")
    failed = (stranded or timelines.regressions or lost or len(serving) < HOSTS
              or any(row["recovery"] is None or row["misses"] for row in rows))
    return 1 if failed else 0


try:
    status = main()
finally:
    for host in hosts:
        if host.process and host.alive:
            host.signal(signal.SIGCONT)
            host.signal(signal.SIGTERM)
    for host in hosts:
        if host.process:
            try:
                host.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                host.process.kill()
    postgres.stop()
sys.exit(status)
