#!/usr/bin/python3
# gen-water.py - write the water scenarios (entering and leaving water,
# Sonic_Water / Tails_Water / Knuckles_Water) for every game that has
# water and each of its characters:
#     scenarios/water/           Sonic 1 (Labyrinth Zone)
#     scenarios/sonic2/water/    Sonic 2: Sonic, Tails (tails-*)
#     scenarios/sonic3/water/    Sonic 3: Sonic, Tails
#     scenarios/sonic3k/water/   Sonic & Knuckles: Sonic, Tails, Knuckles
# Each scenario states in its description what it shows and what each
# game's routine does there (docs/games.md, "Zone-specific player code").
# Run from the repository's root, then capture the goldens:
#     /usr/bin/python3 scripts/gen-water.py
#     build/spgsim capture --rom ROM scenarios/water/*.yaml ...
# MIT licence, part of spgsim.
import os

GAMES = [
    # (game, directory, characters, title)
    ("sonic1", "scenarios/water", ["sonic"], "Sonic 1"),
    ("sonic2", "scenarios/sonic2/water", ["sonic", "tails"], "Sonic 2"),
    ("sonic3", "scenarios/sonic3/water", ["sonic", "tails"], "Sonic 3"),
    ("sonic3k", "scenarios/sonic3k/water", ["sonic", "tails", "knuckles"],
     "Sonic & Knuckles"),
]

FLOOR = 736                      # the flat floor's top
CHAR_TITLE = {"sonic": "Sonic", "tails": "Tails", "knuckles": "Knuckles"}


def stand_y(char, floor=FLOOR):
    """The centre of a character standing on a floor: Tails' y radius is
    $F, Sonic's and Knuckles' $13."""
    return floor - (16 if char == "tails" else 20)


def routine_name(game, char):
    if game == "sonic1":
        return "Sonic_Water (Labyrinth Zone only)"
    if char == "tails":
        return "Tails_Water (Water_flag)"
    if char == "knuckles":
        return "Knuckles_Water (Water_flag)"
    return "Sonic_Water (Water_flag)"


def s3_rule(game):
    return game in ("sonic3", "sonic3k")


def leave_rule(game):
    """What the routine does to the y speed on leaving, as a verb phrase."""
    if s3_rule(game):
        return ("doubles the y speed only when it is -$400 or more "
                "(cmpi.w #-$400 / blt), then caps it at -$1000 unless it is "
                "0 or the animation is $1C")
    return ("doubles the y speed (asl.w: the word wraps) and, unless it is "
            "then 0, caps it at -$1000")


def air_clamp(game):
    if s3_rule(game):
        return "in the air Sonic 3's air control keeps a higher speed"
    return "air control clamps at the top speed"


def ground_clamp(game):
    if game == "sonic1":
        return "holding forward above the top speed clamps to it"
    return "holding forward above the top speed keeps the higher speed"


FLAT_TILES = "tiles:\n  block: {heights: full, angle: 0xFF}\n"


def flat_map(width=60, origin_x=320):
    row = "#" * width
    return ("map:\n  origin: [%d, %d]\n  legend: {\"#\": block}\n  rows:\n"
            "    - \"%s\"\n    - \"%s\"\n" % (origin_x, FLOOR, row, row))


def header(name, desc, game, char, variant=None, water=None):
    text = "name: %s\ndescription: >\n" % name
    words = desc.split()
    line = " "
    for w in words:
        if len(line) + len(w) + 1 > 74:
            text += line + "\n"
            line = " "
        line += " " + w
    text += line + "\n"
    text += "game: %s\ncharacter: %s\n" % (game, char)
    if variant:
        text += "variant: %s\n" % variant
    if game == "sonic1":
        text += "zone: lz\n"
    text += "water_level: %d\n\n" % water
    return text


def steps(*parts):
    text = "input:\n"
    total = 0
    for frames, hold in parts:
        if hold:
            text += "  - {frames: %d, hold: [%s]}\n" % (frames, ", ".join(hold))
        else:
            text += "  - {frames: %d}\n" % frames
        total += frames
    return text + "frames: %d\n" % total


def verify(vid, frame, field, value, quote, source="original-facts.md, "
           "Sonic 1 constants", note=None):
    text = ("  - id: %s\n    source: \"%s\"\n    quote: \"%s\"\n"
            "    frame: %d\n    field: %s\n    value: %s\n"
            % (vid, source, quote, frame, field, value))
    if note:
        text += "    note: \"%s\"\n" % note
    return text


