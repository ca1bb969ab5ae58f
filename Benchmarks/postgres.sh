#!/usr/bin/env bash
# A library in PostgreSQL against the same library in SQLite, side by side in one run, on a throwaway
# PostgreSQL cluster this script starts (initdb + pg_ctl in Benchmarks/work/postgres, loopback, stopped
# at the end):
#   1. indexing 100,000 camera JPEGs (hard links of the 1,000 of Benchmarks/make-camera-photos.sh) into a
#      new PostgreSQL database and into a new SQLite file (ROUNDS rounds, in turn);
#   2. grid thumbnails (387 px) of 200 distinct camera photos: `thumbs --jobs 1` on SQLite, two such
#      `thumbs` at once on one library, one and two `worker --until-done --jobs 1` on PostgreSQL and on
#      SQLite; and the claim overhead per photo (worker against thumbs, same store);
#   3. a node's cold start on a 1,000,000-photo library (serve started → a layout answered from the grid in
#      memory, as its request log says), PostgreSQL
#      and SQLite (Benchmarks/layout-library.sh's rows, generated straight into the database);
#   4. visible-range layouts from two `serve` nodes on that PostgreSQL library under wrk (-t2 -c32, DURATION),
#      one node after the other, and nginx sending one saved layout document.
#
#   Benchmarks/postgres.sh                 (ROUNDS=… rounds of 1, default 2; DURATION=… for wrk, default 10s;
#                                          PARTS="index thumbs nodes" to run some; PHOTOGRID_BIN=… to time a
#                                          given binary)
# PostgreSQL runs with synchronous_commit=off, the durability of SQLite's WAL with synchronous=NORMAL that
# photogrid uses (a crash loses the last commits, never consistency); everything else is Debian's default.
# Needs: postgresql, wrk, nginx-light, imagemagick (the tiny photos), python3. Work files: Benchmarks/work/postgres (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=$PWD/Benchmarks/work/postgres
SCRATCH=${SCRATCH:-.build-bench}
ROUNDS=${ROUNDS:-2}
DURATION=${DURATION:-10s}
PARTS=${PARTS:-"index thumbs nodes"}
part() { [[ " $PARTS " == *" $1 "* ]]; }
mkdir -p "$WORK"
source Benchmarks/release-binary.sh

# --- The cluster (as the postgres user when root: PostgreSQL refuses to run as root).
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
source Benchmarks/nginx-static.sh
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
CLUSTER=$(mktemp -d /tmp/photogrid-bench-postgres.XXXXXX)
[ "$(id -u)" = 0 ] && chown postgres "$CLUSTER"
PGPORT=$(free_port)
as_postgres "$PGBIN/initdb" -D "$CLUSTER/data" --auth=trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null
as_postgres "$PGBIN/pg_ctl" -D "$CLUSTER/data" -l "$CLUSTER/server.log" -w start \
  -o "-p $PGPORT -k $CLUSTER -c listen_addresses=127.0.0.1 -c synchronous_commit=off -c max_connections=200" >/dev/null
