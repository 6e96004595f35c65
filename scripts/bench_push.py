#!/usr/bin/env python3
"""make bench, push updates: from a `POST /push/<kind>` that shows the
kind's token (as an app's server or a webhook sends it) to the moment an
open page hears the instance's new timeline (its `entry` event), and how
long the POST itself takes to answer. Ten pushes, the budget's burst, each
after the page heard the one before. On a SQLite container, the corpus's
delivery widget (Tests/Corpus/DeliveryWidget). Prints figures; asserts
nothing.

    scripts/bench_push.py <widgethost binary>
"""
import http.client
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

from bench_support import host_log, percentiles, wait_for

binary = os.path.abspath(sys.argv[1])
pushes = 10
modules = os.path.dirname(binary)
work = tempfile.mkdtemp(prefix="widgethost-bench-push.")
manifest = os.path.join(work, "config.yaml")
kind = "RecentOrdersWidget"
with open(manifest, "w") as file:
    file.write(f"container: {{group: group.bench.push, path: data}}\nmodule_paths: [{modules}]\n"
               f"widgets:\n  - {{kind: {kind}, module: DeliveryWidget}}\n")


def widgethost(*arguments):
    return subprocess.run([binary, *arguments, "--config", manifest], check=True, capture_output=True, text=True).stdout


instance = None
with socket.socket() as probe:
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
log = host_log(os.path.join(work, "host.log"))
host = subprocess.Popen([binary, "run", manifest, "--serve", f"127.0.0.1:{port}", "--log"], stdout=log, stderr=subprocess.STDOUT)
entries = threading.Semaphore(0)
connected = threading.Event()


def listen():
    """A page's event stream: each `entry` event of the instance releases `entries`."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    connection.request("GET", "/events")
    response = connection.getresponse()
    event = None
    while True:
        line = response.readline()
        if not line:
            return
        if line.startswith(b": connected"):
            connected.set()
        elif line.startswith(b"event: "):
            event = line[7:].strip()
        elif line.startswith(b"data: ") and event == b"entry" and instance and line[6:].strip() == instance.encode():
            entries.release()


def post(path, headers):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("POST", path, body=b'{"aps": {"content-changed": true}}', headers=headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, data



try:
    wait_for(log, "dashboard at")
    threading.Thread(target=listen, daemon=True).start()
    if not connected.wait(60):
        raise SystemExit("bench: the event stream did not connect within 60 s")
    # Placed once the page listens, so that its first timeline is heard, not
    # counted for the first push.
    instance = re.match(r"added ([0-9a-z]{6})", widgethost("add-instance", kind)).group(1)
    if not entries.acquire(timeout=60):
        raise SystemExit("bench: the instance's first timeline did not come within 60 s")
    wait_for(log, "became current")
    token = widgethost("push", "token", kind).strip()
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    while entries.acquire(blocking=False):
        pass
    answered, reloaded = [], []
    for step in range(pushes):
        started = time.monotonic()
        status, body = post(f"/push/{kind}", headers)
        answered.append(time.monotonic() - started)
        if status != 202:
            raise SystemExit(f"bench: push {step} answered {status}: {body[:200]}")
        if not entries.acquire(timeout=30):
            raise SystemExit("bench: no new timeline within 30 s of a push")
        reloaded.append(time.monotonic() - started)
    print(f"Push updates: POST /push/<kind> with the kind's token ({pushes}, the budget's burst; SQLite; one instance)")
    print(f"  the POST answered                    {percentiles(answered)}  (token checked, budget spent, reload stored)")
    print(f"  … the page hears the new timeline    {percentiles(reloaded)}  (the host takes the reload, the provider runs, the entry is saved)")
finally:
    host.terminate()
    host.wait()
    shutil.rmtree(work, ignore_errors=True)
