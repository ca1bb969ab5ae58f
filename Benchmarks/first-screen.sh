#!/usr/bin/env bash
# First-screen benchmark (issue 24, "Numbers"): `photogrid serve FOLDER` started on a never-seen folder of
# camera-size JPEGs, its page opened in Debian's Chromium (Playwright for Python, headless), and timed from
# the command's start:
#   (1) the first moment the first screen is full of thumbnails (every visible [data-index] cell's <img>
#       complete with naturalWidth > 0, the cells reaching the bottom of the screen), the index maybe still
#       running — goal ≤ 2 s after the command starts;
#   (2) the end of the index run (the `index` event with phase "done" on /api/v1/events);
#   (3) every visible cell of the final first screen (the grid at offset 0 once the index is done) showing
#       its own thumbnail — reported as seconds after (2), goal ≤ 1 s.
# Two viewports (393×852 CSS px at deviceScaleFactor 3, 1280×800 at 1), each cold (the folder's files
# evicted from the page cache: drop_caches as root, else posix_fadvise DONTNEED on every file; the table
# says which) and then warm. Each run: a fresh database and thumbnail folder, a new browser context (no
# cached images), the page polled every ~50 ms, given up after TIMEOUT s ("not within N s"). Also the
# index time cold and warm, the thumbnails the server made ahead of the page's requests (files under its
# thumbnail folder against the thumbnails the page asked for) and `photogrid thumbs --jobs 2` on the same
# photos (thumbnails/s, for THUMBS_SECONDS at most). Prints one table per viewport and folder size, with
# the goals PASS/MISS, and the command line that made them.
#
#   Benchmarks/first-screen.sh                          10,000 photos, PHOTOGRID=.build/debug/photogrid
#   PHOTOGRID=/usr/local/bin/photogrid Benchmarks/first-screen.sh   another binary (no build is done here)
#   SIZES="10000 100000" Benchmarks/first-screen.sh     also 100,000 photos
#   TIMEOUT=120 THUMBS_SECONDS=20 TAIL=3                per-run limit, thumbs run limit, seconds watched
#                                                       after both moments (thumbnails made ahead)
#
# The photos (made once, cached in $TMPDIR/photogrid-first-screen/, default TMPDIR=/tmp; ~2.8 MB each,
# ~28 GB for 10,000): 20 bases, SampleImages pictures made 4032×3024 (ImageMagick, quality 90, 4:2:0, a
# little noise; portrait ones stored sideways with EXIF orientation 6 as phones do; EXIF dates by exiftool
# if installed); each photo a copy of one with a JPEG COM segment after SOI naming it and its own capture
# time in the EXIF dates (a distinct content key: size + first 16 KiB), in folders of 1,000 (100CAMRA…),
# file names in capture order. 100,000: the 10,000 as hard links, then hard links of 1,000 more distinct
# photos taken later (so the first screen never shows a repeated photo). Runs' databases and logs stay in
# $TMPDIR/photogrid-first-screen/runs/ (the last run of each kind). Nothing is written in the repository.
#
# Needs: python3 with playwright (pip; never `playwright install`), /usr/bin/chromium, imagemagick
# (/usr/bin/convert), optionally exiftool. Builds nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

: "${PHOTOGRID:=.build/debug/photogrid}"
: "${SIZES:=10000}"
export PHOTOGRID SIZES TMPDIR="${TMPDIR:-/tmp}"
[ -x "$PHOTOGRID" ] || { echo "no photogrid binary at $PHOTOGRID (PHOTOGRID=path; this script builds nothing)" >&2; exit 1; }
[ -x /usr/bin/chromium ] || { echo "needs /usr/bin/chromium (apt-get install chromium)" >&2; exit 1; }
[ -x /usr/bin/convert ] || { echo "needs ImageMagick's /usr/bin/convert (apt-get install imagemagick)" >&2; exit 1; }
python3 -c 'import playwright.sync_api' 2>/dev/null || { echo "needs Playwright for Python (pip install playwright; the browser is Debian's chromium)" >&2; exit 1; }

# The exact command line, as it can be pasted again: the settings given, then the script.
settings=""
for name in PHOTOGRID SIZES TIMEOUT THUMBS_SECONDS TAIL TMPDIR; do
  if [ -n "${!name:-}" ]; then settings+="$name=$(printf '%q' "${!name}") "; fi
done
export FIRST_SCREEN_COMMAND="${settings}Benchmarks/first-screen.sh"
exec python3 Benchmarks/first-screen.py
