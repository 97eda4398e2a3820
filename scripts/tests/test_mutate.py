#!/usr/bin/python3
"""Test scripts/mutate: its C reading (comments, strings, preprocessor lines,
shifts and arrows are not comparisons; profile constants with their sign),
the equivalence list, and whole runs on a small fake project whose
`spgsim check scenarios` compares a few C functions with expected values.

The fake project plants one mutant of each kind: killed, survived and
listed as equivalent, survived and not listed, a timeout (an endless
loop), a listed mutant that is in fact killed, and a stale list entry; it
also checks that the tree is left as it was (after a normal run and after
SIGINT) and that the temporary copies are removed.

Run with /usr/bin/python3; ends with "N passed, N failed".
"""
import importlib.machinery
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testkit import Results, sigint_default  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
MUTATE = os.path.join(ROOT, "scripts", "mutate")


def load_module():
    loader = importlib.machinery.SourceFileLoader("mutate", MUTATE)
    mod = types.ModuleType(loader.name)
    mod.__file__ = MUTATE
    loader.exec_module(mod)
    return mod


MAKEFILE = """\
BUILD ?= build
OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard core/src/*.c))
$(BUILD)/spgsim: $(OBJ) harness/cli/main.c core/src/p.h
\t$(CC) $(CFLAGS) -Icore/src -o $@ $(OBJ) harness/cli/main.c
$(BUILD)/obj/%.o: %.c core/src/p.h
\t@mkdir -p $(@D)
\t$(CC) $(CFLAGS) -Icore/src -c -o $@ $<
"""

P_H = """\
struct prof { int top, limit, flag; };
int spg_profile_get(int v, struct prof *out);
int clamp(int v, int top);
int below(int v, int limit);
int spin(int n);
"""

PROFILE_C = """\
/* profile.c: p.top = 99; in a comment is no constant */
#include "p.h"

static void speeds(int v, struct prof *p)
{
    switch (v) {
    case 1:
        p->top = 0x10;
        break;
    default:
        p->top = 0x20;
        break;
    }
}

int spg_profile_get(int v, struct prof *out)
{
    struct prof p;

    if (v > 1)
        return -1;
    speeds(v, &p);
    p.limit = -0x4;
    p.flag = 1;
    *out = p;
    return 0;
}
"""

LOGIC_C = """\
#include "p.h"
/* a comment: a < b, "x >= y" */
#define BIG(x) ((x) > 100)
static const char *s = "a <= b";

int clamp(int v, int top)
{
    return v > top ? top : v;
}

int below(int v, int limit)
{
    return v < limit && s[0] != 0;
}

int spin(int n)
{
    volatile unsigned i = (unsigned)n;
    while (i > 0u)
        i--;
    return (int)i + (n << 1) - (n >> 1) * 0;
}
"""

MAIN_C = r"""
#include <stdio.h>
#include <string.h>
#include "p.h"

static int value(const char *fn, int arg)
{
    struct prof p;
    if (strcmp(fn, "clamp") == 0) return clamp(arg, 10);
    if (strcmp(fn, "below") == 0) return below(arg, 5);
    if (strcmp(fn, "spin") == 0) return spin(arg);
    if (spg_profile_get(arg, &p) != 0) return -1;
    if (strcmp(fn, "top") == 0) return p.top;
    if (strcmp(fn, "limit") == 0) return p.limit;
    return p.flag != 0;
}

int main(int argc, char **argv)
{
    char name[64], fn[64];
    int arg, want, fails = 0;
    FILE *f;
    if (argc != 3 || strcmp(argv[1], "check") != 0) return 2;
    f = fopen("scenarios/cases.txt", "r");
    if (!f) return 2;
    while (fscanf(f, "%63s %63s %d %d", name, fn, &arg, &want) == 4) {
        int got = value(fn, arg);
        if (got == want) {
            printf("pass          scenarios/%s.yaml\n", name);
        } else {
            printf("FAIL          scenarios/%s.yaml: %d, not %d\n", name,
                   got, want);
            fails++;
        }
    }
    fclose(f);
    printf("%d failed\n", fails);
    return fails ? 1 : 0;
}
"""

