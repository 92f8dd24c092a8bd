#!/usr/bin/env python3
"""Reads `dpc interp --json` lines from stdin and prints, for each, the
output value and then the events sorted (so a test can check the set of
events whatever order the traceback visits them in), then 'end':

    output 9
    ipair 0 3
    ...
    end
"""
import json
import sys

for line in sys.stdin:
    if not line.strip():
        continue
    res = json.loads(line)
    print("output %s" % res["output"])
    for ev in sorted(res["events"], key=lambda e: (e[0], e[1:])):
        print(" ".join(str(x) for x in ev))
    print("end")
