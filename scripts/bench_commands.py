#!/usr/bin/env python3
"""make bench, commands that only read the container: `status` and
`list-instances` on a bundle of four modules (SingleRepo, DoubleRepo,
Contributor, TodoList) with two instances, in a fresh folder with a cache
of its own. Wall clock (median) and CPU time per run, the extension
processes' included (they are the command's children). Prints figures;
asserts nothing.

    scripts/bench_commands.py <widgethost binary> [runs]
"""
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

binary = os.path.abspath(sys.argv[1])
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20
work = tempfile.mkdtemp(prefix="widgethost-bench-commands.")
manifest = os.path.join(work, "config.yaml")
with open(manifest, "w") as file:
    file.write("""container:
  group: group.bench.commands
  path: data
github: {api: "http://127.0.0.1:9"}
widgets:
  - kind: SingleRepo
  - kind: DoubleRepo
  - kind: Contributor
    settings: {repo: apple/swift}
  - kind: TodoList
""")
environment = dict(os.environ, XDG_CACHE_HOME=os.path.join(work, "cache"))


def run(*arguments):
    subprocess.run([binary, *arguments, "--config", manifest], env=environment, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


try:
    run("add-instance", "SingleRepo", "--repo", "apple/swift")
    run("add-instance", "TodoList")
    print(f"commands that only read the container, 4 modules, 2 instances, {runs} runs each:")
    for command in (["status"], ["list-instances"]):
        walls = []
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        for _ in range(runs):
            started = time.perf_counter()
            run(*command)
            walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) / runs
        print(f"  {' '.join(command):16} median {statistics.median(walls) * 1000:.1f} ms, "
              f"{cpu * 1000:.1f} ms CPU a run (extension processes included)")
finally:
    shutil.rmtree(work, ignore_errors=True)
