#!/usr/bin/env python3
"""make bench, Live Activities: from sending an update (`POST
/activities/<id>`, as a push server does, and `widgethost activity update`
from another process) until a page listening on the dashboard's `/events`
hears "activities", and until its card, drawn again, has arrived: what a
person watching the dashboard waits. Each update is drawn in the module's
extension and stored before it is answered. On a SQLite container, the
corpus's delivery app (Tests/Corpus/DeliveryWidget). Prints figures;
asserts nothing.

    scripts/bench_activities.py <widgethost binary> [updates]
"""
import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

from bench_support import host_log, percentiles, wait_for

binary = os.path.abspath(sys.argv[1])
updates = int(sys.argv[2]) if len(sys.argv) > 2 else 20
modules = os.path.dirname(binary)
work = tempfile.mkdtemp(prefix="widgethost-bench-activities.")
manifest = os.path.join(work, "config.yaml")
with open(manifest, "w") as file:
    file.write(f"container: {{group: group.bench.activities, path: data}}\nmodule_paths: [{modules}]\n"
               "widgets:\n  - {kind: RecentOrdersWidget, module: DeliveryWidget}\n")


def cli(*arguments):
    return subprocess.run([binary, *arguments, "--config", manifest], check=True, capture_output=True, text=True).stdout.strip()


token = cli("tokens", "add", "bench", "--push")
with socket.socket() as probe:
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
log = host_log(os.path.join(work, "host.log"))
host = subprocess.Popen([binary, "run", manifest, "--serve", f"127.0.0.1:{port}", "--log"], stdout=log, stderr=subprocess.STDOUT)
heard = threading.Event()
connected = threading.Event()


def listen():
    """A page's event stream: each "activities" event sets `heard`."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    connection.request("GET", "/events", headers={"Authorization": f"Bearer {token}"})
    response = connection.getresponse()
    while True:
        line = response.readline()
        if not line:
            return
        if line.startswith(b": connected"):
            connected.set()
        if line.startswith(b"event: activities"):
            heard.set()


def request(method, path, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request(method, path, body=body, headers={"Authorization": f"Bearer {token}"})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, data



try:
    wait_for(log, "dashboard at")
    state = lambda stage, step: json.dumps({"stage": stage, "courierName": "Ana", "estimatedArrival": 786000000 + step})
    status, body = request("POST", "/activities", json.dumps({"aps": {
        "event": "start", "attributes-type": "DeliveryAttributes",
        "attributes": {"restaurant": "Nonna's Pizza", "orderNumber": "4711", "items": 3},
        "content-state": json.loads(state("preparing", 0))}}))
    activity = json.loads(body)["activity"]["id"]
    threading.Thread(target=listen, daemon=True).start()
    if not connected.wait(60):
        raise SystemExit("bench: the event stream did not connect within 60 s")
    answered, events, cards, commands = [], [], [], []
    for step in range(1, updates + 1):
        # ActivityKit's budget: ten at once (the start spent none), then one each five seconds.
        if step > 8:
            time.sleep(5.5)
        heard.clear()
        started = time.monotonic()
        status, _ = request("POST", f"/activities/{activity}", json.dumps({"aps": {
            "event": "update", "timestamp": time.time(), "content-state": json.loads(state("onTheWay", step))}}))
        answered.append(time.monotonic() - started)
        if status != 200:
            raise SystemExit(f"bench: update {step} answered {status}")
        if not heard.wait(30):
            raise SystemExit("bench: no activities event within 30 s")
        events.append(time.monotonic() - started)
        status, _ = request("GET", f"/activities/{activity}.svg?scheme=light&v={step}")
        cards.append(time.monotonic() - started)
    for step in range(4):
        # From another process, as a script on the machine would.
        time.sleep(5.5)
        heard.clear()
        started = time.monotonic()
        cli("activity", "update", activity, "--state", state("arriving", step))
        if not heard.wait(30):
            raise SystemExit("bench: no activities event within 30 s of the command")
        commands.append(time.monotonic() - started)
    print(f"Live Activities: an update → the dashboard ({updates} updates over HTTP, {len(commands)} from the command line; SQLite)")
    print(f"  POST /activities/<id> answered      {percentiles(answered)}  (drawn in the extension and stored)")
    print(f"  … the page hears 'activities'        {percentiles(events)}")
    print(f"  … its card drawn again has arrived  {percentiles(cards)}")
    print(f"  activity update (a process) → event {percentiles(commands)}  (the command starts the module's extension)")
finally:
    host.terminate()
    host.wait()
    shutil.rmtree(work, ignore_errors=True)
