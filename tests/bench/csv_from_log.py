#!/usr/bin/env python3
"""Rebuilds results.csv rows from a run.py log (its per-point summary lines),
for a run whose results.csv did not come back from the GPU machine (the
device tool returns a limited number of files). Only what the log states:
min and median seconds, G updates/s, % of peak, the output of the runs.

Usage: csv_from_log.py LOG --commit C --device NAME > rows.csv
"""
import argparse
import csv
import re
import sys

POINT = re.compile(r"^\[(\w+)\] (\S+) (\S+) n=(\d+): min ([\d.]+) s, median ([\d.]+) s, "
                   r"([\d.]+) G upd/s, ([\d.]+)% of (\S+)$")
RUN = re.compile(r"^\[(\w+)\] (\S+) (\S+) n=(\d+) run \d+/\d+: [\d.]+ s\s+output=(-?\d+)")
PEAK = re.compile(r"^\[peak\] (peak-\S+)\s+([\d.]+) G updates/s")
COLS = ["recurrence", "impl", "backend", "n", "seconds_min", "seconds_median", "gcups",
        "pct_peak", "device", "commit", "m", "threads", "repeats", "output", "updates",
        "status"]


def updates(rec, n):
    if rec in ("nussinov", "chang"):
        return (n - 1) * n * (n + 1) // 6 - (n - 1)
    return (n - 1) * n * (n + 1) // 6 * (n * (n + 1) * (n + 2) // 6)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--commit", required=True)
    ap.add_argument("--device", required=True)
    ap.add_argument("--repeats", default="3")
    a = ap.parse_args()
    out = csv.DictWriter(sys.stdout, COLS)
    out.writeheader()
    outputs = {}
    lines = open(a.log).read().splitlines()
    for line in lines:
        m = RUN.match(line)
        if m:
            outputs[m.group(1, 2, 3, 4)] = m.group(5)
    for line in lines:
        m = PEAK.match(line)
        if m and not m.group(1).startswith("peak-cpu"):
            out.writerow({"recurrence": "peak", "impl": m.group(1), "backend": "cuda",
                          "gcups": m.group(2), "device": a.device, "commit": a.commit,
                          "status": "ok"})
            continue
        m = POINT.match(line)
        if not m:
            continue
        rec, impl, backend, n = m.group(1), m.group(2), m.group(3), int(m.group(4))
        out.writerow({"recurrence": rec, "impl": impl, "backend": backend, "n": n,
                      "seconds_min": m.group(5), "seconds_median": m.group(6),
                      "gcups": m.group(7), "pct_peak": m.group(8), "device": a.device,
                      "commit": a.commit, "m": n if rec == "bpmax" else "",
                      "repeats": a.repeats,
                      "output": outputs.get((rec, impl, backend, str(n)), ""),
                      "updates": updates(rec, n), "status": "ok"})


if __name__ == "__main__":
    main()
