#!/usr/bin/env python3
"""Prints every path under a folder with its modification time (ns) and
size, sorted: two listings differ iff something was written in between."""
import os
import sys

root = sys.argv[1]
rows = []
for d, dirs, files in os.walk(root):
    for n in dirs + files:
        p = os.path.join(d, n)
        st = os.lstat(p)
        rows.append("%s %d %d" % (os.path.relpath(p, root), st.st_mtime_ns, st.st_size))
st = os.lstat(root)
print("folder %d" % st.st_mtime_ns)
print("\n".join(sorted(rows)))