PIDS=()
cleanup() {
  for pid in "${PIDS[@]:-}"; do [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; done
  [ -f "$WORK/nginx/nginx.conf" ] && nginx -c "$WORK/nginx/nginx.conf" -s stop 2>/dev/null || true
  as_postgres "$PGBIN/pg_ctl" -D "$CLUSTER/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$CLUSTER"
}
trap cleanup EXIT
psql_admin() { psql -X -q -A -t -h 127.0.0.1 -p "$PGPORT" -U postgres -d postgres "$@"; }
psql_admin -c "CREATE ROLE photogrid LOGIN" >/dev/null
newdb() {  # newdb NAME: a new, empty database owned by photogrid; prints its URL
  psql_admin -c "DROP DATABASE IF EXISTS $1" -c "CREATE DATABASE $1 OWNER photogrid" >/dev/null
  echo "postgres://photogrid@127.0.0.1:$PGPORT/$1"
}
seconds() { python3 -c 'import sys,time; print(f"{time.time():.3f}")'; }
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$1" "$2"; }
RESULTS=$WORK/results.txt
: > "$RESULTS"

# --- 1. Indexing 100,000 files.
if part index; then
[ -f Benchmarks/work/index/camera/10/DSC_0999.JPG ] || Benchmarks/make-camera-photos.sh >&2
FILES=$WORK/files-100k
if [ ! -f "$FILES.complete" ]; then
  rm -rf "$FILES"; mkdir -p "$FILES"
  for k in $(seq -w 1 100); do cp -al Benchmarks/work/index/camera "$FILES/$k"; done
  touch "$FILES.complete"
fi
cat Benchmarks/work/index/camera/*/* > /dev/null   # both stores read the files from the page cache
echo "indexing 100,000 files, $ROUNDS rounds…" >&2
for round in $(seq 1 "$ROUNDS"); do
  rm -f "$WORK/index.sqlite"*
  t0=$(seconds); "$BIN" index "$FILES" --db "$WORK/index.sqlite" >/dev/null; t1=$(seconds)
  echo "index-sqlite $(elapsed "$t0" "$t1")" >> "$RESULTS"
  url=$(newdb index100k)
  t0=$(seconds); "$BIN" index "$FILES" --db "$url" >/dev/null; t1=$(seconds)
  echo "index-postgres $(elapsed "$t0" "$t1")" >> "$RESULTS"
done
rm -f "$WORK/index.sqlite"*
fi

# --- 2. Thumbnails of 200 distinct camera photos.
if part thumbs; then
PHOTOS=$WORK/photos-200
if [ ! -d "$PHOTOS" ]; then mkdir -p "$PHOTOS"; cp -al Benchmarks/work/index/camera/01 Benchmarks/work/index/camera/02 "$PHOTOS/"; fi
cat "$PHOTOS"/*/* > /dev/null
library() {  # library STORE: a freshly indexed library of the 200 photos; prints its --db
  if [ "$1" = sqlite ]; then
    rm -rf "$WORK/thumbs-lib"; mkdir -p "$WORK/thumbs-lib"
    "$BIN" index "$PHOTOS" --db "$WORK/thumbs-lib/library.sqlite" >/dev/null
    echo "$WORK/thumbs-lib/library.sqlite"
  else
    local url; url=$(newdb thumbs200)
    "$BIN" index "$PHOTOS" --db "$url" >/dev/null
    echo "$url"
  fi
}
timed_parallel() {  # timed_parallel NAME N COMMAND…: N copies at once; records the wall time of all
  local name=$1 count=$2; shift 2
  local t0 t1 pids=()
  t0=$(seconds)
  for _ in $(seq 1 "$count"); do "$@" >/dev/null & pids+=($!); done
  for pid in "${pids[@]}"; do wait "$pid"; done
  t1=$(seconds)
  echo "$name $(elapsed "$t0" "$t1")" >> "$RESULTS"
}
echo "thumbnails of 200 camera photos, $ROUNDS rounds…" >&2
for round in $(seq 1 "$ROUNDS"); do
  for store in sqlite postgres; do
    db=$(library $store); out=$WORK/thumbs-out; rm -rf "$out"
    timed_parallel "thumbs1-$store" 1 "$BIN" thumbs --db "$db" --out "$out" --jobs 1
    db=$(library $store); rm -rf "$out"
    timed_parallel "thumbs2-$store" 2 "$BIN" thumbs --db "$db" --out "$out" --jobs 1
    db=$(library $store); rm -rf "$out"
    timed_parallel "worker1-$store" 1 "$BIN" worker --db "$db" --out "$out" --jobs 1 --until-done
    db=$(library $store); rm -rf "$out"
    timed_parallel "worker2-$store" 2 "$BIN" worker --db "$db" --out "$out" --jobs 1 --until-done
  done
done
# The claim overhead, bounded: a worker's whole time per photo (claim, make, record, release) on 1,000
# distinct 96x64 JPEGs, whose thumbnails cost next to nothing, against a camera photo's thumbnail time.
TINY=$WORK/tiny-1000
if [ ! -f "$TINY.complete" ]; then
  rm -rf "$TINY"; mkdir -p "$TINY"
  convert -size 96x64 gradient:red-blue -quality 90 "$WORK/tiny.jpg"
  python3 - "$WORK/tiny.jpg" "$TINY" <<'PY'
import sys
base = open(sys.argv[1], "rb").read()
for i in range(1000):   # a comment segment after SOI: a distinct file (its own content key) per copy
    text = f"copy {i}".encode()
    open(f"{sys.argv[2]}/t{i:04d}.jpg", "wb").write(base[:2] + b"\xff\xfe" + (len(text) + 2).to_bytes(2, "big") + text + base[2:])
PY
  touch "$TINY.complete"
fi
for round in $(seq 1 "$ROUNDS"); do
  for store in sqlite postgres; do
    if [ $store = sqlite ]; then rm -rf "$WORK/tiny-lib"; mkdir -p "$WORK/tiny-lib"; db=$WORK/tiny-lib/library.sqlite
    else db=$(newdb tiny); fi
    "$BIN" index "$TINY" --db "$db" >/dev/null
    rm -rf "$WORK/tiny-out"
    timed_parallel "tiny-worker-$store" 1 "$BIN" worker --db "$db" --out "$WORK/tiny-out" --jobs 1 --until-done
  done
done
rm -rf "$WORK/thumbs-out" "$WORK/thumbs-lib" "$WORK/tiny-out" "$WORK/tiny-lib"
fi

# --- 3. A 1,000,000-photo library in PostgreSQL, and a node's cold start.
if part nodes; then
[ -f Benchmarks/work/layout/million.sqlite ] || RUNS=1 PHOTOGRID_BIN=$BIN Benchmarks/layout-library.sh >/dev/null
MILLION=$(newdb million)
mkdir -p "$WORK/empty"
"$BIN" index "$WORK/empty" --db "$MILLION" >/dev/null
echo "generating 1,000,000 rows in PostgreSQL…" >&2
# Benchmarks/layout-library.sh's rows, in SQL.
psql -X -q "$MILLION" <<'SQL'
WITH shapes(k, w, h, o) AS (VALUES (0, 4032, 3024, 1), (1, 3024, 4032, 1), (2, 6000, 4000, 1), (3, 1920, 1080, 1), (4, 4032, 3024, 6)),
rows AS (
  SELECT i, s.w, s.h, s.o,
         (2000 + i / 100000)::text || '/' || lpad((i / 1000 % 100)::text, 2, '0') || '/IMG_' || lpad(i::text, 7, '0') || '.jpg' AS path,
         (2000 + i / 100000)::text || '-' || lpad((1 + i / 8000 % 12)::text, 2, '0') || '-' || lpad((1 + i / 300 % 28)::text, 2, '0')
           || 'T' || lpad((i / 3600 % 24)::text, 2, '0') || ':' || lpad((i / 60 % 60)::text, 2, '0') || ':' || lpad((i % 60)::text, 2, '0') AS t
  FROM generate_series(0, 999999) AS i JOIN shapes s ON s.k = i % 5)
INSERT INTO photos (path_bytes, path, file_size, mtime_ns, content_key, stored_width, stored_height, display_width, display_height,
                    orientation, components, color_space, progressive, taken_at, sort_key, status, error, first_seen, last_seen)
SELECT convert_to(path, 'UTF8'), path, 2000000 + i, 1600000000000000000 + i, 'k' || i, w, h,
       CASE WHEN o >= 5 THEN h ELSE w END, CASE WHEN o >= 5 THEN w ELSE h END, o, 3, 'ycbcr', 0, t, t, 'ok', NULL, t, t
FROM rows;
VACUUM ANALYZE photos;
SQL
start_server() {  # start_server LEVEL ARGS…: sets PID, PORT and STARTED (seconds until a layout is answered from
                 # the grid in memory: with LEVEL info, the request log says "(from memory)"; with error, a
                 # layout answered within 5 ms three times running)
  local level=$1; shift
  : > "$WORK/serve.out"
  local t0 t1 fast=0; t0=$(seconds)
  "$BIN" serve "$@" --port 0 --log-level "$level" > "$WORK/serve.out" 2> "$WORK/serve.err" &
  PID=$!; PIDS+=("$PID")
  PORT=""
  for _ in $(seq 1 3000); do
    PORT=$(grep -o '127.0.0.1:[0-9]*' "$WORK/serve.out" 2>/dev/null | cut -d: -f2 || true)
    if [ -n "$PORT" ]; then
      took=$(curl -sf -o /dev/null -w '%{time_total}' "http://127.0.0.1:$PORT/api/v1/layout?width=393&offset=40000000" || echo 9)
      if [ "$level" = info ]; then grep -q "(from memory)" "$WORK/serve.err" && break
      elif python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) < 0.005 else 1)" "$took"; then fast=$((fast + 1)); [ $fast -ge 3 ] && break
      else fast=0; fi
    fi
    sleep 0.02
  done
  t1=$(seconds); STARTED=$(elapsed "$t0" "$t1")
}
for round in $(seq 1 "$ROUNDS"); do
  start_server info --db "$MILLION"; echo "cold-postgres $STARTED" >> "$RESULTS"; kill "$PID"; wait "$PID" 2>/dev/null || true
  start_server info --db Benchmarks/work/layout/million.sqlite; echo "cold-sqlite $STARTED" >> "$RESULTS"; kill "$PID"; wait "$PID" 2>/dev/null || true
