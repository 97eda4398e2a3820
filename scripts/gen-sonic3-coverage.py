#!/usr/bin/python3
"""Write the Sonic 3 coverage scenarios (scenarios/sonic3/...).

Run from the repository root with /usr/bin/python3 (it needs python3-yaml):

    /usr/bin/python3 scripts/gen-sonic3-coverage.py

Two kinds of scenario, all for `game: sonic3`:

* ports: every Sonic 2 scenario (scenarios/sonic2/<topic>/<name>.yaml, Sonic
  and Tails, the random and mixed runs included) run by Sonic 3's same
  character over the same map, start and input.  Their `verifies:` entries
  are carried over (ids "sonic2/..." become "sonic3/...") only for the
  scenarios in KEEP_VERIFIES, the ones that check a value the seeds give
  for Sonic 3 too; where Sonic 3's original differs from the guide, ORIGINAL
  gives the value read from the Sonic 3 golden and why.
* rules of Sonic 3 itself: the slip and fall ranges of the "Sonic 3 method"
  at each boundary angle, the 0.5 change of ground speed, the stopped slope
  factor at 12 and 13 subpixels, balancing with down held, the insta-shield,
  Tails' flight, the look delay (scenarios/sonic3/s3/...).

No golden is written here: capture them with `spgsim capture --rom S3ROM`.
"""
import glob
import importlib.util
import os

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_spec = importlib.util.spec_from_file_location(
    "gen_s2", os.path.join(ROOT, "scripts", "gen-sonic2-coverage.py"))
S2 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(S2)


def dump(doc):
    text = S2.dump(doc)
    assert "\ngame: sonic2\n" in text
    return text.replace("\ngame: sonic2\n", "\ngame: sonic3\n", 1)


def write(rel, doc):
    path = os.path.join(ROOT, "scenarios", rel + ".yaml")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(dump(doc))
    return path


# ---------------------------------------------------------------- ports

KEEP_VERIFIES = {
    "balance/guide-2656-facing-away", "balance/guide-2661", "balance/guide-2662",
    "balance/tails-guide-2656-facing-away", "balance/tails-guide-2661",
    "balance/tails-guide-2662",
    "running/skid-to-walk-while-braking", "running/tails-skid-to-walk-while-braking",
    "running/acceleration-first-frames", "running/tails-acceleration-first-frames",
    "running/top-speed-frame-128", "running/tails-top-speed-frame-128",
    "running/deceleration", "running/tails-deceleration",
    "running/friction-from-top-speed", "running/tails-friction-from-top-speed",
    "running/turnaround-quirk-right", "running/tails-turnaround-quirk-right",
    "running/skid-until-stop", "running/tails-skid-until-stop",
    "animation/balance-hold-down", "animation/tails-balance-hold-down",
}

# Sonic 2 scenarios not ported: a hand-written Sonic 3 scenario of the same
# name and topic covers the same ground.
HAND_WRITTEN = {
    "jumping/jump", "jumping/short-jump", "jumping/tails-jump",
    "jumping/tails-short-jump", "rolling/roll", "rolling/tails-roll",
    "running/accelerate-flat", "running/tails-accelerate-flat",
}

# Where Sonic 3's original differs from the value the entry states (read
# from the Sonic 3 goldens): id -> (original, note).
ORIGINAL = {
    "sonic3/tails/animation/balance-no-duck-height": (
        15, "Tails balances with his own standing height radius, $0F (Tails_Init); "
        "no duck, as the guide says"),
    "sonic3/balance/second-anim-facing-away": (
        6, "Sonic 3's Sonic_Balance turns Sonic to face the edge and shows Balance "
        "(6): Sonic 2's animation for facing away (Balance3, $1D) is gone, Sonic 3 "
        "has Balance (6) and Balance2 ($C) only (the guide names Sonic 2 and CD)"),
    "sonic3/tails/balance/second-anim-facing-away": (
        6, "Sonic 3's Tails (Tails_InputAcceleration_Path) balances as Sonic 1: one "
        "probe, Balance (6), turned to face the edge"),
    "sonic3/tails/balance/third-anim-2662": (
        6, "Sonic 3's Tails balances as Sonic 1: one probe, Balance (6); no third "
        "balancing animation for Tails (the guide speaks of Sonic)"),
}

