#!/usr/bin/env bash
# Call 1 (thirteenth session): strip kernels with an int32 index instance
# (GpuKernel::Narrow, Lower/ChooseIndexWidth.cpp). B: .carry/gT/sw_local as
# emitted (the host runs the int32 instance where dpc_narrow0 holds); A: the
# same folder with the host's test forced false (the int64 instance: the
# kernel as before the change). Database search (one 1000-nt query, 20 000
# targets of 200..2000 nt, scores only) and one 30000 x 30000 pair, A and B
# alternating; the int64 fallback (GAP = 10^8 fails the bound) against
# OpenMP; then the corpus suite (every strip recurrence's kernels changed).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
rm -rf .carry/sw64 && cp -r .carry/gT/sw_local .carry/sw64 && rm -rf .carry/sw64/build
sed -i 's/dpc_nar = dpc_narrow0(/dpc_nar = false \&\& dpc_narrow0(/' .carry/sw64/sw_local_cuda.cu
grep -c "dpc_nar = false" .carry/sw64/sw_local_cuda.cu
for d in .carry/gT/*/ .carry/sw64/; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build $d/build -j 2 > $d/build.log 2>&1 || echo BUILD FAILED $d) & done; wait
echo "builds with a warning:"; grep -l "warning" .carry/gT/*/build.log .carry/sw64/build.log 2>/dev/null | head
echo "built: $(date -u +%T)"
python3 - <<'PY' 2>&1 | tee $OUT/ab.log
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
open("/tmp/a2.fa","w").write(">a\n%s\n" % "".join(r.choice("ACGT") for _ in range(2000)))
open("/tmp/b3.fa","w").write(">b\n%s\n" % "".join(r.choice("ACGT") for _ in range(3000)))
exe = {'A': '.carry/sw64/build/sw_local', 'B': '.carry/gT/sw_local/build/sw_local'}
def strip(s):
    return '\n'.join(l for l in s.splitlines() if not l.startswith('time:'))
def run(args):
    t = time.time()
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    comp = [l for l in p.stderr.splitlines() if 'timing:' in l]
    return time.time() - t, p, float(comp[-1].split('compute ')[1].split(' ')[0]) if comp else -1
res = {}
for work, args, n, reps in [('db', ['--in', 'a=@/tmp/q.fa', '/tmp/t.fa'], cells, 5), ('30k', ['--in', 'a=@/tmp/a30.fa', '--in', 'b=@/tmp/b30.fa'], 30001 * 30001, 3)]:
    outs = {}
    for rep in range(reps):
        for v in 'AB':
            w, p, c = run([exe[v], '--backend=cuda', '--timing', '--events=none'] + args)
            outs.setdefault(v, set()).add(strip(p.stdout))
            res.setdefault((work, v), []).append(c)
            print('%-3s %s rep %d rc %d compute %.5f s wall %.3f s' % (work, v, rep, p.returncode, c, w))
    print('%s: A and B print the same: %s' % (work, outs['A'] == outs['B'] and len(outs['A']) == 1))
    for v in 'AB':
        print('%s %s min %.5f s = %.0f G cells/s' % (work, v, min(res[(work, v)]), n / min(res[(work, v)]) / 1e9))
# the int64 fallback: GAP = 10^8 fails dpc_narrow0 (B runs its int64 instance)
fb = {}
for be in ['cuda', 'openmp']:
    p = subprocess.run([exe['B'], '--backend=' + be, '--set', 'GAP=100000000', '--in', 'a=@/tmp/a2.fa', '--in', 'b=@/tmp/b3.fa'], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    fb[be] = (p.returncode, strip(p.stdout))
    print('fallback %s rc %d: %s' % (be, p.returncode, strip(p.stdout)[:200].replace('\n', ' | ')))
print('fallback: CUDA (int64 instance) and OpenMP print the same: %s' % (fb['cuda'] == fb['openmp'] and fb['cuda'][0] == 0))
PY
bash tests/gpu/run-corpus.sh .carry/gT $OUT/corpus > $OUT/corpus.out 2>&1
tail -30 $OUT/corpus.out
echo "=== summary"; grep -E " min " $OUT/ab.log; grep -E "print the same" $OUT/ab.log; grep -E "SUMMARY|passed|failed" $OUT/corpus.out | tail -3
