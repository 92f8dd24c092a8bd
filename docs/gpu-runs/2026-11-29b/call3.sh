#!/usr/bin/env bash
# Call 3 (2026-11-29, twenty-sixth session): the corpus suite on the nine
# corpus recurrences with tile products (their products now take the tile
# kernel's int32 instance; call 2's corpus run timed out building them one
# after another: here they are built in parallel first), and the SASS of
# the new dpc_product2 (BPMax 128) with per-instruction counts.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call3.log) 2>&1
L="bpmax_window cyk matrix_chain mccaskill mccaskill_log nussinov_weighted obst rnafold triangulation"
P=
for r in $L; do
  ( cmake -S .carry/C/$r -B .carry/C/$r/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build .carry/C/$r/build -j 2 >/dev/null 2>&1 || echo "BUILD FAIL $r" ) & P+=" $!"
done
( cmake -S generated/bpmax -B /tmp/li-bpmax -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_CUDA_FLAGS=-lineinfo >/dev/null 2>&1 &&
  cmake --build /tmp/li-bpmax -j 2 >/dev/null 2>&1 || echo "BUILD FAIL li-bpmax" ) & P+=" $!"
wait $P; echo "built at $SECONDS s"
timeout 300 bash tests/gpu/run-corpus.sh --only=$(echo $L | tr ' ' ,) .carry/C /tmp/corpus > $OUT/corpus.out 2>&1; echo "corpus suite rc $?"
python3 -c "
import random; r = random.Random(7)
open('/tmp/s16000.fa', 'w').write('>r\n' + ''.join(r.choice('ACGU') for _ in range(16000)) + '\n')
open('/tmp/s128.txt', 'w').write(''.join(r.choice('ACGU') for _ in range(128)))"
S=$(cat /tmp/s128.txt)
timeout 120 ncu --kernel-name regex:dpc_product2 --launch-skip 60 --launch-count 1 \
  --section SourceCounters --section InstructionStats --section SpeedOfLight --section WarpStateStats \
  --import-source yes -o /tmp/p2 /tmp/li-bpmax/bpmax --in seq1=$S --in seq2=$S --backend=cuda --events=none > /tmp/p2.log 2>&1; echo "ncu rc=$?"
ncu --import /tmp/p2.ncu-rep --page source --print-source sass --csv > $OUT/p2-source.csv 2>&1
ncu --import /tmp/p2.ncu-rep --page details 2>&1 | grep -E "Duration|Executed Instructions  |Registers|Warp Cycles Per Issued" 
tail -14 $OUT/corpus.out
echo "== done at $SECONDS s"
