#!/usr/bin/env bash
# Call 1 (2026-11-29e): a masked product's U(tile) as one convex set
# (Lower/SplitReductions.cpp: BPMax's double reduction, one k2 loop a k1
# instead of up to five). A = main's generated/bpmax (b2e9fdd), B = the new
# folder. --verify of B at small sizes (CUDA, also --wide-indices, and
# OpenMP), memcheck at 41 x 45; compute seconds (--timing) CUDA at N = M =
# 128 and 192 (three runs, outputs compared), OpenMP 16 threads at 96; the
# windowed BPMax (B) at N = M = 400, W = 128 and 1000, W = 64.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call1.log) 2>&1
P=
for d in .carry/A/bpmax .carry/B/bpmax .carry/B/bpmax_window; do
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
wait $P; echo "built at $SECONDS s"
python3 -c "
import random; r = random.Random(7)
for n in (1, 5, 20, 23, 33, 41, 45, 70, 96, 128, 192, 400, 1000): open(f'/tmp/s{n}.txt', 'w').write(''.join(r.choice('ACGU') for _ in range(n)))"
A=.carry/A/bpmax/build/bpmax; B=.carry/B/bpmax/build/bpmax; W=.carry/B/bpmax_window/build/bpmax_window
for p in "20 23" "41 45" "45 41" "33 70" "1 5" "70 33"; do set -- $p
  echo "verify B $1x$2: cuda $($B --in seq1=@/tmp/s$1.txt --in seq2=@/tmp/s$2.txt --backend=cuda --verify 2>&1 >/dev/null | grep -o 'verify: [a-z]*') wide $($B --in seq1=@/tmp/s$1.txt --in seq2=@/tmp/s$2.txt --backend=cuda --wide-indices --verify 2>&1 >/dev/null | grep -o 'verify: [a-z]*') openmp $($B --in seq1=@/tmp/s$1.txt --in seq2=@/tmp/s$2.txt --backend=openmp --verify 2>&1 >/dev/null | grep -o 'verify: [a-z]*') window $($W --in seq1=@/tmp/s$1.txt --in seq2=@/tmp/s$2.txt --set W=9 --backend=cuda --verify 2>&1 >/dev/null | grep -o 'verify: [a-z]*')"
done
compute-sanitizer --tool memcheck --error-exitcode 9 $B --in seq1=@/tmp/s41.txt --in seq2=@/tmp/s45.txt --backend=cuda > /tmp/mc.txt 2>&1; echo "memcheck B 41x45 rc=$? $(grep -c 'ERROR SUMMARY: 0' /tmp/mc.txt)"
t() { "$@" --json --timing 2>&1 >/tmp/o.txt | grep -o 'compute [0-9.]*' | awk '{print $2}'; }
h() { sed -E 's/"seconds":[0-9.eE+-]+//g' /tmp/o.txt | md5sum | cut -c1-8; }
for n in 128 192; do for rep in 1 2 3; do
  a=$(t $A --in seq1=@/tmp/s$n.txt --in seq2=@/tmp/s$n.txt --backend=cuda); ha=$(h)
  b=$(t $B --in seq1=@/tmp/s$n.txt --in seq2=@/tmp/s$n.txt --backend=cuda); hb=$(h)
  echo "cuda n=$n rep=$rep A $a B $b out $ha $hb"
done; done
for rep in 1 2; do
  a=$(t $A --in seq1=@/tmp/s96.txt --in seq2=@/tmp/s96.txt --backend=openmp --threads 16); ha=$(h)
  b=$(t $B --in seq1=@/tmp/s96.txt --in seq2=@/tmp/s96.txt --backend=openmp --threads 16); hb=$(h)
  echo "openmp16 n=96 rep=$rep A $a B $b out $ha $hb"
done
echo "window 400 W=128: $(t $W --in seq1=@/tmp/s400.txt --in seq2=@/tmp/s400.txt --backend=cuda) s"
$W --in seq1=@/tmp/s1000.txt --in seq2=@/tmp/s1000.txt --set W=64 --explain 2>&1 | grep -i "bytes\|memory" | head -3
echo "window 1000 W=64: $(t $W --in seq1=@/tmp/s1000.txt --in seq2=@/tmp/s1000.txt --set W=64 --backend=cuda) s"
echo "== done at $SECONDS s"
