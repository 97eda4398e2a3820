/*
 * outfile.h - atomic output files.
 *
 * An output is written to a temporary file in the same directory and only
 * renamed over the destination when everything was written and flushed, so
 * a failed command never leaves a half-written (or truncated) file behind.
 *
 *     outfile o;
 *     if (outfile_open(&o, path, stderr) != 0) return 2;
 *     fprintf(o.f, ...);                     write through o.f
 *     if (outfile_commit(&o, stderr) != 0) return 2;   (or outfile_abort)
 *
 * A NULL path or "-" writes to stdout instead (commit then just flushes).
 * A destination that exists and is not a regular file (/dev/null, a FIFO,
 * a terminal) is written to directly: renaming over it would replace the
 * device with a plain file.
 * Missing parent directories are not created; see outfile_mkdirs().
 */
#ifndef SPGSIM_OUTFILE_H
#define SPGSIM_OUTFILE_H

#include <stdio.h>

typedef struct outfile {
    FILE *f;       /* write here */
    char *path;    /* destination (NULL for stdout) */
    char *tmp;     /* temporary file (NULL for stdout or a direct write) */
} outfile;

/* Create the temporary file.  On error prints "path: message" to err and
 * returns -1 (nothing to clean up). */
int outfile_open(outfile *o, const char *path, FILE *err);

/* Flush, close and rename the temporary file over the destination.  On any
 * write error prints "path: message", removes the temporary file and returns
 * -1.  Either way the outfile is released. */
int outfile_commit(outfile *o, FILE *err);

/* Discard the temporary file; the destination is left untouched. */
void outfile_abort(outfile *o);

/* Create every missing parent directory of `path` (like mkdir -p on its
 * dirname).  Returns 0, or -1 after printing "dir: message" to err. */
int outfile_mkdirs(const char *path, FILE *err);

#endif /* SPGSIM_OUTFILE_H */
