#!/usr/bin/env bash
# Device call 3 of 2026-11-25 (session 6): experiments on hand-edited
# folders (.carry/var3, made by localerr.py and schedule blocks):
#  *_le: every device statement keeps its checks' error in a local int,
#        reported once (loads may move across the checks), ln_stmt_ lane
#        loops unrolled by 4;
#  align3_AxBxC, damerau_AxB: other tile shapes (schedule { tile ... }).
# CUDA compute time (--timing), 2 runs each, and the outputs.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
V=.carry/var3
for d in $V/*; do
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
python3 - <<'PY'
import random
random.seed(5)
s = lambda n, a: ''.join(random.choice(a) for _ in range(n))
ints = lambda n, lo, hi: ','.join(str(random.randint(lo, hi)) for _ in range(n))
w = lambda f, t: open('/tmp/' + f, 'w').write(t)
w('align3', ' '.join('--in %s=%s' % (x, s(600, 'ACGT')) for x in 'abc'))
w('damerau', '--in a=%s --in b=%s' % (s(20000, 'ACGT'), s(20000, 'ACGT')))
w('segment', '--in x=%s' % ints(20000, -5, 20))
w('knapsack', '--in v=%s --set CAP=20000' % ints(20000, 0, 20))
w('obst', '--in w=%s' % ints(4000, 0, 9))
for r, n in (('cyk', 4000), ('mccaskill', 4000), ('nussinov_weighted', 8000), ('nussinov', 16000), ('chang', 16000)):
    w(r, '--in seq=%s' % s(n, 'ACGU'))
PY
t() { # folder input-file
  local d=$1 in=$2 b
  b=$(find $d/build -maxdepth 1 -type f -executable ! -name "*.so" | head -1)
  local r1 r2
  r1=$(timeout 60 $b --backend=cuda --events=none --timing $(cat /tmp/$in) 2>&1)
  r2=$(timeout 60 $b --backend=cuda --events=none --timing $(cat /tmp/$in) 2>&1)
  printf "%-24s %s %s | %s\n" "$(basename $d)" "$(echo "$r1" | grep -oE 'compute [0-9.]+ s' | head -1)" \
    "$(echo "$r2" | grep -oE 'compute [0-9.]+ s' | head -1)" "$(echo "$r1" | grep -E ' = ' | head -1 | cut -c1-60)"
}
for d in $V/*; do
  n=$(basename $d); in=${n%_le}; in=${in%%_[0-9]*x*}
  t $d $in
done | tee $O/times.txt
echo "== all done at $SECONDS s"
