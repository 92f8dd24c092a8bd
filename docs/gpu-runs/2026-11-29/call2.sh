#!/usr/bin/env bash
# Call 2 (2026-11-29): the ceiling of int32 index arithmetic in Nussinov's
# tile kernel, by hand on copies of generated/nussinov (not the compiler's
# output): X = the cell statements' and the tile kernel's indices, loop
# counters and tile origins int (int32 floordiv/mod/min/max), values as
# before; Y = X with the store's range check dropped. --verify at 1000 and
# 3000, compute at 16000 (3 runs each, main's folder A beside them).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call2.log) 2>&1
P=
for v in A X Y; do
  if [ $v = A ]; then d=generated/nussinov; else d=.carry/$v/nussinov; fi
  ( cmake -S $d -B /tmp/b$v -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build /tmp/b$v -j 5 >/dev/null 2>&1 || echo "BUILD FAIL $v" ) & P+=" $!"
done; wait $P
python3 - <<'PY'
import random
r = random.Random(29)
for n in (1000, 3000, 16000):
    open('/tmp/s%d.fa' % n, 'w').write('>r\n' + ''.join(r.choice('ACGU') for _ in range(n)) + '\n')
PY
for v in X Y; do for n in 1000 3000; do echo "verify $v $n: $(/tmp/b$v/nussinov /tmp/s$n.fa --backend=cuda --verify --events=none 2>&1 | grep -o 'verify: [a-z]*')"; done; done
c() { "$@" --backend=cuda --events=none --timing 2>&1 | grep -o "compute [0-9.]*" | awk '{print $2}'; }
for rep in 1 2 3; do echo "n=16000 A $(c /tmp/bA/nussinov /tmp/s16000.fa) X $(c /tmp/bX/nussinov /tmp/s16000.fa) Y $(c /tmp/bY/nussinov /tmp/s16000.fa)"; done
for v in A X; do
timeout 120 ncu --kernel-name regex:dpc_kernel0 --launch-skip 100 --launch-count 1 --section SpeedOfLight --section InstructionStats /tmp/b$v/nussinov /tmp/s16000.fa --backend=cuda --events=none 2>&1 | grep -E "Duration|Executed Instructions  " | sed "s/^/$v /"
done
echo "== done at $SECONDS s"
