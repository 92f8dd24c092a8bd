#!/usr/bin/env bash
# Call 1: the traceback on the device (lir::GpuTraceback), first run.
#  1. 2000 random RNAs (50..400 nt) through generated/nussinov: JSON with
#     the device traceback vs --host-traceback (outputs and structures must
#     be equal; times removed), walls of 3 runs each, --timing breakdown;
#     n = 16000 with structure, device vs host traceback.
#  2. the seed suite (tests/gpu/run.sh: every case --verify --json, events
#     and structures against dpc interp; memcheck, racecheck).

set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
L=$OUT/call1.log; : > $L
cmake -S generated/nussinov -B build-gpu/nussinov -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build build-gpu/nussinov -j 16 > /dev/null 2>&1 || echo "BUILD FAILED nussinov" | tee -a $L
B=build-gpu/nussinov/nussinov
python3 - <<'PY'
import random
r = random.Random(7)
with open('/tmp/rna2000.fa', 'w') as f:
    for i in range(2000):
        n = r.randint(50, 400)
        f.write('>r%d\n%s\n' % (i, ''.join(r.choice('ACGU') for _ in range(n))))
r = random.Random(8)
open('/tmp/n16000.fa', 'w').write('>big\n' + ''.join(r.choice('ACGU') for _ in range(16000)) + '\n')
PY
strip() { sed -E 's/"seconds":[0-9.e+-]+//g'; }
$B --backend=cuda --json /tmp/rna2000.fa 2>/dev/null | strip > /tmp/dev.json
$B --backend=cuda --json --host-traceback /tmp/rna2000.fa 2>/dev/null | strip > /tmp/host.json
cmp /tmp/dev.json /tmp/host.json && echo "rna2000: device traceback == host traceback ($(wc -l < /tmp/dev.json) results)" | tee -a $L || echo "rna2000: DIFFER" | tee -a $L
$B --backend=cuda --json --trace-records 40 /tmp/rna2000.fa 2>/dev/null | strip > /tmp/small.json
cmp /tmp/dev.json /tmp/small.json && echo "rna2000 --trace-records 40 (most problems fall back to the host): same results" | tee -a $L || echo "rna2000 --trace-records 40: DIFFER" | tee -a $L
for i in 1 2 3; do
  for m in "" "--host-traceback"; do
    s=$(date +%s.%N); $B --backend=cuda --json $m --timing /tmp/rna2000.fa > /dev/null 2> /tmp/t.err; e=$(date +%s.%N)
    echo "rna2000 ${m:-device-traceback}: wall $(echo "$e - $s" | bc) s; $(grep -E 'wall' /tmp/t.err | tail -1)" | tee -a $L
  done
done
for m in "" "--host-traceback"; do
  s=$(date +%s.%N); $B --backend=cuda --json $m --timing /tmp/n16000.fa 2> /tmp/t.err | strip > /tmp/big${m}.json; e=$(date +%s.%N)
  echo "n16000 ${m:-device-traceback}: wall $(echo "$e - $s" | bc) s; $(grep -E 'wall' /tmp/t.err | tail -1)" | tee -a $L
done
cmp /tmp/big.json /tmp/big--host-traceback.json && echo "n16000: device == host traceback" | tee -a $L || echo "n16000: DIFFER" | tee -a $L
bash tests/gpu/run.sh $OUT/seeds > /tmp/seeds.out 2>&1
grep -E "FAIL|SUMMARY|timing" /tmp/seeds.out | tee -a $L
