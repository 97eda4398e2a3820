/*
 * results.c - `spgsim check` results as text, JSON and JUnit XML.
 */
#include "check/results.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "util/json.h"
#include "spg/spg.h"

const char *const check_status_names[ST_COUNT] = {
    "pass", "FAIL", "no golden", "stale golden", "error"};

void check_result_free(check_result *r)
{
    for (int i = 0; r->vr && i < r->s.verify_count; i++)
        free(r->vr[i].problem);
    free(r->vr);
    for (int i = 0; i < r->d.nalso; i++)
        free(r->d.also[i]);
    free(r->d.also);
    free(r->d.field);
    for (int i = 0; i < r->nnot_compared; i++)
        free(r->not_compared[i]);
    free(r->not_compared);
    free(r->rel);
    free(r->golden_path);
    free(r->actual_path);
    free(r->topic);
    free(r->message);
    free(r->context);
    if (r->loaded)
        scenario_free(&r->s);
    free(r->path);
    memset(r, 0, sizeof *r);
}

/* ---- text ----------------------------------------------------------------- */

static void print_problems(FILE *f, const check_result *r)
{
    for (int i = 0; r->vr && i < r->s.verify_count; i++)
        if (r->vr[i].problem)
            fprintf(f, "      %s\n", r->vr[i].problem);
}

void results_print(FILE *f, const check_result *r, int quiet)
{
    switch (r->status) {
    case ST_PASS:
        if (!quiet)
            fprintf(f, "pass          %s\n", r->path);
        break;
    case ST_FAIL:
        fprintf(f, "FAIL          %s: %s\n", r->path, r->message);
        if (r->context && r->context[0])
            fprintf(f, "%s\n", r->context);
        if (r->diverged)
            print_problems(f, r);
        else if (r->nproblems > 1)
            print_problems(f, r); /* the message counts them */
        break;
    case ST_NO_GOLDEN:
        fprintf(f, "no golden     %s (%s)\n", r->path, r->message);
        break;
    case ST_STALE:
        fprintf(f, "stale golden  %s: %s\n", r->path, r->message);
        break;
    default:
        /* the message starts with the file:line:col of the problem */
        fprintf(f, "error         %s\n", r->message);
        break;
    }
}

void results_print_summary(FILE *f, const check_run *run)
{
    const int *c = run->counts;
    fprintf(f, "%d pass, %d FAIL, %d no golden, %d stale, %d error\n",
            c[ST_PASS], c[ST_FAIL], c[ST_NO_GOLDEN], c[ST_STALE],
            c[ST_ERROR]);
    fprintf(f, "%d passed, %d failed\n", c[ST_PASS],
            (int)run->n - c[ST_PASS]);
}

/* ---- JSON ----------------------------------------------------------------- */

static void json_bool_or_null(FILE *f, int has, int v)
{
    fputs(!has ? "null" : v ? "true" : "false", f);
}

static void json_str_array(FILE *f, char *const *v, int n)
{
    fputc('[', f);
    for (int i = 0; i < n; i++) {
        if (i)
            fputs(", ", f);
        json_str(f, v[i]);
    }
    fputc(']', f);
}

static const char *game_name(const scenario *s)
{
    const game_desc *g = scenario_game(s);
    return g ? g->name : NULL;
}

static void json_verifies(FILE *f, const check_result *r)
{
    int nv = r->loaded && r->vr ? r->s.verify_count : 0;
    fputs(",\n     \"verifies\": [", f);
    for (int k = 0; k < nv; k++) {
        const vresult *vr = &r->vr[k];
        const scenario_verify *v = vr->v;
        fputs(k ? ",\n       {" : "\n       {", f);
        fputs("\"id\": ", f);
        json_str(f, v->id);
        fputs(", \"source\": ", f);
        json_str(f, v->source);
        fputs(", \"quote\": ", f);
        json_str(f, v->quote);
        fputs(", \"note\": ", f);
        json_str(f, v->note);
        fprintf(f, ", \"frame\": %d, \"field\": ", v->frame);
        json_str(f, v->field);
        fprintf(f, ", \"value\": %" PRId32 ", \"original\": ", v->value);
        json_int_or_null(f, v->has_original, v->original);
        fputs(", \"golden\": ", f);
        json_int_or_null(f, vr->has_golden, vr->golden);
        fputs(", \"actual\": ", f);
        json_int_or_null(f, vr->has_actual, vr->actual);
        fputs(", \"guide_matches_original\": ", f);
        json_bool_or_null(f, vr->has_golden, vr->golden == v->value);
        fputs(", \"actual_matches_original\": ", f);
        json_bool_or_null(f, vr->has_golden && vr->has_actual,
                          vr->actual == vr->golden);
        fputs(", \"stated_original_matches_golden\": ", f);
        json_bool_or_null(f, vr->has_golden && v->has_original,
                          v->original == vr->golden);
        fputs(", \"problem\": ", f);
        json_str(f, vr->problem);
        fputc('}', f);
    }
    fputs(nv ? "\n     ]}" : "]}", f);
}

