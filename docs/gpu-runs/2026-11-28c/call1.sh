#!/usr/bin/env bash
# Call 1 (2026-11-28c): the strip kernels' column symbols by shuffle from
# the lane above (lane 0 reads its chunk's copy) and the staging ring
# slotted by step (a whole chunk's stores at the chunk's first slot plus the
# loop counter). A: .carry/gA (eea11ae), B: .carry/gB (this tree). Search
# and pair for sw_local, editdist, gotoh; the corpus suite on B's changed
# recurrences (memcheck included); B's sw_local SASS.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in .carry/gA/sw_local .carry/gA/editdist .carry/gA/gotoh .carry/gB/sw_local .carry/gB/editdist .carry/gB/gotoh .carry/gB/banded .carry/gB/lcs; do
  (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build $d/build -j 2 > $d/build.log 2>&1 || echo BUILD FAILED $d) &
done; wait
echo "built: $(date -u +%T)"
grep -h "warning" .carry/gB/*/build.log | head -5
python3 docs/gpu-runs/2026-11-28b/search_ab.py 3 sw_local,editdist,gotoh A=.carry/gA B=.carry/gB 2>&1 | tee $OUT/ab.log
bash tests/gpu/run-corpus.sh --only=sw_local,editdist,gotoh,banded,lcs .carry/gB $OUT/corpus > $OUT/corpus.out 2>&1; echo "corpus suite rc $?"
cuobjdump -sass .carry/gB/sw_local/build/sw_local > /tmp/sw.sass 2>&1; gzip -c /tmp/sw.sass > $OUT/sw_local_B.sass.gz
tail -8 $OUT/corpus.out
cat $OUT/ab.log
