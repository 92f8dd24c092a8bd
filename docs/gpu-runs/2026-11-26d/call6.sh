#!/usr/bin/env bash
# Call 6 (at $DPC_COMMIT, the tree as committed): the corpus made by this
# compiler (.carry/gT) built in parallel first (the script's own build step
# then finds it done), then tests/gpu/run-corpus.sh (every case --verify
# --json with the device traceback, score only, memcheck); the 2000-RNA
# runner rows once more (the JSON printer appends in place); the seed suite.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in .carry/gT/*/; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build $d/build -j 2 > /dev/null 2>&1 || echo BUILD FAILED $d) & done; wait
echo "corpus built: $(date -u +%T)"
bash tests/gpu/run-corpus.sh .carry/gT $OUT/corpus > $OUT/corpus.out 2>&1
grep -E "FAIL|^SUMMARY" $OUT/corpus.out | head -20
for d in generated/nussinov .carry/gT/sw_local; do cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release > /dev/null 2>&1 && cmake --build $d/build -j 16 > /dev/null 2>&1 || echo BUILD FAILED $d; done
python3 tests/bench/run.py --batch --corpus .carry/gT --gpu --threads 16 --repeat 3 --out $OUT/batch --commit "${DPC_COMMIT:-wip}" > $OUT/runner.log 2>&1; echo "runner rc $?"
tail -6 $OUT/runner.log
bash tests/gpu/run.sh $OUT/seeds > $OUT/seeds.out 2>&1
grep -E "FAIL|SUMMARY" $OUT/seeds.out | head
