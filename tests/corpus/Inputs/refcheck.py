#!/usr/bin/env python3
"""Checks `dpc interp --json` on a corpus recurrence against its Python
reference (refs.py, the function named after the recurrence) on random
problems, edge sizes first. Inputs as in tests/gen/Inputs/gendiff.py:
--in NAME=KIND:MIN:MAX (KIND rna|dna|protein|int, or matrix: a square int
matrix of MIN..MAX rows, given to dpc as rows separated by ';' and to the
reference as a list of rows) or NAME=KIND:like:OTHER (same length as
OTHER). --set NAME=V goes to both (the reference gets it as a keyword
argument). A reference that returns a dict gives several outputs by name:
each is compared with the json's `outputs`. Floating answers are compared
to a relative 1e-12. Prints one summary line; exits non-zero on the first
difference.
"""
import argparse
import json
import math
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refs  # noqa: E402

SYMBOLS = {"rna": "ACGU", "dna": "ACGT", "protein": "ACDEFGHIKLMNPQRSTVWY"}


def fail(msg):
    sys.stdout.write("FAIL: " + msg + "\n")
    sys.exit(1)


def same(got, want):
    if isinstance(got, str):  # "-inf" / "inf"
        got = float(got)
    if isinstance(want, float) or isinstance(got, float):
        if math.isinf(want) or math.isinf(got):
            return got == want
        return abs(got - want) <= 1e-12 * max(1.0, abs(want))
    return got == want


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dpc", required=True)
    ap.add_argument("--dp", required=True)
    ap.add_argument("--ref", help="function in refs.py (default: the file's name)")
    ap.add_argument("--in", dest="inputs", action="append", required=True)
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--edge", default="1,2,3")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--int-range", default="-5,20")
    ap.add_argument("--set", dest="sets", action="append", default=[])
    args = ap.parse_args()

    ref = getattr(refs, args.ref or os.path.basename(args.dp)[:-3])
    rnd = random.Random(args.seed)
    ilo, ihi = (int(x) for x in args.int_range.split(","))
    specs = []
    for s in args.inputs:
        n, kind = s.split("=", 1)
        parts = kind.split(":")
        if len(parts) == 3 and parts[1] == "like":
            specs.append((n, parts[0], None, parts[2]))
        else:
            lo, hi = (int(parts[1]), int(parts[2])) if len(parts) == 3 else (1, 40)
            specs.append((n, parts[0], lo, hi))
    lets = {}
    setargs = []
    for s in args.sets:
        k, v = s.split("=", 1)
        lets[k] = int(v)
        setargs += ["--set", s]

    def value(kind, length):
        if kind == "int":
            return [rnd.randint(ilo, ihi) for _ in range(length)]
        if kind == "matrix":
            return [[rnd.randint(ilo, ihi) for _ in range(length)]
                    for _ in range(length)]
        return "".join(rnd.choice(SYMBOLS[kind]) for _ in range(length))

    def text(v):
        if isinstance(v, list) and v and isinstance(v[0], list):
            return ";".join(",".join(str(x) for x in row) for row in v)
        return ",".join(str(x) for x in v) if isinstance(v, list) else v

    def problem(length):
        lengths, p = {}, []
        for n, k, lo, hi in specs:
            lengths[n] = lengths[hi] if lo is None else length(lo, hi)
            p.append((n, value(k, lengths[n])))
        return p

    edges = [int(x) for x in args.edge.split(",") if x]
    problems = [problem(lambda lo, hi: max(lo, min(e, hi))) for e in edges]
    while len(problems) < args.count:
        problems.append(problem(lambda lo, hi: rnd.randint(lo, hi)))

    for p in problems:
        inargs = []
        for n, v in p:
            inargs += ["--in", "%s=%s" % (n, text(v))]
        r = subprocess.run([args.dpc, "interp", args.dp, "--json"] + inargs + setargs,
                           capture_output=True, text=True)
        if r.returncode:
            fail("dpc interp failed on %s:\n%s" % (" ".join(inargs), r.stderr))
        res = json.loads(r.stdout)
        want = ref(*[v for _, v in p], **lets)
        if isinstance(want, dict):
            got = res.get("outputs", {})
            if sorted(got) != sorted(want):
                fail("%s: dpc interp gives the outputs %s, the reference %s"
                     % (" ".join(inargs), sorted(got), sorted(want)))
            for k in want:
                if not same(got[k], want[k]):
                    fail("%s: output %s: dpc interp says %r, the reference %r"
                         % (" ".join(inargs), k, got[k], want[k]))
            continue
        got = res["output"]
        if not same(got, want):
            fail("%s: dpc interp says %r, the reference %r" % (" ".join(inargs), got, want))
    print("%d problems, dpc interp agrees with the Python reference" % len(problems))


if __name__ == "__main__":
    main()
