#!/usr/bin/env python3
"""compare_formats.py DPC FILE.dp BINARY FASTA FORMATS [ARG...]: runs the
generated BINARY and `DPC interp FILE.dp` on FASTA (`-`: none) and the ARGs
(`--in NAME=VALUE`, ...) with every --format of FORMATS (comma separated)
and every --events value (and none given), and prints
`formats agree` when each pair prints the same, else the first difference.
(Text without --events is left out for recurrences without a structure:
there the interpreter lists the events by default and the binary only with
--traceback.)"""
import subprocess
import sys

dpc, dp, binary, fasta, formats = sys.argv[1:6]
inputs = ([] if fasta == "-" else [fasta]) + sys.argv[6:]


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


for fmt in formats.split(","):
    for ev in ["", "none", "summary", "all"]:
        extra = ["--format=" + fmt] + (["--events=" + ev] if ev else [])
        rb, ob, eb = run([binary] + inputs + extra)
        ri, oi, ei = run([dpc, "interp", dp] + inputs + extra)
        if rb or ri:
            print("FAIL: %s: exit status %d (binary) and %d (interp):\n%s%s"
                  % (" ".join(extra), rb, ri, eb, ei))
            sys.exit(1)
        if ob != oi:
            print("FAIL: %s: the binary prints\n%s\nthe interpreter\n%s"
                  % (" ".join(extra), ob, oi))
            sys.exit(1)
print("formats agree")
