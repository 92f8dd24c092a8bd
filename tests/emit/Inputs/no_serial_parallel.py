#!/usr/bin/env python3
"""Fails when generated CUDA runs parallel work on one thread.

  no_serial_parallel.py DPC FILE.dp...

For each recurrence, `dpc emit --stage=cuda`; every kernel launched with
one thread per block (<<<problems, 1, ...>>>: one thread per problem of a
batch) must be one the compiler proved sequential (its comment says
"proven sequential", with isl's witness dependence) or a single cell. Prints
one line per recurrence; exit 1 if any kernel is neither.
"""
import re
import subprocess
import sys


def main():
    dpc, files = sys.argv[1], sys.argv[2:]
    bad = 0
    for f in files:
        cu = subprocess.run([dpc, "emit", f, "--stage=cuda"], capture_output=True,
                            text=True)
        name = f.split("/")[-1]
        if cu.returncode != 0:
            print("ERROR %s: dpc emit failed: %s" % (name, cu.stderr.strip()[:200]))
            bad += 1
            continue
        why = dict(re.findall(r"^// Kernel (\d+) \(serial\): (.*)$", cu.stdout, re.M))
        serial = re.findall(r"dpc_kernel(\d+)<<<[^,]*,\s*1,", cu.stdout)
        ok = True
        for k in serial:
            w = why.get(k, "")
            if not (w.startswith("proven sequential") or w.startswith("a single cell")):
                print("SERIAL %s: kernel %s runs on one thread: %s"
                      % (name, k, w or "no reason given"))
                ok = False
        bad += 0 if ok else 1
        if ok:
            print("%s: %d single-thread kernels, all proven sequential or one cell"
                  % (name, len(serial)))
    print("%d recurrences, %d with parallel work on one thread" % (len(files), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
