/*
 * trace.c - the trace format (docs/trace-format.md): the columns, the
 * writer both `run` and `capture` use, and the reader `diff` and `check` use.
 */
#include "trace.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Enough for any scenario (100000 frames) with room to spare. */
#define TRACE_MAX_ROWS 1000001

const char *const trace_columns[TRACE_COLUMNS] = {
    "frame",
    "x", "x_sub", "y", "y_sub",
    "x_speed", "y_speed", "ground_speed",
    "angle",
    "facing_left", "in_air", "rolling", "on_object", "roll_jump",
    "pushing", "underwater",
    "width_radius", "height_radius",
    "control_lock", "anim", "routine", "jumping",
    "angle_buffer_1", "angle_buffer_2",
};

int trace_column_index(const char *name)
{
    for (int i = 0; i < TRACE_COLUMNS; i++)
        if (strcmp(trace_columns[i], name) == 0)
            return i;
    return -1;
}

/* The signed value of a 16-bit word, without implementation-defined
 * conversions. */
static int32_t word_signed(uint32_t v)
{
    v &= 0xFFFFu;
    return v >= 0x8000u ? (int32_t)v - 0x10000 : (int32_t)v;
}

void trace_row_values(int frame, const spg_player *p, int32_t out[TRACE_COLUMNS])
{
    uint32_t x = (uint32_t)p->x, y = (uint32_t)p->y;
    int k = 0;
    out[k++] = frame;
    out[k++] = word_signed(x >> 16);
    out[k++] = (int32_t)(x & 0xFFFFu);
    out[k++] = word_signed(y >> 16);
    out[k++] = (int32_t)(y & 0xFFFFu);
    out[k++] = p->x_speed;
    out[k++] = p->y_speed;
    out[k++] = p->ground_speed;
    out[k++] = p->angle;
    out[k++] = (p->status & SPG_STATUS_FACING_LEFT) != 0;
    out[k++] = (p->status & SPG_STATUS_IN_AIR) != 0;
    out[k++] = (p->status & SPG_STATUS_ROLLING) != 0;
    out[k++] = (p->status & SPG_STATUS_ON_OBJECT) != 0;
    out[k++] = (p->status & SPG_STATUS_ROLL_JUMP) != 0;
    out[k++] = (p->status & SPG_STATUS_PUSHING) != 0;
    out[k++] = (p->status & SPG_STATUS_UNDERWATER) != 0;
    out[k++] = p->width_radius;
    out[k++] = p->height_radius;
    out[k++] = p->control_lock;
    out[k++] = p->anim;
    out[k++] = p->routine;
    out[k++] = p->jumping;
    out[k++] = p->angle_buffer_1;
    out[k++] = p->angle_buffer_2;
}

void trace_write_header(FILE *f, const trace_meta *meta)
{
    fputs("# spgsim trace\n", f);
    if (meta->source)
        fprintf(f, "# source: %s\n", meta->source);
    if (meta->core_version)
        fprintf(f, "# core_version: %s\n", meta->core_version);
    if (meta->rom_md5)
        fprintf(f, "# rom_md5: %s\n", meta->rom_md5);
    if (meta->capture_version)
        fprintf(f, "# capture_version: %s\n", meta->capture_version);
    if (meta->scenario_hash)
        fprintf(f, "# scenario_hash: %s\n", meta->scenario_hash);
    for (int i = 0; i < TRACE_COLUMNS; i++) {
        fputs(trace_columns[i], f);
        fputc(i + 1 < TRACE_COLUMNS ? ',' : '\n', f);
    }
}

void trace_write_row(FILE *f, int frame, const spg_player *p)
{
    int32_t v[TRACE_COLUMNS];
    trace_row_values(frame, p, v);
    for (int i = 0; i < TRACE_COLUMNS; i++)
        fprintf(f, "%" PRId32 "%c", v[i], i + 1 < TRACE_COLUMNS ? ',' : '\n');
}

/* ---- reader ------------------------------------------------------------ */

/* Read one line of any length into *buf (without the newline).  Returns the
 * length, -1 at end of file, -2 on a read or memory error. */
static long read_line(FILE *f, char **buf, size_t *cap)
{
    size_t n = 0;
    int c;
    while ((c = getc(f)) != EOF && c != '\n') {
        if (n + 2 > *cap) {
            size_t nc = *cap ? *cap * 2 : 256;
            char *nb = realloc(*buf, nc);
            if (nb == NULL)
                return -2;
            *buf = nb;
            *cap = nc;
        }
        (*buf)[n++] = (char)c;
    }
    if (ferror(f))
        return -2;
    if (c == EOF && n == 0)
        return -1;
    if (*buf == NULL) {
        *buf = malloc(1);
        if (*buf == NULL)
            return -2;
        *cap = 1;
    }
    if (n > 0 && (*buf)[n - 1] == '\r')
        n--;
    (*buf)[n] = '\0';
    return (long)n;
}

/* "# key: value" -> copy value (trimmed) into dst when it fits and consists
 * of lowercase hex digits of the expected length. */
