#!/usr/bin/python3
"""Write the small movie fixtures test_import.c reads.

Run from anywhere with /usr/bin/python3; it writes next to itself.  The
.bk2 files are zip archives like BizHawk's (Header.txt, Input Log.txt, ...)
with made-up input; test_import.c states the frames each one holds.
"""
import io
import os
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))

KEY3 = ("LogKey:#Reset|Power|#P1 Up|P1 Down|P1 Left|P1 Right|P1 A|P1 B|P1 C|"
        "P1 Start|#P2 Up|P2 Down|P2 Left|P2 Right|P2 A|P2 B|P2 C|P2 Start|")
MNEMONIC = "UDLRABCS"


def pad(buttons):
    """'RA' -> 'UDLRABCS' columns with '.' for buttons not held."""
    return "".join(c if c in buttons else "." for c in MNEMONIC)


def log3(frames, newline="\n", bom=False):
    """frames: list of (console, p1, p2) strings of held mnemonics."""
    lines = ["[Input]", KEY3]
    for console, p1, p2 in frames:
        lines.append("|%s%s|%s|%s|" % ("r" if "r" in console else ".",
                                        "P" if "P" in console else ".",
                                        pad(p1), pad(p2)))
    lines.append("[/Input]")
    text = newline.join(lines) + newline
    data = text.encode("utf-8")
    return (b"\xef\xbb\xbf" + data) if bom else data


# 12 frames: right x3, right+A x2, nothing (with a reset) x1, left+down x2,
# start x1, A+B+C x1, up x2.  Player 2 holds up on every frame but the last.
MAIN = ([("", "R", "U")] * 3 + [("", "RA", "U")] * 2 + [("r", "", "U")] +
        [("", "LD", "U")] * 2 + [("", "S", "U")] + [("", "ABC", "U")] +
        [("", "U", "U"), ("", "U", "")])

HEADER = b"MovieVersion BizHawk v2.0\nPlatform GEN\nCore Genplus-gx\n"


def write_zip(path, entries, compression=zipfile.ZIP_DEFLATED, stream=False):
    buf = io.BytesIO()
    if stream:
        # A non-seekable target makes zipfile write data descriptors
        # (general purpose flag bit 3), as streaming zip writers do.
        class Unseekable(io.RawIOBase):
            def writable(self):
                return True

            def write(self, b):
                return buf.write(b)

        target = Unseekable()
    else:
        target = buf
    with zipfile.ZipFile(target, "w", compression) as z:
        for name, data in entries:
            # A fixed date keeps the fixtures byte-for-byte reproducible.
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = compression
            z.writestr(info, data)
    with open(os.path.join(HERE, path), "wb") as f:
        f.write(buf.getvalue())
    return buf.getvalue()


def main():
    common = [("Header.txt", HEADER), ("SyncSettings.json", b"{}\n")]
    write_zip("main.bk2", common + [("Input Log.txt", log3(MAIN))])
    write_zip("stored_crlf.bk2",
              [("Input Log.txt", log3(MAIN, "\r\n", bom=True))] + common,
              compression=zipfile.ZIP_STORED)
    write_zip("descriptor.bk2", common + [("Input Log.txt", log3(MAIN))],
              stream=True)
    # A six-button log whose columns come in another order: names decide.
    six = ["[Input]",
           "LogKey:#Power|Reset|#P1 Z|P1 Y|P1 X|P1 Mode|P1 Start|P1 C|P1 B|"
           "P1 A|P1 Right|P1 Left|P1 Down|P1 Up|",
           "|..|ZYXMSCBARLDU|",   # everything: X/Y/Z/Mode and power ignored
           "|P.|....S...R...|",   # start + right
           "|..|.........L..|",   # left
           "[/Input]"]
    write_zip("sixbutton.bk2", [("Input Log.txt",
                                 ("\n".join(six) + "\n").encode())])
    # Damaged or unusable archives.
    data = bytearray(write_zip("badcrc.bk2",
                               [("Input Log.txt", log3(MAIN))],
                               compression=zipfile.ZIP_STORED))
    i = data.index(b"|..|")
    data[i + 5] = ord("X")  # same length, different bytes: CRC mismatch
    with open(os.path.join(HERE, "badcrc.bk2"), "wb") as f:
        f.write(bytes(data))
    write_zip("nolog.bk2", common)
    # Line 4 (the second frame) has one column too few.
    bad = (b"[Input]\n" + KEY3.encode() + b"\n|..|...R....|........|\n"
           b"|..|...R...|........|\n[/Input]\n")
    write_zip("badcolumns.bk2", [("Input Log.txt", bad)])
    write_zip("nokey.bk2", [("Input Log.txt",
                             b"[Input]\n|..|R.......|........|\n[/Input]\n")])


if __name__ == "__main__":
    main()
