#!/usr/bin/env bash
# Device call 7 of 2026-11-26 (session 7): windowed BPMax
# (recurrences/bpmax_window.dp: S1, S2 and F stored as bands) at N = M = 400
# on one GPU: W = 8, 16, 32, 64 timed (CUDA, --timing, score only), and the
# memory of W = 128 (N = M = 400) and of N = M = 1000, W = 64 from --explain.
# (Call 2 meant to do this but found no binary: the folder was not built.)
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
d=.carry/genF/bpmax_window
cmake -S $d -B /tmp/bw -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
  cmake --build /tmp/bw -j 16 >/dev/null 2>&1 || { echo "BUILD FAIL"; exit 1; }
echo "== built at $SECONDS s"
python3 -c "
import random; r = random.Random(5)
for n in (400, 1000):
    for s in (1, 2):
        open('/tmp/bw%d_%d.fa' % (n, s), 'w').write('>s%d_%d\n' % (n, s) + ''.join(r.choice('ACGU') for _ in range(n)) + '\n')"
B=/tmp/bw/bpmax_window
for W in 8 16 32 64; do
  t=100; [ $W = 64 ] && t=200
  timeout $t $B --backend=cuda --set W=$W --in seq1=@/tmp/bw400_1.fa --in seq2=@/tmp/bw400_2.fa --events=none --json --timing > $O/bw$W.txt 2>&1
  echo "W=$W rc=$? $(grep -oE '"output":[^,}]*' $O/bw$W.txt | head -1) $(grep -oE 'compute [0-9.]+ s' $O/bw$W.txt | head -1) $(grep -oE 'wall [0-9.]+ s' $O/bw$W.txt | head -1)"
  [ $SECONDS -gt 420 ] && break
done
echo "== memory"
$B --set W=128 --in seq1=@/tmp/bw400_1.fa --in seq2=@/tmp/bw400_2.fa --explain 2>&1 | grep -iE 'GiB|MiB|memory' | head -8
$B --set W=64 --in seq1=@/tmp/bw1000_1.fa --in seq2=@/tmp/bw1000_2.fa --explain 2>&1 | grep -iE 'GiB|MiB|memory' | head -8
echo "== all done at $SECONDS s"
