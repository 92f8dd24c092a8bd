#!/usr/bin/env bash
# Device call 3 of 2026-11-25 (session 3): strip tables kept as two rolling
# rows in score-only runs (Lower/ChooseRingStorage.cpp, Params::dpc_ring).
# (1) correctness: sw_local and swsides, full runs with --verify (every
# cell against the untiled reference), score-only runs' outputs == full
# runs' outputs, score-only R and T tables CUDA == OpenMP, at edge and mid
# sizes; compute-sanitizer memcheck of a score-only CUDA run;
# (2) time at 50000^2, score-only (two rows of H) against full (--events=all:
# the whole H, which the traceback reads), compute only, 3 runs each;
# (3) sw_local 100000 x 100000 score-only: time and max RSS, both backends.
# Needs .carry/ring (build/bin/dpc compile on the dev box).
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/ring
for d in $G/sw_local $G/swsides; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 8 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
python3 - <<'PY'
import random
r = random.Random(9)
def fa(path, n):
    open(path, "w").write(">s\n" + "".join(r.choice("ACGT") for _ in range(n)) + "\n")
for n in (1, 2, 15, 16, 17, 31, 33, 63, 64, 65, 127, 129, 300, 1000, 2049, 5000):
    fa("/tmp/va%d.fa" % n, n); fa("/tmp/vb%d.fa" % n, n + 5)
fa("/tmp/A50k.fa", 50000); fa("/tmp/B50k.fa", 50000)
fa("/tmp/A100k.fa", 100000); fa("/tmp/B100k.fa", 100000)
PY
ok=0; bad=0
note() { if [ "$1" = ok ]; then ok=$((ok+1)); else bad=$((bad+1)); echo "FAIL: $2"; fi; }
for r in sw_local swsides; do
  B=$G/$r/build/$r
  for n in 1 2 15 16 17 31 33 63 64 65 127 129 300 1000 2049 5000; do
    in="--in a=@/tmp/va$n.fa --in b=@/tmp/vb$n.fa"
    for bk in cuda openmp; do
      v=$($B $in --backend=$bk --threads 16 --verify --events=none 2>&1 | grep -o "verify: [a-z]*")
      [ "$v" = "verify: ok" ] && note ok || note bad "$r n=$n $bk verify: $v"
      full=$($B $in --backend=$bk --threads 16 --verify --events=none 2>&1 | grep "T\[N\]")
      ring=$($B $in --backend=$bk --threads 16 --events=none 2>&1 | grep "T\[N\]")
      [ -n "$ring" ] && [ "$full" = "$ring" ] && note ok || note bad "$r n=$n $bk output: full '$full' score-only '$ring'"
    done
    $B $in --backend=cuda --dump-table R --dump-table T > /tmp/c.txt 2>&1
    $B $in --backend=openmp --threads 16 --dump-table R --dump-table T > /tmp/o.txt 2>&1
    cmp -s /tmp/c.txt /tmp/o.txt && note ok || note bad "$r n=$n score-only R, T: CUDA != OpenMP"
  done
done
echo "correctness: $ok ok, $bad failed"
echo "== explain (score-only and full) at 5000"
$G/sw_local/build/sw_local --in a=@/tmp/va5000.fa --in b=@/tmp/vb5000.fa --explain | grep "table H"
$G/sw_local/build/sw_local --in a=@/tmp/va5000.fa --in b=@/tmp/vb5000.fa --explain --events=all | grep "table H"
echo "== compute-sanitizer memcheck, score-only CUDA (sw_local n=1000)"
compute-sanitizer --tool memcheck $G/sw_local/build/sw_local --in a=@/tmp/va1000.fa --in b=@/tmp/vb1000.fa --backend=cuda 2>&1 | tail -2
echo "== time, 50000 x 50000: compute s, 3 runs (score-only, then full: --events=all)"
for bk in cuda openmp; do
  for mode in "" "--events=all"; do
    t=$(for k in 1 2 3; do $G/sw_local/build/sw_local --in a=@/tmp/A50k.fa --in b=@/tmp/B50k.fa --backend=$bk --threads 16 --timing $mode 2>&1 | grep -o "compute [0-9.]* s"; done | tr '\n' ' ')
    echo "sw_local $bk ${mode:-score-only}: $t"
  done
done
echo "== sw_local 100000 x 100000, score-only: --timing and /usr/bin/time"
for bk in cuda openmp; do
  /usr/bin/time -f "process %e s, max RSS %M KB" $G/sw_local/build/sw_local --in a=@/tmp/A100k.fa --in b=@/tmp/B100k.fa --backend=$bk --threads 16 --timing 2>&1 | grep -E "T\[N\]|timing|process" | tr '\n' ' '; echo
done
$G/sw_local/build/sw_local --in a=@/tmp/A100k.fa --in b=@/tmp/B100k.fa --explain | grep -E "table|memory"
echo "== done at $SECONDS s"
