/*
 * fuzz.c - the fuzzer's run loop: seeds to cases, cases through the core
 * and the oracle, divergences minimised and written; worker threads, the
 * progress line and the summary.
 */
#include "fuzz/fuzz.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fuzz/minimise.h"
#include "util/outfile.h"
#include "util/xalloc.h"
#include "trace/trace.h"

/* Candidates the minimiser may run for one case. */
#define MINIMISE_BUDGET 600

/* ---- the capture oracle ------------------------------------------------- */

/* One capture session (one emulator) per worker thread. */
typedef struct capture_worker {
    const capture_rom *rom;
    capture_session *cs;
} capture_worker;

static void *capture_open(void *arg, char *msg, size_t msglen)
{
    capture_worker *w = calloc(1, sizeof *w);
    capture_error err;
    if (!w) {
        snprintf(msg, msglen, "out of memory");
        return NULL;
    }
    w->rom = arg;
    w->cs = capture_session_open(w->rom, NULL, 0u, &err);
    if (!w->cs) {
        snprintf(msg, msglen, "%s", err.msg);
        free(w);
        return NULL;
    }
    return w;
}

static int capture_run(void *worker, const scenario *s, spg_player *rows,
                       capture_error *err)
{
    capture_worker *w = worker;
    return capture_session_run(w->cs, s, rows, NULL, err);
}

static int capture_golden(void *worker, const char *path, const scenario *s,
                          const spg_player *rows, FILE *err_out)
{
    capture_worker *w = worker;
    return capture_write_golden(path, w->rom, s, rows, err_out);
}

static void capture_close(void *worker)
{
    capture_worker *w = worker;
    capture_session_close(w->cs);
    free(w);
}

fuzz_oracle fuzz_capture_oracle(const capture_rom *rom)
{
    fuzz_oracle o;
    memset(&o, 0, sizeof o);
    o.open = capture_open;
    o.run = capture_run;
    o.write_golden = capture_golden;
    o.close = capture_close;
    o.arg = (void *)(uintptr_t)rom;
    o.name = rom->desc ? rom->desc->name : "ROM";
    o.md5 = rom->md5;
    return o;
}

/* ---- the run ------------------------------------------------------------ */

typedef struct shared {
    const fuzz_options *opt;
    const fuzz_oracle *oracle;
    pthread_mutex_t lock;
    uint64_t next;          /* next case index k */
    int stop;
    struct timespec t0;
    /* totals (under lock) */
    uint64_t cases, frames, divergences, oracle_errors;
    fuzz_finding *findings;
    size_t finding_count, finding_cap;
    int setup_failed;
    char setup_msg[300];
} shared;

