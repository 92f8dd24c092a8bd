#!/usr/bin/env bash
# Device call 2 of 2026-11-25: matrix chain's k-term product kernel without
# the two-blocks-per-SM bound (.carry/gen2, dpc now) against the same code
# with it (.carry/gen2-lb2: __launch_bounds__(256, 2) put back by sed);
# segment with the traceback that skips tables recording no events; the
# corpus cases of both and the kterms tables re-checked.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
for d in .carry/gen2/* .carry/gen2-lb2/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 4 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
python3 -c "
import random
r = random.Random(3)
open('/tmp/mc.txt','w').write(','.join(str(r.randint(1, 40)) for _ in range(4002)))
r = random.Random(11)
open('/tmp/kt.txt','w').write(','.join(str(r.randint(1, 2000)) for _ in range(1500)))"
echo "== matrix_chain n=4000, compute (3 runs): launch bounds (256) vs (256, 2)"
for v in gen2 gen2-lb2; do
  b=.carry/$v/matrix_chain/build/matrix_chain
  t=$(for k in 1 2 3; do $b --in p=$(cat /tmp/mc.txt) --backend=cuda --timing --events=none 2>&1 | grep -o "compute [0-9.]* s"; done | tr '\n' ' ')
  o=$($b --in p=$(cat /tmp/mc.txt) --backend=cuda --events=none 2>&1 | head -1)
  echo "$v: $t; $o"
done
echo "== kterms n=1500: CUDA tables == OpenMP tables, --verify"
K=.carry/gen2/kterms/build/kterms
$K --in p=$(cat /tmp/kt.txt) --backend=cuda --dump-table M --dump-table A --dump-table D --events=none > /tmp/c.txt 2>&1
$K --in p=$(cat /tmp/kt.txt) --backend=openmp --threads 16 --dump-table M --dump-table A --dump-table D --events=none > /tmp/o.txt 2>&1
cmp -s /tmp/c.txt /tmp/o.txt && echo "tables equal ($(wc -l < /tmp/c.txt) lines)" || echo "tables DIFFER"
$K --in p=$(cat /tmp/kt.txt) --backend=cuda --verify --events=none 2>&1 | grep -o "verify: [a-z]*"
echo "== corpus cases of matrix_chain and segment"
tests/gpu/run-corpus.sh .carry/gen2 $O/corpus > $O/corpus.txt 2>&1; grep -E "^(matrix_chain|segment|kterms) " $O/corpus.txt | tail -3  # (the other recurrences of the cases file are not in .carry/gen2: counted as not built)
echo "== benchmark: matrix_chain, segment"
python3 tests/bench/run.py --corpus .carry/gen2 --gpu --threads 16 --repeat 2 --budget 40 --bin /tmp/bb --only 'matrix_chain|segment' --out $O/bench > $O/bench.txt 2>&1; echo "exit $?"
tail -5 $O/bench.txt
echo "== done at $SECONDS s"
