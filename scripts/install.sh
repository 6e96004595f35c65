#!/bin/sh
# make install: copies a built widgethost into a prefix and records every file
# and folder it creates, so that make uninstall removes exactly those. The
# Swift runtime the programs and kinds link goes beside them, so the
# installed tree runs with the toolchain moved away.
#   scripts/install.sh <prefix> <bin-path> <manual>
# FINAL_PREFIX: where the tree will live when it is not <prefix> (make deb
# stages /usr in a folder); the systemd unit names it.
set -eu
prefix=$1
bin=$2
manual=$3
final=${FINAL_PREFIX:-$prefix}
here=$(cd "$(dirname "$0")/.." && pwd)
record="$prefix/share/widgethost/installed-files"
kinds="SingleRepo DoubleRepo Contributor TodoList Weather SystemStatus Feeds Calendar JSONWidget"

if [ -e "$record" ]; then
  echo "widgethost is already installed in $prefix; run 'make uninstall PREFIX=$prefix' first" >&2
  exit 1
fi
for file in widgethost widgethost-extension libWidgetSDK.so libWidgetURLSession.so $(for kind in $kinds; do echo "lib$kind.so"; done); do
  [ -e "$bin/$file" ] || { echo "missing $bin/$file: build first" >&2; exit 1; }
done

# The record is written as the install goes, so that an install that fails
# half-way (a full disk, a folder it may not write) is undone by uninstall too.
# Folders are recorded only when this install made them: uninstall leaves
# alone what was there before.
existing=$prefix
while [ ! -d "$existing" ]; do existing=$(dirname "$existing"); done
[ -w "$existing" ] || { echo "cannot write to $existing (run as root, or choose PREFIX=\$HOME/.local)" >&2; exit 1; }
created_record=$(mktemp)
folder() {
  missing=""
  path=$1
  while [ ! -d "$path" ]; do
    missing="$path $missing"
    path=$(dirname "$path")
  done
  for path in $missing; do
    mkdir "$path"
    echo "$path" >> "$created_record"
  done
}
finish_record() { # the folders, deepest first, after the files
  tac "$created_record" | sed 's/^/folder /' >> "$record"
  rm -f "$created_record"
}
folder "$(dirname "$record")"
echo "# files and folders make install created; make uninstall removes them" > "$record"
echo "file $record" >> "$record"
trap finish_record EXIT
put() { # mode source destination
  folder "$(dirname "$3")"
  echo "file $3" >> "$record"
  install -m "$1" "$2" "$3"
}

echo "installing widgethost into $prefix"
libexec="$prefix/lib/widgethost"
put 755 "$bin/widgethost" "$libexec/widgethost"
put 755 "$bin/widgethost-extension" "$libexec/widgethost-extension"
put 644 "$bin/libWidgetSDK.so" "$libexec/libWidgetSDK.so"
put 644 "$bin/libWidgetURLSession.so" "$libexec/libWidgetURLSession.so"
for kind in $kinds; do put 644 "$bin/lib$kind.so" "$libexec/lib$kind.so"; done
# Debug information is most of a build's size (78 MB of the release binary's
# 128 MB); symbols stay, so crash reports still name functions.
if command -v strip > /dev/null; then
  for file in widgethost widgethost-extension libWidgetSDK.so libWidgetURLSession.so $(for kind in $kinds; do echo "lib$kind.so"; done); do
    strip --strip-debug "$libexec/$file"
  done
fi
# The toolchain's libraries these need (Swift's runtime, Foundation, ICU's
# data, libdispatch), found by ldd: every RUNPATH ends in $ORIGIN, so the
# loader finds them here once the toolchain's own folder is gone.
# The folder is where the loader finds libswiftCore.so (a swiftly shim or a
# linked toolchain folder would mislead a guess from the swift command).
core=$(ldd "$libexec/widgethost" | awk '$1 == "libswiftCore.so" { print $3 }')
case "$core" in
  /*) runtime="$(dirname "$core")/" ;;
  *) echo "cannot find the Swift runtime widgethost links (ldd: ${core:-nothing})" >&2; exit 1 ;;
esac
if [ "$runtime" != "$libexec/" ]; then
  for lib in $(ldd "$libexec/widgethost" "$libexec/widgethost-extension" "$libexec"/lib*.so 2>/dev/null |
               awk -v dir="$runtime" 'index($3, dir) == 1 { print $3 }' | sort -u); do
    put 644 "$lib" "$libexec/$(basename "$lib")"
  done
fi
[ -e "$libexec/libswiftCore.so" ] || { echo "the Swift runtime was not copied from $runtime" >&2; exit 1; }
# The binary stays beside its libraries (its RUNPATH is $ORIGIN, and it finds
# the built-in kinds and the extension runner beside itself); PATH gets a link.
folder "$prefix/bin"
echo "file $prefix/bin/widgethost" >> "$record"
ln -sf ../lib/widgethost/widgethost "$prefix/bin/widgethost"

# The SDK package, for widget packages built outside the checkout.
for source in "$here/SDK/Package.swift" $(cd "$here" && find SDK/Sources -name '*.swift' | sort); do
  relative=${source#"$here/"}
  put 644 "$here/$relative" "$prefix/share/widgethost/$relative"
done
put 644 "$here/config.yaml" "$prefix/share/widgethost/config.yaml"

# Shell completions and the manual.
scratch=$(mktemp -d)
trap 'finish_record; rm -rf "$scratch"' EXIT
for shell in bash zsh fish; do
  "$bin/widgethost" --generate-completion-script $shell > "$scratch/$shell"
done
put 644 "$scratch/bash" "$prefix/share/bash-completion/completions/widgethost"
put 644 "$scratch/zsh" "$prefix/share/zsh/site-functions/_widgethost"
put 644 "$scratch/fish" "$prefix/share/fish/vendor_completions.d/widgethost.fish"
put 644 "$manual" "$prefix/share/man/man1/widgethost.1"

# The systemd user unit, where systemctl --user looks for this prefix.
case "$final" in
  "${HOME:-}/.local") units="$prefix/share/systemd/user" ;;
  *) units="$prefix/lib/systemd/user" ;;
esac
sed "s|@BINDIR@|$final/bin|" "$here/contrib/widgethost.service" > "$scratch/unit"
put 644 "$scratch/unit" "$units/widgethost.service"

echo "installed: $prefix/bin/widgethost ($(grep -c '^file ' "$record") files; the list is in $record)"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "note: $prefix/bin is not on PATH; add it to use 'widgethost' by name" ;;
esac
