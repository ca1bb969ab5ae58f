#!/usr/bin/env bash
# Builds the libFuzzer targets and runs them: ./run.sh probe|decode|png|webp|heif|video|all SECONDS
#
#   probe   header probe (memory and descriptor) + EXIF parser    Sources/fuzz-probe
#   decode  scaled/region decode at 1/1, 1/2, 1/4, 1/8            Sources/fuzz-decode
#   png     PNG probe (IHDR, eXIf) + decode                       Sources/fuzz-png
#   webp    WebP probe (features, EXIF) + full/scaled decode      Sources/fuzz-webp
#   heif    HEIC/AVIF probe (libheif, Exif item) + decode         Sources/fuzz-heif
#   video   MP4/MOV/3GP/AVI/MKV probe + poster frame (FFmpeg)     Sources/fuzz-video
#
# Build: release, libFuzzer + AddressSanitizer on the Swift and C code, UndefinedBehaviorSanitizer on
# the C shims (libjpeg, libpng, libwebp, libheif and FFmpeg's libav* are the system libraries, not
# instrumented). Scratch path Fuzz/.build-fuzz.
# Everything generated goes to Fuzz/work (git-ignored): seeds (make-seeds.sh, made on first run; the
# video seeds by `make-seeds.sh video`, with ffmpeg),
# corpus/TARGET (kept between runs, so later runs start where earlier ones stopped),
# artifacts/TARGET (crashers, timeouts, OOMs) and logs/. Exits 1 if a target found something.
# Environment: FUZZ_JOBS=N runs N processes per target (-fork=N; default 1, one core);
# FUZZ_FLAGS adds libFuzzer flags.
set -euo pipefail
cd "$(dirname "$0")"

usage() { echo "usage: $0 probe|decode|png|webp|heif|video|all SECONDS" >&2; exit 2; }
[ $# -eq 2 ] || usage
case "$1" in probe|decode|png|webp|heif|video) targets=("$1") ;; all) targets=(probe decode png webp heif video) ;; *) usage ;; esac
seconds=$2
[[ "$seconds" =~ ^[0-9]+$ ]] || usage

nice swift build -c release --scratch-path .build-fuzz \
    --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address \
    -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined \
    -Xswiftc -parse-as-library 2>&1 | grep -v "Cannot export local symbol '__asan_extra_spill_area'" || true
bin=.build-fuzz/release
for target in probe decode png webp heif video; do [ -x "$bin/fuzz-$target" ] || { echo "build failed" >&2; exit 1; }; done
[ -d work/seeds/probe ] || ./make-seeds.sh
[ -d work/seeds/video ] || ./make-seeds.sh video
# PNG, WebP and HEIF seeds: the samples, and each cut in half and to its first 64 bytes (files only:
# heif/phone/ holds full-size phone pictures, beyond -max_len).
for format in png webp heif; do
    [ -d "work/seeds/$format" ] && continue
    mkdir -p "work/seeds/$format"
    for file in ../Tests/FormatSamples/$format/*; do
        [ -f "$file" ] || continue
        cp "$file" "work/seeds/$format/"
        head -c $(( $(wc -c <"$file") / 2 )) "$file" >"work/seeds/$format/half-$(basename "$file")"
        head -c 64 "$file" >"work/seeds/$format/head-$(basename "$file")"
    done
done

status=0
for target in "${targets[@]}"; do
    mkdir -p "work/corpus/$target" "work/artifacts/$target" work/logs
    log="work/logs/$target-$(date +%Y%m%d-%H%M%S).log"
    before=$(ls "work/artifacts/$target" | wc -l)
    echo "== fuzz-$target for ${seconds}s (log: Fuzz/$log)"
    jobs=${FUZZ_JOBS:-1}
    fork=()
    [ "$jobs" -gt 1 ] && fork=(-fork="$jobs" -ignore_crashes=0)
    # -max_len 256 KiB: bigger than any header and most small photos; for videos 128 KiB, eight times
    # the largest seed and past the 64 KiB the container probe reads; -rss_limit_mb: ASan doubles the
    # footprint, but the pixel limit keeps a decode far below this (not libavformat's sample index: a
    # tiny MP4 can ask for gigabytes, docs/reliability.md); -timeout: one input may take 10 s, a video
    # 20 (the probe and the poster each open the file with a time limit of 5 s).
    # SWIFT_BACKTRACE: the Swift runtime's crash backtracer trips ASan after an abort; libFuzzer
    # and ASan print the stack themselves.
    options=(-max_len=262144 -timeout=10)
    case "$target" in
        probe|decode) options+=(-dict=jpeg.dict) ;;
        video) options=(-dict=video.dict -max_len=131072 -timeout=20) ;;
    esac
    SWIFT_BACKTRACE=enable=no nice "$bin/fuzz-$target" "work/corpus/$target" "work/seeds/$target" \
        "${options[@]}" -rss_limit_mb=2048 -max_total_time="$seconds" \
        -artifact_prefix="work/artifacts/$target/" -print_final_stats=1 "${fork[@]}" ${FUZZ_FLAGS:-} \
        >"$log" 2>&1 || true
    grep -E "^#[0-9]+.*cov:" "$log" | tail -1 || true
    grep -E "^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb|slowest_unit_time_sec)" "$log" || true
    grep -E "^video posters:" "$log" | tail -1 || true
    echo "corpus: $(ls "work/corpus/$target" | wc -l) files, $(du -sh "work/corpus/$target" | cut -f1)"
    after=$(ls "work/artifacts/$target" | wc -l)
    if [ "$after" -gt "$before" ] || grep -qE "ERROR: (libFuzzer|AddressSanitizer)|FUZZ CHECK FAILED|runtime error" "$log"; then
        echo "FOUND in fuzz-$target: see Fuzz/$log and Fuzz/work/artifacts/$target/" >&2
        grep -E "FUZZ CHECK FAILED|ERROR:|SUMMARY|runtime error" "$log" | head -5 >&2
        status=1
    fi
done
exit $status
