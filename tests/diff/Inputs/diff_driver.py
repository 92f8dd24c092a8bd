#!/usr/bin/env python3
"""Differential test: `dpc interp --dump-table` against an independent C++
reference, whole tables, on many random inputs.

usage: diff_driver.py RECURRENCE --dpc DPC --dp FILE.dp --ref REF_BINARY
                      [--count 200] [--seed 1] [--jobs 2]

RECURRENCE is nussinov, chang or bpmax (see dpcases.py). The reference is
run once on all inputs (its outputs are separated by '---' lines); dpc is run
once per input (--dump-table accepts one problem). On success prints
'N inputs, all tables equal (C cells)'. On any difference prints, for each of
the first few failing inputs, the input, the dpc command line and the first
differing line, then a FAIL summary, and exits 1.
"""
import argparse
import concurrent.futures
import subprocess
import sys

from dpcases import RECURRENCES, describe


def dpc_cmd(args, rec, inp):
    cmd = [args.dpc, "interp", args.dp]
    for name, seq in zip(rec["inputs"], inp):
        cmd += ["--in", "%s=%s" % (name, seq)]
    for t in rec["tables"]:
        cmd += ["--dump-table", t]
    return cmd


def run_dpc(cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    return r.returncode, r.stdout, r.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("recurrence", choices=sorted(RECURRENCES))
    ap.add_argument("--dpc", required=True)
    ap.add_argument("--dp", required=True)
    ap.add_argument("--ref", required=True)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--show", type=int, default=3,
                    help="how many failing inputs to describe")
    args = ap.parse_args()
    rec = RECURRENCES[args.recurrence]
    inputs = rec["gen"](args.count, args.seed)

    # Reference: one process for all inputs.
    ref_args = [s for inp in inputs for s in inp]
    r = subprocess.run([args.ref] + ref_args, stdout=subprocess.PIPE,
                       universal_newlines=True)
    if r.returncode != 0:
        print("FAIL: reference %s exited with %d" % (args.ref, r.returncode))
        return 1
    ref_out = r.stdout.split("---\n")
    if len(ref_out) != len(inputs):
        print("FAIL: reference printed %d results for %d inputs"
              % (len(ref_out), len(inputs)))
        return 1

    cmds = [dpc_cmd(args, rec, inp) for inp in inputs]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        results = list(ex.map(run_dpc, cmds))

    bad = 0
    cells = 0
    for inp, cmd, ref, (rc, out, err) in zip(inputs, cmds, ref_out, results):
        want = ref.splitlines()
        cells += len(want)
        problem = None
        if rc != 0:
            problem = "dpc exited with status %d: %s" % (rc, err.strip())
        else:
            got = out.splitlines()
            for k in range(max(len(want), len(got))):
                w = want[k] if k < len(want) else "<end of output>"
                g = got[k] if k < len(got) else "<end of output>"
                if w != g:
                    problem = ("first difference at line %d:\n"
                               "    reference: %s\n    dpc:       %s"
                               % (k + 1, w, g))
                    break
        if problem:
            bad += 1
            if bad <= args.show:
                print("MISMATCH on input %s" % describe(rec["inputs"], inp))
                print("  command: %s" % " ".join(cmd))
                print("  " + problem)
    if bad:
        print("FAIL: %d of %d inputs differ (%s)" % (bad, len(inputs),
                                                     args.recurrence))
        return 1
    print("%d inputs, all tables equal (%d cells)" % (len(inputs), cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
