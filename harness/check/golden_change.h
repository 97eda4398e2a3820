/*
 * golden_change.h - what rewriting a golden did to it: new, unchanged, or
 * changed (and where), for `spgsim capture` to say per scenario.
 *
 *     golden_before b;
 *     golden_before_read(&b, path);
 *     ... write the new golden to path ...
 *     char detail[256];
 *     golden_change c = golden_after(&b, path, detail, sizeof detail);
 */
#ifndef SPGSIM_GOLDEN_CHANGE_H
#define SPGSIM_GOLDEN_CHANGE_H

#include <stddef.h>

#include "trace/trace.h"

typedef enum golden_change {
    GOLDEN_NEW,       /* there was no file */
    GOLDEN_UNCHANGED, /* byte for byte the same */
    GOLDEN_CHANGED    /* detail says where */
} golden_change;

/* The file as it was before: its bytes and, when it reads as a trace, the
 * trace. */
typedef struct golden_before {
    int existed;
    char *bytes;
    size_t len;
    int readable;
    trace t;
} golden_before;

void golden_before_read(golden_before *b, const char *path);

/*
 * Compare the file now at path with what b holds, and release b.  For a
 * change, detail gets "frame 12, x: was 700, now 701 (3 divergent frames)",
 * "72 rows, were 70", "the header only" or "not readable before".
 */
golden_change golden_after(golden_before *b, const char *path, char *detail,
                           size_t n);

/* "new", "unchanged", "changed" */
const char *golden_change_name(golden_change c);

#endif /* SPGSIM_GOLDEN_CHANGE_H */
