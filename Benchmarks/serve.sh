#!/usr/bin/env bash
# photogrid serve under load, next to nginx serving the same bytes as static files, in one run:
#   1. visible-range layout on a 1,000,000-photo library (a random scroll offset per request) against
#      nginx sending one saved layout document: requests/s, p99 latency, non-2xx;
#      The same in justified rows (justified=true, default rows) against the square grid: requests/s;
#   2. a cached grid thumbnail (387 px) against nginx sending the same file;
#   3. on-demand grid thumbnails of camera-size JPEGs, one request at a time (p50), against the
#      per-photo time of `photogrid thumbs --jobs 1` on the same files: two sets of 20 copies of one
#      4032×3024 photo (a byte more each, so 20 thumbnails), one baseline and one progressive —
#      uniform sets, so that a median and a per-photo mean measure the same thing (the progressive
#      photos take 2.5× as long: the median of a mixed set is a slow photo's time);
#   4. memory: the server's RSS after 1,000 layout requests and after 1,000,000;
#   5. CPU per request, the server's (photogrid, nginx's processes) and wrk's own: on two cores shared
#      with wrk, their sum bounds the rate.
# wrk: 2 threads, 32 connections, 10 s (DURATION=… to change), all on loopback; photogrid and nginx in
# turn, ROUNDS=3 times (the medians are printed: a shared machine's load moves single runs by ±30 %).
#
#   Benchmarks/serve.sh          (PHOTOGRID_BIN=… to measure a given binary)
# Needs: wrk, nginx (Debian `wrk`, `nginx-light`; installed when missing), python3, hyperfine.
# Work files: Benchmarks/work/serve (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=$PWD/Benchmarks/work/serve
DURATION=${DURATION:-10s}
ROUNDS=${ROUNDS:-3}
mkdir -p "$WORK"
need=()
command -v wrk >/dev/null || need+=(wrk)
command -v nginx >/dev/null || need+=(nginx-light)
if [ ${#need[@]} -gt 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >&2; fi
if [ -n "${PHOTOGRID_BIN:-}" ]; then BIN=$PHOTOGRID_BIN; else
  swift build -c release --product photogrid >&2
  BIN=$(swift build -c release --show-bin-path)/photogrid
fi

# The 1,000,000-row library of Benchmarks/layout-library.sh (made once).
if [ ! -f Benchmarks/work/layout/million.sqlite ]; then
  RUNS=1 PHOTOGRID_BIN=$BIN Benchmarks/layout-library.sh >/dev/null
fi
DB=Benchmarks/work/layout/million.sqlite
# Camera-size photos for the thumbnail measures: 20 copies each of a baseline and of a progressive
# 4032×3024 photo of Benchmarks/make-camera-photos.sh's (made once).
if [ ! -d "$WORK/camera-baseline" ] || [ ! -d "$WORK/camera-progressive" ]; then
  [ -f Benchmarks/work/index/camera/01/DSC_0025.JPG ] || Benchmarks/make-camera-photos.sh >&2
  rm -rf "$WORK/camera" "$WORK/camera-baseline" "$WORK/camera-progressive"
  mkdir -p "$WORK/camera-baseline" "$WORK/camera-progressive"
  for i in $(seq 0 19); do
    { cat Benchmarks/work/index/camera/01/DSC_0000.JPG; head -c "$i" /dev/zero; } > "$WORK/camera-baseline/b$i.jpg"
    { cat Benchmarks/work/index/camera/01/DSC_0025.JPG; head -c "$i" /dev/zero; } > "$WORK/camera-progressive/p$i.jpg"
  done
fi

source Benchmarks/nginx-static.sh
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
start_server() {  # start_server ARGS…: sets PID and PORT
  : > "$WORK/serve.out"  # emptied before the start: never the previous server's port
  "$BIN" serve "$@" --port 0 --log-level error > "$WORK/serve.out" 2> "$WORK/serve.err" &
  PID=$!
  for _ in $(seq 1 200); do
    PORT=$(grep -o '127.0.0.1:[0-9]*' "$WORK/serve.out" 2>/dev/null | cut -d: -f2 || true)
    [ -n "$PORT" ] && return
    sleep 0.05
  done
  echo "serve did not start: $(cat "$WORK/serve.err")" >&2; exit 1
}
# Anonymous memory (heap and stacks): what a leak grows. The resident total also counts the pages of
# the database that SQLite maps, which a million random windows touch more of.
rss_kib() { awk '/RssAnon/ {print $2}' "/proc/$1/status"; }

# nginx: the same bytes as static files.
NGINX_PORT=$(free_port)
write_nginx_conf

start_server --db "$DB"
SERVE_PID=$PID; SERVE_PORT=$PORT
trap 'kill $SERVE_PID 2>/dev/null || true; nginx -c "$WORK/nginx/nginx.conf" -s stop 2>/dev/null || true' EXIT

python3 - "$SERVE_PORT" "$WORK/static/layout.json" <<'PY'
import sys, urllib.request
port, out = sys.argv[1], sys.argv[2]
open(out, "wb").write(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/layout?width=393&offset=40000000").read())
PY
# On-demand thumbnails: a served library of each camera set, made afresh so that every thumbnail is
# made on demand, one request at a time. The baseline set's server stays up for the cached-thumbnail
# run (its last thumbnail is also nginx's file).
ondemand() {  # ondemand SET: the p50 into $WORK/ondemand-SET.txt; sets PID and PORT
  local set=$1
  rm -rf "$WORK/$set-library"; mkdir -p "$WORK/$set-library"  # the database and its thumbnails folder
  cat "$WORK/$set"/* > /dev/null  # both sides read the photos from the page cache, not the disk
  start_server "$WORK/$set" --db "$WORK/$set-library/library.sqlite"
  sleep 1
  python3 - "$PORT" "$WORK" "$set" <<'PY'
import json, sys, time, urllib.request
port, work, name = sys.argv[1], sys.argv[2], sys.argv[3]
base = f"http://127.0.0.1:{port}"
for _ in range(200):
    stats = json.load(urllib.request.urlopen(base + "/api/v1/stats"))
    if stats.get("indexing", {}).get("phase") == "done": break
    time.sleep(0.05)
cells = json.load(urllib.request.urlopen(base + "/api/v1/layout?width=393&all=true"))["cells"]
urls = [c["thumbnail"] for c in cells]
times = []
for u in urls:
    t = time.perf_counter(); body = urllib.request.urlopen(f"{base}/{u}").read(); times.append(time.perf_counter() - t)
times.sort()
open(f"{work}/ondemand-{name}.txt", "a").write(f"{times[len(times)//2]} {len(times)}\n")
open(f"{work}/static/thumb.jpg", "wb").write(body)
open(f"{work}/thumb-url.txt", "w").write(urls[-1] + "\n")
PY
}
# Each set ROUNDS times, each time on a fresh library (the median p50 is printed); the last baseline
# server stays up.
rm -f "$WORK/ondemand-camera-progressive.txt" "$WORK/ondemand-camera-baseline.txt"
for round in $(seq 1 "$ROUNDS"); do
  ondemand camera-progressive
  kill $PID; wait $PID 2>/dev/null || true
done
for round in $(seq 1 "$ROUNDS"); do
  ondemand camera-baseline
  if [ "$round" -lt "$ROUNDS" ]; then kill $PID; wait $PID 2>/dev/null || true; fi
done
CAMERA_PID=$PID; CAMERA_PORT=$PORT
trap 'kill $SERVE_PID $CAMERA_PID 2>/dev/null || true; nginx -c "$WORK/nginx/nginx.conf" -s stop 2>/dev/null || true' EXIT
nginx -c "$WORK/nginx/nginx.conf"

cat > "$WORK/layout.lua" <<'EOF'
-- A random scroll offset within the 1,000,000-photo grid (333,334 rows of 132 pt) per request.
math.randomseed(7)
request = function()
  return wrk.format("GET", "/api/v1/layout?width=393&offset=" .. math.random(0, 44000000))
end
EOF

# The same question in justified rows (default 100-pt rows: 300,001 rows, 29.4 million points).
sed -e 's|width=393&|width=393\&justified=true\&|' -e 's|44000000|29000000|' -e 's|^-- .*|-- A random scroll offset within the 1,000,000 photos in justified rows.|' \
  "$WORK/layout.lua" > "$WORK/justified.lua"

# CPU time (user and system, in clock ticks) the processes PIDS… have used so far.
cpu_ticks() { local total=0 pid; for pid in "$@"; do total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat"))); done; echo "$total"; }
TICK_US=$((1000000 / $(getconf CLK_TCK)))
run_wrk() {  # run_wrk NAME URL SCRIPT|"" PIDS…: prints "NAME requests/s p99-ms non-2xx server-µs/request wrk-µs/request"
  local name=$1 url=$2 script=$3; shift 3
  local before after wrk_cpu args=(-t2 -c32 -d"$DURATION" --latency)
  [ -n "$script" ] && args+=(-s "$script")
  before=$(cpu_ticks "$@")
  # The server's CPU per request (PIDS: its processes) and wrk's own (bash's `time`): on two shared
  # cores, the sum is what bounds the rate.
  wrk_cpu=$( { TIMEFORMAT='%U %S'; time wrk "${args[@]}" "$url" > "$WORK/wrk-$name.txt" 2> "$WORK/wrk-$name.err"; } 2>&1 )
  after=$(cpu_ticks "$@")
  echo "$wrk_cpu $(( (after - before) * TICK_US ))" > "$WORK/wrk-$name.cpu"
  python3 - "$name" "$WORK/wrk-$name.txt" "$WORK/wrk-$name.cpu" <<'PY'
import re, sys
name, text = sys.argv[1], open(sys.argv[2]).read()
wrk_user, wrk_system, server_us = open(sys.argv[3]).read().split()
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", text)
ms = float(p99.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)]
bad = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
errors = re.search(r"Socket errors: (.*)", text)
requests = int(re.search(r"(\d+) requests in", text).group(1))
print(f"{name} {rps:.0f} {ms:.2f} {int(bad.group(1)) if bad else 0} {int(server_us) / requests:.1f} "
      f"{(float(wrk_user) + float(wrk_system)) * 1e6 / requests:.1f} {'socket errors: ' + errors.group(1) if errors else ''}")
PY
}

RSS_START=$(rss_kib $SERVE_PID)
python3 - "$SERVE_PORT" <<'PY'
import sys, urllib.request
for i in range(1000):
    urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/api/v1/layout?width=393&offset={i * 40000}").read()
# Justified rows are laid out once, at their first question (their rows and ratios: ~15 MiB).
urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/api/v1/layout?width=393&justified=true&offset=0").read()
PY
RSS_1K=$(rss_kib $SERVE_PID)

echo "wrk -t2 -c32 -d$DURATION on loopback; photogrid serve (release) against nginx $(nginx -v 2>&1 | cut -d/ -f2) on the same bytes" >&2
# nginx gets the same request stream (the script's random offsets, which a static file ignores): the
# same work for wrk's Lua on the shared cores.
sed 's|"/api/v1/layout?|"/layout.json?|' "$WORK/layout.lua" > "$WORK/nginx-layout.lua"
: > "$WORK/rounds.txt"
NGINX_MASTER=$(cat "$WORK/nginx/nginx.pid")
NGINX_PIDS="$NGINX_MASTER $(pgrep -P "$NGINX_MASTER" | tr '\n' ' ')"
for round in $(seq 1 "$ROUNDS"); do
  run_wrk serve-layout "http://127.0.0.1:$SERVE_PORT" "$WORK/layout.lua" "$SERVE_PID" >> "$WORK/rounds.txt"
  run_wrk serve-justified "http://127.0.0.1:$SERVE_PORT" "$WORK/justified.lua" "$SERVE_PID" >> "$WORK/rounds.txt"
  run_wrk nginx-layout "http://127.0.0.1:$NGINX_PORT" "$WORK/nginx-layout.lua" $NGINX_PIDS >> "$WORK/rounds.txt"
  run_wrk serve-thumb "http://127.0.0.1:$CAMERA_PORT/$(cat "$WORK/thumb-url.txt")" "" "$CAMERA_PID" >> "$WORK/rounds.txt"
  run_wrk nginx-thumb "http://127.0.0.1:$NGINX_PORT/thumb.jpg" "" $NGINX_PIDS >> "$WORK/rounds.txt"
done

# Memory after a million layout requests (wrk until the count is reached).
python3 - "$SERVE_PORT" "$WORK" <<'PY'
import re, subprocess, sys
port, work = sys.argv[1], sys.argv[2]
done = 0
while done < 1_000_000:
    out = subprocess.run(["wrk", "-t2", "-c32", "-d10s", "-s", f"{work}/layout.lua", f"http://127.0.0.1:{port}"],
                         capture_output=True, text=True).stdout
    found = re.search(r"(\d+) requests in", out)
    if not found:
        sys.exit(f"wrk did not run: {out}")
    done += int(found.group(1))
open(f"{work}/million-requests.txt", "w").write(str(done))
PY
RSS_1M=$(rss_kib $SERVE_PID)

# thumbs --jobs 1 on the same photos, per photo.
for set in camera-baseline camera-progressive; do
  rm -rf "$WORK/thumbs-$set.sqlite"* "$WORK/thumbs-out"
  "$BIN" index "$WORK/$set" --db "$WORK/thumbs-$set.sqlite" >/dev/null
  hyperfine -N --runs 5 --export-json "$WORK/thumbs-$set.json" \
    --prepare "rm -rf $WORK/thumbs-out" \
    "$BIN thumbs --db $WORK/thumbs-$set.sqlite --jobs 1 --out $WORK/thumbs-out" >&2
done

python3 - "$WORK" "$RSS_1K" "$RSS_1M" "$RSS_START" <<'PY'
import json, statistics, sys
work, rss1k, rss1m, rss0 = sys.argv[1:]
runs = {}
for line in open(f"{work}/rounds.txt"):
    name, rps, p99, bad, server_us, wrk_us = line.split()[:6]
    runs.setdefault(name, []).append((float(rps), float(p99), int(bad), float(server_us), float(wrk_us)))
def route(serve, nginx):
    s, n = runs[serve], runs[nginx]
    ratios = [a[0] / b[0] for a, b in zip(s, n)]
    return (statistics.median(r[0] for r in s), statistics.median(r[0] for r in n), statistics.median(ratios),
            statistics.median(r[1] for r in s), sum(r[2] for r in s), [f"{r:.2f}" for r in ratios])
rows = [("visible layout, 1M photos", route("serve-layout", "nginx-layout")), ("cached grid thumbnail", route("serve-thumb", "nginx-thumb"))]
rounds = len(runs["serve-layout"])
print(f"medians of {rounds} rounds (photogrid and nginx in turn)")
print(f"{'route':28} {'photogrid req/s':>16} {'nginx req/s':>12} {'ratio':>7} {'p99 (photogrid)':>16} {'non-2xx':>8}  ratio each round")
for name, (s, n, ratio, p99, bad, each) in rows:
    print(f"{name:28} {s:16.0f} {n:12.0f} {ratio:6.2f}× {p99:13.2f} ms {bad:8d}  {' '.join(each)}")
cpu = lambda name, k: statistics.median(r[k] for r in runs[name])
print("CPU per request (medians), the server's and wrk's own: "
      + "; ".join(f"{name} {cpu(name, 3):.1f} µs + wrk {cpu(name, 4):.1f} µs" for name in ["serve-layout", "nginx-layout", "serve-justified"]))
justified, square = runs["serve-justified"], runs["serve-layout"]
justified_ratios = [a[0] / b[0] for a, b in zip(justified, square)]
justified_ratio = statistics.median(justified_ratios)
print(f"justified rows, 1M photos: {statistics.median(r[0] for r in justified):.0f} req/s, {justified_ratio:.2f}× the visible layout's "
      f"(each round: {' '.join(f'{r:.2f}' for r in justified_ratios)}), p99 {statistics.median(r[1] for r in justified):.2f} ms")
ondemand_ok = True
for kind in ["baseline", "progressive"]:
    measured = [line.split() for line in open(f"{work}/ondemand-camera-{kind}.txt")]
    p50, count = statistics.median(float(m[0]) for m in measured), measured[0][1]
    per_photo = json.load(open(f"{work}/thumbs-camera-{kind}.json"))["results"][0]["median"] / int(count)
    ondemand_ok = ondemand_ok and float(p50) <= 1.2 * per_photo
    print(f"on-demand grid thumbnail, 4032×3024 {kind} JPEG: p50 {float(p50)*1e3:.1f} ms (median of {len(measured)}) against thumbs --jobs 1 {per_photo*1e3:.1f} ms per photo: {float(p50)/per_photo:.2f}×")
done = int(open(f"{work}/million-requests.txt").read())
print(f"anonymous RSS: {int(rss0)//1024} MiB at start, {int(rss1k)//1024} MiB after 1,000 layout requests, {int(rss1m)//1024} MiB after {done:,} more: {int(rss1m)/int(rss1k):.2f}×")
ok = [rows[0][1][2] >= 0.9, rows[0][1][3] <= 5, rows[1][1][2] >= 0.5,
      rows[0][1][4] == 0 and rows[1][1][4] == 0 and sum(r[2] for r in justified) == 0, ondemand_ok, int(rss1m) <= 1.2 * int(rss1k),
      justified_ratio >= 0.8]
names = ["layout ≥ 0.9× nginx", "layout p99 ≤ 5 ms", "thumbnail ≥ 0.5× nginx", "no non-2xx", "on-demand p50 ≤ 1.2× thumbs", "RSS ≤ 1.2×",
         "justified ≥ 0.8× layout"]
print("goals: " + ", ".join(f"{n} {'PASS' if o else 'MISS'}" for n, o in zip(names, ok)))
PY
