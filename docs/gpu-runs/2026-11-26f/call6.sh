#!/usr/bin/env bash
# Call 6 (branch narrow-guards, not main): a strip sweep's guarded cells
# test their guards in int32 where lowering's bound allows
# (GpuKernel::NarrowGuards). A: .carry/dbRun/sw_local (main's compiler);
# W: .carry/gW/sw_local (the branch's). Database search and one
# 30000 x 30000 pair, A and W alternating, results compared (time lines
# left out); then the corpus suite on the branch's corpus (.carry/gW).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in .carry/dbRun/sw_local .carry/gW/*/; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build $d/build -j 2 > $d/build.log 2>&1 || echo BUILD FAILED $d) & done; wait
echo "builds with a warning:"; grep -l warning .carry/gW/*/build.log .carry/dbRun/sw_local/build.log
python3 - <<'PY' 2>&1 | tee $OUT/narrow-guards.log
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
exe = {'A': '.carry/dbRun/sw_local/build/sw_local', 'W': '.carry/gW/sw_local/build/sw_local'}
for work, args, n, reps in [('db', ['--in', 'a=@/tmp/q.fa', '/tmp/t.fa'], cells, 5), ('30k', ['--in', 'a=@/tmp/a30.fa', '--in', 'b=@/tmp/b30.fa'], 30001 * 30001, 3)]:
    outs, comp = {}, {}
    for rep in range(reps):
        for v in 'AW':
            p = subprocess.run([exe[v], '--backend=cuda', '--timing', '--events=none'] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            c = float([l for l in p.stderr.splitlines() if 'timing:' in l][-1].split('compute ')[1].split(' ')[0])
            outs.setdefault(v, set()).add('\n'.join(l for l in p.stdout.splitlines() if not l.startswith('time:')))
            comp.setdefault(v, []).append(c)
            print('%-3s %s rep %d rc %d compute %.5f s' % (work, v, rep, p.returncode, c))
    print('%s: A and W print the same results: %s' % (work, outs['A'] == outs['W'] and len(outs['A']) == 1))
    for v in 'AW':
        print('%s %s min %.5f s = %.0f G cells/s' % (work, v, min(comp[v]), n / min(comp[v]) / 1e9))
PY
bash tests/gpu/run-corpus.sh .carry/gW $OUT/corpus > $OUT/corpus.out 2>&1
echo "=== summary"; grep -E "min|same" $OUT/narrow-guards.log; tail -26 $OUT/corpus.out
