#!/bin/sh
# ci/determinism.sh - the core must give the same bits everywhere.
#
# Builds the core with gcc and clang at -O0 and -O2, then compares (1) the
# state hash printed by test_determinism and (2) the trace of every bundled
# scenario, byte for byte, and (3) the cases `spgsim fuzz` generates from
# 300 seeds for each game (Sonic 1, Sonic 2), against the gcc -O0 build.
set -u
cd "$(dirname "$0")/.." || exit 2
JOBS=${JOBS:-2}
PASSED=0
FAILED=0
ok()   { PASSED=$((PASSED + 1)); }
bad()  { FAILED=$((FAILED + 1)); echo "FAIL: $*"; }

mkdir -p build/det
ref=""
for cc in gcc clang; do
    for opt in O0 O2; do
        dir=build/det/$cc-$opt
        if ! make -s -j"$JOBS" CC=$cc BUILD=$dir CFLAGS=-$opt "$dir/spgsim" "$dir/tests/test_determinism" >"$dir.log" 2>&1; then
            bad "build with $cc -$opt (see $dir.log)"
            continue
        fi
        out=$dir/traces
        rm -rf "$out"; mkdir -p "$out"
        hash=$("$dir/tests/test_determinism" | sed -n 's/^determinism-hash: //p')
        for s in $(find scenarios -name '*.yaml' | sort); do
            name=$(echo "$s" | tr '/' '_')
            "$dir/spgsim" run "$s" -o "$out/$name.csv" 2>>"$out/errors.log"
        done
        "$dir/spgsim" fuzz --list --seed 1 --cases 300 >"$out/fuzz-cases.txt" 2>>"$out/errors.log"
        "$dir/spgsim" fuzz --list --game sonic2 --seed 1 --cases 300 >"$out/fuzz-cases-s2.txt" 2>>"$out/errors.log"
        if [ -z "$ref" ]; then
            ref=$dir; refhash=$hash
            echo "reference: $cc -$opt, determinism-hash $hash"
            [ -n "$hash" ] && ok || bad "no determinism hash from $cc -$opt"
            continue
        fi
        if [ -n "$hash" ] && [ "$hash" = "$refhash" ]; then ok
        else bad "state hash differs: $cc -$opt gives '$hash', $ref gives '$refhash'"; fi
        if diff -r -q "$ref/traces" "$out" >/dev/null; then ok
        else bad "traces differ between $ref and $cc -$opt:"; diff -r -q "$ref/traces" "$out" | head -5; fi
    done
done
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
