#!/usr/bin/env bash
# Call 3: the generated main reads the first chunk of problems while the
# CUDA contexts start (it waited for them first). A: .carry/swA, sw_local
# of call 2 (be036a5's reader, waits first); B: .carry/dbRun/sw_local (reads
# first). Database search, A and B alternating, 5 runs each, `--timing`
# breakdown, outputs compared without the per-problem time lines. Then the
# seed suite (tests/gpu/run.sh: every seed's main changed) and the runner's
# batch rows.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
mkdir -p build-gpu
for r in nussinov chang bpmax; do (cmake -S generated/$r -B build-gpu/$r -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build build-gpu/$r -j 4 > build-gpu/$r.log 2>&1 || echo BUILD FAILED $r) & done
for d in generated/nussinov .carry/dbRun/sw_local .carry/swA; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build $d/build -j 4 > $d/build.log 2>&1 || echo BUILD FAILED $d) & done; wait
echo "builds with a warning:"; grep -l warning build-gpu/*.log generated/nussinov/build.log .carry/dbRun/sw_local/build.log .carry/swA/build.log
python3 - <<'PY' 2>&1 | tee $OUT/overlap.log
import random, subprocess, time, re
rnd = random.Random(7)
open("/tmp/q.fa","w").write(">query\n%s\n" % "".join(rnd.choice("ACGT") for _ in range(1000)))
with open("/tmp/t.fa","w") as f:
    for i in range(20000):
        m = rnd.randint(200, 2000)
        f.write(">t%d\n%s\n" % (i, "".join(rnd.choice("ACGT") for _ in range(m))))
exe = {'A': '.carry/swA/build/sw_local', 'B': '.carry/dbRun/sw_local/build/sw_local'}
outs, walls = {}, {}
for rep in range(5):
    for v in 'AB':
        t = time.time()
        p = subprocess.run([exe[v], '--backend=cuda', '--timing', '--events=none', '--in', 'a=@/tmp/q.fa', '/tmp/t.fa'], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        w = time.time() - t
        summ = [l for l in p.stderr.splitlines() if 'timing:' in l][-1]
        outs.setdefault(v, set()).add('\n'.join(l for l in p.stdout.splitlines() if not l.startswith('time:')))
        walls.setdefault(v, []).append(w)
        print('%s rep %d rc %d outside %.3f s | %s' % (v, rep, p.returncode, w, summ.split('; ', 1)[1]))
print('A and B print the same results:', outs['A'] == outs['B'] and len(outs['A']) == 1)
for v in 'AB':
    print('%s: outside min %.3f median %.3f s' % (v, min(walls[v]), sorted(walls[v])[2]))
PY
bash tests/gpu/run.sh $OUT/seeds > $OUT/seeds.out 2>&1
grep -E "FAIL|SUMMARY" $OUT/seeds.out | head -5
python3 tests/bench/run.py --batch --corpus .carry/dbRun --gpu --threads 16 --repeat 3 --out $OUT/batch --commit HEAD > $OUT/runner.log 2>&1; echo "runner rc $?"
echo "=== summary"; tail -8 $OUT/runner.log; tail -3 $OUT/overlap.log; grep -E "SUMMARY" $OUT/seeds.out
