#!/usr/bin/env bash
# Device run 14: batched execution (issue 11). The single-problem path is now
# a batch of one, so the seed suite and the corpus verify it too.
#  1. build generated/{nussinov,chang,bpmax} and the corpus folders;
#  2. seed suite (tests/gpu/run.sh: 40 cases, memcheck, racecheck);
#  3. corpus verification (143 cases);
#  4. batches: CUDA --json of many records against OpenMP --json (every
#     output, event and structure), CUDA --verify on batches (every table of
#     every problem against the CPU reference), memcheck on a batch;
#  5. the batch benchmark (tests/bench/run.py --batch).
# Usage: .carry/gpu12.sh batch|verify|bench
set -u
cd "$(dirname "$0")/.."
O=${OUT:-/tmp/o}; mkdir -p $O
STAGE=${1:-batch}
b() { cmake -S $1 -B $1/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $1/build -j 4 >/dev/null 2>&1 || echo BUILD FAIL $1; }
export -f b
case $STAGE in
  batch) F="generated/nussinov generated/chang generated/bpmax $(for r in sw_local gotoh editdist banded lcs rnafold mccaskill nussinov_weighted; do echo .carry/corpus/$r; done)" ;;
  verify) F="generated/nussinov generated/chang generated/bpmax $(ls -d .carry/corpus/*)" ;;
  bench|multi) F="generated/nussinov .carry/corpus/sw_local" ;;
  cbench) F="generated/nussinov $(ls -d .carry/corpus/*)" ;;
esac
echo $F | tr ' ' '\n' | xargs -P 12 -I{} bash -c 'b {}'
python3 - <<PY
import random
r = random.Random(11)
def fa(path, recs):
    with open(path, "w") as f:
        for name, s in recs: f.write(">%s\n%s\n" % (name, s))
def seq(a, n): return "".join(r.choice(a) for _ in range(n))
fa("$O/rna300.fa", [("r%d" % i, seq("ACGU", r.randint(1, 300))) for i in range(300)])
fa("$O/rna2000.fa", [("r%d" % i, seq("ACGU", r.randint(50, 400))) for i in range(2000)])
fa("$O/bp40.fa", sum([[("x%d" % i, seq("ACGU", r.randint(1, 24))), ("y%d" % i, seq("ACGU", r.randint(1, 40)))] for i in range(40)], []))
fa("$O/dna200.fa", sum([[("a%d" % i, seq("ACGT", r.randint(1, 700))), ("b%d" % i, seq("ACGT", r.randint(1, 700)))] for i in range(200)], []))
fa("$O/prot100.fa", sum([[("a%d" % i, seq("ACDEFGHIKLMNPQRSTVWY", r.randint(1, 500))), ("b%d" % i, seq("ACDEFGHIKLMNPQRSTVWY", r.randint(1, 500)))] for i in range(100)], []))
fa("$O/rna100.fa", [("r%d" % i, seq("ACGU", r.randint(1, 200))) for i in range(100)])
PY
if [ $STAGE = verify ]; then
tests/gpu/run.sh $O/suite > $O/suite.txt 2>&1; echo "seed suite rc=$? $(tail -1 $O/suite.txt)"
grep FAIL $O/suite.txt | head
cp $O/suite/gpu-verification.log $O/suite-verification.log 2>/dev/null
tests/gpu/run-corpus.sh --backend=cuda .carry/corpus $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$? $(tail -1 $O/corpus.txt)"
grep FAIL $O/corpus.txt | head
cp $O/corpus/gpu-corpus-verification.log $O/corpus-verification.log 2>/dev/null
rm -rf $O/suite $O/corpus
exit 0
fi
if [ $STAGE = cbench ]; then
python3 tests/bench/run.py --corpus .carry/corpus --gpu --threads 16 --repeat 2 --budget 30 --commit ${DPC_COMMIT:-HEAD} --out $O/cbench > $O/cbench.log 2>&1; echo "corpus bench rc=$?"
tail -18 $O/cbench.log
cp $O/cbench/results.md $O/corpus-results.md
rm -rf $O/cbench/inputs $O/cbench/raw.jsonl
STAGE=bench
fi
if [ $STAGE = multi ]; then
nvidia-smi --query-gpu=index,name,memory.total --format=csv,noheader
python3 -c "
import random
r = random.Random(11)
with open('$O/rna2000.fa', 'w') as f:
    for i in range(2000): f.write('>r%d\n%s\n' % (i, ''.join(r.choice('ACGU') for _ in range(r.randint(50, 400)))))
