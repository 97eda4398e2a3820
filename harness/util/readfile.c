/*
 * readfile.c - a whole file into memory (readfile.h).
 */
#include "util/readfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

unsigned char *util_read_file(const char *path, size_t max, size_t *len,
                              FILE *err)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(err, "%s: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    unsigned char *buf = malloc(cap + 1);
    errno = 0;
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap || ferror(f))
            break;
        if (cap >= max) {
            fprintf(err, "%s: file too large (over %zu bytes)\n", path, max);
            free(buf);
            fclose(f);
            return NULL;
        }
        unsigned char *nb = realloc(buf, cap * 2 + 1);
        if (nb == NULL) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    if (buf == NULL || ferror(f)) {
        fprintf(err, "%s: %s\n", path,
                buf == NULL ? "out of memory"
                            : errno ? strerror(errno) : "read error");
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    if (n > max) {
        fprintf(err, "%s: file too large (over %zu bytes)\n", path, max);
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}
