#!/usr/bin/env bash
# Call 10: the benchmark runner's batch rows (issue 11) at 04991ce: the
# database search (sw_local made by this commit's compiler) and 2000 RNAs
# through generated/nussinov, CUDA and OpenMP (16 threads), 3 repeats, one
# run; report and CSV under $OUT/batch.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in generated/nussinov .carry/dbRun/sw_local; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release > /dev/null 2>&1 && cmake --build $d/build -j 8 > /dev/null 2>&1 || echo BUILD FAILED $d) & done; wait
python3 tests/bench/run.py --batch --corpus .carry/dbRun --gpu --threads 16 --repeat 3 --out $OUT/batch --commit 04991ce > $OUT/runner.log 2>&1; echo "runner rc $?"
tail -25 $OUT/runner.log
ls $OUT/batch
