#!/usr/bin/python3
"""CI conventions, as far as they can be tried here:

  1. ci/deps.sh groups: the suite needs only what building spgsim and
     `check` use (no clang, matplotlib or cross binutils); every header the
     build includes comes from a package of the suite group (or from libc or
     gcc); and spgsim builds and passes the suite with a PATH that has no
     clang, no m68k binutils, no C++ compiler and no Python;
  2. docs/ci/github-actions.yml and docs/ci/gitlab-ci.yml: their commands,
     run the way the runners run them in a copy of the repository (with a
     golden broken on purpose, so the suite fails), leave the JUnit XML, the
     JSON and the report the jobs publish as artifacts.

    /usr/bin/python3 scripts/tests/test_ci.py

Ends with "N passed, N failed".
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testkit import Results  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


def sh(cmd, cwd=ROOT, env=None, shell="sh"):
    return subprocess.run([shell, "-c", cmd], cwd=cwd, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True)


def group(name):
    p = sh("sh ci/deps.sh --list %s" % name)
    return set(p.stdout.split()) if p.returncode == 0 else None


def system_headers():
    """Every <header> the library and the spgsim binary include."""
    core = os.path.join(ROOT, "core", "src")
    files = (glob.glob(os.path.join(core, "*.[ch]")) +
             glob.glob(os.path.join(core, "special", "*.[ch]")) +
             glob.glob(os.path.join(ROOT, "core", "include", "spg", "*.h")) +
             [f for f in glob.glob(os.path.join(ROOT, "harness", "**", "*.[ch]"),
                                   recursive=True)
              if os.sep + "tests" + os.sep not in f])
    heads = set()
    for f in files:
        with open(f) as fh:
            heads |= set(re.findall(r"^\s*#\s*include\s*<([^>]+)>", fh.read(),
                                    re.M))
    return heads


def header_package(h):
    """(package, path) of the file the compiler would use for <h>."""
    p = subprocess.run(["gcc", "-E", "-H", "-x", "c", "-",
                        "-D_POSIX_C_SOURCE=200809L", "-o", "/dev/null"],
                       input="#include <%s>\n" % h, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    first = [l for l in p.stderr.splitlines() if l.startswith(". ")]
    if not first:
        return None, None
    path = os.path.realpath(first[0][2:].strip())
    if "/lib/gcc/" in path:
        return "gcc", path
    q = subprocess.run(["dpkg", "-S", path], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    if q.returncode != 0:
        return None, path
    return q.stdout.split(":")[0], path


def copy_repo(dst):
    """The working tree (tracked and new files) and build/, for running CI
    commands without touching this tree."""
    files = subprocess.run(["git", "ls-files", "--cached", "--others",
                            "--exclude-standard"], cwd=ROOT,
                           stdout=subprocess.PIPE, universal_newlines=True,
                           check=True).stdout.splitlines()
    for f in files:
        src = os.path.join(ROOT, f)
        if not os.path.isfile(src):
            continue
        os.makedirs(os.path.dirname(os.path.join(dst, f)), exist_ok=True)
        shutil.copy2(src, os.path.join(dst, f))
    # the built tree with its times, so make has nothing to do
    for f in ["spgsim", "libspg.a", "libspgsim_harness.a"] + [
            os.path.basename(x) for x in glob.glob(
                os.path.join(ROOT, "build", "libspg.so*"))]:
        if os.path.lexists(os.path.join(ROOT, "build", f)):
            os.makedirs(os.path.join(dst, "build"), exist_ok=True)
            subprocess.run(["cp", "-a", os.path.join(ROOT, "build", f),
                            os.path.join(dst, "build", f)], check=True)
    for d in ("obj", "pic", "gen"):
        if os.path.isdir(os.path.join(ROOT, "build", d)):
            subprocess.run(["cp", "-a", os.path.join(ROOT, "build", d),
                            os.path.join(dst, "build", d)], check=True)


def small_suite(repo, keep=("running", "jumping")):
    """Only a few topics, and one golden broken on purpose."""
    for top in ("scenarios", "golden"):
        for d in os.listdir(os.path.join(repo, top)):
            if d not in keep:
                shutil.rmtree(os.path.join(repo, top, d))
    g = os.path.join(repo, "golden", "running", "deceleration.csv")
    with open(g) as f:
        lines = f.read().splitlines()
    h = [i for i, l in enumerate(lines) if l.startswith("frame,")][0]
    cols = lines[h].split(",")
    row = lines[h + 3].split(",")
    row[cols.index("ground_speed")] = str(int(row[cols.index("ground_speed")]) + 1)
    lines[h + 3] = ",".join(row)
    with open(g, "w") as f:
        f.write("\n".join(lines) + "\n")


def check_artifacts(res, repo, label, paths, junit):
    for p in paths:
        res.check(os.path.exists(os.path.join(repo, p)),
                  "%s: artifact %s exists" % (label, p))
    try:
        suites = ET.parse(os.path.join(repo, junit)).getroot()
        fails = [c.get("name") for c in suites.iter("testcase")
                 if c.find("failure") is not None]
        ok = fails == ["scenarios/running/deceleration.yaml"]
    except (OSError, ET.ParseError) as e:
        ok, fails = False, str(e)
    res.check(ok, "%s: the JUnit XML names the broken scenario" % label, fails)
    try:
        with open(os.path.join(repo, "build", "check.json")) as f:
            j = json.load(f)
        ok = j["summary"]["fail"] == 1 and j["summary"]["total"] > 10
    except (OSError, ValueError, KeyError) as e:
        ok, j = False, str(e)
    res.check(ok, "%s: the JSON results" % label, str(j)[:300])
    page = ""
    if os.path.exists(os.path.join(repo, "report", "index.html")):
        with open(os.path.join(repo, "report", "index.html")) as f:
            page = f.read()
    res.check('id="fail-scenarios-running-deceleration-yaml"' in page and
              os.path.exists(os.path.join(repo, "report", "errata.csv")),
              "%s: the report shows the failure" % label)


def main():
    res = Results()
    # ---- 1. what the suite needs ----
    suite, report, test = group("suite"), group("report"), group("test")
    res.check(suite and not suite & {"clang", "g++", "git",
                                     "binutils-m68k-linux-gnu", "python3",
                                     "python3-matplotlib", "python3-yaml",
                                     "python3-jsonschema"},
              "deps: the suite group has no clang, C++, git, Python or "
              "cross binutils", suite)
    res.check(suite and report and suite < report and
              {"python3", "python3-yaml"} <= report and
              "python3-matplotlib" not in report and
              "clang" not in report and "binutils-m68k-linux-gnu"
              not in report, "deps: the report group adds Python only",
              report)
    res.check(test and report and report < test and
              {"clang", "binutils-m68k-linux-gnu", "python3-jsonschema",
               "g++", "git"} <= test, "deps: the test group has everything",
              test)
    res.check(sh("sh ci/deps.sh frobnicate").returncode == 2,
              "deps: an unknown group is a usage error")
    res.check(sh("grep -q 'deps.sh suite' ci/suite.sh && grep -q "
                 "'deps.sh test' ci/test.sh").returncode == 0,
              "deps: ci/suite.sh asks for the suite group, ci/test.sh for "
              "all")
    base = {"libc6-dev", "linux-libc-dev", "gcc", "libgcc-12-dev"}
    bad = []
    for h in sorted(system_headers()):
        pkg, path = header_package(h)
        if pkg is None or (pkg not in suite and pkg not in base and
                           not pkg.startswith("libgcc")):
            bad.append("<%s> %s (%s)" % (h, path, pkg))
    res.check(suite and not bad, "deps: every header the build includes is "
              "in a package of the suite group", bad)

    with tempfile.TemporaryDirectory(prefix="spg_ci_test_") as tmp:
        # a PATH without what the suite must not need
        tbin = os.path.join(tmp, "bin")
        os.makedirs(tbin)
        banned = re.compile(r"^(clang.*|.*m68k.*|python.*|g\+\+.*|c\+\+.*|"
                            r".*-g\+\+.*|git|pip.*)$")
        for d in ("/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"):
            if not os.path.isdir(d):
                continue
            for name in os.listdir(d):
                t = os.path.join(tbin, name)
                if banned.match(name) or os.path.lexists(t):
                    continue
                os.symlink(os.path.join(d, name), t)
        env = dict(os.environ, PATH=tbin)
        b = os.path.join(tmp, "build")
        p = sh("make -s -j2 BUILD=%s all && %s/spgsim check -q scenarios" % (
            b, b), env=env)
        res.check(p.returncode == 0 and re.search(r"\n(\d+) passed, 0 failed",
                                                  p.stdout),
                  "deps: spgsim builds and passes the suite without clang, "
                  "C++, Python or m68k binutils on the PATH", p.stdout[-1500:])
        shutil.rmtree(b, ignore_errors=True)

        # ---- 2. the example CI jobs ----
        env = dict(os.environ, SPGSIM_NO_INSTALL="1")
        with open(os.path.join(ROOT, "docs", "ci", "github-actions.yml")) as f:
            gh = yaml.safe_load(f)
        steps = gh["jobs"]["suite"]["steps"]
        upload = [s for s in steps if "upload-artifact" in s.get("uses", "")]
        res.check(len(upload) == 1 and upload[0].get("if") == "always()" and
                  all(s.get("if") == "always()" for s in steps[2:]),
                  "github: the report and the upload run also when the "
                  "suite fails")
        repo = os.path.join(tmp, "gh")
        copy_repo(repo)
        small_suite(repo)
        codes = []
        for s in steps:
            if "run" not in s:
                continue
            if codes and codes[-1] != 0 and s.get("if") != "always()":
                continue
            p = sh("set -e\n" + s["run"], cwd=repo, env=env)  # sh -e {0}
            codes.append(p.returncode)
            if p.returncode not in (0, 1):
                print(p.stdout[-2000:])
        res.check(codes == [1, 0], "github: the suite step fails (a golden is "
                  "broken), the report step still runs and succeeds", codes)
        paths = upload[0]["with"]["path"].split() if upload else []
        check_artifacts(res, repo, "github", paths, "build/junit.xml")

        with open(os.path.join(ROOT, "docs", "ci", "gitlab-ci.yml")) as f:
            gl = yaml.safe_load(f)
        job = gl["spgsim-suite"]
        art = job["artifacts"]
        res.check(art.get("when") == "always" and
                  art["reports"]["junit"] == "build/junit.xml",
                  "gitlab: artifacts kept always, JUnit as a test report")
        repo = os.path.join(tmp, "gl")
        copy_repo(repo)
        small_suite(repo)
        p = sh("set -e\n" + "\n".join(job["script"]), cwd=repo, env=env)
        res.check(p.returncode == 1, "gitlab: the job fails because the "
                  "suite does (exit %d)" % p.returncode, p.stdout[-1500:])
        check_artifacts(res, repo, "gitlab", art["paths"],
                        art["reports"]["junit"])
    return res.finish()


if __name__ == "__main__":
    sys.exit(main())