# Entries added to a port: the seeds' Sonic 3 & Knuckles sentences the
# port's run also answers for Sonic 3.
S3K_QUOTE_BALANCE = ("In Sonic 3 & Knuckles, a player can snuggle up to the ground "
                     "and rotate (but not look up) when balancing on the ground")
EXTRA_VERIFIES = {
    "animation/balance-hold-down": [{
        "id": "sonic3/animation/balance-s3k-duck",
        "source": "Physics review part 1, solid tiles (seed 000), Edge balancing (note)",
        "quote": S3K_QUOTE_BALANCE, "frame": 40, "field": "anim", "value": 8,
        "original": 6,
        "note": ("Sonic 3 (the 1994 cartridge) keeps balancing with down held: "
                 "Sonic_Balance's branches skip the look-up/duck code (loc_12338); "
                 "the guide's sentence is about Sonic & Knuckles, whose half is "
                 "not available to capture")}],
}


def port(path):
    rel = os.path.relpath(path, os.path.join(ROOT, "scenarios", "sonic2"))[:-5]
    if rel in HAND_WRITTEN:
        return
    with open(path) as f:
        d = yaml.safe_load(f)
    who = "Sonic" if d.get("character", "sonic") == "sonic" else "Tails"
    doc = {
        "name": d["name"],
        "description": (
            "Sonic 3 %s over the map, start and input of the Sonic 2 scenario "
            "sonic2/%s, whose description reads: %s" %
            (who, rel, " ".join(str(d.get("description", "")).split()))),
        "character": d.get("character", "sonic"),
        "variant": d.get("variant", "normal"),
        "tiles": d["tiles"],
        "map": d["map"],
        "start": d["start"],
        "bounds": d.get("bounds"),
        "input": d.get("input") or [],
        "frames": d.get("frames"),
    }
    if rel in KEEP_VERIFIES and d.get("verifies"):
        doc["verifies"] = []
        for v in d["verifies"]:
            v = {k: v[k] for k in ("id", "source", "quote", "frame", "field", "value")
                 if k in v}
            v["id"] = "sonic3/" + v["id"].split("/", 1)[1]
            if v["id"] in ORIGINAL:
                v["original"], v["note"] = ORIGINAL[v["id"]]
            doc["verifies"].append(v)
    if rel in EXTRA_VERIFIES:
        doc.setdefault("verifies", []).extend(EXTRA_VERIFIES[rel])
    write("sonic3/" + rel, doc)


# ---------------------------------------------------------------- Sonic 3 rules

SLOPE_SRC = "SPG: Slope Physics (seed 002), Sonic 3 Method"
SLOPE_QUOTE = ("Slipping 35° (231) to 326° (24) Falling 69° (207) to 293° (48) "
               "Ground Speed modified by 0.5")
STOPPED_SRC = "SPG: Slope Physics (seed 002), Slope Factor (note)"
STOPPED_QUOTE = ("But in Sonic 3 & Knuckles, if Ground Speed is 0, the game will "
                 "still subtract Slope Factor if the value of it is greater than "
                 "or equal to 0.05078125 (13 subpixels).")
TAILS_S2_RULE = ("Sonic 3's Tails runs Tails_SlopeRepel and Tails_SlopeResist, "
                 "Sonic 2's rules: the Sonic 3 method and the stopped slope factor "
                 "are Sonic's only (Player_SlopeRepel / Player_SlopeResist)")

FLOOR_ROWS = ["#" * 48] * 3


def flat_scenario(name, character, angle, desc, verifies, frames=40, inp=None):
    """Standing still (ground speed 0) on full blocks whose mask angle is
    ANGLE, the ground angle ANGLE too."""
    y = 704 - (19 if character == "sonic" else 15) - 1
    return {
        "name": name, "description": desc, "character": character,
        "tiles": {"block": {"heights": "full", "angle": angle}},
        "map": {"origin": [0, 704], "legend": {"#": "block"}, "rows": FLOOR_ROWS},
        "start": {"x": 384, "y": y, "angle": angle},
        "input": inp or [{"frames": frames}], "frames": frames,
        "verifies": verifies,
    }


