#!/usr/bin/env bash
# Startup benchmark: `photogrid --help` of the installed binary (scripts/install.sh: release,
# Swift runtime linked in, the system's C libraries dynamic) against a bare C `true` process (an empty main compiled by gcc -O2, dynamically linked
# like almost every program). Prints the ratio of the medians; the goal is at most 2×.
#
#   Benchmarks/startup.sh                    install into Benchmarks/work/startup/prefix, time, print
#   RUNS=1000 Benchmarks/startup.sh          more runs (default 500)
#   PHOTOGRID_BIN=… Benchmarks/startup.sh    time another binary (e.g. the default dynamic release build)
#
# Needs hyperfine and gcc. Files go to Benchmarks/work/startup/ (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."

WORK=$PWD/Benchmarks/work/startup
RUNS=${RUNS:-500}
mkdir -p "$WORK"

if [ -n "${PHOTOGRID_BIN:-}" ]; then
  BIN=$PHOTOGRID_BIN
else
  scripts/install.sh "$WORK/prefix" >&2
  BIN=$WORK/prefix/bin/photogrid
fi
printf 'int main(void) { return 0; }\n' > "$WORK/true.c"
gcc -O2 -o "$WORK/true" "$WORK/true.c"

# No shell (-N), output discarded, warm: process start is all that is measured. Run from another folder.
cd "$WORK"
hyperfine -N --style basic --warmup 50 --runs "$RUNS" --export-json "$WORK/results.json" \
  -n "C true (gcc -O2, dynamic)" "$WORK/true" \
  -n "/usr/bin/true (coreutils)" "/usr/bin/true" \
  -n "photogrid --help" "$BIN --help" \
  -n "photogrid layout --sizes 4032x3024 --width 393" "$BIN layout --sizes 4032x3024 --width 393" >&2

python3 - "$WORK/results.json" "$BIN" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
base = results["C true (gcc -O2, dynamic)"]
ours = results["photogrid --help"]
print(f"\nProcess start, warm, median of the runs (hyperfine -N; the median ignores the other processes'")
print(f"bursts on a shared machine); photogrid = {sys.argv[2]}\n")
print("| command | median | mean | user + sys (mean) | vs C true (median) |")
print("|---|---:|---:|---:|---:|")
for name, r in results.items():
    print(f"| `{name}` | {r['median'] * 1000:.2f} ms | {r['mean'] * 1000:.2f} ms ± {r['stddev'] * 1000:.2f} | {(r['user'] + r['system']) * 1000:.2f} ms | {r['median'] / base['median']:.2f}× |")
ratio = ours["median"] / base["median"]
print(f"\n- {'PASS' if ratio <= 2 else 'MISS'}: photogrid --help takes {ratio:.2f}× a bare C true process (goal ≤ 2×)")
PY
