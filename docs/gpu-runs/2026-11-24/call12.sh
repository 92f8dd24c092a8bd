#!/usr/bin/env bash
# Device call 12 of 2026-11-24: branch-free strip cells with hoisted leaves and
# staged stores, the scan kernel, the CPU strips' hoisting. Needs the
# folders made here: .carry/gen (scripts/gen-corpus.sh), .carry/gen-extra
# (tests/gen/Inputs/{pascal,swsides}.dp), .carry/gen-main (sw_local and
# editdist by the dpc of main before this change, for the same-run
# comparison).
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/gen
echo "== build (nvcc, sm_90), every folder in parallel"
for d in $G/* .carry/gen-extra/* .carry/gen-main/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
echo "== corpus verification (tests/gpu/run-corpus.sh)"
tests/gpu/run-corpus.sh $G $O/corpus > $O/corpus.txt 2>&1; echo "exit $?"
tail -22 $O/corpus.txt
python3 - <<'PY'
import random
r = random.Random(5)
def w(p, n, al="ACGT"): open(p, "w").write(">x\n" + "".join(r.choice(al) for _ in range(n)) + "\n")
for n, m in ((1, 1), (300, 257), (1025, 70), (3000, 2500), (5000, 333), (2049, 4097)):
    w(f"/tmp/a{n}x{m}.fa", n); w(f"/tmp/b{n}x{m}.fa", m)
PY
echo "== swsides and sw_local: --verify (the scan's T and every table) and CUDA == OpenMP"
for b in .carry/gen-extra/swsides/build/swsides $G/sw_local/build/sw_local; do
  for s in 1x1 300x257 1025x70 3000x2500 5000x333 2049x4097; do
    v=$($b --in a=@/tmp/a$s.fa --in b=@/tmp/b$s.fa --backend=cuda --verify --events=none 2>&1 | grep verify:)
    c=$($b --in a=@/tmp/a$s.fa --in b=@/tmp/b$s.fa --backend=cuda --json 2>&1)
    o=$($b --in a=@/tmp/a$s.fa --in b=@/tmp/b$s.fa --backend=openmp --json 2>&1)
    [ "$c" = "$o" ] && e=equal || e=DIFFER
    echo "$(basename $b) $s: $v; json $e"
  done
done
echo "== pascal: overflow on CUDA as on OpenMP"
for bk in cuda openmp; do
  .carry/gen-extra/pascal/build/pascal --in a=ACGTACGTACGTACGTACGT --in b=ACGTACGTACGTACGTAC --events=none --backend=$bk > $O/pas-$bk.txt 2>&1; echo "exit $?" >> $O/pas-$bk.txt
  .carry/gen-extra/pascal/build/pascal --in a=ACGTACGTACGTA --in b=ACGTACGTACGTAC --verify --events=none --backend=$bk >> $O/pas-$bk.txt 2>&1; echo "exit $?" >> $O/pas-$bk.txt
done
cat $O/pas-cuda.txt; diff -q $O/pas-cuda.txt $O/pas-openmp.txt && echo "pascal: CUDA == OpenMP"
echo "== 30000^2 compute, main vs this change (2 runs each)"
python3 -c "
import random
r = random.Random(7)
for s in 'ab': open('/tmp/big_%s.fa' % s, 'w').write('>x\n' + ''.join(r.choice('ACGT') for _ in range(30000)) + '\n')"
for rec in sw_local editdist; do
  for v in main new; do
    b=$G/$rec/build/$rec; [ $v = main ] && b=.carry/gen-main/$rec/build/$rec
    for bk in cuda openmp; do
      t=$(for k in 1 2; do $b --in a=@/tmp/big_a.fa --in b=@/tmp/big_b.fa --backend=$bk --threads 16 --timing --events=none 2>&1 | grep -o "compute [0-9.]* s"; done | tr '\n' ' ')
      echo "$rec $v $bk: $t"
    done
  done
done
echo "== per kernel, sw_local 30000^2 (ncu gpu__time_duration)"
ncu --metrics gpu__time_duration.sum $G/sw_local/build/sw_local --in a=@/tmp/big_a.fa --in b=@/tmp/big_b.fa --backend=cuda --events=none 2>&1 | grep -E "dpc_kernel|gpu__time" | paste - - | awk '{print $1, $(NF-1), $NF}'
echo "== corpus benchmark, alignment family (tests/bench/run.py --corpus)"
python3 tests/bench/run.py --corpus $G --gpu --threads 16 --repeat 2 --budget 40 --bin /tmp/bb --only 'sw_local|gotoh|lcs|editdist|banded' --out $O/bench > $O/bench.txt 2>&1; echo "exit $?"
tail -12 $O/bench.txt
echo "== done at $SECONDS s"