def wall_scenario(name, character, angle, desc, verifies, frames=40):
    """Standing in a wall mode against a column of full blocks whose mask
    angle is ANGLE: angles below $80 put the player right of the column
    (left wall mode), the others left of it (right wall mode)."""
    r = 19 if character == "sonic" else 15
    rows = []
    for _ in range(24):
        rows.append("." * 24 + "##" + "." * 22)
    if angle < 0x80:
        x = 26 * 16 + r
    else:
        x = 24 * 16 - r - 1
    return {
        "name": name, "description": desc, "character": character,
        "tiles": {"block": {"heights": "full", "angle": angle}},
        "map": {"origin": [0, 512], "legend": {"#": "block"}, "rows": rows},
        "start": {"x": x, "y": 512 + 12 * 16, "angle": angle},
        "input": [{"frames": frames}], "frames": frames,
        "verifies": verifies,
    }


def v(id_, src, quote, frame, field, value, original=None, note=None):
    e = {"id": id_, "source": src, "quote": quote, "frame": frame,
         "field": field, "value": value}
    if original is not None:
        e["original"], e["note"] = original, note
    return e


def s3_rules():
    # Slip range, Sonic: $16 and $E8 outside, $18 and $E6 inside.  Frame 1:
    # the slope factor (ground speed 0, at least 13), friction 12, then the
    # slip adds or takes 0.5 ($80) and sets the control lock to 30.
    for ch in ("sonic", "tails"):
        pre = "" if ch == "sonic" else "tails-"
        who = "Sonic" if ch == "sonic" else "Tails"
        for angle, inside in ((0x16, False), (0x18, True), (0xE6, True), (0xE8, False)):
            name = "%sslip-%02x" % (pre, angle)
            vid = "sonic3/%sslopes/slip-%02x" % ("tails/" if ch == "tails" else "", angle)
            ver = [v(vid + "-lock", SLOPE_SRC, SLOPE_QUOTE, 1, "control_lock",
                     30 if inside else 0)]
            if ch == "tails" and inside:
                ver[0]["original"], ver[0]["note"] = 0, TAILS_S2_RULE
            desc = ("Sonic 3 %s standing still (ground speed 0) on flat full blocks "
                    "whose angle byte is $%02X, %s the Sonic 3 method's slipping range "
                    "($18-$E7, the guide's 24-231). On frame 1 the slope factor, "
                    "friction and Player_SlopeRepel run: %s" %
                    (who, angle, "inside" if inside else "just outside",
                     "ground speed changes by 0.5 ($80) down the slope and the "
                     "control lock is set to 30" if inside else "no slip"))
            write("sonic3/s3/" + name, flat_scenario(name, ch, angle, desc, ver))
    # Fall range: $2E/$D0 slip (ground kept), $30/$CE fall with ground
    # speed kept.
    for ch in ("sonic", "tails"):
        pre = "" if ch == "sonic" else "tails-"
        who = "Sonic" if ch == "sonic" else "Tails"
        for angle, falls in ((0x2E, False), (0x30, True), (0xCE, True), (0xD0, False)):
            name = "%sfall-%02x" % (pre, angle)
            vid = "sonic3/%sslopes/fall-%02x" % ("tails/" if ch == "tails" else "", angle)
            ver = [v(vid + "-air", SLOPE_SRC, SLOPE_QUOTE, 1, "in_air",
                     1 if falls else 0),
                   v(vid + "-lock", SLOPE_SRC, SLOPE_QUOTE, 1, "control_lock", 30)]
            if ch == "tails" and not falls:
                ver[0]["original"], ver[0]["note"] = 1, TAILS_S2_RULE + \
                    " (Sonic 2's rule: any angle outside the floor quadrant falls)"
            desc = ("Sonic 3 %s standing still in a wall mode against a column of "
                    "full blocks whose angle byte is $%02X (the column is on his %s), "
                    "%s the Sonic 3 method's falling range ($30-$CF, the guide's "
                    "48-207). Frame 1: %s" %
                    (who, angle, "left" if angle < 0x80 else "right",
                     "inside" if falls else "just outside",
                     "he detaches (in the air) with his ground speed kept and the "
                     "control lock at 30" if falls else
                     "he slips: ground speed changed by 0.5, still on the ground, "
                     "lock 30"))
            write("sonic3/s3/" + name, wall_scenario(name, ch, angle, desc, ver))
    # Stopped slope factor: at ground speed 0 the factor is added from 13
    # subpixels on.  $10: 12 (not added); $12: 13 (added, then friction 12
    # leaves 1); $F0: -13 (asr rounds down: added); $F2: -12.
    for ch in ("sonic", "tails"):
        pre = "" if ch == "sonic" else "tails-"
        who = "Sonic" if ch == "sonic" else "Tails"
        for angle, gs in ((0x10, 0), (0x12, 1), (0xF0, -1), (0xF2, 0)):
            name = "%sstopped-slope-factor-%02x" % (pre, angle)
            vid = "sonic3/%sslopes/stopped-factor-%02x" % (
                "tails/" if ch == "tails" else "", angle)
            e = v(vid, STOPPED_SRC, STOPPED_QUOTE, 1, "ground_speed", gs)
            if ch == "tails" and gs != 0:
                e["original"], e["note"] = 0, TAILS_S2_RULE
            desc = ("Sonic 3 %s standing still (ground speed 0) on flat full blocks "
                    "whose angle byte is $%02X: the slope factor there is %d "
                    "subpixels. The guide: from 13 subpixels on it is added even at "
                    "ground speed 0 (then friction takes 12 off on the same frame)."
                    % (who, angle, {0x10: 12, 0x12: 13, 0xF0: -13, 0xF2: -12}[angle]))
            write("sonic3/s3/" + name, flat_scenario(name, ch, angle, desc, [e]))


