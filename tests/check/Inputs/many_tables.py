#!/usr/bin/env python3
"""Writes a recurrence with COUNT trivial one-dimensional tables (issue 16:
`dpc check` must scale near-linearly in the number of tables).

    many_tables.py COUNT [OUT.dp]

T0 counts up; every later table reads itself and the table before it, so
the dependence graph is one long chain of COUNT tables."""
import sys


def generate(count):
    lines = ["recurrence many%d" % count, "param N", "input seq : rna[N]"]
    for k in range(count):
        lines.append("table T%d[i] : int over 0 <= i < N" % k)
    for k in range(count):
        prev = "T%d[i] + " % (k - 1) if k else ""
        lines.append("T%d[i] =" % k)
        lines.append("  | i = 0 : 0")
        lines.append("  | else  : %sT%d[i-1] + 1" % (prev, k))
    lines.append("output T%d[N-1]" % (count - 1))
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) not in (2, 3):
        sys.stderr.write(__doc__)
        sys.exit(2)
    text = generate(int(sys.argv[1]))
    if len(sys.argv) == 3:
        with open(sys.argv[2], "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
