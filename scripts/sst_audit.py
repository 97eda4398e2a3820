#!/usr/bin/python3
"""sst_audit.py - run the SingleStepTests/m68000 suite against Unicorn.

Tooling for docs/emulator-audit.md.  The test data is NOT part of this
repository: point --sst at a checkout (or a bare mirror) of
https://github.com/SingleStepTests/m68000 (the v1/*.json.bin files).

  extract  copy v1/*.json.bin out of a bare git mirror into a directory
  convert  decode .json.bin files, keep the tests whose generalised form is
           in --forms (one form per line, optionally "form<TAB>count"), and
           write the line format that harness/tools/sst_run.c reads
  report   turn sst_run's per-form results (+ the forms/counts file) into
           the markdown table used in docs/emulator-audit.md

A suite test name looks like "123 ASR.w (A3)+ e6db"; its form is the middle
part with D0-D7 -> Dn, A0-A7 -> An and a plain number -> q (see
harness/capture/m68kform.h), here "ASR.w (A3)+" -> "ASR.w (An)+".
"""
import argparse
import os
import re
import struct
import subprocess
import sys

REGS = 19  # d0-d7, a0-a6, usp, ssp, sr, pc


def normalise(name):
    """'123 ASR.w (A3)+ e6db' -> ('ASR.w (An)+', 0xe6db)."""
    parts = name.split(' ')
    opcode = int(parts[-1], 16)
    mid = ' '.join(parts[1:-1])
    mid = re.sub(r'\bD[0-7]\b', 'Dn', mid)
    mid = re.sub(r'\bA[0-7]\b', 'An', mid)
    mid = re.sub(r'(^| |,)-?[0-9]+(?=,|$)', r'\1q', mid)
    return mid, opcode


def read_state(buf, p):
    _, magic = struct.unpack_from('<II', buf, p)
    assert magic == 0x01234567, 'bad state magic'
    p += 8
    regs = list(struct.unpack_from('<%dI' % REGS, buf, p))
    p += 4 * REGS
    p += 8  # prefetch (not used: Unicorn has no prefetch queue)
    (nram,) = struct.unpack_from('<I', buf, p)
    p += 4
    ram = []
    for _ in range(nram):
        addr, data = struct.unpack_from('<IH', buf, p)
        p += 6
        ram.append((addr, data >> 8))
        ram.append((addr | 1, data & 0xFF))
    return p, regs, ram


def read_tests(path):
    """Yield (name, initial regs, initial ram, final regs, final ram,
    address_error) for every test in a .json.bin file."""
    with open(path, 'rb') as f:
        buf = f.read()
    magic, count = struct.unpack_from('<II', buf, 0)
    assert magic == 0x1A3F5D71, 'not a SingleStepTests .json.bin file'
    p = 8
    for _ in range(count):
        _, magic = struct.unpack_from('<II', buf, p)
        assert magic == 0xABC12367
        p += 8
        _, magic, slen = struct.unpack_from('<III', buf, p)
        assert magic == 0x89ABCDEF
        p += 12
        name = buf[p:p + slen].decode('utf-8')
        p += slen
        p, iregs, iram = read_state(buf, p)
        p, fregs, fram = read_state(buf, p)
        _, magic, _cycles, ntr = struct.unpack_from('<IIII', buf, p)
        assert magic == 0x456789AB
        p += 16
        addr_err = False
        for _ in range(ntr):
            kind = buf[p]
            p += 5
            if kind == 0:
                continue
            if kind in (4, 5):  # 're' / 'we': an address error was raised
                addr_err = True
            p += 20
        yield name, iregs, iram, fregs, fram, addr_err


def load_forms(path):
    """form -> list of counts.  Lines: "form", "form<TAB>count" or
    "form<TAB>count<TAB>count..." (e.g. spgsim capture --log-forms output,
    or several such lists joined); '#' starts a comment line."""
    forms = {}
    with open(path) as f:
        for line in f:
            line = line.rstrip('\n')
            if not line or line.startswith('#'):
                continue
            parts = line.split('\t')
            forms[parts[0]] = [int(c) for c in parts[1:]]
    return forms


def family_of(form):
    return form.split(' ', 1)[0]


def cmd_extract(args):
    os.makedirs(args.out, exist_ok=True)
    names = subprocess.run(
        ['git', '--git-dir', args.git_dir, 'ls-tree', '--name-only', 'HEAD',
         'v1/'], check=True, capture_output=True, text=True).stdout.split()
    for n in names:
        if not n.endswith('.json.bin'):
            continue
        data = subprocess.run(['git', '--git-dir', args.git_dir, 'show',
                               'HEAD:' + n], check=True,
                              capture_output=True).stdout
        with open(os.path.join(args.out, os.path.basename(n)), 'wb') as f:
            f.write(data)
    print('extracted %d files into %s' % (len(names), args.out))