CASES = """\
top1 top 1 16
top0 top 0 32
limit limit 0 -4
flag flag 0 1
clamp clamp 3 3
clamp-hi clamp 30 10
below below 2 1
spin spin 3 6
"""

EQUIV = """\
# the fake project's equivalent mutants
core/src/logic.c:8:14 > -> >=
    code: return v > top ? top : v;
    why: at v == top both give top.

core/src/profile.c:24:14 1 -> 2
    code: p.flag = 1;
    why: read only as a truth value.
"""


def write(base, rel, text):
    p = os.path.join(base, rel)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w") as f:
        f.write(text)


def make_project(base):
    write(base, "Makefile", MAKEFILE)
    write(base, "core/src/p.h", P_H)
    write(base, "core/src/profile.c", PROFILE_C)
    write(base, "core/src/logic.c", LOGIC_C)
    write(base, "harness/cli/main.c", MAIN_C)
    write(base, "scenarios/cases.txt", CASES)
    write(base, "golden/README", "goldens would be here\n")
    write(base, "scripts/mutate-equivalent.txt", EQUIV)


def state(base):
    files = {}
    for dp, dn, fn in os.walk(base):
        if "build" in os.path.relpath(dp, base).split(os.sep):
            continue
        for f in fn:
            p = os.path.join(dp, f)
            with open(p, "rb") as fh:
                files[os.path.relpath(p, base)] = fh.read()
    return files


def run(base, tmpdir, *args, timeout=300):
    env = dict(os.environ, TMPDIR=tmpdir)
    return subprocess.run([sys.executable, MUTATE, "--root", base] +
                          list(args), cwd=base, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, timeout=timeout)


def unit_tests(res, mod):
    text = ('#include <a.h>\n#define M(x) \\\n  ((x) < 2)\n'
            'int f(int a) { /* a < b */ // c > d\n'
            '  char c = \'<\'; const char *s = "x >= y";\n'
            '  return a->b << 2 >= (a >> 1) && a <= 3 || a != 4 && a == 5'
            ' && a < 6 && a > 7 && (a >>= 1) && (a <<= 1);\n}\n')
    blank = mod.blank_non_code(text)
    res.check(len(blank) == len(text) and blank.count("\n") ==
              text.count("\n"), "blank: offsets and lines kept")
    ops = [(mod.line_col(text, o), op) for o, op in mod.comparisons(blank)]
    res.check([op for _, op in ops] == [">=", "<=", "!=", "==", "<", ">"],
              "comparisons: code only; shifts, ->, <<=, >>= skipped",
              ops)
    res.check(all(line == 6 for (line, _), _ in ops),
              "comparisons: all on line 6", ops)
    res.check(mod.format_literal(0x3FF, "0x400") == "0x3FF" and
              mod.format_literal(-0x401, "0x400") == "-0x401" and
              mod.format_literal(0xF, "0x0E") == "0x0F" and
              mod.format_literal(10, "9") == "10" and
              mod.format_literal(0x1f, "0x1e") == "0x1f",
              "format_literal keeps hex, case and width")
    ms = mod.constant_mutants("core/src/profile.c", PROFILE_C)
    got = [(m["line"], m["orig"], m["new"]) for m in ms]
    res.check(got == [(8, "0x10", "0x11"), (8, "0x10", "0xF"),
                      (11, "0x20", "0x21"), (11, "0x20", "0x1F"),
                      (23, "-0x4", "-0x3"), (23, "-0x4", "-0x5"),
                      (24, "1", "2"), (24, "1", "0")],
              "constants: assignments in spg_profile_get and what it "
              "calls, with their sign; not the if, return or comment", got)
    res.check("[1]" in ms[0]["desc"] and "default" in ms[2]["desc"],
              "constants: the case label is named",
              [m["desc"] for m in ms])
    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, "eq.txt")
        with open(p, "w") as f:
            f.write("a.c:3:5 < -> <=\n    code: if (x < y)\n    why: one\n"
                    "        two\n\nb.c:1:1 == -> !=\n    code: z == 0\n"
                    "garbage\n")
        entries, errors = mod.parse_equivalent(p)
    res.check(len(entries) == 2 and entries[0]["why"] == "one two" and
              entries[0]["code"] == "if (x < y)",
              "equivalence list: entries and continued why", entries)
    res.check(len(errors) == 2, "equivalence list: a bad header and an "
              "entry without why are errors", errors)
    src = "int f(int x, int y)\n{\n    if (x < y)\n        return 1;\n}\n"
    moved = "\n\n" + src
    m0 = mod.operator_mutants("a.c", src)
    m1 = mod.operator_mutants("a.c", moved)
    by, stale, mv = mod.match_equivalent(entries[:1], m0)
    res.check(list(by) == ["a.c:3:11 < -> <="] and not stale,
              "equivalence list: matched by code and place in the line",
              (by, stale))
    by, stale, mv = mod.match_equivalent(entries[:1], m1)
    res.check(list(by) == ["a.c:5:11 < -> <="] and len(mv) == 1,
              "equivalence list: a moved line is still matched", (by, mv))
    by, stale, mv = mod.match_equivalent(
        entries[:1], mod.operator_mutants("a.c", src.replace("x < y",
                                                             "x < z")))
    res.check(not by and len(stale) == 1,
              "equivalence list: changed code makes the entry stale")


