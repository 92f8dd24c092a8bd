#!/usr/bin/env bash
# Call 6 (2026-11-28d): an experiment by hand on the generated Nussinov
# (not compiler output): the tile copy's row pitch 67 (.carry/P) and 65
# (.carry/Q) ints instead of 64 (generated/), to test call 5's reading of
# the tile kernel's bank conflicts before changing the compiler. --verify
# of P and Q, compute seconds (3 runs), and ncu's shared-memory load
# wavefronts of one tile-kernel launch.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in generated/nussinov .carry/P/nussinov .carry/Q/nussinov; do
  (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $d/build -j 5 >/dev/null 2>&1 || echo "BUILD FAIL $d") &
done; wait
python3 - <<'PY'
import random
r = random.Random(11)
for n in (300, 1000, 3000, 16000):
    open('/tmp/s%d.fa' % n, 'w').write('>r\n' + ''.join(r.choice('ACGU') for _ in range(n)) + '\n')
PY
for v in P Q; do for n in 300 1000 3000; do echo "verify $v $n: $(.carry/$v/nussinov/build/nussinov /tmp/s$n.fa --backend=cuda --verify --events=none 2>&1 | grep -o 'verify: [a-z]*.*')"; done; done
c() { "$@" --backend=cuda --events=none --timing 2>&1 | grep -o "compute [0-9.]*" | awk '{print $2}'; }
for rep in 1 2 3; do
  echo "16000 64: $(c generated/nussinov/build/nussinov /tmp/s16000.fa) 67: $(c .carry/P/nussinov/build/nussinov /tmp/s16000.fa) 65: $(c .carry/Q/nussinov/build/nussinov /tmp/s16000.fa)"
done
for b in generated/nussinov/build/nussinov .carry/P/nussinov/build/nussinov .carry/Q/nussinov/build/nussinov; do
  echo "== $b"
  timeout 60 ncu --kernel-name regex:dpc_kernel0 --launch-skip 100 --launch-count 1 --metrics gpu__time_duration.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__sass_inst_executed_op_shared_ld.sum $b /tmp/s16000.fa --backend=cuda --events=none 2>&1 | grep -E "duration|wavefronts|inst_executed"
done