UW_QUOTE = ("underwater | top $300, acc $06, dec $40, jump $380, release "
            "cap -$200")


# ---- the scenarios --------------------------------------------------------
# Each returns (name, text) or None where it does not apply.

def fall_in(game, char, t):
    L = 640
    desc = ("%s falls from above the surface (y %d) into the water at y %d, "
            "holding right, with x speed $305: on the frame his centre is "
            "below the surface %s sets the underwater bit, puts the speed "
            "constants to $300/6/$40, halves the x speed (asr) and quarters "
            "the y speed; before it air control adds $18 a frame, after it "
            "$C up to the top speed $300 (%s), and gravity is $10.  He lands "
            "on the floor under water and runs on at the underwater top "
            "speed." % (CHAR_TITLE[char], 560, L, routine_name(game, char),
                        air_clamp(game)))
    return ("fall-in", header("fall-in", desc, game, char, water=L) +
            FLAT_TILES + "\n" + flat_map() + "\nstart: {x: 600, y: 560, "
            "in_air: true, x_speed: 0x305, y_speed: 0x180}\n\n" +
            steps((50, ["right"])))


def jump_out(game, char, t):
    L = 690
    y = stand_y(char)
    desc = ("%s stands on the floor %d px under the surface (y %d, water "
            "%d) and jumps with A held: the underwater jump ($380) rises "
            "with gravity $10 until his centre reaches the surface, where "
            "%s clears the underwater bit, restores $600/$C/$80 and %s; "
            "above the water gravity is $38.  He falls back in (entering "
            "again: y speed quartered) and lands." % (
                CHAR_TITLE[char], y - L, y, L, routine_name(game, char),
                leave_rule(game)))
    text = (header("jump-out", desc, game, char, "underwater", L) +
            FLAT_TILES + "\n" + flat_map() +
            "\nstart: {x: 600, y: %d}\n\n" % y +
            steps((4, None), (70, ["a"]), (40, None)))
    if game == "sonic1":
        text += "\nverifies:\n" + verify(
            "water/underwater-jump-380", 5, "y_speed", "-0x380", UW_QUOTE)
    return ("jump-out", text)


def jump_deep(game, char, t):
    L = 560
    y = stand_y(char)
    desc = ("%s jumps with A held from the floor far under the surface "
            "(y %d, water %d): the whole jump stays under water, so the "
            "underwater bit and the $300/6/$40 set stay as they are; the "
            "jump is $380 and gravity $10, a higher jump than the $680 with "
            "$38 above water in frames but %s.  Then he jumps again and "
            "lets go of A early: the release cap is -$200." % (
                CHAR_TITLE[char], y, L,
                "not in pixels"))
    return ("jump-deep", header("jump-deep", desc, game, char, "underwater",
                                L) + FLAT_TILES + "\n" + flat_map() +
            "\nstart: {x: 600, y: %d}\n\n" % y +
            steps((2, None), (120, ["a"]), (6, None), (4, ["a"]),
                  (60, None)))


