/*
 * imported.c - the `imported:` header of a scenario whose level was read
 * from the user's ROM by `spgsim import-level` (docs/scenario-format.md,
 * "Imported levels"), and the rule that keeps such files out of the
 * suite: one that lies inside a spgsim repository's scenarios/ directory
 * does not load.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scenario/loader.h"

#define TOOL_PREFIX "spgsim import-level"

/* ---- the rule ---------------------------------------------------------- */

/* Whether `dir`/core/include/spg/spg.h is a file. */
static int holds_core_header(const char *dir)
{
    size_t n = strlen(dir);
    char *p = malloc(n + 32);
    if (p == NULL)
        return 0;
    snprintf(p, n + 32, "%s/core/include/spg/spg.h", n == 1 ? "" : dir);
    struct stat st;
    int yes = stat(p, &st) == 0 && S_ISREG(st.st_mode);
    free(p);
    return yes;
}

/* Walk up from the file at the absolute path `abs` (modified): 1 when a
 * directory on the way is named scenarios and its parent holds the core's
 * header. */
static int walk_up(char *abs, char *where, size_t wlen)
{
    for (;;) {
        char *slash = strrchr(abs, '/');
        if (slash == NULL || slash == abs)
            return 0;
        *slash = '\0'; /* abs: the directory holding what followed */
        const char *base = strrchr(abs, '/');
        base = base ? base + 1 : abs;
        if (strcmp(base, "scenarios") == 0) {
            char *parent = strdup(abs);
            if (parent == NULL)
                return 0;
            char *ps = strrchr(parent, '/');
            if (ps == parent)
                ps[1] = '\0';
            else if (ps)
                *ps = '\0';
            int yes = ps && holds_core_header(parent);
            free(parent);
            if (yes) {
                if (where && wlen)
                    snprintf(where, wlen, "%s", abs);
                return 1;
            }
        }
    }
}

/* `path` made absolute with `.` and `..` taken lexically; NULL when out of
 * memory or the working directory is unknown. */
static char *lexical_abs(const char *path)
{
    char *cwd = NULL;
    if (path[0] != '/') {
        size_t cap = 256;
        for (;;) {
            cwd = malloc(cap);
            if (cwd == NULL)
                return NULL;
            if (getcwd(cwd, cap))
                break;
            free(cwd);
            cwd = NULL;
            if (errno != ERANGE || cap > 65536)
                return NULL;
            cap *= 2;
        }
    }
    size_t n = strlen(path) + (cwd ? strlen(cwd) : 0) + 2;
    char *joined = malloc(n), *out = malloc(n + 1);
    if (joined == NULL || out == NULL) {
        free(cwd);
        free(joined);
        free(out);
        return NULL;
    }
    snprintf(joined, n, "%s%s%s", cwd ? cwd : "", cwd ? "/" : "", path);
    free(cwd);
    /* components, with . dropped and .. taking the last one off */
    size_t len = 0;
    out[0] = '\0';
    for (char *c = joined; *c;) {
        while (*c == '/')
            c++;
        char *end = c;
        while (*end && *end != '/')
            end++;
        size_t k = (size_t)(end - c);
        if (k == 0 || (k == 1 && c[0] == '.')) {
            /* nothing */
        } else if (k == 2 && c[0] == '.' && c[1] == '.') {
            while (len > 0 && out[len - 1] != '/')
                len--;
            if (len > 0)
                len--;
            out[len] = '\0';
        } else {
            out[len++] = '/';
            memcpy(out + len, c, k);
            len += k;
            out[len] = '\0';
        }
        c = end;
    }
    if (len == 0) {
        out[0] = '/';
        out[1] = '\0';
    }
    free(joined);
    return out;
}

int scenario_suite_dir(const char *path, char *where, size_t wlen)
{
    char *abs = lexical_abs(path);
    int yes = abs && walk_up(abs, where, wlen);
    free(abs);
    if (!yes) {
        char *real = realpath(path, NULL);
        yes = real && walk_up(real, where, wlen);
        free(real);
    }
    return yes;
}

