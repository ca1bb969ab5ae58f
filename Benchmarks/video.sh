#!/usr/bin/env bash
# Video benchmark: `photogrid index` (the video probe) and `photogrid thumbs` (the poster frame's grid
# thumbnail) on 200 short videos, against what a server does today per asset — Immich runs one ffprobe
# and one ffmpeg process per video — side by side in one run, warm cache:
#   probe   photogrid index (fresh database; default jobs and --jobs 1)  vs  a loop running
#           `ffprobe -v error -show_entries stream=width,height:stream_side_data=rotation
#           -show_entries format=duration FILE` once per file, one at a time;
#   poster  photogrid thumbs (the grid squares of an indexed library, fresh thumbnail folder; default
#           jobs and --jobs 1)  vs  a loop running `ffmpeg -v error -ss T -i FILE -frames:v 1 -vf
#           "crop=min(iw\,ih):min(iw\,ih),scale=S:S" -q:v 3 OUT.jpg` once per file, T the video's
#           posterTime from `photogrid list --json` (the frame photogrid decodes), S photogrid's grid size.
# Goals (the issue): probe ≥ 20× the ffprobe loop, poster ≥ 2× the ffmpeg loop. Prints one table: times
# (mean of RUNS, hyperfine), CPU time (user + sys: ffmpeg decodes on several threads, photogrid one thread
# per video) and both ratios; whether every photogrid thumbnail shows ffmpeg's frame; the command line.
# Before timing it checks that every video indexed as an ok video row with a poster time and got its
# thumbnail (errors are printed and nothing is timed).
#
#   Benchmarks/video.sh                           build (release, as index.sh), make the videos once, time
#   PHOTOGRID_BIN=/tmp/pg/photogrid Benchmarks/video.sh   time an already built binary (no build)
#   RUNS=5 Benchmarks/video.sh                    more runs per command (default 3, after 1 warm-up)
#
# The videos (made once, ~7 min, cached in $TMPDIR/photogrid-video/videos, default TMPDIR=/tmp; 1.9 GB,
# ~12 Mbit/s): 200 clips of ffmpeg's lavfi testsrc2, each hue-shifted its own way (every file its own
# bytes and content key), with a white square jumping across the centre every frame (which frame a
# thumbnail shows is plain); 3–10 s long at 25, 30 or 60 fps, keyframes every 0.5, 1, 1.5 or 2 s (a
# fixed GOP, no scene cuts: the poster's keyframe, the first at or after min(1 s, duration / 2), is not
# frame 0); 1920×1080 and 1280×720 h264 (libx264 -preset ultrafast, yuv420p), every fifth one HEVC
# 1280×720 (libx265 -preset ultrafast -tag:v hvc1); two thirds MP4 (half of them with the moov atom
# first, -movflags +faststart), one third MOV; every other one with an AAC stereo track; 30 of them
# portrait, as phones record (1920×1080 and 1280×720 h264, 1280×720 HEVC streams given a display matrix by
# a stream copy remux with `-metadata:s:v:0 rotate=90`). Nothing is written in the repository: the
# databases, thumbnails, loops and hyperfine's JSON go to $TMPDIR/photogrid-video/runs.
#
# Needs: ffmpeg and ffprobe (with libx264 and libx265), hyperfine, python3.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
SCRATCH=${SCRATCH:-.build-bench}
GIVEN_TMPDIR=${TMPDIR:-}
export TMPDIR=${TMPDIR:-/tmp}
CACHE=$TMPDIR/photogrid-video
VIDEOS=$CACHE/videos
WORK=$CACHE/runs
COUNT=200
RECIPE=2   # bump when the videos' recipe below changes: the cache is remade
for tool in ffmpeg ffprobe hyperfine python3; do
  command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 1; }
done