static int header_value(const char *line, const char *key, char *dst,
                        size_t len)
{
    const char *p = line + 1;
    while (*p == ' ')
        p++;
    size_t kl = strlen(key);
    if (strncmp(p, key, kl) != 0 || p[kl] != ':')
        return 0;
    p += kl + 1;
    while (*p == ' ')
        p++;
    size_t n = strlen(p);
    while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
        n--;
    if (n != len)
        return -1;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
              (c >= 'A' && c <= 'F')))
            return -1;
        dst[i] = (c >= 'A' && c <= 'F') ? (char)(c - 'A' + 'a') : c;
    }
    dst[n] = '\0';
    return 1;
}

int trace_read(const char *path, trace *out, FILE *err)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(err, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0, rows_cap = 0;
    long n;
    long lineno = 0;
    int have_columns = 0;
    int32_t (*values)[TRACE_COLUMNS] = NULL;
    int rows = 0;
    const char *msg = NULL;
    char msgbuf[160];

    while ((n = read_line(f, &line, &cap)) >= 0) {
        lineno++;
        if (line[0] == '#') {
            int r = header_value(line, "scenario_hash", out->scenario_hash, 16);
            if (r == 0)
                r = header_value(line, "rom_md5", out->rom_md5, 32);
            if (r < 0) {
                msg = "malformed header value";
                goto fail;
            }
            continue;
        }
        if (n == 0) {
            msg = "empty line";
            goto fail;
        }
        if (!have_columns) {
            /* the column row must list exactly our columns */
            const char *p = line;
            for (int i = 0; i < TRACE_COLUMNS; i++) {
                size_t kl = strlen(trace_columns[i]);
                char want = i + 1 < TRACE_COLUMNS ? ',' : '\0';
                if (strncmp(p, trace_columns[i], kl) != 0 || p[kl] != want) {
                    snprintf(msgbuf, sizeof msgbuf,
                             "expected the column row with column %d '%s'",
                             i + 1, trace_columns[i]);
                    msg = msgbuf;
                    goto fail;
                }
                p += kl + 1;
            }
            have_columns = 1;
            continue;
        }
        if (rows == TRACE_MAX_ROWS) {
            msg = "too many rows";
            goto fail;
        }
        if ((size_t)rows == rows_cap) {
            size_t nc = rows_cap ? rows_cap * 2 : 128;
            void *nv = realloc(values, nc * sizeof *values);
            if (nv == NULL) {
                msg = "out of memory";
                goto fail;
            }
            values = nv;
            rows_cap = nc;
        }
        const char *p = line;
        for (int i = 0; i < TRACE_COLUMNS; i++) {
            char *end;
            if (!(*p == '-' || (*p >= '0' && *p <= '9'))) {
                snprintf(msgbuf, sizeof msgbuf,
                         "column %d (%s): expected an integer", i + 1,
                         trace_columns[i]);
                msg = msgbuf;
                goto fail;
            }
            errno = 0;
            long long v = strtoll(p, &end, 10);
            char want = i + 1 < TRACE_COLUMNS ? ',' : '\0';
            if (end == p || errno != 0 || v < INT32_MIN || v > INT32_MAX ||
                *end != want) {
                if (*end == '\0' && want == ',')
                    snprintf(msgbuf, sizeof msgbuf,
                             "expected %d columns, found %d", TRACE_COLUMNS,
                             i + 1);
                else if (*end == ',' && want == '\0')
                    snprintf(msgbuf, sizeof msgbuf,
                             "more than %d columns", TRACE_COLUMNS);
                else
                    snprintf(msgbuf, sizeof msgbuf,
                             "column %d (%s): bad value", i + 1,
                             trace_columns[i]);
                msg = msgbuf;
                goto fail;
            }
            values[rows][i] = (int32_t)v;
            p = end + 1;
        }
        if (values[rows][0] != rows) {
            snprintf(msgbuf, sizeof msgbuf, "frame %ld where %d was expected",
                     (long)values[rows][0], rows);
            msg = msgbuf;
            goto fail;
        }
        rows++;
    }
    if (n == -2) {
        msg = "read error";
        goto fail;
    }
    if (!have_columns) {
        msg = "no column row";
        goto fail;
    }
    if (rows == 0) {
        msg = "no rows";
        goto fail;
    }
    free(line);
    fclose(f);
    out->rows = rows;
    out->values = values;
    return 0;

fail:
    /* lines count from 1: an empty file's problem is on line 1 */
    fprintf(err, "%s:%ld: %s\n", path, lineno > 0 ? lineno : 1L, msg);
    free(line);
    free(values);
    fclose(f);
    memset(out, 0, sizeof *out);
    return -1;
}

void trace_free(trace *t)
{
    free(t->values);
    t->values = NULL;
    t->rows = 0;
}

int trace_from_players(trace *out, const spg_player *rows, int n)
{
    memset(out, 0, sizeof *out);
    if (n <= 0)
        return -1;
    out->values = malloc((size_t)n * sizeof *out->values);
    if (out->values == NULL)
        return -1;
    for (int i = 0; i < n; i++)
        trace_row_values(i, &rows[i], out->values[i]);
    out->rows = n;
    return 0;
}
