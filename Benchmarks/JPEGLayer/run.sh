#!/usr/bin/env bash
# Builds camera-size test files from SampleImages into ../work/jpeg-layer (not committed), then
# times, interleaved over 3 rounds and keeping each one's minimum: our 1/8 decode, a bare libjpeg
# loop at 1/8, and `djpeg -scale 1/8 -outfile /dev/null` (hyperfine); then the header probe.
# Needs imagemagick, libjpeg-turbo-progs and hyperfine.
set -euo pipefail
cd "$(dirname "$0")"
work=../work/jpeg-layer
mkdir -p "$work"
samples=../../SampleImages
for name in dragonfly aitzgorri sunset umang storm-canon; do
    [ -f "$work/cam_$name.jpg" ] || convert-im6.q16 "$samples/$name.jpg" -resize '4032x3024!' -quality 92 "$work/cam_$name.jpg"
done
[ -f "$work/cam_noisy.jpg" ] || convert-im6.q16 "$samples/dragonfly.jpg" -resize '4032x3024!' \
    -attenuate 0.4 +noise Gaussian -quality 92 "$work/cam_noisy.jpg"
swift build -c release >/dev/null
bin=$(swift build -c release --show-bin-path)

results=$(mktemp)
for round in 1 2 3; do
    "$bin/libjpeg-floor" "$work"/cam_*.jpg >>"$results"
    "$bin/jpeg-bench" decode "$work"/cam_*.jpg >>"$results"
    for file in "$work"/cam_*.jpg; do
        hyperfine -N -w 2 -r 15 --export-json "$work/hyperfine.json" \
            "djpeg -scale 1/8 -outfile /dev/null $file" >/dev/null 2>&1
        python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results'][0]; print(sys.argv[2], 'djpeg: %.2f ms' % (r['min']*1e3))" \
            "$work/hyperfine.json" "$file" >>"$results"
    done
done
python3 - "$results" <<'PY'
import collections, re, sys
best = collections.defaultdict(lambda: collections.defaultdict(lambda: float("inf")))
for line in open(sys.argv[1]):
    file = line.split()[0]
    kind = "loop" if "libjpeg-loop" in line else "djpeg" if "djpeg" in line else "ours"
    best[file][kind] = min(best[file][kind], float(re.search(r": ([\d.]+) ms", line).group(1)))
print(f"{'file (4032x3024)':24} {'ours 1/8':>9} {'libjpeg loop':>13} {'djpeg 1/8':>10} {'ours/djpeg':>11}")
for file, t in sorted(best.items()):
    print(f"{file.split('/')[-1]:24} {t['ours']:7.2f}ms {t['loop']:11.2f}ms {t['djpeg']:8.2f}ms {t['ours']/t['djpeg']:11.2f}")
PY
rm -f "$results"
"$bin/jpeg-bench" probe "$work"/cam_*.jpg
"$bin/jpeg-bench" probe "$samples"/*.jpg "$samples"/orientation/*.jpg
