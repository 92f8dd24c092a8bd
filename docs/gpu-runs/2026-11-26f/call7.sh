#!/usr/bin/env bash
# Call 7 (no code change; docs only): the three sw_local kernels on one
# card, alternating: A main (.carry/dbRun), N call 5's hand-made all-int32
# kernel (.carry/swN), W branch narrow-guards (.carry/gW). Database search
# (5 runs each) and the 30000 x 30000 pair (3 each); results compared.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in .carry/dbRun/sw_local .carry/swN/sw_local .carry/gW/sw_local; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build $d/build -j 5 > $d/build.log 2>&1 || echo BUILD FAILED $d) & done; wait
python3 - <<'PY' 2>&1 | tee $OUT/three.log
import random, subprocess
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
exe = {'A': '.carry/dbRun/sw_local/build/sw_local', 'N': '.carry/swN/sw_local/build/sw_local', 'W': '.carry/gW/sw_local/build/sw_local'}
for work, args, n, reps in [('db', ['--in', 'a=@/tmp/q.fa', '/tmp/t.fa'], cells, 5), ('30k', ['--in', 'a=@/tmp/a30.fa', '--in', 'b=@/tmp/b30.fa'], 30001 * 30001, 3)]:
    outs, comp = {}, {}
    for rep in range(reps):
        for v in 'ANW':
            p = subprocess.run([exe[v], '--backend=cuda', '--timing', '--events=none'] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            c = float([l for l in p.stderr.splitlines() if 'timing:' in l][-1].split('compute ')[1].split(' ')[0])
            outs.setdefault(v, set()).add('\n'.join(l for l in p.stdout.splitlines() if not l.startswith('time:')))
            comp.setdefault(v, []).append(c)
    print('%s: A, N and W print the same results: %s' % (work, outs['A'] == outs['N'] == outs['W'] and len(outs['A']) == 1))
    for v in 'ANW':
        print('%s %s min %.5f s = %.0f G cells/s (runs: %s)' % (work, v, min(comp[v]), n / min(comp[v]) / 1e9, ' '.join('%.5f' % x for x in comp[v])))
PY
nvidia-smi --query-gpu=name --format=csv,noheader
