#!/usr/bin/env bash
# photogrid serve under attack while it serves: one server on the 1,000,000-photo library of
# Benchmarks/layout-library.sh, run with `ulimit -n 1024` (soft and hard: it cannot raise it) and a
# token, takes first the valid traffic alone for 5 s (the reference, after a 5-s warm-up), then at the
# same time, for DURATION (60 s; everything on 127.0.0.1, every loop bounded in time):
#   1. valid traffic: wrk, 2 threads, 16 connections (opened first), visible-range layouts at random
#      scroll offsets with the right token: requests/s, p50/p99 latency, statuses;
#   2. slow clients: 500 connections that send a request head one byte a second;
#   3. amplification: layouts just inside the answer limits (32 adaptive column items making 992
#      columns and 9,920 cells; exactly 1,000 columns; 9,999 cells) and just over them (33 items,
#      1,002 and 1,984 columns, 10,002 and 10,912 cells, all=true on a million, an 8,193-byte target,
#      17 KB of headers: 4xx expected), one after another on one connection;
#   4. descriptor pressure: 1,500 idle connections opened, held a second, released (reset), again;
#   5. cross-site requests (Sec-Fetch-Site cross-site / same-site, with and without the right token:
#      403; a cross-site navigation to / is let through: 401 sign-in page, as without a browser) and
#      wrong tokens (401, then 429 beyond 20 a second), with the user's own sign-in at /?token= among
#      them (not judged: it shows whether the wrong tokens of the address lock it out).
# Meanwhile a probe opens a new connection every 0.5 s (/healthz, then a layout): can a new client get
# in? A sampler reads the server's /proc (descriptors, RSS). Then, the attackers gone, /healthz again.
# Prints valid requests/s, p50/p99, non-2xx, peak RSS (VmHWM), whether the server still runs and
# answers, each attack's count and statuses, and PASS/FAIL per goal: valid p99 ≤ 50 ms, no non-2xx
# among valid requests, the server's own memory (anonymous RSS, sampled) ≤ 256 MiB, no crash (and every
# attack answered with its expected statuses). VmHWM is printed too: it counts file-backed pages, the
# binary's and each SQLite connection's own map of the database (up to 256 MiB each), which are the
# page cache's.
#
#   Benchmarks/hostile.sh          (PHOTOGRID_BIN=… to measure a given binary, else a release build;
#                                   DURATION=30s to change the length; ROWS=100000 for the smaller
#                                   library of layout-library.sh when a million take too long to make)
# Needs: wrk (Debian `wrk`; installed when missing), python3, and for the library hyperfine, sqlite3.
# Work files: Benchmarks/work/hostile (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=$PWD/Benchmarks/work/hostile
DURATION=${DURATION:-60s}
ROWS=${ROWS:-1000000}
case $DURATION in
  *m) SECS=$(( ${DURATION%m} * 60 )) ;;
  *s) SECS=${DURATION%s} ;;
  *) SECS=$DURATION ;;
esac
[[ $SECS =~ ^[0-9]+$ ]] && [ "$SECS" -ge 5 ] || { echo "DURATION must be seconds (30s, 2m, 60), at least 5 (got $DURATION)" >&2; exit 64; }
mkdir -p "$WORK"
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >&2; }
if [ -n "${PHOTOGRID_BIN:-}" ]; then BIN=$PHOTOGRID_BIN; BUILD="given binary $PHOTOGRID_BIN"; else
  swift build -c release --product photogrid >&2
  BIN=$(swift build -c release --show-bin-path)/photogrid; BUILD="release build"
fi

# The library of Benchmarks/layout-library.sh (made once; its timing runs need hyperfine, the library
# itself only python3).
case $ROWS in
  1000000) DB=Benchmarks/work/layout/million.sqlite; OFFSET_MAX=44000000 ;;
  100000) DB=Benchmarks/work/layout/hundred-thousand.sqlite; OFFSET_MAX=4400000 ;;
  *) echo "ROWS is 1000000 or 100000 (the libraries layout-library.sh makes)" >&2; exit 64 ;;
esac
if [ ! -f "$DB" ]; then
  command -v hyperfine >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine sqlite3 >&2; }
  RUNS=1 PHOTOGRID_BIN=$BIN Benchmarks/layout-library.sh >/dev/null || [ -f "$DB" ]
