#!/usr/bin/env bash
# Call 1 (2026-11-28d): int16x2 tile products (GpuProduct::S16,
# Lower/ChooseProductWidth.cpp). 1. The GPU suite (tests/gpu/run.sh) on the
# regenerated seeds (verify, device and host traceback, memcheck,
# racecheck). 2. The corpus suite on nussinov_weighted and bpmax_window
# (.carry/C; bpmax_window's cases with --set W = 40 take the int32 form).
# 3. --verify at n = 3000 (nussinov, chang) and bpmax 300 x 300. 4. A/B:
# compute seconds of main's folders (.carry/A, int32) and the new ones,
# three runs each, nussinov / chang at 16000, bpmax at 1000 x 1000.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in .carry/A/generated/nussinov .carry/A/generated/chang .carry/A/generated/bpmax; do
  r=$(basename $d)
  (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $d/build -j 4 >/dev/null 2>&1 || echo "BUILD FAIL $d") &
done
bash tests/gpu/run.sh $OUT/gpu > $OUT/gpu.out 2>&1; echo "gpu suite rc $?"
wait
bash tests/gpu/run-corpus.sh --only=nussinov_weighted,bpmax_window .carry/C $OUT/corpus > $OUT/corpus.out 2>&1; echo "corpus suite rc $?"
python3 - <<'PY'
import random
r = random.Random(7)
for n in (300, 1000, 3000, 16000):
    open('/tmp/s%d.fa' % n, 'w').write('>r\n' + ''.join(r.choice('ACGU') for _ in range(n)) + '\n')
PY
for r in nussinov chang; do echo "verify $r 3000: $(build-gpu/$r/$r /tmp/s3000.fa --backend=cuda --verify --events=none 2>&1 | grep -o 'verify: [a-z]*')"; done
echo "verify bpmax 300x300: $(build-gpu/bpmax/bpmax --in seq1=$(sed -n 2p /tmp/s300.fa) --in seq2=$(sed -n 2p /tmp/s300.fa | rev) --backend=cuda --verify --events=none 2>&1 | grep -o 'verify: [a-z]*')"
build-gpu/nussinov/nussinov /tmp/s16000.fa --explain | grep "tile product 0:"
c() { "$@" --backend=cuda --events=none --timing 2>&1 | grep -o "compute [0-9.]*" | awk '{print $2}'; }
for rep in 1 2 3; do
  for r in nussinov chang; do
    echo "$r 16000 A $(c .carry/A/generated/$r/build/$r /tmp/s16000.fa) B $(c build-gpu/$r/$r /tmp/s16000.fa) out A $(.carry/A/generated/$r/build/$r /tmp/s16000.fa --backend=cuda --events=none 2>&1 | head -1) B $(build-gpu/$r/$r /tmp/s16000.fa --backend=cuda --events=none 2>&1 | head -1)"
  done
  S=$(sed -n 2p /tmp/s1000.fa)
  echo "bpmax 1000x1000 A $(c .carry/A/generated/bpmax/build/bpmax --in seq1=$S --in seq2=$S) B $(c build-gpu/bpmax/bpmax --in seq1=$S --in seq2=$S)"
done
tail -6 $OUT/corpus.out
grep -E "FAIL|fail|passed|SUMMARY|timing" $OUT/gpu/gpu-verification.log | tail -8
