#!/usr/bin/env bash
# Call 4 (2026-11-29): a step of a tile kernel's point wavefront with fewer
# cells than the tile's side splits each cell's reductions among more
# threads (dpc_step_lanes: the block's threads over the step's cells, a
# power of two from the plan's 4 up to 32; lir::LNode::MaxLanes). The GPU
# suite on the regenerated seeds; the corpus suite on five tile-kernel
# recurrences (.carry/C); compute seconds at n = 16000 (Nussinov, Chang)
# and BPMax 128 x 128 against 5c10fe5's folders (.carry/A: 4 lanes in every
# step), three runs each; ncu on one tile-kernel launch (A and B).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call4.log) 2>&1
P=
for r in nussinov chang bpmax; do d=.carry/A/generated/$r
  (cmake -S $d -B /tmp/a-$r -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build /tmp/a-$r -j 3 >/dev/null 2>&1 || echo "BUILD FAIL A $r") & P+=" $!"
done
bash tests/gpu/run.sh $OUT/gpu > $OUT/gpu.out 2>&1; echo "gpu suite rc $?"
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
for v in A B; do b=/tmp/a-nussinov/nussinov; [ $v = B ] && b=build-gpu/nussinov/nussinov
  timeout 100 ncu --kernel-name regex:dpc_kernel0 --launch-skip 100 --launch-count 1 --section SpeedOfLight --section InstructionStats $b /tmp/s16000.fa --backend=cuda --events=none 2>&1 | grep -E "Duration|Executed Instructions  " | sed "s/^/$v /"
done
timeout 200 bash tests/gpu/run-corpus.sh --only=cyk,obst,rnafold,nussinov_weighted,matrix_chain .carry/C $OUT/corpus > $OUT/corpus.out 2>&1; echo "corpus suite rc $?"
tail -3 $OUT/gpu.out; tail -7 $OUT/corpus.out
echo "== done at $SECONDS s"
