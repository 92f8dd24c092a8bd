#!/usr/bin/env bash
# Call 2 (2026-11-29, twenty-sixth session): the tile products get the
# int32 index instance of their tile kernel (ChooseIndexWidth bounds the
# products' expressions; the split-over-k product kernels are templates on
# dpc_ix, launched with the tile kernel's choice). GPU suite (with
# --wide-indices: the int64 instances) on the regenerated seeds; corpus
# suite on the nine corpus recurrences with tile products (.carry/C);
# compute seconds against HEAD's folders (.carry/A), three runs each; ncu's
# duration and instructions of one dpc_product2 launch (BPMax 128) and one
# dpc_product0 launch (Nussinov 16000), new folders.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call2.log) 2>&1
P=
for r in nussinov chang bpmax; do d=.carry/A/generated/$r
  (cmake -S $d -B /tmp/a-$r -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build /tmp/a-$r -j 3 >/dev/null 2>&1 || echo "BUILD FAIL A $r") & P+=" $!"
done
bash tests/gpu/run.sh /tmp/gpu > $OUT/gpu.out 2>&1; echo "gpu suite rc $?"
wait $P
python3 -c "
import random; r = random.Random(7)
open('/tmp/s16000.fa', 'w').write('>r\n' + ''.join(r.choice('ACGU') for _ in range(16000)) + '\n')
open('/tmp/s128.txt', 'w').write(''.join(r.choice('ACGU') for _ in range(128)))"
c() { "$@" --backend=cuda --events=none --timing 2>&1 | grep -o "compute [0-9.]*" | awk '{print $2}'; }
S=$(cat /tmp/s128.txt)
for rep in 1 2 3; do
  for r in nussinov chang; do echo "$r 16000 A $(c /tmp/a-$r/$r /tmp/s16000.fa) B $(c build-gpu/$r/$r /tmp/s16000.fa)"; done
  echo "bpmax 128 A $(c /tmp/a-bpmax/bpmax --in seq1=$S --in seq2=$S) B $(c build-gpu/bpmax/bpmax --in seq1=$S --in seq2=$S)"
done
for r in nussinov chang; do cmp <(/tmp/a-$r/$r /tmp/s16000.fa --backend=cuda) <(build-gpu/$r/$r /tmp/s16000.fa --backend=cuda) && echo "$r 16000 structure identical A B"; done
cmp <(/tmp/a-bpmax/bpmax --in seq1=$S --in seq2=$S --backend=cuda) <(build-gpu/bpmax/bpmax --in seq1=$S --in seq2=$S --backend=cuda) && echo "bpmax 128 identical A B"
for v in A B; do
  b=/tmp/a-bpmax/bpmax; [ $v = B ] && b=build-gpu/bpmax/bpmax
  timeout 60 ncu --kernel-name regex:dpc_product2 --launch-skip 60 --launch-count 1 --section SpeedOfLight --section InstructionStats $b --in seq1=$S --in seq2=$S --backend=cuda --events=none 2>&1 | grep -E "Duration|Executed Instructions  " | sed "s/^/bpmax p2 $v /"
  b=/tmp/a-nussinov/nussinov; [ $v = B ] && b=build-gpu/nussinov/nussinov
  timeout 60 ncu --kernel-name regex:dpc_product0 --launch-skip 200 --launch-count 1 --section SpeedOfLight --section InstructionStats $b /tmp/s16000.fa --backend=cuda --events=none 2>&1 | grep -E "Duration|Executed Instructions  " | sed "s/^/nussinov p0 $v /"
done
timeout 170 bash tests/gpu/run-corpus.sh --only=bpmax_window,cyk,matrix_chain,mccaskill,mccaskill_log,nussinov_weighted,obst,rnafold,triangulation .carry/C /tmp/corpus > $OUT/corpus.out 2>&1; echo "corpus suite rc $?"
tail -3 $OUT/gpu.out; tail -12 $OUT/corpus.out
echo "== done at $SECONDS s"
