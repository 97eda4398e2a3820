/*
 * trace.c - the trace format (docs/trace-format.md): the columns, the
 * writer both `run` and `capture` use, and the reader `diff` and `check` use.
 */
#include "trace/trace.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Enough for any scenario (100000 frames) with room to spare. */
#define TRACE_MAX_ROWS 1000001

/* The normal columns, in order; every column set starts with them. */
#define NORMAL_COLUMNS                                                       \
    "frame",                                                                 \
    "x", "x_sub", "y", "y_sub",                                              \
    "x_speed", "y_speed", "ground_speed",                                    \
    "angle",                                                                 \
    "facing_left", "in_air", "rolling", "on_object", "roll_jump",            \
    "pushing", "underwater",                                                 \
    "width_radius", "height_radius",                                         \
    "control_lock", "anim", "routine", "jumping",                            \
    "mapping_frame", "anim_frame", "anim_timer", "prev_anim", "render_flags",\
    "angle_buffer_1", "angle_buffer_2", "word_38"

/* The sonic2 set's own columns after them, which the sonic3 set keeps. */
#define SONIC2_COLUMNS "spindash_counter", "top_solid_bit", "lrb_solid_bit"

const char *const trace_columns[TRACE_COLUMNS] = {
    NORMAL_COLUMNS,
};

const trace_layout trace_layout_normal = {"normal", TRACE_COLUMNS,
                                          trace_columns};

static const char *const sonic2_columns[TRACE_COLUMNS_SONIC2] = {
    NORMAL_COLUMNS,
    SONIC2_COLUMNS,
};

const trace_layout trace_layout_sonic2 = {"sonic2", TRACE_COLUMNS_SONIC2,
                                          sonic2_columns};

/* Sonic 3: Sonic 2's columns, then the Sonic 3 object's own bytes and the
 * level frame counter (spg_player, "Sonic 3 on"). */
static const char *const sonic3_columns[TRACE_COLUMNS_SONIC3] = {
    NORMAL_COLUMNS,
    SONIC2_COLUMNS,
    "double_jump_flag", "double_jump_property", "scroll_delay_counter",
    "level_frame_counter",
};

const trace_layout trace_layout_sonic3 = {"sonic3", TRACE_COLUMNS_SONIC3,
                                          sonic3_columns};

/* Sonic & Knuckles: Sonic 3's columns, then Knuckles' glide collision
 * byte, which the player code keeps from frame to frame in RAM. */
static const char *const sonic3k_columns[TRACE_COLUMNS_SONIC3K] = {
    NORMAL_COLUMNS,
    SONIC2_COLUMNS,
    "double_jump_flag", "double_jump_property", "scroll_delay_counter",
    "level_frame_counter", "glide_flags",
};

const trace_layout trace_layout_sonic3k = {"sonic3k", TRACE_COLUMNS_SONIC3K,
                                           sonic3k_columns};

/* Sonic CD: the normal columns (Sonic 1's object offsets), then the two
 * player bytes Sonic CD adds and the level state its player code keeps
 * from frame to frame. */
static const char *const soniccd_columns[TRACE_COLUMNS_SONICCD] = {
    NORMAL_COLUMNS,
    "charge", "player_ctrl", "look_mode", "time_zone", "cam_x_center",
    "cam_y_center", "bored_timer",
};

const trace_layout trace_layout_soniccd = {"soniccd", TRACE_COLUMNS_SONICCD,
                                           soniccd_columns};

int trace_layout_column(const trace_layout *l, const char *name)
{
    for (int i = 0; i < l->count; i++)
        if (strcmp(l->columns[i], name) == 0)
            return i;
    return -1;
}

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
    out[k++] = p->mapping_frame;
    out[k++] = p->anim_frame;
    out[k++] = p->anim_timer;
    out[k++] = p->prev_anim;
    out[k++] = p->render_flags;
    out[k++] = p->angle_buffer_1;
    out[k++] = p->angle_buffer_2;
    out[k++] = p->word_38;
}

