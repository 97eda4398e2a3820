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


# ---------------------------------------------------------------- Sonic CD rules

S000 = "Physics review part 1, solid tiles (seed 000)"
S004 = "Physics review part 2, running (seed 004)"
Q_PEEL = ("In fact, the Sonic CD uses a similar fix because Sonic can perform a "
          "Super Peel Out (called Dash)in the Japanese version of the game), which "
          "pushes it forward at a speed of 12 pixels per step.")
Q_KEEP = CD_FIX_QUOTE
Q_FRICTION = "When you release the button, the friction force does its job."
Q_RUN6 = ("As soon as Xsp becomes equal to (or greater) 6, it goes into a running "
          "animation with \u201cspinning\u201d legs.")
Q_JERK = ("When Xsp is equal to or greater than 10, it goes into the jerk animation "
          "with the movement of the legs in the form of a \"figure eight\". Jerk "
          "animation is only Sonic CD .")
Q_WALK = ("If it has any other Xsp , it goes into a walk animation, in which the "
          "frame change depends on the speed of movement on the ground.")
Q_BRAKE = ("In Sonic 1 and Sonic CD, it remains in the braking animation mode until "
           "the Xsp reaches zero or changes sign.")
Q_BAL2 = ("In Sonic 2 and Sonic CD, if the pad is in the opposite direction from "
          "Sonic's view, then the second animation of balancing is turned on.")
Q_BAL = ("Good detail - Sonic goes into the balancing animation, being close to "
         "the edge of the pad. This happens only when he has stopped (his speed on "
         "the ground is 0).")
Q_BAL_NOTE = ("Note: while balancing, some possibilities are not available "
              "(pressing to the ground, looking up, rotating, etc.).")
Q_CHUNK = ("You may know that the zones are divided into blocks of 128x128 pixels "
           "(or 256x256 pixels in Sonic 1 and Sonic CD ), which, in turn, are "
           "divided into tiles of 16x16 pixels")

BLOCK = {"block": {"heights": "full", "angle": 0xFF}}
FLOOR_X = 2304          # x $900 on: clear of the present's launch area
FLOOR_Y = 704           # the floor's top; standing y = 684


def flat(name, desc, start, inp, frames=None, width=96, variant="normal",
         verifies=None, x0=FLOOR_X, tiles=None, rows=None, origin=None,
         bounds=None):
    st = {"x": x0 + 96, "y": FLOOR_Y - 20}
    st.update(start)
    doc = {
        "name": name, "description": desc, "character": "sonic",
        "variant": variant,
        "tiles": tiles or BLOCK,
        "map": {"origin": origin or [x0, FLOOR_Y - 48], "legend": {"#": "block"},
                "rows": rows or (["." * width] * 3 + ["#" * width] * 2)},
        "start": st, "bounds": bounds,
        "input": inp, "frames": frames or sum(i["frames"] for i in inp),
    }
    if verifies:
        doc["verifies"] = verifies
    write("soniccd/cd/" + name, doc)


def step(frames, *hold):
    return {"frames": frames, "hold": list(hold)} if hold else {"frames": frames}


# The peel-out: frame 1 up (the double-tap timer starts), frame 2 up + A
# (the charge starts: 1), then up held: ObjSonic counts the charge 2..30
# and MoveGround adds $64 a frame, reaching the cap $C00 on the 31st frame
# of up held after the tap (frame 33).
PEEL = [step(1, "up"), step(1, "up", "a")]


