#!/usr/bin/env bash
# Call 11 (2026-11-29c): issue 12's larger sizes at 75d3b1e: Nussinov and
# Chang at n = 32000 and 64000 with structures (--json, traceback on the
# device), --timing; the device memory in use sampled by nvidia-smi every
# 0.1 s during each run (the peak printed).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call11.log) 2>&1
P=
for r in nussinov chang; do d=generated/$r
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
python3 -c "
import random; r = random.Random(9)
for n in (32000, 64000):
    open('/tmp/s%d.fa' % n, 'w').write('>s\n%s\n' % ''.join(r.choice('ACGU') for _ in range(n)))"
wait $P; echo "built at $SECONDS s"
for n in 32000 64000; do for r in nussinov chang; do
  ( while :; do nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits; sleep 0.1; done ) > /tmp/mem.txt 2>/dev/null & M=$!
  s=$EPOCHREALTIME
  generated/$r/build/$r --backend=cuda --json --timing /tmp/s$n.fa > /tmp/o.json 2> /tmp/e.txt; rc=$?
  e=$EPOCHREALTIME; kill $M 2>/dev/null; wait $M 2>/dev/null
  echo "$r n=$n rc=$rc: $(grep -o 'compute [0-9.]* s.*' /tmp/e.txt); process $(python3 -c "print(round($e - $s, 3))") s; device memory peak $(sort -n /tmp/mem.txt | tail -1) MiB; output $(python3 -c "import json; print(json.loads(open('/tmp/o.json').read().splitlines()[-1]).get('output'))" 2>/dev/null)"
done; done
echo "== done at $SECONDS s"
