#!/usr/bin/env bash
# Justified rows: GridLayout's JustifiedLayout (release build, in process) against flickr/justified-layout
# 4.1.0 under Node, on the same seeded aspect ratios (Tests/JustifiedVectors/library.js `photoRatios`),
# default configuration, each timed warm around the layout call alone; prints the times and the ratios.
# Both sides print the container height: equal heights show the same input and the same answer.
#
#   Benchmarks/justified.sh LIBRARY          LIBRARY: the library's folder (lib/index.js) or its git directory
#   JS_MILLION=1 Benchmarks/justified.sh …   the JS on 1,000,000 too (its time grows faster than n: an hour or more)
#
# Without JS_MILLION the JS runs on 23,753 and 100,000, and the 1,000,000 ratio is a lower bound: the
# JS time there is at least 10 × its 100,000 time. Needs: node, swift. Builds Benchmarks/.build.
set -euo pipefail
cd "$(dirname "$0")/.."
LIBRARY=${1:?usage: Benchmarks/justified.sh LIBRARY (a folder with lib/index.js, or a bare git directory of flickr/justified-layout)}
SMALL=23753 LARGE=1000000 MIDDLE=100000

swift build -c release --package-path Benchmarks --product justified-benchmark >&2
SWIFT_OUT=$(Benchmarks/.build/release/justified-benchmark "$SMALL" "$MIDDLE" "$LARGE")
echo "$SWIFT_OUT" >&2

JS_SIZES="$SMALL $MIDDLE"
if [ "${JS_MILLION:-}" = 1 ]; then JS_SIZES="$SMALL $MIDDLE $LARGE"; fi
# shellcheck disable=SC2086
JS_OUT=$(node - "$LIBRARY" $JS_SIZES <<'JS'
const path = require('path');
const { loadLibrary, photoRatios } = require(path.resolve('Tests/JustifiedVectors/library.js'));
const justifiedLayout = loadLibrary(process.argv[2]);
justifiedLayout(photoRatios(0x5eed, 5000));  // warm-up: compiled by the JIT before timing
for (const count of process.argv.slice(3).map(Number)) {
  const ratios = photoRatios(0x5eed, count);
  const runs = count <= 30000 ? 5 : 1;
  const times = [];
  let result;
  for (let r = 0; r < runs; r++) {
    const start = process.hrtime.bigint();
    result = justifiedLayout(ratios);
    times.push(Number(process.hrtime.bigint() - start) / 1e9);
  }
  times.sort((a, b) => a - b);
  console.log(`node ${count} ${times[Math.floor(runs / 2)]} ${result.containerHeight} ${result.boxes.length}`);
}
JS
)
echo "$JS_OUT" >&2

python3 - "$SWIFT_OUT" "$JS_OUT" "$SMALL" "$MIDDLE" "$LARGE" <<'PY'
import sys
def table(text):  # "side COUNT SECONDS CONTAINER_HEIGHT BOXES" → {COUNT: (seconds, (height, boxes))}
    return {int(f[1]): (float(f[2]), (float(f[3]), int(f[4]))) for f in (l.split() for l in text.splitlines() if l.strip())}
swift, js = table(sys.argv[1]), table(sys.argv[2])
small, middle, large = map(int, sys.argv[3:6])
def ms(s): return f"{s * 1e3:,.2f} ms"
print(f"{'aspect ratios':>14} {'Swift':>12} {'Node (JS)':>15} {'JS / Swift':>11}  same answer")
ratios = []
for n in (small, middle, large):
    s = swift[n]
    if n not in js and n == middle:
        continue
    if n in js:
        j = js[n]
        ratios.append(j[0] / s[0])
        print(f"{n:>14,} {ms(s[0]):>12} {ms(j[0]):>15} {j[0] / s[0]:>10,.0f}×  {'yes' if s[1] == j[1] else 'NO'}")
    else:  # not run: the JS is at least linear, so its time here is ≥ n / middle × its time on `middle`
        bound = js[middle][0] * n / middle
        ratios.append(bound / s[0])
        print(f"{n:>14,} {ms(s[0]):>12} {'≥ ' + ms(bound):>15} {'≥ ' + format(bound / s[0], ',.0f') + '×':>11}"
              f"  (JS not run: ≥ {n // middle} × its {middle:,} time)")
print(f"- goal ≥ 100× faster than the JS under Node: {'PASS' if min(ratios) >= 100 else 'MISS'} (at least {min(ratios):,.0f}×)")
PY
