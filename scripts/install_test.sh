#!/bin/sh
# The install test (make test runs it after the Swift suites, so CI does):
# make install into a temporary prefix; then, from a folder outside the
# checkout and with nothing of it on the path, what a widget author does:
# kinds, new, swift build against the installed SDK, validate, preview. Then
# the installed tree and the package make deb builds each run with the
# toolchain hidden. Last, make uninstall must leave the prefix as it was.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/widgethost-install-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
fail() { echo "install test FAILED: $*" >&2; exit 1; }
SWIFT_BIN=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
step() { echo "--- install test: $*"; }

# A prefix that already holds something of its own, which must survive.
mkdir -p "$prefix/bin" "$prefix/share/man/man1"
echo '#!/bin/sh' > "$prefix/bin/other-tool"
before=$(cd "$prefix" && find . | sort)

step "make install PREFIX=$prefix"
make -s -C "$here" install PREFIX="$prefix" CONFIGURATION="${CONFIGURATION:-debug}"

mkdir "$work/author"
cd "$work/author"
PATH="$prefix/bin:$PATH"
export PATH
[ "$(command -v widgethost)" = "$prefix/bin/widgethost" ] || fail "widgethost on PATH is $(command -v widgethost)"

step "widgethost kinds (the built-in kinds, found beside the installed binary)"
kinds=$(widgethost kinds --config "$prefix/share/widgethost/config.yaml" --json)
for kind in SingleRepo DoubleRepo Contributor TodoList Weather SystemStatus Feeds Calendar SwiftReleases; do
  printf '%s' "$kinds" | grep -q "\"kind\" *: *\"$kind\"" || fail "kinds does not list $kind"
done
printf '%s' "$kinds" | grep -q "$prefix/lib/widgethost/libSingleRepo.so" || fail "SingleRepo not loaded from the prefix"

step "widgethost new Weather"
widgethost new Weather --families systemSmall,systemMedium
grep -q "\.package(path: \"$prefix/share/widgethost/SDK\")" Weather/Package.swift || fail "Package.swift does not use the installed SDK"

step "swift build (against the installed SDK)"
(cd Weather && swift build -q) || fail "the new package does not build"

step "widgethost validate / preview"
(cd Weather && widgethost validate) | grep -q "ok  Weather  systemSmall, systemMedium" || fail "validate"
(cd Weather && widgethost preview Weather --format ansi) | grep -q "Hello from" || fail "preview does not show the kind's text"
(cd Weather && widgethost preview Weather --all --out-dir cards) > /dev/null
[ "$(ls Weather/cards | wc -l)" -eq 8 ] || fail "preview --all wrote $(ls Weather/cards | wc -l) files, not 2 families x (3 modes + placeholder)"
grep -q "Hello from Weather" Weather/cards/Weather-systemMedium-vibrant.svg || fail "the vibrant medium card lacks the text"

step "completions, manual, service"
[ -s "$prefix/share/bash-completion/completions/widgethost" ] || fail "no bash completion"
grep -q "compdef\|_widgethost" "$prefix/share/zsh/site-functions/_widgethost" || fail "no zsh completion"
grep -q "^complete -c .*widgethost" "$prefix/share/fish/vendor_completions.d/widgethost.fish" || fail "no fish completion"
grep -q "^\.Dt WIDGETHOST 1" "$prefix/share/man/man1/widgethost.1" || fail "no manual"
grep -q "^ExecStart=$prefix/bin/widgethost run" "$prefix/lib/systemd/user/widgethost.service" || fail "the unit does not start the installed binary"

# The installed tree with the toolchain hidden (an empty folder mounted over
# it in a mount namespace of its own): what an operator without Swift runs.
# Its libraries, not the whole toolchain folder: a toolchain in /usr (the
# official images) would take the shell and libc with it.
toolchain="$(dirname "$(dirname "$(readlink -f "$SWIFT_BIN")")")/lib/swift"
cat > "$work/without-toolchain.sh" <<'SCRIPT'
#!/bin/sh
# <widgethost> <folder>: the checks, run where the toolchain is hidden.
set -eu
widgethost=$1
cd "$2"
fail() { echo "install test FAILED (without the toolchain): $*" >&2; exit 1; }
libexec=$(dirname "$(readlink -f "$widgethost")")
missing=$(ldd "$libexec/widgethost" "$libexec/widgethost-extension" "$libexec"/lib*.so 2>&1 | grep "not found" || true)
[ -z "$missing" ] || fail "libraries not found: $missing"
"$widgethost" --version > /dev/null || fail "--version"
cat > config.yaml <<YAML
container: {group: install.test, path: data}
github: {api: "http://127.0.0.1:9"}
widgets:
  - kind: TodoList
  - kind: SingleRepo
YAML
"$widgethost" validate > validate.out || fail "validate: $(cat validate.out)"
id=$("$widgethost" add-instance TodoList | sed -n 's/^added \([a-z0-9]*\):.*/\1/p')
[ -n "$id" ] || fail "add-instance"
"$widgethost" run config.yaml --log > run.log 2>&1 &
host=$!
# Waits for the event, not a time: 120 s is only a safety net.
tries=0
until grep -q "instance=$id kind=TodoList \[widgethost\] timeline received" run.log; do
  tries=$((tries + 1)); [ $tries -lt 1200 ] || { kill $host; fail "the host did not run TodoList: $(cat run.log)"; }
  sleep 0.1