void trace_row_values_layout(const trace_layout *l, int frame,
                             const spg_player *p, int32_t *out)
{
    trace_row_values(frame, p, out);
    if (l == &trace_layout_sonic2 || l == &trace_layout_sonic3 ||
        l == &trace_layout_sonic3k) {
        out[TRACE_COLUMNS] = p->spindash_counter;
        out[TRACE_COLUMNS + 1] = p->top_solid_bit;
        out[TRACE_COLUMNS + 2] = p->lrb_solid_bit;
    }
    if (l == &trace_layout_sonic3 || l == &trace_layout_sonic3k) {
        out[TRACE_COLUMNS_SONIC2] = p->double_jump_flag;
        out[TRACE_COLUMNS_SONIC2 + 1] = p->double_jump_property;
        out[TRACE_COLUMNS_SONIC2 + 2] = p->scroll_delay_counter;
        out[TRACE_COLUMNS_SONIC2 + 3] = p->frame_counter;
    }
    if (l == &trace_layout_sonic3k)
        out[TRACE_COLUMNS_SONIC3] = p->glide_flags;
    if (l == &trace_layout_soniccd) {
        out[TRACE_COLUMNS] = p->charge;
        out[TRACE_COLUMNS + 1] = p->player_ctrl;
        out[TRACE_COLUMNS + 2] = p->look_mode;
        out[TRACE_COLUMNS + 3] = p->time_zone;
        out[TRACE_COLUMNS + 4] = p->cam_x_center;
        out[TRACE_COLUMNS + 5] = p->cam_y_center;
        out[TRACE_COLUMNS + 6] = p->bored_timer;
    }
}

void trace_write_header(FILE *f, const trace_meta *meta)
{
    trace_write_header_layout(f, meta, &trace_layout_normal);
}

void trace_write_header_layout(FILE *f, const trace_meta *meta,
                               const trace_layout *l)
{
    fputs("# spgsim trace\n", f);
    if (l != &trace_layout_normal)
        fprintf(f, "# columns: %s\n", l->name);
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
    for (int i = 0; i < l->count; i++) {
        fputs(l->columns[i], f);
        fputc(i + 1 < l->count ? ',' : '\n', f);
    }
}

void trace_write_values(FILE *f, const trace_layout *l, const int32_t *v)
{
    for (int i = 0; i < l->count; i++)
        fprintf(f, "%" PRId32 "%c", v[i], i + 1 < l->count ? ',' : '\n');
}

void trace_write_row(FILE *f, int frame, const spg_player *p)
{
    int32_t v[TRACE_COLUMNS];
    trace_row_values(frame, p, v);
    trace_write_values(f, &trace_layout_normal, v);
}

void trace_write(FILE *f, const trace_meta *meta, const trace *t)
{
    trace_write_header_layout(f, meta, t->layout);
    for (int r = 0; r < t->rows; r++)
        trace_write_values(f, t->layout, t->values[r]);
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

/* "# columns: NAME": 0 when the line is something else, 1 with *out set
 * to the column set, -1 when NAME is not one we know. */
static int header_columns(const char *line, const trace_layout **out)
{
    const char *p = line + 1;
    while (*p == ' ')
        p++;
    if (strncmp(p, "columns:", 8) != 0)
        return 0;
    p += 8;
    while (*p == ' ')
        p++;
    size_t n = strlen(p);
    while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
        n--;
    static const trace_layout *const known[] = {
        &trace_layout_special, &trace_layout_sonic2, &trace_layout_sonic3,
        &trace_layout_sonic3k, &trace_layout_soniccd};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        if (strlen(known[i]->name) == n &&
            strncmp(p, known[i]->name, n) == 0) {
            *out = known[i];
            return 1;
        }
    }
    return -1;
}

/* Whether t's columns are exactly l's, in l's order. */
static int same_columns(const trace *t, const trace_layout *l)
{
    if (t->ncols != l->count)
        return 0;
    for (int c = 0; c < l->count; c++)
        if (strcmp(t->names[c], l->columns[c]) != 0)
            return 0;
    return 1;
}

/* Strip spaces and tabs from both ends of [*b, *e). */
static void trim(const char **b, const char **e)
{
    while (*b < *e && (**b == ' ' || **b == '\t'))
        (*b)++;
    while (*e > *b && ((*e)[-1] == ' ' || (*e)[-1] == '\t'))
        (*e)--;
}

static int name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '_';
}

