#!/usr/bin/env bash
# Call 3 (2026-12-02): 1. the corpus suite on the corpus recurrences whose
# device traceback the walk by value changed (.carry/C, compiled by this
# tree), alone (call 2's ran out of time building all 21 beside the GPU
# suite); 2. issue 12's one-run report from the runner: Nussinov, Chang at
# 16000 beside li-blocked and the plosone peer, BPMax 128, wall_s the start
# to the printed answer, the exit beside it.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call3.log) 2>&1
COMMIT=${COMMIT:-HEAD}
timeout 330 bash tests/gpu/run-corpus.sh --only=sw_local,gotoh,editdist,obst,nussinov_weighted,rnafold .carry/C /tmp/corpus > $OUT/call3-corpus.out 2>&1; echo "corpus suite rc $? at $SECONDS s"
tail -12 $OUT/call3-corpus.out
P=
for r in nussinov chang bpmax; do d=generated/$r
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P; echo "built at $SECONDS s"
timeout 200 python3 tests/bench/run.py --out /tmp/bench --commit $COMMIT --cuda-only \
  --recurrences nussinov,chang,bpmax --gpu-sizes 16000 --bpmax-sizes 128 --repeat 3 \
  --plosone-src .carry/plosone/nussinov.cu \
  --only '(nussinov|chang)/(generated|li-blocked|plosone)/cuda|bpmax/generated/cuda' > $OUT/call3-bench.log 2>&1; echo "bench rc=$? at $SECONDS s"
cp /tmp/bench/results.md $OUT/call3-bench-results.md; cp /tmp/bench/results.csv $OUT/call3-bench-results.csv
grep -E "^\| (nussinov|chang|bpmax)" $OUT/call3-bench-results.md | head -8
echo "== done at $SECONDS s"
