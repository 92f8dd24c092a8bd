#!/usr/bin/env bash
# Call 2 (2026-11-28e): the GPU suite (tests/gpu/run.sh: verify, device and
# host traceback, memcheck, racecheck) on generated/ with the padded
# shared-memory rows.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
bash tests/gpu/run.sh $OUT/gpu > $OUT/gpu.out 2>&1; echo "gpu suite rc $?"
tail -8 $OUT/gpu.out