def peelout():
    flat("peelout-charge-to-cap",
         "Sonic CD's Super Peel Out charged to its cap and released holding "
         "right: up held (the double-tap timer starts on the press), A tapped "
         "with up held (charge 1, look-up animation), then up kept: the charge "
         "counts 2..30 and the ground speed gains $64 a frame (walk animation, "
         "position kept) until it stops at 2 x the top speed, $C00, on frame 33; "
         "up let go on frame 36 with right held: he runs off at $C00, 12 px a "
         "frame, and keeps it while right is held.",
         {}, PEEL + [step(33, "up"), step(30, "right")],
         verifies=[v("soniccd/cd/peelout-12px", S004 + ", Friction force (top speed)",
                     Q_PEEL, 36, "x_speed", 0xC00)])
    flat("peelout-release-29",
         "The Super Peel Out let go one frame too early: up is released on "
         "frame 30, when ObjSonic's count (before the routine runs) makes the "
         "charge 29: a charge below 30 is cancelled, the ground speed ($64 x "
         "27 = $A8C) set to 0, and he stays where he is.",
         {}, PEEL + [step(27, "up"), step(20)])
    flat("peelout-release-30",
         "The Super Peel Out let go as soon as it counts: up is released on "
         "frame 31, when the charge counts to 30, so it is released with the "
         "ground speed it had ($64 x 28 = $AF0), less the clobbered friction "
         "13 ($D) on that frame ($AE3), then 12 a frame.",
         {}, PEEL + [step(28, "up"), step(20)])
    flat("peelout-release-neutral",
         "A full Super Peel Out ($C00) released with nothing else held: the "
         "release frame's friction step subtracts 13 ($D: the balance probe, "
         "which runs while charging, left the solidity bit number in the "
         "register MoveGround uses for the friction), $C00 -> $BF3, then the "
         "normal friction, 12 a frame.",
         {}, PEEL + [step(33, "up"), step(30)],
         verifies=[v("soniccd/cd/peelout-release-friction",
                     S004 + ", Friction force (top speed)", Q_FRICTION, 36,
                     "ground_speed", 0xC00 - 12, original=0xBF3,
                     note=("the first friction step after the release takes 13, "
                           "not 12: MoveGround's friction uses d5, which the "
                           "balance probe (ObjGetFloorDist, run because the "
                           "charge was going) left at 13 ($D); from the next "
                           "frame on 12 ($BE7, $BDB, ...)"))])
    flat("peelout-release-forward",
         "A full Super Peel Out released while right is held: above the top "
         "speed, holding the direction of motion neither accelerates nor clamps "
         "(Sonic CD's fix of the guide's flaw): the ground speed stays $C00 for "
         "as long as right is held; let go, friction works it down.",
         {}, PEEL + [step(33, "up"), step(40, "right"), step(20)],
         verifies=[v("soniccd/cd/peelout-kept-held", S004 + ", Friction force (top speed)",
                     Q_KEEP, 75, "ground_speed", 0xC00)])
    flat("peelout-release-backward",
         "A full Super Peel Out released while left is held (facing right): "
         "left and right are ignored while the charge runs, and on the release "
         "frame the held direction skips the friction step, so the ground "
         "speed is still $C00; from the next frame on left brakes it by $80 a "
         "frame (the braking animation, $D) to exactly 0 on frame 60 "
         "(standing), then he walks left.",
         {}, PEEL + [step(33, "up"), step(40, "left")], x0=FLOOR_X, width=160)
    flat("peelout-left",
         "The Super Peel Out facing left: the ground speed falls by $64 a frame "
         "to -$C00; released with left held he runs left at -$C00.",
         {"facing": "left", "x": FLOOR_X + 1400},
         PEEL + [step(33, "up"), step(30, "left")], width=96, x0=FLOOR_X + 1024)
    flat("peelout-speed-shoes",
         "The Super Peel Out with speed shoes (top speed $C00): the cap is "
         "2 x top - top / 2 = $1200, reached at $64 a frame; released holding "
         "right.",
         {}, PEEL + [step(50, "up"), step(20, "right")], variant="speed_shoes",
         width=128)
    flat("peelout-underwater",
         "The Super Peel Out underwater (top speed $300): the cap is 2 x top = "
         "$600, reached on the 16th charging frame; released with nothing held "
         "(the release frame's friction is 13 here too, then the underwater "
         "friction 6).",
         {}, PEEL + [step(33, "up"), step(30)], variant="underwater")
    flat("peelout-no-jump-while-charging",
         "No jump while a peel-out charges: A is pressed again (up held) on "
         "frame 10 and on frame 20 while the charge runs; ObjSonic_CheckJump "
         "refuses while oPlayerCharge is not 0, so he stays on the ground and "
         "the charge goes on.",
         {}, PEEL + [step(7, "up"), step(1, "up", "a"), step(9, "up"),
                     step(1, "up", "b"), step(15, "up"), step(10)])
    flat("peelout-directions-ignored",
         "Left and right are ignored while the peel-out charges: right is held "
         "with up from frame 8, then left from frame 20; the ground speed still "
         "grows by $64 a frame facing right; released with right held.",
         {}, PEEL + [step(5, "up"), step(12, "up", "right"), step(16, "up", "left"),
                     step(20, "right")])
    flat("peelout-at-ledge",
         "A peel-out tried at a ledge: Sonic stands 1 px past the floor's "
         "right edge (2655; he is at 2656, facing right), holds up and taps A: "
         "from frame 2 on he balances (Balance, 6), and the balance test, "
         "which comes first in MoveGround, skips the look-up and charge code: "
         "no look-up animation, no charge.",
         {"x": 2656}, PEEL + [step(20, "up"), step(10)],
         x0=2304, rows=LEDGE_ROWS,
         verifies=[v("soniccd/cd/balance-no-peelout", S000 + ", Edge balancing (note)",
                     Q_BAL_NOTE, 10, "anim", 6)])
    for facing, anim in (("right", "Balance (6), facing the ledge"),
                         ("left", "Balance2 ($32), facing away from it")):
        flat("peelout-balance-cancel-" + facing,
             "A peel-out charge running at a ledge (the start: charge 10, "
             "ground speed %s, up held, 1 px past the floor's right edge, facing "
             "%s, the right sensor's ledge result 3 in the angle buffer): with "
             "the ground speed not 0 and a charge, the balance test runs, finds "
             "the floor under his centre 12 px or more down and cancels the "
             "charge (charge 0, ground speed 0) and shows %s." %
             ("$384" if facing == "right" else "-$384", facing, anim),
             {"x": 2656, "facing": facing, "charge": 10,
              "ground_speed": 0x384 if facing == "right" else -0x384,
              "angle_buffer_1": 3},
             [step(10, "up"), step(5)], x0=2304, rows=LEDGE_ROWS)


