#!/usr/bin/env python3
"""Fails when generated CUDA runs parallel work on one thread.

  no_serial_parallel.py DPC FILE.dp...

For each recurrence, `dpc compile` (the whole folder, every emitter: under
the sanitizer step's ASan dpc this is also that step's compile of these
files, scripts/sanitize.sh) and its NAME_cuda.cu; every kernel launched with
one thread per block (<<<problems, 1, ...>>>: one thread per problem of a
batch) must be one the compiler proved sequential (its comment says
"proven sequential", with isl's witness dependence) or a single cell. Prints
one line per recurrence; exit 1 if any kernel is neither.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile


def main():
    dpc, files = sys.argv[1], sys.argv[2:]
    bad = 0
    work = tempfile.mkdtemp(prefix="dpc-nsp-")
    for i, f in enumerate(files):
        name = f.split("/")[-1]
        out = os.path.join(work, str(i))
        # (no syntax check: the generated-code tests build these folders)
        r = subprocess.run([dpc, "compile", f, "-o", out, "--no-syntax-check"],
                           capture_output=True, text=True)
        cus = glob.glob(os.path.join(out, "*_cuda.cu"))
        if r.returncode != 0 or len(cus) != 1:
            print("ERROR %s: dpc compile failed (exit %d): %s"
                  % (name, r.returncode, r.stderr.strip()[:2000]))
            bad += 1
            continue
        with open(cus[0]) as fh:
            cu = fh.read()
        shutil.rmtree(out, ignore_errors=True)
        why = dict(re.findall(r"^// Kernel (\d+) \(serial\): (.*)$", cu, re.M))
        serial = re.findall(r"dpc_kernel(\d+)<<<[^,]*,\s*1,", cu)
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
    shutil.rmtree(work, ignore_errors=True)
    print("%d recurrences, %d with parallel work on one thread" % (len(files), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
