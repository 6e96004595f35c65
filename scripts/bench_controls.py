#!/usr/bin/env python3
"""make bench, controls: what a person at the dashboard waits for when the
page reads its controls (`GET /controls`, each read from its provider in
the module's extension) and when they tap a toggle (`POST
/controls/<kind>/tap`: its SetValueIntent run, the control read again),
until the page hears the `controls` event its intent's
`ControlCenter.reloadControls` sends, and until the new card has arrived.
On a SQLite container, the corpus's delivery app
(Tests/Corpus/DeliveryWidget). Prints figures; asserts nothing.

    scripts/bench_controls.py <widgethost binary> [taps]
"""
import http.client
import json
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
taps = int(sys.argv[2]) if len(sys.argv) > 2 else 40
modules = os.path.dirname(binary)
work = tempfile.mkdtemp(prefix="widgethost-bench-controls.")
manifest = os.path.join(work, "config.yaml")
with open(manifest, "w") as file:
    file.write(f"container: {{group: group.bench.controls, path: data}}\nmodule_paths: [{modules}]\n"
               "widgets:\n  - {kind: RecentOrdersWidget, module: DeliveryWidget}\n")
alerts = "com.example.delivery.alerts"

with socket.socket() as probe:
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
log = host_log(os.path.join(work, "host.log"))
host = subprocess.Popen([binary, "run", manifest, "--serve", f"127.0.0.1:{port}", "--log"], stdout=log, stderr=subprocess.STDOUT)
heard = threading.Event()
connected = threading.Event()


def listen():
    """A page's event stream: each "controls" event sets `heard`."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    connection.request("GET", "/events")
    response = connection.getresponse()
    while True:
        line = response.readline()
        if not line:
            return
        if line.startswith(b": connected"):
            connected.set()
        if line.startswith(b"event: controls"):
            heard.set()


def request(method, path, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request(method, path, headers=headers or {})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, data



try:
    wait_for(log, "need its key once")
    log.seek(0)
    key = re.search(r"need its key once: http://[^ )]*\?key=([0-9a-f]+)", log.read()).group(1)
    _, page = request("GET", "/")
    token = re.search(rb'<meta name="widgethost-token" content="([0-9a-f]+)">', page).group(1).decode()
    tap_headers = {"X-Widgethost-Token": token, "X-Widgethost-Key": key, "Origin": f"http://127.0.0.1:{port}"}
    threading.Thread(target=listen, daemon=True).start()
    if not connected.wait(60):
        raise SystemExit("bench: the event stream did not connect within 60 s")
    reads = []
    for _ in range(taps):
        started = time.monotonic()
        status, body = request("GET", "/controls")
        reads.append(time.monotonic() - started)
        if status != 200 or len(json.loads(body)) != 2:
            raise SystemExit(f"bench: /controls answered {status}: {body[:200]}")
    answered, events, cards = [], [], []
    shown = json.loads(request("GET", "/controls")[1])[0]["isOn"]
    for step in range(taps):
        heard.clear()
        started = time.monotonic()
        status, body = request("POST", f"/controls/{alerts}/tap?isOn={'true' if shown else 'false'}", tap_headers)
        answered.append(time.monotonic() - started)
        if status != 200:
            raise SystemExit(f"bench: tap {step} answered {status}: {body[:200]}")
        now = json.loads(body)
        if now["isOn"] == shown:
            raise SystemExit("bench: a tap did not flip the toggle")
        shown = now["isOn"]
        if not heard.wait(30):
            raise SystemExit("bench: no controls event within 30 s of a tap")
        events.append(time.monotonic() - started)
        status, _ = request("GET", f"/controls/{alerts}.svg?scheme=light&v={now['version']}")
        cards.append(time.monotonic() - started)
    print(f"Controls: the dashboard's row and a toggle's tap ({taps} of each; SQLite; two controls, read in one extension)")
    print(f"  GET /controls (both read now)        {percentiles(reads)}")
    print(f"  POST /controls/<kind>/tap answered   {percentiles(answered)}  (read, intent run, read again)")
    print(f"  … the page hears 'controls'          {percentiles(events)}  (the intent's ControlCenter.reloadControls)")
    print(f"  … the new card has arrived           {percentiles(cards)}")
finally:
    host.terminate()
    host.wait()
    shutil.rmtree(work, ignore_errors=True)