/* ---- the header -------------------------------------------------------- */

int scenario_imported_check(const scenario *s, const scenario_imported *im,
                            char *msg, size_t msglen)
{
    const game_desc *g = scenario_game(s);
    const char *h = im->rom_md5;
    size_t n = h ? strlen(h) : 0;
    int hex = n == 32;
    for (size_t i = 0; hex && i < n; i++)
        hex = (h[i] >= '0' && h[i] <= '9') || (h[i] >= 'a' && h[i] <= 'f');
    if (!hex) {
        snprintf(msg, msglen, "rom_md5: expected the image's MD5, 32 "
                              "lowercase hex digits");
        return -1;
    }
    if (im->game == NULL || g == NULL || strcmp(im->game, g->name) != 0) {
        snprintf(msg, msglen, "game: '%s' is not the scenario's game (%s)",
                 im->game ? im->game : "", g ? g->name : "?");
        return -1;
    }
    if (im->zone == NULL || game_level_find(g, im->zone, im->act) == NULL) {
        snprintf(msg, msglen, "zone %s act %d: not an act of %s that "
                              "import-level reads",
                 im->zone ? im->zone : "?", im->act, g->title);
        return -1;
    }
    if (im->tool == NULL ||
        strncmp(im->tool, TOOL_PREFIX, sizeof TOOL_PREFIX - 1) != 0) {
        snprintf(msg, msglen, "tool: expected \"%s\" (and its version)",
                 TOOL_PREFIX);
        return -1;
    }
    return 0;
}

/* ---- the loader's part ------------------------------------------------- */

int sc_load_imported(sc_loader *L, const yaml_node_t *key,
                     const yaml_node_t *n)
{
    static const char *const keys[] = {"rom_md5", "game", "zone", "act",
                                       "tool", NULL};
    scenario *s = L->s;
    if (sc_check_keys(L, n, "imported", keys, keys))
        return -1;
    scenario_imported *im = calloc(1, sizeof *im);
    if (im == NULL)
        return sc_fail(L, n, "out of memory");
    s->imported = im;
    im->line = (int)key->start_mark.line + 1;
    im->col = (int)key->start_mark.column + 1;
    int64_t act;
    const yaml_node_t *at;
    if (sc_get_str(L, sc_get(L, n, "rom_md5"), "rom_md5", 1, &im->rom_md5) ||
        sc_get_str(L, sc_get(L, n, "game"), "game", 1, &im->game) ||
        sc_get_str(L, sc_get(L, n, "zone"), "zone", 1, &im->zone) ||
        sc_get_int(L, sc_get(L, n, "act"), "act", 1, 9, &act) ||
        sc_get_str(L, sc_get(L, n, "tool"), "tool", 1, &im->tool))
        return -1;
    im->act = (int)act;
    char msg[200];
    if (scenario_imported_check(s, im, msg, sizeof msg) != 0) {
        /* at the field the message names */
        at = sc_get(L, n, strncmp(msg, "rom_md5", 7) == 0   ? "rom_md5"
                          : strncmp(msg, "game", 4) == 0    ? "game"
                          : strncmp(msg, "tool", 4) == 0    ? "tool"
                                                            : "zone");
        return sc_fail(L, at ? at : n, "imported: %s", msg);
    }
    return 0;
}

int sc_refuse_in_suite(const char *path, const scenario *s, FILE *err)
{
    char where[4096];
    if (s->imported == NULL || !scenario_suite_dir(path, where, sizeof where))
        return 0;
    fprintf(err,
            "%s:%d:%d: imported: this file holds a level read from your own "
            "ROM (spgsim import-level) and lies in the spgsim suite's "
            "scenarios directory %s; such files are never committed: keep "
            "it outside the repository (e.g. /work/levels or /tmp)\n",
            path, s->imported->line, s->imported->col, where);
    return -1;
}
