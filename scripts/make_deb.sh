#!/bin/sh
# make deb: a Debian package of the installed tree (make install with
# PREFIX=/usr, staged in a folder): the binary, the kinds and the Swift
# runtime beside them, the SDK, completions, the manual and the systemd user
# unit. It needs no toolchain to run; building new kinds does.
#   scripts/make_deb.sh <bin-path> <manual> <output.deb>
set -eu
bin=$1
manual=$2
output=$3
here=$(cd "$(dirname "$0")/.." && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

FINAL_PREFIX=/usr "$here/scripts/install.sh" "$stage/usr" "$bin" "$manual" > /dev/null
# dpkg keeps the list of files; make uninstall's record has no place here.
rm "$stage/usr/share/widgethost/installed-files"

version=$("$bin/widgethost" --version | sed -n 's/^widgethost \([0-9.]*\).*/\1/p')
[ -n "$version" ] || { echo "cannot read the version from $bin/widgethost --version" >&2; exit 1; }
# Depends: the Debian libraries the programs, the kinds and the bundled
# runtime link (libcurl for FoundationNetworking, which URLSession in kinds
# uses), at the versions their symbols need, as dpkg-shlibdeps reads them
# from the files themselves: a bare `libc6` let the package install on a
# Debian whose C library is older than the binary's symbols need.
# scripts/install_test.sh checks each library is on this list. Then the
# fonts cards are drawn with. librsvg is loaded only to draw PNG.
libexec="$stage/usr/lib/widgethost"
shlibs=$(
  cd "$stage"
  mkdir debian
  printf 'Source: widgethost\n\nPackage: widgethost\nArchitecture: any\n' > debian/control
  # The bundled Swift runtime is the package's own (-l): it has no Debian package to depend on.
  dpkg-shlibdeps -O --ignore-missing-info -l"$libexec" "$libexec/widgethost" "$libexec/widgethost-extension" "$libexec"/lib*.so 2> debian/log |
    sed -n 's/^shlibs:Depends=//p'
  [ -s debian/log ] && cp debian/log "$stage.log"
  rm -r debian
)
[ -n "$shlibs" ] || { echo "dpkg-shlibdeps found no dependencies: $(cat "$stage.log" 2>/dev/null)" >&2; rm -f "$stage.log"; exit 1; }
rm -f "$stage.log"
size=$(du -sk "$stage" | cut -f1)
mkdir "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: widgethost
Version: $version
Architecture: $(dpkg --print-architecture)
Maintainer: widgethost developers <widgethost@localhost>
Installed-Size: $size
Depends: $shlibs, fonts-dejavu-core, fonts-material-design-icons-iconfont
Recommends: librsvg2-2, librsvg2-common
Suggests: poppler-utils
Section: utils
Priority: optional
Description: WidgetKit-style widget host
 Loads widget kinds (Swift modules written as WidgetKit extensions are) in
 sandboxed extension processes, keeps every placed widget's timeline fresh,
 and draws the entries on a terminal board, as SVG or PNG, and on a web
 dashboard. Building new kinds needs a Swift toolchain; running does not.
CONTROL
dpkg-deb --root-owner-group --build "$stage" "$output" > /dev/null
echo "built $output (widgethost $version, $(du -h "$output" | cut -f1), installs $((size / 1024)) MiB)"
