#!/usr/bin/env bash
# Index benchmark: `photogrid index` against the tools people use today, on the
# same 1,000 real-shaped camera JPEGs, side by side in one run, warm cache.
# Then what a new library costs (issue 24, "First contact is a new library"): the fresh index against
# exiv2 reading orientation only on the same 1,000 files without maker notes (exiv2's cost is mostly
# the maker notes, so this is where it is fastest), on 10 of them, and on an empty folder.
#
#   Benchmarks/index.sh            build (release), generate the photos once, time, print the table
#   RUNS=20 Benchmarks/index.sh    more runs per command (default 10)
#   ROUNDS=9 Benchmarks/index.sh   more rounds of the new-library commands (default 5, RUNS_PER_ROUND=5 runs each)
#   PHOTOGRID_BIN=… Benchmarks/index.sh   time an already built binary
#   BASELINE_BIN=… Benchmarks/index.sh    also time another build (e.g. the last release) in the same rounds
#                                         of 4b, and print this build's times against it
#
# Needs (installed when missing): hyperfine, imagemagick (convert-im6.q16, identify-im6.q16), libjpeg-turbo-progs (wrjpgcom),
# libimage-exiftool-perl, libvips-tools, exiv2, python3-pil, libgs-common, gcc + libjpeg-dev (the C floor).
# Generated files go to Benchmarks/work/ (git-ignored): ~3.4 GB of photos.
set -euo pipefail
cd "$(dirname "$0")/.."

