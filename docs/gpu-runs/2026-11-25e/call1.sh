#!/usr/bin/env bash
# Device call 1 of 2026-11-25 (session 5): branch-free GPU strip cells in
# int32 that carry -inf / +inf as the stored sentinels (GpuKernel::
# Sentinels): gotoh, lcs and banded leave the case dispatch for whole
# chunks. 1. the corpus GPU verification (tests/gpu/run-corpus.sh: every
# case --verify'd against the CPU reference and dpc interp's expected
# line, score-only runs, memcheck) on folders of the new compiler
# (.carry/gen1); 2. the alignment rows of the corpus benchmark, full runs
# and score-only, for the folders of the commit before (.carry/base1:
# gotoh, lcs, banded) and the new ones, in the same run.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/gen1; B=.carry/base1
for d in $G/* $B/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
timeout 300 tests/gpu/run-corpus.sh $G $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$?"
tail -26 $O/corpus.txt
for w in base:$B new:$G; do
  n=${w%%:*}; d=${w#*:}
  echo "== at $SECONDS s: $n, full runs"
  timeout 100 python3 tests/bench/run.py --corpus $d --only "gotoh|lcs|banded" --gpu --threads 16 --repeat 2 --budget 40 --bin /tmp/bb-$n --out $O/bench-$n-full > $O/bench-$n-full.txt 2>&1; echo "bench rc=$?"
  tail -5 $O/bench-$n-full.txt
  echo "== at $SECONDS s: $n, score only"
  timeout 100 python3 tests/bench/run.py --corpus $d --only "gotoh|lcs|banded" --gpu --threads 16 --repeat 2 --budget 40 --bin /tmp/bb-$n --scores-only --out $O/bench-$n-scores > $O/bench-$n-scores.txt 2>&1; echo "bench rc=$?"
  tail -5 $O/bench-$n-scores.txt
done
echo "== done at $SECONDS s"
# 3. segment (a sequential loop whose cells are O(j) reductions, one block
# per problem): the block of 256 threads against hand-edited copies with
# 512 and 1024 threads (launch bounds, lanes and launch of kernel 3 only).
S=$G/segment
for t in 512 1024; do
  rm -rf /tmp/seg$t; cp -r $S /tmp/seg$t; rm -rf /tmp/seg$t/build
  sed -i -e "s/__launch_bounds__(256)\$/__launch_bounds__($t)/" \
         -e "s/int(threadIdx.x % 256), 256, dpc_err/int(threadIdx.x % $t), $t, dpc_err/" \
         -e "s/dpc_kernel3<<<static_cast<unsigned>(dpc_n), 256,/dpc_kernel3<<<static_cast<unsigned>(dpc_n), $t,/" /tmp/seg$t/segment_cuda.cu
  grep -c "$t" /tmp/seg$t/segment_cuda.cu
  ( cmake -S /tmp/seg$t -B /tmp/seg$t/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build /tmp/seg$t/build -j 4 >/dev/null 2>&1 ) || echo "BUILD FAIL seg$t"
done
python3 - > /tmp/segx.txt <<'PY'
import random
random.seed(7)
print(",".join(str(random.randint(-5, 20)) for _ in range(20000)))
PY
for b in $S/build/segment /tmp/seg512/build/segment /tmp/seg1024/build/segment; do
  for r in 1 2; do echo "$b: $($b --backend=cuda --in x=@/tmp/segx.txt --timing 2>&1 | tr '\n' ' ' | cut -c1-300)"; done
done
echo "== all done at $SECONDS s"
