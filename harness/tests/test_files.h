/*
 * test_files.h - small file helpers the harness tests share.
 */
#ifndef SPGSIM_TEST_FILES_H
#define SPGSIM_TEST_FILES_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

/* The whole file, NUL-terminated (length in *len when len is not NULL);
 * NULL when it cannot be read.  The caller frees it. */
static inline char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n;

    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
        fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1))) {
        if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
            free(buf);
            buf = NULL;
        } else {
            buf[n] = '\0';
            if (len)
                *len = (size_t)n;
        }
    }
    fclose(f);
    return buf;
}

static inline char *read_text(const char *path)
{
    return read_file(path, NULL);
}

/* Write text to path (replacing it); 0 on success. */
static inline int write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f == NULL)
        return -1;
    fputs(text, f);
    return fclose(f);
}

static inline int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

#endif /* SPGSIM_TEST_FILES_H */
