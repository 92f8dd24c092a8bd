#!/usr/bin/env bash
# Device call 2 of 2026-11-26 (session 7), right after call 1 on the same
# machine (the folders of .carry/genF built there):
# 1. sizes for the corpus benchmark rows new this session (mccaskill_log,
#    lcs_eq, knapsack01, coin_change, lis, triangulation): two sizes each,
#    CUDA only (docs/gpu-runs/2026-11-26/cal.tsv);
# 2. windowed BPMax (recurrences/bpmax_window.dp, bands) at N = M = 400:
#    W = 8, 16, 32 timed (CUDA, --timing), the memory of W = 128 and of
#    N = M = 1000, W = 64 from --explain.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/genF
timeout 300 python3 tests/bench/run.py --corpus $G --corpus-table docs/gpu-runs/2026-11-26/cal.tsv --gpu --cuda-only --repeat 1 --budget 30 --bin /tmp/bb --out $O/cal > $O/cal.txt 2>&1; echo "cal exit $?"
grep -E '^\| ' $O/cal.txt | tail -14
echo "== bpmax_window at $SECONDS s"
python3 -c "
import random; r = random.Random(5)
for n in (400, 1000):
    for s in (1, 2):
        open('/tmp/bw%d_%d.fa' % (n, s), 'w').write('>s%d_%d\n' % (n, s) + ''.join(r.choice('ACGU') for _ in range(n)) + '\n')"
B=$G/bpmax_window/build/bpmax_window
for W in 8 16 32; do
  timeout 100 $B --backend=cuda --set W=$W --in seq1=@/tmp/bw400_1.fa --in seq2=@/tmp/bw400_2.fa --events=none --json --timing > $O/bw$W.txt 2>&1
  echo "W=$W rc=$? $(grep -oE '"output":[^,}]*' $O/bw$W.txt | head -1) $(grep -oE 'compute [0-9.]+ s' $O/bw$W.txt | head -1) $(grep -oE 'wall [0-9.]+ s' $O/bw$W.txt | head -1)"
done
$B --set W=128 --in seq1=@/tmp/bw400_1.fa --in seq2=@/tmp/bw400_2.fa --explain 2>&1 | grep -iE 'bytes|GiB|MiB' | head -6
$B --set W=64 --in seq1=@/tmp/bw1000_1.fa --in seq2=@/tmp/bw1000_2.fa --explain 2>&1 | grep -iE 'bytes|GiB|MiB' | head -6
echo "== all done at $SECONDS s"
