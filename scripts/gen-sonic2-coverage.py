#!/usr/bin/python3
"""Write the Sonic 2 coverage scenarios (scenarios/sonic2/...).

Run from the repository root with /usr/bin/python3 (it needs python3-yaml):

    /usr/bin/python3 scripts/gen-sonic2-coverage.py [--only PREFIX]

Three kinds of scenario, all for `game: sonic2`:

* ports: a Sonic 1 scenario's map, start and input run by Sonic 2's Sonic
  and Tails (scenarios/sonic2/<topic>/<name>.yaml and .../tails-<name>.yaml).
  Tails is given the same start except that a grounded, uncurled start is
  4 px lower (his height radius is $0F, Sonic's $13), so both stand on
  the same floor.  The Sonic 1 scenario's verifies entries are kept with
  ids prefixed by "sonic2/" (Sonic) or "sonic2/tails/" (Tails); what the
  original does in Sonic 2 is read from the golden afterwards (see
  verifies-s2.yaml beside this script's output, applied by hand).
* variations built here: a round room with a block on the wall or the
  ceiling (wall push in the wall and ceiling modes), a spindash into a
  loop, the guide's balance coordinates.
* random runs: random masks with every flip and both paths' solidity,
  random secondary-path tiles, random input; seeded, so the same files come
  out every time.

No golden is written here: capture them with `spgsim capture --rom S2ROM`.
"""
import json
import os
import random
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# ---------------------------------------------------------------- writing

