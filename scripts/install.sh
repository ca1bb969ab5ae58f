#!/usr/bin/env bash
# Builds photogrid in release mode, the Swift runtime linked in, and installs it as PREFIX/bin/photogrid.
#
#   scripts/install.sh                 install into /usr/local (→ /usr/local/bin/photogrid)
#   scripts/install.sh ~/.local        install into another prefix (→ ~/.local/bin/photogrid)
#
# The binary links the Swift runtime and Foundation statically (`--static-swift-stdlib`) and the system's
# C libraries dynamically: libjpeg, SQLite, libpng, libwebp, and libheif loaded on first use (dlopen: its
# HEVC and AV1 decoders are plugins of the system's libheif; Debian ships no static libheif). It needs no Swift toolchain and
# nothing of the checkout at run time (the SQL migrations and the web gallery are compiled in), so it runs
# from any folder and on any Linux x86_64 machine that has those runtime packages (Debian 12:
# libjpeg62-turbo libsqlite3-0 libpng16-16 libwebp7 libwebpdemux2; libheif1 for HEIC and AVIF). Building needs their -dev packages.
# The build goes to .build-install/ (git-ignored), apart from the debug
# build of `swift run`/`swift test`; the first build takes about 4 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -gt 1 ] || [[ "${1:-}" == -* ]]; then
  echo "usage: scripts/install.sh [PREFIX]   (default PREFIX: /usr/local)" >&2
  exit 64
fi
prefix=${1:-/usr/local}
flags=(-c release --static-swift-stdlib --scratch-path .build-install)

swift build "${flags[@]}" --product photogrid
binary=$(swift build "${flags[@]}" --show-bin-path)/photogrid
mkdir -p "$prefix/bin"
install -m 0755 "$binary" "$prefix/bin/photogrid.new"   # same folder, then rename: never a half-copied binary
mv -f "$prefix/bin/photogrid.new" "$prefix/bin/photogrid"
echo "installed $prefix/bin/photogrid"
# Shell completions, as swift-argument-parser generates them from the commands' definitions.
for shell in bash zsh fish; do
  case $shell in
    bash) dir=$prefix/share/bash-completion/completions; file=photogrid ;;
    zsh)  dir=$prefix/share/zsh/site-functions; file=_photogrid ;;
    fish) dir=$prefix/share/fish/vendor_completions.d; file=photogrid.fish ;;
  esac
  mkdir -p "$dir"
  "$prefix/bin/photogrid" --generate-completion-script "$shell" > "$dir/$file.new" && mv -f "$dir/$file.new" "$dir/$file"
done
echo "installed completions for bash, zsh and fish under $prefix/share"
# The man page swift-argument-parser generates (docs/photogrid.1, kept current by scripts/update-manual.sh).
mkdir -p "$prefix/share/man/man1"
install -m 0644 docs/photogrid.1 "$prefix/share/man/man1/photogrid.1"
echo "installed $prefix/share/man/man1/photogrid.1 (man photogrid)"
