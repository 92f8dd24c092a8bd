#!/usr/bin/env python3
"""Builds the GPU verification cases of the corpus recurrences
(recurrences/*.dp other than the three seeds): random inputs of edge and
tile-crossing sizes and, for each, the expected JSON result computed here by
the reference interpreter (`dpc interp --json`). tests/gpu/run-corpus.sh
compares the CUDA backend's results with these on the GPU machine, which has
no dpc.

Usage: make_corpus_cases.py DPC   (writes corpus-cases.tsv and
inputs/corpus_*.{fa,txt}; sequences over 200 letters, int lists over 200
numbers and every matrix (a row per line) go to files)

mccaskill (double) is last: its results match the interpreter's bit for
bit since the generated folders build without FMA contraction
(-ffp-contract=off, --fmad=false). mccaskill_log (exp, log, logsumexp)
comes after it: CUDA's exp and log round differently from the host's libm,
so run-corpus.sh compares its numbers to a relative 1e-12
(tests/gpu/json_close.py).
"""
import os
import random
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
rnd = random.Random(2027)
SYMBOLS = {"rna": "ACGU", "dna": "ACGT", "protein": "ACDEFGHIKLMNPQRSTVWY"}

# recurrence: (inputs as (name, kind), size tuples (one length per input),
#              int range, extra arguments)
PAIR = [(1, 1), (1, 7), (7, 1), (2, 3), (63, 64), (64, 64), (65, 63), (129, 70), (300, 257)]
INTERVAL = [1, 2, 3, 5, 63, 64, 65, 129, 200, 300]
CORPUS = [
    ("sw_local", [("a", "dna"), ("b", "dna")], PAIR, None, []),
    ("gotoh", [("a", "dna"), ("b", "dna")], PAIR, None, []),
    ("lcs", [("a", "protein"), ("b", "protein")], PAIR, None, []),
    ("editdist", [("a", "dna"), ("b", "dna")], PAIR, None, []),
    ("banded", [("a", "dna"), ("b", "dna")],
     [(n, n) for n in (1, 2, 8, 9, 63, 64, 65, 200, 500)], None, []),
    ("banded", [("a", "dna"), ("b", "dna")], [(n, n) for n in (3, 70, 300)], None,
     ["--set", "W=33"]),
    ("align3", [("a", "dna"), ("b", "dna"), ("c", "dna")],
     [(1, 1, 1), (1, 2, 3), (5, 1, 4), (16, 17, 15), (33, 31, 32), (48, 40, 36)], None, []),
    ("matrix_chain", [("p", "int")], [(n,) for n in (2, 3, 4, 64, 65, 66, 130, 301)],
     (1, 40), []),
    ("obst", [("w", "int")], [(n,) for n in INTERVAL], (0, 9), []),
    ("cyk", [("seq", "rna")], [(n,) for n in INTERVAL], None, []),
    ("rnafold", [("seq", "rna")], [(n,) for n in INTERVAL], None, []),
    ("nussinov_weighted", [("seq", "rna")], [(n,) for n in INTERVAL], None, []),
    ("knapsack", [("v", "int")], [(n,) for n in (1, 2, 40, 41, 64, 65, 200)], (0, 20), []),
    ("knapsack", [("v", "int")], [(n,) for n in (30, 300)], (0, 20), ["--set", "CAP=250"]),
    ("segment", [("x", "int")], [(n,) for n in (1, 2, 3, 63, 64, 65, 500, 1000)], (-5, 20), []),
    ("mccaskill", [("seq", "rna")], [(n,) for n in INTERVAL], None, []),
    ("mccaskill_log", [("seq", "rna")], [(n,) for n in INTERVAL], None, []),
    # (after the others, so that their random inputs stay as they were)
    ("knapsack01", [("w", "int"), ("v", "int")],
     [(n, n) for n in (1, 2, 40, 41, 64, 65, 200)], (0, 20), []),
    ("knapsack01", [("w", "int"), ("v", "int")], [(n, n) for n in (30, 300)],
     (0, 20), ["--set", "CAP=250"]),
    ("lcs_eq", [("a", "dna"), ("b", "dna")], PAIR, None, []),
    ("coin_change", [("coin", "int")], [(n,) for n in (1, 2, 5, 20)], (1, 40), []),
    ("coin_change", [("coin", "int")], [(n,) for n in (3, 10)], (1, 90),
     ["--set", "CAP=200"]),
    # an output that is a reduction over cells; a distance matrix (always a
    # file: a row per line) and two outputs
    ("lis", [("a", "int")], [(n,) for n in (1, 2, 3, 511, 512, 513, 2000)],
     (-50, 50), []),
    ("triangulation", [("D", "matrix")], [(n,) for n in (2, 3, 63, 64, 65, 129, 200)],
     (0, 1000), []),
    # (S1, S2 and F stored as bands: windows across F's 32 x 32 tiles)
    ("bpmax_window", [("seq1", "rna"), ("seq2", "rna")],
     [(1, 1), (2, 3), (9, 40), (12, 70)], None, ["--set", "W=40"]),
    ("bpmax_window", [("seq1", "rna"), ("seq2", "rna")], [(20, 20), (33, 35)], None,
     ["--set", "W=5"]),
    # rows wider than a block (1024 threads): the sequential loop over items
    # (coins) shared by several blocks of a problem that meet at a barrier in
    # global memory (GpuKernel::SharedSequence): 2, 5 and 20 blocks
    ("knapsack01", [("w", "int"), ("v", "int")], [(n, n) for n in (3, 150)],
     (0, 900), ["--set", "CAP=2047"]),
    ("knapsack01", [("w", "int"), ("v", "int")], [(60, 60)], (0, 3000),
     ["--set", "CAP=5000"]),
    ("knapsack01", [("w", "int"), ("v", "int")], [(40, 40)], (0, 9000),
     ["--set", "CAP=20000"]),
    ("coin_change", [("coin", "int")], [(n,) for n in (2, 6)], (1, 60),
     ["--set", "CAP=1500"]),
]


