#!/usr/bin/env python3
"""Builds the GPU verification cases: random inputs of many sizes (edge
sizes n = 1, 2, tile - 1, tile, tile + 1, ...; Nussinov/Chang up to 4000;
BPMax up to N = M = 48) and, for each, the expected JSON result computed
here by the reference interpreter (`dpc interp --json`). run.sh compares
the CUDA backend's results with these on the GPU machine, which has no dpc.

Usage: make_cases.py DPC   (writes cases.tsv and inputs/*.fa)
"""
import os
import random
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
dpc = sys.argv[1]
rnd = random.Random(2026)


def seq(n):
    return "".join(rnd.choice("ACGU") for _ in range(n))


def fasta(name, s):
    path = os.path.join(here, "inputs", name + ".fa")
    with open(path, "w") as f:
        f.write(">%s\n" % name)
        for i in range(0, len(s), 80):
            f.write(s[i:i + 80] + "\n")
    return "tests/gpu/inputs/%s.fa" % name


cases = []
for rec in ["nussinov", "chang"]:
    cases.append((rec, ["--in", "seq=AAAGCUUU"]))
    for n in [1, 2, 3, 63, 64, 65, 127, 128, 129, 200, 1000, 4000]:
        s = seq(n)
        if n <= 200:
            cases.append((rec, ["--in", "seq=" + s]))
        else:
            cases.append((rec, ["--in", "seq=@" + fasta("%s_%d" % (rec, n), s)]))
for n, m in [(1, 1), (1, 5), (5, 1), (2, 3), (31, 32), (32, 33), (33, 31), (48, 48)]:
    cases.append(("bpmax", ["--in", "seq1=" + seq(n), "--in", "seq2=" + seq(m)]))

with open(os.path.join(here, "cases.tsv"), "w") as out:
    out.write("# recurrence\targuments\texpected `dpc interp --json` output\n")
    for rec, args in cases:
        dp = os.path.join(root, "recurrences", rec + ".dp")
        r = subprocess.run([dpc, "interp", dp, "--json"] + args, cwd=root,
                           capture_output=True, text=True)
        if r.returncode:
            sys.exit("dpc interp failed on %s %s:\n%s" % (rec, args, r.stderr))
        out.write("%s\t%s\t%s\n" % (rec, " ".join(args), r.stdout.strip()))
        print(rec, " ".join(args)[:60], flush=True)
