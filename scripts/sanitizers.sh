#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer and ThreadSanitizer:
#   scripts/sanitizers.sh [address|thread|all]     (default: all)
# Each sanitizer builds into its own scratch path (.build-asan, .build-tsan; git-ignored), so the
# normal build is untouched; the log of each run is .build-asan/sanitizer-test.log (.build-tsan/...).
# A run passes when `swift test` passes and the log holds no sanitizer report. Suppressions, each with
# the reason it is outside PhotoGrid's code: scripts/tsan-suppressions.txt, scripts/lsan-suppressions.txt.
# Not run by CI (.ci/run runs the plain tests); takes minutes per sanitizer (timings in docs/reliability.md).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

case "${1:-all}" in
    address) sanitizers=(address) ;;
    thread) sanitizers=(thread) ;;
    all) sanitizers=(address thread) ;;
    *) echo "usage: $0 [address|thread|all]" >&2; exit 2 ;;
esac

# halt_on_error: the first report fails the run (the test process dies and swift test fails);
# SWIFT_BACKTRACE off: the Swift runtime's backtracer would run inside a sanitizer's signal handler.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1"
export LSAN_OPTIONS="suppressions=$root/scripts/lsan-suppressions.txt:print_suppressions=1"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$root/scripts/tsan-suppressions.txt"
export UBSAN_OPTIONS="print_stacktrace=1"

status=0
for sanitizer in "${sanitizers[@]}"; do
    case $sanitizer in address) scratch=.build-asan ;; thread) scratch=.build-tsan ;; esac
    mkdir -p "$scratch"
    log="$scratch/sanitizer-test.log"
    echo "== swift test --sanitize=$sanitizer --scratch-path $scratch (log: $log)"
    start=$(date +%s)
    swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" >"$log" 2>&1
    built=$(date +%s)
    swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" >>"$log" 2>&1
    result=$?
    finished=$(date +%s)
    reports=$(grep -cE "^(==[0-9]+==ERROR|WARNING: ThreadSanitizer|SUMMARY: (Address|Thread|Leak|UndefinedBehavior)Sanitizer)" "$log")
    grep -E "Test run with|Executed [0-9]+ tests" "$log" | tail -2
    echo "build $((built - start)) s, tests $((finished - built)) s, exit $result, sanitizer reports: $reports"
    if [ "$result" -ne 0 ] || [ "$reports" -ne 0 ]; then
        grep -E "SUMMARY: |WARNING: ThreadSanitizer|ERROR: |✘" "$log" | head -20
        status=1
    fi
done
exit $status
