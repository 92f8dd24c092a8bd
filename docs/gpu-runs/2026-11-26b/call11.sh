#!/usr/bin/env bash
# Device call 11 of 2026-11-26 (session 8): call 10's corpus step again on
# the 9 corpus recurrences whose code the simplified load guards change
# (.carry/genSub, from .carry/genN2), built in parallel first (call 10 ran
# out of time building all 21). tests/gpu/run-corpus.sh: every case with
# --verify, score-only runs, memcheck; the other recurrences' folders are
# absent (their "BUILD FAIL ... no CMakeLists.txt" lines and failed cases
# are expected: their code is unchanged, verified in the seventh session).
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
for d in .carry/genSub/*/; do
  r=$(basename $d)
  (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $d/build -j 4 >/dev/null 2>&1 || echo "BUILD FAIL $r") &
done
wait
echo "== built at $SECONDS s"
DPC_COMMIT=${DPC_COMMIT:-wip} timeout 400 tests/gpu/run-corpus.sh .carry/genSub $O/corpus > $O/corpus.out 2>&1; echo "run-corpus rc=$?"
grep -E "^(recurrence|bpmax_window|cyk|matrix_chain|mccaskill|mccaskill_log|nussinov_weighted|obst|rnafold|triangulation) " $O/corpus/gpu-corpus-verification.log | head -12
grep -E "^FAIL (bpmax_window|cyk|matrix_chain|mccaskill|mccaskill_log|nussinov_weighted|obst|rnafold|triangulation) " $O/corpus/gpu-corpus-verification.log | head -5
echo "== all done at $SECONDS s"