done

# --- 4. Two nodes on the PostgreSQL library under wrk, and nginx.
start_server error --db "$MILLION"; NODE_A=$PORT
start_server error --db "$MILLION"; NODE_B=$PORT
NGINX_PORT=$(free_port)
write_nginx_conf
curl -sf "http://127.0.0.1:$NODE_A/api/v1/layout?width=393&offset=40000000" > "$WORK/static/layout.json"
cmp -s "$WORK/static/layout.json" <(curl -sf "http://127.0.0.1:$NODE_B/api/v1/layout?width=393&offset=40000000") \
  || { echo "the two nodes answer different layouts" >&2; exit 1; }
nginx -c "$WORK/nginx/nginx.conf"
cat > "$WORK/layout.lua" <<'EOF'
math.randomseed(7)
request = function()
  return wrk.format("GET", "/api/v1/layout?width=393&offset=" .. math.random(0, 44000000))
end
EOF
sed 's|"/api/v1/layout?|"/layout.json?|' "$WORK/layout.lua" > "$WORK/nginx-layout.lua"
run_wrk() {  # run_wrk NAME PORT SCRIPT
  local out; out=$(wrk -t2 -c32 -d"$DURATION" --latency -s "$3" "http://127.0.0.1:$2")
  python3 - "$1" <<PY >> "$RESULTS"
import re, sys
text = """$out"""
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", text)
ms = float(p99.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)]
bad = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
print(f"{sys.argv[1]} {rps:.0f} {ms:.2f} {int(bad.group(1)) if bad else 0}")
PY
}
echo "wrk -t2 -c32 -d$DURATION: node A, node B, nginx, $ROUNDS rounds…" >&2
for round in $(seq 1 "$ROUNDS"); do
  run_wrk node-a "$NODE_A" "$WORK/layout.lua"
  run_wrk node-b "$NODE_B" "$WORK/layout.lua"
  run_wrk nginx "$NGINX_PORT" "$WORK/nginx-layout.lua"
