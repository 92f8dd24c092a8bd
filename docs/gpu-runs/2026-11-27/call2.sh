#!/usr/bin/env bash
# Call 2 (2026-11-27): row-decided runs (GpuKernel::RowDecidedRuns). A:
# .carry/gT (the compiler before the change: strips without interior blocks
# test every cell's column and domain), B: .carry/gN (this tree: such a
# strip runs its row-decided blocks with each lane's rows' cases chosen
# once). Database search (20000 targets of 200..2000 nt) at query lengths
# 1000 and 1023, and one 30000 x 30000 pair, for sw_local, gotoh, editdist,
# A and B alternating, outputs compared; then the corpus suite on B.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in .carry/gT/*/ .carry/gN/*/; do (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 > /dev/null 2>&1 && cmake --build $d/build -j 2 > $d/build.log 2>&1 || echo BUILD FAILED $d) & done; wait
echo "builds with a warning:"; grep -l "warning" .carry/gN/*/build.log 2>/dev/null | head
echo "built: $(date -u +%T)"
python3 - <<'PY' 2>&1 | tee $OUT/ab.log
import random, subprocess, time
rnd = random.Random(11)
tl = [rnd.randint(200, 2000) for _ in range(20000)]
with open("/tmp/t.fa", "w") as f:
    for i, m in enumerate(tl):
        f.write(">t%d\n%s\n" % (i, "".join(rnd.choice("ACGT") for _ in range(m))))
q = "".join(rnd.choice("ACGT") for _ in range(1023))
for n in (1000, 1023):
    open("/tmp/q%d.fa" % n, "w").write(">q\n%s\n" % q[:n])
r = random.Random(8)
open("/tmp/a30.fa","w").write(">a\n%s\n" % "".join(r.choice("ACGT") for _ in range(30000)))
open("/tmp/b30.fa","w").write(">b\n%s\n" % "".join(r.choice("ACGT") for _ in range(30000)))
def strip(s):
    return '\n'.join(l for l in s.splitlines() if not l.startswith('time:'))
def run(args):
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    comp = [l for l in p.stderr.splitlines() if 'timing:' in l]
    return p, float(comp[-1].split('compute ')[1].split(' ')[0]) if comp else -1
summary = []
for rec in ['sw_local', 'gotoh', 'editdist']:
    exe = {'A': '.carry/gT/%s/build/%s' % (rec, rec), 'B': '.carry/gN/%s/build/%s' % (rec, rec)}
    works = [('db1000', ['--in', 'a=@/tmp/q1000.fa', '/tmp/t.fa'], 1000 * sum(tl), 5),
             ('db1023', ['--in', 'a=@/tmp/q1023.fa', '/tmp/t.fa'], 1023 * sum(tl), 3),
             ('30k', ['--in', 'a=@/tmp/a30.fa', '--in', 'b=@/tmp/b30.fa'], 30000 * 30000, 3)]
    if rec != 'sw_local':
        works = works[:1] + works[2:]
    for work, args, n, reps in works:
        outs, res = {}, {}
        for rep in range(reps):
            for v in 'AB':
                p, c = run([exe[v], '--backend=cuda', '--timing', '--events=none'] + args)
                outs.setdefault(v, set()).add(strip(p.stdout))
                res.setdefault(v, []).append(c if p.returncode == 0 else 1e9)
        same = outs['A'] == outs['B'] and len(outs['A']) == 1
        a, b = min(res['A']), min(res['B'])
        summary.append('%-9s %-7s A %.5f s (%4.0f G/s)  B %.5f s (%4.0f G/s)  B/A %.3f  same output: %s'
                       % (rec, work, a, n / a / 1e9, b, n / b / 1e9, b / a, same))
        print(summary[-1], flush=True)
open('/tmp/summary.txt', 'w').write('\n'.join(summary) + '\n')
PY
bash tests/gpu/run-corpus.sh .carry/gN $OUT/corpus > $OUT/corpus.out 2>&1
echo "corpus suite exit $?"; tail -4 $OUT/corpus.out
cat /tmp/summary.txt
