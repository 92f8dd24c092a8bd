#!/usr/bin/env bash
# Call 2 (at be036a5): the FASTA reader's cost in the database search's
# process wall. A: .carry/swA, sw_local of call 1 (the block-wise interior,
# the reader before be036a5); B: .carry/dbRun/sw_local, the same kernel with
# be036a5's reader. A and B alternating, 5 runs each, `--timing` breakdown
# (read, device start, batches, rest); outputs compared without the
# per-problem time lines. Then the benchmark runner's batch rows (2000 RNAs
# through generated/nussinov, CUDA and OpenMP; the database search with B).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in generated/nussinov .carry/dbRun/sw_local .carry/swA; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build $d/build -j 8 > $d/build.log 2>&1 || echo BUILD FAILED $d) & done; wait
grep -l warning generated/nussinov/build.log .carry/dbRun/sw_local/build.log .carry/swA/build.log
python3 - <<'PY' 2>&1 | tee $OUT/reader.log
import random, subprocess, time, re
rnd = random.Random(7)
open("/tmp/q.fa","w").write(">query\n%s\n" % "".join(rnd.choice("ACGT") for _ in range(1000)))
with open("/tmp/t.fa","w") as f:
    for i in range(20000):
        m = rnd.randint(200, 2000)
        f.write(">t%d\n%s\n" % (i, "".join(rnd.choice("ACGT") for _ in range(m))))
exe = {'A': '.carry/swA/build/sw_local', 'B': '.carry/dbRun/sw_local/build/sw_local'}
outs, walls, reads = {}, {}, {}
for rep in range(5):
    for v in 'AB':
        t = time.time()
        p = subprocess.run([exe[v], '--backend=cuda', '--timing', '--events=none', '--in', 'a=@/tmp/q.fa', '/tmp/t.fa'], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        w = time.time() - t
        summ = [l for l in p.stderr.splitlines() if 'timing:' in l][-1]
        outs.setdefault(v, set()).add('\n'.join(l for l in p.stdout.splitlines() if not l.startswith('time:')))
        walls.setdefault(v, []).append(w)
        reads.setdefault(v, []).append(float(re.search(r'read ([0-9.]+)', summ).group(1)))
        print('%s rep %d rc %d outside %.3f s | %s' % (v, rep, p.returncode, w, summ.split('; ', 1)[1]))
print('A and B print the same results:', outs['A'] == outs['B'] and len(outs['A']) == 1)
for v in 'AB':
    print('%s: outside min %.3f median %.3f s; read min %.3f median %.3f s' % (v, min(walls[v]), sorted(walls[v])[2], min(reads[v]), sorted(reads[v])[2]))
PY
python3 tests/bench/run.py --batch --corpus .carry/dbRun --gpu --threads 16 --repeat 3 --out $OUT/batch --commit be036a5 > $OUT/runner.log 2>&1; echo "runner rc $?"
tail -12 $OUT/runner.log
echo "=== summary"; tail -3 $OUT/reader.log
