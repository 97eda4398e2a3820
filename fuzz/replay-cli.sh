#!/bin/sh
# fuzz/replay-cli.sh [BUILD] - the fuzz targets' inputs (seed corpora and
# regressions) through the `spgsim` commands a user runs, checking what the
# targets cannot see: the exit status and the output file.
#
#   scenario_fuzzer  spgsim run FILE -o OUT
#   bk2_fuzzer,      spgsim import-inputs FILE -o OUT
#   gmv_fuzzer
#   trace_fuzzer     spgsim diff FILE FILE (the whole input as one trace)
#
# Exit 0 must leave OUT behind (diff writes none).  Exit 2 must leave no OUT
# and say why on stderr's first line as "FILE:LINE:COL: " (scenarios),
# "FILE:LINE: " (traces) or "FILE:" (movies).  Anything else (another exit
# status, a crash) fails.  Ends with "N passed, N failed" (N = inputs).
set -u
cd "$(dirname "$0")/.." || exit 2
B=${1:-build}
S=$B/spgsim
[ -x "$S" ] || { echo "no $S"; echo "0 passed, 1 failed"; exit 1; }
T=$(mktemp -d "${TMPDIR:-/tmp}/spgsim-replay-cli-XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
PASSED=0
FAILED=0

# check FILE RC OUT POSITIONS: judge one command's outcome.  POSITIONS is
# the ERE that must follow "FILE:" on stderr's first line when RC is 2.
check() {
    f=$1; rc=$2; out=$3; pos=$4
    first=$(head -n 1 "$T/err")
    case $rc in
    0)
        if [ -n "$out" ] && [ ! -e "$out" ]; then
            echo "FAIL $f: exit 0 without $out"
            FAILED=$((FAILED + 1))
            return
        fi ;;
    2)
        if [ -n "$out" ] && [ -e "$out" ]; then
            echo "FAIL $f: exit 2 left $out behind"
            FAILED=$((FAILED + 1))
            return
        fi
        rest=${first#"$f:"}
        if [ "$rest" = "$first" ] || ! printf '%s\n' "$rest" | grep -Eq "^$pos"; then
            echo "FAIL $f: exit 2 with the message \"$first\""
            FAILED=$((FAILED + 1))
            return
        fi ;;
    *)
        echo "FAIL $f: exit status $rc: $first"
        FAILED=$((FAILED + 1))
        return ;;
    esac
    PASSED=$((PASSED + 1))
}

inputs() {
    for d in "fuzz/corpus/$1" "fuzz/regressions/$1"; do
        [ -d "$d" ] && find "$d" -type f ! -name '.*' | sort
    done
}

for f in $(inputs scenario_fuzzer); do
    rm -f "$T/out.csv"
    "$S" run "$f" -o "$T/out.csv" >/dev/null 2>"$T/err"
    check "$f" $? "$T/out.csv" '[1-9][0-9]*:[1-9][0-9]*: .'
done
for f in $(inputs bk2_fuzzer) $(inputs gmv_fuzzer); do
    rm -f "$T/out.yaml"
    "$S" import-inputs "$f" -o "$T/out.yaml" >/dev/null 2>"$T/err"
    check "$f" $? "$T/out.yaml" '(Input Log\.txt(:[1-9][0-9]*)?:)? .'
done
for f in $(inputs trace_fuzzer); do
    "$S" diff "$f" "$f" >/dev/null 2>"$T/err"
    check "$f" $? "" '[1-9][0-9]*: .'
done
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