def fmt_ram(ram):
    return ' '.join('%x:%x' % (a, v) for a, v in ram)


def cmd_convert(args):
    forms = load_forms(args.forms) if args.forms else None
    families = None
    if forms is not None:
        families = sorted({family_of(f) for f in forms})
    else:
        families = sorted(fn[:-len('.json.bin')] for fn in os.listdir(args.sst)
                          if fn.endswith('.json.bin'))
    total = 0
    with open(args.out, 'w') as out:
        for fam in families:
            path = os.path.join(args.sst, fam + '.json.bin')
            if not os.path.exists(path):
                print('no test file for family %s' % fam, file=sys.stderr)
                continue
            for name, ir, iram, fr, fram, ae in read_tests(path):
                form, opcode = normalise(name)
                if forms is not None and form not in forms:
                    continue
                out.write('T %s|%04x|%d|%s|%s|%s|%s\n' % (
                    form, opcode, 1 if ae else 0,
                    ' '.join('%x' % r for r in ir), fmt_ram(iram),
                    ' '.join('%x' % r for r in fr), fmt_ram(fram)))
                total += 1
    print('wrote %d tests to %s' % (total, args.out))


def read_results(path):
    """sst_run output -> {form: (run, passed, failed, address_errors, notes)}
    and the summary line."""
    res, summary = {}, ''
    with open(path) as f:
        for line in f:
            if line.startswith('R\t'):
                _, form, run, passed, failed, ae, notes = \
                    line.rstrip('\n').split('\t')
                res[form] = (int(run), int(passed), int(failed), int(ae), notes)
            elif line.startswith('# '):
                summary = line[2:].strip()
    return res, summary


def cmd_report(args):
    """Markdown table: one row per form of --forms; for each --results
    LABEL=FILE, passed/failed; notes from the first results file."""
    forms = load_forms(args.forms)
    runs = []
    for spec in args.results:
        label, path = spec.split('=', 1)
        runs.append((label, read_results(path)[0]))
    counts = args.count_names.split(',') if args.count_names else []
    head = ['form'] + ['executed (%s)' % c for c in counts] + \
        ['suite tests', 'address-error tests (not run)'] + \
        ['%s: passed / failed' % label for label, _ in runs] + ['notes']
    print('| ' + ' | '.join(head) + ' |')
    print('|' + '|'.join(['---'] + ['---:'] * (len(head) - 2) + ['---']) + '|')
    for form in sorted(forms):
        row = ['`%s`' % form]
        row += [str(c) for c in forms[form][:len(counts)]]
        row += [''] * (len(counts) - len(forms[form][:len(counts)]))
        first = runs[0][1].get(form) if runs else None
        if first is None:
            row += ['0', '0'] + ['-'] * len(runs) + ['no test in the suite']
        else:
            row += [str(first[0]), str(first[3])]
            for _, res in runs:
                r = res.get(form)
                row.append('%d / %d' % (r[1], r[2]) if r else '-')
            notes = []
            for label, res in runs:
                r = res.get(form)
                if r and r[4] and r[4] not in [n for _, n in notes]:
                    notes.append((label, r[4]))
            if len(notes) == 1 and notes[0][1] == first[4]:
                row.append(first[4])
            else:
                row.append('; '.join('%s: %s' % n for n in notes))
        print('| ' + ' | '.join(row) + ' |')


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest='cmd', required=True)
    p = sub.add_parser('extract')
    p.add_argument('--git-dir', required=True)
    p.add_argument('--out', required=True)
    p.set_defaults(fn=cmd_extract)
    p = sub.add_parser('convert')
    p.add_argument('--sst', required=True, help='directory of .json.bin files')
    p.add_argument('--forms', help='forms file (default: every test)')
    p.add_argument('--out', required=True)
    p.set_defaults(fn=cmd_convert)
    p = sub.add_parser('report')
    p.add_argument('--forms', required=True)
    p.add_argument('--count-names', help='names of the count columns, '
                   'comma-separated')
    p.add_argument('--results', action='append', required=True,
                   help='LABEL=sst_run output (repeatable)')
    p.set_defaults(fn=cmd_report)
    args = ap.parse_args()
    args.fn(args)


if __name__ == '__main__':
    main()