def scalar(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(scalar(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join("%s: %s" % (k, scalar(x)) for k, x in v.items()) + "}"
    raise TypeError(repr(v))


def plain_list(v):
    """flip and hold lists: bare words."""
    return "[" + ", ".join(v) + "]"


def legend_value(v):
    if isinstance(v, str):
        return json.dumps(v)
    parts = []
    for k, x in v.items():
        parts.append("%s: %s" % (k, plain_list(x) if k == "flip" else scalar(x)))
    return "{" + ", ".join(parts) + "}"


def wrap(text, width=72, indent="  "):
    words = " ".join(text.split()).split(" ")
    lines, cur = [], ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(indent + cur)
            cur = w
        else:
            cur = (cur + " " + w) if cur else w
    if cur:
        lines.append(indent + cur)
    return "\n".join(lines)


def dump(doc):
    out = []
    out.append("name: %s" % doc["name"])
    out.append("description: >")
    out.append(wrap(doc["description"]))
    out.append("game: sonic2")
    out.append("character: %s" % doc.get("character", "sonic"))
    if doc.get("variant", "normal") != "normal":
        out.append("variant: %s" % doc["variant"])
    out.append("")
    out.append("tiles:")
    for name, t in doc["tiles"].items():
        out.append("  %s: %s" % (name, scalar(t)))
    out.append("")
    m = doc["map"]
    out.append("map:")
    out.append("  origin: %s" % scalar(m["origin"]))
    if m.get("cell_width", 1) != 1:
        out.append("  cell_width: %d" % m["cell_width"])
    out.append("  legend:")
    for sym, v in m["legend"].items():
        out.append("    %s: %s" % (json.dumps(sym), legend_value(v)))
    out.append("  rows:")
    for r in m["rows"]:
        out.append("    - %s" % json.dumps(r))
    out.append("")
    out.append("start:")
    for k, v in doc["start"].items():
        out.append("  %s: %s" % (k, scalar(v)))
    if doc.get("bounds"):
        out.append("")
        out.append("bounds: %s" % scalar(doc["bounds"]))
    if doc.get("input"):
        out.append("")
        out.append("input:")
        for st in doc["input"]:
            if st.get("hold"):
                out.append("  - {frames: %d, hold: %s}" % (st["frames"], plain_list(st["hold"])))
            else:
                out.append("  - {frames: %d}" % st["frames"])
    if doc.get("frames"):
        out.append("frames: %d" % doc["frames"])
    if doc.get("verifies"):
        out.append("")
        out.append("verifies:")
        for v in doc["verifies"]:
            first = True
            for k in ("id", "source", "quote", "frame", "field", "value", "original", "note"):
                if k not in v:
                    continue
                x = v[k]
                s = scalar(x) if not isinstance(x, str) or k in ("source", "quote", "note") else x
                if k in ("source", "quote", "note"):
                    s = json.dumps(x)
                out.append("%s%s: %s" % ("  - " if first else "    ", k, s))
                first = False
    return "\n".join(out) + "\n"


def write(rel, doc):
    path = os.path.join(ROOT, "scenarios", rel + ".yaml")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(dump(doc))
    return path


# ---------------------------------------------------------------- ports

def load(rel):
    with open(os.path.join(ROOT, "scenarios", rel + ".yaml")) as f:
        return yaml.safe_load(f)


def num(v):
    if isinstance(v, str):
        s = v.strip()
        neg = s.startswith("-")
        s = s.lstrip("-")
        n = int(s[1:], 16) if s.startswith("$") else int(s, 0)
        return -n if neg else n
    return v


def port(rel, character, name=None, topic=None, desc=None, start=None,
         keep_verifies=True, extra_input=None, frames=None):
    """The Sonic 1 scenario REL for Sonic 2's CHARACTER."""
    d = load(rel)
    s1topic, s1name = rel.split("/")
    topic = topic or s1topic
    base = name or s1name
    out_name = base if character == "sonic" else "tails-" + base
    doc = {
        "name": out_name,
        "description": desc or (
            "Sonic 2 %s over the map, start and input of the Sonic 1 "
            "scenario %s, whose description (of what Sonic 1 does) reads: %s" % ("Sonic" if character == "sonic" else "Tails",
                                  rel, " ".join(str(d.get("description", "")).split()))),
        "character": character,
        "variant": d.get("variant", "normal"),
        "tiles": d["tiles"],
        "map": d["map"],
        "start": dict(d["start"]),
        "bounds": d.get("bounds"),
        "input": list(d.get("input") or []),
        "frames": d.get("frames"),
    }
    st = doc["start"]
    if character == "tails":
        grounded = not st.get("in_air", False) and not st.get("rolling", False)
        if grounded and "height_radius" not in st:
            st["y"] = num(st.get("y", 0)) + 4
    if start:
        st.update(start)
    if extra_input:
        doc["input"] += extra_input
    if frames:
        doc["frames"] = frames
    if doc["frames"]:
        total = sum(s["frames"] for s in doc["input"])
        doc["frames"] = max(doc["frames"], total)
    if keep_verifies and d.get("verifies"):
        pre = "sonic2/" if character == "sonic" else "sonic2/tails/"
        doc["verifies"] = []
        for v in d["verifies"]:
            v = {k: v[k] for k in ("id", "source", "quote", "frame", "field", "value",
                                   "original", "note") if k in v}
            v["id"] = pre + v["id"]
            if v["id"] in ORIGINAL:
                v["original"], v["note"] = ORIGINAL[v["id"]]
            doc["verifies"].append(v)
    write("sonic2/%s/%s" % (topic, out_name), doc)
    return doc


# What Sonic 2 REV01 does where it differs from the guide's value and from
# what the Sonic 1 scenario recorded (read from the captured goldens).
TAILS_Y = ("Tails' standing height radius is $0F (Obj02_Init), Sonic's $13: he "
           "stands 16 px above a floor top, 4 px lower than the guide's Sonic")
SNAP_S2 = ("Sonic 2's AnglePos leaves the ground beyond min(abs(x speed high byte) + 4, 14) "
           "px (Sonic 1: 14); at this x speed (high byte 0) the limit is 4 px")
ORIGINAL = {
    "sonic2/tails/solid-tiles/standing-y": (720, TAILS_Y),
    "sonic2/tails/mixed/hills-lands-on-platform": (656, TAILS_Y),
    "sonic2/tails/mixed/hills-end-standing": (720, TAILS_Y),
    "sonic2/tails/mixed/ledges-end-standing": (720, TAILS_Y),
    "sonic2/tails/animation/balance-no-duck-height": (
        15, "Tails balances with his own standing height radius, $0F (Obj02_Init); "
        "no duck, as the guide says"),
    "sonic2/solid-tiles/balance-left-starts": (
        0x1D, "Sonic 2's Sonic_Balance does not turn Sonic to face the edge: facing "
        "away from it (right, at a left edge) he shows Balance3 ($1D), the guide's "
        "second balancing animation"),
    "sonic2/solid-tiles/balance-left-facing": (
        0, "Sonic 2's Sonic_Balance keeps Sonic facing away from the edge (Balance3); "
        "Sonic 1's turns him round"),
    "sonic2/solid-tiles/balance-at-2664": (
        0x0C, "Sonic 2's Sonic_Balance probes again 6 px back from the edge; from "
        "2662 that probe finds no floor either and Sonic shows Balance2 ($C), the "
        "guide's third animation"),
    "sonic2/solid-tiles/sensor-bug1-level-of-a": (
        700, "A's floor is 8 px down; " + SNAP_S2 + ", so Sonic leaves the ground "
        "(in the air on frame 1) instead of snapping to A's level"),
    "sonic2/tails/solid-tiles/sensor-bug1-level-of-a": (
        704, "A's floor is 8 px down; " + SNAP_S2 + ", so Tails leaves the ground "
        "(in the air on frame 1) instead of snapping to A's level"),
    "sonic2/solid-tiles/step-down-14-grounded": (1, SNAP_S2 + ": the 14 px step "
                                                 "leaves him airborne"),
    "sonic2/solid-tiles/step-down-14-y": (702, SNAP_S2 + ": airborne, y unchanged on "
                                          "frame 1"),
    "sonic2/tails/solid-tiles/step-down-14-grounded": (1, SNAP_S2 + ": the 14 px "
                                                       "step leaves Tails airborne"),
    "sonic2/tails/solid-tiles/step-down-14-y": (706, SNAP_S2 + ": airborne, y "
                                                "unchanged on frame 1"),
    "sonic2/solid-tiles/step-down-15-grounded": (1, SNAP_S2 + ": the 15 px step "
                                                 "leaves him airborne"),
    "sonic2/tails/solid-tiles/step-down-15-grounded": (1, SNAP_S2 + ": the 15 px "
                                                       "step leaves Tails airborne"),
    "sonic2/tails/balance/second-anim-facing-away": (
        6, "Tails_Move balances as Sonic 1: one probe, Balance (6), turned to face "
        "the edge; Tails has no second or third balancing animation (the guide "
        "speaks of Sonic)"),
    "sonic2/tails/balance/third-anim-2662": (
        6, "Tails_Move balances as Sonic 1: one probe, Balance (6); no third "
        "balancing animation for Tails (the guide speaks of Sonic)"),
}

PORTS = [
    "solid_tiles/stand-on-floor", "solid_tiles/wall-push-right",
    "solid_tiles/wall-push-left", "solid_tiles/balance-right-2656",
    "solid_tiles/no-balance-2655", "solid_tiles/balance-right-2664",
    "solid_tiles/fall-right-2665", "solid_tiles/balance-left-1999",
    "solid_tiles/sensor-bug-ledge-drop", "solid_tiles/sensor-bug-peak",
    "solid_tiles/step-down-14", "solid_tiles/step-down-15",
    "animation/balance-hold-down", "animation/balance-hold-up",
    "slopes/slope-factor-standing-still", "slopes/slope-factor-uphill-right",
    "slopes/slip-angle-de",
    "rolling/roll-slope-from-rest", "rolling/roll-uphill", "rolling/roll-downhill",
    "rolling/roll-friction", "rolling/roll-deceleration", "rolling/roll-brake-to-zero",
    "running/acceleration-first-frames", "running/top-speed-frame-128",
    "running/deceleration", "running/friction-from-top-speed",
    "running/skid-until-stop", "running/turnaround-quirk-right",
    "jumping/jump-flat", "jumping/jump-release-cap", "jumping/jump-ceiling-bump",
    "jumping/jump-on-slope-45",
    "ceilings/ceiling-attach-45", "ceilings/ceiling-bump-45",
    "air/air-wall-push", "air/gravity",
    "loops/generated-loop-r64", "loops/generated-loop-r96",
    "loops/generated-loop-r48-fast", "loops/generated-loop-r64-rolling",
    "loops/round-room-laps", "loops/quarter-pipe-climb", "loops/wall-slip-control-lock",
    "mixed/hills-and-platform", "mixed/ledges-and-ceilings",
    "mixed/rolling-hills", "mixed/round-room-play",
]

# Sonic 2 scenarios that only Sonic runs so far: Tails over the same map.
S2_TAILS = [
    "slopes/ramp-up", "slopes/step-down-fast", "slopes/step-down-slow",
    "slopes/steep-ramp-refused", "slopes/wall-step-fast", "slopes/wall-step-slow",
    "running/skid-stop", "running/top-speed-held", "jumping/short-jump",
    "jumping/air-clamp", "spindash/spindash-one-press", "spindash/spindash-full-left",
]


def tails_of_s2(rel):
    d = load("sonic2/" + rel)
    topic, name = rel.split("/")
    st = dict(d["start"])
    grounded = not st.get("in_air", False) and not st.get("rolling", False)
    if grounded and "height_radius" not in st and d.get("character", "sonic") == "sonic":
        st["y"] = num(st.get("y", 0)) + 4
    doc = dict(d)
    doc["name"] = "tails-" + name
    doc["character"] = "tails"
    doc["description"] = ("Sonic 2 Tails over the map, start and input of "
                          "sonic2/%s, whose description (of Sonic) reads: %s" % (rel, " ".join(str(d.get("description", "")).split())))
    doc["start"] = st
    doc.pop("verifies", None)
    write("sonic2/%s/tails-%s" % (topic, name), doc)


# ---------------------------------------------------------------- variations

# What the goldens show (Sonic 2 REV01), for the descriptions.
OBSTACLE = {
    ("sonic", "wall"): (
        "Sonic meets the block on frame 10 (y 650, angle $C8) and is held there "
        "while the slope factor takes his ground speed down; below $280 he falls "
        "off (frame 59), lands (frame 66) and comes to rest near the bottom "
        "(x 1561) on frame 142."),
    ("tails", "wall"): (
        "Tails, whose sensors sit 4 px differently (height radius $0F), gets past "
        "the block on the first lap; on the second lap it holds him (frame 148, "
        "y 650) until he falls off on frame 155."),
    ("sonic", "ceiling"): (
        "On the ceiling the check is skipped, so Sonic runs through the block "
        "(frames 22-24) and laps the room; slower on the second lap, he leaves "
        "the surface near the top of the right wall on frame 148 and lands on "
        "frame 190."),
    ("tails", "ceiling"): (
        "On the ceiling the check is skipped, so Tails runs through the block "
        "(frames 24-25) and laps the room; slower on the second lap, he leaves "
        "the surface near the top of the right wall on frame 154 and lands on "
        "frame 193."),
}


def round_room_obstacle(character, where):
    d = load("loops/round-room-laps")
    rows = [list(r) for r in d["map"]["rows"]]
    if where == "wall":
        r, c = 6, 11
        what = ("a full block sticking 16 px out of the right wall (cell row 6, "
                "column 11): running up the wall in the right-wall mode he meets "
                "it in front of him")
    else:
        r, c = 2, 6
        what = ("a full block hanging 16 px below the ceiling (cell row 2, "
                "column 6): running along the ceiling in the ceiling mode he meets "
                "it in front of him")
    assert rows[r][c] == ".", (where, rows[r])
    rows[r][c] = "#"
    d["map"]["rows"] = ["".join(x) for x in rows]
    who = "Sonic" if character == "sonic" else "Tails"
    st = dict(d["start"])
    if character == "tails":
        st["y"] = num(st["y"]) + 4
    doc = {
        "name": ("" if character == "sonic" else "tails-") + where + "-mode-obstacle",
        "description": (
            "Sonic 2: %s starts at the bottom of the closed round room of "
            "loops/round-room-laps (radius 96 px) at ground speed $C00 with nothing "
            "held; the room has %s. The wall check (CalcRoomInFront) runs only "
            "at angles outside $40..$BF and, looking up or down, cuts only the "
            "speed toward the block, not the ground speed. %s" % (who, what,
                                                                  OBSTACLE[(character, where)])),
        "character": character, "variant": "normal",
        "tiles": d["tiles"], "map": d["map"], "start": st,
        "input": [{"frames": 240}], "frames": 240,
    }
    write("sonic2/walls/%s" % doc["name"], doc)


def spindash_loop(character):
    d = load("loops/generated-loop-r64")
    who = "Sonic" if character == "sonic" else "Tails"
    y = 844 if character == "sonic" else 848
    inp = [{"frames": 20}, {"frames": 10, "hold": ["down"]}]
    for _ in range(4):
        inp += [{"frames": 1, "hold": ["down", "a"]}, {"frames": 3, "hold": ["down"]}]
    inp += [{"frames": 3}, {"frames": 150, "hold": ["right"]}, {"frames": 40},
            {"frames": 60, "hold": ["left"]}, {"frames": 1, "hold": ["left", "c"]},
            {"frames": 40, "hold": ["left"]}, {"frames": 30},
            {"frames": 12, "hold": ["down"]}, {"frames": 1, "hold": ["down", "b"]},
            {"frames": 6, "hold": ["down"]}, {"frames": 1, "hold": ["down", "b"]},
            {"frames": 4, "hold": ["down"]}, {"frames": 80, "hold": ["right"]},
            {"frames": 20}, {"frames": 100, "hold": ["right"]}, {"frames": 60}]
    doc = {
        "name": ("" if character == "sonic" else "tails-") + "spindash-into-loop",
        "description": (
            "Sonic 2: %s ducks on the floor left of the generated radius-64 loop "
            "of loops/generated-loop-r64, charges a spindash with four A presses "
            "and releases it into the loop, holds right round it, then walks and "
            "jumps back left, charges a second spindash with B and runs into the "
            "loop again holding right. Interplay test: spindash, rolling through "
            "all four modes, uncurling, jumping, falling off the loop." % who),
        "character": character, "variant": "normal",
        "tiles": d["tiles"], "map": d["map"],
        "start": {"x": 800, "y": y},
        "bounds": {"left": 752, "right": 16000, "bottom": 2000},
        "input": inp,
    }
    doc["frames"] = sum(s["frames"] for s in inp)
    write("sonic2/mixed/%s" % doc["name"], doc)


BAL_SRC = "Physics review part 1, solid tiles (seed 000), Edge balancing"


def balance_guide(character, x, facing, name, desc, verifies):
    d = load("solid_tiles/balance-right-2656")
    y = 716 if character == "sonic" else 720
    doc = {
        "name": ("" if character == "sonic" else "tails-") + name,
        "description": desc,
        "character": character, "variant": "normal",
        "tiles": d["tiles"], "map": d["map"],
        "start": {"x": x, "y": y, "facing": facing},
        "input": [{"frames": 40}], "frames": 40,
        "verifies": verifies,
    }
    for v in verifies:
        if v["id"] in ORIGINAL:
            v["original"], v["note"] = ORIGINAL[v["id"]]
    write("sonic2/balance/%s" % doc["name"], doc)


def balance_variations():
    q2 = ("In Sonic 2 and Sonic CD, if the pad is in the opposite direction from "
          "Sonic's view, then the second animation of balancing is turned on.")
    q3 = ("In Sonic 2 , Sonic 3 and Sonic & Knuckles, Sonic has a third balancing "
          "animation when he is even closer to the edge of the court. Given the "
          "values set above, it turns on when it is at coordinate 2662 ($ 0A66).")
    for ch in ("sonic", "tails"):
        who = "Sonic" if ch == "sonic" else "Tails"
        pre = "sonic2/" if ch == "sonic" else "sonic2/tails/"
        balance_guide(ch, 2656, "left", "guide-2656-facing-away",
                      "Sonic 2: %s stands still at x=2656 on the platform of "
                      "solid_tiles/balance-right-2656 (right edge 2655), facing "
                      "away from the edge (left)." % who,
                      [{"id": pre + "balance/second-anim-facing-away", "source": BAL_SRC,
                        "quote": q2, "frame": 5, "field": "anim", "value": 0x1D}])
        for x in (2661, 2662):
            balance_guide(ch, x, "right", "guide-%d" % x,
                          "Sonic 2: %s stands still at x=%d on the platform of "
                          "solid_tiles/balance-right-2656 (right edge 2655), facing "
                          "the edge." % (who, x),
                          [{"id": pre + "balance/third-anim-%d" % x, "source": BAL_SRC,
                            "quote": q3, "frame": 5, "field": "anim",
                            "value": 0x0C if x == 2662 else 6}])


# first frame showing the walk again (anim 0) while the ground speed is
# still positive, read from the goldens
SKID_FRAME = {"sonic": 25, "tails": 33}
SKID_Q = ("In Sonic 1 and Sonic CD, it remains in the braking animation mode until "
          "the Xsp reaches zero or changes sign. In the other three games, Sonic "
          "returns to walking animation mode after playing all frames of the "
          "braking animation.")
SKID_SRC = "Physics review part 2, running (seed 004), Running Animation"


def skid_long(character, frame):
    """A skid that outlasts the Stop animation ($1000)."""
    who = "Sonic" if character == "sonic" else "Tails"
    pre = "sonic2/" if character == "sonic" else "sonic2/tails/"
    speed = 0x1000 if character == "sonic" else 0x1400
    d = load("solid_tiles/stand-on-floor")
    doc = {
        "name": ("" if character == "sonic" else "tails-") + "skid-to-walk-while-braking",
        "description": (
            "Sonic 2: %s running right at $%X (a speed slopes give) holds left for "
            "%d frames: braking at $80 a frame takes %d frames to reach 0, longer "
            "than the Stop (skid) animation's four sprites (Sonic 6 frames each, "
            "Tails 8), which ends and switches to the walk while braking goes on "
            "(Sonic 1 keeps the skid until the speed reaches 0 or changes sign)."
            % (who, speed, speed // 0x80 + 8, speed // 0x80)),
        "character": character, "variant": "normal",
        "tiles": d["tiles"], "map": d["map"],
        "start": {"x": 600, "y": 716 if character == "sonic" else 720,
                  "ground_speed": speed},
        "input": [{"frames": speed // 0x80 + 8, "hold": ["left"]}],
        "frames": speed // 0x80 + 8,
        "verifies": [{"id": pre + "running/skid-ends-before-stop", "source": SKID_SRC,
                      "quote": SKID_Q, "frame": frame, "field": "anim", "value": 0}],
    }
    write("sonic2/running/%s" % doc["name"], doc)


# ---------------------------------------------------------------- random

SOLID = ["all", "all", "all", "top", "sides", "none"]


def rand_mask(rng):
    kind = rng.choice(["ramp", "ramp", "noise", "step", "neg", "flat"])
    if kind == "ramp":
        h0 = rng.randint(0, 16)
        slope = rng.choice([-1, -0.5, -0.25, 0.25, 0.5, 1])
        hs = [max(0, min(16, int(h0 + slope * i))) for i in range(16)]
    elif kind == "noise":
        lo = rng.randint(0, 12)
        hs = [rng.randint(lo, min(16, lo + rng.randint(1, 8))) for _ in range(16)]
    elif kind == "step":
        a, b = rng.randint(0, 16), rng.randint(0, 16)
        k = rng.randint(1, 15)
        hs = [a] * k + [b] * (16 - k)
    elif kind == "neg":
        h0 = rng.randint(1, 16)
        slope = rng.choice([-1, -0.5, 0, 0.5, 1])
        hs = [-max(1, min(16, int(h0 + slope * i))) for i in range(16)]
    else:
        h = rng.randint(1, 16)
        hs = [h] * 16
    r = rng.random()
    if r < 0.35:
        angle = 0xFF
    elif r < 0.7:
        angle = rng.randrange(0, 256, 2)
    else:
        angle = rng.randint(0, 255)
    t = {"heights": hs}
    if rng.random() < 0.25:
        t["widths"] = [rng.randint(-16, 16) for _ in range(16)]
    t["angle"] = angle
    return t


SYMS = [a + b for a in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        for b in "0123456789abcdefghijklmnopqrstuvwxyz"]


def random_run(character, seed, frames=1500, width=80, height=20):
    rng = random.Random(seed * 7919 + (0 if character == "sonic" else 1))
    tiles = {"full": {"heights": "full", "angle": 0xFF}}
    nmask = 28
    for i in range(nmask):
        tiles["m%d" % i] = rand_mask(rng)
    masks = ["m%d" % i for i in range(nmask)]
    kinds = {}

    def sym(entry):
        key = json.dumps(entry, sort_keys=True)
        if key not in kinds:
            kinds[key] = (SYMS[len(kinds)], entry)
        return kinds[key][0]

    grid = [[".." for _ in range(width)] for _ in range(height)]
    border = sym({"tile": "full"})
    for c in range(width):
        grid[0][c] = border
        grid[height - 1][c] = border
        grid[height - 2][c] = border
    for r in range(height):
        grid[r][0] = border
        grid[r][width - 1] = border
    # ground: a random walk of surface rows, random masks on the surface
    g = height - 6
    ground = []
    for c in range(1, width - 1):
        if rng.random() < 0.3:
            g = max(6, min(height - 3, g + rng.choice([-1, 1])))
        ground.append(g)
        for r in range(g + 1, height - 2):
            e = {"tile": "full"}
            if rng.random() < 0.1:
                e["solidity"] = rng.choice(SOLID)
            if rng.random() < 0.1:
                e["solidity2"] = rng.choice(SOLID)
            grid[r][c] = sym(e)
        e = {"tile": rng.choice(masks)}
        fl = rng.choice([[], [], [], ["x"], ["y"], ["x", "y"]])
        if fl:
            e["flip"] = fl
        if rng.random() < 0.3:
            e["solidity"] = rng.choice(SOLID)
        if rng.random() < 0.35:
            e["solidity2"] = rng.choice(SOLID)
        if rng.random() < 0.35:
            e["tile2"] = rng.choice(masks + ["full"])
        grid[g][c] = sym(e)
    # floating cells, ceilings and walls above the ground
    for r in range(1, height - 3):
        for c in range(1, width - 1):
            if r >= ground[c - 1] or rng.random() > 0.07:
                continue
            e = {"tile": rng.choice(masks + ["full", "full"])}
            fl = rng.choice([[], ["x"], ["y"], ["x", "y"]])
            if fl:
                e["flip"] = fl
            e["solidity"] = rng.choice(SOLID)
            e["solidity2"] = rng.choice(SOLID)
            if rng.random() < 0.3:
                e["tile2"] = rng.choice(masks)
            grid[r][c] = sym(e)
    # the secondary path's solidity of the tile itself, sometimes
    for t in masks:
        if rng.random() < 0.25:
            tiles[t]["solidity2"] = rng.choice(SOLID)
    used = set()
    for e in [v[1] for v in kinds.values()]:
        used.add(e["tile"])
        if "tile2" in e:
            used.add(e["tile2"])
    tiles = {k: v for k, v in tiles.items() if k in used}
    legend = {}
    for s, e in sorted(kinds.values()):
        legend[s] = e["tile"] if list(e) == ["tile"] else e

    sc = rng.randint(8, width - 9)
    origin = [16 * rng.randint(4, 200), 16 * rng.randint(2, 60)]
    start = {"x": origin[0] + 16 * sc + 8,
             "y": origin[1] + 16 * (ground[sc - 1] - 3),
             "in_air": True}
    if rng.random() < 0.5:
        start["path"] = "secondary"
    if rng.random() < 0.5:
        start["facing"] = "left"
    variant = rng.choice(["normal", "normal", "speed_shoes", "underwater"])

    inp, total = [], 0
    while total < frames:
        if rng.random() < 0.08:
            # a spindash attempt: stop, duck, charge, release
            seq = [{"frames": rng.choice([10, 20, 40])},
                   {"frames": rng.randint(2, 8), "hold": ["down"]}]
            for _ in range(rng.randint(1, 5)):
                seq += [{"frames": 1, "hold": ["down", rng.choice(["a", "b", "c"])]},
                        {"frames": rng.randint(1, 6), "hold": ["down"]}]
            for st in seq:
                st["frames"] = min(st["frames"], frames - total)
                if st["frames"]:
                    inp.append(st)
                    total += st["frames"]
            continue
        n = rng.choice([1, 1, 2, 3, 5, 8, 12, 20, 30, 45, 60])
        n = min(n, frames - total)
        hold = []
        d = rng.random()
        if d < 0.4:
            hold.append("right")
        elif d < 0.75:
            hold.append("left")
        if rng.random() < 0.15:
            hold.append("down")
        elif rng.random() < 0.05:
            hold.append("up")
        if rng.random() < 0.22:
            hold.append(rng.choice(["a", "b", "c"]))
        st = {"frames": n}
        if hold:
            st["hold"] = hold
        inp.append(st)
        total += n
    who = "Sonic" if character == "sonic" else "Tails"
    name = "%srandom-masks-%d" % ("" if character == "sonic" else "tails-", seed)
    doc = {
        "name": name,
        "description": (
            "Sonic 2 %s, generated (scripts/gen-sonic2-coverage.py, seed %d): "
            "random masks (ramps, noise, steps, top-down columns, some with "
            "random widths, random angles including odd ones) with every flip, "
            "random solidity on both paths, random secondary-path tiles, "
            "starting on the %s path, %d frames of random input (runs, jumps, "
            "rolls, spindash attempts: stop, duck, charge, release). No single documented value: the interplay of "
            "the sensors, both collision paths, modes and landing on shapes no "
            "level designer would draw must match the original frame for frame."
            % (who, seed, start.get("path", "primary"), frames)),
        "character": character, "variant": variant,
        "tiles": tiles,
        "map": {"origin": origin, "cell_width": 2, "legend": legend,
                "rows": ["".join(r) for r in grid]},
        "start": start,
        "input": inp, "frames": frames,
    }
    write("sonic2/random/%s" % name, doc)


# ---------------------------------------------------------------- main

def main():
    only = None
    if len(sys.argv) == 3 and sys.argv[1] == "--only":
        only = sys.argv[2]
    if only in (None, "ports"):
        for rel in PORTS:
            for ch in ("sonic", "tails"):
                port(rel, ch)
        for rel in S2_TAILS:
            tails_of_s2(rel)
    if only in (None, "variations"):
        for ch in ("sonic", "tails"):
            round_room_obstacle(ch, "wall")
            round_room_obstacle(ch, "ceiling")
            spindash_loop(ch)
        balance_variations()
        skid_long("sonic", SKID_FRAME["sonic"])
        skid_long("tails", SKID_FRAME["tails"])
    if only in (None, "random"):
        for seed in (1, 2, 3, 4):
            for ch in ("sonic", "tails"):
                random_run(ch, seed)


if __name__ == "__main__":
    main()
