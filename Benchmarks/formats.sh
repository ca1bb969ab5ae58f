#!/usr/bin/env bash
# Formats benchmark: `photogrid index` (the probe) and `photogrid thumbs` on 200 HEIC, 200 PNG and 200
# WebP files, each set against libvips (vipsheader, vipsthumbnail) and exiftool on the same files, side
# by side in one run, warm cache.
#
#   Benchmarks/formats.sh                    (PHOTOGRID_BIN=… to time a given binary; RUNS=… default 3)
#
# The files: make-photos.sh's 10 camera-size originals (4032×3024 JPEGs with a Canon EXIF block; some
# with EXIF orientation 6 or 8) halved by libvips to 2016×1512 and saved as HEIC (libheif's x265, Q 50),
# PNG and WebP (Q 80), EXIF kept; then 20 copies of each, the k-th with k NUL bytes appended (after the
# image's last box or chunk, which every reader ignores), so that every file has its own content key.
# Made once into Benchmarks/work/formats (git-ignored).
# Timed per format (hyperfine, mean of RUNS):
#   probe   photogrid index (fresh database)  vs  vipsheader FILES…  vs  exiftool -fast2 (size, orientation)
#   thumbs  photogrid thumbs --jobs 1 (387 px squares, the default grid)  vs  VIPS_CONCURRENCY=1
#           vipsthumbnail --size 387x387 -c (the same squares, quality 85)
# Needs: libvips-tools, libimage-exiftool-perl, hyperfine, python3, and make-photos.sh's tools.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=$PWD/Benchmarks/work/formats
RUNS=${RUNS:-3}
read -r -a FORMATS <<< "${FORMATS:-heic png webp}"   # FORMATS="png" times one set
mkdir -p "$WORK"
if [ -n "${PHOTOGRID_BIN:-}" ]; then BIN=$PHOTOGRID_BIN; else
  swift build -c release --product photogrid >&2
  BIN=$(swift build -c release --show-bin-path)/photogrid
fi

if [ ! -f "$WORK/made" ]; then
  Benchmarks/make-photos.sh >&2
  echo "making 200 files of each format in $WORK (once)…" >&2
  for format in "${FORMATS[@]}"; do
    rm -rf "${WORK:?}/$format" "$WORK/originals-$format" && mkdir -p "$WORK/$format" "$WORK/originals-$format"
    case $format in heic) options="[Q=50]" ;; webp) options="[Q=80]" ;; *) options="" ;; esac
    for base in a b c d e f g h i j; do
      vips resize "Benchmarks/work/index/bases/$base.jpg" "$WORK/originals-$format/$base.$format$options" 0.5
    done
    python3 - "$WORK" "$format" <<'PY'
import sys
work, fmt = sys.argv[1:]
for n in range(200):  # 20 copies of each original, k NUL bytes appended to the k-th (every file its own content key)
    data = open(f"{work}/originals-{fmt}/{'abcdefghij'[n % 10]}.{fmt}", "rb").read()
    open(f"{work}/{fmt}/IMG_{n:04d}.{fmt}", "wb").write(data + b"\0" * (n // 10))
PY
  done
  touch "$WORK/made"
fi

for format in "${FORMATS[@]}"; do
  PHOTOS=$WORK/$format
  LIST=$(find "$PHOTOS" -type f | sort | tr '\n' ' ')
  echo "== $format: $(ls "$PHOTOS" | wc -l) files, $(du -sh "$PHOTOS" | cut -f1)" >&2
  DB=$WORK/fresh.sqlite
  THUMBS_DB=$WORK/thumbs-$format.sqlite
  rm -f "$THUMBS_DB"*
  "$BIN" index "$PHOTOS" --db "$THUMBS_DB" >/dev/null
  cat "$PHOTOS"/* > /dev/null
  hyperfine -N --style basic --warmup 1 --runs "$RUNS" --export-json "$WORK/probe-$format.json" \
    -n "photogrid index (fresh database)" --prepare "rm -f $DB $DB-wal $DB-shm" "$BIN index $PHOTOS --db $DB" \
    -n "vipsheader" --prepare true "vipsheader $LIST" \
    -n "exiftool -fast2" --prepare true "exiftool -fast2 -q -ImageWidth -ImageHeight -Orientation $LIST" >&2
  OUT=$WORK/out
  hyperfine --style basic --warmup 1 --runs "$RUNS" --export-json "$WORK/thumbs-$format.json" \
    -n "photogrid thumbs --jobs 1" --prepare "rm -rf $OUT" "$BIN thumbs --db $THUMBS_DB --out $OUT --jobs 1" \
    -n "vipsthumbnail (1 thread)" --prepare "rm -rf $OUT && mkdir -p $OUT" \
       "VIPS_CONCURRENCY=1 vipsthumbnail --size 387x387 -c -o '$OUT/%s.jpg[Q=85,optimize_coding]' $LIST" >&2
done

python3 - "$WORK" "${FORMATS[@]}" <<'PY'
import json, sys
work, formats = sys.argv[1], sys.argv[2:]
def means(name):
    return {r["command"]: r for r in json.load(open(f"{work}/{name}.json"))["results"]}
print("\n200 files of each format, ~2016×1512, warm cache, mean of the runs (hyperfine); ms per file:\n")
print("| format | photogrid index | vipsheader | exiftool -fast2 | probe ratio (vipsheader / photogrid) | photogrid thumbs --jobs 1 | vipsthumbnail (1 thread) | thumbnail ratio (vips / photogrid) |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
verdicts = []
for f in formats:
    p, t = means(f"probe-{f}"), means(f"thumbs-{f}")
    ours, vips, exif = (p[k]["mean"] for k in ("photogrid index (fresh database)", "vipsheader", "exiftool -fast2"))
    tours, tvips = t["photogrid thumbs --jobs 1"]["mean"], t["vipsthumbnail (1 thread)"]["mean"]
    ms = lambda x: f"{x * 1000 / 200:.2f}"
    print(f"| {f.upper() if f != 'webp' else 'WebP'} | {ms(ours)} | {ms(vips)} | {ms(exif)} | **{vips / ours:.1f}×** | {ms(tours)} | {ms(tvips)} | **{tvips / tours:.2f}×** |")
    verdicts.append(f"{f}: probe {'PASS' if ours <= vips else 'MISS'} (at least as fast as vipsheader)")
print()
print("\n".join(verdicts))
PY
