#!/usr/bin/env bash
# Call 3 (at $DPC_COMMIT): --path on the GPU (traced on the host from the
# tables: the device walk does not bound its cells) against OpenMP, for
# sw_local and gotoh (.carry/gP: made by this compiler) on 300 random pairs,
# json with every event; then the seed suite (its --trace-records 2 runs
# take the fallback whose host view the CUDA printer now builds with one
# helper).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
mkdir -p build-gpu
for r in nussinov chang bpmax; do (cmake -S generated/$r -B build-gpu/$r -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build build-gpu/$r -j 4 > build-gpu/$r.log 2>&1 || echo BUILD FAILED $r) & done
for d in .carry/gP/*/; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build $d/build -j 4 > $d/build.log 2>&1 || echo BUILD FAILED $d) & done; wait
echo "builds with a warning:"; grep -l "warning" build-gpu/*.log .carry/gP/*/build.log 2>/dev/null | head
python3 - <<'PY' 2>&1 | tee $OUT/path.log
import random, subprocess
r = random.Random(13)
with open('/tmp/pairs.fa', 'w') as f:
    for k in range(300):
        for s in 'ab':
            f.write('>p%d_%s\n%s\n' % (k, s, ''.join(r.choice('ACGT') for _ in range(r.randint(1, 2000)))))
for rec in ['sw_local', 'gotoh']:
    b = '.carry/gP/%s/build/%s' % (rec, rec)
    outs = {}
    for be in ['cuda', 'openmp']:
        p = subprocess.run([b, '--backend=' + be, '--path', '--json', '/tmp/pairs.fa'], capture_output=True, text=True)
        outs[be] = p.stdout
        print(rec, be, 'rc', p.returncode, len(p.stdout.splitlines()), 'results,', p.stdout.count('"path"'), 'with a path', p.stderr.strip()[:200])
    print(rec, 'cuda == openmp (json, events and paths):', outs['cuda'] == outs['openmp'])
    print(outs['cuda'].splitlines()[0][-120:])
PY
bash tests/gpu/run.sh $OUT/seeds > $OUT/seeds.out 2>&1
grep -E "FAIL|SUMMARY" $OUT/seeds.out | head
