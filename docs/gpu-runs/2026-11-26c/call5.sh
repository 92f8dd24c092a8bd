#!/usr/bin/env bash
# Call 5: sums fused into DPX max(a + b, c) in the strip cells and the range check on the running maximum only where every cell is a max with a literal (dbN3), against call 3's dbN2 (deferred checks) and dbN (76de49b): the database search, single problems, batches, pascal, corpus cases, memcheck.
# (GpuKernel::DeferredChecks) against 76de49b (call 1's new folders, dbN):
# the database search and single problems, same run; batches CUDA --verify
# vs OpenMP vs score-only; pascal's overflow still reported on the GPU;
# corpus cases of sw_local and editdist; memcheck.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
C=.carry
b() { cmake -S $1 -B $1/build -DCMAKE_BUILD_TYPE=Release > $1.cfg.log 2>&1 && cmake --build $1/build -j 4 > $1.build.log 2>&1 || echo "BUILD FAILED $1"; }
for d in $C/dbN/sw_local $C/dbN/editdist $C/dbN2/sw_local $C/dbN2/editdist $C/dbN3/sw_local $C/dbN3/editdist $C/dbN3/pascal; do b $d & done; wait
python3 - <<'PY'
import random
rnd = random.Random(7)
open("/tmp/q.fa","w").write(">query\n%s\n" % "".join(rnd.choice("ACGT") for _ in range(1000)))
with open("/tmp/t.fa","w") as f:
    for i in range(20000):
        m = rnd.randint(200, 2000)
        f.write(">t%d\n%s\n" % (i, "".join(rnd.choice("ACGT") for _ in range(m))))
with open("/tmp/t300.fa","w") as f:
    for i in range(300):
        m = rnd.choice([1, 2, 5, 63, 64, 65, 127, 128, 129, 200, 700, 1500])
        f.write(">s%d\n%s\n" % (i, "".join(rnd.choice("ACGT") for _ in range(m))))
open("/tmp/q300.fa","w").write(">q\n%s\n" % "".join(rnd.choice("ACGT") for _ in range(333)))
rnd = random.Random(5)
open('/tmp/a30.fa','w').write('>a\n'+''.join(rnd.choice('ACGT') for _ in range(30000))+'\n')
open('/tmp/b30.fa','w').write('>b\n'+''.join(rnd.choice('ACGT') for _ in range(30000))+'\n')
PY
L=$OUT/call5.log
echo "== database search: 1000 nt x 20000 targets (2.19e10 cells), scores only, CUDA compute s" | tee $L
for k in 1 2 3; do for v in dbN dbN2 dbN3; do
  $C/$v/sw_local/build/sw_local --backend=cuda --timing --in a=@/tmp/q.fa /tmp/t.fa > /tmp/db-$v.out 2> /tmp/db-$v.err
  echo "$v run $k rc=$? $(grep -o 'compute [0-9.]* s' /tmp/db-$v.err)" | tee -a $L
done; done
cmp <(grep -v '^time:' /tmp/db-dbN.out) <(grep -v '^time:' /tmp/db-dbN3.out) && echo "20000 scores: dbN == dbN3" | tee -a $L
echo "== single problems 30000^2, score only / full, CUDA compute s" | tee -a $L
for r in sw_local editdist; do for e in none all; do for k in 1 2 3; do for v in dbN dbN2 dbN3; do
  echo "$r events=$e $v: $($C/$v/$r/build/$r --backend=cuda --timing --events=$e --in a=@/tmp/a30.fa --in b=@/tmp/b30.fa 2>&1 >/tmp/o-$v | grep -o 'compute [0-9.]* s') $(grep -v '^time' /tmp/o-$v | md5sum | cut -c1-8)" | tee -a $L
