#!/usr/bin/env python3
"""Checks that `dpc check` time grows near-linearly with the number of
tables: times Inputs/many_tables.py programs of N and 4N tables (the better
of two runs each) and fails if the larger takes more than 8 times as long
(linear: 4; the quadratic passes that issue 16 removed: 12 and more). A
ratio, not a time, so a slow or loaded machine does not fail it.

usage: scaling.py DPC N WORKDIR"""
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def best_time(dpc, path):
    best = None
    for _ in range(2):
        t = time.perf_counter()
        r = subprocess.run([dpc, "check", path], capture_output=True, text=True)
        t = time.perf_counter() - t
        if r.returncode != 0:
            sys.exit("dpc check %s failed:\n%s" % (path, r.stdout + r.stderr))
        best = t if best is None else min(best, t)
    return best


def main():
    dpc, n, work = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    os.makedirs(work, exist_ok=True)
    times = []
    for count in (n, 4 * n):
        path = os.path.join(work, "tables%d.dp" % count)
        subprocess.run([sys.executable, os.path.join(HERE, "many_tables.py"),
                        str(count), path], check=True)
        times.append(best_time(dpc, path))
    ratio = times[1] / times[0]
    print("%d tables: %.2f s, %d tables: %.2f s, ratio %.1f" %
          (n, times[0], 4 * n, times[1], ratio))
    print("near-linear" if ratio < 8 else "superlinear")
    return 0 if ratio < 8 else 1


if __name__ == "__main__":
    sys.exit(main())
