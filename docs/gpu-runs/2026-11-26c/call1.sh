#!/usr/bin/env bash
# Call 1 (ninth session): the database search (issue 11) before/after the
# strip order across a batch's problems and the two-row staging ring of
# score-only strip kernels; correctness of the new item format on the five
# pipelined strip recurrences (corpus cases with --verify, memcheck; batches
# CUDA vs OpenMP, ring vs full tables).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
C=.carry
cp -r $C/dbN/sw_local $C/dbN/sw_lb24
sed -i 's/__launch_bounds__(32, 16)/__launch_bounds__(32, 24)/' $C/dbN/sw_lb24/sw_local_cuda.cu
grep -c "__launch_bounds__(32, 24)" $C/dbN/sw_lb24/sw_local_cuda.cu
b() { cmake -S $1 -B $1/build -DCMAKE_BUILD_TYPE=Release > $1.cfg.log 2>&1 && cmake --build $1/build -j 4 > $1.build.log 2>&1 || echo "BUILD FAILED $1"; }
for d in $C/dbO/sw_local $C/dbN/sw_local $C/dbN/sw_lb24 $C/dbN/editdist $C/dbN/gotoh $C/dbN/lcs $C/dbN/banded; do b $d & done; wait
ls $C/dbN/*/build/ | head -40 > /dev/null
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
PY
echo "== database search: 1000 nt x 20000 targets (2.19e10 cells), scores only, CUDA" | tee $OUT/db.log
for k in 1 2 3; do
  for v in dbO/sw_local dbN/sw_local dbN/sw_lb24; do
    n=$(basename $v); [ $v = dbO/sw_local ] && n=old
    /usr/bin/time -f "%e" -o /tmp/wall $C/$v/build/sw_local --backend=cuda --timing --in a=@/tmp/q.fa /tmp/t.fa > /tmp/db-$n.out 2> /tmp/db-$n.err
    echo "$n run $k rc=$? $(grep -o 'compute [0-9.]* s' /tmp/db-$n.err) wall $(cat /tmp/wall)" | tee -a $OUT/db.log
  done
done
for n in sw_local sw_lb24; do cmp <(sed 's/"seconds":[0-9.e+-]*//' /tmp/db-old.out) <(sed 's/"seconds":[0-9.e+-]*//' /tmp/db-$n.out) && echo "outputs old == $n ($(wc -l < /tmp/db-old.out) lines)" | tee -a $OUT/db.log; done
head -3 /tmp/db-old.out >> $OUT/db.log
echo "== batches: 333-nt query x 300 targets of 1..1500: CUDA --verify (full tables) vs CUDA score-only (ring) vs OpenMP" | tee $OUT/batch.log
for r in sw_local editdist gotoh lcs; do
  x=$C/dbN/$r/build/$r
  al=ACGT; [ $r = lcs ] && al=ACDEFGHIKLMNPQRSTVWY
  if [ $r = lcs ]; then python3 -c "
import random; rnd=random.Random(3); A='$al'
open('/tmp/pq.fa','w').write('>q\n'+''.join(rnd.choice(A) for _ in range(333))+'\n')
f=open('/tmp/pt.fa','w')
for i in range(300):
  m=rnd.choice([1,2,5,63,64,65,127,128,129,200,700,1500]); f.write('>s%d\n%s\n'%(i,''.join(rnd.choice(A) for _ in range(m))))
"; q=/tmp/pq.fa; t=/tmp/pt.fa; else q=/tmp/q300.fa; t=/tmp/t300.fa; fi
  $x --backend=cuda --verify --json --in a=@$q $t > /tmp/$r-v.out 2> /tmp/$r-v.err; e1=$?
  $x --backend=cuda --events=none --json --in a=@$q $t > /tmp/$r-r.out 2> /tmp/$r-r.err; e2=$?
  $x --backend=openmp --threads 16 --json --in a=@$q $t > /tmp/$r-o.out 2> /tmp/$r-o.err; e3=$?
  strip() { python3 -c "
import json,sys
for l in open(sys.argv[1]):
  l=l.strip()
  if not l.startswith('{'): continue
  d=json.loads(l); d.pop('seconds',None)
  if sys.argv[2]=='score': d={k:v for k,v in d.items() if k in ('name','output','outputs','error')}
  print(json.dumps(d,sort_keys=True))" $1 $2; }
  strip /tmp/$r-v.out all > /tmp/a; strip /tmp/$r-o.out all > /tmp/b
  strip /tmp/$r-v.out score > /tmp/c; strip /tmp/$r-r.out score > /tmp/d
  n=$(wc -l < /tmp/a); vf=$(grep -ci "verify.*fail\|mismatch" /tmp/$r-v.err)
  cmp -s /tmp/a /tmp/b && s1=same || s1=DIFF; cmp -s /tmp/c /tmp/d && s2=same || s2=DIFF
  echo "$r: rc $e1/$e2/$e3, $n results, verify-failures $vf, cuda-verify vs openmp: $s1, verify vs score-only: $s2" | tee -a $OUT/batch.log
  tail -2 /tmp/$r-v.err >> $OUT/batch.log
done
echo "== memcheck (batch of 300, score only and full)" | tee $OUT/memcheck.log
for r in sw_local gotoh; do
  compute-sanitizer --tool memcheck $C/dbN/$r/build/$r --backend=cuda --events=none --in a=@/tmp/q300.fa /tmp/t300.fa > /dev/null 2> /tmp/mc.err; tail -1 /tmp/mc.err | tee -a $OUT/memcheck.log
  compute-sanitizer --tool memcheck $C/dbN/$r/build/$r --backend=cuda --in a=@/tmp/q300.fa /tmp/t300.fa > /dev/null 2> /tmp/mc.err; tail -1 /tmp/mc.err | tee -a $OUT/memcheck.log
done
echo "== corpus cases of the five strip recurrences (--verify, score only, memcheck)" | tee $OUT/corpus.log
bash tests/gpu/run-corpus.sh $C/dbN $OUT/corpus > /tmp/corpus.out 2>&1; echo "rc $?" | tee -a $OUT/corpus.log
tail -12 /tmp/corpus.out | tee -a $OUT/corpus.log
echo "== single problem sw_local 30000^2 score only (min of 3), old vs new"
python3 -c "
import random; rnd=random.Random(5)
open('/tmp/a30.fa','w').write('>a\n'+''.join(rnd.choice('ACGT') for _ in range(30000))+'\n')
open('/tmp/b30.fa','w').write('>b\n'+''.join(rnd.choice('ACGT') for _ in range(30000))+'\n')"
for k in 1 2 3; do for v in dbO/sw_local dbN/sw_local; do
  echo "$v $(  $C/$v/build/sw_local --backend=cuda --timing --events=none --in a=@/tmp/a30.fa --in b=@/tmp/b30.fa 2>&1 >/tmp/o1 | grep -o 'compute [0-9.]* s') $(head -c 80 /tmp/o1)" | tee -a $OUT/db.log
done; done
cat $OUT/db.log $OUT/batch.log $OUT/memcheck.log $OUT/corpus.log | tail -45