def main():
    res = Results()
    mod = load_module()
    unit_tests(res, mod)
    real = mod.generate(ROOT)
    res.check(any(m["kind"] == "constant" for m in real) and
              any(m["kind"] == "operator" for m in real),
              "the real tree has constant and operator mutants")
    res.check(not any(m["file"].endswith(".h") and
                      m["file"] not in mod.CORE_CODE_HEADERS for m in real),
              "headers are left out unless named with --file or listed as "
              "holding code (CORE_CODE_HEADERS)")
    res.check(any(m["file"] == "core/src/special/maze.h" for m in real),
              "maze.h's inline code is mutated")

    with tempfile.TemporaryDirectory(prefix="spg_mutate_test_") as base:
        proj = os.path.join(base, "proj")
        tmp = os.path.join(base, "tmp")
        os.makedirs(tmp)
        make_project(proj)
        before = state(proj)

        # 1. The whole set: below's boundary is not tested (survivor),
        # spin's i >= 0u never ends (timeout).
        js = os.path.join(base, "s1.json")
        p = run(proj, tmp, "--no-san", "--timeout", "3", "--json", js)
        out = p.stdout + p.stderr
        res.check(p.returncode == 1, "run 1: exit 1 (a survivor)", out)
        s = json.load(open(js)) if os.path.exists(js) else {}
        res.check(s.get("mutants") == 13, "run 1: 13 mutants (8 constants,"
                  " 5 operators; not the comment, string or #define)",
                  s.get("mutants"))
        res.check(s.get("equivalent") == 2 and s.get("unexplained") == 1,
                  "run 1: 2 equivalent, 1 unexplained", s)
        res.check(s.get("timeout") == 1, "run 1: the endless loop is a "
                  "timeout", out)
        res.check("SURVIVED, not explained:\n  core/src/logic.c:13:14 < -> "
                  "<=" in out, "run 1: the survivor is listed with its "
                  "place", out)
        res.check("return v < limit && s[0] != 0;" in out,
                  "run 1: ... and its code line", out)
        res.check(abs(s.get("score", 0) - 100.0 * 10 / 11) < 0.01,
                  "run 1: score = killed / (total - equivalent)", s)
        res.check(state(proj) == before, "run 1: tree left as it was")
        res.check(os.listdir(tmp) == [], "run 1: temporary copies removed",
                  os.listdir(tmp))

        # 2. A boundary case kills it: every survivor is equivalent.
        write(proj, "scenarios/cases.txt", CASES + "below5 below 5 0\n")
        before = state(proj)
        js = os.path.join(base, "s2.json")
        p = run(proj, tmp, "--timeout", "3", "--json", js)
        out = p.stdout + p.stderr
        s = json.load(open(js)) if os.path.exists(js) else {}
        res.check(p.returncode == 0 and s.get("unexplained") == 0 and
                  s.get("score") == 100.0,
                  "run 2 (with the san pass): exit 0, score 100%", out)
        res.check(state(proj) == before and os.listdir(tmp) == [],
                  "run 2: tree as it was, no temporary copies")

        # 3. --resume reuses every outcome; --only / --file / --match.
        p = run(proj, tmp, "--timeout", "3", "--resume")
        res.check(p.returncode == 0 and "13 outcome(s) reused" in p.stderr
                  and "mutants to run" not in p.stdout,
                  "run 3: --resume runs nothing again", p.stdout + p.stderr)
        p = run(proj, tmp, "--list", "--only", "constants")
        res.check(p.returncode == 0 and "8 mutants" in p.stdout,
                  "--list --only constants", p.stdout)
        p = run(proj, tmp, "--list", "--file", "core/src/logic.c")
        res.check("4 mutants" in p.stdout and "profile.c" not in p.stdout,
                  "--list --file", p.stdout)
        p = run(proj, tmp, "--list", "--match", "logic.c:8:",
                "--match=-0x3")
        res.check("2 mutants" in p.stdout, "--match: any of them",
                  p.stdout)

        # 4. A wrong argument (the mutant is killed) and a stale entry.
        write(proj, "scripts/mutate-equivalent.txt", EQUIV +
              "\ncore/src/logic.c:13:14 < -> <=\n"
              "    code: return v < limit && s[0] != 0;\n"
              "    why: wrong.\n"
              "\ncore/src/logic.c:99:1 < -> <=\n"
              "    code: gone();\n    why: stale.\n")
        p = run(proj, tmp, "--no-san", "--match", "logic.c:13:14")
        out = p.stdout + p.stderr
        res.check(p.returncode == 1 and "KILLED although listed as "
                  "equivalent" in out, "run 4: a killed 'equivalent' "
                  "mutant is reported", out)
        res.check("stale entry" in out, "run 4: a stale entry is reported",
                  out)

        # 5. SIGINT in the middle: exit 130, copies removed, tree intact.
        write(proj, "scripts/mutate-equivalent.txt", EQUIV)
        before = state(proj)
        env = dict(os.environ, TMPDIR=tmp)
        proc = subprocess.Popen([sys.executable, MUTATE, "--root", proj,
                                 "--no-san", "--timeout", "30", "-j", "1",
                                 "--match", "spin", "--match", "logic"],
                                cwd=proj, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE,
                                universal_newlines=True,
                                preexec_fn=sigint_default)
        deadline = time.time() + 60
        started = False
        while time.time() < deadline and not started:
            time.sleep(0.5)
            started = any(d.startswith("spgsim-mutate-")
                          for d in os.listdir(tmp)) and os.path.exists(
                os.path.join(proj, "build", "mutate", "results.jsonl"))
        time.sleep(2)
        proc.send_signal(signal.SIGINT)
        try:
            out, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
        res.check(proc.returncode == 130, "SIGINT: exit 130",
                  "exit %s\n%s%s" % (proc.returncode, out, err))
        res.check("interrupted" in err, "SIGINT: says so", err)
        res.check(os.listdir(tmp) == [], "SIGINT: temporary copies removed",
                  os.listdir(tmp))
        res.check(state(proj) == before, "SIGINT: tree left as it was")
    return res.finish()


if __name__ == "__main__":
    sys.exit(main())
