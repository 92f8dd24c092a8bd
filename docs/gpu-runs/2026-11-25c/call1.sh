#!/usr/bin/env bash
# Device call 1 of 2026-11-25 (session 3): row reductions computed by the
# strip sweep (Lower/FindRowReductions.cpp). (1) correctness: sidetables
# (R, Lo fused; S, C, P not) and sw_local with --verify (every cell of
# every table against the untiled CPU reference) on CUDA and OpenMP at edge
# and mid sizes, CUDA tables == OpenMP tables, compute-sanitizer memcheck;
# (2) time: sw_local (R fused) against sw_unfused (the same recurrence with
# R = max j : H[i, j] + 0, which the sweep does not fuse: R's own
# parallel-grid kernel / OpenMP loop) and editdist (no side table), same
# inputs, 50000 x 50000, 3 runs each. Needs .carry/rr (made on the dev box
# with build/bin/dpc compile).
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/rr
for d in $G/sw_local $G/sw_unfused $G/sidetables $G/editdist; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 4 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
python3 - <<'PY'
import random
r = random.Random(5)
def fa(path, n):
    open(path, "w").write(">s\n" + "".join(r.choice("ACGT") for _ in range(n)) + "\n")
for n in (1, 2, 31, 32, 33, 63, 64, 65, 127, 128, 129, 300, 1000, 2049, 5000):
    fa("/tmp/va%d.fa" % n, n); fa("/tmp/vb%d.fa" % n, n + 7)
fa("/tmp/A50k.fa", 50000); fa("/tmp/B50k.fa", 50000)
PY
echo "== verify (--verify: every table vs the untiled reference; cuda and openmp)"
ok=0; bad=0
for r in sidetables sw_local; do
  for n in 1 2 31 32 33 63 64 65 127 128 129 300 1000 2049 5000; do
    for bk in cuda openmp; do
      v=$($G/$r/build/$r --in a=@/tmp/va$n.fa --in b=@/tmp/vb$n.fa --backend=$bk --threads 16 --verify --events=none 2>&1 | grep -o "verify: [a-z]*")
      if [ "$v" = "verify: ok" ]; then ok=$((ok+1)); else bad=$((bad+1)); echo "VERIFY FAIL $r n=$n $bk: $v"; fi
    done
  done
done
echo "verify: $ok ok, $bad failed"
echo "== sidetables: CUDA tables == OpenMP tables"
for n in 65 1000 2049; do
  $G/sidetables/build/sidetables --in a=@/tmp/va$n.fa --in b=@/tmp/vb$n.fa --backend=cuda --dump-table R --dump-table Lo --dump-table S --dump-table C --dump-table P --dump-table T --events=none > /tmp/c.txt 2>&1
  $G/sidetables/build/sidetables --in a=@/tmp/va$n.fa --in b=@/tmp/vb$n.fa --backend=openmp --threads 16 --dump-table R --dump-table Lo --dump-table S --dump-table C --dump-table P --dump-table T --events=none > /tmp/o.txt 2>&1
  cmp -s /tmp/c.txt /tmp/o.txt && e=equal || e=DIFFER
  echo "n=$n: $e ($(wc -l < /tmp/c.txt) lines)"
done
echo "== compute-sanitizer memcheck (sidetables, n=300)"
compute-sanitizer --tool memcheck $G/sidetables/build/sidetables --in a=@/tmp/va300.fa --in b=@/tmp/vb300.fa --backend=cuda --events=none 2>&1 | tail -2
echo "== time, 50000 x 50000 (compute s, 3 runs)"
for r in sw_local sw_unfused editdist; do
  bin=$r
  for bk in cuda openmp; do
    t=$(for k in 1 2 3; do $G/$r/build/$bin --in a=@/tmp/A50k.fa --in b=@/tmp/B50k.fa --backend=$bk --threads 16 --timing --events=none 2>&1 | grep -o "compute [0-9.]* s"; done | tr '\n' ' ')
    echo "$r $bk: $t"
  done
done > $O/time.txt
cat $O/time.txt
echo "== done at $SECONDS s"
