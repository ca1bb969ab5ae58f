#!/usr/bin/env bash
# `photogrid duplicates` on libraries (issue 39's numbers), in one run:
#   1. a fresh library of the index benchmark's camera JPEGs (Benchmarks/make-camera-photos.sh, 4032×3024):
#      `duplicates` (signatures made, a 1/8-scale decode each) beside `thumbs` (the grid thumbnails) on the
#      same indexed library, each from the same fresh copy. Goal: duplicates ≤ 1× thumbs.
#   2. 1,000,000 photos with their signatures stored (rows generated straight into the database, 1 % planted
#      copies whose hashes differ by 0–2 bits): `duplicates --json` groups them. Goal: ≤ 5 s.
#
#   Benchmarks/duplicates-library.sh        (RUNS=… runs each, default 3; PHOTOGRID_BIN=… a given binary)
# Needs: hyperfine, python3, sqlite3. Work files: Benchmarks/work/duplicates-library (git-ignored; 1M
# signatures are ~4.3 GB, made once).
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=Benchmarks/work/duplicates-library
RUNS=${RUNS:-3}
mkdir -p "$WORK"
if [ -n "${PHOTOGRID_BIN:-}" ]; then BIN=$PHOTOGRID_BIN; else
  swift build -c release --product photogrid >&2
  BIN=$(swift build -c release --show-bin-path)/photogrid
fi
[ -d Benchmarks/work/index/camera ] || Benchmarks/make-camera-photos.sh >&2
CAMERA=$(cd Benchmarks/work/index/camera && pwd)
COUNT=$(find "$CAMERA" -type f | wc -l)

# 1. Fresh signatures against fresh thumbnails.
rm -f "$WORK/camera.sqlite"*
"$BIN" index "$CAMERA" --db "$WORK/camera.sqlite" >/dev/null
sqlite3 "$WORK/camera.sqlite" 'PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null
hyperfine -N --runs "$RUNS" --export-json "$WORK/camera.json" \
  --prepare "sh -c 'rm -rf $WORK/t $WORK/t.sqlite*; cp $WORK/camera.sqlite $WORK/t.sqlite'" \
  -n "thumbs (grid 387 px), $COUNT camera JPEGs" "$BIN thumbs --db $WORK/t.sqlite --out $WORK/t" \
  -n "duplicates (signatures made), $COUNT camera JPEGs" "$BIN duplicates --db $WORK/t.sqlite --json" >&2

# 2. A million photos whose signatures are stored.
if [ ! -f "$WORK/million.sqlite" ]; then
  echo "generating 1,000,000 photos and signatures (once)…" >&2
  mkdir -p "$WORK/empty"
  "$BIN" index "$WORK/empty" --db "$WORK/million.tmp" >/dev/null
  python3 - "$WORK/million.tmp" <<'PY'
import random, sqlite3, struct, sys
con = sqlite3.connect(sys.argv[1])
n = 1_000_000
rng = random.Random(39)
pixels = bytes(rng.randrange(256) for _ in range(4096))
def photos():
    for i in range(n):
        path = f"{2000 + i // 100000}/{i // 1000 % 100:02d}/IMG_{i:07d}.jpg"
        t = f"{2000 + i // 100000}-{1 + i // 8000 % 12:02d}-{1 + i // 300 % 28:02d}T{i // 3600 % 24:02d}:{i // 60 % 60:02d}:{i % 60:02d}"
        yield (path.encode(), path, 2_000_000 + i, 1_600_000_000_000_000_000 + i, f"k{i}", 4032, 3024, 4032, 3024, 1, 3, "ycbcr", 0,
               None, t, "ok", None, t, t)
con.executemany("""INSERT INTO photos (path_bytes, path, file_size, mtime_ns, content_key, stored_width, stored_height,
  display_width, display_height, orientation, components, color_space, progressive, taken_at, sort_key, status, error,
  first_seen, last_seen) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)""", photos())
def signatures():
    hashes = []
    for i in range(n):
        if i % 100 == 99:  # a planted copy of the photo before it: 0–2 of the hash's bits flipped
            h = hashes[-1]
            for _ in range(rng.randrange(3)): h ^= 1 << rng.randrange(64)
        else:
            h = rng.getrandbits(64)
        hashes.append(h)
        blob = struct.pack("<BIIQff", 1, 4032, 3024, h, 128.0, 40.0) + pixels
        yield (f"k{i}", h - (1 << 64) if h >= 1 << 63 else h, blob)
rows = list(signatures())
con.executemany("INSERT INTO picture_signatures (content_key, hash, created_at) VALUES (?,?,'2026-01-01T00:00:00Z')", ((k, h) for k, h, _ in rows))
con.executemany("INSERT INTO picture_signature_bytes (content_key, signature) VALUES (?,?)", ((k, b) for k, _, b in rows))
con.commit(); con.close()
PY
  mv "$WORK/million.tmp" "$WORK/million.sqlite"; rm -f "$WORK/million.tmp-wal" "$WORK/million.tmp-shm"
fi
hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$WORK/million.json" \
  -n "count(*) floor (sqlite3), 1M photos" "sqlite3 $WORK/million.sqlite 'SELECT count(*) FROM photos'" \
  -n "duplicates --json, 1M photos, signatures stored" "$BIN duplicates --db $WORK/million.sqlite --json" >&2
"$BIN" duplicates --db "$WORK/million.sqlite" --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print("  1M:", len(d["groups"]), "groups,", d["signaturesMade"], "signatures made,", d["pending"], "pending")'

python3 - "$WORK/camera.json" "$WORK/million.json" <<'PY'
import json, sys
camera = {x["command"].split(" ")[0]: x["median"] for x in json.load(open(sys.argv[1]))["results"]}
million = json.load(open(sys.argv[2]))["results"]
print(f"- fresh library: duplicates {camera['duplicates']:.2f} s, thumbs {camera['thumbs']:.2f} s: "
      f"{camera['duplicates'] / camera['thumbs']:.2f}× ({'PASS' if camera['duplicates'] <= camera['thumbs'] else 'MISS'}: goal ≤ 1×)")
m = million[1]["median"]
print(f"- 1,000,000 photos, signatures stored: {m:.2f} s ({m / million[0]['median']:.0f}× a sqlite3 count; "
      f"{'PASS' if m <= 5 else 'MISS'}: goal ≤ 5 s)")
PY
