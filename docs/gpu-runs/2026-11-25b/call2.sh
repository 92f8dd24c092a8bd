#!/usr/bin/env bash
# Device call 2 of 2026-11-25 (session 2): CPU lane strips with vector
# score lookups, vector column symbols and flags, -inf / +inf as sentinels
# in the lanes (lcs, gotoh), calloc'ed host tables. Needs .carry/gen2
# (scripts/gen-corpus.sh .carry/gen2 with this tree's dpc).
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/gen2
echo "== build (nvcc, sm_90), every folder in parallel"
for d in $G/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
grep -c "define DPC_CPU_STRIPS 1" $G/lcs/runtime/dpc_cpu_simd.h >/dev/null && echo "(AVX-512: $(grep -o -m1 avx512f /proc/cpuinfo))"
echo "== OpenMP lane strips (AVX-512) --verify against the reference code, 16 threads"
python3 - <<'PY'
import random
r = random.Random(21)
for n in (1, 2, 15, 16, 17, 63, 64, 65, 127, 128, 129, 700, 2500):
    open("/tmp/d%d" % n, "w").write("".join(r.choice("ACGT") for _ in range(n)))
    open("/tmp/p%d" % n, "w").write("".join(r.choice("ACDEFGHIKLMNPQRSTVWY") for _ in range(n)))
PY
for r in sw_local editdist lcs gotoh banded; do
  ok=0; bad=0
  for n in 1 2 15 16 17 63 64 65 127 128 129 700 2500; do
    ms="1 17 64 129 2500"; [ $r = banded ] && ms=$n   # (banded: a and b of one length)
    for m in $ms; do
      a=/tmp/d$n; b=/tmp/d$m; [ $r = lcs ] && a=/tmp/p$n && b=/tmp/p$m
      v=$($G/$r/build/$r --in a=@$a --in b=@$b --verify --threads 16 --events=none 2>&1 | grep -o "verify: [a-z]*")
      [ "$v" = "verify: ok" ] && ok=$((ok+1)) || { bad=$((bad+1)); echo "  $r n=$n m=$m: $v"; }
    done
  done
  echo "$r openmp --verify: $ok ok, $bad not"
done
echo "== corpus verification (tests/gpu/run-corpus.sh)"
tests/gpu/run-corpus.sh $G $O/corpus > $O/corpus.txt 2>&1; echo "exit $?"
tail -4 $O/corpus.txt
echo "== at $SECONDS s: corpus benchmark (tests/bench/run.py --corpus)"
python3 tests/bench/run.py --corpus $G --gpu --threads 16 --repeat 2 --budget 40 --bin /tmp/bb --out $O/bench > $O/bench.txt 2>&1; echo "exit $?"
tail -20 $O/bench.txt
echo "== done at $SECONDS s"
