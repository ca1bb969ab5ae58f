#!/usr/bin/env bash
# Duplicates (issue 39): the Duplicates library's groups on the evaluation set (Benchmarks/make-duplicate-set.sh:
# same-picture variants by vips, ImageMagick, heif-enc, cwebp and exiftool; other pictures made to look alike:
# frames 1 s apart from ffmpeg, a moved region, a flipped patch, crops 3 % apart, a darker variant), scored
# beside imagehash's pHash at Hamming distance ≤ 4 and ≤ 8 (Benchmarks/duplicates-score.py), then the time to
# group 1,000,000 synthetic signatures. Goals: 0 false pairs, recall ≥ 0.99, ≤ 5 s.
#
#   Benchmarks/duplicates.sh              the whole run
#   EXPLAIN=1 Benchmarks/duplicates.sh    also every pair within 16 hash bits with its measures, in
#                                         Benchmarks/work/duplicates/explain.txt
#
# Needs: swift, python3 with imagehash and pillow-heif (pip install imagehash pillow-heif), and what
# make-duplicate-set.sh needs. Builds Benchmarks/.build (release) unless another swift build is running.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=Benchmarks/work/duplicates
Benchmarks/make-duplicate-set.sh
python3 -c 'import imagehash, pillow_heif' 2>/dev/null || pip install -q imagehash pillow-heif
while pgrep -f swift-build >/dev/null; do echo "waiting for another swift build…" >&2; sleep 30; done
swift build -c release --package-path Benchmarks --product duplicates-benchmark >&2
BENCH=Benchmarks/.build/release/duplicates-benchmark

if [ "${EXPLAIN:-}" = 1 ]; then
  "$BENCH" groups "$WORK/set" --explain > "$WORK/groups.txt" 2> "$WORK/explain.txt"
  head -2 "$WORK/explain.txt" >&2
else
  "$BENCH" groups "$WORK/set" > "$WORK/groups.txt"
fi
python3 Benchmarks/duplicates-score.py "$WORK/set" "$WORK/groups.txt"
"$BENCH" synthetic 1000000
