/*
 * new.c - `spgsim new TOPIC/NAME [--special-stage | --GAME] [--dir DIR]`
 *
 * Writes DIR/TOPIC/NAME.yaml (DIR defaults to "scenarios"): a commented
 * scenario template per docs/scenario-format.md that loads and runs as it
 * is - a flat floor, Sonic standing on it, a few frames of input - with a
 * `verifies:` example commented out.  The templates are the games'
 * (games/<game>.c, game_desc.write_template): --GAME is a game's
 * new_flag, none the game without one.  TOPIC's directory is created when
 * missing; an existing file is never overwritten (the template is written
 * to a temporary file and hard-linked into place, which fails if the name
 * is taken, so even two racing `new` commands cannot clobber each other).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/commands.h"
#include "games/game.h"

static void new_usage(FILE *f)
{
    fputs("usage: spgsim new TOPIC/NAME [--special-stage", f);
    for (size_t i = 0; i < game_count(); i++)
        if (game_at(i)->new_flag)
            fprintf(f, " | %s", game_at(i)->new_flag);
    fputs("] [--dir DIR]\n"
          "  writes DIR/TOPIC/NAME.yaml (DIR: scenarios), a scenario template:\n",
          f);
    for (size_t i = 0; i < game_count(); i++) {
        const game_desc *g = game_at(i);
        fprintf(f, "  %-16s a %s scenario\n",
                g->new_flag ? g->new_flag : "(no option)", g->full_title);
        if (g->write_special_template)
            fprintf(f, "  %-16s a %s special-stage maze\n", "--special-stage",
                    g->title);
    }
    fputs("  TOPIC and NAME: lowercase letters, digits, '_' and '-'\n", f);
}

/* The game whose template `spgsim new` writes: the one of --FLAG, or the
 * one without a flag when flag is NULL. */
static const game_desc *template_game(const char *flag)
{
    for (size_t i = 0; i < game_count(); i++) {
        const char *f = game_at(i)->new_flag;
        if (flag ? (f && strcmp(f, flag) == 0) : f == NULL)
            return game_at(i);
    }
    return NULL;
}

/* Lowercase letters, digits, '_' and '-', not starting with '-'. */
static int valid_part(const char *s, size_t len)
{
    size_t i;
    if (len == 0 || len > 64 || s[0] == '-')
        return 0;
    for (i = 0; i < len; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
              c == '-'))
            return 0;
    }
    return 1;
}

int cmd_new(int argc, char **argv)
{
    const char *spec = NULL, *dir = "scenarios";
    const char *slash;
    char topic[65], name[65];
    size_t tlen, nlen, plen;
    char *topic_dir = NULL, *path = NULL, *tmp = NULL;
    struct stat st;
    FILE *f;
    int i, fd, bad, rc = 2, special = 0, flags = 0;
    const game_desc *tmpl = template_game(NULL);

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            new_usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "--dir") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "spgsim new: --dir needs a value\n");
                return 2;
            }
            dir = argv[++i];
        } else if (strcmp(argv[i], "--special-stage") == 0) {
            special = 1;
            flags++;
        } else if (argv[i][0] == '-' && template_game(argv[i])) {
            tmpl = template_game(argv[i]);
            flags++;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "spgsim new: unknown option '%s'\n", argv[i]);
            new_usage(stderr);
            return 2;
        } else if (!spec) {
            spec = argv[i];
        } else {
            fprintf(stderr, "spgsim new: one TOPIC/NAME at a time ('%s' and "
                            "'%s' given)\n", spec, argv[i]);
            return 2;
        }
    }
    if (!spec) {
        new_usage(stderr);
        return 2;
    }
    if (flags > 1) {
        fprintf(stderr, "spgsim new: --special-stage and the game options "
                        "exclude each other (one template at a time)\n");
        return 2;
    }
    if (special) {
        /* the game with a special stage */
        tmpl = NULL;
        for (size_t k = 0; k < game_count() && !tmpl; k++)
            if (game_at(k)->write_special_template)
                tmpl = game_at(k);
    }
    if (tmpl == NULL) {
        fprintf(stderr, "spgsim new: no game has that template\n");
        return 2;
    }

    slash = strchr(spec, '/');
    if (!slash) {
        fprintf(stderr, "spgsim new: '%s': expected TOPIC/NAME, e.g. "
                        "running/accel-from-rest\n", spec);
        return 2;
    }
    tlen = (size_t)(slash - spec);
    nlen = strlen(slash + 1);
    if (nlen > 5 && strcmp(slash + 1 + nlen - 5, ".yaml") == 0)
        nlen -= 5;
    if (!valid_part(spec, tlen) || !valid_part(slash + 1, nlen)) {
        fprintf(stderr, "spgsim new: '%s': TOPIC and NAME must be 1 to 64 "
                        "lowercase letters, digits, '_' or '-' (not starting "
                        "with '-'), separated by one '/'\n", spec);
        return 2;
    }
    memcpy(topic, spec, tlen);
    topic[tlen] = 0;
    memcpy(name, slash + 1, nlen);
    name[nlen] = 0;

    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "spgsim new: %s: no such directory (run from the "
                        "repository root, or give --dir)\n", dir);
        return 2;
    }

    plen = strlen(dir) + tlen + nlen + 32;
    topic_dir = malloc(plen);
    path = malloc(plen);
    tmp = malloc(plen + 16);
    if (!topic_dir || !path || !tmp) {
        fprintf(stderr, "spgsim new: out of memory\n");
        goto out;
    }
    snprintf(topic_dir, plen, "%s/%s", dir, topic);
    snprintf(path, plen, "%s/%s.yaml", topic_dir, name);
    snprintf(tmp, plen + 16, "%s/.%s.yaml.XXXXXX", topic_dir, name);

    if (access(path, F_OK) == 0) {
        fprintf(stderr, "spgsim new: %s already exists; not overwriting it\n",
                path);
        goto out;
    }
    if (mkdir(topic_dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "spgsim new: %s: %s\n", topic_dir, strerror(errno));
        goto out;
    }
    fd = mkstemp(tmp);
    if (fd < 0) {
        fprintf(stderr, "spgsim new: %s: %s\n", topic_dir, strerror(errno));
        goto out;
    }
    /* mkstemp makes the file 0600; a scenario is an ordinary file. */
    {
        mode_t mask = umask(0);
        umask(mask);
        if (fchmod(fd, 0666 & ~mask) != 0) {
            /* not fatal: the file is still readable by its owner */
        }
    }
    f = fdopen(fd, "w");
    if (!f) {
        fprintf(stderr, "spgsim new: %s: %s\n", tmp, strerror(errno));
        close(fd);
        unlink(tmp);
        goto out;
    }
    if (special)
        tmpl->write_special_template(f, topic, name);
    else
        tmpl->write_template(f, topic, name);
    bad = ferror(f) != 0;
    if (fclose(f) != 0)
        bad = 1;
    if (bad) {
        fprintf(stderr, "spgsim new: %s: write error\n", tmp);
        unlink(tmp);
        goto out;
    }
    if (link(tmp, path) != 0) {
        if (errno == EEXIST)
            fprintf(stderr, "spgsim new: %s already exists; not overwriting "
                            "it\n", path);
        else
            fprintf(stderr, "spgsim new: %s: %s\n", path, strerror(errno));
        unlink(tmp);
        goto out;
    }
    unlink(tmp);
    printf("%s\n", path);
    rc = 0;
out:
    free(topic_dir);
    free(path);
    free(tmp);
    return rc;
}