static double elapsed(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* The next case index this shard runs, or 0 when done. */
static int take_case(shared *sh, uint64_t *k)
{
    const fuzz_options *o = sh->opt;
    int ok = 0;
    pthread_mutex_lock(&sh->lock);
    if (!sh->stop) {
        uint64_t i = sh->next++;
        uint64_t kk = i * (uint64_t)o->shards + (uint64_t)o->shard;
        if (o->cases && kk >= o->cases)
            sh->stop = 1;
        else if (o->time_limit > 0 && elapsed(&sh->t0) >= o->time_limit)
            sh->stop = 1;
        else {
            *k = kk;
            ok = 1;
        }
    }
    pthread_mutex_unlock(&sh->lock);
    return ok;
}

static int add_finding(shared *sh, const fuzz_finding *f)
{
    if (sh->finding_count == sh->finding_cap) {
        size_t cap = sh->finding_cap ? sh->finding_cap * 2 : 16;
        fuzz_finding *nf = realloc(sh->findings, cap * sizeof *nf);
        if (!nf)
            return -1;
        sh->findings = nf;
        sh->finding_cap = cap;
    }
    sh->findings[sh->finding_count++] = *f;
    return 0;
}

static void fmt_path(char *buf, size_t len, const char *root, const char *dir,
                     const char *name, const char *ext)
{
    snprintf(buf, len, "%s/%s/regressions/%s.%s", root ? root : ".", dir, name,
             ext);
}

/* What the "reproduce with" command needs beyond --rom and --seed: the
 * character when one was chosen (a Sonic 2 case's is otherwise the
 * seed's). */
static const char *reproduce_extra(const fuzz_options *o)
{
    const game_desc *g = game_of(o->gen.game);
    static _Thread_local char buf[600];
    buf[0] = '\0';
    if (o->gen.level)
        snprintf(buf, sizeof buf, " --level %s", o->gen.level->path);
    if (g == NULL || g->character_count < 2 ||
        o->gen.character == FUZZ_CHAR_ANY || o->gen.level)
        return buf;
    snprintf(buf, sizeof buf, " --character %s",
             fuzz_character_name(o->gen.character));
    return buf;
}

/*
 * Write the minimised case: the scenario (named after the seed and field,
 * its description saying where it diverged) and the oracle's golden.  The
 * scenario is read back to make sure it is the case that was run.
 */
static int write_case(shared *sh, void *worker, scenario *s,
                      const fuzz_finding *f, const spg_player *orig_rows,
                      char *spath, char *gpath, size_t plen, FILE *err)
{
    const fuzz_options *o = sh->opt;
    const char *field =
        fuzz_column_name(fuzz_game_layout(&o->gen), f->div.column);
    char name[128], desc[1400], feats[256];
    fuzz_case_info info;
    scenario tmp;

    /* The generator's own description names the features. */
    if (fuzz_generate_game(&o->gen, f->seed, &tmp, &info) == 0)
        scenario_free(&tmp);
    fuzz_features_string(info.features, feats, sizeof feats);
    snprintf(name, sizeof name, "fuzz-%llu-%s", (unsigned long long)f->seed,
             field);
    snprintf(desc, sizeof desc,
             "Found by spgsim fuzz, seed %llu (features %s; start %s; input "
             "%s), against %s: the core and the original first differed at "
             "frame %d in %s (original %ld, core %ld). Minimised from %d "
             "frames and %d map cells to %d frames and %d cells. Reproduce "
             "with: spgsim fuzz --rom ROM --seed %llu%s",
             (unsigned long long)f->seed, feats, fuzz_start_name(info.start),
             fuzz_input_name(info.input), sh->oracle->name, f->div.frame, field,
             (long)f->div.expected, (long)f->div.actual, f->frames_before,
             f->cells_before, f->frames_after, f->cells_after,
             (unsigned long long)f->seed, reproduce_extra(o));
    free(s->name);
    free(s->description);
    s->name = str_dup(name);
    s->description = str_dup(desc);
    if (!s->name || !s->description)
        return -1;
    fmt_path(spath, plen, o->out_root, "scenarios", name, "yaml");
    fmt_path(gpath, plen, o->out_root, "golden", name, "csv");
    free(s->path);
    s->path = str_dup(spath);
    if (!s->path)
        return -1;

    if (scenario_check(s, err) != 0) {
        fprintf(err, "%s: the scenario format cannot hold this case\n", spath);
        return -1;
    }
    outfile out;
    if (outfile_mkdirs(spath, err) != 0 || outfile_open(&out, spath, err) != 0)
        return -1;
    if (scenario_write_yaml(out.f, s) != 0) {
        outfile_abort(&out);
        fprintf(err, "%s: could not write the scenario\n", spath);
        return -1;
    }
    if (outfile_commit(&out, err) != 0)
        return -1;
    scenario back;
    if (scenario_load(spath, &back, err) != 0)
        return -1;
    int same = back.hash == s->hash;
    scenario_free(&back);
    if (!same) {
        fprintf(err, "%s: reads back as a different case (scenario writer bug)\n",
                spath);
        return -1;
    }
    return sh->oracle->write_golden(worker, gpath, s, orig_rows, err);
}

const trace_layout *fuzz_game_layout(const fuzz_gen_config *gen)
{
    const game_desc *g = gen && gen->game ? game_of(gen->game) : game_at(0);
    return g ? g->layout : &trace_layout_normal;
}

/* One case, start to finish: counted, and recorded when it diverges. */
static void run_case(shared *sh, void *worker, uint64_t seed)
{
    const fuzz_options *o = sh->opt;
    scenario s;
    fuzz_case_info info;
    fuzz_finding f;
    fuzz_probe p;
    int diverged = 0;
    memset(&f, 0, sizeof f);
    memset(&p, 0, sizeof p);
    f.seed = seed;

    if (fuzz_generate_game(&o->gen, seed, &s, &info) != 0) {
        f.failed = 1;
        snprintf(f.message, sizeof f.message, "seed %llu: out of memory",
                 (unsigned long long)seed);
        goto record;
    }
    p.oracle = sh->oracle;
    p.worker = worker;
    p.columns = o->columns ? o->columns : FUZZ_ALL_COLUMNS;
    p.room = s.frames + 1;
    p.budget = MINIMISE_BUDGET;
    p.core_rows = malloc((size_t)p.room * sizeof *p.core_rows);
    p.orig_rows = malloc((size_t)p.room * sizeof *p.orig_rows);
    if (!p.core_rows || !p.orig_rows) {
        f.failed = 1;
        snprintf(f.message, sizeof f.message, "seed %llu: out of memory",
                 (unsigned long long)seed);
        goto done;
    }
    capture_error err;
    int rc = fuzz_probe_run(&p, &s, &f.div, &err);
    if (rc < 0) {
        f.failed = 1;
        snprintf(f.message, sizeof f.message, "seed %llu: %s",
                 (unsigned long long)seed, err.msg);
        goto done;
    }
    uint64_t frames = rc == 1 ? (uint64_t)f.div.frame : (uint64_t)s.frames;
    pthread_mutex_lock(&sh->lock);
    sh->cases++;
    sh->frames += frames;
    pthread_mutex_unlock(&sh->lock);
    if (rc == 0)
        goto done;
    diverged = 1;

    f.frames_before = s.frames;
    f.cells_before = fuzz_cell_count(&s);
    if (o->minimise)
        fuzz_minimise(&p, &s, &f.div);
    else if (f.div.frame < s.frames)
        s.frames = f.div.frame;
    scenario_update_hash(&s);
    f.frames_after = s.frames;
    f.cells_after = fuzz_cell_count(&s);
    if (o->write) {
        /* The rows of the case as written. */
        fuzz_divergence d;
        if (fuzz_probe_run(&p, &s, &d, &err) < 0 ||
            write_case(sh, worker, &s, &f, p.orig_rows, f.scenario_path,
                       f.golden_path, sizeof f.scenario_path,
                       o->log ? o->log : stderr) != 0) {
            f.scenario_path[0] = f.golden_path[0] = '\0';
        }
    }
done:
    free(p.core_rows);
    free(p.orig_rows);
    scenario_free(&s);
record:
    if (f.failed || diverged) {
        pthread_mutex_lock(&sh->lock);
        if (f.failed) {
            sh->oracle_errors++;
            sh->cases++;
        } else {
            sh->divergences++;
        }
        add_finding(sh, &f);
        if (o->log) {
            if (o->progress)
                fputs("\r\033[K", o->log);
            if (f.failed)
                fprintf(o->log, "oracle error: %s\n", f.message);
            else
                fprintf(o->log,
                        "divergence: seed %llu, frame %d, %s: original %ld, "
                        "core %ld (minimised to %d frames, %d cells)%s%s\n"
                        "  reproduce with: spgsim fuzz --rom %s --seed %llu%s\n",
                        (unsigned long long)seed, f.div.frame,
                        fuzz_column_name(fuzz_game_layout(&o->gen),
                                         f.div.column),
                        (long)f.div.expected,
                        (long)f.div.actual, f.frames_after, f.cells_after,
                        f.scenario_path[0] ? " -> " : "", f.scenario_path,
                        o->rom_arg ? o->rom_arg : "ROM",
                        (unsigned long long)seed, reproduce_extra(o));
        }
        pthread_mutex_unlock(&sh->lock);
    }
}

static void *worker_main(void *arg)
{
    shared *sh = arg;
    char msg[300] = "";
    void *w = sh->oracle->open(sh->oracle->arg, msg, sizeof msg);
    if (!w) {
        pthread_mutex_lock(&sh->lock);
        sh->setup_failed = 1;
        sh->stop = 1;
        snprintf(sh->setup_msg, sizeof sh->setup_msg, "%s", msg);
        pthread_mutex_unlock(&sh->lock);
        return NULL;
    }
    uint64_t k;
    while (take_case(sh, &k))
        run_case(sh, w, sh->opt->first_seed + k);
    sh->oracle->close(w);
    return NULL;
}

static int finding_cmp(const void *a, const void *b)
{
    const fuzz_finding *x = a, *y = b;
    return x->seed < y->seed ? -1 : x->seed > y->seed;
}

static void progress_line(shared *sh)
{
    double t = elapsed(&sh->t0);
    pthread_mutex_lock(&sh->lock);
    fprintf(sh->opt->log,
            "\r\033[Kcases %llu  frames %llu  %.0f frames/s  divergences %llu",
            (unsigned long long)sh->cases, (unsigned long long)sh->frames,
            t > 0 ? (double)sh->frames / t : 0.0,
            (unsigned long long)(sh->divergences + sh->oracle_errors));
    fflush(sh->opt->log);
    pthread_mutex_unlock(&sh->lock);
}

int fuzz_run(const fuzz_options *opt, const fuzz_oracle *oracle,
             fuzz_summary *out)
{
    shared sh;
    memset(&sh, 0, sizeof sh);
    memset(out, 0, sizeof *out);
    sh.opt = opt;
    sh.oracle = oracle;
    pthread_mutex_init(&sh.lock, NULL);
    clock_gettime(CLOCK_MONOTONIC, &sh.t0);

    int jobs = opt->jobs < 1 ? 1 : opt->jobs > 256 ? 256 : opt->jobs;
    pthread_t th[256];
    int started = 0;
    for (int i = 0; i < jobs; i++) {
        if (pthread_create(&th[i], NULL, worker_main, &sh) != 0)
            break;
        started++;
    }
    if (started == 0) {
        if (opt->log)
            fprintf(opt->log, "spgsim fuzz: cannot start a worker thread: %s\n",
                    strerror(errno));
        pthread_mutex_destroy(&sh.lock);
        return -1;
    }
    if (opt->progress && opt->log) {
        /* The main thread only reports until the workers are done. */
        for (;;) {
            pthread_mutex_lock(&sh.lock);
            int stop = sh.stop;
            pthread_mutex_unlock(&sh.lock);
            if (stop)
                break;
            progress_line(&sh);
            struct timespec nap = {0, 250 * 1000 * 1000};
            nanosleep(&nap, NULL);
        }
    }
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    if (opt->progress && opt->log) {
        progress_line(&sh);
        fputc('\n', opt->log);
    }
    pthread_mutex_destroy(&sh.lock);
    if (sh.setup_failed) {
        if (opt->log)
            fprintf(opt->log, "spgsim fuzz: %s\n", sh.setup_msg);
        free(sh.findings);
        return -1;
    }
    out->cases = sh.cases;
    out->frames = sh.frames;
    out->divergences = sh.divergences;
    out->oracle_errors = sh.oracle_errors;
    out->wall_time = elapsed(&sh.t0);
    out->findings = sh.findings;
    out->finding_count = sh.finding_count;
    if (out->finding_count > 1)
        qsort(out->findings, out->finding_count, sizeof *out->findings,
              finding_cmp);
    return 0;
}

void fuzz_summary_free(fuzz_summary *s)
{
    free(s->findings);
    memset(s, 0, sizeof *s);
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

void fuzz_summary_json(FILE *f, const fuzz_options *opt,
                       const fuzz_oracle *oracle, const fuzz_summary *s)
{
    double per_m = s->frames ? (double)s->divergences * 1e6 / (double)s->frames : 0.0;
    fprintf(f, "{\n  \"rom\": ");
    json_str(f, oracle->name);
    fprintf(f, ",\n  \"rom_md5\": ");
    if (oracle->md5)
        json_str(f, oracle->md5);
    else
        fputs("null", f);
    fprintf(f,
            ",\n  \"first_seed\": %llu,\n  \"shard\": \"%d/%d\",\n"
            "  \"cases\": %llu,\n  \"frames_compared\": %llu,\n"
            "  \"divergences\": %llu,\n  \"oracle_errors\": %llu,\n"
            "  \"divergences_per_million_frames\": %.3f,\n"
            "  \"wall_time_s\": %.3f,\n  \"frames_per_s\": %.0f,\n"
            "  \"cases_per_s\": %.2f,\n  \"jobs\": %d,\n  \"findings\": [",
            (unsigned long long)opt->first_seed, opt->shard, opt->shards,
            (unsigned long long)s->cases, (unsigned long long)s->frames,
            (unsigned long long)s->divergences,
            (unsigned long long)s->oracle_errors, per_m, s->wall_time,
            s->wall_time > 0 ? (double)s->frames / s->wall_time : 0.0,
            s->wall_time > 0 ? (double)s->cases / s->wall_time : 0.0, opt->jobs);
    for (size_t i = 0; i < s->finding_count; i++) {
        const fuzz_finding *x = &s->findings[i];
        fprintf(f, "%s\n    {\"seed\": %llu, ", i ? "," : "",
                (unsigned long long)x->seed);
        if (x->failed) {
            fputs("\"oracle_error\": ", f);
            json_str(f, x->message);
        } else {
            fprintf(f, "\"frame\": %d, \"field\": ", x->div.frame);
            json_str(f, fuzz_column_name(fuzz_game_layout(&opt->gen),
                                         x->div.column));
            fprintf(f,
                    ", \"original\": %ld, \"core\": %ld, \"frames\": %d, "
                    "\"frames_before\": %d, \"cells\": %d, \"cells_before\": %d, "
                    "\"scenario\": ",
                    (long)x->div.expected, (long)x->div.actual, x->frames_after,
                    x->frames_before, x->cells_after, x->cells_before);
            if (x->scenario_path[0])
                json_str(f, x->scenario_path);
            else
                fputs("null", f);
            fputs(", \"golden\": ", f);
            if (x->golden_path[0])
                json_str(f, x->golden_path);
            else
                fputs("null", f);
        }
        fputs("}", f);
    }
    fprintf(f, "%s]\n}\n", s->finding_count ? "\n  " : "");
}
