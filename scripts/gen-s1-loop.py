#!/usr/bin/python3
# gen-s1-loop.py - write Sonic 1 loop scenarios for scenarios/zones/: a
# ring drawn inside one 256x256 chunk with the two planes a Sonic 1 loop
# has (the high plane without the ring's left half, the low plane without
# its right half, both with the top and the floor), marked as the zone's
# loop chunk (Green Hill's loop1, Star Light's loop1 or loop2) or as a
# plain loop chunk.  The masks come from rasterising the ring; the angles
# from its inner surface's normal.  Run from the repository's root:
#     /usr/bin/python3 scripts/gen-s1-loop.py
# MIT licence, part of spgsim.
import math
import os

CHUNK_X, CHUNK_Y = 768, 512          # the loop chunk's top left corner
CX, CY, R = 912, 656, 96              # the ring's inner circle
FLOOR = 752                           # floor top (pixels y >= FLOOR solid)
X0, X1 = 512, 1280                    # the map, 48 cells wide
Y0, Y1 = 512, 768                     # 16 cells high
TOP_BAND = 600                        # ring pixels above this: both planes


def solid(plane, x, y):
    if y >= FLOOR:
        return True
    if not (CHUNK_X <= x < CHUNK_X + 256 and CHUNK_Y <= y < CHUNK_Y + 256):
        return False
    if math.hypot(x + 0.5 - CX, y + 0.5 - CY) <= R:
        return False
    if y < TOP_BAND:
        return True
    return x >= CX if plane == 'high' else x < CX


def surface_angle(tx, ty):
    """The byte angle of the ring's inner surface nearest the cell centre:
    0 at the bottom, $C0 on the right wall, $80 at the top, $40 on the
    left; made even (an odd angle is snapped by Sonic_Angle)."""
    px, py = tx * 16 + 8, ty * 16 + 8
    if py >= FLOOR or not (CHUNK_X <= px < CHUNK_X + 256):
        return 0xFF
    phi = math.degrees(math.atan2(py - CY, px - CX))
    a = round((phi - 90) * 256 / 360) % 256
    return a & 0xFE


def solid_run(line):
    """A mask byte for 16 pixels (top to bottom, or left to right): the
    solid run from the far end (bottom or right) as a positive count, else
    the run from the near end as a negative one, else 0."""
    for sign, seq in ((1, line[::-1]), (-1, line)):
        if seq[0]:
            n = 0
            while n < 16 and seq[n]:
                n += 1
            return sign * n
    return 0


def mask_of(plane, tx, ty):
    px = [[solid(plane, tx * 16 + c, ty * 16 + r) for c in range(16)]
          for r in range(16)]
    if not any(any(row) for row in px):
        return None
    heights = [solid_run([px[r][c] for r in range(16)]) for c in range(16)]
    widths = [solid_run(px[r]) for r in range(16)]
    full = all(h == 16 for h in heights)
    angle = 0xFF if full else surface_angle(tx, ty)
    return (tuple(heights), tuple(widths), angle)


SYMS = [a + b for a in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" for b in "abcdefghijklmnopqrstuvwxyz0123456789"]


def write(name, zone, kind, description, start, frames, hold):
    masks, legend = {}, {}
    planes = {}
    for plane in ('high', 'low'):
        rows = []
        for ty in range(Y0 // 16, Y1 // 16):
            row = ''
            for tx in range(X0 // 16, X1 // 16):
                in_chunk = CHUNK_X <= tx * 16 < CHUNK_X + 256
                if plane == 'low' and not in_chunk:
                    row += '..'
                    continue
                m = mask_of(plane, tx, ty)
                if m is None:
                    row += '..'
                    continue
                if m not in masks:
                    masks[m] = SYMS[len(masks)]
                row += masks[m]
            rows.append(row)
        planes[plane] = rows
    out = []
    out.append('name: %s' % name)
    out.append('description: >')
    words, line = description.split(), ' '
    for w in words:
        if len(line) + len(w) > 74:
            out.append(line.rstrip())
            line = ' '
        line += ' ' + w
    out.append(line.rstrip())
    out.append('game: sonic1')
    if zone:
        out.append('zone: %s' % zone)
    out.append('tiles:')
    for m, sym in masks.items():
        h, w, a = m
        out.append('  %s: {heights: [%s], widths: [%s], angle: 0x%02X}'
                   % (sym, ', '.join(map(str, h)), ', '.join(map(str, w)), a))
    out.append('map:')
    out.append('  origin: [%d, %d]' % (X0, Y0))
    out.append('  cell_width: 2')
    out.append('  legend:')
    for m, sym in masks.items():
        out.append('    "%s": %s' % (sym, sym))
    out.append('  rows:')
    out += ['    - "%s"' % r for r in planes['high']]
    out.append('  low_rows:')
    out += ['    - "%s"' % r for r in planes['low']]
    out.append('  chunks:')
    out.append('    - {at: [%d, %d], kind: %s}' % (CHUNK_X, CHUNK_Y, kind))
    out.append('start: {%s}' % start)
    out.append('input:')
    out.append('  - {frames: %d, hold: [%s]}' % (frames, hold))
    path = os.path.join('scenarios', 'zones', name + '.yaml')
    with open(path, 'w') as f:
        f.write('\n'.join(out) + '\n')
    print(path, len(masks), 'masks')


COMMON = ("A ring of inner radius 96 px drawn in the 256x256 chunk at x 768, "
          "y 512: its high plane lacks the ring's left half, its low plane "
          "the right half; the top and the floor are in both (generated by "
          "scripts/gen-s1-loop.py).")
write('ghz-loop-run', 'ghz', 'loop1',
      "Green Hill Zone, the chunk is the zone's loop (v_256loop1, $B5). " + COMMON +
      " Sonic runs in from the left holding right (ground speed $A00 clamped "
      "to $600): Sonic_Loops keeps "
      "him on the high plane while he climbs the right side, puts him on the "
      "low plane once his angle is 1..$80 over the top, and he comes down the "
      "left side, runs out through the right half the low plane lacks, and "
      "is back on the high plane in the next chunk.",
      'x: 600, y: 732, ground_speed: 0xA00, x_speed: 0xA00', 200, 'right')
write('ghz-loop-slow', 'ghz', 'loop1',
      "Green Hill Zone's loop chunk as in ghz-loop-run, entered at ground "
      "speed $500 with nothing held: too slow to get round, Sonic falls off "
      "the right side or the ceiling, with the planes changing as he does.",
      'x: 820, y: 732, ground_speed: 0x500, x_speed: 0x500', 180, '')
write('mz-loop-high-plane', None, 'special',
      "Marble Zone (no Sonic_Loops): the same ring as a plain loop chunk (a "
      "layout byte with bit 7). " + COMMON +
      " Nothing changes the plane, so Sonic stays on the high plane he "
      "starts on: up the right side, over the top, and down through the left "
      "half the high plane lacks.",
      'x: 600, y: 732, ground_speed: 0xA00, x_speed: 0xA00', 200, 'right')
write('slz-loop2-run', 'slz', 'loop2',
      "Star Light Zone, the chunk is the zone's second loop (v_256loop2, "
      "$B4), which in the air sends Sonic back to the high plane. " + COMMON +
      " Sonic jumps as he runs in at ground speed $A00 and comes down in the loop.",
      'x: 600, y: 732, ground_speed: 0xA00, x_speed: 0xA00', 200, 'right, a')