void results_write_json(FILE *f, const check_result *rs, const check_run *run)
{
    const int *c = run->counts;
    fputs("{\n  \"spgsim_check\": 2,\n", f);
    fprintf(f, "  \"core_version\": \"%s\",\n", SPG_VERSION);
    fputs("  \"compared\": ", f);
    json_str(f, run->actual_dir ? "actual-dir" : "core");
    fputs(", \"actual_dir\": ", f);
    json_str(f, run->actual_dir);
    fputs(", \"fields\": ", f);
    json_str(f, run->fields);
    fputs(",\n  \"timestamp\": ", f);
    json_str(f, run->timestamp);
    fprintf(f, ", \"seconds\": %.6f,\n", run->seconds);
    fprintf(f, "  \"summary\": {\"total\": %zu, \"pass\": %d, \"fail\": %d, "
               "\"no_golden\": %d, \"stale\": %d, \"error\": %d, "
               "\"passed\": %d, \"failed\": %d},\n",
            run->n, c[ST_PASS], c[ST_FAIL], c[ST_NO_GOLDEN], c[ST_STALE],
            c[ST_ERROR], c[ST_PASS], (int)run->n - c[ST_PASS]);
    fputs("  \"scenarios\": [", f);
    for (size_t i = 0; i < run->n; i++) {
        const check_result *r = &rs[i];
        fputs(i ? ",\n    {" : "\n    {", f);
        fputs("\"path\": ", f);
        json_str(f, r->path);
        fputs(", \"rel\": ", f);
        json_str(f, r->rel);
        fputs(", \"golden\": ", f);
        json_str(f, r->golden_path);
        fputs(", \"actual\": ", f);
        json_str(f, r->actual_path);
        fputs(",\n     \"name\": ", f);
        json_str(f, r->loaded ? r->s.name : NULL);
        fputs(", \"topic\": ", f);
        json_str(f, r->topic);
        fputs(", \"game\": ", f);
        json_str(f, r->loaded ? game_name(&r->s) : NULL);
        fputs(", \"status\": ", f);
        json_str(f, check_status_names[r->status]);
        fprintf(f, ", \"seconds\": %.6f", r->seconds);
        fputs(",\n     \"message\": ", f);
        json_str(f, r->message);
        fputs(",\n     \"divergence\": ", f);
        if (r->diverged) {
            fprintf(f, "{\"frame\": %d, \"field\": ", r->d.frame);
            json_str(f, r->d.field);
            fprintf(f, ", \"expected\": %" PRId32 ", \"actual\": %" PRId32
                       ", \"also\": ", r->d.expected, r->d.actual);
            json_str_array(f, r->d.also, r->d.nalso);
            fprintf(f, ", \"frames\": %d}", r->d.frames);
        } else {
            fputs("null", f);
        }
        fprintf(f, ", \"verify_failures\": %d, \"not_compared\": ",
                r->nproblems);
        json_str_array(f, r->not_compared, r->nnot_compared);
        fputs(",\n     \"rom_md5\": ", f);
        json_str(f, r->rom_md5[0] ? r->rom_md5 : NULL);
        fputs(", \"scenario_hash\": ", f);
        json_str(f, r->loaded ? r->hash : NULL);
        fputs(", \"golden_hash\": ", f);
        json_str(f, r->golden_hash[0] ? r->golden_hash : NULL);
        json_verifies(f, r);
    }
    fputs(run->n ? "\n  ]\n}\n" : "]\n}\n", f);
}

