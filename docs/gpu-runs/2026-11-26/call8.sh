#!/usr/bin/env bash
# Device call 8 of 2026-11-26 (session 7): windowed BPMax at the issue's
# size, N = M = 400, W = 128 (recurrences/bpmax_window.dp, bands: F is
# 4 (N+1)(W+1)(M+1)(W+1) bytes = 9.97 GiB), CUDA, score only, one run.
# Call 7 measured W = 64 in 21.2 s: W^4 scaling predicts about 340 s.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader
d=.carry/genF/bpmax_window
cmake -S $d -B /tmp/bw -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
  cmake --build /tmp/bw -j 16 >/dev/null 2>&1 || { echo "BUILD FAIL"; exit 1; }
echo "== built at $SECONDS s"
python3 -c "
import random; r = random.Random(5)
for n in (400,):
    for s in (1, 2):
        open('/tmp/bw%d_%d.fa' % (n, s), 'w').write('>s%d_%d\n' % (n, s) + ''.join(r.choice('ACGU') for _ in range(n)) + '\n')"
B=/tmp/bw/bpmax_window
$B --set W=128 --in seq1=@/tmp/bw400_1.fa --in seq2=@/tmp/bw400_2.fa --explain 2>&1 | grep -iE 'bytes|tables' | head -4
timeout 530 $B --backend=cuda --set W=128 --in seq1=@/tmp/bw400_1.fa --in seq2=@/tmp/bw400_2.fa --events=none --json --timing > $O/bw128.txt 2>&1
echo "W=128 rc=$? $(grep -oE '"output":[^,}]*' $O/bw128.txt | head -1) $(grep -oE 'compute [0-9.]+ s' $O/bw128.txt | head -1) $(grep -oE 'wall [0-9.]+ s' $O/bw128.txt | head -1)"
echo "== all done at $SECONDS s"
