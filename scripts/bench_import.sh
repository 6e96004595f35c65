#!/bin/bash
# widgethost import and first-build times, for BENCHMARKS.md: a new package
# built against two SDKs in turns, then each fixture of
# Tests/Fixtures/XcodeProjects imported from a fresh copy.
# Usage: scripts/bench_import.sh <widgethost> <sdk-before> <sdk-after>
set -e
W=$1; BEFORE=$2; AFTER=$3
B=$(mktemp -d /tmp/bench-import.XXXXXX)
t() { local s=$(date +%s.%N); "$@" > /dev/null 2>&1; local e=$(date +%s.%N); python3 -c "print(f'{$e-$s:.1f}')"; }
for round in 1 2; do
  for which in before after; do
    sdk=$([ $which = before ] && echo $BEFORE || echo $AFTER)
    rm -rf $B/probe && $W new Probe --dir $B/probe --sdk $sdk > /dev/null
    echo "new-probe first build ($which, round $round): $(t swift build --package-path $B/probe)"
  done
done
for fixture in RepoWatcher RepoWatcherSiriKit; do
  cp -r $(dirname "$0")/../Tests/Fixtures/XcodeProjects/$fixture $B/$fixture
  echo "$fixture import --no-build: $(t $W import $B/$fixture --output $B/$fixture-out --sdk $AFTER --no-build)"
  rm -rf $B/$fixture-out
  echo "$fixture import (first build): $(t $W import $B/$fixture --output $B/$fixture-out --sdk $AFTER)"
  echo "$fixture import again (nothing changed): $(t $W import $B/$fixture --output $B/$fixture-out --sdk $AFTER)"
  rm -rf $B/$fixture-out
  echo "$fixture import (first build, round 2): $(t $W import $B/$fixture --output $B/$fixture-out --sdk $AFTER)"
done
