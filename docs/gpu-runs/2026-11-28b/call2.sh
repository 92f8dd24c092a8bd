#!/usr/bin/env bash
# Call 2 (2026-11-28b): score rows in registers and lane 0's one read of the
# row above per step (strip kernels). A: .carry/gC (a3cc4b5), B: .carry/gN
# (this tree). Database search (20 000 targets of 200..2000 nt, query 1000)
# and a 30000^2 pair for sw_local, editdist, gotoh, A and B alternating,
# outputs compared; the corpus suite on B's changed recurrences; B's SASS.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in .carry/gC/sw_local .carry/gC/editdist .carry/gC/gotoh .carry/gN/sw_local .carry/gN/editdist .carry/gN/gotoh .carry/gN/banded .carry/gN/lcs; do
  (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build $d/build -j 2 > $d/build.log 2>&1 || echo BUILD FAILED $d) &
done; wait
echo "built: $(date -u +%T)"
python3 docs/gpu-runs/2026-11-28b/search_ab.py 3 sw_local,editdist,gotoh A=.carry/gC B=.carry/gN 2>&1 | tee $OUT/ab.log
bash tests/gpu/run-corpus.sh --only=sw_local,editdist,gotoh,banded,lcs .carry/gN $OUT/corpus > $OUT/corpus.out 2>&1; echo "corpus suite rc $?"
cuobjdump -sass .carry/gN/sw_local/build/sw_local > /tmp/sw.sass 2>&1; gzip -c /tmp/sw.sass > $OUT/sw_local_B.sass.gz
tail -8 $OUT/corpus.out
cat $OUT/ab.log
