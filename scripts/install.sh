#!/bin/sh
# make install: copies a built widgethost into a prefix and records every file
# and folder it creates, so that make uninstall removes exactly those.
#   scripts/install.sh <prefix> <bin-path> <manual>
set -eu
prefix=$1
bin=$2
manual=$3
here=$(cd "$(dirname "$0")/.." && pwd)
record="$prefix/share/widgethost/installed-files"
kinds="SingleRepo DoubleRepo Contributor TodoList"

if [ -e "$record" ]; then
  echo "widgethost is already installed in $prefix; run 'make uninstall PREFIX=$prefix' first" >&2
  exit 1
fi
for file in widgethost widgethost-extension libWidgetSDK.so $(for kind in $kinds; do echo "lib$kind.so"; done); do
  [ -e "$bin/$file" ] || { echo "missing $bin/$file: build first" >&2; exit 1; }
done

created=""
files=""
# Folders are recorded only when this install made them: uninstall leaves
# alone what was there before.
folder() {
  missing=""
  path=$1
  while [ ! -d "$path" ]; do
    missing="$path $missing"
    path=$(dirname "$path")
  done
  for path in $missing; do
    mkdir "$path"
    created="$path
$created"
  done
}
put() { # mode source destination
  folder "$(dirname "$3")"
  install -m "$1" "$2" "$3"
  files="$files
$3"
}

echo "installing widgethost into $prefix"
libexec="$prefix/lib/widgethost"
put 755 "$bin/widgethost" "$libexec/widgethost"
put 755 "$bin/widgethost-extension" "$libexec/widgethost-extension"
put 644 "$bin/libWidgetSDK.so" "$libexec/libWidgetSDK.so"
for kind in $kinds; do put 644 "$bin/lib$kind.so" "$libexec/lib$kind.so"; done
# The binary stays beside its libraries (its RUNPATH is $ORIGIN, and it finds
# the built-in kinds and the extension runner beside itself); PATH gets a link.
folder "$prefix/bin"
ln -sf ../lib/widgethost/widgethost "$prefix/bin/widgethost"
files="$files
$prefix/bin/widgethost"

# The SDK package, for widget packages built outside the checkout.
for source in "$here/SDK/Package.swift" $(cd "$here" && find SDK/Sources -name '*.swift' | sort); do
  relative=${source#"$here/"}
  put 644 "$here/$relative" "$prefix/share/widgethost/$relative"
done
put 644 "$here/config.yaml" "$prefix/share/widgethost/config.yaml"

# Shell completions and the manual.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for shell in bash zsh fish; do
  "$bin/widgethost" --generate-completion-script $shell > "$scratch/$shell"
done
put 644 "$scratch/bash" "$prefix/share/bash-completion/completions/widgethost"
put 644 "$scratch/zsh" "$prefix/share/zsh/site-functions/_widgethost"
put 644 "$scratch/fish" "$prefix/share/fish/vendor_completions.d/widgethost.fish"
put 644 "$manual" "$prefix/share/man/man1/widgethost.1"

# The systemd user unit, where systemctl --user looks for this prefix.
case "$prefix" in
  "$HOME/.local") units="$prefix/share/systemd/user" ;;
  *) units="$prefix/lib/systemd/user" ;;
esac
sed "s|@BINDIR@|$prefix/bin|" "$here/contrib/widgethost.service" > "$scratch/unit"
put 644 "$scratch/unit" "$units/widgethost.service"

folder "$(dirname "$record")"
{ echo "# files and folders make install created; make uninstall removes them"
  printf '%s\n' "$files" | sed '/^$/d' | sed 's/^/file /'
  echo "file $record"
  printf '%s' "$created" | sed '/^$/d' | sed 's/^/folder /'
} > "$record"
echo "installed: $prefix/bin/widgethost ($(grep -c '^file ' "$record") files; the list is in $record)"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "note: $prefix/bin is not on PATH; add it to use 'widgethost' by name" ;;
esac