fi

PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT
trap 'exit 130' INT TERM

rm -rf "$WORK/run"; mkdir -p "$WORK/run"
RUN=$WORK/run
python3 -c 'import secrets; print(secrets.token_hex(16))' > "$RUN/token"; chmod 600 "$RUN/token"
TOKEN=$(cat "$RUN/token")

# The server: 1,024 descriptors, soft and hard; its thumbnails (none are asked) in the work folder.
( ulimit -n 1024; exec "$BIN" serve --db "$DB" --port 0 --token-file "$RUN/token" --out "$RUN/thumbnails" \
    > "$RUN/serve.out" 2> "$RUN/serve.err" ) &
SERVE_PID=$!
PIDS+=("$SERVE_PID")
PORT=
for _ in $(seq 1 600); do
  PORT=$(grep -o '127.0.0.1:[0-9]*' "$RUN/serve.out" 2>/dev/null | head -1 | cut -d: -f2 || true)
  [ -n "$PORT" ] && break
  kill -0 "$SERVE_PID" 2>/dev/null || break
  sleep 0.1
done
[ -n "$PORT" ] || { echo "serve did not start: $(cat "$RUN/serve.err")" >&2; exit 1; }
# Ready: /healthz, then a layout (the grid read into memory).
python3 - "$PORT" "$TOKEN" <<'PY'
import sys, time, urllib.request
port, token = sys.argv[1], sys.argv[2]
for path in ("/healthz", "/api/v1/layout?width=393&height=759&offset=1000"):
    for _ in range(600):
        try:
            request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Authorization": f"Bearer {token}"})
            if urllib.request.urlopen(request, timeout=10).status == 200:
                break
        except OSError:
            pass
        time.sleep(0.1)
    else:
        sys.exit(f"the server did not answer {path}")
PY
START_HWM=$(awk '/VmHWM/ {print $2}' "/proc/$SERVE_PID/status")
LIMITS=$(awk '/Max open files/ {print $4 "/" $5}' "/proc/$SERVE_PID/limits")
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)

