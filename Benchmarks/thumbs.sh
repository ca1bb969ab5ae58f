#!/usr/bin/env bash
# Thumbnail benchmark: `photogrid thumbs` against vipsthumbnail and ImageMagick
# on the camera-size JPEGs of the index benchmark, side by side in one run, warm cache; and against
# the floor of `djpeg -scale 1/8` (decoding alone) on the same files. Then the quality of each tool's
# thumbnails against the full-decode area-average reference.
#
#   Benchmarks/thumbs.sh                      build (release), make the photos once, time, print tables
#   SETS="200" RUNS=5 Benchmarks/thumbs.sh    only the 200-photo set, best of 5 runs (default: 200 and
#                                             1000, best of RUNS=3 runs on 200 and of 1 run on 1000)
#   PHOTOGRID_BIN=… Benchmarks/thumbs.sh      time an already built binary
#   IM_FIT="200 1000" Benchmarks/thumbs.sh    also time ImageMagick's fit 1024 on 1,000 photos (~20 min)
#   KEEP=1 SETS=200 Benchmarks/thumbs.sh      more runs, added to the previous ones (tables show the best)
#
# What is timed, per set (200 or 1,000 photos) × target (square 256 px, square 387 px, fit 1024 px)
# × parallelism (one process, or 2 jobs: photogrid --jobs 2, the others xargs -P2, each process with
# one thread: VIPS_CONCURRENCY=1, MAGICK_THREAD_LIMIT=1):
#   photogrid   thumbs --db SET.sqlite --out DIR --jobs J   (256: --width 390 --scale 2 → cells of 128 pt;
#               387: --width 393 --scale 3; fit: --detail-size 1024 with the grid already made)
#   vips        vipsthumbnail --size 256x256 -c -o 'DIR/%s.jpg[Q=85,optimize_coding]' FILES…  (fit: --size 1024x1024)
#   ImageMagick mogrify-im6.q16 -path DIR -define jpeg:size=512x512 -auto-orient -thumbnail '256x256^'
#               -gravity center -extent 256x256 -quality 85 FILES…   (convert's options, batch form; fit:
#               -define jpeg:size=2048x2048 -thumbnail 1024x1024)
#   floor       djpeg -scale 1/8 -outfile /dev/null FILE   (one process per file, xargs -P1/-P2)
# Every output folder is emptied before each run. Wall time, CPU (user + sys) and peak RSS from
# /usr/bin/time; for xargs runs the peak RSS is that of the largest single process.
#
# Needs: libvips-tools, imagemagick, libjpeg-turbo-progs, libimage-exiftool-perl (the photos), python3.
# Generated files go to Benchmarks/work/ (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."

INDEX_WORK=Benchmarks/work/index      # the index benchmark's photos, shared
WORK=$PWD/Benchmarks/work/thumbs       # absolute: vipsthumbnail -o resolves relative names from each input's folder
PHOTOS=$INDEX_WORK/photos
BASES=$INDEX_WORK/bases
SETS=${SETS:-"200 1000"}
SCRATCH=${SCRATCH:-.build-bench}
mkdir -p "$WORK"

# --- 1. Release build as Benchmarks/index.sh makes it, unless PHOTOGRID_BIN names a binary.
source Benchmarks/release-binary.sh
echo "building thumbs-quality (release)…" >&2
swift build -c release --package-path Benchmarks --product thumbs-quality >&2
QUALITY=$(swift build -c release --package-path Benchmarks --show-bin-path)/thumbs-quality

# --- 2. The photos: exactly Benchmarks/index.sh's set, made once by Benchmarks/make-photos.sh (10
# camera-like originals with Canon EXIF, 100 copies of each that differ by a COM marker).
Benchmarks/make-photos.sh

# --- 3. The sets: 200 photos (folders 01–02: 20 of each original) and all 1,000, as hard links
# (photogrid does not follow symbolic links), each indexed once into its own database.
for N in $SETS; do
  SET=$WORK/set-$N
  if [ ! -f "$SET.complete" ]; then
    rm -rf "$SET" "$SET.sqlite"*
    mkdir -p "$SET"
    for k in $(seq 1 $((N / 100))); do folder=$(printf %02d "$k"); cp -al "$PHOTOS/$folder" "$SET/$folder"; done
    "$BIN" index "$SET" --db "$SET.sqlite" >/dev/null
    touch "$SET.complete"
  fi
done

