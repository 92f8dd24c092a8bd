#!/usr/bin/env bash
# Call 5 (2026-11-28b): a score-only strip stores its bottom row into the
# rolling row from the last lane as computed (no staging store per step,
# no write-back of it). D: .carry/gD (4c433b1), E: .carry/gE (this tree).
# Search and pair for sw_local, editdist, gotoh; the corpus suite on E's
# changed recurrences; E's SASS.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in .carry/gD/sw_local .carry/gD/editdist .carry/gD/gotoh .carry/gE/sw_local .carry/gE/editdist .carry/gE/gotoh .carry/gE/banded .carry/gE/lcs; do
  (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build $d/build -j 2 > $d/build.log 2>&1 || echo BUILD FAILED $d) &
done; wait
echo "built: $(date -u +%T)"
python3 docs/gpu-runs/2026-11-28b/search_ab.py 3 sw_local,editdist,gotoh D=.carry/gD E=.carry/gE 2>&1 | tee $OUT/ab.log
bash tests/gpu/run-corpus.sh --only=sw_local,editdist,gotoh,banded,lcs .carry/gE $OUT/corpus > $OUT/corpus.out 2>&1; echo "corpus suite rc $?"
cuobjdump -sass .carry/gE/sw_local/build/sw_local > /tmp/sw.sass 2>&1; gzip -c /tmp/sw.sass > $OUT/sw_local_E.sass.gz
tail -8 $OUT/corpus.out
cat $OUT/ab.log