with open('$O/q.fa', 'w') as f: f.write('>q\n%s\n' % ''.join(r.choice('ACGT') for _ in range(1000)))
with open('$O/t.fa', 'w') as f:
    for i in range(20000): f.write('>t%d\n%s\n' % (i, ''.join(r.choice('ACGT') for _ in range(r.randint(200, 2000)))))
"
N=generated/nussinov/build/nussinov; S=.carry/corpus/sw_local/build/sw_local
for d in ${DEVS:-0 all}; do
  $N --backend=cuda --device $d --json $O/rna2000.fa > $O/n$d.txt 2>$O/e.txt; echo "nussinov 2000 --json --device $d: rc=$? $(wc -l < $O/n$d.txt) lines $(head -c 200 $O/e.txt)"
  $N --backend=cuda --device $d --timing $O/rna2000.fa 2>&1 >/dev/null | grep timing
  $N --backend=cuda --device $d --verify $O/rna2000.fa > /dev/null 2>$O/e.txt; echo "nussinov 2000 --verify --device $d: rc=$? $(head -c 200 $O/e.txt)"
  $S --backend=cuda --device $d --in a=@$O/q.fa $O/t.fa > $O/s$d.txt 2>$O/e.txt; echo "sw_local 20000 --device $d: rc=$? $(wc -l < $O/s$d.txt) lines $(head -c 200 $O/e.txt)"
  for i in 1 2; do $S --backend=cuda --device $d --timing --in a=@$O/q.fa $O/t.fa 2>&1 >/dev/null | grep timing; done
