/*
 * view.c - the trace viewer's data (view.h, docs/viewer.md).
 */
#include "interop/view.h"

#include <inttypes.h>
#include <string.h>

#include "scenario/special.h"
#include "trace/diff.h"

/* A JSON string safe inside <script>: '<', '>' and '&' as \u escapes. */
static void str(FILE *f, const char *s)
{
    if (s == NULL) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20 || *p == '<' || *p == '>' || *p == '&')
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

int view_check_traces(const view_trace *traces, int n, FILE *err)
{
    for (int i = 1; i < n; i++) {
        trace_fields fs;
        if (trace_fields_match(&fs, traces[0].t, traces[0].source,
                               traces[i].t, traces[i].source, NULL,
                               err) != 0)
            return -1;
        if (fs.n == 0) {
            fprintf(err, "spgsim view: %s has none of the columns of %s\n",
                    traces[i].source, traces[0].source);
            return -1;
        }
    }
    return 0;
}

static void names(FILE *f, const char *const *v, const int *idx, int n)
{
    fputc('[', f);
    for (int i = 0; i < n; i++) {
        if (i)
            fputs(", ", f);
        str(f, v[idx ? idx[i] : i]);
    }
    fputc(']', f);
}

/* The first divergence of t from ref, or null when they agree. */
static void divergence(FILE *f, const trace *ref, const view_trace *vt)
{
    trace_fields fs;
    trace_divergence d;
    if (trace_fields_match(&fs, ref, "", vt->t, "", NULL, stderr) != 0 ||
        !trace_compare(ref, vt->t, &fs, &d)) {
        fputs("null", f);
        return;
    }
    fprintf(f, "{\"frame\": %d, \"field\": ", d.frame);
    if (d.field < 0) {
        fprintf(f, "null, \"rows\": [%" PRId32 ", %" PRId32 "]", d.expected,
                d.actual);
    } else {
        str(f, fs.name[d.field]);
        fprintf(f, ", \"expected\": %" PRId32 ", \"actual\": %" PRId32,
                d.expected, d.actual);
    }
    fputs(", \"fields\": [", f);
    for (int i = 0; i < d.nfields; i++) {
        if (i)
            fputs(", ", f);
        str(f, fs.name[d.fields[i]]);
    }
    fprintf(f, "], \"frames\": %d, \"compared\": ", d.frames);
    names(f, fs.name, NULL, fs.n);
    fputc('}', f);
}

static void trace_json(FILE *f, const view_trace *vt, const trace *ref)
{
    const trace *t = vt->t;
    fputs("{\"label\": ", f);
    str(f, vt->label);
    fputs(", \"source\": ", f);
    str(f, vt->source);
    fputs(", \"columns\": ", f);
    names(f, (const char *const *)t->names, NULL, t->ncols);
    fputs(", \"divergence\": ", f);
    if (ref == NULL)
        fputs("null", f);
    else
        divergence(f, ref, vt);
    fputs(",\n    \"rows\": [", f);
    for (int r = 0; r < t->rows; r++) {
        fputs(r ? ",\n      [" : "\n      [", f);
        for (int c = 0; c < t->ncols; c++)
            fprintf(f, c ? ",%" PRId32 : "%" PRId32, t->values[r][c]);
        fputc(']', f);
    }
    fputs("]}", f);
}

/* "traces": [...] and the object's end. */
static void traces_json(FILE *f, const view_trace *traces, int n)
{
    fputs("  \"traces\": [", f);
    for (int i = 0; i < n; i++) {
        fputs(i ? ",\n   " : "\n   ", f);
        trace_json(f, &traces[i], i ? traces[0].t : NULL);
    }
    fputs("]}", f);
}

/* The maze of a special-stage scenario as loaded: its blocks (layout
 * bytes) row by row, where block (0, 0) covers the player's x/y. */
