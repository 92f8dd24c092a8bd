#!/usr/bin/env bash
# Call 3 (2026-11-28b): the staging store of a score-only strip at a
# constant row of its ring. A: .carry/gC (a3cc4b5), B: .carry/gN (score
# rows, lane 0's one read: call 2's B), C: .carry/gM (this tree). Search
# and pair for sw_local, editdist, gotoh; the corpus suite on C's changed
# recurrences; C's SASS.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in .carry/gC/sw_local .carry/gC/editdist .carry/gC/gotoh .carry/gN/sw_local .carry/gN/editdist .carry/gN/gotoh .carry/gM/sw_local .carry/gM/editdist .carry/gM/gotoh .carry/gM/banded .carry/gM/lcs; do
  (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build $d/build -j 2 > $d/build.log 2>&1 || echo BUILD FAILED $d) &
done; wait
echo "built: $(date -u +%T)"
python3 docs/gpu-runs/2026-11-28b/search_ab.py 3 sw_local,editdist,gotoh A=.carry/gC B=.carry/gN C=.carry/gM 2>&1 | tee $OUT/ab.log
bash tests/gpu/run-corpus.sh --only=sw_local,editdist,gotoh,banded,lcs .carry/gM $OUT/corpus > $OUT/corpus.out 2>&1; echo "corpus suite rc $?"
cuobjdump -sass .carry/gM/sw_local/build/sw_local > /tmp/sw.sass 2>&1; gzip -c /tmp/sw.sass > $OUT/sw_local_C.sass.gz
tail -8 $OUT/corpus.out
cat $OUT/ab.log
