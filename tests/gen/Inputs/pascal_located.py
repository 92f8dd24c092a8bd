#!/usr/bin/env python3
"""Checks the cell that a generated pascal binary names in its overflow
message (tests/gen/pascal.test): H[i, j] must overflow the range kept for
int (+-(2^30 - 1)) while the cells it reads do not, recomputing H from
tests/gen/Inputs/pascal.dp's equations. Usage: pascal_located.py A B MSGFILE
"""
import re
import sys

a, b, msg = sys.argv[1], sys.argv[2], open(sys.argv[3]).read()
m = re.search(r"first at H\[(\d+), (\d+)\] of H\[i, j\] = ", msg)
if not m:
    sys.exit("no located cell in: " + msg)
i, j = int(m.group(1)), int(m.group(2))
KEPT = (1 << 30) - 1
H = [[1] * (len(b) + 1) for _ in range(len(a) + 1)]
for x in range(1, len(a) + 1):
    for y in range(1, len(b) + 1):
        H[x][y] = H[x - 1][y] + H[x][y - 1] + (a[x - 1] == b[y - 1])
ok = i >= 1 and j >= 1 and abs(H[i][j]) > KEPT and \
    abs(H[i - 1][j]) <= KEPT and abs(H[i][j - 1]) <= KEPT
print("located H[%d, %d]: %s" % (i, j, "overflows, its reads do not" if ok else "WRONG"))
sys.exit(0 if ok else 1)
