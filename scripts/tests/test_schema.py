#!/usr/bin/python3
"""Keep schema/scenario.schema.json in step with the scenario loader.

1. The schema is a valid JSON Schema (draft 2020-12).
2. Every bundled scenario (scenarios/**/*.yaml) validates against it.
3. Good scenarios: the schema accepts them and `spgsim run` loads them
   (exit 0).
4. Bad scenarios, each a small mutation of a good one (unknown key, wrong
   type, out-of-range number, bad enum, missing required key, ...): the
   schema rejects them, and `spgsim run` exits 2 with a
   "file:line:col: message" and writes no trace.

Needs Debian's python3-yaml and python3-jsonschema; run with
/usr/bin/python3.  Ends with "N passed, N failed"; exit 1 on any failure.

    /usr/bin/python3 scripts/tests/test_schema.py [--spgsim build/spgsim]
"""
import argparse
import copy
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

import jsonschema
import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testkit import Results  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))

BASE = {
    "name": "schema-base",
    "description": "Sonic walks right along a floor with a ramp.",
    "game": "sonic1",
    "character": "sonic",
    "variant": "normal",
    "tiles": {
        "block": {"heights": "full", "angle": 0xFF, "solidity": "all"},
        "ramp": {"heights": list(range(1, 17)), "angle": 0xE0},
        "ledge": {"heights": "empty", "widths": [16] * 2 + [0] * 14,
                  "angle": "$40", "solidity": "sides"},
    },
    "map": {
        "origin": [0, 640],
        "legend": {
            "#": "block",
            "/": "ramp",
            "\\": {"tile": "ramp", "flip": ["x"]},
            "T": {"tile": "block", "solidity": "top"},
            "L": {"tile": "ledge", "flip": ["x", "y"], "solidity": "none"},
        },
        "rows": [
            "L...............",
            "......./\\.......",
            "#######TT#######",
        ],
    },
    "start": {"x": 40, "x_sub": 0, "y": 652, "y_sub": 0, "x_speed": 0,
              "y_speed": 0, "ground_speed": 0, "angle": 0,
              "facing": "right", "in_air": False, "rolling": False,
              "control_lock": 0, "jumping": False, "anim": 5,
              "prev_anim": 5, "anim_frame": 18, "anim_timer": 0x17,
              "mapping_frame": 4, "render_flags": 4},
    "bounds": {"left": 0, "right": 16000, "bottom": 2000},
    "input": [{"frames": 5, "hold": ["right"]}, {"frames": 2},
              {"frames": 1, "hold": ["right", "a"]}],
    "frames": 10,
    "verifies": [{"id": "schema/base", "source": "made up, for the test",
                  "quote": "Sonic starts at 40.", "frame": 0, "field": "x",
                  "value": 40, "original": 40, "note": "no note"}],
}

