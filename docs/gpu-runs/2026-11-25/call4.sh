#!/usr/bin/env bash
# Device call 4 of 2026-11-25: int64 products split over k (matrix chain,
# obst), the corpus re-verified; the product recurrences timed. Needs the folders made
# here: .carry/gen (scripts/gen-corpus.sh), .carry/gen-extra/kterms
# (tests/gen/Inputs/kterms.dp).
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/gen
echo "== build (nvcc, sm_90), every folder in parallel"
for d in $G/* .carry/gen-extra/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
echo "== kterms: --verify on CUDA, and CUDA tables == OpenMP tables (M, A, D)"
K=.carry/gen-extra/kterms/build/kterms
python3 - <<'PY'
import random
r = random.Random(11)
for n in (1, 2, 3, 64, 65, 66, 67, 130, 131, 200, 257, 700, 1500):
    open("/tmp/kt%d.txt" % n, "w").write(",".join(str(r.randint(1, 2000)) for _ in range(n)))
PY
for n in 1 2 3 64 65 66 67 130 131 200 257 700 1500; do
  in="--in p=$(cat /tmp/kt$n.txt)"
  v=$($K $in --backend=cuda --verify --events=none 2>&1 | grep -o "verify: [a-z]*")
  $K $in --backend=cuda --dump-table M --dump-table A --dump-table D --events=none > /tmp/ktc.txt 2>&1
  $K $in --backend=openmp --threads 16 --dump-table M --dump-table A --dump-table D --events=none > /tmp/kto.txt 2>&1
  cmp -s /tmp/ktc.txt /tmp/kto.txt && e=equal || e=DIFFER
  echo "kterms n=$n: $v; tables $e ($(wc -l < /tmp/ktc.txt) lines)"
done
echo "== corpus verification (tests/gpu/run-corpus.sh)"
tests/gpu/run-corpus.sh $G $O/corpus > $O/corpus.txt 2>&1; echo "exit $?"
tail -20 $O/corpus.txt
echo "== matrix_chain n=4000: compute (2 runs per backend)"
python3 -c "
import random
r = random.Random(3)
open('/tmp/mc.txt','w').write(','.join(str(r.randint(1, 40)) for _ in range(4002)))"
for bk in cuda openmp; do
  t=$(for k in 1 2; do $G/matrix_chain/build/matrix_chain --in p=$(cat /tmp/mc.txt) --backend=$bk --threads 16 --timing --events=none 2>&1 | grep -o "compute [0-9.]* s"; done | tr '\n' ' ')
  echo "matrix_chain $bk: $t"
done
echo "== corpus benchmark, the recurrences with products (tests/bench/run.py --corpus)"
python3 tests/bench/run.py --corpus $G --gpu --threads 16 --repeat 2 --budget 40 --bin /tmp/bb --only 'matrix_chain|obst|cyk|rnafold|nussinov_weighted|segment' --out $O/bench > $O/bench.txt 2>&1; echo "exit $?"
tail -22 $O/bench.txt
echo "== done at $SECONDS s"
