#!/usr/bin/python3
"""real-acts.py - the core against the original on real acts of your own
ROM images: for each act, import it (spgsim import-level), run a long
random input script and a BizHawk movie through both `spgsim capture`
(the original code) and `spgsim run` (the core) and compare every frame,
then fuzz starts and inputs on the act's map (`spgsim fuzz --level`).

    /usr/bin/python3 scripts/real-acts.py --rom S1.bin --rom S2.bin --rom S3.bin \
        [--frames N] [--fuzz-seconds S] [--work DIR] [--spgsim build/spgsim] \
        [--acts ghz1,mz1,...] [--json FILE]

The imported files hold the games' level data: they are written under
--work (default: a new directory in /tmp), never into the repository.
Prints a line per act and a total; exit status 1 when any frame or fuzz
case differs, 2 on a setup error.  MIT licence, part of spgsim.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# act name -> (game, zone, act)
ACTS = {
    "ghz1": ("sonic1", "ghz", 1), "ghz2": ("sonic1", "ghz", 2),
    "ghz3": ("sonic1", "ghz", 3), "mz1": ("sonic1", "mz", 1),
    "slz1": ("sonic1", "slz", 1), "lz1": ("sonic1", "lz", 1),
    "syz1": ("sonic1", "syz", 1), "sbz1": ("sonic1", "sbz", 1),
    "ehz1": ("sonic2", "ehz", 1), "cpz1": ("sonic2", "cpz", 1),
    "cpz2": ("sonic2", "cpz", 2), "arz1": ("sonic2", "arz", 1),
    "aiz1": ("sonic3", "aiz", 1),
}
DEFAULT_ACTS = "ghz1,ghz2,ghz3,mz1,slz1,lz1,ehz1,cpz1,aiz1"


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, **kw)


def input_script(path, frames, seed, style):
    """An input script (docs/movies.md) of `frames` frames: runs of a
    direction with jumps, as a player might ('play'), or anything
    ('random')."""
    rnd = random.Random(seed)
    steps, left = [], frames
    while left > 0:
        n = min(left, rnd.randint(1, 120 if style == "play" else 40))
        if style == "play":
            held = rnd.choice([["right"]] * 5 + [["left"], ["right", "down"],
                                                 ["down"], [], ["up"]])
            if rnd.random() < 0.4:
                held = held + [rnd.choice(["a", "b", "c"])]
        else:
            held = [b for b in ("up", "down", "left", "right", "a", "b", "c")
                    if rnd.random() < 0.3]
        steps.append("  - {frames: %d, hold: [%s]}" % (n, ", ".join(held)))
        left -= n
    with open(path, "w") as f:
        f.write("input:\n" + "\n".join(steps) + "\nframes: %d\n" % frames)


def frames_agree(spgsim, rom, scen, work, name):
    """Capture and run one scenario; the number of frames compared, or an
    error string."""
    gold = os.path.join(work, name + ".capture.csv")
    core = os.path.join(work, name + ".core.csv")
    p = run([spgsim, "capture", "--rom", rom, "-o", gold, scen])
    if p.returncode != 0:
        return "capture failed: " + p.stderr.strip()[-300:]
    p = run([spgsim, "run", scen, "-o", core])
    if p.returncode != 0:
        return "run failed: " + p.stderr.strip()[-300:]
    p = run([spgsim, "diff", gold, core])
    if p.returncode != 0:
        return "differ: " + (p.stdout + p.stderr).strip()[:300]
    with open(core) as f:
        rows = sum(1 for l in f if l[:1].isdigit())
    return rows - 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rom", action="append", default=[])
    ap.add_argument("--spgsim", default=os.path.join(ROOT, "build", "spgsim"))
    ap.add_argument("--frames", type=int, default=20000)
    ap.add_argument("--fuzz-seconds", type=float, default=60)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--work")
    ap.add_argument("--acts", default=DEFAULT_ACTS)
    ap.add_argument("--json")
    a = ap.parse_args()
    spgsim = os.path.abspath(a.spgsim)
    work = a.work or tempfile.mkdtemp(prefix="spgsim-real-acts-")
    if os.path.abspath(work).startswith(ROOT + os.sep):
        print("real-acts: --work must lie outside the repository (the "
              "imported acts are the ROM's level data)", file=sys.stderr)
        return 2
    os.makedirs(work, exist_ok=True)
    roms = {}
    for r in a.rom:
        # the game of an image: ask the importer with each game's first zone
        for g in ("sonic1", "sonic2", "sonic3"):
            zone = {"sonic1": "ghz", "sonic2": "ehz", "sonic3": "aiz"}[g]
            q = run([spgsim, "import-level", "--rom", r, "--zone", zone,
                     "--frames", "1", "-o", os.devnull])
            if q.returncode == 0:
                roms.setdefault(g, r)
                break
    results, bad = [], 0
    for act in a.acts.split(","):
        game, zone, n = ACTS[act]
        rom = roms.get(game)
        if rom is None:
            print("%-5s skipped: no %s image given" % (act, game))
            continue
        res = {"act": act, "game": game, "rom": rom}
        # 1. a long input script of random play
        inp = os.path.join(work, act + "-play.yaml")
        input_script(inp, a.frames, zlib.crc32(act.encode()), "play")
        scen = os.path.join(work, act + "-play.scenario.yaml")
        p = run([spgsim, "import-level", "--rom", rom, "--zone", zone,
                 "--act", str(n), "--input", inp, "--name", act + "-play",
                 "-o", scen])
        if p.returncode != 0:
            print("%-5s import failed: %s" % (act, p.stderr.strip()))
            bad += 1
            continue
        res["play_frames"] = frames_agree(spgsim, rom, scen, work, act + "-play")
        # 2. a BizHawk movie: random buttons written as a .bk2 by export,
        # read back with import-inputs (the path a real movie takes)
        rinp = os.path.join(work, act + "-random.yaml")
        input_script(rinp, a.frames, zlib.crc32(act.encode()) ^ 0x5A5A, "random")
        # the movie's joypad log is the game's joypad whatever the game;
        # `export --format bk2` writes movies from Sonic 1 scenarios, so
        # the buttons go through a one-cell Sonic 1 scenario of their own
        rscen = os.path.join(work, act + "-random.movie-source.yaml")
        with open(rinp) as f:
            steps_text = f.read()
        with open(rscen, "w") as f:
            f.write("name: %s-movie-source\ngame: sonic1\n"
                    "tiles: {b: {heights: full, angle: 0xFF}}\n"
                    "map: {origin: [0, 64], legend: {\"#\": b}, rows: [\"#\"]}\n"
                    "start: {x: 8, y: 44}\n" % act + steps_text)
        bk2 = os.path.join(work, act + ".bk2")
        minp = os.path.join(work, act + "-movie.yaml")
        mscen = os.path.join(work, act + "-movie.scenario.yaml")
        steps = [
            [spgsim, "export", "--format", "bk2", "--start", "60", "-o", bk2,
             rscen],
            [spgsim, "import-inputs", bk2, "--start", "60", "-o", minp],
            [spgsim, "import-level", "--rom", rom, "--zone", zone, "--act",
             str(n), "--input", minp, "--name", act + "-movie", "-o", mscen],
        ]
        for cmd in steps:
            p = run(cmd)
            if p.returncode != 0:
                res["movie_frames"] = "%s failed: %s" % (cmd[1], p.stderr.strip())
                break
        else:
            res["movie_frames"] = frames_agree(spgsim, rom, mscen, work,
                                               act + "-movie")
        # 3. fuzz on the act's map
        fj = os.path.join(work, act + "-fuzz.json")
        p = run([spgsim, "fuzz", "--rom", rom, "--level", scen, "--time",
                 str(a.fuzz_seconds), "--jobs", str(a.jobs), "--no-write",
                 "-q", "--json", fj])
        try:
            with open(fj) as f:
                fz = json.load(f)
            res["fuzz_cases"] = fz.get("cases")
            res["fuzz_frames"] = fz.get("frames_compared")
            res["fuzz_divergences"] = fz.get("divergences")
            res["fuzz_failures"] = fz.get("oracle_errors")
        except (OSError, ValueError):
            res["fuzz_error"] = p.stderr.strip()[-300:]
        ok = (isinstance(res.get("play_frames"), int) and
              isinstance(res.get("movie_frames"), int) and
              res.get("fuzz_divergences") == 0 and
              not res.get("fuzz_failures"))
        bad += not ok
        print("%-5s %s: play %s frames, movie %s frames, fuzz %s cases / %s "
              "frames, %s divergences" % (
                  act, "agree" if ok else "DIFFER", res.get("play_frames"),
                  res.get("movie_frames"), res.get("fuzz_cases"),
                  res.get("fuzz_frames"), res.get("fuzz_divergences")))
        sys.stdout.flush()
        results.append(res)
    tot = sum(r["play_frames"] + r["movie_frames"] for r in results
              if isinstance(r.get("play_frames"), int) and
              isinstance(r.get("movie_frames"), int))
    ftot = sum(r.get("fuzz_frames") or 0 for r in results)
    print("%d acts, %d frames of scripts and movies compared, %d fuzz frames, "
          "%d acts differ (work: %s)" % (len(results), tot, ftot, bad, work))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
