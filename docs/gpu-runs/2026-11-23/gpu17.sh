#!/usr/bin/env bash
# Device run 29: formats, events, record names, --explain (merge of cli-5).
# 1. the seed GPU suite (tests/gpu/run.sh: expected JSON with names,
#    memcheck/racecheck, n = 16000 timings); 2. corpus verification;
# 3. --format / --events / --explain with the CUDA backend.
set -u
cd "$(dirname "$0")/../.."
O=${OUT:-/tmp/o}; mkdir -p $O
E=.carry/exp
tests/gpu/run.sh $O/seeds > $O/seeds.txt 2>&1; echo "seed suite rc=$?"; tail -8 $O/seeds.txt
cp $O/seeds/gpu-verification.log $O/seed-verification.log 2>/dev/null; rm -rf $O/seeds
b() { cmake -S $1 -B $1/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $1/build -j 3 >/dev/null 2>&1 || echo BUILD FAIL $1; }
export -f b
ls -d $E/A/*/ | xargs -P 8 -I{} bash -c 'b {}'
tests/gpu/run-corpus.sh --backend=cuda $E/A $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$? $(tail -1 $O/corpus.txt)"
grep FAIL $O/corpus.txt | head -5
cp $O/corpus/gpu-corpus-verification.log $O/corpus-verification.log 2>/dev/null; rm -rf $O/corpus
N=build-gpu/nussinov/nussinov
printf ">s1\nGGGAAAUCC\n>s2\nAAAGCUUU\n>s3\nGCGCAUAUGCGCAAAUUUGCGC\n" > $O/s.fa
ok=0; bad=0
for f in text json tsv ct bpseq; do for ev in none summary all; do
  $N --backend=cuda --format=$f --events=$ev $O/s.fa > $O/c.txt 2>&1; r1=$?
  $N --backend=openmp --format=$f --events=$ev $O/s.fa > $O/o.txt 2>&1; r2=$?
  if [ $r1 = $r2 ] && cmp -s $O/c.txt $O/o.txt; then ok=$((ok+1)); else bad=$((bad+1)); echo "DIFF format=$f events=$ev rc $r1/$r2"; fi
done; done
echo "formats x events, cuda == openmp: $ok equal, $bad different"
$N --backend=cuda --format=ct $O/s.fa | head -4
$N --backend=auto --explain $O/s.fa 2>&1 | tail -6
