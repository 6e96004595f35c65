#!/bin/sh
# make uninstall: removes what make install recorded, and nothing else.
#   scripts/uninstall.sh <prefix>
set -eu
prefix=$1
record="$prefix/share/widgethost/installed-files"
if [ ! -f "$record" ]; then
  echo "widgethost is not installed in $prefix (no $record)" >&2
  exit 1
fi
listed=$(cat "$record")
files=$(printf '%s\n' "$listed" | grep '^file ' | cut -c6-)
# Folders install created, deepest first (the order they are recorded in).
folders=$(printf '%s\n' "$listed" | grep '^folder ' | cut -c8- || true)
printf '%s\n' "$files" | while read -r path; do rm -f "$path"; done
printf '%s\n' "$folders" | while read -r path; do
  [ -n "$path" ] || continue
  rmdir "$path" 2>/dev/null || echo "note: kept $path: it holds files widgethost did not install"
done
echo "removed widgethost from $prefix ($(printf '%s\n' "$files" | wc -l) files)"
