#!/bin/sh
# fuzz/mkcorpus.sh [BUILD [TARGET...]] - rebuild the seed corpora
# fuzz/corpus/<target>/ (of every target, or of those named)
# from the project's own files, each minimised with libFuzzer's -merge=1
# (the fewest inputs that reach every feature the whole set reaches).
# `make fuzz-corpus` runs it after `make fuzz`; BUILD (build/fuzz) holds the
# targets and fuzz_seed.
#
#   scenario_fuzzer  every scenario, the loader tests' good and bad files
#   trace_fuzzer     each golden's first 25 rows, alone and paired (A, the
#                    "%%" line, B) with the next golden and with itself
#                    one row short
#   bk2_fuzzer       the .bk2 fixtures, the "Input Log.txt" of each, and
#                    main.bk2's log in a folder inside the zip
#   gmv_fuzzer       every scenario's input as a Gens movie (fuzz_seed gmv)
#   core_fuzzer      every normal-stage scenario's profile, map around the
#                    start, state and input in core_fuzzer's layout
#                    (fuzz_seed core)
#   ss_core_fuzzer   every special-stage scenario's start state (maze,
#                    item slots, fields) and input in ss_core_fuzzer's
#                    layout (fuzz_seed ss)
set -eu
cd "$(dirname "$0")/.."
B=${1:-build/fuzz}
[ $# -gt 0 ] && shift
TARGETS=${*:-scenario_fuzzer trace_fuzzer bk2_fuzzer gmv_fuzzer core_fuzzer ss_core_fuzzer}
S=$B/seeds
for t in scenario trace bk2 gmv core ss_core; do
    [ -x "$B/${t}_fuzzer" ] || { echo "no $B/${t}_fuzzer: run make fuzz" >&2; exit 2; }
done
rm -rf "$S"
mkdir -p "$S/scenario_fuzzer" "$S/trace_fuzzer" "$S/bk2_fuzzer" \
    "$S/gmv_fuzzer" "$S/core_fuzzer" "$S/ss_core_fuzzer"

n=0
for f in $(find scenarios -name '*.yaml' | sort) harness/tests/good/*.yaml \
        harness/tests/bad/*.yaml; do
    n=$((n + 1))
    cp "$f" "$S/scenario_fuzzer/$n.yaml"
    case $f in
    scenarios/*)
        "$B/fuzz_seed" gmv "$f" "$S/gmv_fuzzer/$n.gmv"
        # core_fuzzer runs spg_step, ss_core_fuzzer spg_ss_step
        if grep -qx 'mode: special_stage' "$f"; then
            "$B/fuzz_seed" ss "$f" "$S/ss_core_fuzzer/$n.ss"
        else
            "$B/fuzz_seed" core "$f" "$S/core_fuzzer/$n.core"
        fi ;;
    esac
done

prev=""
n=0
for g in $(find golden -name '*.csv' | sort); do
    n=$((n + 1))
    head -n 32 "$g" >"$S/trace_fuzzer/$n.csv"
    { head -n 32 "$g"; echo '%%'; head -n 31 "$g"; } >"$S/trace_fuzzer/$n-short.csv"
    if [ -n "$prev" ]; then
        { head -n 32 "$prev"; echo '%%'; head -n 32 "$g"; } >"$S/trace_fuzzer/$n-pair.csv"
    fi
    prev=$g
done

for m in harness/tests/data/*.bk2; do
    b=$(basename "$m" .bk2)
    cp "$m" "$S/bk2_fuzzer/$b.bk2"
    /usr/bin/python3 - "$m" "$S/bk2_fuzzer/$b.log" <<'PY'
import sys, zipfile
try:
    with zipfile.ZipFile(sys.argv[1]) as z:
        for n in z.namelist():
            if n.endswith("Input Log.txt"):
                open(sys.argv[2], "wb").write(z.read(n))
except (zipfile.BadZipFile, OSError, KeyError):
    pass  # a fixture that is broken on purpose
PY
done
/usr/bin/python3 - harness/tests/data/main.bk2 "$S/bk2_fuzzer/folder.bk2" <<'PY'
import sys, zipfile
log = zipfile.ZipFile(sys.argv[1]).read("Input Log.txt")
with zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("movie/Input Log.txt", log)
PY

for t in $TARGETS; do
    out=$B/merged/$t
    rm -rf "$out"
    mkdir -p "$out"
    "$B/$t" -merge=1 "$out" "$S/$t" >"$B/merge-$t.log" 2>&1 ||
        { tail -n 20 "$B/merge-$t.log"; echo "merge failed: $t" >&2; exit 1; }
    rm -rf "fuzz/corpus/$t"
    mkdir -p fuzz/corpus
    mv "$out" "fuzz/corpus/$t"
    echo "$t: $(ls "$S/$t" | wc -l) seeds -> $(ls "fuzz/corpus/$t" | wc -l) files, $(du -sk "fuzz/corpus/$t" | cut -f1) KiB"
done
