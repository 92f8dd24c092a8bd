#!/usr/bin/env python3
"""timeout.py SECONDS COMMAND...: runs COMMAND; kills it and fails if it
runs longer than SECONDS, else exits with its status."""
import subprocess
import sys

try:
    r = subprocess.run(sys.argv[2:], timeout=float(sys.argv[1]))
except subprocess.TimeoutExpired:
    sys.stderr.write("timeout.py: %s ran over %s s\n" % (sys.argv[2], sys.argv[1]))
    sys.exit(124)
sys.exit(r.returncode if r.returncode >= 0 else 128 - r.returncode)
