#!/usr/bin/env python3
"""Compares two JSON results of a generated binary (GOT, EXPECTED): equal
except that floating-point numbers may differ by a relative 1e-12 of
max(1, |expected|) (integers, strings and infinities exactly). For
recurrences that use exp, log or logsumexp (tests/gpu/run-corpus.sh), whose
CUDA results round differently from the interpreter's libm. With
--relative: within 1e-12 of max(|got|, |expected|), no absolute floor (sums
that tile products reassociate, whose values may be tiny).
Usage: json_close.py [--relative] GOT EXPECTED   (exit 0 when close)
"""
import json
import math
import sys


RELATIVE = False


def close(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, float) or isinstance(b, float):
        if not isinstance(a, (int, float)) or not isinstance(b, (int, float)):
            return False
        if math.isinf(a) or math.isinf(b) or math.isnan(a) or math.isnan(b):
            return a == b
        if RELATIVE:
            return abs(a - b) <= 1e-12 * max(abs(a), abs(b))
        return abs(a - b) <= 1e-12 * max(1.0, abs(b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(close(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    return a == b


def main():
    global RELATIVE
    args = sys.argv[1:]
    if args and args[0] == "--relative":
        RELATIVE = True
        args = args[1:]
    try:
        got, want = json.loads(args[0]), json.loads(args[1])
    except (IndexError, ValueError):
        return 1
    return 0 if close(got, want) else 1


if __name__ == "__main__":
    sys.exit(main())
