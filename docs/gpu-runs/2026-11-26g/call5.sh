#!/usr/bin/env bash
# Call 5 (at 036b229: the host's test in the folder's header): sw_local as
# emitted now (.carry/gT/sw_local) against the same folder with the test
# forced false (the int64 instance): database search and the 30000^2 pair
# results identical, --explain's line for both instances, the int64
# fallback (GAP = 10^8) equal to OpenMP.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
S=.carry/gT/sw_local
rm -rf .carry/sw64 && cp -r $S .carry/sw64 && rm -rf .carry/sw64/build $S/build
sed -i 's/dpc_nar = dpc_narrow0(/dpc_nar = false \&\& dpc_narrow0(/' .carry/sw64/sw_local_cuda.cu
grep -c "dpc_nar = false" .carry/sw64/sw_local_cuda.cu
for d in $S .carry/sw64; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build $d/build -j 8 > $d/build.log 2>&1 || echo BUILD FAILED $d) & done; wait
grep -l warning $S/build.log .carry/sw64/build.log
python3 - <<'PY' 2>&1 | tee $OUT/final.log
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
open("/tmp/a2.fa","w").write(">a\n%s\n" % "".join(r.choice("ACGT") for _ in range(2000)))
open("/tmp/b3.fa","w").write(">b\n%s\n" % "".join(r.choice("ACGT") for _ in range(3000)))
exe = {'A': '.carry/sw64/build/sw_local', 'B': '.carry/gT/sw_local/build/sw_local'}
strip = lambda s: '\n'.join(l for l in s.splitlines() if not l.startswith('time:'))
for work, args, n, reps in [('db', ['--in', 'a=@/tmp/q.fa', '/tmp/t.fa'], cells, 3), ('30k', ['--in', 'a=@/tmp/a30.fa', '--in', 'b=@/tmp/b30.fa'], 30001 * 30001, 3)]:
    outs, comp = {}, {}
    for rep in range(reps):
        for v in 'AB':
            p = subprocess.run([exe[v], '--backend=cuda', '--timing', '--events=none'] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            c = float([l for l in p.stderr.splitlines() if 'timing:' in l][-1].split('compute ')[1].split(' ')[0])
            outs.setdefault(v, set()).add(strip(p.stdout))
            comp.setdefault(v, []).append(c)
    print('%s: A and B print the same results: %s' % (work, outs['A'] == outs['B'] and len(outs['A']) == 1))
    for v in 'AB':
        print('%s %s min %.5f s = %.0f G cells/s' % (work, v, min(comp[v]), n / min(comp[v]) / 1e9))
for extra in [[], ['--set', 'GAP=100000000']]:
    p = subprocess.run([exe['B'], '--explain'] + extra + ['--in', 'a=@/tmp/a30.fa', '--in', 'b=@/tmp/b30.fa'], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    print('explain %s: %s' % (extra, [l.strip() for l in p.stdout.splitlines() if 'GPU kernel 0' in l]))
fb = {}
for be in ['cuda', 'openmp']:
    p = subprocess.run([exe['B'], '--backend=' + be, '--set', 'GAP=100000000', '--in', 'a=@/tmp/a2.fa', '--in', 'b=@/tmp/b3.fa'], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    fb[be] = (p.returncode, strip(p.stdout))
print('fallback: CUDA (int64 instance) and OpenMP print the same: %s (%s)' % (fb['cuda'] == fb['openmp'] and fb['cuda'][0] == 0, fb['cuda'][1].replace('\n', ' | ')))
PY
