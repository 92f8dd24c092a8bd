#!/usr/bin/env bash
# Device call 2 of 2026-11-25 (session 3): the alignment rows of the corpus
# benchmark (tests/bench/run.py, CUDA and OpenMP side by side) after the
# strip sweep computes sw_local's R as it goes, and one run each with
# --timing and /usr/bin/time (process wall, max RSS). Needs .carry/gen3
# (scripts/gen-corpus.sh .carry/gen3).
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/gen3
for d in $G/sw_local $G/editdist $G/lcs $G/gotoh; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 4 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
python3 tests/bench/run.py --corpus $G --only "sw_local|editdist|lcs|gotoh" --gpu --threads 16 --repeat 3 --budget 40 --bin /tmp/bb --out $O/bench > $O/bench.txt 2>&1; echo "bench exit $?"
tail -7 $O/bench.txt
echo "== one run each with --timing (the benchmark's inputs)"
I=$O/bench/inputs
for r in sw_local editdist; do
  a=$(ls $I/${r}_a_n*.fa | head -1); b=$(ls $I/${r}_b_n*.fa | head -1)
  for bk in openmp cuda; do
    echo "$r $bk: $(/usr/bin/time -f 'process %e s, max RSS %M KB' $G/$r/build/$r --in a=@$a --in b=@$b --backend=$bk --threads 16 --timing --events=none 2>&1 | grep -E 'timing|process' | sed 's/.*failed; //' | tr '\n' ' ')"
  done
done
echo "== done at $SECONDS s"
