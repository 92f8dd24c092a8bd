#!/usr/bin/env python3
# A/B timing of the database search (one query of N nt against 20 000
# targets of 200..2000 nt, score only) and a 30000 x 30000 pair, for the
# corpus recurrences named, each variant's binary at DIR/<rec>/build/<rec>.
# Usage: [WORKS=db1000,30k] search_ab.py REPS rec1,rec2 NAME=DIR [NAME=DIR ...]
# (BACKEND=openmp THREADS=16: the OpenMP backend, its --timing compute)
# Prints one line per (recurrence, work): min compute time per variant
# (the binary's --timing), G cells/s, ratio to the first, same output.
import os, random, subprocess, sys
reps = int(sys.argv[1]); recs = sys.argv[2].split(',')
variants = [a.split('=', 1) for a in sys.argv[3:]]
rnd = random.Random(11)
tl = [rnd.randint(200, 2000) for _ in range(20000)]
with open("/tmp/t.fa", "w") as f:
    for i, m in enumerate(tl):
        f.write(">t%d\n%s\n" % (i, "".join(rnd.choice("ACGT") for _ in range(m))))
q = "".join(rnd.choice("ACGT") for _ in range(1023))
open("/tmp/q1000.fa", "w").write(">q\n%s\n" % q[:1000])
r = random.Random(8)
open("/tmp/a30.fa", "w").write(">a\n%s\n" % "".join(r.choice("ACGT") for _ in range(30000)))
open("/tmp/b30.fa", "w").write(">b\n%s\n" % "".join(r.choice("ACGT") for _ in range(30000)))
def run(args):
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    comp = [l for l in p.stderr.splitlines() if 'timing:' in l]
    t = float(comp[-1].split('compute ')[1].split(' ')[0]) if comp and p.returncode == 0 else 1e9
    out = '\n'.join(l for l in p.stdout.splitlines() if not l.startswith('time:'))
    return out, t
for rec in recs:
    works = os.environ.get('WORKS', 'db1000,30k').split(',')
    for work, args, cells in [w for w in [('db1000', ['--in', 'a=@/tmp/q1000.fa', '/tmp/t.fa'], 1000 * sum(tl)),
                              ('30k', ['--in', 'a=@/tmp/a30.fa', '--in', 'b=@/tmp/b30.fa'], 30000 * 30000)] if w[0] in works]:
        outs, best = {}, {}
        for rep in range(reps):
            for name, d in variants:
                o, t = run(['%s/%s/build/%s' % (d, rec, rec), '--backend=' + os.environ.get('BACKEND', 'cuda'), '--timing', '--events=none'] + (['--threads', os.environ['THREADS']] if 'THREADS' in os.environ else []) + args)
                outs.setdefault(name, set()).add(o)
                best[name] = min(best.get(name, 1e9), t)
        base = best[variants[0][0]]
        allout = set().union(*outs.values())
        print('%-9s %-7s ' % (rec, work) + '  '.join('%s %.5f s (%4.0f G/s, %.3f)' % (n, best[n], cells / best[n] / 1e9, best[n] / base) for n, _ in variants)
              + '  same output: %s' % (len(allout) == 1), flush=True)
