#!/usr/bin/env python3
"""Runs a command, prints its stdout, then its stderr, then `exit status N`
(for tests that check an exact exit status; a crash is reported as such)."""
import subprocess
import sys

r = subprocess.run(sys.argv[1:], capture_output=True, text=True)
sys.stdout.write(r.stdout)
sys.stdout.write(r.stderr)
print("exit status %d" % r.returncode)
