#!/usr/bin/env bash
# Call 2 (same machine as call 1): the corpus cases with the device
# traceback (.carry/gT, made by this compiler: every case --verify --json,
# events and structures against dpc interp, score only, memcheck), then the
# benchmark runner's batch rows (2000 RNAs CUDA and OpenMP, the database
# search), 3 repeats, one run.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
bash tests/gpu/run-corpus.sh .carry/gT $OUT/corpus > $OUT/corpus.out 2>&1
grep -E "FAIL|^SUMMARY" $OUT/corpus.out | head -30
for d in generated/nussinov .carry/gT/sw_local; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release > /dev/null 2>&1 && cmake --build $d/build -j 8 > /dev/null 2>&1 || echo BUILD FAILED $d) & done; wait
python3 tests/bench/run.py --batch --corpus .carry/gT --gpu --threads 16 --repeat 3 --out $OUT/batch --commit "${DPC_COMMIT:-wip}" > $OUT/runner.log 2>&1; echo "runner rc $?"
tail -12 $OUT/runner.log