def slope_tiles():
    """Eight cells that drop 2 px each (16 px over 128 px: about 7 degrees
    down to the right; angle $06, even, the nearest the sensors keep),
    and a full block."""
    text = "tiles:\n  block: {heights: full, angle: 0xFF}\n"
    for j in range(8):
        h = [16 - (16 * j + c) // 8 for c in range(16)]
        text += "  s%d: {heights: [%s], angle: 0x06}\n" % (
            j, ", ".join(str(v) for v in h))
    return text


def slope_map():
    width = 80
    rows = []
    for i in range(3):
        rows.append("#" * (35 + 8 * i) + "abcdefgh" +
                    "." * (width - 43 - 8 * i))
    rows.append("#" * width)
    rows.append("#" * width)
    legend = ", ".join("\"%s\": s%d" % (chr(ord("a") + j), j)
                       for j in range(8))
    text = ("map:\n  origin: [0, 608]\n  legend: {\"#\": block, %s}\n"
            "  rows:\n" % legend)
    for r in rows:
        text += "    - \"%s\"\n" % r
    return text


def run_slope(game, char, t):
    L = 612
    y = 608 - (16 if char == "tails" else 20)
    desc = ("%s runs right off a platform (top y 608) down a slope of "
            "angle $06 (48 px down over 384 px) into the water, whose "
            "surface (y %d) lies partway down: %s compares the surface "
            "with his centre, so he enters on the slope, his ground x and y "
            "speeds halved and quartered (asr: the small y speed of the "
            "slope rounds down; the ground speed is not touched and gives "
            "them back on the next frame; %s, at $300 under water).  Then "
            "he runs left back up the slope and leaves the water on the "
            "ground: the routine %s (the climb's y speed is small and "
            "negative), and the $600/$C/$80 set is back." % (
                CHAR_TITLE[char], L, routine_name(game, char),
                ground_clamp(game), leave_rule(game)))
    return ("run-slope", header("run-slope", desc, game, char, water=L) +
            slope_tiles() + "\n" + slope_map() +
            "\nstart: {x: 520, y: %d, ground_speed: 0x300, x_speed: 0x300}"
            "\n\n" % y + steps((70, ["right"]), (250, ["left"])))


def surface(kind):
    """The exact boundary: the surface at the centre's y (above the water)
    or one pixel above it (under water), starting dry or wet."""
    def make(game, char, t):
        y = stand_y(char)
        below = kind in ("below-enters", "below-stays")
        wet = kind in ("equal-leaves", "below-stays")
        L = y - 1 if below else y
        state = "under water (surface < y)" if below else \
            "above the water (y == surface: cmp.w / bge)"
        change = {
            "equal-leaves": "he starts with the underwater bit and the "
                            "$300/6/$40 set, so frame 1's walk (Sonic_Move "
                            "runs before the water routine) adds 6; then "
                            "the bit is cleared and $600/$C/$80 restored: "
                            "from frame 2 holding right adds $C a frame",
            "equal-dry": "he stays dry: holding right adds $C a frame",
            "below-enters": "frame 1's walk adds $C with the dry set, then "
                            "he enters: the bit is set, $300/6/$40, and the "
                            "x speed is halved ($C to 6); from frame 2 "
                            "holding right adds 6 a frame",
            "below-stays": "he stays under water with the set he starts "
                           "with: holding right adds 6 a frame",
        }[kind]
        desc = ("%s stands on a flat floor with his centre at y %d and the "
                "surface at y %d: he is %s, and %s (%s)." % (
                    CHAR_TITLE[char], y, L, state, change,
                    routine_name(game, char)))
        name = "surface-" + kind
        text = (header(name, desc, game, char,
                       "underwater" if wet else None, L) +
                FLAT_TILES + "\n" + flat_map() +
                "\nstart: {x: 600, y: %d}\n\n" % y + steps((10, ["right"])))
        return (name, text)
    return make


def shoes(game, char, t):
    L = 690
    y = stand_y(char)
    desc = ("%s with speed shoes ($C00/$18/$80) runs right at $A00 on the "
            "floor under the surface (y %d, water %d): on frame 1 %s puts "
            "the set to $300/6/$40 whatever it was, and halves the x speed "
            "(%s).  He jumps out onto a dry platform (top y 672): leaving "
            "sets $600/$C/$80, not the shoes' set, so there he accelerates "
            "by $C a frame to $600." % (
                CHAR_TITLE[char], y, L, routine_name(game, char),
                ground_clamp(game)))
    width = 60
    rows = ["." * 10 + "#" * (width - 10)] * 4 + ["#" * width] * 2
    m = ("map:\n  origin: [320, 672]\n  legend: {\"#\": block}\n  rows:\n" +
         "".join("    - \"%s\"\n" % r for r in rows))
    text = (header("speed-shoes", desc, game, char, "speed_shoes", L) +
            FLAT_TILES + "\n" + m +
            "\nstart: {x: 360, y: %d, ground_speed: 0xA00, x_speed: 0xA00}"
            "\n\n" % y + steps((6, ["right"]), (40, ["right", "a"]),
                               (90, ["right"])))
    if game == "sonic1":
        text += "\nverifies:\n" + verify(
            "water/shoes-enter-top-speed-300", 2, "ground_speed", "0x300",
            UW_QUOTE, note="Sonic_Water sets $300 whatever the set was; "
            "Sonic 1 clamps a ground speed above it while right is held")
    return ("speed-shoes", text)


def leave_at(speed, jumping=True):
    """Leaving in the air with a given y speed at the test (the start's
    plus the underwater gravity $10)."""
    def make(game, char, t):
        L = 600
        start = speed - 0x10
        if s3_rule(game):
            if speed >= -0x400:
                doubled = speed * 2
                what = "-$%X is -$400 or more: doubled to -$%X" % (
                    -speed, -doubled)
            else:
                doubled = speed
                what = "-$%X is below -$400: kept" % -speed
        else:
            doubled = speed * 2
            what = "-$%X doubled to -$%X" % (-speed, -doubled)
        if doubled <= -0x1000:
            what += ", capped at -$1000"
        desc = ("%s rises through the surface (y %d) with A held (no "
                "release cap): the y speed at %s's test, after this frame's "
                "gravity ($38 - $28), is -$%X; %s.  Above the water he "
                "rises and falls with gravity $38." % (
                    CHAR_TITLE[char], L, routine_name(game, char), -speed,
                    what))
        name = "leave-minus-%x" % -speed
        jump = ", jumping: true" if jumping else ""
        return (name, header(name, desc, game, char, "underwater", L) +
                FLAT_TILES + "\n" + flat_map() +
                "\nstart: {x: 600, y: %d, in_air: true, y_speed: %d%s}\n\n"
                % (L + 2, start, jump) + steps((30, ["a"])))
    return make


def leave_wrap(game, char, t):
    L = 600
    desc = ("%s starts with the underwater bit above the surface (y %d, "
            "water %d), falling at $3FF0: on frame 1 %s takes him out with "
            "a y speed of $4000 after gravity; doubling it gives $8000 "
            "(asl.w wraps to -$8000), so the cap makes it -$1000 and he "
            "rises." % (CHAR_TITLE[char], L - 100, L,
                        routine_name(game, char)))
    return ("leave-wrap", header("leave-wrap", desc, game, char,
                                 "underwater", L) + FLAT_TILES + "\n" +
            flat_map() + "\nstart: {x: 600, y: %d, in_air: true, y_speed: "
            "0x3FF0}\n\n" % (L - 100) + steps((20, None)))


def leave_anim_1c(game, char, t):
    if not s3_rule(game):
        return None
    L = 600
    desc = ("%s rises through the surface (y %d) at -$1200 with the "
            "animation $1C: %s keeps a y speed below -$400 and skips the "
            "-$1000 cap while anim is $1C (cmpi.b #$1C,anim(a0) / beq), so "
            "he leaves at -$1200." % (CHAR_TITLE[char], L,
                                      routine_name(game, char)))
    return ("leave-anim-1c", header("leave-anim-1c", desc, game, char,
                                    "underwater", L) + FLAT_TILES + "\n" +
            flat_map() + "\nstart: {x: 600, y: %d, in_air: true, y_speed: "
            "%d, jumping: true, anim: 0x1C, prev_anim: 0x1C}\n\n" % (
                L + 2, -0x1210) + steps((20, ["a"])))


def enter_x_minus_1(game, char, t):
    L = 650
    desc = ("%s falls through the surface (y %d) with x speed -1 and y "
            "speed $100: entering, %s halves the x speed with asr, which "
            "rounds toward minus infinity: -1 stays -1 (+1 would give 0); "
            "the y speed $138 (after gravity) quartered is $4E." % (
                CHAR_TITLE[char], L, routine_name(game, char)))
    return ("enter-x-minus-1", header("enter-x-minus-1", desc, game, char,
                                      water=L) + FLAT_TILES + "\n" +
            flat_map() + "\nstart: {x: 600, y: %d, in_air: true, x_speed: "
            "-1, y_speed: 0x100}\n\n" % L + steps((40, None)))


def enter_y_zero(game, char, t):
    L = 650
    desc = ("%s starts one pixel under the surface (y %d, water %d) still "
            "dry, rising slowly (y speed -$36, x speed 1): on frame 1 "
            "gravity makes the y speed 2, and entering quarters it to 0 "
            "(the beq after the shifts: no splash) and halves the x speed "
            "to 0 (%s)." % (CHAR_TITLE[char], L + 1, L,
                       routine_name(game, char)))
    return ("enter-y-zero", header("enter-y-zero", desc, game, char,
                                   water=L) + FLAT_TILES + "\n" +
            flat_map() + "\nstart: {x: 600, y: %d, y_sub: 0x4000, in_air: "
            "true, x_speed: 1, y_speed: -0x36}\n\n" % (L + 1) +
            steps((40, None)))


def tails_fly(game, char, t):
    if char != "tails" or not s3_rule(game):
        return None
    L = 640
    desc = ("Tails flies (double_jump_flag 1, 200 frames of flight left) "
            "right and down through the surface (y %d): Tails_Water halves "
            "and quarters his speeds as for a fall, and the flight goes on "
            "under water as swimming (the underwater bit picks the swim "
            "animations and speeds); then presses of A climb him back out "
            "(leaving, Tails_Water %s)." % (L, leave_rule(game)))
    return ("tails-fly-in", header("tails-fly-in", desc, game, char,
                                   water=L) + FLAT_TILES + "\n" +
            flat_map() + "\nstart: {x: 500, y: 600, in_air: true, x_speed: "
            "0x200, y_speed: 0x80, double_jump_flag: 1, "
            "double_jump_property: 200}\n\n" +
            steps((40, ["right"]), (1, ["right", "a"]), (5, ["right"]),
                  (1, ["right", "a"]), (5, ["right"]), (1, ["right", "a"]),
                  (5, ["right"]), (1, ["right", "a"]), (5, ["right"]),
                  (1, ["right", "a"]), (5, ["right"]), (1, ["right", "a"]),
                  (40, ["right"])))


def knuckles_glide(game, char, t):
    if char != "knuckles":
        return None
    L = 724
    desc = ("Knuckles jumps off a ledge (top y 736) and glides right (A "
            "pressed again at the top of the jump), sinking slowly through "
            "the surface (y %d) above a lower floor (top y 896): "
            "Knuckles_Water halves the x speed and quarters the y speed "
            "on entering while he glides; the glide sets the x speed from "
            "its own speed (ground_speed) again on the next frame, so only "
            "that frame shows the halving, and it goes on under water (the "
            "speed set becomes $300/6/$40, which the glide does not read)."
            % L)
    width = 110
    rows = ["#" * 20 + "." * (width - 20)] * 10 + ["#" * width] * 2
    m = ("map:\n  origin: [320, 736]\n  legend: {\"#\": block}\n  rows:\n" +
         "".join("    - \"%s\"\n" % r for r in rows))
    return ("knuckles-glide-in", header("knuckles-glide-in", desc, game,
                                        char, water=L) + FLAT_TILES + "\n" +
            m + "\nstart: {x: 560, y: %d, ground_speed: 0x400, x_speed: "
            "0x400}\n\n" % stand_y(char) +
            steps((4, ["right"]), (14, ["right", "a"]), (2, ["right"]),
                  (190, ["right", "a"])))


ALL = [fall_in, jump_out, jump_deep, run_slope, surface("equal-leaves"),
       surface("equal-dry"), surface("below-enters"), surface("below-stays"),
       shoes, leave_at(-0x400), leave_at(-0x401), leave_at(-0x900),
       leave_at(-0x1200), leave_wrap, leave_anim_1c, enter_x_minus_1,
       enter_y_zero, tails_fly, knuckles_glide]

# Tails and Knuckles: the rules each routine has, not every variation.
SIDEKICK = {"fall-in", "jump-out", "run-slope", "surface-equal-leaves",
            "surface-below-enters", "leave-minus-401", "leave-minus-1200",
            "enter-x-minus-1", "leave-anim-1c", "tails-fly-in",
            "knuckles-glide-in"}


def main():
    count = 0
    for game, folder, chars, title in GAMES:
        os.makedirs(folder, exist_ok=True)
        for char in chars:
            for make in ALL:
                got = make(game, char, title)
                if got is None:
                    continue
                name, text = got
                if char != "sonic" and name not in SIDEKICK:
                    continue
                if char != "sonic" and not name.startswith(char):
                    name = char + "-" + name
                    text = text.replace("name: " + got[0], "name: " + name,
                                        1)
                    text = text.replace("id: water/", "id: water/%s-" % char)
                if game != "sonic1":
                    text = text.replace("id: water/", "id: %s/water/" % game)
                with open(os.path.join(folder, name + ".yaml"), "w") as f:
                    f.write(text)
                count += 1
    print("%d scenarios written" % count)


if __name__ == "__main__":
    main()