/* Parse the column row into t->names; on error writes msg and returns -1. */
static int read_names(const char *line, trace *t, char *msg, size_t msglen)
{
    int n = 1;
    for (const char *p = line; *p; p++)
        n += *p == ',';
    if (n > TRACE_MAX_COLUMNS) {
        snprintf(msg, msglen, "%d columns, more than the %d a trace may "
                 "have", n, TRACE_MAX_COLUMNS);
        return -1;
    }
    t->names = calloc((size_t)n, sizeof *t->names);
    if (t->names == NULL) {
        snprintf(msg, msglen, "out of memory");
        return -1;
    }
    const char *p = line;
    for (int c = 0; c < n; c++) {
        const char *e = strchr(p, ',');
        if (e == NULL)
            e = p + strlen(p);
        const char *b = p, *end = e;
        trim(&b, &end);
        size_t len = (size_t)(end - b);
        t->ncols = c; /* names[0..c) are set: trace_free frees them */
        if (len == 0) {
            snprintf(msg, msglen, "column %d of the column row has no name",
                     c + 1);
            return -1;
        }
        for (const char *q = b; q < end; q++) {
            if (!name_char(*q) || (q == b && *q >= '0' && *q <= '9')) {
                snprintf(msg, msglen, "column %d of the column row: '%.*s' "
                         "is not a column name (a letter or '_', then letters, digits and '_'); "
                         "the first line that does not start with '#' must "
                         "name the columns", c + 1,
                         (int)(len > 40 ? 40 : len), b);
                return -1;
            }
        }
        if (len > TRACE_MAX_NAME) {
            snprintf(msg, msglen, "column %d: name longer than %d characters",
                     c + 1, TRACE_MAX_NAME);
            return -1;
        }
        for (int k = 0; k < c; k++) {
            if (strlen(t->names[k]) == len &&
                memcmp(t->names[k], b, len) == 0) {
                snprintf(msg, msglen, "column '%s' appears twice (columns %d "
                         "and %d)", t->names[k], k + 1, c + 1);
                return -1;
            }
        }
        t->names[c] = malloc(len + 1);
        if (t->names[c] == NULL) {
            snprintf(msg, msglen, "out of memory");
            return -1;
        }
        memcpy(t->names[c], b, len);
        t->names[c][len] = '\0';
        t->ncols = c + 1;
        p = *e ? e + 1 : e;
    }
    return 0;
}

/* Parse one data row into vals (t->ncols values). */
static int read_row(const char *line, const trace *t, int32_t *vals,
                    char *msg, size_t msglen)
{
    const char *p = line;
    for (int c = 0; c < t->ncols; c++) {
        const char *e = strchr(p, ',');
        if (e == NULL)
            e = p + strlen(p);
        if (*e == '\0' && c + 1 < t->ncols) {
            snprintf(msg, msglen, "expected %d columns, found %d", t->ncols,
                     c + 1);
            return -1;
        }
        if (*e == ',' && c + 1 == t->ncols) {
            snprintf(msg, msglen, "more than %d columns", t->ncols);
            return -1;
        }
        const char *b = p, *end = e;
        trim(&b, &end);
        if (b == end || !(*b == '-' || (*b >= '0' && *b <= '9'))) {
            snprintf(msg, msglen, "column %d (%s): expected an integer, "
                     "found '%.*s'", c + 1, t->names[c],
                     (int)(end - b > 20 ? 20 : end - b), b);
            return -1;
        }
        char *stop;
        errno = 0;
        long long v = strtoll(b, &stop, 10);
        if (stop != end || errno != 0 || v < INT32_MIN || v > INT32_MAX) {
            snprintf(msg, msglen, "column %d (%s): bad value '%.*s' (a "
                     "32-bit integer in decimal)", c + 1, t->names[c],
                     (int)(end - b > 20 ? 20 : end - b), b);
            return -1;
        }
        vals[c] = (int32_t)v;
        p = e + 1;
    }
    return 0;
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
    size_t cap = 0, cap_values = 0;
    long n;
    long lineno = 0;
    int have_columns = 0, frame_col = -1;
    const trace_layout *declared = NULL;
    int32_t *flat = NULL;
    int rows = 0;
    char msg[256];

    msg[0] = '\0';
    while ((n = read_line(f, &line, &cap)) >= 0) {
        lineno++;
        if (line[0] == '#') {
            if (!have_columns) {
                int c = header_columns(line, &declared);
                if (c < 0) {
                    snprintf(msg, sizeof msg, "unknown column set in '%.60s' "
                             "(known: special_stage; normal-stage traces "
                             "have no columns line)", line);
                    goto fail;
                }
                if (c > 0)
                    continue;
            }
            int r = header_value(line, "scenario_hash", out->scenario_hash, 16);
            if (r == 0)
                r = header_value(line, "rom_md5", out->rom_md5, 32);
            if (r < 0) {
                snprintf(msg, sizeof msg, "malformed header value");
                goto fail;
            }
            continue;
        }
        if (n == 0) {
            snprintf(msg, sizeof msg, "empty line");
            goto fail;
        }
        if (!have_columns) {
            if (read_names(line, out, msg, sizeof msg) != 0)
                goto fail;
            frame_col = trace_find_column(out, "frame");
            have_columns = 1;
            continue;
        }
        if (rows == TRACE_MAX_ROWS) {
            snprintf(msg, sizeof msg, "too many rows");
            goto fail;
        }
        size_t need = ((size_t)rows + 1) * (size_t)out->ncols;
        if (need > cap_values) {
            size_t nc = cap_values ? cap_values * 2 : 128 * (size_t)out->ncols;
            while (nc < need)
                nc *= 2;
            int32_t *nv = realloc(flat, nc * sizeof *flat);
            if (nv == NULL) {
                snprintf(msg, sizeof msg, "out of memory");
                goto fail;
            }
            flat = nv;
            cap_values = nc;
        }
        int32_t *vals = flat + (size_t)rows * (size_t)out->ncols;
        if (read_row(line, out, vals, msg, sizeof msg) != 0)
            goto fail;
        if (frame_col >= 0 && vals[frame_col] != rows) {
            snprintf(msg, sizeof msg, "frame %ld where %d was expected (rows "
                     "count frames from 0, one row per frame)",
                     (long)vals[frame_col], rows);
            goto fail;
        }
        rows++;
    }
    if (n == -2) {
        snprintf(msg, sizeof msg, "read error");
        goto fail;
    }
    if (!have_columns) {
        snprintf(msg, sizeof msg, "no column row");
        goto fail;
    }
    if (rows == 0) {
        snprintf(msg, sizeof msg, "no rows");
        goto fail;
    }
    out->values = malloc((size_t)rows * sizeof *out->values);
    if (out->values == NULL) {
        snprintf(msg, sizeof msg, "out of memory");
        goto fail;
    }
    for (int r = 0; r < rows; r++)
        out->values[r] = flat + (size_t)r * (size_t)out->ncols;
    out->rows = rows;
    if (declared != NULL)
        out->layout = declared;
    else if (same_columns(out, &trace_layout_normal))
        out->layout = &trace_layout_normal;
    free(line);
    fclose(f);
    return 0;

fail:
    /* lines count from 1: an empty file's problem is on line 1 */
    fprintf(err, "%s:%ld: %s\n", path, lineno > 0 ? lineno : 1L, msg);
    free(line);
    free(flat);
    fclose(f);
    trace_free(out);
    return -1;
}