def value(kind, n, irange):
    if kind == "matrix":  # n x n
        return [[rnd.randint(*irange) for _ in range(n)] for _ in range(n)]
    if kind == "int":
        return [rnd.randint(*irange) for _ in range(n)]
    return "".join(rnd.choice(SYMBOLS[kind]) for _ in range(n))


def arg(rec, name, kind, v, tag):
    if kind == "matrix":
        fname = "corpus_%s_%s_%s.txt" % (rec, tag, name)
        with open(os.path.join(here, "inputs", fname), "w") as f:
            for row in v:
                f.write(" ".join(map(str, row)) + "\n")
        return "%s=@tests/gpu/inputs/%s" % (name, fname)
    if isinstance(v, list):
        if len(v) <= 200:
            return "%s=%s" % (name, ",".join(map(str, v)))
        fname = "corpus_%s_%s_%s.txt" % (rec, tag, name)
        with open(os.path.join(here, "inputs", fname), "w") as f:
            for i in range(0, len(v), 20):
                f.write(" ".join(map(str, v[i:i + 20])) + "\n")
        return "%s=@tests/gpu/inputs/%s" % (name, fname)
    if len(v) <= 200:
        return "%s=%s" % (name, v)
    fname = "corpus_%s_%s_%s.fa" % (rec, tag, name)
    with open(os.path.join(here, "inputs", fname), "w") as f:
        f.write(">%s_%s_%s\n" % (rec, tag, name))
        for i in range(0, len(v), 80):
            f.write(v[i:i + 80] + "\n")
    return "%s=@tests/gpu/inputs/%s" % (name, fname)


def main():
    dpc = sys.argv[1]
    os.makedirs(os.path.join(here, "inputs"), exist_ok=True)
    with open(os.path.join(here, "corpus-cases.tsv"), "w") as out:
        out.write("# recurrence\targuments\texpected `dpc interp --json` output "
                  "(tests/gpu/make_corpus_cases.py)\n")
        for rec, ins, sizes, irange, extra in CORPUS:
            for sz in sizes:
                tag = "x".join(map(str, sz)) + ("".join(extra[1::2]).replace("=", "")
                                                if extra else "")
                args = []
                for (name, kind), n in zip(ins, sz):
                    args += ["--in", arg(rec, name, kind, value(kind, n, irange), tag)]
                args += extra
                dp = os.path.join(root, "recurrences", rec + ".dp")
                r = subprocess.run([dpc, "interp", dp, "--json"] + args, cwd=root,
                                   capture_output=True, text=True)
                if r.returncode:
                    sys.exit("dpc interp failed on %s %s:\n%s" % (rec, args, r.stderr))
                out.write("%s\t%s\t%s\n" % (rec, " ".join(args), r.stdout.strip()))
                print(rec, " ".join(args)[:70], flush=True)


if __name__ == "__main__":
    main()
