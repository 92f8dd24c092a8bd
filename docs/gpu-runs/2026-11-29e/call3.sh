#!/usr/bin/env bash
# Call 3 (2026-11-29e): the OpenMP guarded packs prefetch their rows at the
# next value of the outer contraction index (CpuBlock::PrefetchOuter,
# uncommitted tree; A = 32ef926's generated/bpmax in .carry/A, B = this
# tree's generated/bpmax). --verify of B (OpenMP) at small sizes; compute
# seconds A/B, 16 threads, N = M = 96 and 128, two runs each, outputs
# compared; then the runner's OpenMP rows (generated beside bpmax-omp) at
# 96 and 128 on B.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call3.log) 2>&1
P=
for d in .carry/A/generated/bpmax generated/bpmax; do
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build bpmax >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P; echo "built at $SECONDS s"
python3 -c "
import random; r = random.Random(7)
for n in (1, 5, 20, 23, 33, 41, 45, 70, 96, 128): open(f'/tmp/s{n}.txt', 'w').write(''.join(r.choice('ACGU') for _ in range(n)))"
A=.carry/A/generated/bpmax/build/bpmax; B=generated/bpmax/build/bpmax
for p in "20 23" "41 45" "45 41" "33 70" "1 5" "70 33"; do set -- $p
  echo "verify B $1x$2: openmp $($B --in seq1=@/tmp/s$1.txt --in seq2=@/tmp/s$2.txt --backend=openmp --threads 16 --verify 2>&1 >/dev/null | grep -o 'verify: [a-z]*')"
done
t() { "$@" --json --timing 2>&1 >/tmp/o.txt | grep -o 'compute [0-9.]*' | awk '{print $2}'; }
h() { sed -E 's/"seconds":[0-9.eE+-]+//g' /tmp/o.txt | md5sum | cut -c1-8; }
for n in 96 128; do for rep in 1 2; do
  a=$(t $A --in seq1=@/tmp/s$n.txt --in seq2=@/tmp/s$n.txt --backend=openmp --threads 16); ha=$(h)
  b=$(t $B --in seq1=@/tmp/s$n.txt --in seq2=@/tmp/s$n.txt --backend=openmp --threads 16); hb=$(h)
  echo "openmp16 n=$n rep=$rep A $a B $b out $ha $hb"
done; done
timeout 300 python3 tests/bench/run.py --out /tmp/bench --commit prefetch --recurrences bpmax --bpmax-sizes 96,128 \
  --budget 30 --threads 16 --repeat 3 --only 'bpmax/(generated/openmp|bpmax-omp)' > $OUT/call3-bench.log 2>&1; echo "bench rc=$? at $SECONDS s"
cp /tmp/bench/results.md $OUT/call3-bench-results.md
grep -E "^\| (bpmax|peak-cpu)" $OUT/call3-bench-results.md | head -12
echo "== done at $SECONDS s"
