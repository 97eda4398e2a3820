/*
 * outfile.c - atomic output files: temp file in the same directory + rename.
 */
#include "util/outfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/xalloc.h"

int outfile_open(outfile *o, const char *path, FILE *err)
{
    o->f = NULL;
    o->path = NULL;
    o->tmp = NULL;
    if (path == NULL || strcmp(path, "-") == 0) {
        o->f = stdout;
        return 0;
    }
    o->path = str_dup(path);
    struct stat st;
    if (o->path != NULL && stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        /* A device, FIFO or the like: write to it, never rename over it. */
        o->f = fopen(path, "w");
        if (o->f == NULL) {
            fprintf(err, "%s: cannot open: %s\n", path, strerror(errno));
            free(o->path);
            o->path = NULL;
            return -1;
        }
        return 0;
    }
    size_t n = strlen(path);
    /* "<dir>/.<base>.tmp.XXXXXX": same directory, so rename is atomic. */
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    o->tmp = malloc(n + 16);
    if (o->path == NULL || o->tmp == NULL) {
        fprintf(err, "%s: out of memory\n", path);
        free(o->path);
        free(o->tmp);
        o->path = o->tmp = NULL;
        return -1;
    }
    memcpy(o->tmp, path, dirlen);
    o->tmp[dirlen] = '.';
    memcpy(o->tmp + dirlen + 1, path + dirlen, n - dirlen);
    memcpy(o->tmp + n + 1, ".tmp.XXXXXX", 12);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        fprintf(err, "%s: cannot create: %s\n", path, strerror(errno));
        free(o->path);
        free(o->tmp);
        o->path = o->tmp = NULL;
        return -1;
    }
    /* mkstemp gives 0600; give the file the usual permissions. */
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(fd, (mode_t)(0666 & ~mask)) != 0) {
        /* not fatal: the file is still ours */
    }
    o->f = fdopen(fd, "w");
    if (o->f == NULL) {
        fprintf(err, "%s: %s\n", path, strerror(errno));
        close(fd);
        unlink(o->tmp);
        free(o->path);
        free(o->tmp);
        o->path = o->tmp = NULL;
        return -1;
    }
    return 0;
}

static void release(outfile *o)
{
    free(o->path);
    free(o->tmp);
    o->f = NULL;
    o->path = o->tmp = NULL;
}

int outfile_commit(outfile *o, FILE *err)
{
    if (o->f == NULL)
        return -1;
    if (o->tmp == NULL) { /* stdout, or a direct write to a device */
        int bad = fflush(o->f) != 0 || ferror(o->f);
        if (o->path != NULL && fclose(o->f) != 0)
            bad = 1;
        if (bad)
            fprintf(err, "%s: write error\n", o->path ? o->path : "<stdout>");
        release(o);
        return bad ? -1 : 0;
    }
    int bad = ferror(o->f) != 0;
    int e = 0;
    if (fflush(o->f) != 0) {
        bad = 1;
        e = errno;
    }
    if (!bad && fsync(fileno(o->f)) != 0) {
        bad = 1;
        e = errno;
    }
    if (fclose(o->f) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    o->f = NULL;
    if (!bad && rename(o->tmp, o->path) != 0) {
        bad = 1;
        e = errno;
    }
    if (bad) {
        fprintf(err, "%s: write error%s%s\n", o->path, e ? ": " : "",
                e ? strerror(e) : "");
        unlink(o->tmp);
        release(o);
        return -1;
    }
    release(o);
    return 0;
}

void outfile_abort(outfile *o)
{
    if (o->f == NULL)
        return;
    if (o->tmp == NULL) { /* stdout, or a device: nothing to take back */
        if (o->path != NULL)
            fclose(o->f);
        else
            fflush(o->f);
        release(o);
        return;
    }
    fclose(o->f);
    unlink(o->tmp);
    release(o);
}

int outfile_mkdirs(const char *path, FILE *err)
{
    char *p = str_dup(path);
    if (p == NULL) {
        fprintf(err, "%s: out of memory\n", path);
        return -1;
    }
    char *end = strrchr(p, '/');
    if (end == NULL || end == p) {
        free(p);
        return 0;
    }
    *end = '\0';
    for (char *s = p + 1; ; s++) {
        int last = *s == '\0';
        if (*s == '/' || last) {
            char c = *s;
            *s = '\0';
            if (p[0] != '\0' && mkdir(p, 0777) != 0 && errno != EEXIST) {
                fprintf(err, "%s: cannot create directory: %s\n", p,
                        strerror(errno));
                free(p);
                return -1;
            }
            *s = c;
            if (last)
                break;
        }
    }
    free(p);
    return 0;
}
