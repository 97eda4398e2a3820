#!/bin/sh
# ci/run-tests.sh - every test spgsim has, added up.
#
# Each group prints its own "N passed, N failed" line; this script adds them
# and ends with the total on a line of its own.  A program that crashes or
# ends without such a line counts as one failure.  Exit status 0 only when
# nothing failed.
#
#   1. release build (gcc): unit tests, the conformance suite, the fuzz
#      targets' corpora and regressions replayed (fuzz/replay.c) and run
#      through the CLI (fuzz/replay-cli.sh), the code's layers
#      (scripts/layers.py)
#   2. the same under ASan + UBSan (VARIANT=san)
#   3. determinism: traces and state hashes equal for gcc/clang x -O0/-O2
#   4. tooling tests (report, bisect, schema, no tracked imported level)
#      under /usr/bin/python3
#   5. fuzz smoke: every libFuzzer target for 20 s (make fuzz-smoke)
set -u
cd "$(dirname "$0")/.." || exit 2
JOBS=${JOBS:-2}
LOGDIR=build/test-logs
mkdir -p "$LOGDIR"
PASSED=0
FAILED=0

# count NAME COMMAND... : run, show the output, add up its closing line.
count() {
    name=$1; shift
    log="$LOGDIR/$(echo "$name" | tr '/ ' '__').log"
    echo "== $name"
    "$@" >"$log" 2>&1
    rc=$?
    tail -n 40 "$log" | grep -v '^$' | sed 's/^/   /' | tail -n 12
    line=$(grep -E '^([A-Za-z]+: )?[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    if [ -z "$line" ]; then
        echo "   (no result line; exit status $rc) -> 1 failed"
        FAILED=$((FAILED + 1))
        return
    fi
    p=$(echo "$line" | sed -E 's/^([A-Za-z]+: )?([0-9]+) passed, ([0-9]+) failed.*/\2/')
    f=$(echo "$line" | sed -E 's/^([A-Za-z]+: )?([0-9]+) passed, ([0-9]+) failed.*/\3/')
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "   (exit status $rc with 0 failed) -> 1 failed"
        f=1
    fi
    PASSED=$((PASSED + p))
    FAILED=$((FAILED + f))
}

build() {
    echo "== build: make $*"
    if ! make -s -j"$JOBS" "$@" >"$LOGDIR/build.log" 2>&1; then
        tail -n 30 "$LOGDIR/build.log"
        echo "build failed: make $*"
        FAILED=$((FAILED + 1))
        return 1
    fi
}

run_group() {   # BUILD_DIR LABEL
    dir=$1; label=$2
    for t in "$dir"/tests/test_*; do
        [ -x "$t" ] || continue
        count "$label unit $(basename "$t")" "$t"
    done
    count "$label suite" "$dir/spgsim" check scenarios
    for r in "$dir"/replay/*_fuzzer; do
        [ -x "$r" ] || continue
        t=$(basename "$r")
        if [ -d "fuzz/regressions/$t" ]; then
            count "$label fuzz replay $t" "$r" "fuzz/corpus/$t" "fuzz/regressions/$t"
        else
            count "$label fuzz replay $t" "$r" "fuzz/corpus/$t"
        fi
    done
}

if build all tests; then
    run_group build release
    count "release fuzz inputs through the CLI" sh fuzz/replay-cli.sh build
    count "layers: includes point down, no circles" /usr/bin/python3 scripts/layers.py --build build/obj
fi
if build VARIANT=san all tests; then
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 run_group build/san san
fi
count "determinism" sh ci/determinism.sh

for t in scripts/tests/test_*.py; do
    [ -f "$t" ] || continue
    count "tools $(basename "$t")" /usr/bin/python3 "$t"
done
for t in scripts/tests/test_*.sh; do
    [ -f "$t" ] || continue
    count "tools $(basename "$t")" bash "$t"
done

count "fuzz smoke" make -s fuzz-smoke

echo
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