done
fi

# --- The tables.
python3 - "$RESULTS" "$ROUNDS" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    name, *values = line.split()
    runs.setdefault(name, []).append([float(v) for v in values])
med = lambda name, i=0: statistics.median(v[i] for v in runs[name])
each = lambda name, i=0: " ".join(f"{v[i]:g}" for v in runs[name])
print(f"medians of {sys.argv[2]} rounds (each round's figure after the colon)")
if "index-sqlite" in runs:
    print("\nindexing 100,000 camera JPEGs (hard links of 1,000), new library, warm cache")
    s, p = med("index-sqlite"), med("index-postgres")
    print(f"  SQLite      {s:7.2f} s   : {each('index-sqlite')}")
    print(f"  PostgreSQL  {p:7.2f} s   : {each('index-postgres')}   {p / s:.2f}x SQLite (goal <= 1.1x)")
if "thumbs1-sqlite" in runs:
    print("\ngrid thumbnails (387 px) of 200 camera photos, each process --jobs 1")
    base = med("thumbs1-sqlite")
    for store in ("sqlite", "postgres"):
        for name, label in (("thumbs1", "one thumbs"), ("thumbs2", "two thumbs at once"), ("worker1", "one worker"), ("worker2", "two workers at once")):
            key = f"{name}-{store}"
            print(f"  {store:10} {label:20} {med(key):6.2f} s  {base / med(key):5.2f}x one thumbs on SQLite ({200 / med(key):5.1f} photos/s) : {each(key)}")
    for store in ("sqlite", "postgres"):
        w1, w2 = med(f"worker1-{store}"), med(f"worker2-{store}")
        camera = med(f"thumbs1-{store}") / 200 * 1000
        tiny = med(f"tiny-worker-{store}")   # 1,000 photos: seconds = ms per photo
        print(f"  {store}: two workers {w1 / w2:.2f}x one (goal >= 1.7x); two thumbs take {med(f'thumbs2-{store}') / med(f'thumbs1-{store}'):.2f}x one "
              f"(goal <= 0.6x); a worker's whole time per tiny photo (claims included) {tiny:.2f} ms = {tiny / camera * 100:.1f} % "
              f"of a camera photo's {camera:.1f} ms (claim overhead goal <= 5 %) : {each(f'tiny-worker-{store}')}")
if "cold-postgres" in runs:
    print("\na node's cold start on 1,000,000 photos (serve started -> a layout answered from the grid in memory)")
    print(f"  PostgreSQL  {med('cold-postgres'):6.2f} s : {each('cold-postgres')}")
    print(f"  SQLite      {med('cold-sqlite'):6.2f} s : {each('cold-sqlite')}")
    print("\nvisible-range layout, 1,000,000 photos in PostgreSQL, wrk -t2 -c32 (requests/s, p99 ms, non-2xx)")
    n = med("nginx")
    for name in ("node-a", "node-b", "nginx"):
        print(f"  {name:7} {med(name):9.0f} req/s  p99 {med(name, 1):5.2f} ms  non-2xx {int(sum(v[2] for v in runs[name]))}"
              + ("" if name == "nginx" else f"  {med(name) / n:.2f}x nginx (goal >= 0.5x)") + f" : {each(name)}")
PY
