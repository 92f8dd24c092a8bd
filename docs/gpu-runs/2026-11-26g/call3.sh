#!/usr/bin/env bash
# Call 3 (an experiment beside call 1's change, after call 2): why the int32 instance
# gains less than call 5's hand-made kernel (2026-11-26f). A: int64
# instance forced (as call 1); B: as emitted (everything int32: params,
# lets, band members, indices, tile coordinates); C: B with the band
# members, tile coordinates and block loop back in int64 (params, lets and
# the cell indices i, j int32). Call 3: D = B with the let GAP int64, E =
# C with GAP int64 (the hand-made kernel's types: params and i, j int32). Database
# search (5 runs each) and the 30000 x 30000 pair (3 each), alternating;
# then SASS instructions per step of each score-only instance.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
S=.carry/gT/sw_local
rm -rf .carry/sw64 .carry/swC .carry/swD .carry/swE && for v in sw64 swC swD; do cp -r $S .carry/$v; rm -rf .carry/$v/build; done; rm -rf $S/build
sed -i 's/dpc_nar = dpc_narrow0(/dpc_nar = false \&\& dpc_narrow0(/' .carry/sw64/sw_local_cuda.cu
sed -i -E 's/const dpc_ix (dpc_lo0|dpc_lo1|dpc_m0|dpc_m1|dpc_w0|c0|c1|dpc_b1|dpc_nb|dpc_orow) /const int64_t \1 /; s/dpc_ix dpc_f = 0/int64_t dpc_f = 0/; s/for \(dpc_ix /for (int64_t /; s/dpc_ix dpc_i0 =/int64_t dpc_i0 =/; s/const dpc_ix dpc_t0 = dpc_ix\(dpc_item\[1\]\)/const int64_t dpc_t0 = dpc_item[1]/' .carry/swC/sw_local_cuda.cu
cp -r .carry/swC .carry/swE
sed -i 's/const dpc_ix GAP = dpc_ix(dpc_p.GAP);/const int64_t GAP = dpc_p.GAP;/' .carry/swD/sw_local_cuda.cu .carry/swE/sw_local_cuda.cu
grep -c "int64_t GAP = dpc_p.GAP" .carry/swD/sw_local_cuda.cu .carry/swE/sw_local_cuda.cu
for d in $S .carry/sw64 .carry/swC .carry/swD .carry/swE; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build $d/build -j 3 > $d/build.log 2>&1 || echo BUILD FAILED $d) & done; wait
python3 - <<'PY' 2>&1 | tee $OUT/abc.log
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
exe = {'A': '.carry/sw64/build/sw_local', 'B': '.carry/gT/sw_local/build/sw_local', 'C': '.carry/swC/build/sw_local', 'D': '.carry/swD/build/sw_local', 'E': '.carry/swE/build/sw_local'}
for work, args, n, reps in [('db', ['--in', 'a=@/tmp/q.fa', '/tmp/t.fa'], cells, 5), ('30k', ['--in', 'a=@/tmp/a30.fa', '--in', 'b=@/tmp/b30.fa'], 30001 * 30001, 3)]:
    outs, comp = {}, {}
    for rep in range(reps):
        for v in 'ABCDE':
            p = subprocess.run([exe[v], '--backend=cuda', '--timing', '--events=none'] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            c = float([l for l in p.stderr.splitlines() if 'timing:' in l][-1].split('compute ')[1].split(' ')[0])
            outs.setdefault(v, set()).add('\n'.join(l for l in p.stdout.splitlines() if not l.startswith('time:')))
            comp.setdefault(v, []).append(c)
    print('%s: A to E print the same results: %s' % (work, outs['A'] == outs['B'] == outs['C'] == outs['D'] == outs['E'] and len(outs['A']) == 1))
    for v in 'ABCDE':
        print('%s %s min %.5f s = %.0f G cells/s (runs: %s)' % (work, v, min(comp[v]), n / min(comp[v]) / 1e9, ' '.join('%.5f' % x for x in comp[v])))
PY
for v in A:.carry/sw64:l B:$S:i C:.carry/swC:i D:.carry/swD:i E:.carry/swE:i; do
  n=${v%%:*}; r=${v#*:}; d=${r%:*}; t=${v##*:}
  nvcc -arch=sm_90 -O3 -std=c++17 -I$d -I$d/runtime -DDPC_HAVE_CUDA=1 -cubin -Xptxas -v -o /tmp/$n.cubin $d/sw_local_cuda.cu 2>&1 | grep -A1 "kernel0ILb1E${t}" | grep registers | sed "s/^/$n /"
  cuobjdump -sass /tmp/$n.cubin > /tmp/$n.sass
  python3 - /tmp/$n.sass $n "dpc_kernel0ILb1E$t" <<'PY'
import re, sys
txt = open(sys.argv[1]).read()
for f in re.split(r'\n\s*Function : ', txt)[1:]:
    if sys.argv[3] in f.split('\n', 1)[0]:
        lines = [l for l in f.splitlines() if re.match(r'\s*/\*[0-9a-f]{4}\*/', l)]
        idx = [k for k, l in enumerate(lines) if 'SHFL.UP' in l]
        print(sys.argv[2], 'instructions', len(lines), 'per step:', [b - a for a, b in zip(idx, idx[1:])])
PY
done 2>&1 | tee $OUT/sass.txt
echo "=== summary"; grep -E "min|same" $OUT/abc.log; grep -E "registers|instructions" $OUT/sass.txt | cut -c1-300
