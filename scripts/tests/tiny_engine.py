#!/usr/bin/python3
"""A tiny engine of our own in another language: Sonic 1 running on flat
ground (Sonic_Move, friction, Sonic_LevelBound, SpeedToPos), read from spgsim's JSON test
vectors (docs/test-vectors.md) and written as traces with only the columns
it has, in its own order, for `spgsim check --actual-dir OUT`.

    tiny_engine.py VECTOR_DIR OUT_DIR [--plant ID]

It runs the vectors it can (one row of flat floor, no jump/roll/look
buttons, on the ground) and prints the ids it wrote; --plant ID gives that
scenario a top speed one subpixel too high, a bug for check to find.
"""
import glob, json, os, sys


def word(v):  # a 68000 word, signed
    return (v + 0x8000) % 0x10000 - 0x8000


def supported(v):
    if v["game"] != "sonic1":  # this engine is Sonic 1's
        return None
    if "zone" in v["map"] or "water_flag" in v["map"]:  # no zones, loops,
        return None  # roll tunnels or water here
    cells = [(r, c) for r, row in enumerate(v["map"]["cells"]) for c, w in enumerate(row) if w & 0xFF]
    if not cells:
        return None  # no floor at all
    rows, cols = sorted({r for r, _ in cells}), sorted({c for _, c in cells})
    masks = {w & 0xFF for row in v["map"]["cells"] for w in row if w & 0xFF}
    flat = all(v["masks"][m]["heights"] == [16] * 16 and v["masks"][m]["angle"] & 1 for m in masks)
    s = v["start"]
    quiet = not any(h & 0xF3 for h in v["input"]["held"])  # only left/right
    block = len(cells) == len(rows) * len(cols) == (rows[-1] - rows[0] + 1) * (cols[-1] - cols[0] + 1)
    if not block or not flat or not quiet or s["status"] & 0x06 or s["angle"] or s["control_lock"]:
        return None  # not one solid block of flat floor
    if s["y"] >> 16 != (v["map"]["y0"] + rows[0]) * 16 - 20:
        return None  # not standing on it
    x0 = (v["map"]["x0"] + cols[0]) * 16
    return x0 + 10, x0 + 16 * len(cols) - 10  # stay this far from the edges


def run(v, top_extra=0):
    span, p = supported(v), v["profile"]
    if span is None:
        return None
    acc, dec, top = p["acceleration"], p["deceleration"], p["top_speed"] + top_extra
    x, gs, left = v["start"]["x"] & 0xFFFFFFFF, v["start"]["ground_speed"], v["start"]["status"] & 1
    lo, hi = (v["map"]["limit_left"] + 0x10) & 0xFFFF, (v["map"]["limit_right"] + 0x168) & 0xFFFF
    rows = [(0, gs, x >> 16, x & 0xFFFF, v["start"]["x_speed"], left)]
    for f, held in enumerate(v["input"]["held"], 1):
        if held & 4:  # Sonic_MoveLeft
            if gs > 0:
                gs, left = (-0x80 if gs < dec else gs - dec), (0 if gs - dec >= 0x400 else left)
            else:
                gs, left = max(gs - acc, -top), 1
        if held & 8:  # Sonic_MoveRight
            if gs < 0:
                gs, left = (0x80 if gs + dec >= 0 else gs + dec), (1 if word(gs + dec) & ~0xFF <= -0x400 else left)
            else:
                gs, left = min(gs + acc, top), 0
        if not held & 12:  # friction
            gs = max(gs - acc, 0) if gs > 0 else min(gs + acc, 0)
        xs = gs  # x speed = ground speed on flat ground
        nx = ((x + (xs << 8)) >> 16) & 0xFFFF
        if nx < lo or nx >= hi:  # Sonic_LevelBound
            x, xs, gs = (lo if nx < lo else hi) << 16, 0, 0
        x = (x + (xs << 8)) & 0xFFFFFFFF  # SpeedToPos
        if not span[0] <= word(x >> 16) <= span[1]:
            return None  # an edge: beyond this engine
        rows.append((f, gs, word(x >> 16), x & 0xFFFF, xs, left))
    return rows


def main(argv):
    vdir, out = argv[0], argv[1]
    plant = argv[argv.index("--plant") + 1] if "--plant" in argv else None
    for path in sorted(glob.glob(os.path.join(vdir, "**", "*.json"), recursive=True)):
        v = json.load(open(path))
        rows = run(v, 1 if v["id"] == plant else 0)
        if rows is None:
            continue
        dst = os.path.join(out, v["id"] + ".csv")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "w") as f:
            f.write("# tiny_engine.py\nframe,ground_speed,x,x_sub,x_speed,facing_left\n")
            f.writelines("%d,%d,%d,%d,%d,%d\n" % r for r in rows)
        print(v["id"])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
