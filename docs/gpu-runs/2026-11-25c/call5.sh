#!/usr/bin/env bash
# Device call 5 of 2026-11-25 (session 3): after `--events=none` stops the
# traceback in every format for recurrences without a structure (so JSON
# runs keep two rolling rows too). (1) the corpus GPU verification
# (tests/gpu/run-corpus.sh: every case with --verify --json against dpc
# interp, and compute-sanitizer); (2) the alignment rows of the corpus
# benchmark twice in one run: with the traceback (as before) and score
# only (--scores-only); (3) sw_local and editdist at 100000 x 100000, score
# only, time and max RSS. Needs .carry/gen3 (scripts/gen-corpus.sh).
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/gen3
for d in $G/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
echo "== corpus verification (tests/gpu/run-corpus.sh)"
tests/gpu/run-corpus.sh $G $O/corpus > $O/corpus.txt 2>&1; echo "exit $?"
tail -4 $O/corpus.txt
echo "== corpus benchmark, alignment rows: with the traceback, then score only"
python3 tests/bench/run.py --corpus $G --only "sw_local|editdist|lcs|gotoh|banded" --gpu --threads 16 --repeat 3 --budget 40 --bin /tmp/bb --out $O/bench-full > $O/bench-full.txt 2>&1; echo "bench exit $?"
tail -6 $O/bench-full.txt
python3 tests/bench/run.py --corpus $G --only "sw_local|editdist|lcs|gotoh|banded" --gpu --threads 16 --repeat 3 --budget 40 --bin /tmp/bb --scores-only --out $O/bench-scores > $O/bench-scores.txt 2>&1; echo "bench exit $?"
tail -6 $O/bench-scores.txt
echo "== 100000 x 100000, score only: --timing and /usr/bin/time"
python3 -c "
import random
r = random.Random(21)
for s in 'ab':
    open('/tmp/%s100k.fa' % s, 'w').write('>s\n' + ''.join(r.choice('ACGT') for _ in range(100000)) + '\n')"
for r in sw_local editdist; do
  for bk in cuda openmp; do
    echo "$r $bk: $(/usr/bin/time -f 'process %e s, max RSS %M KB' $G/$r/build/$r --in a=@/tmp/a100k.fa --in b=@/tmp/b100k.fa --backend=$bk --threads 16 --timing --events=none 2>&1 | grep -E '\] =|timing|process' | sed 's/.*failed; //' | tr '\n' ' ')"
  done
done
echo "== done at $SECONDS s"