# --- 1. The binary: PHOTOGRID_BIN, else a release build as index.sh makes it (scripts/install.sh's flags).
source Benchmarks/release-binary.sh
[ -x "$BIN" ] || { echo "no photogrid binary at $BIN" >&2; exit 1; }

# --- 2. The videos, made once (see the header). Video n's kind follows n, so the set is the same on
# every machine: codec n%5 (4: HEVC), size n%2, container n%3 (0: MOV), GOP n%4, rate n%3, length n%8,
# audio n%2, portrait n%20 in 7, 12, 14 (a 720p h264, a 1080p h264, a 720p HEVC).
portrait() { case $(($1 % 20)) in 7|12|14) return 0 ;; *) return 1 ;; esac; }
make_video() {
    local n=$1 rates gops rate gop seconds ext name size codec sine audio layout out
    rates=(30 25 60); gops=(0.5 1 1.5 2)
    rate=${rates[n % 3]}
    gop=$(python3 -c "print(round($rate * ${gops[n % 4]}))")
    seconds=$((3 + n % 8))
    if [ $((n % 3)) = 0 ]; then ext=mov; else ext=mp4; fi
    name=$(printf 'VID_%04d.%s' "$n" "$ext")
    if [ $((n % 5)) = 4 ]; then
      size=1280x720
      codec=(-c:v libx265 -preset ultrafast -tag:v hvc1 -x265-params "log-level=error:keyint=$gop:min-keyint=$gop:scenecut=0")
    else
      if [ $((n % 2)) = 0 ]; then size=1920x1080; else size=1280x720; fi
      codec=(-c:v libx264 -preset ultrafast -g "$gop" -keyint_min "$gop" -sc_threshold 0)
    fi
    sine=(); audio=()
    if [ $((n % 2)) = 0 ]; then
      sine=(-f lavfi -i "sine=frequency=$((220 + n)):sample_rate=48000:duration=$seconds")
      audio=(-map 0:a -c:a aac -b:a 128k -ac 2)
    fi
    layout=(); if [ "$ext" = mp4 ] && [ $((n % 4)) -lt 2 ]; then layout=(-movflags +faststart); fi
    out=$VIDEOS/$name
    if portrait "$n"; then out=$CACHE/landscape.$ext; fi
    # testsrc2, hue-shifted, and a white square jumping 53 px a frame across the centre (what a grid
    # thumbnail shows): neighbouring frames' thumbnails differ where it was and is.
    ffmpeg -nostdin -v error -y "${sine[@]}" -filter_complex \
      "testsrc2=size=$size:rate=$rate:duration=$seconds,hue=h=$((n * 37 % 360)):s=$((n % 3 + 1))[v];
       color=c=white:size=${size#*x}x${size#*x}:rate=$rate,scale=iw/6:ih/6[box];
       [v][box]overlay=x=(W-H)/2+mod(n*53\,H-w):y=(H-h)/2:shortest=1,format=yuv420p[out]" \
      -map '[out]' "${codec[@]}" "${audio[@]}" "${layout[@]}" "$out"
    if portrait "$n"; then   # a phone held upright: the same stream, a display matrix turning it
      ffmpeg -nostdin -v error -y -i "$out" -map 0 -c copy -metadata:s:v:0 rotate=90 "$VIDEOS/$name"
      rm -f "$out"
    fi
}
if [ "$(cat "$VIDEOS/.made" 2>/dev/null)" != "$RECIPE $COUNT" ]; then
  echo "making $COUNT videos in $VIDEOS (once, ~7 minutes on 2 cores)…" >&2
  rm -rf "$VIDEOS" && mkdir -p "$VIDEOS"
  for n in $(seq 0 $((COUNT - 1))); do
    make_video "$n"
    if [ $((n % 20)) = 19 ]; then echo "  $((n + 1)) made" >&2; fi
  done
  echo "$RECIPE $COUNT" > "$VIDEOS/.made"
fi
echo "$(find "$VIDEOS" -type f -name 'VID_*' | wc -l) videos, $(du -sh "$VIDEOS" | cut -f1) in $VIDEOS" >&2

# --- 3. The per-file loops, as scripts (hyperfine -N runs them without a shell of its own; bash's
# start is < 1 % of either loop). The ffmpeg loop needs the poster times: an indexed library first.
rm -rf "$WORK" && mkdir -p "$WORK"
LIST=$(find "$VIDEOS" -type f -name 'VID_*' | sort)
{
  echo '#!/usr/bin/env bash'
  while read -r file; do
    echo "ffprobe -v error -show_entries stream=width,height:stream_side_data=rotation -show_entries format=duration '$file' >/dev/null"
  done <<< "$LIST"
} > "$WORK/ffprobe-loop.sh"
# An indexed library that has made no thumbnail (copied, with its WAL, before each thumbs run), and
# a copy of it that makes them once here, checked below and compared with ffmpeg's at the end.
BASE_DB=$WORK/indexed.sqlite
CHECK_DB=$WORK/check.sqlite
copy_library() { rm -f "$2" "$2-wal" "$2-shm"; cp "$1" "$2"; if [ -f "$1-wal" ]; then cp "$1-wal" "$2-wal"; fi; }
"$BIN" index "$VIDEOS" --db "$BASE_DB" --json > "$WORK/index.json"
copy_library "$BASE_DB" "$CHECK_DB"
OUT=$WORK/thumbnails
FFOUT=$WORK/ffmpeg-thumbnails
"$BIN" thumbs --db "$CHECK_DB" --out "$WORK/check-thumbnails" --json > "$WORK/thumbs-check.json"
"$BIN" list --db "$BASE_DB" --json > "$WORK/list.json"
python3 - "$WORK" "$VIDEOS" > "$WORK/ffmpeg-loop.sh" <<'PY'
import json, shlex, sys
work, videos = sys.argv[1:]
thumbs = json.load(open(f"{work}/thumbs-check.json"))
size = int(next(v for v in thumbs["variants"] if v.startswith("grid-")).split("-")[1])
open(f"{work}/size", "w").write(str(size))
listed = json.load(open(f"{work}/list.json"))
rows = listed["photos"] if isinstance(listed, dict) else listed
print("#!/usr/bin/env bash")
print(f"cd {shlex.quote(work)}/ffmpeg-thumbnails")
for row in sorted(rows, key=lambda r: r["path"]):
    path = f"{videos}/{row['path']}"
    vf = f"crop=min(iw\\,ih):min(iw\\,ih),scale={size}:{size}"
    out = row["path"].rsplit(".", 1)[0] + ".jpg"
    print(f"ffmpeg -nostdin -v error -ss {row['posterTime']} -i {shlex.quote(path)} -frames:v 1 -vf {shlex.quote(vf)} -q:v 3 {out}")
PY
SIZE=$(cat "$WORK/size")

# What photogrid made of them (every video a row with a poster time, every poster a thumbnail), checked
# before anything is timed: errors are printed and the run stops.
python3 - "$WORK" "$COUNT" <<'PY'
import json, sys
work, count = sys.argv[1], int(sys.argv[2])
index = json.load(open(f"{work}/index.json"))
thumbs = json.load(open(f"{work}/thumbs-check.json"))
listed = json.load(open(f"{work}/list.json"))
rows = listed["photos"] if isinstance(listed, dict) else listed
bad = [r for r in rows if r.get("status") != "ok" or r.get("media") != "video" or r.get("posterTime") is None]
print(f"index: {index['added']} added, {index['errors']} errors, {len(bad)} rows not an ok video with a poster time; "
      f"thumbs: {thumbs['made']} made, {thumbs['errors']} errors, {len(thumbs.get('warnings', []))} warnings", file=sys.stderr)
for f in thumbs.get("failures", []) + thumbs.get("warnings", []) + bad:
    print(f"  {f}", file=sys.stderr)
if len(rows) != count or bad or index["errors"] or thumbs["errors"] or thumbs["made"] != count:
    sys.exit("photogrid did not index or thumbnail every video (above); nothing timed")
PY

# --- 4. Time both sides (hyperfine; the files read once first, and a warm-up run each).
cat "$VIDEOS"/VID_* > /dev/null
DB=$WORK/fresh.sqlite
hyperfine -N --style basic --warmup 1 --runs "$RUNS" --export-json "$WORK/probe.json" \
  -n "photogrid index (fresh database)" --prepare "rm -f $DB $DB-wal $DB-shm" "$BIN index $VIDEOS --db $DB" \
  -n "photogrid index --jobs 1 (fresh database)" --prepare "rm -f $DB $DB-wal $DB-shm" "$BIN index $VIDEOS --db $DB --jobs 1" \
  -n "ffprobe per file" --prepare true "bash $WORK/ffprobe-loop.sh" >&2
# thumbs: a copy of the indexed library that has made no thumbnail yet, and no thumbnail folder.
THUMBS_DB=$WORK/thumbs.sqlite
FRESH="rm -rf $OUT $THUMBS_DB $THUMBS_DB-wal $THUMBS_DB-shm && cp $BASE_DB $THUMBS_DB && if [ -f $BASE_DB-wal ]; then cp $BASE_DB-wal $THUMBS_DB-wal; fi"
hyperfine -N --style basic --warmup 1 --runs "$RUNS" --export-json "$WORK/poster.json" \
  -n "photogrid thumbs" --prepare "sh -c '$FRESH'" "$BIN thumbs --db $THUMBS_DB --out $OUT" \
  -n "photogrid thumbs --jobs 1" --prepare "sh -c '$FRESH'" "$BIN thumbs --db $THUMBS_DB --out $OUT --jobs 1" \
  -n "ffmpeg -ss posterTime per file" --prepare "sh -c 'rm -rf $FFOUT && mkdir -p $FFOUT'" "bash $WORK/ffmpeg-loop.sh" >&2
[ "$(find "$OUT" -name '*.jpg' | wc -l)" = "$COUNT" ] || { echo "photogrid thumbs did not make $COUNT thumbnails" >&2; exit 1; }
[ "$(find "$FFOUT" -name '*.jpg' | wc -l)" = "$COUNT" ] || { echo "the ffmpeg loop did not make $COUNT thumbnails" >&2; exit 1; }

# The same frame? Each photogrid thumbnail against ffmpeg's of the same video, in 16×16-pixel blocks:
# the largest block's mean absolute difference (0–255). The same frame differs by colour conversion,
# resampling and JPEG (up to ~40 on these saturated colours); a neighbouring frame's white square stands
# elsewhere (≥ ~100). Needs python3-pil and numpy, else skipped.
python3 - "$THUMBS_DB" "$OUT" "$FFOUT" > "$WORK/same-frame.txt" <<'PY' || echo "(frame comparison skipped: needs python3-pil and numpy)" > "$WORK/same-frame.txt"
import sqlite3, sys
import numpy as np
from PIL import Image
db, ours, theirs = sys.argv[1:]
rows = sqlite3.connect(db).execute("SELECT p.path, t.path FROM thumbnails t JOIN photos p ON p.id = t.photo_id WHERE t.status = 'ok'").fetchall()
def pixels(path): return np.asarray(Image.open(path).convert("RGB"), dtype=np.int16)
diffs = []
for video, thumb in rows:
    a, b = pixels(f"{ours}/{thumb}"), pixels(f"{theirs}/{video.rsplit('.', 1)[0]}.jpg")
    if a.shape != b.shape: diffs.append((255.0, video)); continue
    d = np.abs(a - b).mean(axis=2)
    n = min(d.shape) // 16
    diffs.append((float(d[:n * 16, :n * 16].reshape(n, 16, n, 16).mean(axis=(1, 3)).max()), video))
diffs.sort()
apart = [v for d, v in diffs if d > 64]
print(f"Same frame as ffmpeg -ss posterTime: {len(diffs) - len(apart)} of {len(diffs)} thumbnails (largest 16-px block difference: "
      f"median {diffs[len(diffs) // 2][0]:.0f}, most {diffs[-1][0]:.0f} of 255, {diffs[-1][1]})"
      + (f"; differing (> 64): {', '.join(apart)}" if apart else ""))
PY

# --- 5. The table.
settings=""
TMPDIR=$GIVEN_TMPDIR
for name in PHOTOGRID_BIN RUNS TMPDIR; do
  if [ -n "${!name:-}" ]; then settings+="$name=$(printf '%q' "${!name}") "; fi
done
python3 - "$WORK" "$COUNT" "$SIZE" "$(nproc)" "${settings}Benchmarks/video.sh" <<'PY'
import json, sys
work, count, size, cores, command = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
def load(name): return {r["command"]: r for r in json.load(open(f"{work}/{name}.json"))["results"]}
probe, poster = load("probe"), load("poster")
def cell(r):
    spread = f" ± {r['stddev'] * 1000:,.0f}" if r.get("stddev") is not None else ""
    return f"{r['mean'] * 1000:,.0f} ms{spread} ({r['mean'] * 1000 / count:.2f} ms/video; CPU {(r['user'] + r['system']) * 1000:,.0f} ms)"
print(f"\n{count} videos (MP4/MOV, h264/HEVC, 1920×1080/1280×720, 3–10 s), warm cache, {cores} cores, mean of the runs (hyperfine):\n")
print("| what | photogrid | per file (one process per video) | ratio (wall) | ratio (CPU) |")
print("|---|---:|---:|---:|---:|")
rows = [("probe", probe["photogrid index (fresh database)"], probe["ffprobe per file"], "photogrid index (fresh database) vs ffprobe"),
        ("probe, --jobs 1", probe["photogrid index --jobs 1 (fresh database)"], probe["ffprobe per file"], "photogrid index --jobs 1 vs ffprobe"),
        (f"poster thumbnail ({size} px)", poster["photogrid thumbs"], poster["ffmpeg -ss posterTime per file"], "photogrid thumbs vs ffmpeg -ss"),
        (f"poster thumbnail ({size} px), --jobs 1", poster["photogrid thumbs --jobs 1"], poster["ffmpeg -ss posterTime per file"], "photogrid thumbs --jobs 1 vs ffmpeg -ss")]
for what, ours, theirs, _ in rows:
    cpu = lambda r: r["user"] + r["system"]
    print(f"| {what} | {cell(ours)} | {cell(theirs)} | **{theirs['mean'] / ours['mean']:.1f}×** | {cpu(theirs) / cpu(ours):.1f}× |")
def goal(text, ok): print(f"- {'PASS' if ok else 'MISS'}: {text}")
print("\nGoals:")
p = probe["ffprobe per file"]["mean"] / probe["photogrid index (fresh database)"]["mean"]
p1 = probe["ffprobe per file"]["mean"] / probe["photogrid index --jobs 1 (fresh database)"]["mean"]
t = poster["ffmpeg -ss posterTime per file"]["mean"] / poster["photogrid thumbs"]["mean"]
t1 = poster["ffmpeg -ss posterTime per file"]["mean"] / poster["photogrid thumbs --jobs 1"]["mean"]
goal(f"probe ≥ 20× ffprobe per file: {p:.1f}× ({p1:.1f}× with --jobs 1)", p >= 20)
goal(f"poster ≥ 2× ffmpeg -ss per file: {t:.1f}× ({t1:.1f}× with --jobs 1)", t >= 2)
print(open(f"{work}/same-frame.txt").read().strip())
print(f"\n`{command}`")
PY
