/*
 * replay.c - main() for the replay build of a fuzz target: run
 * LLVMFuzzerTestOneInput once on each file named, or on each file in each
 * directory named (in name order), the way libFuzzer runs a reproducer.
 *
 *     build/san/replay/scenario_fuzzer fuzz/regressions/scenario_fuzzer ...
 *
 * Prints "N passed, N failed" (N = inputs) for ci/run-tests.sh.  An input
 * the target finds wrong aborts, as under libFuzzer, and so does a
 * sanitizer; one that runs longer than REPLAY_TIMEOUT seconds is killed by
 * SIGALRM.  Each input's name is printed to stderr before it runs, so the
 * log names the one that failed.  A file that cannot be read is a failure.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

#define REPLAY_TIMEOUT 60

static int passed, failed;

static void run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0;

    if (f == NULL) {
        printf("FAIL %s: cannot open\n", path);
        failed++;
        return;
    }
    for (;;) {
        if (len == cap) {
            size_t nc = cap ? cap * 2 : 4096;
            uint8_t *nb = realloc(buf, nc);
            if (nb == NULL) {
                printf("FAIL %s: out of memory\n", path);
                failed++;
                free(buf);
                fclose(f);
                return;
            }
            buf = nb;
            cap = nc;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        printf("FAIL %s: read error\n", path);
        failed++;
        free(buf);
        return;
    }
    /* An exactly sized copy, so ASan sees reads past the input's end. */
    uint8_t *input = malloc(len ? len : 1);
    if (input == NULL) {
        printf("FAIL %s: out of memory\n", path);
        failed++;
        free(buf);
        return;
    }
    if (len)
        memcpy(input, buf, len);
    free(buf);
    fprintf(stderr, "replay: %s\n", path);
    alarm(REPLAY_TIMEOUT);
    LLVMFuzzerTestOneInput(input, len);
    alarm(0);
    free(input);
    passed++;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;

    if (d == NULL) {
        printf("FAIL %s: cannot open\n", dir);
        failed++;
        return;
    }
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **nn = realloc(names, cap * sizeof *names);
            if (nn == NULL) {
                printf("FAIL %s: out of memory\n", dir);
                failed++;
                break;
            }
            names = nn;
        }
        size_t l = strlen(dir) + 1 + strlen(e->d_name) + 1;
        if ((names[n] = malloc(l)) == NULL) {
            printf("FAIL %s: out of memory\n", dir);
            failed++;
            break;
        }
        snprintf(names[n], l, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
            run_file(names[i]);
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
            run_dir(argv[i]);
        else
            run_file(argv[i]);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