def moves():
    """The insta-shield, Tails' flight and the look delay over a flat floor."""
    for ch in ("sonic", "tails"):
        pre = "" if ch == "sonic" else "tails-"
        who = "Sonic" if ch == "sonic" else "Tails"
        y = 704 - (19 if ch == "sonic" else 15) - 1
        base = {
            "character": ch,
            "tiles": {"block": {"heights": "full", "angle": 0xFF}},
            "map": {"origin": [0, 704], "legend": {"#": "block"},
                    "rows": ["#" * 160] * 3},
            "start": {"x": 300, "y": y},
        }
        # Jump, release, press A again past the release cap, land, jump
        # again and press at once (still rising faster than the cap: only
        # the cap test), then press twice in one jump.
        inp = [{"frames": 10, "hold": ["right"]},
               {"frames": 6, "hold": ["right", "a"]},
               {"frames": 4, "hold": ["right"]},
               {"frames": 1, "hold": ["right", "a"]},
               {"frames": 60, "hold": ["right"]},
               {"frames": 3, "hold": ["a"]},
               {"frames": 2},
               {"frames": 1, "hold": ["a"]},
               {"frames": 12},
               {"frames": 1, "hold": ["b"]},
               {"frames": 3},
               {"frames": 1, "hold": ["c"]},
               {"frames": 60, "hold": ["left"]}]
        doc = dict(base, name=pre + "double-jump",
                   description=(
                       "Sonic 3 %s on a flat floor: jumps, releases, and presses A "
                       "again once the y speed is past the release cap (Sonic: the "
                       "insta-shield, double_jump_flag 1 until he lands; Tails: the "
                       "flight, double_jump_flag and 240 frames of flight time); "
                       "then a second jump with presses while still rising faster "
                       "than the cap and past it, B and C as well." % who),
                   input=inp, frames=sum(i["frames"] for i in inp))
        write("sonic3/s3/" + doc["name"], doc)
        # Looking up and ducking: scroll_delay_counter counts to 120.
        inp = [{"frames": 150, "hold": ["up"]}, {"frames": 5},
               {"frames": 130, "hold": ["down"]}, {"frames": 10, "hold": ["down", "right"]},
               {"frames": 20}]
        doc = dict(base, name=pre + "look-delay",
                   description=(
                       "Sonic 3 %s standing on a flat floor looks up for 150 frames, "
                       "stands, ducks for 130 frames, then runs: the look delay "
                       "(scroll_delay_counter, object byte $39) counts to 120 and "
                       "stays there, and drops to 0 on every frame he neither looks "
                       "up nor ducks." % who),
                   input=inp, frames=sum(i["frames"] for i in inp))
        write("sonic3/s3/" + doc["name"], doc)
    # Tails' flight to the end of its time: climbs by pressing, tires,
    # glides down and lands.
    inp = [{"frames": 1, "hold": ["a"]}, {"frames": 30}]
    for i in range(40):
        inp += [{"frames": 1, "hold": ["right", "a"]}, {"frames": 11, "hold": ["right"]}]
    inp += [{"frames": 200, "hold": ["left"]}, {"frames": 60}]
    y = 704 - 15 - 1
    doc = {
        "name": "tails-flight-long", "character": "tails",
        "description": (
            "Sonic 3 Tails jumps and starts flying at once (the first press "
            "after the release cap), then presses A every 12 frames while "
            "holding right: climbs of -$20 a frame (up to $1E frames, while the y "
            "speed is at least -$100), +8 a frame between them, the flight time "
            "(240) dropping on every odd Level_frame_counter; once it is out he "
            "is tired (anim $24), presses do nothing, and he sinks to the floor "
            "and lands."),
        "tiles": {"block": {"heights": "full", "angle": 0xFF}},
        "map": {"origin": [0, 704], "legend": {"#": "block"},
                "rows": ["#" * 400] * 3},
        "start": {"x": 300, "y": y},
        "input": inp, "frames": sum(i["frames"] for i in inp),
    }
    write("sonic3/s3/tails-flight-long", doc)