# --- 4. Time. Each command runs RUNS times, interleaved with the others; the best wall time is kept.
RESULTS=$WORK/results.tsv
[ -n "${KEEP:-}" ] || : > "$RESULTS"   # KEEP=1: add to the previous runs' results (the best is kept)
measure() {  # measure SET_SIZE TARGET JOBS TOOL OUTDIR command…
  local n=$1 target=$2 jobs=$3 tool=$4 out=$5; shift 5
  rm -rf "$out"; mkdir -p "$out"
  if ! /usr/bin/time -o "$WORK/time.txt" -f "%e %U %S %M" "$@" >/dev/null 2>"$WORK/stderr.txt"; then
    echo "failed: $* ($(tail -3 "$WORK/stderr.txt"))" >&2
  fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$n" "$target" "$jobs" "$tool" "$(tail -1 "$WORK/time.txt")" >> "$RESULTS"
}
for N in $SETS; do
  SET=$WORK/set-$N
  LIST=$WORK/list-$N
  find "$SET" -name '*.jpg' | sort > "$LIST"
  RUNS_HERE=${RUNS:-$([ "$N" -le 200 ] && echo 3 || echo 1)}
  OUT=$WORK/out
  for run in $(seq 1 "$RUNS_HERE"); do
    for J in 1 2; do
      PER=$(( (N + J - 1) / J ))
      echo "set $N, run $run, $J job(s)…" >&2
      measure "$N" floor "$J" "djpeg -scale 1/8" "$OUT/floor" xargs -a "$LIST" -n 1 -P "$J" djpeg -scale 1/8 -outfile /dev/null
      for T in 256 387; do
        W=$([ $T = 256 ] && echo "--width 390 --scale 2" || echo "--width 393 --scale 3")
        # photogrid: a fresh thumbnail folder (the database's records then point at missing files: all made again).
        measure "$N" "square $T" "$J" photogrid "$OUT/pg" "$BIN" thumbs --db "$SET.sqlite" --out "$OUT/pg" $W --jobs "$J"
        measure "$N" "square $T" "$J" vipsthumbnail "$OUT/vips" env VIPS_CONCURRENCY=1 xargs -a "$LIST" -n "$PER" -P "$J" \
          vipsthumbnail --size "${T}x${T}" -c -o "$OUT/vips/%s.jpg[Q=85,optimize_coding]"
        measure "$N" "square $T" "$J" ImageMagick "$OUT/im" env MAGICK_THREAD_LIMIT=1 xargs -a "$LIST" -n "$PER" -P "$J" \
          mogrify-im6.q16 -path "$OUT/im" -define "jpeg:size=$((2 * T))x$((2 * T))" -auto-orient \
          -thumbnail "${T}x${T}^" -gravity center -extent "${T}x${T}" -quality 85
      done
      # fit 1024: the grid of 387 exists and is up to date; only the detail variant is made.
      rm -rf "$OUT/pgfit"; "$BIN" thumbs --db "$SET.sqlite" --out "$OUT/pgfit" --width 393 --scale 3 >/dev/null
      measure "$N" "fit 1024" "$J" photogrid "$OUT/pgfit/detail-1024" "$BIN" thumbs --db "$SET.sqlite" --out "$OUT/pgfit" \
        --width 393 --scale 3 --detail-size 1024 --jobs "$J"
      measure "$N" "fit 1024" "$J" vipsthumbnail "$OUT/vips" env VIPS_CONCURRENCY=1 xargs -a "$LIST" -n "$PER" -P "$J" \
        vipsthumbnail --size 1024x1024 -o "$OUT/vips/%s.jpg[Q=85,optimize_coding]"
      # ImageMagick's fit 1024 takes ~1 s per photo: timed once, on the sets in IM_FIT (default 200).
      if [ "$run" = 1 ] && [[ " ${IM_FIT:-200} " == *" $N "* ]]; then
        measure "$N" "fit 1024" "$J" ImageMagick "$OUT/im" env MAGICK_THREAD_LIMIT=1 xargs -a "$LIST" -n "$PER" -P "$J" \
          mogrify-im6.q16 -path "$OUT/im" -define jpeg:size=2048x2048 -auto-orient -thumbnail 1024x1024 -quality 85
      fi
    done
  done
done

