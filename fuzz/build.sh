#!/bin/bash -eu
# fuzz/build.sh - OSS-Fuzz build script (https://google.github.io/oss-fuzz/):
# builds every fuzz/*_fuzzer.c with the compiler and flags OSS-Fuzz gives
# ($CC, $CFLAGS, $LIB_FUZZING_ENGINE) and puts into $OUT, per target:
#   NAME_fuzzer, NAME_fuzzer_seed_corpus.zip (fuzz/corpus/NAME_fuzzer and
#   fuzz/regressions/NAME_fuzzer), NAME_fuzzer.dict (when fuzz/ has one).
# libyaml and zlib are linked statically (the runner image has neither).
#
# The project's Dockerfile for OSS-Fuzz needs, on top of base-builder:
#   RUN apt-get update && apt-get install -y make pkg-config libyaml-dev zlib1g-dev zip
#   RUN git clone --depth 1 <this repository> spgsim
#   WORKDIR $SRC/spgsim
#   RUN cp fuzz/build.sh $SRC/
# Locally, to try it:
#   CC=clang CFLAGS="-O1 -g -fsanitize=address,fuzzer-no-link" \
#   LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=/tmp/out bash fuzz/build.sh
cd "$(dirname "$0")/.."
out=${OUT:?set OUT}
b=build/oss-fuzz
rm -rf "$b"
# -Werror is left out: a newer compiler's new warnings must not stop the
# build there (CI builds with -Werror).
make -j"$(nproc)" VARIANT=fuzz BUILD="$b" CC="$CC" \
    FUZZ_CFLAGS="$CFLAGS" FUZZ_ENGINE="$LIB_FUZZING_ENGINE" \
    WARNINGS="-Wall -Wextra" \
    YAML_LIBS="-l:libyaml.a" ZLIB_LIBS="-l:libz.a" fuzz-build
mkdir -p "$out"
for f in fuzz/*_fuzzer.c; do
    t=$(basename "$f" .c)
    cp "$b/$t" "$out/"
    rm -f "$out/${t}_seed_corpus.zip"
    dirs=""
    for d in "fuzz/corpus/$t" "fuzz/regressions/$t"; do
        [ -d "$d" ] && dirs="$dirs $d"
    done
    # shellcheck disable=SC2046,SC2086  # paths without spaces
    [ -n "$dirs" ] && zip -q -j "$out/${t}_seed_corpus.zip" $(find $dirs -type f)
    if [ -f "fuzz/$t.dict" ]; then
        cp "fuzz/$t.dict" "$out/"
    fi
done
