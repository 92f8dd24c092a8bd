#!/usr/bin/env bash
# Call 1 (issue 13, the CPU target): the guarded register-blocked form of
# the double reduction's OpenMP tile product (MapToTarget: CpuBlock::Guarded;
# EmitOpenMP: packs of X's rows and Y's columns per chunk of 32 k, masked
# loads, clamped, -2^30 where the load guard fails).
#   1. a/b: the folder of the last commit (.carry/bpold, plain form) and the
#      regenerated generated/bpmax, OpenMP on 16 threads, N = M = 96 and 128,
#      alternating, outputs compared, --verify at N = M = 48;
#   2. the benchmark runner's BPMax rows (generated CUDA and OpenMP beside
#      the hand-written OpenMP baseline, with the measured peaks).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
C=${DPC_COMMIT:-work}
lscpu | grep -E "Model name|^CPU\(s\)|Flags" | cut -c1-120
for d in .carry/bpold/generated/bpmax generated/bpmax; do
  cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 16 >/dev/null 2>&1 || echo "BUILD FAIL $d"
done
OLD=.carry/bpold/generated/bpmax/build/bpmax NEW=generated/bpmax/build/bpmax
python3 - <<'PY'
import random
r = random.Random(7)
for n in (48, 96, 128):
    open(f"/tmp/bp{n}.fa", "w").write("".join(f">{c}\n" + "".join(r.choice("ACGU") for _ in range(n)) + "\n" for c in "ab"))
PY
$NEW /tmp/bp48.fa --backend=openmp --threads 16 --verify 2>&1 | tail -1
for n in 96 128; do
  for rep in 1 2; do
    for v in OLD NEW; do
      b=${!v}
      s0=$(date +%s.%N)
      $b /tmp/bp$n.fa --backend=openmp --threads 16 --timing > $OUT/$v-$n.txt 2> $OUT/$v-$n.err
      s1=$(date +%s.%N)
      echo "ab $v n=$n rep=$rep $(grep -E '^time' $OUT/$v-$n.txt $OUT/$v-$n.err | head -1) process $(python3 -c "print(round($s1 - $s0, 3))") s"
    done
    cmp -s <(grep -v '^time' $OUT/OLD-$n.txt) <(grep -v '^time' $OUT/NEW-$n.txt) && echo "n=$n outputs equal" || echo "n=$n OUTPUTS DIFFER"
  done
done
timeout 420 python3 tests/bench/run.py --out $OUT/bench --commit $C --gpu --recurrences bpmax --bpmax-sizes 64,96,128 \
  --threads 16 --repeat 3 --only 'bpmax/(generated/(cuda|openmp)|bpmax-omp)' > $OUT/bench.log 2>&1; echo "bench rc=$?"
grep -E "^\| (bpmax|peak)" $OUT/bench/results.md | head -20
echo "== all done at $SECONDS s"
