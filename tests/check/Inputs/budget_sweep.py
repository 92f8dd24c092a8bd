#!/usr/bin/env python3
"""Runs `dpc check --isl-max-ops=B FILE` for each budget B given: the budget
may run out anywhere in the proofs, and wherever it does dpc must report
"too complex to prove" with exit status 1 (or prove the file, exit 0), and
nothing else: no crash, and under the sanitizer run (ASAN_OPTIONS from
scripts/sanitize.sh) no leak or undefined behaviour, which exit with 86.

usage: budget_sweep.py DPC FILE B1 B2 ...
Prints one line per budget and a summary; exit status 1 on any failure."""
import subprocess
import sys


def main():
    dpc, path, budgets = sys.argv[1], sys.argv[2], sys.argv[3:]
    bad = out_of_budget = proved = 0
    for b in budgets:
        r = subprocess.run([dpc, "check", "--isl-max-ops=" + b, path],
                           capture_output=True, text=True)
        text = r.stdout + r.stderr
        if r.returncode == 1 and "too complex to prove" in text:
            out_of_budget += 1
            what = "ran out"
        elif r.returncode == 0 and "ok:" in text:
            proved += 1
            what = "proved"
        else:
            bad += 1
            what = "FAILED (exit %d)\n%s" % (r.returncode, text[-3000:])
        print("budget %s: %s" % (b, what))
    print("budgets: %d ran out, %d proved, %d failed" %
          (out_of_budget, proved, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