# Sonic 2 scenarios only Sonic runs there, given to Sonic 3's Tails too (4 px
# lower: his standing height radius is $0F): the balance probe at exactly
# the boundary distance 12.
TAILS_TOO = ["balance/edge-left-12px-facing", "balance/edge-right-12px-facing"]


def tails_version(rel):
    with open(os.path.join(ROOT, "scenarios", "sonic2", rel + ".yaml")) as f:
        d = yaml.safe_load(f)
    topic, name = rel.split("/")
    st = dict(d["start"])
    st["y"] = S2.num(st.get("y", 0)) + 4
    doc = {
        "name": "tails-" + name, "character": "tails",
        "description": (
            "Sonic 3 Tails over the map and input of the Sonic 2 scenario "
            "sonic2/%s, 4 px lower (his height radius is $0F), whose "
            "description (of Sonic) reads: %s" %
            (rel, " ".join(str(d.get("description", "")).split()))),
        "variant": d.get("variant", "normal"),
        "tiles": d["tiles"], "map": d["map"], "start": st,
        "bounds": d.get("bounds"), "input": d.get("input") or [],
        "frames": d.get("frames"),
    }
    write("sonic3/%s/tails-%s" % (topic, name), doc)


def boundaries():
    """The y speed exactly at the release cap and at the flight's -$100."""
    y = 300
    flat = {"tiles": {"block": {"heights": "full", "angle": 0xFF}},
            "map": {"origin": [0, 704], "legend": {"#": "block"},
                    "rows": ["#" * 64] * 2}}
    for ch, who in (("sonic", "Sonic"), ("tails", "Tails")):
        pre = "" if ch == "sonic" else "tails-"
        doc = dict(flat, name=pre + "press-at-release-cap", character=ch,
                   description=(
                       "Sonic 3 %s in the air, jumping, curled, with the y speed "
                       "exactly at the release cap (-$400) and A newly pressed "
                       "on frame 1: at or past the cap the press is the %s "
                       "(below it only the cap test runs)." %
                       (who, "insta-shield" if ch == "sonic" else "start of the flight")),
                   start={"x": 300, "y": y, "in_air": True, "rolling": True,
                          "jumping": True, "y_speed": -0x400},
                   input=[{"frames": 1, "hold": ["a"]}, {"frames": 40}], frames=41)
        write("sonic3/s3/" + doc["name"], doc)
    doc = dict(flat, name="tails-rise-cap", character="tails",
               description=(
                   "Sonic 3 Tails in the air, not jumping (as after a spring), "
                   "rising at -$1000: Tails_JumpHeight caps the rise at -$FC0 "
                   "while spin_dash_flag is clear."),
               start={"x": 300, "y": 600, "in_air": True, "y_speed": -0x1000},
               input=[{"frames": 20}], frames=20)
    write("sonic3/s3/" + doc["name"], doc)
    doc = dict(flat, name="tails-climb-at-minus-100", character="tails",
               description=(
                   "Sonic 3 Tails flying (double_jump_flag 1, 100 frames left) "
                   "with the y speed exactly -$100 when A is pressed: a climb "
                   "starts (double_jump_flag 2) from -$100 on."),
               start={"x": 300, "y": y, "in_air": True, "y_speed": -0x100,
                      "double_jump_flag": 1, "double_jump_property": 100},
               input=[{"frames": 1, "hold": ["a"]}, {"frames": 40}], frames=41)
    write("sonic3/s3/" + doc["name"], doc)


def main():
    for rel in TAILS_TOO:
        tails_version(rel)
    boundaries()
    for path in sorted(glob.glob(os.path.join(ROOT, "scenarios", "sonic2", "**",
                                              "*.yaml"), recursive=True)):
        port(path)
    s3_rules()
    moves()


if __name__ == "__main__":
    main()