# Good scenarios written as YAML text, for the spellings a dump of BASE
# cannot show (hex forms, flow style, empty description, ...).
GOOD_TEXT = {
    "sonic2-two-paths": """\
name: sonic2-two-paths
game: sonic2
character: tails
tiles:
  block: {heights: full, angle: 0xFF, solidity2: top}
  half: {heights: [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8], angle: 0}
map:
  origin: [0, 640]
  legend:
    "#": block
    "d": {tile: block, tile2: half, solidity2: all}
  rows: ["....", "##d#"]
start: {x: 24, y: 620, path: secondary, spindash_counter: "$1E1"}
input: [{frames: 3, hold: [down]}]
verifies:
  - {id: s2/a, source: s, quote: q, frame: 1, field: spindash_counter,
     value: 0}
""",
    "sonic2-wrap": """\
name: sonic2-wrap
game: sonic2
tiles:
  block: {heights: full, angle: 0xFF}
map:
  origin: [0, 0]
  legend: {"#": block}
  rows: ["....", "####"]
start: {x: 24, y: 2040, in_air: true}
bounds: {top: "-$100", bottom: 2048}
frames: 20
""",
    "soniccd-start": """\
name: soniccd-start
game: soniccd
tiles:
  block: {heights: full, angle: 0xFF}
map:
  origin: [2304, 640]
  legend: {"#": block}
  rows: ["....", "####"]
start: {x: 2320, y: 652, charge: 29, player_ctrl: 0, look_mode: "$81",
        anim: 0x2B, prev_anim: 0x2B, anim_frame: 37,
        time_zone: 0, cam_x_center: 200, cam_y_center: 0x10,
        bored_timer: 10799}
input: [{frames: 3, hold: [up]}]
verifies:
  - {id: scd/a, source: s, quote: q, frame: 1, field: charge, value: 30}
""",
    "imported-header": """\
name: ghz1
imported:
  rom_md5: 09dadb5071eb35050067a32462e39c5f
  game: sonic1
  zone: GHZ
  act: "1"
  tool: "spgsim import-level 0.1.0"
game: sonic1
zone: ghz
tiles: {b: {heights: full, angle: 0xFF}}
map: {origin: [0, 640], legend: {"#": b}, rows: ["####"]}
start: {x: 30, y: 620}
frames: 3
""",
    "hex-forms": """\
name: hex-forms
description:
game: sonic1
tiles:
  block: {heights: full, angle: 0xff}
map:
  origin: [0x0, "$280"]
  legend: {"#": block}
  rows: ["....", "####"]
start: {x: "$28", y: 0x28C, x_speed: -0x10, ground_speed: "-$10"}
frames: 3
""",
    "no-input-just-frames": """\
name: 123
game: sonic1
tiles: {}
map: {origin: [0, 0], rows: ["...."]}
start: {in_air: true}
frames: 2
""",
    "input-only": """\
name: input-only
game: sonic1
variant: underwater
tiles:
  t: {heights: [16, 16, 16, 16, 16, 16, 16, 16, 8, 8, 8, 8, 0, 0, 0, -4], angle: 0}
map:
  origin: [16, 16]
  legend: {"x": {tile: t, flip: [y, x]}}
  rows: ["x x", "xxx"]
start: {x: 32, y: 12, facing: left, rolling: true}
input:
  - {frames: 4, hold: [left, down, start, b, c, up]}
verifies:
  - {id: a, source: b, quote: c, frame: 4, field: angle_buffer_2, value: -1}
""",
    "wide-cells-and-bytes": """\
name: wide-cells-and-bytes
game: sonic1
tiles:
  block: {heights: full, angle: 0xFF}
  tall:
    heights: [17, 127, -128, -17, 16, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    widths: [-128, 127, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    angle: 0x10
map:
  origin: [0, 640]
  cell_width: 2
  legend: {"B0": block, "t.": tall, ".t": {tile: tall, flip: [x, y]}}
  rows: ["..t...t.  ", "B0B0B0B0B0"]
start:
  x: 40
  y: 620
  pushing: true
  roll_jump: true
  on_object: false
  underwater: true
  height_radius: 200
  width_radius: "$10"
  anim: 29
  routine: 6
  angle_buffer_1: 3
  angle_buffer_2: 0xFF
  word_38: 0xFF00
frames: 5
verifies:
  - {id: w, source: b, quote: c, frame: 4, field: word_38, value: 0}
""",
    "water-sonic2": """\
name: water-sonic2
game: sonic2
character: tails
water_level: "$280"
tiles: {block: {heights: full, angle: 0xFF}}
map: {origin: [0, 640], legend: {"#": block}, rows: ["....", "####"]}
start: {x: 24, y: 600, in_air: true}
frames: 3
""",
    "water-sonic1-lz": """\
name: water-sonic1-lz
game: sonic1
zone: LZ
water_level: -100
tiles: {block: {heights: full, angle: 0xFF}}
map: {origin: [0, 640], legend: {"#": block}, rows: ["....", "####"]}
start: {x: 24, y: 600, in_air: true}
frames: 3
""",
    "cell-width-one": """\
name: cell-width-one
game: sonic1
tiles:
  block: {heights: [0, 0, 0, 0, 0, 0, 0, 0, 16, 16, 16, 16, 16, 16, 16, 16], widths: [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 127], angle: 0}
map: {origin: [0, 0], cell_width: 1, legend: {"#": block}, rows: [".#"]}
start: {routine: 8, anim: 0}
frames: 1
""",
}


def set_path(d, path, value):
    for k in path[:-1]:
        d = d[k]
    d[path[-1]] = value


def del_path(d, path):
    for k in path[:-1]:
        d = d[k]
    del d[path[-1]]


def mut_set(path, value):
    return lambda d: set_path(d, path, value)


def mut_del(path):
    return lambda d: del_path(d, path)


def mut_both(*fns):
    def f(d):
        for fn in fns:
            fn(d)
    return f


# A well-formed `imported:` header for BASE (Green Hill act 1).
IMPORTED = {"rom_md5": "09dadb5071eb35050067a32462e39c5f", "game": "sonic1",
            "zone": "ghz", "act": 1, "tool": "spgsim import-level 0.1.0"}

