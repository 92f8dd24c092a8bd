#!/usr/bin/env bash
# Call 9 (2026-11-29c): the corpus suite (verify against dpc interp, score
# only, memcheck) on the corpus recurrences whose tile kernels now read the
# split-over-k accumulator in place (.carry/C, this tree's dpc).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call9.log) 2>&1
P=
for d in .carry/C/*; do r=$(basename $d)
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P; echo "built at $SECONDS s"
timeout 480 bash tests/gpu/run-corpus.sh --only=bpmax_window,matrix_chain,nussinov_weighted,obst,triangulation .carry/C $OUT/corpus > $OUT/call9-corpus.out 2>&1; echo "corpus suite rc $? at $SECONDS s"
tail -9 $OUT/call9-corpus.out
echo "== done at $SECONDS s"
