#!/usr/bin/env python3
"""Starts K `dpc run` of one file at once on an empty cache: every run must
succeed with the same output, and exactly one of them compiles and builds
(the others wait for it and find the entry complete).

usage: concurrent.py K DPC CACHE FILE [program options...]"""
import subprocess
import sys

k, dpc, cache, dp = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
args = [dpc, "run", "--cache-dir", cache, dp] + sys.argv[5:]
procs = [subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True) for _ in range(k)]
outs = [p.communicate() for p in procs]
ok = True
for p, (out, err) in zip(procs, outs):
    if p.returncode != 0:
        print("a run failed (status %d):\n%s%s" % (p.returncode, out, err))
        ok = False
if len(set(o for o, _ in outs)) != 1:
    print("the outputs differ:\n" + "\n--\n".join(o for o, _ in outs))
    ok = False
builds = sum(e.count("dpc run: compiling and building") for _, e in outs)
print("%d runs, %d build(s), %s" % (k, builds, "same output" if ok else "FAILED"))
print(outs[0][0], end="")
sys.exit(0 if ok else 1)
