#!/usr/bin/env python3
"""make bench, an idle host: how often its threads wake with nothing due.
One instance of the Ticker fixture kind whose only timeline never asks to
be reloaded; once it is shown, the host and its extension process have
nothing to do. Every thread's voluntary context switches (a wake-up from a
wait: a timer, a poll's timeout, a lock handed over) are counted over
IDLE_SECONDS (default 30), sampled each second so that a thread that comes
and goes is counted too, and printed per thread and per minute beside the
aim: none. Run twice: `run --log`, then `run --serve` with one page's
event stream open. Prints figures; asserts nothing.

    scripts/bench_idle.py <widgethost binary>
"""
import http.client
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

from bench_support import host_log, wait_for

binary = os.path.abspath(sys.argv[1])
seconds = float(os.environ.get("IDLE_SECONDS", "30"))
modules = os.path.dirname(binary)


def threads(pid):
    """(process, tid) -> (command, voluntary, nonvoluntary) for `pid` and every process under it."""
    found = {}
    pending = [pid]
    while pending:
        process = pending.pop()
        try:
            tids = os.listdir(f"/proc/{process}/task")
        except OSError:
            continue
        for tid in tids:
            try:
                with open(f"/proc/{process}/task/{tid}/comm") as file:
                    command = file.read().strip()
                with open(f"/proc/{process}/task/{tid}/status") as file:
                    fields = dict(line.split(":", 1) for line in file if ":" in line)
                found[(process, tid)] = (command, int(fields["voluntary_ctxt_switches"]), int(fields["nonvoluntary_ctxt_switches"]))
            except (OSError, KeyError, ValueError):
                continue
            try:
                with open(f"/proc/{process}/task/{tid}/children") as file:
                    pending += file.read().split()
            except OSError:
                pass
    return found


def measure(label, serve):
    work = tempfile.mkdtemp(prefix="widgethost-bench-idle.")
    manifest = os.path.join(work, "config.yaml")
    with open(manifest, "w") as file:
        file.write(f"container: {{group: group.bench.idle, path: data}}\nmodule_paths: [{modules}]\n"
                   "widgets:\n  - {kind: Ticker, module: FixtureSchedules}\n")
    subprocess.run([binary, "add-instance", "Ticker", "--entries", "1", "--policy", "never", "--config", manifest],
                   check=True, capture_output=True)
    arguments = [binary, "run", manifest, "--log"]
    port = None
    if serve:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        arguments += ["--serve", f"127.0.0.1:{port}"]
    log = host_log(os.path.join(work, "host.log"))
    host = subprocess.Popen(arguments, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_for(log, "timeline received", bound=120)
        if serve:
            def listen():
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=3600)
                connection.request("GET", "/events")
                response = connection.getresponse()
                while response.readline():
                    pass
            threading.Thread(target=listen, daemon=True).start()
        # The first timeline's save, the page's connection and the extension's start settle first.
        time.sleep(3)
        first = threads(host.pid)
        last = dict(first)
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            time.sleep(1)
            for key, value in threads(host.pid).items():
                last[key] = value
                first.setdefault(key, (value[0], 0, 0))
        rows = []
        for key, (command, voluntary, nonvoluntary) in last.items():
            woke = voluntary - first[key][1]
            if woke or nonvoluntary - first[key][2]:
                rows.append((woke, nonvoluntary - first[key][2], "host" if str(key[0]) == str(host.pid) else "extension", command, key[1]))
        rows.sort(reverse=True)
        total = sum(row[0] for row in rows)
        print(f"idle host, {label}: {total} voluntary switches in {seconds:.0f} s, {total * 60 / seconds:.0f} a minute (aim: 0 with nothing due)")
        for woke, preempted, where, command, tid in rows:
            print(f"  {where:9} {command:18} tid {tid:>7}: {woke:4} voluntary ({woke * 60 / seconds:5.1f}/min), {preempted} preempted")
    finally:
        host.send_signal(2)
        try:
            host.wait(timeout=30)
        except subprocess.TimeoutExpired:
            host.kill()
        shutil.rmtree(work, ignore_errors=True)


measure("run --log", serve=False)
measure("run --serve --log, one page's event stream open", serve=True)
