#!/usr/bin/env bash
# Call 10 (2026-11-29c): call 3's runner reports again after the in-place
# accumulators. (a) Issue 11: the runner's batch report (2000 RNAs
# through generated/nussinov, CUDA and OpenMP; the database search through
# .carry/C/sw_local, compiled by this tree). (b) Issue 12: the runner's one-run report (Nussinov, Chang at
# 16000 beside li-blocked and the plosone peer, BPMax 128), main's
# generated/ (the accumulators read in place).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call10.log) 2>&1
COMMIT=${COMMIT:-HEAD}
nvidia-smi --query-gpu=name --format=csv,noheader
P=
for d in .carry/C/sw_local generated/nussinov generated/chang generated/bpmax; do r=$(basename $d)
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P; echo "built at $SECONDS s"
# (a) the batch report
timeout 400 python3 tests/bench/run.py --batch --corpus .carry/C --gpu --threads 16 --repeat 3 \
  --out /tmp/batch --commit $COMMIT > $OUT/call10-batch.log 2>&1; echo "batch runner rc $? at $SECONDS s"
cp /tmp/batch/results.md $OUT/call10-batch-results.md; cp /tmp/batch/results.csv $OUT/call10-batch-results.csv
# (b) issue 12's report
timeout 300 python3 tests/bench/run.py --out /tmp/bench --commit $COMMIT --cuda-only \
  --recurrences nussinov,chang,bpmax --gpu-sizes 16000 --bpmax-sizes 128 --repeat 3 \
  --plosone-src .carry/plosone/nussinov.cu \
  --only '(nussinov|chang)/(generated|li-blocked|plosone)/cuda|bpmax/generated/cuda' > $OUT/call10-bench.log 2>&1; echo "bench rc=$? at $SECONDS s"
cp /tmp/bench/results.md $OUT/call10-bench-results.md; cp /tmp/bench/results.csv $OUT/call10-bench-results.csv
grep -E "^\| (rna|sw-db)" $OUT/call10-batch-results.md
grep -E "^\| (nussinov|chang|bpmax)" $OUT/call10-bench-results.md | head -8
echo "== done at $SECONDS s"
