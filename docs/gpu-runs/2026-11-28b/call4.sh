#!/usr/bin/env bash
# Call 4 (2026-11-28b): lane 0's read of the row above in a whole chunk
# from the unrolled loop's counter (no index arithmetic). C: .carry/gM
# (34493ad, call 3's C), D: .carry/gD (this tree). Search and pair for
# sw_local, editdist, gotoh; the corpus suite on D's changed recurrences;
# D's SASS.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in .carry/gM/sw_local .carry/gM/editdist .carry/gM/gotoh .carry/gD/sw_local .carry/gD/editdist .carry/gD/gotoh .carry/gD/banded .carry/gD/lcs; do
  (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build $d/build -j 2 > $d/build.log 2>&1 || echo BUILD FAILED $d) &
done; wait
echo "built: $(date -u +%T)"
python3 docs/gpu-runs/2026-11-28b/search_ab.py 3 sw_local,editdist,gotoh C=.carry/gM D=.carry/gD 2>&1 | tee $OUT/ab.log
bash tests/gpu/run-corpus.sh --only=sw_local,editdist,gotoh,banded,lcs .carry/gD $OUT/corpus > $OUT/corpus.out 2>&1; echo "corpus suite rc $?"
cuobjdump -sass .carry/gD/sw_local/build/sw_local > /tmp/sw.sass 2>&1; gzip -c /tmp/sw.sass > $OUT/sw_local_D.sass.gz
tail -8 $OUT/corpus.out
cat $OUT/ab.log
