/*
 * suite.c - scenario paths: collecting them, their golden and rel paths,
 * selecting them with -k.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "check/suite.h"

#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/xalloc.h"

void suite_list_add(suite_list *l, const char *s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 64;
        l->v = xrealloc(l->v, l->cap * sizeof *l->v);
    }
    l->v[l->n++] = xstrdup(s);
}

void suite_list_free(suite_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
    memset(l, 0, sizeof *l);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static char *join(const char *dir, const char *name)
{
    if (strcmp(dir, ".") == 0)
        return xstrdup(name);
    size_t a = strlen(dir);
    return xasprintf("%s%s%s", dir, a > 0 && dir[a - 1] != '/' ? "/" : "",
                     name);
}

static int walk(const char *cmd, const char *dir, suite_list *pl, FILE *err)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        fprintf(err, "spgsim %s: %s: %s\n", cmd, dir, strerror(errno));
        return -1;
    }
    struct dirent *e;
    int rc = 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue; /* ., .., hidden files and editor temp files */
        char *p = join(dir, e->d_name);
        struct stat st;
        if (stat(p, &st) != 0) {
            fprintf(err, "spgsim %s: %s: %s\n", cmd, p, strerror(errno));
            rc = -1;
        } else if (S_ISDIR(st.st_mode)) {
            if (walk(cmd, p, pl, err) != 0)
                rc = -1;
        } else if (S_ISREG(st.st_mode) && ends_with(p, ".yaml")) {
            suite_list_add(pl, p);
        }
        free(p);
    }
    closedir(d);
    return rc;
}

int suite_collect(const char *cmd, const suite_list *args, suite_list *out,
                  FILE *err)
{
    suite_list found = {0};
    int rc = 0;
    suite_list dflt = {0};
    if (args->n == 0) {
        const char *d = suite_default_dir();
        if (d == NULL) {
            fprintf(err, "spgsim %s: no scenarios/ directory here; give the "
                         "scenarios to run\n", cmd);
            return -1;
        }
        suite_list_add(&dflt, d);
        args = &dflt;
    }
    for (size_t i = 0; i < args->n; i++) {
        struct stat st;
        if (stat(args->v[i], &st) != 0) {
            fprintf(err, "spgsim %s: %s: %s\n", cmd, args->v[i],
                    strerror(errno));
            rc = -1;
        } else if (S_ISDIR(st.st_mode)) {
            size_t first = found.n;
            if (walk(cmd, args->v[i], &found, err) != 0)
                rc = -1;
            qsort(found.v + first, found.n - first, sizeof *found.v, cmp_str);
        } else {
            suite_list_add(&found, args->v[i]);
        }
    }
    suite_list_free(&dflt);
    /* each file once (by device and inode), in the order first found */
    struct stat *ids = xrealloc(NULL, (found.n ? found.n : 1) * sizeof *ids);
    for (size_t i = 0; i < found.n; i++) {
        int dup = 0;
        if (stat(found.v[i], &ids[i]) != 0)
            memset(&ids[i], 0, sizeof ids[i]); /* reported when loaded */
        for (size_t j = 0; j < i && !dup; j++)
            dup = strcmp(found.v[j], found.v[i]) == 0 ||
                  (ids[i].st_ino != 0 && ids[j].st_dev == ids[i].st_dev &&
                   ids[j].st_ino == ids[i].st_ino);
        if (!dup)
            suite_list_add(out, found.v[i]);
    }
    free(ids);
    suite_list_free(&found);
    return rc;
}

/* The last "scenarios/" directory component in path, or NULL. */
static const char *scenarios_component(const char *path)
{
    const char *best = NULL;
    for (const char *p = path; (p = strstr(p, "scenarios/")) != NULL; p++)
        if (p == path || p[-1] == '/')
            best = p;
    return best;
}

const char *suite_default_dir(void)
{
    struct stat st;
    if (stat("scenarios", &st) == 0 && S_ISDIR(st.st_mode))
        return "scenarios";
    char cwd[PATH_MAX + 2];
    if (getcwd(cwd, PATH_MAX) == NULL)
        return NULL;
    strcat(cwd, "/");
    return scenarios_component(cwd) ? "." : NULL;
}

static char *strip_yaml(const char *s)
{
    size_t n = strlen(s);
    if (ends_with(s, ".yaml"))
        n -= 5;
    else if (ends_with(s, ".yml"))
        n -= 4;
    char *r = xrealloc(NULL, n + 1);
    memcpy(r, s, n);
    r[n] = '\0';
    return r;
}

void suite_locate(const char *path, char **golden, char **rel, char **topic)
{
    char *abs = NULL;
    const char *base = path;
    const char *hit = scenarios_component(path);
    if (hit == NULL) {
        abs = realpath(path, NULL);
        if (abs != NULL && (hit = scenarios_component(abs)) != NULL)
            base = abs;
    }
    if (hit == NULL) {
        const char *slash = strrchr(path, '/');
        *rel = strip_yaml(slash ? slash + 1 : path);
        *topic = xstrdup("");
        *golden = NULL;
        free(abs);
        return;
    }
    *rel = strip_yaml(hit + strlen("scenarios/"));
    const char *slash = strchr(*rel, '/');
    if (slash) {
        size_t n = (size_t)(slash - *rel);
        *topic = xrealloc(NULL, n + 1);
        memcpy(*topic, *rel, n);
        (*topic)[n] = '\0';
    } else {
        *topic = xstrdup("");
    }
    *golden = xasprintf("%.*sgolden/%s.csv", (int)(hit - base), base, *rel);
    free(abs);
}

char *suite_mirror_path(const char *dir, const char *rel, const char *ext)
{
    size_t a = strlen(dir);
    return xasprintf("%s%s%s.%s", dir, a > 0 && dir[a - 1] != '/' ? "/" : "",
                     rel, ext);
}

int suite_selected(const char *path, const char *rel,
                   const suite_list *patterns)
{
    if (patterns->n == 0)
        return 1;
    for (size_t i = 0; i < patterns->n; i++) {
        const char *p = patterns->v[i];
        if (strpbrk(p, "*?[") != NULL) {
            if (fnmatch(p, path, 0) == 0 || fnmatch(p, rel, 0) == 0)
                return 1;
        } else if (strstr(path, p) != NULL || strstr(rel, p) != NULL) {
            return 1;
        }
    }
    return 0;
}
