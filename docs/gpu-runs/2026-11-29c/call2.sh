#!/usr/bin/env bash
# Call 2 (2026-11-29c). (a) Issue 11: the strip rows a lane chosen in
# lowering (PlanSchedule: the fewest rows, at least 2, whose cells hold at
# least 4 32-bit words: one int table -> 4 rows). .carry/new: sw_local,
# editdist, lcs, banded compiled by this tree (128 x 128 strips); .carry/s64:
# the same at main's 64 x 128 (main's folders for sw_local, editdist; lcs,
# banded with a schedule block's tile 64, 128). Corpus suite on .carry/new
# (verify against dpc interp, score-only, memcheck); the database search
# and the 30000^2 pair on CUDA, the pair on OpenMP (16 threads), 3 runs
# each, alternating. (b) Issue 12: an LD_PRELOAD probe (exit_probe.c) splits
# nussinov 16000's process wall into loading, main and the exit.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call2.log) 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader
P=
for d in .carry/new/* .carry/s64/sw_local .carry/s64/editdist .carry/s64/lcs .carry/s64/banded generated/nussinov; do r=$(basename $d)
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
gcc -shared -fPIC -O2 -o /tmp/probe.so docs/gpu-runs/2026-11-29c/exit_probe.c || echo "probe build failed"
wait $P; echo "built at $SECONDS s"
python3 -c "
import random; r = random.Random(5)
open('/tmp/s16000.fa', 'w').write('>s\n%s\n' % ''.join(r.choice('ACGU') for _ in range(16000)))"
for rep in 1 2 3; do for mode in plain json; do
  a="--backend=cuda --in seq=@/tmp/s16000.fa --timing"; [ $mode = json ] && a="$a --json"
  s=$EPOCHREALTIME; LD_PRELOAD=/tmp/probe.so generated/nussinov/build/nussinov $a > /tmp/o.txt 2> /tmp/e.txt; e=$EPOCHREALTIME
  python3 - $s $e $mode <<'PY'
import re, sys
s, e, mode = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
t = open('/tmp/e.txt').read()
st = float(re.search(r'probe: start ([0-9.]+)', t).group(1)); ex = float(re.search(r'probe: exit ([0-9.]+)', t).group(1))
w = re.search(r'wall ([0-9.]+) s = (.*)', t)
print('nussinov 16000 %-5s: outside %.3f s = load %.3f + main %.3f + exit %.3f; inside: wall %s = %s' % (mode, e - s, st - s, ex - st, e - ex, w.group(1), w.group(2)))
PY
done; done
bash tests/gpu/run-corpus.sh --only=sw_local,editdist,lcs,banded .carry/new /tmp/corpus > $OUT/corpus.out 2>&1; echo "corpus suite rc $? at $SECONDS s"; tail -7 $OUT/corpus.out
WORKS=db1000,30k python3 docs/gpu-runs/2026-11-29c/search_ab.py 3 sw_local,editdist,lcs s64=.carry/s64 new=.carry/new 2>&1 | tee $OUT/ab.log
WORKS=30k python3 docs/gpu-runs/2026-11-29c/search_ab.py 3 banded s64=.carry/s64 new=.carry/new 2>&1 | tee -a $OUT/ab.log
WORKS=30k BACKEND=openmp THREADS=16 python3 docs/gpu-runs/2026-11-29c/search_ab.py 3 sw_local,editdist s64=.carry/s64 new=.carry/new 2>&1 | sed 's/^/openmp16 /' | tee -a $OUT/ab.log
echo "== done at $SECONDS s"