static void special_json(FILE *f, const scenario *s)
{
    const scenario_special *ss = s->special;
    fprintf(f, "  \"special\": {\"x0\": %d, \"y0\": %d, \"block\": %d, "
               "\"layout_row\": %d, \"layout_column\": %d, "
               "\"width\": %d, \"height\": %d, \"angle\": %u, "
               "\"rotation\": %d,\n    \"blocks\": [",
            SCENARIO_SS_MARKER_X, SCENARIO_SS_MARKER_Y, SPG_SS_BLOCK,
            SPG_SS_STAGE_ORIGIN, SPG_SS_STAGE_ORIGIN, ss->width, ss->height,
            (unsigned)ss->start.stage_angle, (int)ss->start.rotation);
    for (int r = 0; r < ss->height; r++)
        for (int c = 0; c < ss->width; c++)
            fprintf(f, "%s%d",
                    r == 0 && c == 0 ? "" : (c == 0 ? ",\n      " : ","),
                    spg_ss_block(&ss->start, SPG_SS_STAGE_ORIGIN + r,
                                 SPG_SS_STAGE_ORIGIN + c));
    fputs("]},\n", f);
}

void view_write_json(FILE *f, const scenario *s, const char *rel,
                     const char *note, const view_trace *traces, int n)
{
    const game_desc *g = scenario_game(s);
    const spg_map *m = &s->map;
    fprintf(f, "{\"spgsim_view\": %d,\n  \"id\": ", VIEW_DATA_VERSION);
    str(f, rel);
    fputs(", \"path\": ", f);
    str(f, s->path);
    fputs(", \"name\": ", f);
    str(f, s->name);
    fputs(",\n  \"description\": ", f);
    str(f, s->description);
    fputs(",\n  \"game\": ", f);
    str(f, g->name);
    fputs(", \"title\": ", f);
    str(f, g->title);
    fputs(", \"character\": ", f);
    str(f, game_character_name(g, s->character));
    int special = s->mode == SCENARIO_SPECIAL_STAGE && s->special != NULL;
    fprintf(f, ", \"paths\": %s, \"frames\": %d, \"note\": ",
            !special && game_has(g, GAME_PATHS) ? "true" : "false",
            s->frames);
    str(f, note);
    if (special) {
        const spg_ss_state *st = &s->special->start;
        fprintf(f, ",\n  \"mode\": \"special_stage\", \"start\": {\"x\": %d, "
                   "\"y\": %d},\n  \"masks\": [], \"map\": null,\n",
                (int)(int16_t)((uint32_t)st->x >> 16),
                (int)(int16_t)((uint32_t)st->y >> 16));
        special_json(f, s);
        traces_json(f, traces, n);
        return;
    }
    fputs(",\n  \"mode\": \"normal\", \"special\": null", f);
    fprintf(f, ",\n  \"start\": {\"x\": %d, \"y\": %d, \"width_radius\": %d, "
               "\"height_radius\": %d},\n",
            (int)(int16_t)((uint32_t)s->start.x >> 16),
            (int)(int16_t)((uint32_t)s->start.y >> 16),
            s->start.width_radius, s->start.height_radius);
    fputs("  \"masks\": [", f);
    for (int k = 0; k < m->mask_count; k++) {
        const spg_mask *mk = &m->masks[k];
        fputs(k ? ",\n    {\"heights\": [" : "\n    {\"heights\": [", f);
        for (int i = 0; i < 16; i++)
            fprintf(f, i ? ",%d" : "%d", mk->heights[i]);
        fputs("], \"widths\": [", f);
        for (int i = 0; i < 16; i++)
            fprintf(f, i ? ",%d" : "%d", mk->widths[i]);
        fprintf(f, "], \"angle\": %d}", mk->angle);
    }
    fprintf(f, "],\n  \"map\": {\"x0\": %d, \"y0\": %d, \"width\": %d, "
               "\"height\": %d, \"limit_left\": %d, \"limit_right\": %d, "
               "\"limit_bottom\": %d,\n    \"cells\": [",
            m->x0, m->y0, m->width, m->height, m->limit_left, m->limit_right,
            m->limit_bottom);
    size_t ncells = (size_t)m->width * m->height;
    for (size_t i = 0; i < ncells; i++)
        fprintf(f, "%s%d", i == 0 ? "" : (i % m->width == 0 ? ",\n      " : ","),
                m->cells[i]);
    fputs("],\n    \"secondary_masks\": ", f);
    if (s->cells2 == NULL) {
        fputs("null", f);
    } else {
        fputc('[', f);
        for (size_t i = 0; i < ncells; i++)
            fprintf(f, "%s%d",
                    i == 0 ? "" : (i % m->width == 0 ? ",\n      " : ","),
                    s->cells2[i]);
        fputc(']', f);
    }
    fputs("},\n", f);
    traces_json(f, traces, n);
}