done; done; done; done
echo "== batches: 333-nt query x 300 targets: CUDA --verify vs OpenMP vs CUDA score-only" | tee -a $L
strip() { python3 -c "
import json,sys
for l in open(sys.argv[1]):
  l=l.strip()
  if not l.startswith('{'): continue
  d=json.loads(l); d.pop('seconds',None)
  if sys.argv[2]=='score': d={k:v for k,v in d.items() if k in ('name','output','outputs','error')}
  print(json.dumps(d,sort_keys=True))" $1 $2; }
for r in sw_local editdist; do
  x=$C/dbN3/$r/build/$r
  $x --backend=cuda --verify --json --in a=@/tmp/q300.fa /tmp/t300.fa > /tmp/v.out 2> /tmp/v.err; e1=$?
  $x --backend=cuda --events=none --json --in a=@/tmp/q300.fa /tmp/t300.fa > /tmp/r.out 2> /tmp/r.err; e2=$?
  $x --backend=openmp --threads 16 --json --in a=@/tmp/q300.fa /tmp/t300.fa > /tmp/o.out 2> /tmp/o.err; e3=$?
  strip /tmp/v.out all > /tmp/a; strip /tmp/o.out all > /tmp/b; strip /tmp/v.out score > /tmp/c; strip /tmp/r.out score > /tmp/d
  cmp -s /tmp/a /tmp/b && s1=same || s1=DIFF; cmp -s /tmp/c /tmp/d && s2=same || s2=DIFF
  echo "$r: rc $e1/$e2/$e3, $(wc -l < /tmp/a) results, cuda-verify vs openmp: $s1, verify vs score-only: $s2; $(tail -1 /tmp/v.err)" | tee -a $L
  echo "$r memcheck score-only: $(compute-sanitizer --tool memcheck $x --backend=cuda --events=none --in a=@/tmp/q300.fa /tmp/t300.fa 2>&1 | grep 'ERROR SUMMARY')" | tee -a $L
done
echo "== pascal (H = H[i-1,j] + H[i,j-1] + s): overflow still reported by the GPU's strips" | tee -a $L
p=$C/dbN3/pascal/build/pascal
for e in none all; do
  $p --backend=cuda --events=$e --in a=ACGTACGTACGTACGTACGT --in b=ACGTACGTACGTACGTAC > /tmp/p.out 2> /tmp/p.err; echo "cuda events=$e: rc $? $(head -c 200 /tmp/p.err)" | tee -a $L
done
$p --backend=openmp --events=none --in a=ACGTACGTACGTACGTACGT --in b=ACGTACGTACGTACGTAC > /dev/null 2> /tmp/p.err; echo "openmp: rc $? $(head -c 120 /tmp/p.err)" | tee -a $L
for n in 1 5 13; do for m in 1 7 13; do
  a=$(python3 -c "import random; r=random.Random($n*31+$m); print(''.join(r.choice('ACGT') for _ in range($n)))")
  bb=$(python3 -c "import random; r=random.Random($n*17+$m); print(''.join(r.choice('ACGT') for _ in range($m)))")
  x=$($p --backend=cuda --verify --json --in a=$a --in b=$bb 2>&1); y=$($p --backend=openmp --json --in a=$a --in b=$bb 2>&1)
  [ "$(echo "$x" | grep -v verify)" = "$y" ] && echo "pascal $n x $m: cuda --verify == openmp" | tee -a $L || echo "pascal $n x $m: DIFF $x / $y" | tee -a $L
done; done
echo "== corpus cases (sw_local, editdist)" | tee -a $L
rm -rf /tmp/cc && mkdir -p /tmp/cc && cp -r $C/dbN3/sw_local $C/dbN3/editdist /tmp/cc/ && rm -rf /tmp/cc/*/build
bash tests/gpu/run-corpus.sh /tmp/cc $OUT/corpus > /tmp/corpus.out 2>&1
grep -E "^(sw_local|editdist) |^recurrence" /tmp/corpus.out | tee -a $L
echo "== ncu: the database search's strip kernel (dbN3)" | tee -a $L
ncu --clock-control none -k regex:dpc_kernel0 --section SpeedOfLight --section SchedulerStats --section Occupancy --section LaunchStats \
  $C/dbN3/sw_local/build/sw_local --backend=cuda --in a=@/tmp/q.fa /tmp/t.fa > $OUT/ncu-db3.txt 2>&1
grep -E "Duration|Compute \(SM\) Throughput|Issued Warp|No Eligible|Registers Per|Achieved Active Warps" $OUT/ncu-db3.txt | tee -a $L
