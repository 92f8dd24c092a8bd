#!/usr/bin/env bash
# Device run 1: the GPU suite on generated/, then the issue-10 shapes
# (sw: local alignment with side tables; wnuss: weighted Nussinov).
set -u
cd "$(dirname "$0")/.."
O=${OUT:-/tmp/o}; mkdir -p $O
LOG=$O/run1.log; : > $LOG
say() { echo "$@" | tee -a $LOG; }
tests/gpu/run.sh $O/suite > $O/suite.txt 2>&1; say "suite rc=$? $(tail -1 $O/suite.txt)"
grep -E "FAIL|timing" $O/suite.txt | head -20 | tee -a $LOG
for r in sw wnuss; do
  cmake -S .carry/gen/$r -B build-x/$r -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >>$O/build.txt 2>&1 &&
  cmake --build build-x/$r -j 16 >>$O/build.txt 2>&1 || say "BUILD FAIL $r"
done
while IFS=$'\t' read -r rec args expected; do
  got=$(build-x/$rec/$rec --backend=cuda --verify --json $args 2>$O/err.txt); rc=$?
  if [ $rc -eq 0 ] && [ "$got" = "$expected" ]; then say "PASS $rec $args"; else say "FAIL $rec $args rc=$rc"; head -5 $O/err.txt | tee -a $LOG; fi
done < .carry/expected.tsv
for tool in memcheck racecheck; do
  compute-sanitizer --tool $tool --error-exitcode 99 build-x/sw/sw --backend=cuda --in a=@.carry/in/a300.fa --in b=@.carry/in/b450.fa > $O/san.txt 2>&1 && say "PASS $tool sw" || { say "FAIL $tool sw"; head -20 $O/san.txt | tee -a $LOG; }
  compute-sanitizer --tool $tool --error-exitcode 99 build-x/wnuss/wnuss --backend=cuda --in seq=@.carry/in/r700.fa > $O/san.txt 2>&1 && say "PASS $tool wnuss" || { say "FAIL $tool wnuss"; head -20 $O/san.txt | tee -a $LOG; }
done
t() { say "timing $*: $("$@" --timing --json 2>&1 | grep -o '"output":[0-9-]*\|"seconds":[0-9.]*\|error.*' | tr '\n' ' ')"; }
t build-x/sw/sw --backend=cuda --in a=@.carry/in/a10k.fa --in b=@.carry/in/b10k.fa
t build-x/sw/sw --backend=openmp --threads 16 --in a=@.carry/in/a10k.fa --in b=@.carry/in/b10k.fa
t build-x/sw/sw --backend=cuda --in a=@.carry/in/a30k.fa --in b=@.carry/in/b30k.fa
t build-x/sw/sw --backend=openmp --threads 16 --in a=@.carry/in/a30k.fa --in b=@.carry/in/b30k.fa
t build-x/wnuss/wnuss --backend=cuda --in seq=@.carry/in/r16k.fa
t build-gpu/nussinov/nussinov --backend=cuda --in seq=@.carry/in/r16k.fa
t build-x/wnuss/wnuss --backend=cuda --in seq=@.carry/in/r16k.fa
t build-gpu/nussinov/nussinov --backend=cuda --in seq=@.carry/in/r16k.fa
cp $O/suite/gpu-verification.log $O/ 2>/dev/null
say "done"
