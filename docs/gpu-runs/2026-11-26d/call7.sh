#!/usr/bin/env bash
# Call 7 (at 8dfb44a): where the traced 2000-RNA run's wall goes, against the
# score-only run: --timing's in-process breakdown and the wall from outside,
# 5 runs each, alternating (the runner's input: seed 1's batch-rna2000.fa is
# not carried; the same generator as call 1, seed 7).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
cmake -S generated/nussinov -B build-gpu/nussinov -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build build-gpu/nussinov -j 16 > /dev/null 2>&1 || echo BUILD FAILED
python3 - <<'PY' 2>&1 | tee $OUT/call7.log
import random, subprocess, time
r = random.Random(7)
with open('/tmp/rna2000.fa', 'w') as f:
    for i in range(2000):
        n = r.randint(50, 400)
        f.write('>r%d\n%s\n' % (i, ''.join(r.choice('ACGU') for _ in range(n))))
b = 'build-gpu/nussinov/nussinov'
for rep in range(5):
    for name, extra in [('traced --json', ['--json']), ('scores --events=none', ['--events=none']), ('traced --json --host-traceback', ['--json', '--host-traceback'])]:
        t = time.time()
        p = subprocess.run([b, '--backend=cuda', '--timing', '/tmp/rna2000.fa'] + extra, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        w = time.time() - t
        line = [l for l in p.stderr.splitlines() if 'wall' in l][-1]
        print('%-32s outside %.3f s | %s' % (name, w, line.split('; ', 1)[1]))
PY
