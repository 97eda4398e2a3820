/*
 * readfile.h - a whole file into memory (scenarios, movies, ROM images).
 */
#ifndef SPGSIM_UTIL_READFILE_H
#define SPGSIM_UTIL_READFILE_H

#include <stddef.h>
#include <stdio.h>

/*
 * Read the file at `path` into a malloc'd buffer with one spare zero byte
 * after its `*len` bytes (so a text can be used as a C string).  Returns
 * NULL after "path: problem" on `err` when it cannot be opened or read,
 * memory runs out, or it is longer than `max` bytes ("file too large").
 */
unsigned char *util_read_file(const char *path, size_t max, size_t *len,
                              FILE *err);

#endif /* SPGSIM_UTIL_READFILE_H */