done
set -- ${DEVS:-0 all}; a=$1; b=$2
cmp $O/n$a.txt $O/n$b.txt && echo "nussinov: --device $b equals --device $a (2000 results with structures)"
cmp $O/s$a.txt $O/s$b.txt && echo "sw_local: --device $b equals --device $a (20000 scores)"
for d in ${DEVS:-0 all}; do /usr/bin/time -f "process wall %e s" $N --backend=cuda --device $d --timing $O/rna2000.fa --json 2>&1 >/dev/null | tr '\n' ' '; echo; done
rm -f $O/*.fa $O/n*.txt $O/s*.txt
[ "${THEN_BENCH:-0}" = 1 ] || exit 0
STAGE=bench
fi
if [ $STAGE = bench ]; then
python3 -c "
import random
r = random.Random(11)
with open('$O/rna2000.fa', 'w') as f:
    for i in range(2000): f.write('>r%d\n%s\n' % (i, ''.join(r.choice('ACGU') for _ in range(r.randint(50, 400)))))
"
for i in 1 2; do
  generated/nussinov/build/nussinov --backend=cuda --timing $O/rna2000.fa --json > $O/j.txt 2>$O/t.txt; echo "nussinov 2000 cuda --json: $(grep -h 'timing' $O/t.txt)"
  generated/nussinov/build/nussinov --backend=cuda --timing $O/rna2000.fa > /dev/null 2>$O/t.txt; echo "nussinov 2000 cuda scores: $(grep -h 'timing' $O/t.txt)"
done
generated/nussinov/build/nussinov --backend=openmp --threads 16 --timing $O/rna2000.fa --json > $O/jo.txt 2>$O/t.txt; echo "nussinov 2000 openmp --json: $(grep -h 'timing' $O/t.txt)"
cmp $O/j.txt $O/jo.txt && echo "2000 results: cuda and openmp equal"
generated/nussinov/build/nussinov --backend=cuda --timing --in seq=@.carry/in/r16k.fa > /dev/null 2>$O/t.txt; echo "nussinov 16000 cuda score: $(grep -h 'timing' $O/t.txt)"
generated/nussinov/build/nussinov --backend=cuda --timing --traceback --in seq=@.carry/in/r16k.fa > /dev/null 2>$O/t.txt; echo "nussinov 16000 cuda traceback: $(grep -h 'timing' $O/t.txt)"
rm -f $O/j.txt $O/jo.txt $O/rna2000.fa
python3 tests/bench/run.py --batch --corpus .carry/corpus --gpu --threads 16 --repeat 2 --budget 90 --commit ${DPC_COMMIT:-HEAD} --out $O/bench > $O/bench.log 2>&1; echo "bench rc=$?"
tail -12 $O/bench.log
cp $O/bench/results.csv $O/batch-results.csv; cp $O/bench/results.md $O/batch-results.md
rm -rf $O/bench/inputs $O/bench/raw.jsonl
exit 0
fi
ok=0; bad=0
cmp_batch() { # name binary fasta [more args]
  local name=$1 bin=$2 fa=$3; shift 3
  "$bin" --backend=cuda --json "$fa" "$@" > $O/c.txt 2>$O/ce.txt; rc1=$?
  "$bin" --backend=openmp --threads 16 --json "$fa" "$@" > $O/o.txt 2>$O/oe.txt; rc2=$?
  n=$(wc -l < $O/c.txt)
  if [ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && cmp -s $O/c.txt $O/o.txt && [ $n -gt 0 ]; then ok=$((ok+1)); echo "BATCH PASS $name: $n results equal (cuda batch vs openmp)";
  else bad=$((bad+1)); echo "BATCH FAIL $name rc=$rc1/$rc2 lines $n/$(wc -l < $O/o.txt) $(head -c 300 $O/ce.txt)"; diff $O/c.txt $O/o.txt | head -4; fi
  if "$bin" --backend=cuda --verify "$fa" "$@" > /dev/null 2>$O/ve.txt; then ok=$((ok+1)); echo "BATCH PASS $name: cuda --verify (every table of every problem)";
  else bad=$((bad+1)); echo "BATCH FAIL $name --verify: $(head -c 300 $O/ve.txt)"; fi
  "$bin" --backend=cuda "$fa" "$@" > $O/s.txt 2>/dev/null; "$bin" --backend=openmp "$fa" "$@" > $O/s2.txt 2>/dev/null
  if cmp -s $O/s.txt $O/s2.txt; then ok=$((ok+1)); echo "BATCH PASS $name: scores only (output cells gathered on the GPU)";
  else bad=$((bad+1)); echo "BATCH FAIL $name: scores-only outputs differ"; diff $O/s.txt $O/s2.txt | head -4; fi
}
C=.carry/corpus
cmp_batch nussinov300 generated/nussinov/build/nussinov $O/rna300.fa
cmp_batch nussinov300-budget generated/nussinov/build/nussinov $O/rna300.fa --memory-budget 2M
cmp_batch chang300 generated/chang/build/chang $O/rna300.fa
cmp_batch bpmax40 generated/bpmax/build/bpmax $O/bp40.fa
for r in sw_local gotoh editdist banded; do cmp_batch $r-200 $C/$r/build/$r $O/dna200.fa; done
cmp_batch lcs-100 $C/lcs/build/lcs $O/prot100.fa
for r in rnafold mccaskill nussinov_weighted; do cmp_batch $r-100 $C/$r/build/$r $O/rna100.fa; done
echo "batch checks: $ok passed, $bad failed"
if compute-sanitizer --tool memcheck --error-exitcode 99 generated/nussinov/build/nussinov --backend=cuda $O/rna100.fa > $O/san.txt 2>&1; then echo "PASS memcheck nussinov batch of 100"; else echo "FAIL memcheck nussinov batch"; tail -20 $O/san.txt; fi
if compute-sanitizer --tool memcheck --error-exitcode 99 $C/sw_local/build/sw_local --backend=cuda $O/dna200.fa > $O/san2.txt 2>&1; then echo "PASS memcheck sw_local batch of 200"; else echo "FAIL memcheck sw_local batch"; tail -20 $O/san2.txt; fi
for i in 1 2; do
  /usr/bin/time -f "wall %e s, max rss %M KiB" generated/nussinov/build/nussinov --backend=cuda --timing $O/rna2000.fa --json > /dev/null 2>$O/t.txt; echo "nussinov 2000 cuda --json: $(grep -h 'timing\|wall' $O/t.txt | tr '\n' ' ')"
  /usr/bin/time -f "wall %e s" generated/nussinov/build/nussinov --backend=cuda --timing $O/rna2000.fa > /dev/null 2>$O/t.txt; echo "nussinov 2000 cuda scores: $(grep -h 'timing\|wall' $O/t.txt | tr '\n' ' ')"
done
/usr/bin/time -f "wall %e s" generated/nussinov/build/nussinov --backend=openmp --threads 16 --timing $O/rna2000.fa --json > /dev/null 2>$O/t.txt; echo "nussinov 2000 openmp --json: $(grep -h 'timing\|wall' $O/t.txt | tr '\n' ' ')"
t() { echo "$1: $(shift; "$@" --timing --json 2>&1 | grep -o '"output":[0-9-]*\|"seconds":[0-9.]*\|error.*' | tr '\n' ' ')"; }
t "nussinov 16000 single" generated/nussinov/build/nussinov --backend=cuda --in seq=@.carry/in/r16k.fa
t "sw_local 30000 single" $C/sw_local/build/sw_local --backend=cuda --in a=@.carry/in/a30k.fa --in b=@.carry/in/b30k.fa
rm -f $O/*.fa $O/c.txt $O/o.txt $O/s.txt $O/s2.txt