# --- 5. Quality on the 10 originals: PSNR against the full-decode area average (thumbs-quality),
# the pipeline's pixels before encoding, and each tool's pixels (PPM output, no JPEG loss) and JPEG (q85).
Q=$WORK/quality
rm -rf "$Q"; mkdir -p "$Q"
for T in 256 387; do
  mkdir -p "$Q/vips$T" "$Q/im$T"
  for f in "$BASES"/*.jpg; do
    s=$(basename "$f" .jpg)
    vipsthumbnail --size "${T}x${T}" -c -o "$Q/vips$T/%s.ppm" "$f"
    vipsthumbnail --size "${T}x${T}" -c -o "$Q/vips$T/%s.jpg[Q=85,optimize_coding]" "$f"
    convert-im6.q16 -define "jpeg:size=$((2 * T))x$((2 * T))" "$f" -auto-orient -thumbnail "${T}x${T}^" \
      -gravity center -extent "${T}x${T}" "$Q/im$T/$s.ppm"
    convert-im6.q16 "$Q/im$T/$s.ppm" -quality 85 "$Q/im$T/$s.jpg"
  done
  "$QUALITY" --square "$T" --other "vips=$Q/vips$T" --other "im=$Q/im$T" "$BASES"/*.jpg > "$Q/square-$T.txt"
done

# --- 6. Tables.
python3 - "$RESULTS" "$Q" <<'PY'
import sys, collections
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1]) if line.strip()]
best = {}
for n, target, jobs, tool, stats in rows:
    wall, user, system, rss = stats.split()
    key = (int(n), target, int(jobs), tool)
    entry = (float(wall), float(user) + float(system), int(rss))
    if key not in best or entry[0] < best[key][0]:
        best[key] = entry
sets = sorted({k[0] for k in best})
print("\nThumbnails of camera-size JPEGs (4032×3024, 3024×4032, 6000×4000, 1920×1080; 40% progressive), warm cache,")
print("best wall time of the runs; CPU = user + sys; RSS = peak resident set of one process.\n")
print("| photos | thumbnail | jobs | tool | time | images/s | CPU s | peak RSS | photogrid is … faster |")
print("|---:|---|---:|---|---:|---:|---:|---:|---:|")
goals = []
for n in sets:
    for target in ["square 256", "square 387", "fit 1024"]:
        for jobs in [1, 2]:
            ours = best.get((n, target, jobs, "photogrid"))
            for tool in ["photogrid", "vipsthumbnail", "ImageMagick", "djpeg -scale 1/8"]:
                key = (n, "floor" if tool.startswith("djpeg") else target, jobs, tool)
                if key not in best or ours is None: continue
                wall, cpu, rss = best[key]
                ratio = wall / ours[0]
                print(f"| {n:,} | {target} | {jobs} | {tool} | {wall:.2f} s | {n / wall:,.1f} | {cpu:.2f} | {rss / 1024:.0f} MB | {ratio:.2f}× |")
            vips = best.get((n, target, jobs, "vipsthumbnail"))
            floor = best.get((n, "floor", jobs, "djpeg -scale 1/8"))
            if ours and vips and target != "fit 1024":
                goals.append((f"{n} photos, {target}, {jobs} job(s): ≥ 1.25× vipsthumbnail images/s: {vips[0] / ours[0]:.2f}×", vips[0] / ours[0] >= 1.25))
                goals.append((f"{n} photos, {target}, {jobs} job(s): peak RSS ≤ vipsthumbnail's: {ours[2] / 1024:.0f} MB vs {vips[2] / 1024:.0f} MB", ours[2] <= vips[2]))
            if ours and floor and target == "square 256":
                goals.append((f"{n} photos, {target}, {jobs} job(s): within 1.25× of djpeg -scale 1/8: {ours[0] / floor[0]:.2f}×", ours[0] <= 1.25 * floor[0]))
print("\nQuality (10 originals): mean PSNR in dB against the full decode + exact area average of the visible square.")
print("raw = pixels before JPEG encoding (PPM for vips/ImageMagick); q85 = after encoding at quality 85 and decoding.\n")
print("| thumbnail | photogrid raw | photogrid q85 | vipsthumbnail raw | vipsthumbnail q85 | ImageMagick raw | ImageMagick q85 |")
print("|---|---:|---:|---:|---:|---:|---:|")
for T in [256, 387]:
    means = {}
    for line in open(f"{sys.argv[2]}/square-{T}.txt"):
        line = line.strip()
        name, _, value = line.partition(":")
        if value.split() and name.split()[-1] in ("raw", "q85", "jpg", "ms"):
            means[name.strip()] = float(value.split()[0])
    ours_raw, ours_q = means["m2-mitchell raw"], means["m2-mitchell q85"]
    print(f"| square {T} | {ours_raw:.2f} | {ours_q:.2f} | {means['vips raw']:.2f} | {means['vips jpg']:.2f} | {means['im raw']:.2f} | {means['im jpg']:.2f} |")
    goals.append((f"square {T}: PSNR ≥ 38 dB (raw): {ours_raw:.2f}", ours_raw >= 38))
    goals.append((f"square {T}: PSNR no worse than vipsthumbnail's by > 0.3 dB: raw {ours_raw - means['vips raw']:+.2f}, q85 {ours_q - means['vips jpg']:+.2f}",
                  ours_raw >= means["vips raw"] - 0.3 and ours_q >= means["vips jpg"] - 0.3))
print("\nGoals:")
for text, ok in goals: print(f"- {'PASS' if ok else 'MISS'}: {text}")
PY
