#!/usr/bin/env bash
# Builds photogrid in release mode as one fully static executable and installs it as PREFIX/bin/photogrid.
#
#   scripts/install.sh                 install into /usr/local (→ /usr/local/bin/photogrid)
#   scripts/install.sh ~/.local        install into another prefix (→ ~/.local/bin/photogrid)
#
# The binary links the Swift runtime, Foundation, SQLite and libjpeg statically (`--static-swift-stdlib
# -Xswiftc -static-executable`): it needs no Swift toolchain, no shared library and nothing of the
# checkout at run time (the SQL migrations are compiled in), so it runs from any folder and can be
# copied to another Linux x86_64 machine. Building needs the static libraries of the -dev packages
# (libjpeg-dev, libsqlite3-dev). The build goes to .build-install/ (git-ignored), apart from the debug
# build of `swift run`/`swift test`; the first build takes about 4 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -gt 1 ] || [[ "${1:-}" == -* ]]; then
  echo "usage: scripts/install.sh [PREFIX]   (default PREFIX: /usr/local)" >&2
  exit 64
fi
prefix=${1:-/usr/local}
flags=(-c release --static-swift-stdlib -Xswiftc -static-executable --scratch-path .build-install)

swift build "${flags[@]}" --product photogrid
binary=$(swift build "${flags[@]}" --show-bin-path)/photogrid
mkdir -p "$prefix/bin"
install -m 0755 "$binary" "$prefix/bin/photogrid.new"   # same folder, then rename: never a half-copied binary
mv -f "$prefix/bin/photogrid.new" "$prefix/bin/photogrid"
echo "installed $prefix/bin/photogrid"
