#!/usr/bin/env bash
# Call 5 (2026-11-28e): BPMax's double reduction (tile product 2, split-K,
# 0.173 s of 0.26 s serialised at 128 x 128, call 4) with 4 x 4
# accumulators a thread in 64-thread blocks instead of 2 x 2 in 256:
# variants of the generated folder (.carry/V): b8 (k chunk 8, launch
# bounds (64, 8): 128 registers, 216 bytes spilled), b8b (k chunk 8, (64,
# 4): 206 registers, no spill, edited by hand), b16 (k chunk 16, (64, 8),
# 796 bytes spilled), against main's (.carry/A). --verify at 60 x 60,
# compute seconds at 128 x 128 (3 runs).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in .carry/A/generated/bpmax .carry/V/b8 .carry/V/b8b .carry/V/b16; do
  (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $d/build -j 4 >/dev/null 2>&1 || echo "BUILD FAIL $d") &
done; wait
python3 - <<'PY'
import random
r = random.Random(13)
for n in (60, 128):
    open('/tmp/b%d' % n, 'w').write(''.join(r.choice('ACGU') for _ in range(n)))
PY
S=$(cat /tmp/b60); B=$(cat /tmp/b128)
for v in b8 b8b b16; do echo "verify $v 60x60: $(.carry/V/$v/build/bpmax --in seq1=$S --in seq2=$(echo $S | rev) --backend=cuda --verify --events=none 2>&1 | grep -o 'verify: [a-z]*')"; done
c() { "$@" --backend=cuda --events=none --timing 2>&1 | grep -o "compute [0-9.]*" | awk '{print $2}'; }
for rep in 1 2 3; do
  echo "bpmax 128x128 A $(c .carry/A/generated/bpmax/build/bpmax --in seq1=$B --in seq2=$B) b8 $(c .carry/V/b8/build/bpmax --in seq1=$B --in seq2=$B) b8b $(c .carry/V/b8b/build/bpmax --in seq1=$B --in seq2=$B) b16 $(c .carry/V/b16/build/bpmax --in seq1=$B --in seq2=$B)"
done
for v in b8 b8b; do
timeout 200 ncu --kernel-name regex:dpc_product2 --metrics gpu__time_duration.sum .carry/V/$v/build/bpmax --in seq1=$B --in seq2=$B --backend=cuda --events=none 2>&1 | awk -v v=$v '/gpu__time_duration.sum/{ s += ($2=="us" ? $3*1e-6 : ($2=="ms" ? $3*1e-3 : $3*1e-9)); n++ } END { printf "%s product2: %d launches, %.4f s\n", v, n, s }'
done
