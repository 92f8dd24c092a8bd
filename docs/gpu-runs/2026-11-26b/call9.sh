#!/usr/bin/env bash
# Device call 9 of 2026-11-26 (session 8): windowed BPMax with masked
# products (.carry/bw4 = dpc compile recurrences/bpmax_window.dp at
# 8365a24): N = M = 400 with W = 64 and 128 (before: 21.2 s on an H200 and
# 161.1 s on an H100, seventh session), and N = M = 1000, W = 64 (16.9 GB of
# F, not run before). CUDA, score only, one run each.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
cmake -S .carry/bw4 -B /tmp/bw -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
  cmake --build /tmp/bw -j 16 >/dev/null 2>&1 || { echo "BUILD FAIL"; exit 1; }
echo "== built at $SECONDS s"
python3 -c "
import random; r = random.Random(5)
for n in (400, 1000):
    for s in (1, 2):
        open('/tmp/bw%d_%d.fa' % (n, s), 'w').write('>s%d_%d\n' % (n, s) + ''.join(r.choice('ACGU') for _ in range(n)) + '\n')"
B=/tmp/bw/bpmax_window
run() { # N W timeout
  timeout $3 $B --backend=cuda --set W=$2 --in seq1=@/tmp/bw$1_1.fa --in seq2=@/tmp/bw$1_2.fa --events=none --json --timing > $O/bw$1_$2.txt 2>&1
  echo "N=M=$1 W=$2 rc=$? $(grep -oE '"output":[^,}]*' $O/bw$1_$2.txt | head -1) $(grep -oE 'compute [0-9.]+ s' $O/bw$1_$2.txt | head -1) $(grep -oE 'wall [0-9.]+ s' $O/bw$1_$2.txt | head -1) (at $SECONDS s)"
}
run 400 64 120
run 1000 64 200
[ $SECONDS -lt 330 ] && run 400 128 $((560 - SECONDS))
echo "== all done at $SECONDS s"
