#!/usr/bin/env bash
# Call 6 (2026-11-29, twenty-sixth session): the tables' element offsets in
# the int32 instances (branch wip/offsets32: <table>_at<dpc_ix> where the
# host's interval test <table>_at_fits32 passes). GPU suite first (both
# instances), then compute seconds against main's folders (.carry/A at
# a09162f), two runs each, ncu on one product2 launch, and the corpus
# suite on four recurrences with tile kernels (.carry/C), as time allows.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call6.log) 2>&1
P=
for r in nussinov chang bpmax; do d=.carry/A/generated/$r
  (cmake -S $d -B /tmp/a-$r -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build /tmp/a-$r -j 2 >/dev/null 2>&1 || echo "BUILD FAIL A $r") & P+=" $!"
done
for r in bpmax_window nussinov_weighted cyk knapsack; do
  ( cmake -S .carry/C/$r -B .carry/C/$r/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build .carry/C/$r/build -j 2 >/dev/null 2>&1 || echo "BUILD FAIL $r" ) & P+=" $!"
done
bash tests/gpu/run.sh /tmp/gpu > $OUT/gpu.out 2>&1; echo "gpu suite rc $? at $SECONDS s"
tail -2 $OUT/gpu.out
wait $P
python3 -c "
import random; r = random.Random(7)
open('/tmp/s16000.fa', 'w').write('>r\n' + ''.join(r.choice('ACGU') for _ in range(16000)) + '\n')
open('/tmp/s128.txt', 'w').write(''.join(r.choice('ACGU') for _ in range(128)))"
c() { "$@" --backend=cuda --events=none --timing 2>&1 | grep -o "compute [0-9.]*" | awk '{print $2}'; }
S=$(cat /tmp/s128.txt)
for rep in 1 2; do
  for r in nussinov chang; do echo "$r 16000 A $(c /tmp/a-$r/$r /tmp/s16000.fa) B $(c build-gpu/$r/$r /tmp/s16000.fa)"; done
  echo "bpmax 128 A $(c /tmp/a-bpmax/bpmax --in seq1=$S --in seq2=$S) B $(c build-gpu/bpmax/bpmax --in seq1=$S --in seq2=$S)"
done
for r in nussinov chang; do cmp <(/tmp/a-$r/$r /tmp/s16000.fa --backend=cuda) <(build-gpu/$r/$r /tmp/s16000.fa --backend=cuda) && echo "$r 16000 structure identical A B"; done
cmp <(/tmp/a-bpmax/bpmax --in seq1=$S --in seq2=$S --backend=cuda) <(build-gpu/bpmax/bpmax --in seq1=$S --in seq2=$S --backend=cuda) && echo "bpmax 128 identical A B"
timeout 40 ncu --kernel-name regex:dpc_product2 --launch-skip 60 --launch-count 1 --section SpeedOfLight --section InstructionStats build-gpu/bpmax/bpmax --in seq1=$S --in seq2=$S --backend=cuda --events=none 2>&1 | grep -E "Duration|Executed Instructions  " | sed "s/^/bpmax p2 B /"
echo "== timings done at $SECONDS s"
timeout 90 bash tests/gpu/run-corpus.sh --only=bpmax_window,nussinov_weighted,cyk,knapsack .carry/C /tmp/corpus > $OUT/corpus.out 2>&1; echo "corpus suite rc $?"
tail -7 $OUT/corpus.out
echo "== done at $SECONDS s"