def spindash():
    SD = [step(2, "down"), step(1, "down", "a")]
    flat("spindash-start-right",
         "The spindash started facing right: down held (duck), A tapped: charge "
         "1, ground speed $16, then StartRoll (curled, radii 14/7, y + 5) raises "
         "it to $200; the friction step takes 13 and CheckRoll's StartRoll "
         "raises it again, so the frame ends at ground speed $200 with the x "
         "speed of the friction step, $1F3 (x moves 1.95 px on that frame only; "
         "while down is held the position stays).",
         {}, SD + [step(10, "down"), step(5)])
    flat("spindash-start-left",
         "The spindash started facing left: the start speed is -$16, which "
         "StartRoll does not raise (only 0..$1FF); the friction step leaves -9 "
         "for the ground and x speed.",
         {"facing": "left"}, SD + [step(10, "down"), step(5)])
    flat("spindash-release-44",
         "The spindash let go one frame early: down released when the charge "
         "would count to 45 from 44: cancelled, ground, x and y speed 0, Sonic "
         "uncurls (radii 19/9, y - 5): down let go on frame 46, when the "
         "charge counts to 44.",
         {}, SD + [step(42, "down"), step(10)])
    flat("spindash-release-45",
         "The spindash let go as soon as it counts: down let go on frame 47, "
         "when the charge counts to 45: he rolls off with the ground speed it "
         "had (the cap $C00, reached on frame 38) less the roll friction 6, "
         "$BFA.",
         {}, SD + [step(43, "down"), step(30)], width=128)
    flat("spindash-charge-to-cap",
         "The spindash charged long: +$4B a frame from $200 to the cap $C00 "
         "(on frame 38), held to frame 80, then released: $BFA, then the roll "
         "friction 6 a frame.",
         {}, SD + [step(77, "down"), step(40)], width=160)
    flat("spindash-left-release",
         "The spindash facing left to its cap and released: -9, -$54, ... "
         "-$C00, released at -$BFA, rolling left.",
         {"facing": "left", "x": FLOOR_X + 1400},
         SD + [step(60, "down"), step(30)], x0=FLOOR_X + 1024, width=128)
    flat("spindash-speed-shoes",
         "The spindash with speed shoes: the cap is 2 x top - top / 2 = $1200; "
         "released, he rolls at a ground speed of $11F4 (the roll friction "
         "with shoes is 12) but an x speed of $1000, the roll's x speed cap.",
         {}, SD + [step(60, "down"), step(30)], variant="speed_shoes", width=192)
    flat("spindash-underwater",
         "The spindash underwater: the cap is 2 x top = $600 (frame 17); "
         "released at charge 45, then the roll friction.",
         {}, SD + [step(50, "down"), step(30)], variant="underwater")
    flat("spindash-press-again",
         "A, B and C pressed again while the spindash charges: no jump (the "
         "charge is running) and no extra speed (no rev as in Sonic 2): the "
         "ground speed still gains $4B a frame.",
         {}, SD + [step(5, "down"), step(1, "down", "a"), step(3, "down"),
                   step(1, "down", "b"), step(3, "down"), step(1, "down", "c"),
                   step(40, "down"), step(20)], width=128)


