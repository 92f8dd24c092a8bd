#!/usr/bin/env bash
# Call 7 (2026-11-28e): what the batch phase holds besides the compute at
# n = 16000 (Nussinov's batches 0.204 s for 0.108 s of compute, Chang's
# 0.151 for 0.097, call 6): --timing with and without the traceback, and
# a probe of cudaMalloc / cudaFree / memset of 1 GiB (.carry/probe/alloc.cu).
set -u
for r in nussinov chang; do
  d=generated/$r; (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $d/build -j 8 >/dev/null 2>&1 || echo "BUILD FAIL $d") &
done
nvcc -O2 -arch=sm_90 -o /tmp/alloc .carry/probe/alloc.cu & wait
/tmp/alloc
python3 -c "import random; r = random.Random(7); open('/tmp/s16000.fa', 'w').write('>r\n' + ''.join(r.choice('ACGU') for _ in range(16000)) + '\n')"
for r in nussinov chang; do for ev in none default; do for rep in 1 2; do
  a=""; [ $ev = none ] && a="--events=none"
  echo "$r $ev: $(generated/$r/build/$r /tmp/s16000.fa --backend=cuda $a --timing 2>&1 >/dev/null | grep -o 'compute.*')"
done; done; done