# (label, mutation of a copy of BASE).  Each must be rejected by both.
BAD = [
    # unknown keys
    ("unknown top-level key", mut_set(["speed"], 3)),
    ("unknown start key", mut_set(["start", "z"], 0)),
    ("unknown tile key", mut_set(["tiles", "block", "color"], "red")),
    ("unknown map key", mut_set(["map", "size"], [1, 1])),
    ("unknown legend entry key",
     mut_set(["map", "legend", "T", "rotate"], 90)),
    ("unknown bounds key", mut_set(["bounds", "top"], 0)),
    ("unknown input step key", mut_set(["input", 0, "repeat"], 2)),
    ("unknown verifies key", mut_set(["verifies", 0, "tolerance"], 1)),
    ("unknown imported key", mut_set(["imported"], dict(IMPORTED, when=1))),
    ("imported without act",
     mut_set(["imported"], {k: v for k, v in IMPORTED.items()
                            if k != "act"})),
    ("imported rom_md5 in capitals",
     mut_set(["imported"], dict(IMPORTED, rom_md5="09DADB5071EB35050067A32462E39C5F"))),
    ("imported by another tool", mut_set(["imported"], dict(IMPORTED, tool="me"))),
    ("imported act 0", mut_set(["imported"], dict(IMPORTED, act=0))),
    # missing required keys
    ("missing name", mut_del(["name"])),
    ("missing game", mut_del(["game"])),
    ("missing tiles", mut_del(["tiles"])),
    ("missing map", mut_del(["map"])),
    ("missing start", mut_del(["start"])),
    ("missing map origin", mut_del(["map", "origin"])),
    ("missing map rows", mut_del(["map", "rows"])),
    ("missing tile heights", mut_del(["tiles", "block", "heights"])),
    ("missing tile angle", mut_del(["tiles", "ramp", "angle"])),
    ("missing step frames", mut_del(["input", 1, "frames"])),
    ("missing verifies quote", mut_del(["verifies", 0, "quote"])),
    ("missing verifies value", mut_del(["verifies", 0, "value"])),
    ("missing legend entry tile", mut_del(["map", "legend", "T", "tile"])),
    ("nothing to run", mut_both(mut_del(["input"]), mut_del(["frames"]),
                                mut_del(["verifies"]))),
    # wrong types
    ("tiles is a list", mut_set(["tiles"], ["block"])),
    ("start is a list", mut_set(["start"], [1, 2])),
    ("start is empty (null)", mut_set(["start"], None)),
    ("input is a mapping", mut_set(["input"], {"frames": 3})),
    ("hold is a string", mut_set(["input", 0, "hold"], "right")),
    ("rows is a string", mut_set(["map", "rows"], "####")),
    ("origin is a string", mut_set(["map", "origin"], "0, 640")),
    ("heights is a number", mut_set(["tiles", "block", "heights"], 16)),
    ("in_air is not a boolean", mut_set(["start", "in_air"], "maybe")),
    ("frames is not a number", mut_set(["frames"], "many")),
    ("x is not an integer", mut_set(["start", "x"], 1.5)),
    ("x is a malformed hex string", mut_set(["start", "x"], "$2G0")),
    ("name is a list", mut_set(["name"], ["a"])),
    ("name is empty", mut_set(["name"], "")),
    ("verifies is a mapping", mut_set(["verifies"], {"id": "x"})),
    ("legend entry is a list", mut_set(["map", "legend", "#"], ["block"])),
    # out of range
    ("angle 256", mut_set(["tiles", "block", "angle"], 256)),
    ("angle -1", mut_set(["start", "angle"], -1)),
    ("x 40000", mut_set(["start", "x"], 40000)),
    ("x_sub -1", mut_set(["start", "x_sub"], -1)),
    ("y_speed -32769", mut_set(["start", "y_speed"], -32769)),
    ("control_lock 70000", mut_set(["start", "control_lock"], 70000)),
    ("anim 31 (no script)", mut_set(["start", "anim"], 31)),
    ("mapping_frame 88", mut_set(["start", "mapping_frame"], 88)),
    ("anim_frame 19", mut_set(["start", "anim_frame"], 19)),
    ("render_flags 256", mut_set(["start", "render_flags"], 256)),
    ("frames 0", mut_set(["frames"], 0)),
    ("frames 100001", mut_set(["frames"], 100001)),
    ("step frames 0", mut_set(["input", 0, "frames"], 0)),
    ("height 17", mut_set(["tiles", "ramp", "heights", 15], 17)),
    ("width -129", mut_set(["tiles", "ledge", "widths", 0], -129)),
    ("height 128 (widths given)",
     mut_set(["tiles", "ledge", "heights"], [128] + [0] * 15)),
    ("height -17 without widths",
     mut_set(["tiles", "ramp", "heights", 0], -17)),
    ("origin x not a multiple of 16", mut_set(["map", "origin", 0], 8)),
    ("origin y past the layout", mut_set(["map", "origin", 1], 2048)),
    ("origin has 3 numbers", mut_set(["map", "origin"], [0, 0, 0])),
    ("15 heights", mut_set(["tiles", "ramp", "heights"], list(range(15)))),
    ("map wider than the layout",
     mut_set(["map", "rows"], ["." * 1025])),
    ("map taller than the layout",
     mut_set(["map", "rows"], ["."] * 129)),
    ("empty rows list", mut_set(["map", "rows"], [])),
    ("empty row", mut_set(["map", "rows"], [""])),
    ("bounds right 40000", mut_set(["bounds", "right"], 40000)),
    ("verifies value 2^31", mut_set(["verifies", 0, "value"], 2 ** 31)),
    ("verifies frame -1", mut_set(["verifies", 0, "frame"], -1)),
    # bad enums
    ("game sonic4", mut_set(["game"], "sonic4")),
    ("sonic1 with a top bound", mut_set(["bounds"], {"top": 16})),
    ("soniccd with a top bound", mut_both(mut_set(["game"], "soniccd"),
                                          mut_set(["bounds"], {"top": 0}))),

    # Sonic 2 keys in a Sonic 1 scenario
    ("start path in sonic1", mut_set(["start", "path"], "secondary")),
    ("start spindash_counter in sonic1",
     mut_set(["start", "spindash_counter"], 0x200)),
    ("tile solidity2 in sonic1",
     mut_set(["tiles", "block", "solidity2"], "top")),
    ("legend tile2 in sonic1", mut_set(["map", "legend", "T", "tile2"], "ramp")),
    ("legend solidity2 in sonic1",
     mut_set(["map", "legend", "T", "solidity2"], "none")),
    ("character tails", mut_set(["character"], "tails")),
    ("character knuckles in sonic1", mut_set(["character"], "knuckles")),
    ("character knuckles in sonic3", mut_both(mut_set(["game"], "sonic3"),
                                              mut_set(["character"],
                                                      "knuckles"))),
    ("start glide_flags in sonic3", mut_both(mut_set(["game"], "sonic3"),
                                             mut_set(["start", "glide_flags"],
                                                     2))),
    ("start glide_flags 256 in sonic3k",
     mut_both(mut_set(["game"], "sonic3k"),
              mut_set(["start", "glide_flags"], 256))),
    # Sonic CD's start fields: its own, in range
    ("start charge in sonic1", mut_set(["start", "charge"], 3)),
    ("start look_mode in sonic3k",
     mut_both(mut_set(["game"], "sonic3k"),
              mut_set(["start", "look_mode"], 1))),
    ("start time_zone 3 in soniccd",
     mut_both(mut_set(["game"], "soniccd"),
              mut_set(["start", "time_zone"], 3))),
    ("start bored_timer 10800 in soniccd",
     mut_both(mut_set(["game"], "soniccd"),
              mut_set(["start", "bored_timer"], 10800))),
    ("start path in soniccd",
     mut_both(mut_set(["game"], "soniccd"),
              mut_set(["start", "path"], "secondary"))),
    ("character tails in soniccd",
     mut_both(mut_set(["game"], "soniccd"), mut_set(["character"], "tails"))),
    # the level sizes: Sonic CD's 32768 x 4096, the others' 16384 x 2048
    ("origin x 16384 in sonic1", mut_set(["map", "origin"], [16384, 640])),
    ("origin y 2048 in sonic3k",
     mut_both(mut_set(["game"], "sonic3k"),
              mut_set(["map", "origin"], [0, 2048]))),
    ("origin x 32768 in soniccd",
     mut_both(mut_set(["game"], "soniccd"),
              mut_set(["map", "origin"], [32768, 640]))),
    ("origin y 4096 in soniccd",
     mut_both(mut_set(["game"], "soniccd"),
              mut_set(["map", "origin"], [0, 4096]))),
    ("anim_frame 38 in soniccd",
     mut_both(mut_set(["game"], "soniccd"),
              mut_set(["start", "anim_frame"], 38))),
    ("variant wet", mut_set(["variant"], "wet")),
    ("facing up", mut_set(["start", "facing"], "up")),
    ("solidity half", mut_set(["tiles", "block", "solidity"], "half")),
    ("legend solidity half",
     mut_set(["map", "legend", "T", "solidity"], "half")),
    ("button z", mut_set(["input", 0, "hold"], ["right", "z"])),
    ("field speed", mut_set(["verifies", 0, "field"], "speed")),
    ("flip z", mut_set(["map", "legend", "\\", "flip"], ["z"])),
    ("heights half", mut_set(["tiles", "block", "heights"], "half")),
    # duplicates and symbols
    ("button held twice", mut_set(["input", 0, "hold"], ["right", "right"])),
    ("flip axis twice", mut_set(["map", "legend", "\\", "flip"], ["x", "x"])),
    ("legend symbol '.'", mut_set(["map", "legend", "."], "block")),
    ("legend symbol of two characters",
     mut_set(["map", "legend", "##"], "block")),
    # the wide cell form
    ("cell_width 0", mut_set(["map", "cell_width"], 0)),
    ("cell_width 5", mut_set(["map", "cell_width"], 5)),
    ("cell_width 2 with one-character symbols",
     mut_set(["map", "cell_width"], 2)),
    ("cell_width 2, a row of odd length",
     mut_both(mut_set(["map", "cell_width"], 2),
              mut_set(["map", "legend"], {"B0": "block"}),
              mut_set(["map", "rows"], ["B0B0", "B0B0."]))),
    ("cell_width 2, symbol '..'",
     mut_both(mut_set(["map", "cell_width"], 2),
              mut_set(["map", "legend"], {"..": "block"}),
              mut_set(["map", "rows"], ["...."]))),
    ("cell_width 2, symbol with a space",
     mut_both(mut_set(["map", "cell_width"], 2),
              mut_set(["map", "legend"], {"B ": "block"}),
              mut_set(["map", "rows"], ["B B "]))),
    # start fields
    ("pushing is not a boolean", mut_set(["start", "pushing"], 1)),
    ("height_radius 256", mut_set(["start", "height_radius"], 256)),
    ("width_radius -1", mut_set(["start", "width_radius"], -1)),
    ("anim 31", mut_set(["start", "anim"], 31)),
    ("routine 4", mut_set(["start", "routine"], 4)),
    ("routine 0", mut_set(["start", "routine"], 0)),
    ("angle_buffer_1 256", mut_set(["start", "angle_buffer_1"], 256)),
    ("word_38 65536", mut_set(["start", "word_38"], 65536)),
    ("underwater is a string", mut_set(["start", "underwater"], "yes")),
    # the water: Water_flag games, and Sonic 1's Labyrinth Zone only
    ("water_level in soniccd",
     mut_both(mut_set(["game"], "soniccd"), mut_set(["water_level"], 600))),
    ("water_level in sonic1 outside Labyrinth Zone",
     mut_set(["water_level"], 600)),
    ("zone lz without water_level", mut_set(["zone"], "lz")),
    ("water_level 32768 in sonic2",
     mut_both(mut_set(["game"], "sonic2"), mut_set(["water_level"], 32768))),
    ("water_level is a string",
     mut_both(mut_set(["game"], "sonic3"), mut_set(["water_level"], "deep"))),
]