WORK=Benchmarks/work/index
RUNS=${RUNS:-10}
ROUNDS=${ROUNDS:-5}
RUNS_PER_ROUND=${RUNS_PER_ROUND:-5}
SCRATCH=${SCRATCH:-.build-bench}
mkdir -p "$WORK"
# The tools it compares against, installed when missing (as serve.sh installs wrk and nginx).
need=()
command -v hyperfine >/dev/null || need+=(hyperfine)
command -v convert-im6.q16 >/dev/null || need+=(imagemagick)
command -v wrjpgcom >/dev/null || need+=(libjpeg-turbo-progs)
command -v exiftool >/dev/null || need+=(libimage-exiftool-perl)
command -v vipsheader >/dev/null || need+=(libvips-tools)
command -v exiv2 >/dev/null || need+=(exiv2)
[ -d /usr/share/color/icc/ghostscript ] || need+=(libgs-common)  # the photos' ICC profiles
/usr/bin/python3 -c 'import PIL' 2>/dev/null || need+=(python3-pil)  # Debian's Python, as timed below
if [ ${#need[@]} -gt 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >&2; fi

# --- 1. Release build as scripts/install.sh makes it (`--static-swift-stdlib`: the Swift runtime and
# Foundation linked in, the system's C libraries — libjpeg, SQLite, libpng, libwebp, libheif — dynamic,
# since Debian ships no static libheif). Process start is what an unchanged rescan mostly is: this build
# starts in ~3 ms against ~9 ms for the default dynamic build (Benchmarks/startup.sh).
# PHOTOGRID_BIN=path/to/photogrid times that binary instead (e.g. another build mode or branch).
source Benchmarks/release-binary.sh

# --- 2. The photos: 1,000 real-shaped camera JPEGs made once by Benchmarks/make-camera-photos.sh
# (camera-size images with what cameras and phones write before the image data: Canon EXIF with maker
# notes and an embedded thumbnail, XMP, an ICC profile — a 187 KB one in a tenth of them — and an MPF
# index with a preview JPEG appended; every file its own capture time).
# The same 1,000 without maker notes (make-camera-photos.sh --no-maker-notes: a ~0.7 KiB EXIF block
# beside the embedded thumbnail, every file's own DateTimeOriginal kept), 10 of them (one of each
# original, hard links) and an empty folder: the new-library rows.
Benchmarks/make-camera-photos.sh --no-maker-notes
PHOTOS=$WORK/camera
PLAIN=$WORK/camera-small-exif
TINY=$WORK/camera-small-exif-10
EMPTY=$WORK/empty
if [ "$(find "$TINY" -name '*.JPG' 2>/dev/null | wc -l)" != 10 ]; then
  rm -rf "$TINY"; mkdir -p "$TINY"
  for n in 0 1 2 3 4 5 6 7 8 9; do ln "$PLAIN/01/DSC_000$n.JPG" "$TINY/"; done
fi
rm -rf "$EMPTY"; mkdir -p "$EMPTY"
FILES=$(find "$PHOTOS" -name '*.JPG' | wc -l)
echo "$FILES files, $(du -sh "$PHOTOS" | cut -f1), e.g.:" >&2
for f in 01/DSC_0000.JPG 01/DSC_0007.JPG; do
  exiftool -q -p '  $ImageWidth×$ImageHeight  $EncodingProcess  orientation $Orientation#, EXIF+thumbnail, ICC $ICC_Profile:ProfileDescription, MPF $NumberOfImages images' "$PHOTOS/$f" >&2
done

# --- 3. The C floor: libjpeg's jpeg_read_header on each file through its stdio source (it reads the
# file in 4 KiB blocks up to the scan header, reading through the segments it skips), nothing else.
cat > "$WORK/floor.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>
int main(int argc, char **argv) {
    long pixels = 0;
    for (int i = 1; i < argc; i++) {
        FILE *file = fopen(argv[i], "rb");
        if (!file) continue;
        struct jpeg_decompress_struct cinfo;
        struct jpeg_error_mgr jerr;
        cinfo.err = jpeg_std_error(&jerr);
        jpeg_create_decompress(&cinfo);
        jpeg_stdio_src(&cinfo, file);
        if (jpeg_read_header(&cinfo, TRUE) == JPEG_HEADER_OK) pixels += (long)cinfo.image_width * cinfo.image_height;
        jpeg_destroy_decompress(&cinfo);
        fclose(file);
    }
    printf("%ld\n", pixels);
    return 0;
}
C
gcc -O2 -o "$WORK/floor" "$WORK/floor.c" -ljpeg

# --- 4. Time everything side by side (warm cache: hyperfine warms each command up first). No shell
# (-N): hyperfine runs each command directly and discards its output, so the short ones are exact.
DB=$WORK/fresh.sqlite
PLAIN_DB=$WORK/fresh-small-exif.sqlite
TINY_DB=$WORK/fresh-10.sqlite
EMPTY_DB=$WORK/fresh-empty.sqlite
RESCAN_DB=$WORK/rescan.sqlite
rm -f "$RESCAN_DB" "$RESCAN_DB"-wal "$RESCAN_DB"-shm
"$BIN" index "$PHOTOS" --db "$RESCAN_DB" >/dev/null
LIST=$(find "$PHOTOS" -name '*.JPG' | sort | tr '\n' ' ')
PLAIN_LIST=$(find "$PLAIN" -name '*.JPG' | sort | tr '\n' ' ')
TINY_LIST=$(find "$TINY" -name '*.JPG' | sort | tr '\n' ' ')
PILLOW="import glob, sys; from PIL import Image; [(lambda i: (i.size, i.getexif().get(274)))(Image.open(f)) for f in glob.glob(sys.argv[1] + '/*/*.JPG')]"
hyperfine -N --style basic --warmup 3 --runs "$RUNS" --export-json "$WORK/results.json" \
  -n "photogrid index (fresh database)" --prepare "rm -f $DB $DB-wal $DB-shm" "$BIN index $PHOTOS --db $DB" \
  -n "photogrid index (unchanged rescan)" --prepare true "$BIN index $PHOTOS --db $RESCAN_DB" \
  -n "stat walk: find -printf '%s %T@'" --prepare true "find $PHOTOS -type f -printf '%s %T@\\n'" \
  -n "C floor: libjpeg jpeg_read_header loop" --prepare true "$WORK/floor $LIST" \
  -n "exiftool -fast2 (batch)" --prepare true "exiftool -fast2 -q -r -ext JPG -ImageWidth -ImageHeight -Orientation $PHOTOS" \
  -n "identify -ping" --prepare true "identify-im6.q16 -ping -format '%w %h\\n' $LIST" \
  -n "vipsheader" --prepare true "vipsheader $LIST" \
  -n "exiv2 (summary)" --prepare true "exiv2 -q $LIST" \
  -n "exiv2 orientation only" --prepare true "exiv2 -q -K Exif.Image.Orientation -pv $LIST" \
  -n "Pillow (size + EXIF orientation)" --prepare true "/usr/bin/python3 -c \"$PILLOW\" $PHOTOS" \
  >&2

# --- 4b. A new library (issue 24): the fresh index and exiv2 on each set, in ROUNDS short rounds of
# all of them in turn (RUNS_PER_ROUND runs each), all the runs pooled: a fresh index waits on 10–15
# fdatasyncs, whose latency on this shared disk swings from run to run and minute to minute, and rounds
# spread that over both sides instead of letting it fall on whichever command ran during a slow spell.
rm -f "$WORK"/new-library-*.json
BASELINE_ROWS=()
if [ -n "${BASELINE_BIN:-}" ]; then  # its own databases: each build refuses a schema it does not know
  B_RESCAN=$WORK/rescan-baseline.sqlite
  rm -f "$B_RESCAN" "$B_RESCAN"-wal "$B_RESCAN"-shm
  "$BASELINE_BIN" index "$PHOTOS" --db "$B_RESCAN" >/dev/null
  for set in "maker notes:$PHOTOS" "no maker notes:$PLAIN" "10 files:$TINY" "empty folder:$EMPTY"; do
    B_DB="$WORK/baseline-${set%%:*}.sqlite"; B_DB=${B_DB// /-}
    BASELINE_ROWS+=(-n "baseline ${set%%:*}: photogrid index (fresh database)" --prepare "rm -f $B_DB $B_DB-wal $B_DB-shm" "$BASELINE_BIN index ${set#*:} --db $B_DB")
  done
  BASELINE_ROWS+=(-n "baseline: photogrid index (unchanged rescan)" --prepare true "$BASELINE_BIN index $PHOTOS --db $B_RESCAN"
                  -n "this build: photogrid index (unchanged rescan)" --prepare true "$BIN index $PHOTOS --db $RESCAN_DB")
fi
for round in $(seq 1 "$ROUNDS"); do
  # The baseline's commands open every other round, close the others: neither build always runs first.
  FIRST=(); LAST=("${BASELINE_ROWS[@]}")
  if [ $((round % 2)) = 0 ]; then FIRST=("${BASELINE_ROWS[@]}"); LAST=(); fi
  hyperfine -N --style basic --warmup 2 --runs "$RUNS_PER_ROUND" --export-json "$WORK/new-library-$round.json" \
    "${FIRST[@]}" \
    -n "maker notes: photogrid index (fresh database)" --prepare "rm -f $DB $DB-wal $DB-shm" "$BIN index $PHOTOS --db $DB" \
    -n "maker notes: exiv2 orientation only" --prepare true "exiv2 -q -K Exif.Image.Orientation -pv $LIST" \
    -n "no maker notes: photogrid index (fresh database)" --prepare "rm -f $PLAIN_DB $PLAIN_DB-wal $PLAIN_DB-shm" "$BIN index $PLAIN --db $PLAIN_DB" \
    -n "no maker notes: exiv2 orientation only" --prepare true "exiv2 -q -K Exif.Image.Orientation -pv $PLAIN_LIST" \
    -n "10 files: photogrid index (fresh database)" --prepare "rm -f $TINY_DB $TINY_DB-wal $TINY_DB-shm" "$BIN index $TINY --db $TINY_DB" \
    -n "10 files: exiv2 orientation only" --prepare true "exiv2 -q -K Exif.Image.Orientation -pv $TINY_LIST" \
    -n "empty folder: photogrid index (fresh database)" --prepare "rm -f $EMPTY_DB $EMPTY_DB-wal $EMPTY_DB-shm" "$BIN index $EMPTY --db $EMPTY_DB" \
    "${LAST[@]}" >&2
done

# --- 5. The table: files/s and how many times faster photogrid index (fresh database) is.
python3 - "$WORK/results.json" "$FILES" "$WORK"/new-library-*.json <<'PY'
import json, statistics, sys
results = json.load(open(sys.argv[1]))["results"]
files = int(sys.argv[2])
mean = {r["command"]: r["mean"] for r in results}
ours = mean["photogrid index (fresh database)"]
rescan = mean["photogrid index (unchanged rescan)"]
print(f"\n{files} real-shaped camera JPEGs, warm cache, mean of the runs (hyperfine):\n")
print("| command | time | files/s | photogrid index is … faster |")
print("|---|---:|---:|---:|")
for r in results:
    t = r["mean"]
    print(f"| {r['command']} | {t * 1000:.1f} ms ± {r['stddev'] * 1000:.1f} | {files / t:,.0f} | {t / ours:.1f}× |")
floor = mean["C floor: libjpeg jpeg_read_header loop"]
walk = mean["stat walk: find -printf '%s %T@'"]
exiv2 = mean["exiv2 orientation only"]
print("\nRatios:")
print(f"- photogrid index (fresh) / exiv2 -K Exif.Image.Orientation -pv: {ours / exiv2:.3f}")
print(f"- photogrid index (fresh) / C floor (jpeg_read_header loop): {ours / floor:.2f}")
print(f"- photogrid index (unchanged rescan) / find stat walk: {rescan / walk:.2f}")
def goal(text, ok): print(f"- {'PASS' if ok else 'MISS'}: {text}")
print("\nGoals:")
goal(f"≥ 20× exiftool -fast2: {mean['exiftool -fast2 (batch)'] / ours:.1f}×", mean["exiftool -fast2 (batch)"] / ours >= 20)
goal(f"≥ 5× vipsheader: {mean['vipsheader'] / ours:.1f}×", mean["vipsheader"] / ours >= 5)
pillow = mean["Pillow (size + EXIF orientation)"]
goal(f"≥ 2× Pillow: {pillow / ours:.1f}×", pillow / ours >= 2)
goal(f"faster than exiv2 orientation-only: {exiv2 / ours:.1f}×", exiv2 > ours)
goal(f"unchanged rescan within 3× of the stat walk: {rescan / walk:.1f}×", rescan <= 3 * walk)

# A new library (issue 24): each set's fresh index beside exiv2 reading orientation only, same files,
# every run of every round pooled. Medians (with the range): a mean follows the slow fdatasyncs.
by = {}
for path in sys.argv[3:]:
    for r in json.load(open(path))["results"]:
        by.setdefault(r["command"], []).extend(r["times"])
by = {name: {"median": statistics.median(times), "times": times} for name, times in by.items()}
def row(r): return f"{r['median'] * 1000:.1f} ms ({min(r['times']) * 1000:.0f}–{max(r['times']) * 1000:.0f})"
runs = len(by["empty folder: photogrid index (fresh database)"]["times"])
print(f"\nA new library: `photogrid index` into a fresh database against `exiv2 -q -K Exif.Image.Orientation -pv` on the same files, "
      f"median (min–max) of {runs} runs each ({len(sys.argv) - 3} rounds of all commands in turn):\n")
print("| files | photogrid index (fresh database) | exiv2 orientation only | photogrid / exiv2 |")
print("|---|---:|---:|---:|")
sets = [("1,000 camera JPEGs (maker notes)", "maker notes: photogrid index (fresh database)", "maker notes: exiv2 orientation only"),
        ("1,000 camera JPEGs, no maker notes", "no maker notes: photogrid index (fresh database)", "no maker notes: exiv2 orientation only"),
        ("10 camera JPEGs, no maker notes", "10 files: photogrid index (fresh database)", "10 files: exiv2 orientation only")]
for name, ours_name, theirs_name in sets:
    o, t = by[ours_name], by[theirs_name]
    print(f"| {name} | {row(o)} | {row(t)} | **{o['median'] / t['median']:.2f}** |")
empty = by["empty folder: photogrid index (fresh database)"]
print(f"| empty folder (process start and a new library, no photo) | {row(empty)} | — | — |")
plain, plain_exiv2 = by[sets[1][1]]["median"], by[sets[1][2]]["median"]
print(f"\nOf the fresh index of 1,000 files without maker notes, process start and a new library (the empty-folder run) are "
      f"{empty['median'] * 1000:.1f} ms ({empty['median'] / plain:.0%}); per file beyond it: "
      f"{(plain - empty['median']) / files * 1e6:.1f} µs (exiv2, process start included: {plain_exiv2 / files * 1e6:.1f} µs).")
goal(f"fresh index faster than exiv2 orientation-only without maker notes: {plain_exiv2 / plain:.2f}×", plain < plain_exiv2)

# BASELINE_BIN: this build against the other, the same rounds, medians (goal: within 5 %).
if "baseline: photogrid index (unchanged rescan)" in by:
    print("\nThis build against BASELINE_BIN, in the same rounds (medians, min–max):\n")
    print("| run | this build | baseline | this / baseline |")
    print("|---|---:|---:|---:|")
    pairs = [(name, f"{name}: photogrid index (fresh database)", f"baseline {name}: photogrid index (fresh database)")
             for name in ["maker notes", "no maker notes", "10 files", "empty folder"]]
    pairs.append(("unchanged rescan", "this build: photogrid index (unchanged rescan)", "baseline: photogrid index (unchanged rescan)"))
    for name, ours_name, base_name in pairs:
        o, b = by[ours_name], by[base_name]
        ratio = o["median"] / b["median"]
        print(f"| {name} | {row(o)} | {row(b)} | **{ratio:.2f}** |")
        goal(f"{name} within 5 % of the baseline: {ratio:.2f}", ratio <= 1.05)
PY
