/*
 * suite.h - finding scenarios and the files that go with them, for the
 * commands that take scenario paths (check, export, capture).
 *
 * A scenario scenarios/<rel>.yaml has its golden at golden/<rel>.csv,
 * beside the last `scenarios` directory in its path.  A path given
 * relative to a directory inside scenarios/ (run from scenarios/slopes,
 * say) is resolved to its absolute path to find that directory.
 */
#ifndef SPGSIM_SUITE_H
#define SPGSIM_SUITE_H

#include <stddef.h>
#include <stdio.h>

typedef struct suite_list {
    char **v;
    size_t n, cap;
} suite_list;

void suite_list_add(suite_list *l, const char *s);
void suite_list_free(suite_list *l);

/*
 * Expand `args` (scenario files and directories, searched recursively for
 * *.yaml, each directory's files sorted) into out, each file once.  No
 * args: the default directory (suite_default_dir).  On a path that does
 * not exist prints "CMD: path: message" to err and returns -1.
 */
int suite_collect(const char *cmd, const suite_list *args, suite_list *out,
                  FILE *err);

/* "scenarios" when the current directory has one; "." when the current
 * directory is inside a scenarios/ tree; NULL otherwise. */
const char *suite_default_dir(void);

/*
 * Where a scenario file belongs: *rel = its path under scenarios/ without
 * the .yaml ("slopes/hill"), *topic = the first directory of rel ("" when
 * none), *golden = golden/<rel>.csv.  When the path is not under a
 * scenarios/ directory, *golden is NULL and *rel the file name without
 * .yaml.  All three are allocated.
 */
void suite_locate(const char *path, char **golden, char **rel, char **topic);

/* DIR/<rel>.EXT (allocated). */
char *suite_mirror_path(const char *dir, const char *rel, const char *ext);

/*
 * Whether a scenario is selected by the -k patterns: no patterns selects
 * everything; a pattern with *, ? or [ is a shell pattern matched against
 * the path and against rel; any other pattern is a substring of either.
 */
int suite_selected(const char *path, const char *rel,
                   const suite_list *patterns);

#endif /* SPGSIM_SUITE_H */
