/*
 * fuzz.h - what the libFuzzer targets in fuzz/ share.
 *
 * Each fuzz/NAME_fuzzer.c defines LLVMFuzzerTestOneInput and reads its input
 * only through the project's public functions (core/include/spg/spg.h and
 * the harness headers), as the `spgsim` commands do.  The same file is built
 * two ways (Makefile):
 *
 *   build/fuzz/NAME_fuzzer      clang -fsanitize=fuzzer,address,undefined:
 *                               the libFuzzer binary (`make fuzz`)
 *   build/<variant>/replay/NAME_fuzzer
 *                               any compiler, linked with fuzz/replay.c: runs
 *                               the files it is given once each (the
 *                               regression test in ci/run-tests.sh)
 *
 * Nothing is written outside one private temporary directory (made with
 * mkdtemp under $TMPDIR, removed at exit); messages the project prints go
 * to an in-memory stream and are checked, never shown.  A broken promise
 * (a message in the wrong form, an invariant of a loaded value) is reported
 * on stderr and aborts, so libFuzzer records the input as a crash.
 */
#ifndef SPGSIM_FUZZ_H
#define SPGSIM_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "spg/spg.h"

/* libFuzzer's entry point, defined once per target. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Path of `name` inside the private temporary directory (made on first
 * use).  The string stays valid until exit; `name` must be a plain file
 * name, and at most 8 different names are used by a process. */
const char *fuzz_temp_path(const char *name);

/* Replace the file at `path` with `size` bytes of `data` (aborts if it
 * cannot: the target could not test anything). */
void fuzz_write_file(const char *path, const uint8_t *data, size_t size);

/* A stream collecting what the code under test prints (to its `err`, or
 * a text to be written to a file in one go). */
typedef struct fuzz_msgs {
    FILE *f;     /* pass this as `err` */
    char *text;  /* after fuzz_msgs_end: everything written, NUL-terminated */
    size_t len;
} fuzz_msgs;

void fuzz_msgs_begin(fuzz_msgs *m);
void fuzz_msgs_end(fuzz_msgs *m);   /* closes f; text/len are then valid */
void fuzz_msgs_free(fuzz_msgs *m);

/*
 * Whether `text` is the project's error message for `name`: it starts with
 * "name:", then `positions` 1-based decimal numbers each followed by ':'
 * (2 for file:line:col, 1 for file:line, 0 for file:), then a space and a
 * non-empty message, and ends with a newline.
 */
int fuzz_message_ok(const char *text, const char *name, int positions);

/*
 * Every profile spg_profile_get gives, trying each game, character and
 * variant number below FUZZ_PROFILE_IDS in that nesting order, so games
 * and characters the core adds later are picked up without a change here.
 * Fills out[0..n) and returns n (aborts when more than `max` exist).
 */
#define FUZZ_PROFILE_IDS 32
int fuzz_profiles(spg_profile *out, int max);

/* Report a broken promise on stderr and abort(). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noreturn, format(printf, 1, 2)))
#endif
void fuzz_fail(const char *fmt, ...);

/* fuzz_fail unless cond, naming the condition and the line. */
#define FUZZ_CHECK(cond)                                                   \
    do {                                                                   \
        if (!(cond))                                                       \
            fuzz_fail("%s:%d: check failed: %s", __FILE__, __LINE__,       \
                      #cond);                                              \
    } while (0)

#endif /* SPGSIM_FUZZ_H */
