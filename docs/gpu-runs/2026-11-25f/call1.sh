#!/usr/bin/env bash
# Device call 1 of 2026-11-25 (session 6): double sums as tile products.
# 1. the corpus GPU verification (tests/gpu/run-corpus.sh) on folders of
#    the new compiler (.carry/gen1): mccaskill's results now compared to a
#    relative 1e-12 (json_close.py --relative), CUDA JSON == OpenMP JSON;
# 2. mccaskill and cyk (launch bounds (256, 1)) in the corpus benchmark:
#    the commit before (.carry/base1) and the new folders, same run;
# 3. where the time goes in the slow families (align3, knapsack, banded,
#    segment): --timing, and ncu on one mid-run launch of each.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
G=.carry/gen1; B=.carry/base1
for d in $G/* $B/mccaskill $B/cyk; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
timeout 280 tests/gpu/run-corpus.sh $G $O/corpus > $O/corpus.txt 2>&1; echo "run-corpus rc=$?"
tail -24 $O/corpus.txt
# mccaskill: CUDA == OpenMP bit for bit (same order of additions)
python3 -c "
import random; random.seed(11)
for n in (300, 1000, 3000):
    open('/tmp/mc%d.fa' % n, 'w').write('>s%d\n' % n + ''.join(random.choice('ACGU') for _ in range(n)) + '\n')"
for n in 300 1000 3000; do
  a=$($G/mccaskill/build/mccaskill --backend=cuda --json --events=none /tmp/mc$n.fa)
  b=$($G/mccaskill/build/mccaskill --backend=openmp --json --events=none /tmp/mc$n.fa)
  v=$($G/mccaskill/build/mccaskill --backend=cuda --verify --events=none /tmp/mc$n.fa 2>&1 | grep verify)
  [ "$a" = "$b" ] && echo "mccaskill n=$n: CUDA == OpenMP: $a; $v" || echo "mccaskill n=$n: DIFFER cuda $a openmp $b; $v"
done
for w in base:$B new:$G; do
  n=${w%%:*}; d=${w#*:}
  echo "== at $SECONDS s: $n"
  timeout 120 python3 tests/bench/run.py --corpus $d --only "mccaskill|cyk" --gpu --threads 16 --repeat 2 --budget 60 --bin /tmp/bb-$n --out $O/bench-$n > $O/bench-$n.txt 2>&1; echo "bench rc=$?"
  tail -4 $O/bench-$n.txt
done
echo "== profiles at $SECONDS s"
P=$O/profile.txt; : > $P
python3 - <<'PY'
import random
random.seed(3)
s = lambda n, a: ''.join(random.choice(a) for _ in range(n))
open('/tmp/a3.txt', 'w').write(' '.join('--in %s=%s' % (x, s(300, 'ACGT')) for x in 'abc'))
open('/tmp/kv.txt', 'w').write(','.join(str(random.randint(0, 20)) for _ in range(8000)))
open('/tmp/bd.txt', 'w').write('--in a=%s --in b=%s' % (s(20000, 'ACGT'), s(20000, 'ACGT')))
open('/tmp/sx.txt', 'w').write(','.join(str(random.randint(-5, 20)) for _ in range(10000)))
PY
run() { # name skip args...
  local r=$1 skip=$2; shift 2
  echo "=== $r: $(timeout 60 $G/$r/build/$r --backend=cuda --events=none --timing "$@" 2>&1 | tr '\n' ' ' | cut -c1-400)" | tee -a $P
  timeout 90 ncu --launch-skip $skip --launch-count 1 --section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats \
    $G/$r/build/$r --backend=cuda --events=none "$@" >> $P 2>&1
}
run align3 400 $(cat /tmp/a3.txt)
run knapsack 200 --in v=@/tmp/kv.txt --set CAP=8000
run banded 0 $(cat /tmp/bd.txt) --set W=256
run segment 3 --in x=@/tmp/sx.txt
grep -E "^===|Duration|Registers Per|Achieved Occupancy|Theoretical Occ|Block Size|Grid Size|Stall|Warp Cycles Per Issued|dpc_kernel" $P | head -120
echo "== all done at $SECONDS s"
