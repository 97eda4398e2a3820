/*
 * fuzz_util.c - the private temporary directory, message streams, message
 * checks and the list of profiles the fuzz targets share (fuzz.h).
 */
#include "fuzz.h"

#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_TEMP_FILES 8

static char temp_dir[4096];
static char *temp_files[MAX_TEMP_FILES];
static int ntemp;

/* Remove the files handed out and the directory; registered with atexit. */
static void temp_cleanup(void)
{
    for (int i = 0; i < ntemp; i++) {
        unlink(temp_files[i]);
        free(temp_files[i]);
    }
    ntemp = 0;
    if (temp_dir[0])
        rmdir(temp_dir);
    temp_dir[0] = '\0';
}

void fuzz_fail(const char *fmt, ...)
{
    va_list ap;
    fputs("spgsim fuzz: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

const char *fuzz_temp_path(const char *name)
{
    if (temp_dir[0] == '\0') {
        const char *base = getenv("TMPDIR");
        if (base == NULL || base[0] == '\0')
            base = "/tmp";
        int n = snprintf(temp_dir, sizeof temp_dir, "%s/spgsim-fuzz-XXXXXX",
                         base);
        if (n < 0 || (size_t)n >= sizeof temp_dir)
            fuzz_fail("TMPDIR is too long");
        if (mkdtemp(temp_dir) == NULL)
            fuzz_fail("cannot make a temporary directory under %s", base);
        atexit(temp_cleanup);
    }
    size_t dl = strlen(temp_dir), nl = strlen(name);
    for (int i = 0; i < ntemp; i++)
        if (strcmp(temp_files[i] + dl + 1, name) == 0)
            return temp_files[i];
    if (ntemp == MAX_TEMP_FILES || strchr(name, '/') != NULL)
        fuzz_fail("fuzz_temp_path: bad or too many names ('%s')", name);
    char *p = malloc(dl + 1 + nl + 1);
    if (p == NULL)
        fuzz_fail("out of memory");
    memcpy(p, temp_dir, dl);
    p[dl] = '/';
    memcpy(p + dl + 1, name, nl + 1);
    temp_files[ntemp++] = p;
    return p;
}

/*
 * Written in place and cut to size, not truncated first: ext4 flushes a
 * file that was truncated to zero and rewritten when it is closed
 * (auto_da_alloc), which makes every run wait for the disk.
 */
void fuzz_write_file(const char *path, const uint8_t *data, size_t size)
{
    int fd = open(path, O_WRONLY | O_CREAT, 0600);
    if (fd < 0)
        fuzz_fail("cannot write %s", path);
    size_t done = 0;
    while (done < size) {
        ssize_t n = pwrite(fd, data + done, size - done, (off_t)done);
        if (n <= 0)
            fuzz_fail("cannot write %s", path);
        done += (size_t)n;
    }
    if (ftruncate(fd, (off_t)size) != 0 || close(fd) != 0)
        fuzz_fail("cannot write %s", path);
}

void fuzz_msgs_begin(fuzz_msgs *m)
{
    m->text = NULL;
    m->len = 0;
    m->f = open_memstream(&m->text, &m->len);
    if (m->f == NULL)
        fuzz_fail("open_memstream failed");
}

void fuzz_msgs_end(fuzz_msgs *m)
{
    if (fclose(m->f) != 0 || m->text == NULL)
        fuzz_fail("cannot close a message stream");
    m->f = NULL;
}

void fuzz_msgs_free(fuzz_msgs *m)
{
    free(m->text);
    m->text = NULL;
    m->len = 0;
}

int fuzz_profiles(spg_profile *out, int max)
{
    int n = 0;
    for (int g = 0; g < FUZZ_PROFILE_IDS; g++)
        for (int c = 0; c < FUZZ_PROFILE_IDS; c++)
            for (int v = 0; v < FUZZ_PROFILE_IDS; v++) {
                spg_profile p;
                if (spg_profile_get((spg_game)g, (spg_character)c,
                                    (spg_variant)v, &p) != 0)
                    continue;
                if (n == max)
                    fuzz_fail("more than %d profiles", max);
                out[n++] = p;
            }
    return n;
}

int fuzz_message_ok(const char *text, const char *name, int positions)
{
    size_t nl = strlen(name), len = strlen(text);
    const char *p = text;

    if (strncmp(p, name, nl) != 0 || p[nl] != ':')
        return 0;
    p += nl + 1;
    for (int i = 0; i < positions; i++) {
        if (*p < '1' || *p > '9')
            return 0;
        while (*p >= '0' && *p <= '9')
            p++;
        if (*p++ != ':')
            return 0;
    }
    if (p[0] != ' ' || p[1] == '\0' || p[1] == '\n')
        return 0;
    return len > 0 && text[len - 1] == '\n';
}