def anims():
    def speed_case(name, gs, desc, ver):
        flat(name, desc, {"ground_speed": gs, "x_speed": gs},
             [step(4)], width=128, verifies=ver)
    speed_case("walk-5ff",
               0x60B,
               "Sonic moving right at $60B with nothing held: friction leaves "
               "$5FF on frame 1, when the walk/run picks its first sprite: "
               "below $600 the walk ($35, the level set's first walking "
               "sprite).",
               [v("soniccd/cd/walk-below-6", S004 + ", Running Animation", Q_WALK,
                  1, "mapping_frame", 0x35)])
    speed_case("run-600",
               0x60C,
               "Sonic moving right at $60C with nothing held: friction leaves "
               "exactly $600 on frame 1: the run ($4B, the first running "
               "sprite).",
               [v("soniccd/cd/run-at-6", S004 + ", Running Animation", Q_RUN6,
                  1, "mapping_frame", 0x4B)])
    speed_case("run-9ff",
               0xA0B,
               "Sonic moving right at $A0B with nothing held: friction leaves "
               "$9FF on frame 1: still the run ($4B), not the peel-out's "
               "figure-eight.",
               [v("soniccd/cd/no-jerk-below-10", S004 + ", Running Animation", Q_RUN6,
                  1, "mapping_frame", 0x4B)])
    speed_case("peelout-anim-a00",
               0xA0C,
               "Sonic moving right at $A0C with nothing held: friction leaves "
               "exactly $A00 on frame 1: the peel-out sprites (SonAni_Peelout, "
               "the figure-eight legs, $94 first).",
               [v("soniccd/cd/jerk-at-10", S004 + ", Running Animation", Q_JERK,
                  1, "mapping_frame", 0x94)])
    flat("peelout-anim-to-run",
         "A full Super Peel Out released to neutral: the figure-eight sprites "
         "($94-$97) while the ground speed is $A00 or more, the run sprites "
         "($4B-$4E) from below $A00 to $600 at the next sprite change, then the "
         "walk.",
         {}, PEEL + [step(33, "up"), step(260)], width=1024 // 16 * 4)


def braking():
    left = {"ground_speed": -0x600, "x_speed": -0x600, "facing": "left",
            "x": FLOOR_X + 1000}
    flat("brake-until-zero-left",
         "Sonic moving left at -$600 holds right for 11 frames (the deceleration "
         "$80 a frame leaves -$80, the braking animation $D from frame 1), then "
         "lets go: friction takes 12 a frame and the braking animation stays "
         "until the ground speed reaches 0 (frame 22); the standing animation "
         "follows on frame 23.",
         left, [step(11, "right"), step(20)], x0=FLOOR_X + 512, width=96,
         verifies=[v("soniccd/cd/brake-left-while-negative", S004 + ", Running Animation",
                     Q_BRAKE, 21, "anim", 13),
                   v("soniccd/cd/brake-left-ends-at-zero", S004 + ", Running Animation",
                     Q_BRAKE, 22, "anim", 5, original=13,
                     note=("MoveGround sets the standing animation only when the "
                           "ground speed is already 0 before its friction step; "
                           "friction brings it to 0 after that check, so the "
                           "braking animation shows on the frame the speed "
                           "reaches 0 (22) and the standing one on the next"))])
    flat("brake-sign-change-left",
         "Sonic moving left at -$640 holds right: the deceleration goes past 0 "
         "on frame 13 (-$40 + $80: the turn-round gives $80); the braking "
         "animation stays on that frame and the walk starts on frame 14, right "
         "still held.",
         dict(left, ground_speed=-0x640, x_speed=-0x640),
         [step(20, "right")], x0=FLOOR_X + 512, width=96,
         verifies=[v("soniccd/cd/brake-left-until-sign", S004 + ", Running Animation",
                     Q_BRAKE, 13, "anim", 0, original=13,
                     note=("on the frame the deceleration crosses 0 (to the "
                           "turn-round $80) MoveGndRight's decelerating branch "
                           "returns without setting the walk, so the braking "
                           "animation stays one more frame; the walk starts on "
                           "frame 14, when right held accelerates (as in Sonic "
                           "1: animation/skid-sign-change)"))])
    flat("brake-turnround-at-zero-left",
         "Sonic moving left at -$600 holds right for 12 frames: the "
         "deceleration meets 0 exactly on frame 12 (-$80 + $80), and "
         "MoveGndRight's turn-round, which acts when the add carries, gives "
         "$80: the speed changes sign.  Right is let go then, so nothing sets "
         "the walk: the braking animation goes on while friction takes the "
         "positive speed down to 0 (frame 23); standing from frame 24.",
         left, [step(12, "right"), step(20)], x0=FLOOR_X + 512, width=96,
         verifies=[v("soniccd/cd/brake-after-sign-change", S004 + ", Running Animation",
                     Q_BRAKE, 13, "anim", 0, original=13,
                     note=("the speed changed sign on frame 12 (-$80 + $80 "
                           "carries: the turn-round $80), but the braking "
                           "animation ends only when a frame accelerates (the "
                           "walk) or finds the speed 0 (standing): with nothing "
                           "held it stays through the positive speed until "
                           "friction stops him, frame 24"))])


# The ledge: full blocks to x 2655 (the guide's right edge), or from x
# 2000 (its left edge at 1999 + 1: the Sonic 1 scenario balance-left-1999).
LEDGE_ROWS = ["." * 30] * 3 + ["#" * 22 + "." * 8] * 2


def ledge(name, desc, side, facing, ver):
    if side == "right":
        x0, rows, x = 2304, LEDGE_ROWS, 2656
    else:
        x0, rows, x = 1904, ["." * 30] * 3 + ["." * 6 + "#" * 24] * 2, 1999
    flat(name, desc, {"x": x, "facing": facing}, [step(20)], x0=x0, rows=rows,
         verifies=ver)


def balance():
    ledge("balance-right-facing-ledge",
          "Sonic stands still at x 2656, 1 px past the floor's right edge "
          "(2655), facing right, toward the ledge: Balance (6), facing kept.",
          "right", "right",
          [v("soniccd/cd/balance-right-facing", S000 + ", Edge balancing", Q_BAL, 5,
             "anim", 6)])
    ledge("balance-right-facing-away",
          "Sonic stands still at x 2656, past the floor's right edge, facing "
          "left, away from the ledge: the second balancing animation, "
          "Balance2 ($32), and he is not turned round.",
          "right", "left",
          [v("soniccd/cd/balance2-right", S000 + ", Edge balancing", Q_BAL2, 5,
             "anim", 0x32)])
    ledge("balance-left-facing-ledge",
          "Sonic stands still at x 1999, past the floor's left edge (2000), "
          "facing left, toward the ledge: Balance (6).",
          "left", "left",
          [v("soniccd/cd/balance-left-facing", S000 + ", Edge balancing", Q_BAL, 5,
             "anim", 6)])
    ledge("balance-left-facing-away",
          "Sonic stands still at x 1999, past the floor's left edge, facing "
          "right, away from the ledge: Balance2 ($32), not turned round.",
          "left", "right",
          [v("soniccd/cd/balance2-left", S000 + ", Edge balancing", Q_BAL2, 5,
             "anim", 0x32)])
    flat("spindash-at-ledge",
         "A spindash tried at a ledge (x 2656, 1 px past the floor's right "
         "edge, facing right): down held, A tapped: he balances from frame 2 "
         "on and the balance test, first in MoveGround, skips the duck and "
         "spindash code: no duck, no spindash.",
         {"x": 2656}, [step(2, "down"), step(1, "down", "a"), step(20, "down"),
                       step(10)],
         x0=2304, rows=LEDGE_ROWS,
         verifies=[v("soniccd/cd/balance-no-spindash", S000 + ", Edge balancing (note)",
                     Q_BAL_NOTE, 10, "anim", 6)])


def look():
    flat("look-up-single-hold",
         "Up held for 80 frames after one press: the look-up animation (7), but "
         "the camera's look shift camYCenter stays 96 (a single press only "
         "starts the double-tap timer in lookMode's low nibble, which runs out "
         "after 15 frames).",
         {}, [step(80, "up"), step(10)])
    flat("look-up-double-tap",
         "Up pressed, let go, pressed again within the double-tap timer and "
         "held: lookMode's bit 7 is set on the second press (frame 4), and from "
         "then on camYCenter rises by 2 a frame from 96 to 200 ($C8, frame "
         "56); up let go on frame 71: it comes back by 2 a frame to 96 (frame "
         "122).",
         {}, [step(1, "up"), step(2), step(67, "up"), step(60)])
    flat("look-down-single-hold",
         "Down held for 80 frames after one press: the duck animation (8), the "
         "camera shift stays 96.",
         {}, [step(80, "down"), step(10)])
    flat("look-down-double-tap",
         "Down pressed, let go, pressed again and held: lookMode's bit 6 (frame "
         "4), then camYCenter falls by 2 a frame from 96 to 8 (frame 48); down "
         "let go on frame 71: back by 2 a frame to 96 (frame 114), and the "
         "look bit is cleared once it is there.",
         {}, [step(1, "down"), step(2), step(67, "down"), step(60)])
    flat("look-up-tap-too-late",
         "Up pressed, let go for 20 frames (the double-tap timer, counting in "
         "lookMode's low nibble, runs out after 15), then pressed and held: "
         "only a new first press, so no camera move.",
         {}, [step(1, "up"), step(20), step(40, "up"), step(5)])


def jump_refused():
    flat("jump-refused-up-held",
         "A pressed with up held while standing (ground speed 0): no jump; the "
         "press starts a peel-out charge instead (it is released too early "
         "and cancelled).",
         {}, [step(3, "up"), step(1, "up", "a"), step(5, "up"), step(10)])
    flat("jump-refused-down-held",
         "A pressed with down held while standing: no jump; the press starts a "
         "spindash (released early: cancelled, uncurled).",
         {}, [step(3, "down"), step(1, "down", "a"), step(5, "down"), step(10)])
    flat("jump-up-held-moving",
         "A pressed with up held while moving (ground speed $300): the refusal "
         "is for ground speed 0 only, so he jumps.",
         {"ground_speed": 0x300, "x_speed": 0x300},
         [step(2, "up"), step(1, "up", "a"), step(30, "a")], width=128)


def air_window():
    def air(name, x, desc, tz=None, ys=0, inp=None, xs=0x300, frames=None):
        st = {"x": x, "y": 400, "in_air": True, "x_speed": xs, "y_speed": ys}
        if tz is not None:
            st["time_zone"] = tz
        doc = {
            "name": name, "description": desc, "character": "sonic",
            "tiles": BLOCK,
            "map": {"origin": [1536, 640], "legend": {"#": "block"},
                    "rows": ["." * 64] * 3 + ["#" * 64]},
            "start": st,
            "input": inp or [step(6, "right")],
        }
        doc["frames"] = frames or sum(i["frames"] for i in doc["input"])
        write("soniccd/cd/" + name, doc)
    air("air-lock-6c7", 0x6C7,
        "In the air at x $6C7 (1 px left of Palmtree Panic 1 Present's launch "
        "area) with x speed $300, holding right: the air control adds $18 on "
        "frame 1; from frame 2 on he is inside ($6CA) and the x speed stays.")
    air("air-lock-6c8", 0x6C8,
        "In the air at x $6C8, the launch area's first pixel, holding right: "
        "ObjSonic_MoveAir returns at once, the x speed stays $300.")
    air("air-lock-83f", 0x83F,
        "In the air at x $83F, the launch area's last pixel, holding right: "
        "no air control on frame 1 ($300 kept); on frame 2 he is at $842, "
        "outside, and gains $18.")
    air("air-lock-840", 0x840,
        "In the air at x $840, just right of the launch area, holding right: "
        "the air control adds $18 from frame 1.")
    air("air-lock-6c8-past", 0x6C8,
        "In the air at x $6C8 in the past (time_zone 0): the launch area is "
        "the present's only, so holding right adds $18 a frame.", tz=0)
    air("air-lock-6c8-future", 0x6C8,
        "In the air at x $6C8 in the future (time_zone 2): air control as "
        "anywhere else, +$18 a frame holding right.", tz=2)
    air("air-drag-window-present", 0x700,
        "Rising at -$300 at x $700 in the present with x speed $300 and "
        "nothing held: inside the launch area MoveAir returns before the air "
        "drag too, so the x speed stays $300 while the y speed is between "
        "-$400 and 0.", ys=-0x300, inp=[step(8)])
    air("air-drag-window-past", 0x700,
        "Rising at -$300 at x $700 in the past, x speed $300, nothing held: "
        "the air drag (x speed - x speed / 32 while the y speed is between "
        "-$400 and 0) works as anywhere else.", tz=0, ys=-0x300, inp=[step(8)])
    # The same jump as air/launch-area-present and -past, in the future.
    doc = {
        "name": "launch-area-future",
        "description": (
            "Palmtree Panic 1 in the future (time_zone 2): the jump of "
            "air/launch-area-present at x $700 with x speed $300, holding "
            "right: no launch area, the air control adds $18 a frame."),
        "character": "sonic", "tiles": BLOCK,
        "map": {"origin": [1536, 640], "legend": {"#": "block"},
                "rows": ["." * 32] * 3 + ["#" * 32]},
        "start": {"x": 1792, "y": 668, "x_speed": 0x300, "ground_speed": 0x300,
                  "time_zone": 2},
        "input": [step(1, "right", "a"), step(40, "right", "a")], "frames": 41,
    }
    write("soniccd/cd/launch-area-future", doc)


def air_misc():
    rows = ["." * 48] * 70 + ["#" * 48] * 2
    flat("fall-cap",
         "A long fall from rest (x $C00): gravity $38 a frame until ObjMoveGrv "
         "caps the y speed at $1000 (frame 74), then 16 px a frame until he "
         "lands on the floor at y 1216 (frame 106).",
         {"x": 3100, "y": 100, "in_air": True}, [step(110)],
         x0=3072, rows=rows, origin=[3072, 96])
    flat("roll-jump-air-control",
         "A jump from a roll (x speed $400, rolling) with left held in the air: "
         "Sonic CD's MoveAir does not lock the air control after a roll jump "
         "(Sonic 1 does: jumping/roll-jump-no-air-control), so the x speed "
         "falls by $18 a frame.",
         {"ground_speed": 0x400, "x_speed": 0x400, "rolling": True,
          "y": FLOOR_Y - 15},
         [step(1, "a"), step(30, "a", "left")], width=128)
    flat("roll-jump-radii",
         "A jump from a roll started with the standing radii (19/9) kept in the "
         "start: the roll jump leaves the radii as they are (no 14/7, no y + 5); "
         "he lands with them.",
         {"ground_speed": 0x300, "x_speed": 0x300, "rolling": True,
          "height_radius": 19, "width_radius": 9},
         [step(1, "a"), step(60, "a"), step(20)], width=128)
    flat("fall-walk-anim",
         "In the air rising at -$100 with the braking animation (13): MdAir "
         "keeps it while rising and sets the walk (0) on the first frame the y "
         "speed is 0 or more.",
         {"y": 500, "in_air": True, "y_speed": -0x100, "anim": 13},
         [step(20)])


def rolls():
    def sr(name, gs, desc):
        flat(name, desc, {"ground_speed": gs, "x_speed": gs,
                          "facing": "left" if gs < 0 else "right"},
             [step(1, "down"), step(10, "down"), step(5)], width=96)
    sr("start-roll-8c",
       0x8C, "Down held at ground speed $8C: friction leaves $80, CheckRoll "
       "curls him and StartRoll raises 0..$1FF to $200 (the x speed of that "
       "frame is still the friction step's $80).")
    sr("start-roll-20b",
       0x20B, "Down held at ground speed $20B: friction leaves $1FF, StartRoll "
       "raises it to $200 (x speed $1FF on that frame).")
    sr("start-roll-20c",
       0x20C, "Down held at ground speed $20C: friction leaves $200, which "
       "StartRoll keeps.")
    sr("start-roll-minus-8c",
       -0x8C, "Down held at ground speed -$8C (moving left): friction leaves "
       "-$80, StartRoll curls him and keeps -$80 (only 0..$1FF is raised).")


def ceiling_roll():
    with open(os.path.join(ROOT, "scenarios", "ceilings",
                           "ceiling-attach-steep-right.yaml")) as f:
        d = yaml.safe_load(f)
    doc = {
        "name": "ceiling-attach-rolling",
        "description": (
            "Over the map of ceilings/ceiling-attach-steep-right: Sonic, curled "
            "(rolling, radii 14/7) and rising at -$700 with x speed $100, meets "
            "the steep ceiling slope: Player_LevelColInAir attaches him "
            "(ground speed from the y speed) through ResetOnSteepSlope, which "
            "keeps the roll, so he goes on rolling on the ceiling slope."),
        "character": "sonic", "tiles": d["tiles"], "map": d["map"],
        "start": {"x": 1640, "y": 700, "in_air": True, "rolling": True,
                  "x_speed": 0x100, "y_speed": -0x700},
        "input": [step(40)], "frames": 40,
    }
    write("soniccd/cd/ceiling-attach-rolling", doc)


def camera():
    flat("cam-lead-right",
         "Running right at $600: ObjSonic_ExtCamera moves camXCenter 2 px a "
         "frame from 160 to 96 (frame 32) and keeps it there while right is "
         "held; let go on frame 51, friction takes the speed below $600 and "
         "from frame 52 (ExtCamera runs first in a frame, on the ground speed "
         "the frame before left) it comes back 2 px a frame to 160 (frame 83).",
         {"ground_speed": 0x600, "x_speed": 0x600},
         [step(50, "right"), step(50)], width=1024 // 16 * 2)
    flat("cam-lead-left",
         "Running left at -$600: camXCenter moves 2 px a frame from 160 to 224 "
         "(frame 32) and, left let go on frame 51, from frame 52 back to 160.",
         {"ground_speed": -0x600, "x_speed": -0x600, "facing": "left",
          "x": FLOOR_X + 1900},
         [step(50, "left"), step(50)], x0=FLOOR_X, width=1024 // 16 * 2)


def tiles_and_bounds():
    neg = {"block": {"heights": "full", "angle": 0xFF},
           "hang": {"heights": [-8] * 16, "widths": [0] * 8 + [16] * 8,
                    "angle": 0xFF}}
    rows = ["." * 48] * 3 + ["h" * 48] + ["." * 48] * 3 + ["#" * 48]
    for name, st, desc in (
            ("negative-tile-walk",
             {"x": FLOOR_X + 100, "y": FLOOR_Y - 20},
             "Sonic walks right on a row of tiles whose columns hang 8 px "
             "from the top (heights -8): FindLevelFloor reads a negative "
             "height under a downward sensor as a full column, so he stands "
             "on the row's top (y 684) and walks along it."),
            ("negative-tile-land",
             {"x": FLOOR_X + 100, "y": FLOOR_Y - 60, "in_air": True},
             "Sonic falls onto a row of tiles whose columns hang 8 px from the "
             "top (heights -8) and lands on their top (read as full), then "
             "walks right.")):
        doc = {"name": name, "description": desc, "character": "sonic",
               "tiles": neg,
               "map": {"origin": [FLOOR_X, FLOOR_Y - 48],
                       "legend": {"#": "block", "h": "hang"}, "rows": rows},
               "start": st, "input": [step(10), step(30, "right")], "frames": 40}
        write("soniccd/cd/" + name, doc)
    flat("right-bound",
         "Running right at $600 toward the level's right limit 2400: "
         "ObjSonic_LevelBound stops him when his next x passes limit + $168 "
         "(304 + 56 px) = 2760: x set to it, x and ground speed 0.",
         {"x": 2600, "ground_speed": 0x600, "x_speed": 0x600},
         [step(40, "right")], bounds={"left": 0, "right": 2400, "bottom": 2000},
         x0=2304, width=48)
    flat("death-bottom",
         "Sonic falls from a ledge past the level's bottom limit (576): below "
         "limit + 224 ObjSonic_LevelBound kills him (routine 6, y speed -$700, "
         "x speed 0); he falls on until 256 px below the limit (frame 130) "
         "and the dead routine moves to routine 8 (frame 131) with its "
         "restart delay of 60 frames; the run goes on to frame 220 (the delay "
         "and the level restart it leads to are not trace columns).",
         {"x": 2340, "ground_speed": 0x200, "x_speed": 0x200},
         [step(20, "right"), step(200)], x0=2304, width=40,
         rows=["." * 40] * 3 + ["#" * 6 + "." * 34] * 2,
         bounds={"left": 0, "right": 30000, "bottom": 576})
    # The level's last chunk column (127) and a row below y 2048: only with
    # 256x256 chunks (128 columns, 16 rows) is there a layout cell there.
    flat("chunk-256-far-corner",
         "Sonic stands on and walks along a floor in the last of the layout's "
         "128 chunk columns (x 32512-32767) at y 3840, in its 16th chunk row: "
         "128 x 16 chunks reach there only because they are 256x256 pixels.",
         {"x": 32600, "y": 3840 - 20}, [step(10), step(30, "right")],
         x0=32512, width=16, origin=[32512, 3840 - 48],
         verifies=[v("soniccd/cd/chunk-256", S000 + ", Introduction", Q_CHUNK, 10,
                     "y", 3820)])


def v(id_, src, quote, frame, field, value, original=None, note=None):
    e = {"id": id_, "source": src, "quote": quote, "frame": frame,
         "field": field, "value": value}
    if original is not None:
        e["original"], e["note"] = original, note
    return e


def cd_rules():
    peelout()
    spindash()
    anims()
    braking()
    balance()
    look()
    jump_refused()
    air_window()
    air_misc()
    rolls()
    ceiling_roll()
    camera()
    tiles_and_bounds()


def main():
    for rel, d in sonic1_scenarios():
        port(rel, d)
    cd_rules()


if __name__ == "__main__":
    main()
