#!/usr/bin/env python3
"""Runs a command and succeeds only if it exits with a non-zero status that
is not a crash (a signal or an abort is a failure, not an expected error)."""
import subprocess
import sys

r = subprocess.run(sys.argv[1:])
if r.returncode < 0 or r.returncode >= 128:
    sys.stderr.write("not.py: command crashed (status %d)\n" % r.returncode)
    sys.exit(2)
sys.exit(0 if r.returncode != 0 else 1)
