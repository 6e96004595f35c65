#!/usr/bin/env python3
"""make bench, what a hostile kind's favourite inputs cost (issue 36):

- `repos add` of 1,000, 3,000 and 10,000 repositories on the command line
  (the argument parser's time was quadratic in them; the list now passes it
  by), and `remove-instance` of 10,000 ids, refused all or nothing;
- a kind that prints 200,000 lines in one timeline call: the host's CPU
  time while it reads them, and how much of them reaches the log.

Wall clock and CPU from the processes themselves. Prints figures; asserts
nothing.

    scripts/bench_hostile.py <widgethost binary>
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

binary = os.path.abspath(sys.argv[1])
modules = os.path.dirname(binary)
work = tempfile.mkdtemp(prefix="widgethost-bench-hostile.")
manifest = os.path.join(work, "config.yaml")
with open(manifest, "w") as file:
    file.write(f"""container: {{group: group.bench.hostile, path: data}}
module_paths: [{modules}]
github: {{api: "http://127.0.0.1:9"}}
schedule: {{timeout: 60s}}
widgets:
  - kind: SingleRepo
  - {{kind: Probe, module: FixtureSandbox}}
""")
environment = dict(os.environ, XDG_CACHE_HOME=os.path.join(work, "cache"))


def run(*arguments, check=True):
    started = time.perf_counter()
    result = subprocess.run([binary, *arguments, "--config", manifest], env=environment,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if check and result.returncode != 0:
        sys.exit(f"bench_hostile: {arguments[:2]} failed: {result.stderr.decode()[:300]}")
    return time.perf_counter() - started


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


try:
    print("long argument lists (each a fresh list):")
    for count in (1_000, 3_000, 10_000):
        repositories = [f"owner{count}x{index}/repo{index}" for index in range(count)]
        print(f"  repos add, {count:>6} repositories   {run('repos', 'add', *repositories):.2f} s")
    ids = [f"n{index:05d}" for index in range(10_000)]
    print(f"  remove-instance, 10000 unknown ids {run('remove-instance', *ids, check=False):.2f} s (refused at the first, nothing removed)")

    run("add-instance", "Probe", "--attempt", "flood", "--target", "200000")
    log = os.path.join(work, "run.log")
    with open(log, "w") as output:
        host = subprocess.Popen([binary, "run", manifest, "--log"], env=environment, stdout=output, stderr=subprocess.STDOUT)
        started = time.perf_counter()
        while "timeline received" not in open(log).read() and time.perf_counter() - started < 300:
            time.sleep(0.05)
        cpu = cpu_seconds(host.pid)
        host.terminate()
        host.wait()
    text = open(log).read()
    logged = text.count("[FixtureSandbox] flood line ")
    print("a kind printing 200,000 lines in one call:")
    print(f"  host CPU from start to the timeline {cpu:.2f} s; {logged} lines logged, "
          f"{os.path.getsize(log) / 1024:.0f} KiB of log in all")
finally:
    shutil.rmtree(work, ignore_errors=True)
