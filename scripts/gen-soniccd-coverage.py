#!/usr/bin/python3
"""Write the Sonic CD coverage scenarios (scenarios/soniccd/...).

Run from the repository root with /usr/bin/python3 (it needs python3-yaml):

    /usr/bin/python3 scripts/gen-soniccd-coverage.py

Two kinds of scenario, all for `game: soniccd` (Sonic CD's ObjSonic in the
level program R11A__.MMD, Palmtree Panic 1 Present):

* ports: every Sonic 1 normal-stage scenario (scenarios/<topic>/<name>.yaml
  with `game: sonic1`; not special_stage/ nor the other games' folders) run
  by Sonic CD's Sonic over the same map, start and input, written to
  scenarios/soniccd/<topic>/<name>.yaml.  Sonic CD keeps every start field
  of Sonic 1, so none is dropped; the new ones keep their defaults (time
  zone 1, the present, so Palmtree Panic 1's launch area, x $6C8..$83F,
  has no air control or air drag, as in the original).  A port whose name
  is taken by a hand-written Sonic CD scenario gets RENAMED's name.
  `verifies:` entries are carried over (ids "soniccd/<id>") only where the
  seeds say the value holds for Sonic CD too, see carried() below; where
  the original Sonic CD differs from the quoted value, ORIGINAL gives the
  golden's value and a note.
* rules of Sonic CD itself (scenarios/soniccd/cd/...): the Super Peel Out,
  the spindash, the three running animations, the braking animation, the
  balance animations, the look double-tap, the refused jumps, the launch
  area, the fall cap, the roll jump, the ceiling attach while rolling,
  StartRoll's $200, the camera lead, the negative-height tile, the level
  bounds and a death.

No golden is written here: capture them with
`spgsim capture --rom R11A__.MMD` (or `make goldens SCD_MMD=...`).
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

OTHER_GAMES = {"sonic2", "sonic3", "sonic3k", "soniccd", "special_stage"}


def dump(doc):
    m = dict(doc["map"])
    m.setdefault("legend", {})
    text = S2.dump(dict(doc, map=m))
    assert "\ngame: sonic2\n" in text
    text = text.replace("\ngame: sonic2\n", "\ngame: soniccd\n", 1)
    # An empty tile set or legend (the minimised fuzz cases) as {}.
    text = text.replace("\ntiles:\n\n", "\ntiles: {}\n\n", 1)
    return text.replace("\n  legend:\n  rows:", "\n  legend: {}\n  rows:", 1)


def write(rel, doc):
    path = os.path.join(ROOT, "scenarios", rel + ".yaml")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(dump(doc))
    return path


# ---------------------------------------------------------------- ports

# Which seed passages speak of Sonic CD.  Seed 004 ("Physics review part 2,
# running": "The review covers all four parts of the game on the Genesis /
# Mega Drive and Sonic CD") and seed 002 ("SPG: Slope Physics": "The
# research applies to all four of the Sega Mega Drive games and Sonic CD")
# say so of everything they state; seeds 000 and 001 ("Physics review part
# 1") are, in their translator's words, a part of "the large-scale physics
# review ... in the Sonic the Hedgehog games for Sega Genesis / Mega Drive
# and Sonic CD".  Kept: entries quoting these four, except a sentence
# that names other games and not Sonic CD (DROP_QUOTES).  Not kept: the
# entries whose source is the project's own reading of Sonic 1's code
# (original-facts.md, Sonic_Animate's scripts, Sonic_LevelBound): they are
# no seed's statement about Sonic CD.
SEED_SOURCES = ("Physics review part 1", "Physics review part 2",
                "SPG: Slope Physics")
DROP_QUOTES = (
    # "In Sonic 1 and 2, ..." (002, Slope Momentum): Sonic CD not named.
    "In Sonic 1 and 2, walking/running Slope Factor",
)


def carried(v):
    if not v["source"].startswith(SEED_SOURCES):
        return False
    return not any(v["quote"].startswith(q) for q in DROP_QUOTES)


# Sonic 1 scenario -> the port's name, where a hand-written Sonic CD
# scenario already has the name.
RENAMED = {
    "jumping/jump-flat": "jumping/jump-flat-s1",
}

# A Sonic 1 entry on `mapping_frame` names one of Sonic 1's sprites for
# what the guide describes (standing, walking, running, braking,
# balancing); Sonic CD shows its own sprites for the same scripts
# (Ani_Sonic: the walk $33-$38 and the run $4B-$4E for the level set,
# both 45 on from Sonic 1's $06-$0B and $1E-$21, with the same sets for
# other angles; Stop $5B, $5C; Balance $6D, $6E; the standing sprite 1 in
# both).  The carried value is Sonic CD's sprite for the same place in the
# same script.
def sprite_cd(s1):
    if 6 <= s1 <= 45:          # walk ($06-$1D) and run ($1E-$2D) sets
        return s1 + 45
    return {1: 1, 0x37: 0x5B, 0x38: 0x5C, 0x3A: 0x6D, 0x3B: 0x6E}[s1]


# Where Sonic CD's original differs from the value the entry states (read
# from the Sonic CD goldens): id -> (original, note).
AS_S1 = " (as in Sonic 1, whose scenario has the same original and note)"
ORIGINAL = {
    "soniccd/animation/run-at-6": (
        54, "ObjSonic_Animate picks the walk or the run only when a sprite's time "
        "runs out: the walk sprite chosen at $5F0 (on frame 4) stays for 3 frames, "
        "so the first running sprite ($4D) shows on frame 7, one frame after the "
        "ground speed reached $600" + AS_S1),
    "soniccd/animation/run-left-at-6": (
        54, "ObjSonic_Animate picks the walk or the run only when a sprite's time "
        "runs out: the walk sprite chosen at -$5F0 (on frame 4) stays for 3 "
        "frames, so the first running sprite ($4D) shows on frame 7" + AS_S1),
    "soniccd/animation/skid-left-at-3.5": (
        13, "the skid test compares the high byte of the new ground speed "
        "(-$381 + $80 = -$301, high byte $FC) with -4: to the left the braking "
        "animation starts from just over 3.5 ($381), not 4.5" + AS_S1),
    "soniccd/running/skid-left-high-byte": (
        13, "the skid test compares the new ground speed with its low byte "
        "cleared against -$400, so -$301 counts as -$400: moving left the "
        "braking animation starts from 3.5 px + 1 subpixel (-$381 before the "
        "deceleration), not 4.5" + AS_S1),
    "soniccd/animation/skid-ends-sign-change": (
        13, "on the frame the deceleration crosses zero (to the turn-round -$80) "
        "the decelerating branch returns without setting the walk, so the skid "
        "id stays one more frame; the walk starts on frame 13" + AS_S1),
    "soniccd/animation/stand-at-zero": (
        0, "the wait animation is set only when the ground speed is already 0 "
        "before the friction step; friction brings it to 0 after that check, so "
        "the standing animation starts one frame later (frame 9)" + AS_S1),
    "soniccd/ceilings/ceiling-lean-gap": (
        641, "Player_LevelColInAir checks the ceiling only in the left, right and "
        "up quadrants of the move, and leaning down a wall the move is mostly "
        "down, so he stays 2 px inside the block (641) until he has fallen "
        "clear" + AS_S1),
    "soniccd/jumping/jump-slope45l-xspeed": (
        1176, "the sine table (181 = trunc(256 sin 45)) and asr: 1664 * 181 / 256 "
        "= 1176.5 rounds down" + AS_S1),
    "soniccd/solid-tiles/sensor-bug2-jump-backwards": (
        -780, "the sine table entry (truncated) and asr give -780, not -784"
        + AS_S1),
    "soniccd/landing/no-land-both-below-limit": (
        1, "falling mostly down, Player_LevelColInAir lands only when one of the "
        "two floor distances is at least -(high byte of y speed + 8), -8 at y "
        "speed $38; both sensors are deeper (-10 and -9), so he is not put on "
        "the floor although he is below it" + AS_S1),
    "soniccd/rolling/roll-uphill-factor": (
        1003, "$50 * sin >> 8 = -57, then asr 2 = -15 (rounds toward minus "
        "infinity): 1003, not 1004" + AS_S1),
    "soniccd/slopes/slope-factor-downhill-left": (
        -791, "asr rounds toward minus infinity: -$17 one way, +$16 the other"
        + AS_S1),
    "soniccd/slopes/slope-factor-uphill-right": (
        745, "asr rounds toward minus infinity: -$17" + AS_S1),
    "soniccd/solid-tiles/no-balance-floor-11-below": (
        5, "besides one ground sensor finding nothing, the balance needs the probe "
        "under the centre (ObjGetFloorDist, y + 19 down) to find the floor at "
        "least $C px away; the low tile under the centre is 11 px down" + AS_S1),
    "soniccd/solid-tiles/step-down-15-grounded": (
        1, "Player_GroundCol keeps him on the floor only within 14 px ($E)"
        + AS_S1),
    "soniccd/solid-tiles/step-up-12-climbed": (
        716, "on flat ground the wall sensor (ObjSonic_CheckWallCol) is at Y+8, "
        "so a 12 px step is a wall" + AS_S1),
    "soniccd/solid-tiles/wall-push-left-gsp": (
        -48, "the ground speed is cleared only on frames when the predicted move "
        "would enter the wall; holding the direction rebuilds it by $0C a frame, "
        "cycling with the subpixel" + AS_S1),
    "soniccd/solid-tiles/wall-push-right-gsp": (
        60, "the ground speed is cleared only on frames when the predicted move "
        "would enter the wall; holding the direction rebuilds it by $0C a frame, "
        "cycling with the subpixel" + AS_S1),
    "soniccd/solid-tiles/balance-left-starts": (
        50, "Sonic faces right, away from the ledge on his left: Sonic CD shows "
        "the second balancing animation, Balance2 ($32), the one the guide gives "
        "Sonic 2 and Sonic CD for a ledge behind him (seed 000: \"In Sonic 2 and "
        "Sonic CD, if the pad is in the opposite direction from Sonic's view, "
        "then the second animation of balancing is turned on\"); Sonic 1 turns "
        "him round and shows Balance (6)"),
    "soniccd/solid-tiles/balance-left-facing": (
        0, "Sonic CD does not turn him round to face the ledge (Sonic 1 does): "
        "facing away from it he keeps his facing and shows Balance2 ($32)"),
}

# Entries replaced in a port: Sonic 1's clamp of a ground speed above the
# top speed is the flaw seed 004 says Sonic CD fixed ("In fact, the Sonic
# CD uses a similar fix"), so the port checks the fix instead.
CD_FIX_SRC = "Physics review part 2, running (seed 004), Friction force (top speed)"
CD_FIX_QUOTE = ("Under normal conditions, Sonic cannot accelerate this way, but "
                "if he reaches this speed with a jerk, he can continue to run with "
                "it while the player presses the button in the direction of his "
                "movement.")
CD_AIR_QUOTE = ("Sonic CD programmers did not begin to use this fix for a situation "
                "when Sonic is in the air, so if he uses a jerk, and then falls off "
                "the ledge when the button is pressed in the direction of his "
                "movement, then Xsp can drop to 6, no matter how high the speed was "
                "at that time.")
REPLACE = {
    "soniccd/running/clamp-above-top": {
        "id": "soniccd/running/above-top-kept", "source": CD_FIX_SRC,
        "quote": CD_FIX_QUOTE, "frame": 1, "field": "ground_speed", "value": 0x800},
    "soniccd/running/clamp-above-top-left": {
        "id": "soniccd/running/above-top-kept-left", "source": CD_FIX_SRC,
        "quote": CD_FIX_QUOTE, "frame": 1, "field": "ground_speed", "value": -0x800},
}

# Entries added to a port: the seeds' Sonic CD sentences the port's run
# also answers.
EXTRA_VERIFIES = {
    "air/air-speed-clamp-above-top": [{
        "id": "soniccd/air/air-speed-clamp-above-top", "source": CD_FIX_SRC,
        "quote": CD_AIR_QUOTE, "frame": 1, "field": "x_speed", "value": 0x600}],
    "air/air-speed-clamp-left": [{
        "id": "soniccd/air/air-speed-clamp-left", "source": CD_FIX_SRC,
        "quote": CD_AIR_QUOTE, "frame": 1, "field": "x_speed", "value": -0x600}],
}


def sonic1_scenarios():
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "scenarios", "*", "*.yaml"))):
        rel = os.path.relpath(path, os.path.join(ROOT, "scenarios"))[:-5]
        if rel.split("/")[0] in OTHER_GAMES:
            continue
        with open(path) as f:
            d = yaml.safe_load(f)
        if d.get("game") != "sonic1":
            continue
        out.append((rel, d))
    return out


def port(rel, d):
    out_rel = RENAMED.get(rel, rel)
    doc = {
        "name": out_rel.split("/")[1],
        "description": (
            "Sonic CD Sonic over the map, start and input of the Sonic 1 "
            "scenario %s, whose description (of what Sonic 1 does) reads: %s"
            % (rel, " ".join(str(d.get("description", "")).split()))),
        "character": "sonic",
        "variant": d.get("variant", "normal"),
        "tiles": d["tiles"],
        "map": d["map"],
        "start": d["start"],
        "bounds": d.get("bounds"),
        "input": d.get("input") or [],
        "frames": d.get("frames"),
    }
    ver = []
    for v in d.get("verifies") or []:
        if not carried(v):
            continue
        e = {k: v[k] for k in ("id", "source", "quote", "frame", "field", "value")}
        e["id"] = "soniccd/" + e["id"]
        if e["field"] == "mapping_frame":
            e["value"] = sprite_cd(e["value"])
        e = REPLACE.get(e["id"], e)
        if e["id"] in ORIGINAL:
            e["original"], e["note"] = ORIGINAL[e["id"]]
        ver.append(e)
    ver += EXTRA_VERIFIES.get(rel, [])
    if ver:
        doc["verifies"] = ver
    write("soniccd/" + out_rel, doc)


def main():
    for rel, d in sonic1_scenarios():
        port(rel, d)


if __name__ == "__main__":
    main()