def run_loader(spgsim, path, out):
    p = subprocess.run([spgsim, "run", path, "-o", out],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    return p.returncode, p.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spgsim", default=os.path.join(ROOT, "build", "spgsim"))
    ap.add_argument("--schema", default=os.path.join(
        ROOT, "schema", "scenario.schema.json"))
    ap.add_argument("--scenarios", default=os.path.join(ROOT, "scenarios"))
    args = ap.parse_args()

    res = Results()
    with open(args.schema) as f:
        schema = json.load(f)
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
        res.check(True, "schema is valid")
    except jsonschema.exceptions.SchemaError as e:
        res.check(False, "schema is valid", str(e).splitlines()[0])
        print("%d passed, %d failed" % (res.passed, res.failed))
        return 1
    validator = jsonschema.Draft202012Validator(schema)

    def schema_errors(doc):
        return sorted(validator.iter_errors(doc), key=lambda e: list(e.path))

    if not os.access(args.spgsim, os.X_OK):
        print("FAIL no spgsim binary at %s (build it first: make)"
              % args.spgsim)
        print("%d passed, %d failed" % (res.passed, res.failed + 1))
        return 1

    # 2. The bundled scenarios.
    bundled = sorted(glob.glob(os.path.join(args.scenarios, "**", "*.yaml"),
                               recursive=True))
    res.check(len(bundled) > 0, "bundled scenarios exist",
              "none under %s" % args.scenarios)
    for path in bundled:
        rel = os.path.relpath(path, ROOT)
        try:
            with open(path) as f:
                doc = yaml.safe_load(f)
        except yaml.YAMLError as e:
            res.check(False, rel, "not YAML: %s" % e)
            continue
        errs = schema_errors(doc)
        res.check(not errs, "%s validates" % rel,
                  "; ".join("%s: %s" % ("/".join(map(str, e.path)), e.message)
                            for e in errs[:3]))

    with tempfile.TemporaryDirectory(prefix="spg_schema_") as tmp:
        out = os.path.join(tmp, "trace.csv")

        # The template `spgsim new` writes, and the harness's good fixtures.
        p = subprocess.run([args.spgsim, "new", "topic/template", "--dir",
                            tmp], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, universal_newlines=True)
        tpl = os.path.join(tmp, "topic", "template.yaml")
        ok = p.returncode == 0 and os.path.exists(tpl)
        res.check(ok, "spgsim new writes a template", p.stderr.strip())
        extra = [tpl] if ok else []
        extra += sorted(glob.glob(os.path.join(ROOT, "harness", "tests",
                                               "good", "*.yaml")))
        for path in extra:
            with open(path) as f:
                errs = schema_errors(yaml.safe_load(f))
            res.check(not errs, "%s validates" % os.path.basename(path),
                      "; ".join(e.message for e in errs[:3]))

        # What `spgsim import-inputs` writes completes a scenario that both
        # accept.
        p = subprocess.run([args.spgsim, "import-inputs", os.path.join(
            ROOT, "harness", "tests", "data", "main.bk2")],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True)
        doc = copy.deepcopy(BASE)
        del doc["input"], doc["frames"]
        imported = yaml.safe_dump(doc, sort_keys=False) + p.stdout
        path = os.path.join(tmp, "imported.yaml")
        with open(path, "w") as f:
            f.write(imported)
        errs = schema_errors(yaml.safe_load(imported))
        rc, err = run_loader(args.spgsim, path, out)
        res.check(p.returncode == 0 and not errs and rc == 0,
                  "good: base + spgsim import-inputs output",
                  "import exit %d %s; schema: %s; run exit %d: %s" % (
                      p.returncode, p.stderr.strip(),
                      "; ".join(e.message for e in errs[:2]) or "ok", rc,
                      err.strip()))
        if os.path.exists(out):
            os.unlink(out)

        # 3. Good ones: both accept.
        goods = [("base (dumped)", yaml.safe_dump(BASE, sort_keys=False))]
        goods += sorted(GOOD_TEXT.items())
        for label, text in goods:
            path = os.path.join(tmp, "good.yaml")
            with open(path, "w") as f:
                f.write(text)
            errs = schema_errors(yaml.safe_load(text))
            rc, err = run_loader(args.spgsim, path, out)
            res.check(not errs and rc == 0 and os.path.exists(out),
                      "good: %s" % label,
                      "schema: %s; spgsim run exit %d: %s" % (
                          "; ".join(e.message for e in errs[:2]) or "ok", rc,
                          err.strip()))
            if os.path.exists(out):
                os.unlink(out)

        # 4. Bad ones: the schema rejects, and so does the loader, with a
        # position.
        for i, (label, mutate) in enumerate(BAD):
            doc = copy.deepcopy(BASE)
            mutate(doc)
            text = yaml.safe_dump(doc, sort_keys=False)
            path = os.path.join(tmp, "bad%02d.yaml" % i)
            with open(path, "w") as f:
                f.write(text)
            errs = schema_errors(yaml.safe_load(text))
            rc, err = run_loader(args.spgsim, path, out)
            pos = re.search(r"^%s:(\d+):(\d+): \S" % re.escape(path), err,
                            re.M)
            problems = []
            if not errs:
                problems.append("the schema accepts it")
            if rc != 2:
                problems.append("spgsim run exit %d (want 2)" % rc)
            if not pos:
                problems.append("no file:line:col message (stderr: %r)"
                                % err.strip()[:200])
            if os.path.exists(out):
                problems.append("a trace was written")
                os.unlink(out)
            res.check(not problems, "bad: %s" % label, "; ".join(problems))

    return res.finish()


if __name__ == "__main__":
    sys.exit(main())
