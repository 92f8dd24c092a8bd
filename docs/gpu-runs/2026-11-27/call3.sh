#!/usr/bin/env bash
# Call 3 (2026-11-27): the benchmark runner's batch rows at 23871c7 (the database
# search's sw_local from .carry/gN: row-decided runs).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in generated/nussinov .carry/gN/sw_local; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build $d/build -j 8 > $d/build.log 2>&1 || echo BUILD FAILED $d) & done; wait
python3 tests/bench/run.py --batch --corpus .carry/gN --gpu --threads 16 --repeat 3 --out $OUT/batch --commit ${COMMIT:-HEAD} > $OUT/runner.log 2>&1; echo "runner rc $?"
echo "=== summary"; tail -10 $OUT/runner.log