done
kill -TERM $host; wait $host || fail "run did not stop cleanly: $(cat run.log)"
grep -q "host stopped; state saved" run.log || fail "no clean stop: $(cat run.log)"
"$widgethost" render "$id" > card.svg && grep -q "<svg" card.svg || fail "render"
"$widgethost" render "$id" --format png -o card.png && [ "$(head -c 4 card.png | tail -c 3)" = "PNG" ] || fail "render --format png"
echo "ran without the toolchain: validate, add-instance, run, render (SVG and PNG)"
SCRIPT
chmod +x "$work/without-toolchain.sh"
without_toolchain() { # <widgethost> <label>
  mkdir -p "$work/empty" "$work/run-$2"
  unshare --mount sh -c "mount --bind '$work/empty' '$toolchain' && '$work/without-toolchain.sh' '$1' '$work/run-$2'" ||
    fail "$2: the installed tree does not run without the toolchain"
}
if [ "$(id -u)" -eq 0 ] && unshare --mount true 2>/dev/null; then
  step "the installed tree with the toolchain ($toolchain) hidden"
  without_toolchain "$prefix/bin/widgethost" prefix

  step "make deb, its control file, its dependencies here, and the package's tree without the toolchain"
  make -s -C "$here" deb CONFIGURATION="${CONFIGURATION:-debug}" DEB="$work/widgethost.deb" > "$work/deb.log" 2>&1 ||
    fail "make deb: $(tail -5 "$work/deb.log")"
  tail -1 "$work/deb.log"
  dpkg-deb --field "$work/widgethost.deb" Depends | grep -q "libsqlite3-0" || fail "the package does not depend on libsqlite3-0"
  # At the version the binaries' symbols need: a bare libc6 installed where they cannot start.
  dpkg-deb --field "$work/widgethost.deb" Depends | grep -q "libc6 (>= 2\.[0-9]*)" || fail "the package depends on no version of libc6: $(dpkg-deb --field "$work/widgethost.deb" Depends)"
  dpkg --dry-run -i "$work/widgethost.deb" > "$work/dry-run" 2>&1 || fail "the package's dependencies are not met here: $(cat "$work/dry-run")"
  dpkg-deb -x "$work/widgethost.deb" "$work/debroot"
  [ -L "$work/debroot/usr/bin/widgethost" ] || fail "the package has no /usr/bin/widgethost"
  grep -q "^ExecStart=/usr/bin/widgethost run" "$work/debroot/usr/lib/systemd/user/widgethost.service" || fail "the package's unit does not start /usr/bin/widgethost"
  # Every library the tree links itself (NEEDED; what those need is their
  # packages' business) and does not carry comes from a package it depends on.
  depends=$(dpkg-deb --field "$work/widgethost.deb" Depends | tr -d ' ' | tr ',' '\n' | sed 's/(.*//')
  tree="$work/debroot/usr/lib/widgethost"
  needed=$(for file in "$tree/widgethost" "$tree/widgethost-extension" "$tree"/lib*.so; do
             readelf -d "$file" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'
           done | sort -u | tr '\n' ' ')
  for lib in $(ldd "$tree/widgethost" "$tree/widgethost-extension" "$tree"/lib*.so 2>/dev/null |
               awk -v toolchain="$toolchain/" -v own="$work/debroot/" -v needed=" $needed" \
                 '$3 ~ /^\// && index($3, toolchain) != 1 && index($3, own) != 1 && index(needed, " " $1 " ") { print $3 }' | sort -u); do
    package=$(dpkg -S "$(readlink -f "$lib")" 2>/dev/null || dpkg -S "$lib" 2>/dev/null || dpkg -S "/usr$lib" 2>/dev/null) || fail "no package owns $lib"
    package=${package%%:*}
    printf '%s\n' "$depends" | grep -qx "$package" || fail "$lib comes from $package, which the package does not depend on"
  done
  without_toolchain "$work/debroot/usr/bin/widgethost" deb
else
  step "skipped: running without the toolchain needs root for a mount namespace"
fi

step "make uninstall"
make -s -C "$here" uninstall PREFIX="$prefix"
after=$(cd "$prefix" && find . | sort)
[ "$before" = "$after" ] || fail "uninstall left the prefix changed:
$(printf '%s\n' "$before" > "$work/before"; printf '%s\n' "$after" | diff "$work/before" - || true)"
step "an install that fails half-way is undone by uninstall"
broken="$work/broken"
mkdir -p "$broken/bin"
before=$(cd "$broken" && find . | sort)
if "$here/scripts/install.sh" "$broken" "$("$SWIFT_BIN" build --package-path "$here" -c "${CONFIGURATION:-debug}" --show-bin-path)" "$work/no-such-manual.1" > /dev/null 2>&1; then
  fail "an install without its manual succeeded"
fi
"$here/scripts/uninstall.sh" "$broken" > /dev/null
after=$(cd "$broken" && find . | sort)
[ "$before" = "$after" ] || fail "uninstall after a failed install left the prefix changed"
echo "install test passed"
