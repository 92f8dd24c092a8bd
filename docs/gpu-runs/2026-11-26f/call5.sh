#!/usr/bin/env bash
# Call 5 (an experiment, no compiler change, at af7b04c): how much the
# guarded steps' 64-bit coordinates cost. A: .carry/dbRun/sw_local as the
# compiler emits it; N: .carry/swN/sw_local, the same folder with the strip
# kernel's params N, M and every cell coordinate i, j declared int
# (by hand, sed; valid only for sizes whose affine forms fit int32, as
# here). Database search and one 30000 x 30000 pair, A and N alternating,
# 5 / 3 runs each, results compared (time lines left out); then the SASS
# instruction count per step of N's score-only kernel.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in .carry/dbRun/sw_local .carry/swN/sw_local; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build $d/build -j 8 > $d/build.log 2>&1 || echo BUILD FAILED $d) & done; wait
python3 - <<'PY' 2>&1 | tee $OUT/narrow.log
import random, subprocess, time
rnd = random.Random(7)
open("/tmp/q.fa","w").write(">query\n%s\n" % "".join(rnd.choice("ACGT") for _ in range(1000)))
cells = 0
with open("/tmp/t.fa","w") as f:
    for i in range(20000):
        m = rnd.randint(200, 2000); cells += 1000 * m
        f.write(">t%d\n%s\n" % (i, "".join(rnd.choice("ACGT") for _ in range(m))))
r = random.Random(8)
open("/tmp/a30.fa","w").write(">a\n%s\n" % "".join(r.choice("ACGT") for _ in range(30000)))
open("/tmp/b30.fa","w").write(">b\n%s\n" % "".join(r.choice("ACGT") for _ in range(30000)))
exe = {'A': '.carry/dbRun/sw_local/build/sw_local', 'N': '.carry/swN/sw_local/build/sw_local'}
for work, args, n, reps in [('db', ['--in', 'a=@/tmp/q.fa', '/tmp/t.fa'], cells, 5), ('30k', ['--in', 'a=@/tmp/a30.fa', '--in', 'b=@/tmp/b30.fa'], 30001 * 30001, 3)]:
    outs, comp = {}, {}
    for rep in range(reps):
        for v in 'AN':
            p = subprocess.run([exe[v], '--backend=cuda', '--timing', '--events=none'] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            c = float([l for l in p.stderr.splitlines() if 'timing:' in l][-1].split('compute ')[1].split(' ')[0])
            outs.setdefault(v, set()).add('\n'.join(l for l in p.stdout.splitlines() if not l.startswith('time:')))
            comp.setdefault(v, []).append(c)
            print('%-3s %s rep %d rc %d compute %.5f s' % (work, v, rep, p.returncode, c))
    print('%s: A and N print the same results: %s' % (work, outs['A'] == outs['N'] and len(outs['A']) == 1))
    for v in 'AN':
        print('%s %s min %.5f s = %.0f G cells/s' % (work, v, min(comp[v]), n / min(comp[v]) / 1e9))
PY
d=.carry/swN/sw_local
nvcc -arch=sm_90 -O3 -std=c++17 -I$d -I$d/runtime -DDPC_HAVE_CUDA=1 -cubin -o /tmp/k.cubin $d/sw_local_cuda.cu
cuobjdump -sass /tmp/k.cubin > /tmp/all.sass
python3 - <<'PY' | tee $OUT/narrow-sass.txt
import re
txt = open('/tmp/all.sass').read()
for f in re.split(r'\n\s*Function : ', txt)[1:]:
    if 'dpc_kernel0ILb1' in f.split('\n', 1)[0]:
        lines = [l for l in f.splitlines() if re.match(r'\s*/\*[0-9a-f]{4}\*/', l)]
        idx = [k for k, l in enumerate(lines) if 'SHFL.UP' in l]
        print('N kernel (DPC_RING): instructions', len(lines), 'per step:', [b - a for a, b in zip(idx, idx[1:])])
PY
echo "=== summary"; grep -E "min|same" $OUT/narrow.log; cat $OUT/narrow-sass.txt
