/*
 * import.c - `spgsim import-inputs MOVIE [-o FILE] [--player 1|2]
 *                 [--start FRAME] [--frames N]`
 *
 * Turns the joypad input of a BizHawk .bk2 or Gens .gmv movie into a
 * scenario input script (docs/scenario-format.md, `input:`), run-length
 * encoded.  --start skips the first FRAME movie frames (0-based); --frames
 * takes N frames from there (default: to the end of the movie).  The script
 * goes to stdout, or to FILE, written to a temporary file in the same
 * directory and renamed, so a failure never leaves a partial FILE.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "interop/movie.h"

static void import_usage(FILE *f)
{
    fputs("usage: spgsim import-inputs MOVIE [-o FILE] [--player 1|2] "
          "[--start FRAME] [--frames N]\n"
          "  MOVIE    a BizHawk .bk2 or Gens .gmv movie (Genesis, 3 buttons)\n"
          "  -o FILE  write the input script to FILE (default: stdout)\n"
          "  --player which joypad to read (default 1)\n"
          "  --start  first movie frame to take, counting from 0 (default 0)\n"
          "  --frames how many frames to take (default: the rest)\n",
          f);
}

/* A non-negative decimal integer that fits an int; -1 otherwise. */
static int parse_count(const char *s)
{
    char *end;
    long v;
    if (!s || !*s || *s == '-' || *s == '+')
        return -1;
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || *end || v < 0 || v > INT_MAX)
        return -1;
    return (int)v;
}

/* "# from MOVIE (bk2, player 1, movie frames 3..6)": where the steps came
 * from, as a YAML comment; the name is reduced to printable ASCII. */
static void write_origin(FILE *f, const char *movie, const import_movie *m,
                         int player, int start, int count)
{
    const char *base = strrchr(movie, '/');
    const char *c;
    base = base ? base + 1 : movie;
    fputs("# spgsim import-inputs: ", f);
    for (c = base; *c; c++)
        fputc(*c >= 0x20 && *c < 0x7F ? *c : '?', f);
    fprintf(f, " (%s, player %d, ", m->format == IMPORT_FORMAT_BK2 ? "bk2"
                                                                  : "gmv",
            player);
    if (count > 0)
        fprintf(f, "movie frames %d..%d)\n", start, start + count - 1);
    else
        fputs("no frames)\n", f);
}

/* Write the script to `path` atomically; 0 on success. */
static int write_script_file(const char *path, const char *movie,
                             const import_movie *m, int player, int start,
                             const uint8_t *held, int n)
{
    size_t len = strlen(path);
    char *tmp = malloc(len + 16);
    FILE *f;
    int fd, bad;

    if (!tmp) {
        fprintf(stderr, "%s: out of memory\n", path);
        return -1;
    }
    memcpy(tmp, path, len);
    memcpy(tmp + len, ".tmp.XXXXXX", 12);
    fd = mkstemp(tmp);
    if (fd < 0) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        free(tmp);
        return -1;
    }
    f = fdopen(fd, "w");
    if (!f) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        close(fd);
        unlink(tmp);
        free(tmp);
        return -1;
    }
    write_origin(f, movie, m, player, start, n);
    import_write_script(f, held, n);
    bad = ferror(f) != 0;
    if (fclose(f) != 0)
        bad = 1;
    if (bad || rename(tmp, path) != 0) {
        fprintf(stderr, "%s: %s\n", path,
                bad ? "write error" : strerror(errno));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}

int cmd_import_inputs(int argc, char **argv)
{
    const char *movie_path = NULL, *out_path = NULL;
    int player = 1, start = 0, count = -1, i, rc;
    import_movie m;
    const uint8_t *held;

    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            import_usage(stdout);
            return 0;
        } else if (strcmp(a, "-o") == 0 || strcmp(a, "--player") == 0 ||
                   strcmp(a, "--start") == 0 || strcmp(a, "--frames") == 0) {
            const char *v = i + 1 < argc ? argv[++i] : NULL;
            if (!v) {
                fprintf(stderr, "spgsim import-inputs: %s needs a value\n", a);
                import_usage(stderr);
                return 2;
            }
            if (strcmp(a, "-o") == 0) {
                out_path = v;
            } else if (strcmp(a, "--player") == 0) {
                if (strcmp(v, "1") != 0 && strcmp(v, "2") != 0) {
                    fprintf(stderr, "spgsim import-inputs: --player must be 1 "
                                    "or 2, not '%s'\n", v);
                    return 2;
                }
                player = v[0] - '0';
            } else {
                int n = parse_count(v);
                if (n < 0 || (strcmp(a, "--frames") == 0 && n == 0)) {
                    fprintf(stderr, "spgsim import-inputs: %s needs a %s "
                                    "integer, not '%s'\n", a,
                            strcmp(a, "--frames") == 0 ? "positive"
                                                       : "non-negative", v);
                    return 2;
                }
                if (strcmp(a, "--start") == 0)
                    start = n;
                else
                    count = n;
            }
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "spgsim import-inputs: unknown option '%s'\n", a);
            import_usage(stderr);
            return 2;
        } else if (!movie_path) {
            movie_path = a;
        } else {
            fprintf(stderr, "spgsim import-inputs: more than one movie given "
                            "('%s' and '%s')\n", movie_path, a);
            return 2;
        }
    }
    if (!movie_path) {
        import_usage(stderr);
        return 2;
    }

    if (import_movie_load(movie_path, player, &m, stderr) != 0)
        return 2;
    if (start > m.frames || (start == m.frames && m.frames > 0)) {
        fprintf(stderr, "%s: --start %d is past the end of the movie (%d "
                        "frames)\n", movie_path, start, m.frames);
        import_movie_free(&m);
        return 2;
    }
    if (count < 0) {
        count = m.frames - start;
    } else if (count > m.frames - start) {
        fprintf(stderr, "%s: --frames %d asks for more than the movie has "
                        "(%d frames from frame %d)\n", movie_path, count,
                m.frames - start, start);
        import_movie_free(&m);
        return 2;
    }
    if (count > 100000)
        fprintf(stderr, "%s: warning: %d frames is more than a scenario "
                        "allows (100000); use --start/--frames\n",
                movie_path, count);

    held = m.held ? m.held + start : NULL;
    if (out_path) {
        rc = write_script_file(out_path, movie_path, &m, player, start, held,
                               count) == 0 ? 0 : 2;
    } else {
        write_origin(stdout, movie_path, &m, player, start, count);
        import_write_script(stdout, held, count);
        rc = fflush(stdout) == 0 && !ferror(stdout) ? 0 : 2;
        if (rc)
            fprintf(stderr, "spgsim import-inputs: write error on stdout\n");
    }
    import_movie_free(&m);
    return rc;
}
