#!/usr/bin/env bash
# Call 4 (no code change, at af7b04c): the SASS of sw_local's strip kernel
# (score-only instance, DPC_RING) for reading here: how many instructions
# an unguarded step and a guarded step take.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
d=.carry/dbRun/sw_local
nvcc -arch=sm_90 -O3 -std=c++17 -I$d -I$d/runtime -DDPC_HAVE_CUDA=1 -cubin -o /tmp/k.cubin $d/sw_local_cuda.cu
cuobjdump -sass /tmp/k.cubin > /tmp/all.sass
python3 - $OUT <<'PY'
import re, sys
txt = open('/tmp/all.sass').read()
fns = re.split(r'\n\s*Function : ', txt)
for f in fns[1:]:
    name = f.split('\n', 1)[0].strip()
    if 'dpc_kernel0ILb1' in name:
        open(sys.argv[1] + '/kernel0-ring.sass', 'w').write(f)
        print(name, len(f.splitlines()), 'lines')
PY
ls -la $OUT