void trace_free(trace *t)
{
    if (t->values != NULL)
        free(t->values[0]); /* the one block every row points into */
    free(t->values);
    if (t->names != NULL)
        for (int c = 0; c < t->ncols; c++)
            free(t->names[c]);
    free(t->names);
    memset(t, 0, sizeof *t);
}

int trace_find_column(const trace *t, const char *name)
{
    for (int c = 0; c < t->ncols; c++)
        if (strcmp(t->names[c], name) == 0)
            return c;
    return -1;
}

int trace_alloc(trace *out, const trace_layout *l, int n)
{
    memset(out, 0, sizeof *out);
    if (n <= 0)
        return -1;
    out->names = calloc((size_t)l->count, sizeof *out->names);
    if (out->names == NULL)
        return -1;
    for (int c = 0; c < l->count; c++) {
        size_t len = strlen(l->columns[c]) + 1;
        out->names[c] = malloc(len);
        if (out->names[c] == NULL) {
            trace_free(out);
            return -1;
        }
        memcpy(out->names[c], l->columns[c], len);
        out->ncols = c + 1;
    }
    int32_t *flat = calloc((size_t)n * (size_t)l->count, sizeof *flat);
    out->values = calloc((size_t)n, sizeof *out->values);
    if (flat == NULL || out->values == NULL) {
        free(flat);
        trace_free(out);
        return -1;
    }
    for (int i = 0; i < n; i++)
        out->values[i] = flat + (size_t)i * (size_t)l->count;
    out->rows = n;
    out->layout = l;
    return 0;
}

int trace_from_players(trace *out, const spg_player *rows, int n)
{
    return trace_from_players_layout(out, &trace_layout_normal, rows, n);
}

int trace_from_players_layout(trace *out, const trace_layout *l,
                              const spg_player *rows, int n)
{
    if (trace_alloc(out, l, n) != 0)
        return -1;
    for (int i = 0; i < n; i++)
        trace_row_values_layout(l, i, &rows[i], out->values[i]);
    return 0;
}
