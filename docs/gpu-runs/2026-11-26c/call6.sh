#!/usr/bin/env bash
# Call 6: where the 2000-RNA batch's GPU time goes (issue 11): every launch's
# duration (ncu), and the batch's compute time, CUDA and OpenMP, with the
# seed folder generated/nussinov at 028f1ef.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
L=$OUT/call6.log
cmake -S generated/nussinov -B generated/nussinov/build -DCMAKE_BUILD_TYPE=Release > /dev/null 2>&1 && cmake --build generated/nussinov/build -j 16 > /dev/null 2>&1 || echo BUILD FAILED
python3 - <<'PY'
import random
rnd = random.Random(11)
with open("/tmp/rna.fa","w") as f:
    for i in range(2000):
        n = rnd.randint(50, 400)
        f.write(">r%d\n%s\n" % (i, "".join(rnd.choice("ACGU") for _ in range(n))))
PY
X=generated/nussinov/build/nussinov
for k in 1 2 3; do
  echo "cuda --json: $($X --backend=cuda --timing --json /tmp/rna.fa 2>&1 >/tmp/c.out | grep -o 'compute [0-9.]* s.*')" | tee -a $L
  echo "openmp 16: $($X --backend=openmp --threads 16 --timing --json /tmp/rna.fa 2>&1 >/tmp/o.out | grep -o 'compute [0-9.]* s.*')" | tee -a $L
done
cmp <(sed 's/,"seconds":[0-9.e+-]*//' /tmp/c.out) <(sed 's/,"seconds":[0-9.e+-]*//' /tmp/o.out) && echo "cuda == openmp (2000 results)" | tee -a $L
ncu --clock-control none --metrics gpu__time_duration.sum,launch__grid_size,launch__occupancy_limit_shared_mem,launch__occupancy_limit_registers,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active \
  $X --backend=cuda --events=none /tmp/rna.fa > $OUT/ncu-rna.txt 2>&1
python3 - $OUT/ncu-rna.txt <<'PY' | tee -a $L
import re, sys
cur=None; rows=[]
for l in open(sys.argv[1]):
    m = re.match(r'\s*(\S+)\(.*\) \(\d+, \d+, \d+\)x\(\d+, \d+, \d+\)', l) or re.match(r'\s*(dpc_\w+|\w*kernel\w*|\w*product\w*)', l)
    if re.match(r'\s*[A-Za-z_][\w:<>]*\(', l) and 'Context' in l or ('Stream' in l and '(' in l):
        cur = {'name': l.strip()[:70]}; rows.append(cur); continue
    m = re.match(r'\s*(gpu__time_duration.sum|launch__grid_size|launch__registers_per_thread|sm__warps_active.avg.pct_of_peak_sustained_active|smsp__issue_active.avg.pct_of_peak_sustained_active)\s+(\S+)\s+([\d.,]+)', l)
    if m and cur is not None:
        cur[m.group(1)] = (m.group(2), m.group(3))
tot = {}
for r in rows:
    t = r.get('gpu__time_duration.sum')
    if not t: continue
    v = float(t[1].replace(',', '')) * {'usecond':1e-6,'msecond':1e-3,'nsecond':1e-9,'second':1}[t[0]]
    key = r['name'].split('(')[0]
    tot.setdefault(key, [0,0]); tot[key][0]+=v; tot[key][1]+=1
    print("%-40s %10.1f us grid %s warps %s%% issue %s%%" % (r['name'][:40], v*1e6, r.get('launch__grid_size',('',''))[1], r.get('sm__warps_active.avg.pct_of_peak_sustained_active',('',''))[1], r.get('smsp__issue_active.avg.pct_of_peak_sustained_active',('',''))[1]))
for k,(v,n) in tot.items(): print("TOTAL %-40s %8.3f ms in %d launches" % (k, v*1e3, n))
PY
