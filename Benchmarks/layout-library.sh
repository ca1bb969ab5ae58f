#!/usr/bin/env bash
# Layout on a large library: rows generated straight into a photogrid database, then
#   - one visible-range query on 1,000,000 rows (`photogrid layout --db … --width 393 --offset Y`),
#   - a detail query on 1,000,000 rows,
#   - the `--all` layout JSON of 100,000 rows,
#   - `photogrid list --json` of 100,000 rows, next to `sqlite3 -json` printing the same rows,
# each timed with hyperfine (process start, database open and JSON output included), next to the
# floor of a process that opens the same database and counts its rows (`sqlite3 … 'SELECT count(*)…'`).
#
#   Benchmarks/layout-library.sh          (RUNS=… for more runs; PHOTOGRID_BIN=… to time a given binary)
# Needs: hyperfine, python3, sqlite3 (Debian `sqlite3`). Work files: Benchmarks/work/layout (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=Benchmarks/work/layout
RUNS=${RUNS:-10}
mkdir -p "$WORK"
if [ -n "${PHOTOGRID_BIN:-}" ]; then BIN=$PHOTOGRID_BIN; else
  swift build -c release --product photogrid >&2
  BIN=$(swift build -c release --show-bin-path)/photogrid
fi

make_library() {  # make_library ROWS FILE: the schema from `photogrid index` on an empty folder, then rows
  local rows=$1 db=$2
  [ -f "$db" ] && return
  mkdir -p "$WORK/empty"
  "$BIN" index "$WORK/empty" --db "$db.tmp" >/dev/null
  python3 - "$db.tmp" "$rows" <<'PY'
import sqlite3, sys
db, n = sys.argv[1], int(sys.argv[2])
con = sqlite3.connect(db)
shapes = [(4032, 3024, 1), (3024, 4032, 1), (6000, 4000, 1), (1920, 1080, 1), (4032, 3024, 6)]
def rows():
    for i in range(n):
        w, h, o = shapes[i % len(shapes)]
        dw, dh = (h, w) if o >= 5 else (w, h)
        path = f"{2000 + i // 100000}/{i // 1000 % 100:02d}/IMG_{i:07d}.jpg"
        t = f"{2000 + i // 100000}-{1 + i // 8000 % 12:02d}-{1 + i // 300 % 28:02d}T{i // 3600 % 24:02d}:{i // 60 % 60:02d}:{i % 60:02d}"
        yield (path.encode(), path, 2_000_000 + i, 1_600_000_000_000_000_000 + i, f"k{i}", w, h, dw, dh, o, 3, "ycbcr", 0, t, t, "ok", None, t, t)
con.executemany("""INSERT INTO photos (path_bytes, path, file_size, mtime_ns, content_key, stored_width, stored_height,
  display_width, display_height, orientation, components, color_space, progressive, taken_at, sort_key, status, error,
  first_seen, last_seen) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)""", rows())
con.commit(); con.close()
PY
  mv "$db.tmp" "$db"; rm -f "$db.tmp-wal" "$db.tmp-shm"
}
echo "generating libraries (once)…" >&2
make_library 1000000 "$WORK/million.sqlite"
make_library 100000 "$WORK/hundred-thousand.sqlite"

# hyperfine discards the commands' output (its default --output=null).
hyperfine -N --warmup 2 --runs "$RUNS" --export-json "$WORK/result.json" \
  -n "count(*) floor (sqlite3), 1M rows" "sqlite3 $WORK/million.sqlite 'SELECT count(*) FROM photos'" \
  -n "layout visible, 1M rows" "$BIN layout --db $WORK/million.sqlite --width 393 --offset 40000000" \
  -n "detail, 1M rows" "$BIN detail 999999 --db $WORK/million.sqlite --width 393 --height 759 --progress 0.5" \
  -n "layout visible, grouped by day, 1M rows" "$BIN layout --db $WORK/million.sqlite --group day --width 393 --offset 40000000" \
  -n "layout visible, grouped by month, 1M rows" "$BIN layout --db $WORK/million.sqlite --group month --width 393 --offset 40000000" \
  -n "layout --all, 100k rows" "$BIN layout --db $WORK/hundred-thousand.sqlite --width 393 --all" \
  -n "sqlite3 -json, 100k rows in grid order" "sqlite3 -json $WORK/hundred-thousand.sqlite 'SELECT * FROM photos ORDER BY sort_key, path_bytes'" \
  -n "list --json, 100k rows" "$BIN list --db $WORK/hundred-thousand.sqlite --json" >&2
python3 - "$WORK/result.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
floor = r[0]["median"]
print(f"{'command':44} {'median':>10} {'vs sqlite3 count':>17}")
for x in r:
    print(f"{x['command']:44} {x['median']*1e3:8.1f} ms {x['median']/floor:16.1f}×")
by = {x["command"]: x["median"] for x in r}
plain = by["layout visible, 1M rows"]
for group in ("day", "month"):
    g = by[f"layout visible, grouped by {group}, 1M rows"]
    print(f"- grouped by {group} / ungrouped visible query: {g / plain:.2f}× ({'PASS' if g <= 2 * plain else 'MISS'}: goal ≤ 2×)")
ok = max(by["layout visible, 1M rows"], by["detail, 1M rows"]) <= 3 * floor
listed = by["list --json, 100k rows"] / by["sqlite3 -json, 100k rows in grid order"]
print(f"- list --json / sqlite3 -json of the same rows: {listed:.2f}× ({'PASS' if listed <= 2 else 'MISS'}: goal ≤ 2×)")
print(f"- visible and detail queries / sqlite3 count(*): ≤ {max(by['layout visible, 1M rows'], by['detail, 1M rows']) / floor:.2f}× ({'PASS' if ok else 'MISS'}: goal ≤ 3×)")
PY
