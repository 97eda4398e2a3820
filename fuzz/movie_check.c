/*
 * movie_check.c - the checks bk2_fuzzer and gmv_fuzzer share
 * (movie_check.h).
 *
 * Besides the sanitizers:
 *  - a refused movie gets a "name: message" line ("name:Input Log.txt:LINE:
 *    message" for a line of a .bk2's input log) and nothing to free;
 *  - an accepted one has the format its first bytes name (a Gens signature
 *    or a zip local header; anything else is refused), frames >= 0, prints
 *    nothing but, for a Gens movie, the savestate warning;
 *  - the input script import_write_script makes from it has steps that
 *    add up to the movie's frames, each with a positive count.
 */
#include "movie_check.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "interop/movie.h"

/* Sum of the "frames: N" counts in a script; every step must have one. */
static long script_frames(const char *text)
{
    long sum = 0;
    const char *p = text;
    while ((p = strstr(p, "{frames: ")) != NULL) {
        char *end;
        long n = strtol(p + 9, &end, 10);
        FUZZ_CHECK(n >= 1 && (*end == '}' || *end == ','));
        sum += n;
        p = end;
    }
    return sum;
}

/* "name: message", "name:Input Log.txt: message" or
 * "name:Input Log.txt:LINE: message". */
static int refusal_ok(const char *text, const char *name)
{
    static const char log[] = "Input Log.txt";
    size_t nl = strlen(name);
    if (fuzz_message_ok(text, name, 0))
        return 1;
    if (strncmp(text, name, nl) != 0 || text[nl] != ':' ||
        strncmp(text + nl + 1, log, sizeof log - 1) != 0)
        return 0;
    /* the same checks with "name:Input Log.txt" as the name */
    char *longer = malloc(nl + sizeof log + 1);
    FUZZ_CHECK(longer != NULL);
    memcpy(longer, text, nl + sizeof log);
    longer[nl + sizeof log] = '\0';
    int ok = fuzz_message_ok(text, longer, 0) || fuzz_message_ok(text, longer, 1);
    free(longer);
    return ok;
}

static void check_player(const char *name, const uint8_t *data, size_t size,
                         int player, int format)
{
    import_movie m;
    fuzz_msgs msgs;
    fuzz_msgs_begin(&msgs);
    int rc = import_movie_parse(name, data, size, player, &m, msgs.f);
    fuzz_msgs_end(&msgs);
    if (rc != 0) {
        if (!refusal_ok(msgs.text, name))
            fuzz_fail("a refused movie without a \"name: message\" line: "
                      "\"%s\"", msgs.text);
        FUZZ_CHECK(m.held == NULL && m.frames == 0);
        fuzz_msgs_free(&msgs);
        return;
    }
    FUZZ_CHECK(player == 1 || player == 2);
    FUZZ_CHECK((int)m.format == format);
    if (msgs.len != 0 &&
        !(format == IMPORT_FORMAT_GMV && fuzz_message_ok(msgs.text, name, 0) &&
          strstr(msgs.text, ": warning: ") != NULL))
        fuzz_fail("an accepted movie printed \"%s\"", msgs.text);
    fuzz_msgs_free(&msgs);
    FUZZ_CHECK(m.frames >= 0 && (m.frames == 0 || m.held != NULL));

    fuzz_msgs script;
    fuzz_msgs_begin(&script);
    import_write_script(script.f, m.held, m.frames);
    fuzz_msgs_end(&script);
    FUZZ_CHECK(strncmp(script.text, "input:", 6) == 0);
    FUZZ_CHECK(script_frames(script.text) == m.frames);
    fuzz_msgs_free(&script);
    import_movie_free(&m);
}

void movie_check(const char *name, const uint8_t *data, size_t size)
{
    /* The format is recognised by the contents, not the name. */
    int format = 0;
    if (size >= 15 && memcmp(data, "Gens Movie TEST", 15) == 0)
        format = IMPORT_FORMAT_GMV;
    else if (size >= 4 && memcmp(data, "PK\3\4", 4) == 0)
        format = IMPORT_FORMAT_BK2;
    for (int player = 0; player <= 3; player++)
        check_player(name, data, size, player, format);
}
