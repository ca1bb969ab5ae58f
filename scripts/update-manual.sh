#!/usr/bin/env bash
# Regenerates docs/photogrid.1, the man page swift-argument-parser writes from the commands' definitions
# (its GenerateManual plugin: a release build of photogrid, ~6 min on 2 cores, in .build-install beside
# install.sh's). Run it after changing a command, an option or a help text; ManualPageTests fails while
# the committed page lacks a command or an option the binary has. scripts/install.sh installs the page.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package --scratch-path .build-install generate-manual
cp .build-install/plugins/GenerateManual/outputs/photogrid/photogrid.1 docs/photogrid.1
echo "docs/photogrid.1 updated"
