#!/usr/bin/env bash
# Call 1 (2026-11-29): where Nussinov's tile kernel spends its instructions.
# The SASS of dpc_kernel0 with per-instruction executed counts and stall
# samples of one launch at n = 16000 (ncu source page), plus a baseline
# --timing of main's folders (3 runs each).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call1.log) 2>&1
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
P=
for r in nussinov chang; do d=generated/$r
  ( cmake -S $d -B build-gpu/$r -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_CUDA_FLAGS=-lineinfo >/dev/null 2>&1 &&
    cmake --build build-gpu/$r -j 8 >/dev/null 2>&1 || echo "BUILD FAIL $r" ) & P+=" $!"
done; wait $P   # (a bare wait would wait for the tee above too: bash 5.1+)
python3 -c "import random; r = random.Random(16000); print('>s'); print(''.join(r.choice('ACGU') for _ in range(16000)))" > /tmp/s16000.fa
cuobjdump -sass -fun dpc_kernel0 build-gpu/nussinov/nussinov > $OUT/kernel0.sass 2>&1 || cuobjdump -sass build-gpu/nussinov/nussinov > $OUT/kernel0.sass
wc -l $OUT/kernel0.sass
timeout 240 ncu --kernel-name regex:dpc_kernel0 --launch-skip 100 --launch-count 1 \
  --section SourceCounters --section WarpStateStats --section InstructionStats --section SpeedOfLight \
  --import-source yes -o /tmp/k0 build-gpu/nussinov/nussinov /tmp/s16000.fa --backend=cuda --events=none > /tmp/ncu.log 2>&1; echo "ncu rc=$?"
tail -3 /tmp/ncu.log
ncu --import /tmp/k0.ncu-rep --page source --print-source sass --csv > $OUT/k0-source.csv 2>&1; echo "source rc=$? $(wc -l < $OUT/k0-source.csv) lines"
ncu --import /tmp/k0.ncu-rep --page details > $OUT/k0-details.txt 2>&1
grep -E "Duration|Executed Instructions|Warp Cycles Per Issued" $OUT/k0-details.txt | head
for r in nussinov chang; do for t in 1 2 3; do
  build-gpu/$r/$r /tmp/s16000.fa --backend=cuda --events=none --timing 2>&1 | grep -iE "compute|wall" | tr '\n' ' '; echo " [$r]"
done; done
echo "== done at $SECONDS s"