/* ---- JUnit ---------------------------------------------------------------- */

static void xml_str(FILE *f, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; p && *p; p++) {
        switch (*p) {
        case '&':
            fputs("&amp;", f);
            break;
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '"':
            fputs("&quot;", f);
            break;
        case '\'':
            fputs("&apos;", f);
            break;
        default:
            if (*p < 0x20 && *p != '\n' && *p != '\t' && *p != '\r')
                fputc('?', f); /* not allowed in XML 1.0 */
            else
                fputc(*p, f);
        }
    }
}

/* The JUnit outcome of a status: failure for FAIL and a stale golden,
 * error for a scenario that cannot be run, skipped without a golden. */
static const char *junit_element(enum check_status st)
{
    switch (st) {
    case ST_PASS:
        return NULL;
    case ST_NO_GOLDEN:
        return "skipped";
    case ST_ERROR:
        return "error";
    default:
        return "failure";
    }
}

static void junit_case(FILE *f, const check_result *r, const char *suite)
{
    fputs("    <testcase classname=\"", f);
    xml_str(f, suite);
    fputs("\" name=\"", f);
    xml_str(f, r->path);
    fputs("\" file=\"", f);
    xml_str(f, r->path);
    fprintf(f, "\" time=\"%.6f\"", r->seconds);
    const char *elem = junit_element(r->status);
    if (elem == NULL) {
        fputs("/>\n", f);
        return;
    }
    fprintf(f, ">\n      <%s", elem);
    if (r->status != ST_NO_GOLDEN) {
        fputs(" type=\"", f);
        xml_str(f, check_status_names[r->status]);
        fputc('"', f);
    }
    fputs(" message=\"", f);
    xml_str(f, r->message);
    fputs("\"", f);
    if (r->status == ST_NO_GOLDEN) {
        fputs("/>\n    </testcase>\n", f);
        return;
    }
    fputs(">", f);
    xml_str(f, r->message);
    if (r->context) {
        fputc('\n', f);
        xml_str(f, r->context);
    }
    for (int i = 0; r->vr && i < r->s.verify_count; i++) {
        if (r->vr[i].problem) {
            fputc('\n', f);
            xml_str(f, r->vr[i].problem);
        }
    }
    fprintf(f, "</%s>\n    </testcase>\n", elem);
}

void results_write_junit(FILE *f, const check_result *rs, const check_run *run)
{
    const int *c = run->counts;
    size_t n = run->n;
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
    fprintf(f, "<testsuites name=\"spgsim check\" tests=\"%zu\" "
               "failures=\"%d\" errors=\"%d\" skipped=\"%d\" "
               "time=\"%.6f\" timestamp=\"%s\">\n",
            n, c[ST_FAIL] + c[ST_STALE], c[ST_ERROR], c[ST_NO_GOLDEN],
            run->seconds, run->timestamp);
    int suite_id = 0;
    for (size_t i = 0; i < n; i++) {
        /* one testsuite per topic, in order of first appearance */
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = strcmp(rs[j].topic, rs[i].topic) == 0;
        if (seen)
            continue;
        const char *topic = rs[i].topic[0] ? rs[i].topic : "(top)";
        int tests = 0, failures = 0, errors = 0, skipped = 0;
        double seconds = 0;
        for (size_t j = i; j < n; j++) {
            if (strcmp(rs[j].topic, rs[i].topic) != 0)
                continue;
            tests++;
            seconds += rs[j].seconds;
            const char *e = junit_element(rs[j].status);
            if (e == NULL)
                continue;
            if (strcmp(e, "error") == 0)
                errors++;
            else if (strcmp(e, "skipped") == 0)
                skipped++;
            else
                failures++;
        }
        fprintf(f, "  <testsuite id=\"%d\" name=\"", suite_id++);
        xml_str(f, topic);
        fprintf(f, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" "
                   "skipped=\"%d\" time=\"%.6f\" timestamp=\"%s\">\n",
                tests, failures, errors, skipped, seconds, run->timestamp);
        for (size_t j = i; j < n; j++)
            if (strcmp(rs[j].topic, rs[i].topic) == 0)
                junit_case(f, &rs[j], topic);
        fputs("  </testsuite>\n", f);
    }
    fputs("</testsuites>\n", f);
}