cat > "$RUN/valid.lua" <<EOF
-- Visible-range layouts at random scroll offsets (the grid's content is ~$OFFSET_MAX pt), with the token.
wrk.headers["Authorization"] = "Bearer $TOKEN"
local threads = {}
function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end
function init(args)
  math.randomseed(7 + id)
  statuses = {}
end
request = function()
  return wrk.format("GET", "/api/v1/layout?width=393&height=759&offset=" .. math.random(0, $OFFSET_MAX))
end
function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("VALID requests %d duration_us %d p50_us %d p90_us %d p99_us %d max_us %d connect %d read %d write %d timeout %d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.timeout))
  local all = {}
  for _, t in ipairs(threads) do
    for k, v in pairs(t:get("statuses")) do all[k] = (all[k] or 0) + v end
  end
  for k, v in pairs(all) do io.write(string.format("STATUS %d %d\n", k, v)) end
end
EOF

cat > "$RUN/attack.py" <<'PY'
"""One attacker (or the probe, or the sampler) until the time `end`; its counts as JSON into `out`."""
import collections, http.client, json, os, random, selectors, socket, struct, sys, time

mode, port, end, out = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
token = os.environ["HOSTILE_TOKEN"]
rows = int(os.environ["HOSTILE_ROWS"])
offset_max = int(os.environ["HOSTILE_OFFSET_MAX"])  # the 3-column grid's content height, about
HOST = "127.0.0.1"
classes = {}  # label -> {"statuses": Counter, "expected": [...], "ms": [...]}


def record(label, status, ms, expected=None):
    entry = classes.setdefault(label, {"statuses": collections.Counter(), "expected": expected, "ms": []})
    entry["statuses"][str(status)] += 1  # a status, or the error that stood for one
    entry["ms"].append(ms)


class Client:
    """One keep-alive connection, made again when the server closes it; every wait bounded."""

    def __init__(self):
        self.conn = None

    def get(self, path, headers=None):
        started = time.perf_counter()
        for attempt in (0, 1):
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection(HOST, port, timeout=max(1.0, min(10.0, end + 5 - time.time())))
                self.conn.request("GET", path, headers=headers or {})
                response = self.conn.getresponse()
                response.read()
                if (response.getheader("connection") or "").lower() == "close":
                    self.conn.close()
                    self.conn = None
                return response.status, (time.perf_counter() - started) * 1000
            except (OSError, http.client.HTTPException) as error:
                if self.conn:
                    self.conn.close()
                self.conn = None
                if attempt or isinstance(error, socket.timeout):
                    return type(error).__name__, (time.perf_counter() - started) * 1000


def repeat(items):
    """`items` ([(label, path, headers, expected)]) one after another on one connection until the end."""
    client = Client()
    while time.time() < end:
        for label, path, headers, expected in items:
            if time.time() >= end:
                break
            path = path() if callable(path) else path
            status, ms = client.get(path, headers)
            record(label, status, ms, expected)
            if isinstance(status, str):
                time.sleep(0.05)  # no answer (a server gone): no busy loop


bearer = {"Authorization": f"Bearer {token}"}


def amplify():
    c32 = ",".join(["adaptive:1/0"] * 32)
    c33 = ",".join(["adaptive:1/0"] * 33)
    c32_half = ",".join(["adaptive:0.5/0"] * 32)
    filler = "/api/v1/layout?width=393&x="
    repeat([
        ("inside: 32 adaptive items, 992 columns, ≤ 9,920 cells",
         lambda: f"/api/v1/layout?width=1000&height=36&offset={random.uniform(0, rows / 992 * 4):.1f}&columns={c32}", bearer, ["200"]),
        ("over: 33 column items", f"/api/v1/layout?width=1000&height=36&columns={c33}", bearer, ["400"]),
        ("inside: exactly 1,000 columns",
         lambda: f"/api/v1/layout?width=500&height=1&offset={random.uniform(0, rows / 1000 * 3.5):.1f}&columns=adaptive:0.5/0", bearer, ["200"]),
        ("over: 1,002 columns", "/api/v1/layout?width=501&height=1&columns=adaptive:0.5/0", bearer, ["400"]),
        ("over: 1,984 columns (32 items)", f"/api/v1/layout?width=1000&height=1&columns={c32_half}", bearer, ["400"]),
        ("inside: 9,999 cells (3 columns, height 439,824)",
         lambda: f"/api/v1/layout?width=393&height=439824&offset={random.uniform(0, offset_max - 439824):.0f}", bearer, ["200"]),
        ("over: 10,002 cells (height 439,956)", "/api/v1/layout?width=393&height=439956&offset=1000", bearer, ["400"]),
        ("over: 10,912 cells (992 columns, height 37)", f"/api/v1/layout?width=1000&height=37&columns={c32}", bearer, ["400"]),
        ("over: all=true on the whole library", "/api/v1/layout?width=393&all=true", bearer, ["400"]),
        ("inside: an 8,192-byte target", filler + "a" * (8192 - len(filler)), bearer, ["400"]),
        ("over: an 8,193-byte target", filler + "a" * (8193 - len(filler)), bearer, ["414"]),
        ("over: 17,000 bytes of headers", "/api/v1/stats", {**bearer, "X-Filler": "b" * 17000}, ["431"]),
    ])


def cross_site():
    def fetch(site, mode, dest):
        return {"Sec-Fetch-Site": site, "Sec-Fetch-Mode": mode, "Sec-Fetch-Dest": dest}
    layout = lambda: f"/api/v1/layout?width=393&height=759&offset={random.randint(0, offset_max)}"
    repeat([
        ("cross-site fetch of a layout (cors)", layout, fetch("cross-site", "cors", "empty"), ["403"]),
        ("cross-site fetch of a layout, with the right token", layout, {**bearer, **fetch("cross-site", "cors", "empty")}, ["403"]),
        ("same-site <img> of a thumbnail", "/api/v1/thumbnails/grid-387/k1.jpg", fetch("same-site", "no-cors", "image"), ["403"]),
        ("cross-site <video> of a media file", "/api/v1/media/1", fetch("cross-site", "no-cors", "video"), ["403"]),
        ("cross-site EventSource", "/api/v1/events", fetch("cross-site", "cors", "empty"), ["403"]),
        # 429 rather than 403 while this address is over its wrong-token budget (attack 5's other half).
        ("cross-site /?token=<right token> (sign-in exchange)", f"/?token={token}", fetch("cross-site", "navigate", "document"), ["403", "429"]),
        ("cross-site <iframe> of /", "/", fetch("cross-site", "navigate", "iframe"), ["403"]),
        ("cross-site navigation to / (let through: sign-in page)", "/", fetch("cross-site", "navigate", "document"), ["401"]),
    ])


def wrong_tokens():
    wrong = [{"Authorization": f"Bearer {token[:-1]}x"}, {"Authorization": "bearer guess"}, {"Cookie": "photogrid_session=guess"}]
    # Between them, the user signing in from the address bar with the right token (not judged: 303 is a
    # sign-in; the wrong tokens of this address may hold it at 429).
    sign_in = ("right token, /?token= from the address bar (Sec-Fetch-Site: none; not judged)", f"/?token={token}",
               {"Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}, None)
    repeat([(f"wrong token ({next(iter(h.values()))[:18]}…)", "/api/v1/stats", h, ["401", "429"]) for h in wrong] + [sign_in])


def slow(count=500):
    """`count` connections each sending a request head one byte a second."""
    head = (f"GET /api/v1/layout?width=393&height=759 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Authorization: Bearer {token}\r\nUser-Agent: slow\r\n\r\n").encode()
    selector = selectors.DefaultSelector()
    pending = []
    for _ in range(count):
        s = socket.socket()
        s.setblocking(False)
        s.connect_ex((HOST, port))
        pending.append(s)
        selector.register(s, selectors.EVENT_WRITE)
    live, outcome, connected_by = {}, collections.Counter(), time.time() + 5
    while pending and time.time() < min(end, connected_by):
        for key, _ in selector.select(timeout=0.2):
            s = key.fileobj
            selector.unregister(s)
            pending.remove(s)
            if s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0:
                live[s] = 0
                selector.register(s, selectors.EVENT_READ)
            else:
                outcome["connect failed"] += 1
                s.close()
    outcome["connected"] = len(live)
    outcome["not connected within 5 s"] = len(pending)
    for s in pending:
        selector.unregister(s)
        s.close()
    closed_at = []
    started = time.time()
    while live and time.time() < end:
        for s in list(live):
            if live[s] < len(head) - 2:  # never the last CRLF: the head never ends
                try:
                    s.send(head[live[s]:live[s] + 1])
                    live[s] += 1
                except OSError:
                    pass
        tick = time.time() + 1
        while time.time() < min(tick, end):
            for key, _ in selector.select(timeout=max(0.0, min(tick, end) - time.time())):
                s = key.fileobj
                try:
                    data = s.recv(4096)
                except OSError:
                    data = b""
                if data.startswith(b"HTTP/1."):
                    outcome[f"answered {data[9:12].decode()} (then closed here)"] += 1
                elif data:
                    continue
                else:
                    outcome["closed by the server"] += 1
                closed_at.append(round(time.time() - started, 1))
                selector.unregister(s)
                s.close()
                del live[s]
    outcome["still open at the end"] = len(live)
    sent = max(live.values()) if live else 0
    for s in live:
        s.close()
    return {"outcome": outcome, "bytes sent by each open one": sent,
            "closed after (s)": [min(closed_at), max(closed_at)] if closed_at else None}


def pressure(count=1500, hold=1.0):
    """Rounds of `count` idle connections: opened, held `hold` s, then reset."""
    rounds = []
    while time.time() < end - 1:
        sockets = []
        selector = selectors.DefaultSelector()
        for _ in range(count):
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # reset on close
            s.setblocking(False)
            s.connect_ex((HOST, port))
            sockets.append(s)
            selector.register(s, selectors.EVENT_WRITE)
        waiting, connected, deadline = set(sockets), [], min(end, time.time() + 3)
        while waiting and time.time() < deadline:
            for key, _ in selector.select(timeout=0.2):
                s = key.fileobj
                selector.unregister(s)
                waiting.discard(s)
                if s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0:
                    connected.append(s)
        for s in waiting:
            selector.unregister(s)
        for s in connected:
            selector.register(s, selectors.EVENT_READ)
        closed = 0
        until = min(end, time.time() + hold)
        while time.time() < until:
            for key, _ in selector.select(timeout=max(0.0, until - time.time())):
                selector.unregister(key.fileobj)
                closed += 1
        for s in sockets:
            s.close()
        rounds.append({"connected": len(connected), "closed by the server while held": closed})
    return {"rounds": len(rounds), "connections opened": sum(r["connected"] for r in rounds),
            "connected per round (min, max)": [min(r["connected"] for r in rounds), max(r["connected"] for r in rounds)] if rounds else None,
            "closed by the server while held": sum(r["closed by the server while held"] for r in rounds)}


def probe():
    """A new connection every 0.5 s: /healthz, then a layout with the token."""
    while time.time() < end:
        started = time.time()
        for label, path in (("new connection: /healthz", "/healthz"),
                            ("new connection: a layout", f"/api/v1/layout?width=393&height=759&offset={random.randint(0, offset_max)}")):
            client = Client()
            status, ms = client.get(path, bearer)
            if client.conn:
                client.conn.close()
            record(label, status, ms, ["200"])
        time.sleep(max(0.0, 0.5 - (time.time() - started)))


def sample():
    """The server's descriptors and memory, four times a second."""
    pid = int(os.environ["HOSTILE_SERVER_PID"])
    peak = collections.Counter()
    while time.time() < end:
        try:
            fields = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status"))
            for name in ("VmRSS", "RssAnon", "RssFile", "VmHWM", "Threads"):
                peak[name] = max(peak[name], int(fields[name].split()[0]))
            peak["descriptors"] = max(peak["descriptors"], len(os.listdir(f"/proc/{pid}/fd")))
        except (OSError, KeyError, ValueError):
            peak["samples missed"] += 1
        time.sleep(0.25)
    return dict(peak)


extra = {"amplify": amplify, "cross-site": cross_site, "tokens": wrong_tokens, "slow": slow,
         "pressure": pressure, "probe": probe, "sample": sample}[mode]()
for entry in classes.values():
    ms = sorted(entry.pop("ms"))
    entry["p50_ms"], entry["max_ms"] = ms[len(ms) // 2], ms[-1]
json.dump({"mode": mode, "classes": classes, "extra": extra}, open(out, "w"))
PY

# The valid traffic alone first, 5 s, after 5 s more that read the database's pages in: what the attack
# is measured against.
timeout 60 wrk -t2 -c16 -d5s --timeout 10s -s "$RUN/valid.lua" "http://127.0.0.1:$PORT" > "$RUN/wrk-warm-up.txt" 2>&1 || true
timeout 60 wrk -t2 -c16 -d5s --timeout 10s -s "$RUN/valid.lua" "http://127.0.0.1:$PORT" > "$RUN/wrk-alone.txt" 2>&1 || true
BASE_HWM=$(awk '/VmHWM/ {print $2}' "/proc/$SERVE_PID/status")

# All at once: wrk first (its 16 connections open before the attack), the rest half a second later,
# each ending at the same moment; `timeout` bounds each beyond it.
export HOSTILE_TOKEN=$TOKEN HOSTILE_SERVER_PID=$SERVE_PID HOSTILE_ROWS=$ROWS HOSTILE_OFFSET_MAX=$OFFSET_MAX
timeout $((SECS + 30)) wrk -t2 -c16 -d"${SECS}s" --timeout 10s -s "$RUN/valid.lua" "http://127.0.0.1:$PORT" > "$RUN/wrk.txt" 2>&1 &
WRK_PID=$!; PIDS+=("$WRK_PID")
END=$(python3 -c "import time; print(time.time() + $SECS)")
sleep 0.5
ATTACKERS=()
for mode in sample probe slow pressure amplify cross-site tokens; do
  timeout $((SECS + 30)) python3 "$RUN/attack.py" "$mode" "$PORT" "$END" "$RUN/$mode.json" 2> "$RUN/$mode.err" &
  ATTACKERS+=($!); PIDS+=($!)
done
wait "$WRK_PID" || true
for p in "${ATTACKERS[@]}"; do wait "$p" || true; done

# After: still running? /healthz (up to 10 s: the server drains its listen backlog first), a layout.
sleep 0.5
if kill -0 "$SERVE_PID" 2>/dev/null; then RUNNING=yes; else RUNNING=no; fi
python3 - "$PORT" "$TOKEN" > "$RUN/after.txt" <<'PY'
import sys, time, urllib.request
port, token = sys.argv[1], sys.argv[2]
started = time.time()
for path in ("/healthz", "/api/v1/layout?width=393&height=759&offset=22000000"):
    status = "no answer"
    while time.time() - started < 10:
        try:
            request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Authorization": f"Bearer {token}"})
            with urllib.request.urlopen(request, timeout=5) as response:
                status = response.status
                break
        except urllib.error.HTTPError as error:
            status = error.code
            break
        except OSError as error:
            status = type(error).__name__
            time.sleep(0.2)
    print(path, status, f"{time.time() - started:.2f}")
PY
if [ -r "/proc/$SERVE_PID/status" ]; then
  END_HWM=$(awk '/VmHWM/ {print $2}' "/proc/$SERVE_PID/status"); END_FDS=$(ls "/proc/$SERVE_PID/fd" | wc -l)
else END_HWM=0; END_FDS=0; fi
EXIT_STATUS=running
LOAD_END=$(cut -d' ' -f1-3 /proc/loadavg)
if [ "$RUNNING" = no ]; then wait "$SERVE_PID" && EXIT_STATUS=0 || EXIT_STATUS=$?; fi

python3 - "$RUN" "$SECS" "$ROWS" "$BUILD" "$LIMITS" "$START_HWM" "$BASE_HWM" "$END_HWM" "$END_FDS" "$RUNNING" "$EXIT_STATUS" "$LOAD_START" "$LOAD_END" <<'PY'
import json, os, re, sys
run, secs, rows, build, limits, start_hwm, base_hwm, end_hwm, end_fds, running, exit_status, load_start, load_end = sys.argv[1:]
secs, start_hwm, base_hwm, end_hwm = int(secs), int(start_hwm), int(base_hwm), int(end_hwm)

def wrk_report(name):
    text = open(f"{run}/{name}").read()
    found = re.search(r"VALID requests (\d+) duration_us (\d+) p50_us (\d+) p90_us (\d+) p99_us (\d+) max_us (\d+) connect (\d+) read (\d+) write (\d+) timeout (\d+)", text)
    if not found:
        sys.exit(f"wrk did not report: {text}")
    return list(map(int, found.groups())), {int(s): int(n) for s, n in re.findall(r"STATUS (\d+) (\d+)", text)}

(requests, duration, p50, p90, p99, most, connect, read, write, timeout), statuses = wrk_report("wrk.txt")
(a_requests, a_duration, a_p50, a_p90, a_p99, a_most, *_), a_statuses = wrk_report("wrk-alone.txt")
non2xx = sum(n for s, n in statuses.items() if not 200 <= s < 300)
socket_errors = connect + read + write + timeout
results = {}
for name in ("sample", "probe", "slow", "pressure", "amplify", "cross-site", "tokens"):
    try:
        results[name] = json.load(open(f"{run}/{name}.json"))
    except (OSError, ValueError):
        results[name] = None
err = open(f"{run}/serve.err").read()
print(f"photogrid serve ({build}) on a {int(rows):,}-photo library (Benchmarks/layout-library.sh), open files {limits} (soft/hard), a token; "
      f"{secs} s, all on 127.0.0.1")
print(f"machine: {os.cpu_count()} cores, load average {load_start} before the run, {load_end} after it (other work on the machine moves the figures)")
print(f"valid alone first (5 s after a 5-s warm-up, the same wrk): {a_requests / (a_duration / 1e6):.0f} requests/s; latency p50 {a_p50 / 1000:.2f} ms, "
      f"p90 {a_p90 / 1000:.2f} ms, p99 {a_p99 / 1000:.2f} ms, max {a_most / 1000:.1f} ms; statuses {dict(sorted(a_statuses.items()))}")
print(f"valid during the attack (wrk -t2 -c16, layouts at random offsets): {requests / (duration / 1e6):.0f} requests/s, {requests:,} in all; "
      f"latency p50 {p50 / 1000:.2f} ms, p90 {p90 / 1000:.2f} ms, p99 {p99 / 1000:.2f} ms, max {most / 1000:.1f} ms")
print(f"  statuses {dict(sorted(statuses.items()))}; non-2xx {non2xx}; socket errors {socket_errors} "
      f"(connect {connect}, read {read}, write {write}, timeout {timeout})")
sample = (results["sample"] or {}).get("extra") or {}
print(f"server: peak RSS (VmHWM) {end_hwm / 1024:.0f} MiB (at start {start_hwm / 1024:.0f} MiB, after the valid traffic alone "
      f"{base_hwm / 1024:.0f} MiB); sampled peaks during the attack: anonymous "
      f"{sample.get('RssAnon', 0) / 1024:.0f} MiB, file-backed {sample.get('RssFile', 0) / 1024:.0f} MiB (the binary and SQLite's "
      f"mapped database), descriptors {sample.get('descriptors', 0)} (at the end {end_fds}), threads {sample.get('Threads', 0)}")
after = open(f"{run}/after.txt").read().split("\n")
healthz = next((l.split() for l in after if l.startswith("/healthz")), ["/healthz", "none", "0"])
layout = next((l.split() for l in after if l.startswith("/api/")), ["layout", "none", "0"])
print(f"after the run: {'still running' if running == 'yes' else f'NOT running (exit status {exit_status})'}; "
      f"/healthz {healthz[1]}, a layout {layout[1]} (within {layout[2]} s)")
warnings = [l for l in err.splitlines() if "warning" in l or "error" in l or "critical" in l or "atal" in l]
for line in warnings[:8]:
    print(f"  server log: {line[:220]}")
if len(warnings) > 8:
    print(f"  server log: … {len(warnings) - 8} more such lines in {run}/serve.err")

unexpected = []
def show(title, result, judged=True):
    print(title)
    if result is None:
        print("  (no result: the attacker failed; see its .err file)")
        unexpected.append(title)
        return
    for label, entry in result["classes"].items():
        seen = dict(sorted(entry["statuses"].items()))
        count = sum(seen.values())
        bad = {s: n for s, n in seen.items() if entry["expected"] and s not in entry["expected"]}
        if bad and judged:
            unexpected.append(f"{label}: {bad}")
        mark = "" if not bad else f"   UNEXPECTED (expected {'/'.join(entry['expected'])})"
        print(f"  {label}: {count:,} — {seen}, p50 {entry['p50_ms']:.1f} ms, max {entry['max_ms']:.0f} ms{mark}")
    if result["extra"]:
        print(f"  {json.dumps(result['extra'], ensure_ascii=False)}")
show("attack 2, slow clients (500, a request head one byte a second):", results["slow"])
show("attack 3, amplification just inside and just over the limits (one connection, one after another):", results["amplify"])
show("attack 4, descriptor pressure (1,500 idle connections a round, held 1 s, reset):", results["pressure"])
show("attack 5, other sites' requests (Fetch Metadata):", results["cross-site"])
show("attack 5, wrong tokens (one connection):", results["tokens"])
tokens = results["tokens"]
if tokens:
    refused = sum(e["statuses"].get("401", 0) for e in tokens["classes"].values())
    print(f"  wrong tokens answered 401 (counted): {refused / secs:.1f} a second (the budget: 20)")
    if refused > 20 * (secs + 1):
        unexpected.append(f"{refused} wrong tokens answered 401 in {secs} s")
show("probe (a new connection every 0.5 s during the run; not judged):", results["probe"], judged=False)
goals = [
    (f"valid p99 ≤ 50 ms ({p99 / 1000:.2f} ms)", p99 <= 50_000),
    (f"no non-2xx among valid requests ({non2xx} non-2xx, {socket_errors} socket errors)", non2xx == 0 and socket_errors == 0),
    # The server's own memory: file-backed pages (the binary, SQLite's mapped database) are the page
    # cache's, shared and reclaimed by the kernel; VmHWM, which counts them, is printed above.
    (f"peak anonymous RSS ≤ 256 MiB ({sample.get('RssAnon', 0) / 1024:.0f} MiB; VmHWM {end_hwm / 1024:.0f} MiB)",
     0 < sample.get('RssAnon', 0) <= 256 * 1024),
    (f"no crash: running and /healthz 200 at the end ({running}, {healthz[1]})", running == "yes" and healthz[1] == "200"),
    (f"every attack answered with its expected statuses ({len(unexpected)} not)", not unexpected),
]
for name, ok in goals:
    print(f"{'PASS' if ok else 'FAIL'} {name}")
for item in unexpected:
    print(f"  not as expected: {item}")
PY
