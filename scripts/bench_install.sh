#!/bin/sh
# make bench: the installed tree's size and how fast it starts with the
# toolchain hidden (an empty folder mounted over it, as the install test
# does; without root, with the toolchain in place, and it says so).
#   scripts/bench_install.sh   (after swift build -c release)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/widgethost-bench-install.XXXXXX)
trap 'rm -rf "$work"' EXIT
SWIFT_BIN=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
make -s -C "$here" install PREFIX="$work/prefix" CONFIGURATION=release > /dev/null 2>&1
total=$(du -sk "$work/prefix" | cut -f1)
runtime=$(cd "$work/prefix/lib/widgethost" && du -ck lib_Foundation*.so libFoundation*.so libswift*.so libdispatch.so libBlocksRuntime.so 2>/dev/null | tail -1 | cut -f1)
echo "installed tree (make install, release, debug info stripped):"
echo "  $((total / 1024)) MiB in all, of which $((runtime / 1024)) MiB is the Swift runtime and Foundation copied from the toolchain"
mkdir "$work/run" "$work/empty"
cat > "$work/run/config.yaml" <<YAML
container: {group: bench.install, path: data}
github: {api: "http://127.0.0.1:9"}
widgets:
  - kind: SingleRepo
  - kind: DoubleRepo
  - kind: Contributor
  - kind: TodoList
YAML
cat > "$work/measure.sh" <<'SCRIPT'
#!/bin/sh
set -eu
widgethost=$1
cd "$2"
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
time_ms() { start=$(date +%s%N); "$@" > /dev/null 2>&1; end=$(date +%s%N); echo $(((end - start) / 1000000)); }
"$widgethost" validate > /dev/null 2>&1 # the first run fills the kinds' cache
for what in "--version" "list-instances" "validate"; do
  runs=""
  for _ in 1 2 3 4 5 6 7 8 9 10 11; do runs="$runs $(time_ms "$widgethost" $what)"; done
  printf '  %-15s median %s ms of 11 runs\n' "$what" "$(printf '%s\n' $runs | median)"
done
SCRIPT
chmod +x "$work/measure.sh"
toolchain="$(dirname "$(dirname "$(readlink -f "$SWIFT_BIN")")")/lib/swift"
if [ "$(id -u)" -eq 0 ] && unshare --mount true 2>/dev/null; then
  echo "start time with the toolchain ($toolchain) hidden (validate starts the 4 kinds' extension processes):"
  unshare --mount sh -c "mount --bind '$work/empty' '$toolchain' && '$work/measure.sh' '$work/prefix/bin/widgethost' '$work/run'"
else
  echo "start time (not root: the toolchain could not be hidden, so it is in place):"
  "$work/measure.sh" "$work/prefix/bin/widgethost" "$work/run"
fi
