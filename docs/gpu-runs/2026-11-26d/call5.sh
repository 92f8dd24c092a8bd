#!/usr/bin/env bash
# Call 5: the benchmark runner's batch rows with the device traceback (at
# $DPC_COMMIT): 2000 RNAs CUDA (structures) and OpenMP, scores only, the
# database search, 3 repeats, one run; then n = 16000 Nussinov and Chang
# with structure, wall from outside (python's clock around the process),
# device traceback vs --host-traceback, 3 runs each.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in generated/nussinov generated/chang .carry/gT/sw_local; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release > /dev/null 2>&1 && cmake --build $d/build -j 8 > /dev/null 2>&1 || echo BUILD FAILED $d) & done; wait
python3 tests/bench/run.py --batch --corpus .carry/gT --gpu --threads 16 --repeat 3 --out $OUT/batch --commit "${DPC_COMMIT:-wip}" > $OUT/runner.log 2>&1; echo "runner rc $?"
python3 - <<'PY' 2>&1 | tee $OUT/n16000.log
import random, subprocess, time
r = random.Random(8)
open('/tmp/n16000.fa', 'w').write('>big\n' + ''.join(r.choice('ACGU') for _ in range(16000)) + '\n')
for rec in ['nussinov', 'chang']:
    outs = {}
    for rep in range(3):
        for mode in ['', '--host-traceback']:
            args = ['generated/%s/build/%s' % (rec, rec), '--backend=cuda', '--timing', '/tmp/n16000.fa'] + ([mode] if mode else [])
            t = time.time(); p = subprocess.run(args, capture_output=True, text=True); w = time.time() - t
            outs.setdefault(mode, set()).add('\n'.join(l for l in p.stdout.splitlines() if not l.startswith('time')))
            tl = [l for l in p.stderr.splitlines() if 'wall' in l]
            print('%s n=16000 %s: wall from outside %.3f s; %s' % (rec, mode or 'device-traceback', w, tl[-1] if tl else p.stderr[-300:]))
    print('%s: structures device == host: %s' % (rec, outs[''] == outs['--host-traceback'] and len(outs['']) == 1))
PY
tail -12 $OUT/runner.log
