#!/bin/sh
# The install test (make test runs it after the Swift suites, so CI does):
# make install into a temporary prefix; then, from a folder outside the
# checkout and with nothing of it on the path, what a widget author does:
# kinds, new, swift build against the installed SDK, validate, preview. Last,
# make uninstall must leave the prefix as it was.
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
for kind in SingleRepo DoubleRepo Contributor TodoList; do
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
