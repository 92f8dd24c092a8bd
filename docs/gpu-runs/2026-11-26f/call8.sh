#!/usr/bin/env bash
# Call 8 (no code change; docs only): SASS instructions per step (SHFL.UP
# to SHFL.UP) and registers of the score-only strip kernel of sw_local in
# A (main), N (call 5's hand-made all-int32) and W (branch narrow-guards).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for v in A:.carry/dbRun/sw_local N:.carry/swN/sw_local W:.carry/gW/sw_local; do
  n=${v%%:*}; d=${v#*:}
  nvcc -arch=sm_90 -O3 -std=c++17 -I$d -I$d/runtime -DDPC_HAVE_CUDA=1 -cubin -Xptxas -v -o /tmp/$n.cubin $d/sw_local_cuda.cu 2>&1 | grep -A1 "kernel0ILb1" | grep registers | sed "s/^/$n /"
  cuobjdump -sass /tmp/$n.cubin > /tmp/$n.sass
  python3 - /tmp/$n.sass $n <<'PY'
import re, sys
txt = open(sys.argv[1]).read()
for f in re.split(r'\n\s*Function : ', txt)[1:]:
    if 'dpc_kernel0ILb1' in f.split('\n', 1)[0]:
        lines = [l for l in f.splitlines() if re.match(r'\s*/\*[0-9a-f]{4}\*/', l)]
        idx = [k for k, l in enumerate(lines) if 'SHFL.UP' in l]
        print(sys.argv[2], 'instructions', len(lines), 'per step:', [b - a for a, b in zip(idx, idx[1:])])
PY
done 2>&1 | tee $OUT/sass3.txt
