#!/bin/sh
# The suite on a busy machine, as CI machines often are: `make test` PASSES
# times in a row (default 3) while LOAD CPU-bound processes (default 2, one
# per core here) run beside it. Tests wait for events, not for time, so
# every pass must succeed; the first failure stops the run with its status.
set -eu
passes=${PASSES:-3}
load=${LOAD:-2}
cd "$(dirname "$0")/.."

pids=""
stop_load() { [ -z "$pids" ] || kill $pids 2>/dev/null || true; }
trap stop_load EXIT INT TERM
i=0
while [ "$i" -lt "$load" ]; do
    yes > /dev/null &
    pids="$pids $!"
    i=$((i + 1))
done
echo "stress: $load CPU-bound processes running beside make test ($(nproc) cores)"

pass=1
while [ "$pass" -le "$passes" ]; do
    started=$(date +%s)
    echo "stress: pass $pass of $passes"
    if ! make test; then
        echo "stress: pass $pass of $passes FAILED under load" >&2
        exit 1
    fi
    echo "stress: pass $pass of $passes passed in $(( $(date +%s) - started )) s"
    pass=$((pass + 1))
done
echo "stress: all $passes passes passed under load"
