#!/bin/sh
# fuzz/run.sh [-t SECONDS] [-b BUILD] [TARGET...] - run fuzz targets one
# after the other, each for SECONDS (default 20) on its seed corpus and
# regression inputs, and say how each went.  `make fuzz-smoke` runs every
# target this way after `make fuzz`; ci/run-tests.sh runs that.
#
# New inputs a run finds go to BUILD/corpus/<target>/ (kept between runs,
# never into fuzz/corpus/); a crash, leak, sanitizer report, timeout
# (-timeout=10 s) or out-of-memory (-rss_limit_mb=2048) stops the target,
# writes the input to BUILD/artifacts/<target>/ and fails the run with its
# path.  Each target's libFuzzer log is BUILD/logs/<target>.log.  Ends with
# "N passed, N failed" (N = targets); exit 1 when one failed.
set -u
cd "$(dirname "$0")/.." || exit 2
TIME=20
B=build/fuzz
while getopts t:b: o; do
    case $o in
    t) TIME=$OPTARG ;;
    b) B=$OPTARG ;;
    *) echo "usage: fuzz/run.sh [-t SECONDS] [-b BUILD] [TARGET...]" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -eq 0 ]; then
    # shellcheck disable=SC2046  # target names have no spaces
    set -- $(for f in fuzz/*_fuzzer.c; do basename "$f" .c; done)
fi

PASSED=0
FAILED=0
for t in "$@"; do
    bin=$B/$t
    if [ ! -x "$bin" ]; then
        echo "FAIL $t: no $bin (make fuzz)"
        FAILED=$((FAILED + 1))
        continue
    fi
    work=$B/corpus/$t
    art=$B/artifacts/$t
    log=$B/logs/$t.log
    mkdir -p "$work" "$art" "$B/logs"
    set -- -max_total_time="$TIME" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$art/"
    [ -f "fuzz/$t.dict" ] && set -- "$@" -dict="fuzz/$t.dict"
    set -- "$@" "$work" "fuzz/corpus/$t"
    [ -d "fuzz/regressions/$t" ] && set -- "$@" "fuzz/regressions/$t"
    "$bin" "$@" >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
    cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
    ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
    corp=$(echo "$last" | sed -n 's/.* corp: \([0-9]*\)\/.*/\1/p')
    stats="${runs:-?} runs in ${TIME} s, cov ${cov:-?}, ft ${ft:-?}, corpus ${corp:-?}"
    if [ "$rc" -eq 0 ]; then
        echo "ok   $t: $stats"
        PASSED=$((PASSED + 1))
        continue
    fi
    FAILED=$((FAILED + 1))
    repro=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
    what=$(grep -E '^SUMMARY|^==[0-9]+== ?ERROR|^spgsim fuzz:' "$log" | head -n 2)
    echo "FAIL $t (exit $rc): $stats"
    [ -n "$what" ] && echo "$what" | sed 's/^/     /'
    if [ -n "$repro" ]; then
        echo "     reproducer: $repro"
        echo "     replay it:  $bin $repro"
    else
        echo "     no reproducer written; see $log"
    fi
done
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
