#!/usr/bin/env python3
# Checks the value ranges dpc proves (`dpc emit --stage=plan`, the lines
# "range T: LO <= T <= HI", Lower/AnalyzeRanges.cpp) against every cell the
# reference interpreter computes: for each problem given, each table with a
# proven range is dumped (`dpc interp --dump-table`) and every finite value
# must lie within the bounds evaluated at the problem's params (exactly,
# with fractions). Prints one line per (problem, table): the values' min
# and max and the bounds; exits 1 at the first value outside them.
#
# Usage: check_ranges.py DPC FILE.dp PROBLEM... where PROBLEM is the
# interp arguments of one problem joined by '|' (`--in|a=ACGU`).
import json, re, subprocess, sys
from fractions import Fraction

dpc, dp, problems = sys.argv[1], sys.argv[2], sys.argv[3:]
plan = subprocess.run([dpc, 'emit', dp, '--stage=plan'], check=True,
                      capture_output=True, text=True).stdout
ranges = {}
for line in plan.splitlines():
    m = re.match(r'range (\w+): (.*) <= \1 <= (.*?)'
                 r'( \(lets at their declared values\))?$', line)
    if m:
        ranges[m.group(1)] = (m.group(2), m.group(3))
if not ranges:
    print('no proven ranges in', dp)
    sys.exit(1)


def bound(text, params):
    # `1/2*N + 1/2`, `min(2*M, 2*N)`, `-N - 16`: exact arithmetic.
    expr = re.sub(r'(\d+)/(\d+)', r'Fraction(\1, \2)', text)
    env = {'Fraction': Fraction, 'min': min, 'max': max}
    env.update({k: Fraction(v) for k, v in params.items()})
    return Fraction(eval(expr, env))


for prob in problems:
    args = prob.split('|')
    meta = subprocess.run([dpc, 'interp', dp, '--format=json',
                           '--events=none'] + args,
                          check=True, capture_output=True, text=True).stdout
    params = json.loads(meta.splitlines()[0])['params']
    for table, (lo_text, hi_text) in sorted(ranges.items()):
        lo, hi = bound(lo_text, params), bound(hi_text, params)
        dump = subprocess.run([dpc, 'interp', dp, '--dump-table', table] + args,
                              capture_output=True, text=True)
        if dump.returncode != 0:
            # (an output's own table is not dumpable: its value is the output)
            if 'has no table' in dump.stderr:
                continue
            print(dump.stderr)
            sys.exit(1)
        vals = []
        for line in dump.stdout.splitlines():
            v = line.rsplit('= ', 1)[1].strip()
            if v in ('inf', '-inf'):
                print('%s %s: %s holds %s, proven finite' % (dp, prob, table, v))
                sys.exit(1)
            vals.append(int(v))
        bad = [v for v in vals if v < lo or v > hi]
        print('%s %s: %s in [%d, %d], bounds [%s, %s] = [%s, %s]: %s' % (
            dp.split('/')[-1], ' '.join(args), table, min(vals), max(vals),
            lo_text, hi_text, lo, hi, 'ok' if not bad else 'OUTSIDE'))
        if bad:
            sys.exit(1)
