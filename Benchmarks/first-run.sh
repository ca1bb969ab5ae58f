#!/usr/bin/env bash
# First-run benchmark (issue 10): the README's main command, exactly as written — `swift run photogrid
# export FOLDER --out DIR`, a debug build — against the installed release binary (scripts/install.sh's
# build) doing the same job, on 200 camera-size photos, after both builds. Prints the ratio; the goal is
# at most 1.5×. It holds because Package.swift compiles the pixel code (Imaging, JPEG, CJPEGShims,
# Thumbnails) optimised in debug builds too.
#
#   Benchmarks/first-run.sh                      build both, make the photos once, time, print the ratio
#   RUNS=5 Benchmarks/first-run.sh               more runs per command (default 3; the mean is compared)
#   COUNT=20 Benchmarks/first-run.sh             fewer photos (1–1000; default 200)
#   PHOTOGRID_BIN=… Benchmarks/first-run.sh      compare against an already built release binary
#   BASELINE_BIN=… Benchmarks/first-run.sh       also time that binary (e.g. a debug build without the
#                                                optimised pixel code) on the same job, one run
#
# Each run exports into an empty folder (index, grid and detail thumbnails, layout.json, grid.jpg), warm
# cache. Needs hyperfine, python3 and what Benchmarks/make-photos.sh needs. Files go to Benchmarks/work/.
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
  RELEASE_FLAGS=(-c release --static-swift-stdlib -Xswiftc -static-executable --scratch-path .build-install)
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

# --- 3. Time both on the same job, each run into an empty folder. `swift run` once first, so that any
# build step of its own (plugin, relink) is done before the timed runs.
swift run photogrid --help >/dev/null 2>&1
README_OUT=$WORK/gallery-readme
RELEASE_OUT=$WORK/gallery-release
hyperfine --style basic --runs "$RUNS" --export-json "$WORK/results.json" \
  -n "swift run photogrid export (README, debug build)" --prepare "rm -rf $README_OUT" \
  "swift run photogrid export $SET --out $README_OUT" \
  -n "photogrid export (release binary)" --prepare "rm -rf $RELEASE_OUT" \
  "$RELEASE export $SET --out $RELEASE_OUT" >&2
if [ -n "${BASELINE_BIN:-}" ]; then
  hyperfine --style basic --runs 1 --export-json "$WORK/baseline.json" \
    -n "baseline: $BASELINE_BIN export" --prepare "rm -rf $WORK/gallery-baseline" \
    "$BASELINE_BIN export $SET --out $WORK/gallery-baseline" >&2
fi
# The two galleries must be the same job's result: the same files, the same layout.
diff <(cd "$README_OUT" && find . -type f | sort) <(cd "$RELEASE_OUT" && find . -type f | sort) >/dev/null \
  || { echo "the two exports made different files" >&2; exit 1; }
cmp -s "$README_OUT/layout.json" "$RELEASE_OUT/layout.json" || { echo "the two layout.json differ" >&2; exit 1; }

# --- 4. The ratio.
python3 - "$WORK/results.json" "$COUNT" "$WORK/baseline.json" "${BASELINE_BIN:+yes}" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
count = int(sys.argv[2])
readme = results["swift run photogrid export (README, debug build)"]
release = results["photogrid export (release binary)"]
print(f"\n{count} camera-size photos, `photogrid export` into an empty folder, mean of the runs (hyperfine);")
print("CPU = user + sys of the process tree (steadier than wall time on a shared machine).\n")
print("| command | wall time | photos/s | CPU | wall vs release | CPU vs release |")
print("|---|---:|---:|---:|---:|---:|")
rows = [("`swift run photogrid export …` (the README's command, debug build)", readme),
        ("`photogrid export …` (release binary, scripts/install.sh)", release)]
if sys.argv[4] == "yes":
    baseline = json.load(open(sys.argv[3]))["results"][0]
    rows.append((baseline["command"], baseline))
cpu = lambda r: r["user"] + r["system"]
for name, r in rows:
    print(f"| {name} | {r['mean']:.2f} s ± {r['stddev'] or 0:.2f} | {count / r['mean']:.1f} | {cpu(r):.2f} s | "
          f"{r['mean'] / release['mean']:.2f}× | {cpu(r) / cpu(release):.2f}× |")
ratio = readme["mean"] / release["mean"]
print(f"\n- {'PASS' if ratio <= 1.5 else 'MISS'}: the README's command takes {ratio:.2f}× the release binary's time "
      f"(CPU {cpu(readme) / cpu(release):.2f}×; goal ≤ 1.5×)")
PY
