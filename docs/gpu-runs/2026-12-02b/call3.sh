#!/usr/bin/env bash
# Call 3 (2026-12-02, thirty-first session): the double reduction's older
# part beside the previous step's tile kernel (GpuKernel::Overlap for a
# product of several contraction indices: an interval of k1). 1. The GPU
# suite (tests/gpu/run.sh, the seeds: --verify, tracebacks against dpc
# interp, --wide-indices, memcheck, racecheck) beside the corpus suite on
# bpmax_window (.carry/C compiled by this tree). 2. Then, alone: BPMax
# N = M = 128 and 192, the folder before the change (.carry/bpmax-old, the
# last commit's generated/bpmax) and after (generated/bpmax), three runs
# each, compute seconds and the JSON answers compared.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call3.log) 2>&1
bash tests/gpu/run.sh /tmp/gpu > $OUT/call3-gpu.out 2>&1 & G=$!
timeout 400 bash tests/gpu/run-corpus.sh --only=bpmax_window .carry/C /tmp/corpus > $OUT/call3-corpus.out 2>&1; echo "corpus suite rc $? at $SECONDS s"
wait $G; echo "gpu suite rc $? at $SECONDS s"
grep -E "FAIL|SUMMARY" $OUT/call3-gpu.out | head; grep -E "FAIL|passed|SUMMARY" $OUT/call3-corpus.out | tail -5
A=.carry/bpmax-old/generated/bpmax; B=generated/bpmax
cmake -S $A -B $A/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && ninja -C $A/build bpmax >/dev/null 2>&1 || echo "BUILD FAIL $A"
for n in 128 192; do
  S=$(python3 -c "
import random; r = random.Random($n); print(''.join(r.choice('ACGU') for _ in range($n)))")
  T=$(python3 -c "
import random; r = random.Random($n + 1); print(''.join(r.choice('ACGU') for _ in range($n)))")
  for k in 1 2 3; do
    for v in A B; do d=${!v}
      t=$($d/build/bpmax --in seq1=$S --in seq2=$T --json --timing --backend=cuda 2>&1 >/tmp/bp-$v-$n.json | grep -o "compute [0-9.]* s" | head -1)
      echo "bpmax $n $v run $k: $t"
    done
  done
  cmp -s /tmp/bp-A-$n.json /tmp/bp-B-$n.json && echo "bpmax $n: answers equal" || echo "bpmax $n: ANSWERS DIFFER"
done
echo "== done at $SECONDS s"
