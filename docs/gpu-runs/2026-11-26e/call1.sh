#!/usr/bin/env bash
# Call 1 (at $DPC_COMMIT): the estimate before a long run and its progress
# on the GPU (issue 15). Nussinov n = 16000 score-only, 3 runs without and
# 3 with --progress=0.02 (an event every hundredth of the launches, the host
# waiting for the one four back): same output, the time it costs; n = 60000
# (3.6e13 terms: predicted about 36 s at the nominal 1e12 terms/s) run once
# with --progress=2; BPMax N = M = 128 with --progress=0.05; then the seed
# suite (every generated .cu now has the progress hook); the corpus folders
# are built here and run by call 2.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
# (the seeds into build-gpu/, where tests/gpu/run.sh builds them; the
# corpus into each folder's build/, where tests/gpu/run-corpus.sh does)
mkdir -p build-gpu
for r in nussinov chang bpmax; do (cmake -S generated/$r -B build-gpu/$r -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build build-gpu/$r -j 4 > build-gpu/$r.log 2>&1 || echo BUILD FAILED $r) & done
for d in .carry/gT/*/; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build $d/build -j 2 > $d/build.log 2>&1 || echo BUILD FAILED $d) & done; wait
echo "builds with a warning:"; grep -l "warning" build-gpu/*.log .carry/gT/*/build.log 2>/dev/null | head
echo "built: $(date -u +%T)"
python3 - <<'PY' 2>&1 | tee $OUT/progress.log
import random, subprocess, time
def fa(path, n, seed):
    r = random.Random(seed)
    with open(path, 'w') as f:
        f.write('>r%d\n%s\n' % (n, ''.join(r.choice('ACGU') for _ in range(n))))
fa('/tmp/r16k.fa', 16000, 1); fa('/tmp/r60k.fa', 60000, 2)
with open('/tmp/bp128.fa', 'w') as f:
    r = random.Random(3)
    f.write('>a\n%s\n>b\n%s\n' % (''.join(r.choice('ACGU') for _ in range(128)), ''.join(r.choice('ACGU') for _ in range(128))))
nus = 'build-gpu/nussinov/nussinov'; bp = 'build-gpu/bpmax/bpmax'
def run(args):
    t = time.time()
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return time.time() - t, p
outs = {}
for rep in range(3):
    for name, extra in [('plain', []), ('--progress=0.02', ['--progress=0.02'])]:
        w, p = run([nus, '--backend=cuda', '--events=none', '--timing', '/tmp/r16k.fa'] + extra)
        lines = p.stderr.splitlines()
        prog = [l for l in lines if 'progress:' in l]
        comp = [l for l in lines if 'timing:' in l][-1].split('compute ')[1].split(' ')[0]
        outs.setdefault(name, set()).add(p.stdout)
        print('n=16000 %-16s rc %d outside %.3f s compute %s s, %d progress lines%s' % (name, p.returncode, w, comp, len(prog), (': first "%s", last "%s"' % (prog[0], prog[-1])) if prog else ''))
print('same output with and without --progress:', outs['plain'] == outs['--progress=0.02'] and len(outs['plain']) == 1)
w, p = run([nus, '--backend=cuda', '--events=none', '--progress=2', '/tmp/r60k.fa'])
print('n=60000 rc %d outside %.1f s' % (p.returncode, w)); print(p.stderr.strip()); print(p.stdout.strip()[-80:])
w, p = run([nus, '--backend=cuda', '--explain', '/tmp/r60k.fa'])
print([l for l in p.stdout.splitlines() if 'estimate' in l])
w, p = run([bp, '--backend=cuda', '--events=none', '--progress=0.05', '/tmp/bp128.fa'])
print('bpmax 128 rc %d outside %.3f s' % (p.returncode, w)); print(p.stderr.strip()); print(p.stdout.strip())
w, p = run([bp, '--backend=cuda', '--events=none', '/tmp/bp128.fa'])
print('bpmax 128 without --progress: rc %d outside %.3f s' % (p.returncode, w)); print(p.stdout.strip())
PY
bash tests/gpu/run.sh $OUT/seeds > $OUT/seeds.out 2>&1
grep -E "FAIL|SUMMARY" $OUT/seeds.out | head
