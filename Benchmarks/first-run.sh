#!/usr/bin/env bash
# First-run benchmark: the README's main command, exactly as written — `swift run photogrid
# export FOLDER --out DIR`, a debug build — against the installed release binary (scripts/install.sh's
# build) doing the same job, on 200 camera-size photos, after both builds. Prints the ratio; the goal is
# at most 1.5×. It holds because Package.swift compiles the pixel code (Imaging, JPEG, CJPEGShims,
# Thumbnails) optimised in debug builds too.
#
#   Benchmarks/first-run.sh                      build both, make the photos once, time, print the ratio
#   RUNS=5 Benchmarks/first-run.sh               more runs per command (default 3; the best is compared)
#   COUNT=20 Benchmarks/first-run.sh             fewer photos (1–1000; default 200)
#   PHOTOGRID_BIN=… Benchmarks/first-run.sh      compare against an already built release binary
#   BASELINE_BIN=… Benchmarks/first-run.sh       also time that binary (e.g. a debug build without the
#                                                optimised pixel code) on the same job, one run
#
# Each run exports into an empty folder (index, grid and detail thumbnails, layout.json, grid.jpg), warm
# cache. Needs python3, /usr/bin/time and what Benchmarks/make-photos.sh needs. Files go to Benchmarks/work/.
set -euo pipefail
cd "$(dirname "$0")/.."

WORK=$PWD/Benchmarks/work/first-run
RUNS=${RUNS:-3}
COUNT=${COUNT:-200}
mkdir -p "$WORK"

# --- 1. The two builds: the README's (`swift run` builds the debug product first; build it here so the
# timed runs measure the job, not the compiler) and the release binary scripts/install.sh installs.
echo "building photogrid (debug, as swift run does)…" >&2
swift build --product photogrid >&2
if [ -n "${PHOTOGRID_BIN:-}" ]; then
  RELEASE=$PHOTOGRID_BIN
else
  RELEASE_FLAGS=(-c release --static-swift-stdlib --scratch-path .build-install)
  echo "building photogrid (release, as scripts/install.sh does)…" >&2
  swift build "${RELEASE_FLAGS[@]}" --product photogrid >&2
  RELEASE=$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)/photogrid
fi

# --- 2. The photos: the first COUNT of the benchmarks' camera-size JPEGs (folders 01–02 for 200: 20 of
# each of the 10 originals, 4032×3024 to 6000×4000, 40 % progressive, EXIF orientations 1, 6, 8), as
# hard links (photogrid does not follow symbolic links).
Benchmarks/make-photos.sh
SET=$WORK/photos-$COUNT
if [ ! -f "$SET.complete" ]; then
  rm -rf "$SET"; mkdir -p "$SET"
  find Benchmarks/work/index/photos -name '*.jpg' | sort | head -n "$COUNT" | while read -r f; do
    ln "$f" "$SET/$(basename "$f")"
  done
  touch "$SET.complete"
fi
echo "$(find "$SET" -name '*.jpg' | wc -l) photos in $SET, $(du -sh "$SET" | cut -f1)" >&2

# --- 3. Time both on the same job, each run into an empty folder, the two commands interleaved (ABAB…)
# so that the other work on a shared machine falls on both alike; the best wall time and the best CPU
# time (user + sys of the process tree) of each are compared, as in Benchmarks/thumbs.sh. `swift run`
# once first, so that any build step of its own (plugin, relink) is done before the timed runs.
swift run photogrid --help >/dev/null 2>&1
README_OUT=$WORK/gallery-readme
RELEASE_OUT=$WORK/gallery-release
RESULTS=$WORK/results.tsv
: > "$RESULTS"
measure() {  # measure NAME OUTDIR command…   appends "NAME wall user sys" to $RESULTS
  local name=$1 out=$2; shift 2
  rm -rf "$out"
  /usr/bin/time -o "$WORK/time.txt" -f "%e %U %S" "$@" >/dev/null 2>"$WORK/stderr.txt" \
    || { echo "failed: $* ($(tail -3 "$WORK/stderr.txt"))" >&2; exit 1; }
  printf '%s\t%s\n' "$name" "$(tail -1 "$WORK/time.txt")" >> "$RESULTS"
}
for run in $(seq 1 "$RUNS"); do
  echo "run $run of $RUNS…" >&2
  measure readme "$README_OUT" swift run photogrid export "$SET" --out "$README_OUT"
  measure release "$RELEASE_OUT" "$RELEASE" export "$SET" --out "$RELEASE_OUT"
  if [ -n "${BASELINE_BIN:-}" ] && [ "$run" = 1 ]; then
    measure baseline "$WORK/gallery-baseline" "$BASELINE_BIN" export "$SET" --out "$WORK/gallery-baseline"
  fi
done
# The two galleries must be the same job's result: the same files, the same layout.
diff <(cd "$README_OUT" && find . -type f | sort) <(cd "$RELEASE_OUT" && find . -type f | sort) >/dev/null \
  || { echo "the two exports made different files" >&2; exit 1; }
cmp -s "$README_OUT/layout.json" "$RELEASE_OUT/layout.json" || { echo "the two layout.json differ" >&2; exit 1; }

# --- 4. The ratio.
python3 - "$RESULTS" "$COUNT" "$RUNS" <<'PY'
import sys
runs = {}
for line in open(sys.argv[1]):
    name, stats = line.rstrip("\n").split("\t")
    wall, user, system = map(float, stats.split())
    runs.setdefault(name, []).append((wall, user + system))
count, n = int(sys.argv[2]), int(sys.argv[3])
best = {name: (min(w for w, _ in r), min(c for _, c in r), len(r)) for name, r in runs.items()}
labels = {"readme": "`swift run photogrid export …` (the README's command, debug build)",
          "release": "`photogrid export …` (release binary, scripts/install.sh)",
          "baseline": "`$BASELINE_BIN export …` (one run)"}
print(f"\n{count} camera-size photos, `photogrid export` into an empty folder, warm cache, the two commands")
print(f"interleaved, best of {n} runs; CPU = user + sys of the process tree.\n")
print("| command | wall time | photos/s | CPU | wall vs release | CPU vs release |")
print("|---|---:|---:|---:|---:|---:|")
rw, rc, _ = best["release"]
for name in ["readme", "release", "baseline"]:
    if name not in best: continue
    w, c, k = best[name]
    print(f"| {labels[name]} | {w:.2f} s | {count / w:.1f} | {c:.2f} s | {w / rw:.2f}× | {c / rc:.2f}× |")
w, c, _ = best["readme"]
print(f"\n- {'PASS' if w <= 1.5 * rw else 'MISS'}: the README's command takes {w / rw:.2f}× the release binary's time "
      f"(CPU {c / rc:.2f}×; goal ≤ 1.5×)")
PY
