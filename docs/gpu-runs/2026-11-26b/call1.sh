#!/usr/bin/env bash
# Device call 1 of 2026-11-26 (session 8): where BPMax's GPU time goes.
# generated/bpmax at N = M = 64 and 128: --timing, then ncu (one metric:
# gpu__time_duration) over every kernel launch, summed per kernel name.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
cmake -S generated/bpmax -B /tmp/bp -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
  cmake --build /tmp/bp -j 16 >/dev/null 2>&1 || { echo "BUILD FAIL"; exit 1; }
echo "== built at $SECONDS s"
python3 -c "
import random; r = random.Random(7)
for n in (64, 128):
    for s in (1, 2):
        open('/tmp/bp%d_%d.fa' % (n, s), 'w').write('>s%d_%d\n' % (n, s) + ''.join(r.choice('ACGU') for _ in range(n)) + '\n')"
B=/tmp/bp/bpmax
for n in 64 128; do
  $B --backend=cuda --in seq1=@/tmp/bp${n}_1.fa --in seq2=@/tmp/bp${n}_2.fa --events=none --timing > $O/t$n.txt 2>&1
  echo "N=M=$n: $(grep -oE 'compute [0-9.]+ s' $O/t$n.txt | head -1) $(head -c 300 $O/t$n.txt | tr '\n' ' ')"
done
for n in 64 128; do
  timeout 250 ncu --clock-control none --metrics gpu__time_duration.sum --csv \
    $B --backend=cuda --in seq1=@/tmp/bp${n}_1.fa --in seq2=@/tmp/bp${n}_2.fa --events=none > $O/ncu$n.csv 2>$O/ncu$n.err
  echo "ncu N=$n rc=$? at $SECONDS s"
  python3 - $O/ncu$n.csv <<'PY'
import csv, sys, collections
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
h = rows[0]; ki = h.index('Kernel Name'); vi = h.index('Metric Value'); ui = h.index('Metric Unit')
tot = collections.defaultdict(float); cnt = collections.Counter()
for r in rows[1:]:
    v = float(r[vi].replace(',', '')); u = r[ui]
    v *= {'nsecond': 1e-9, 'usecond': 1e-6, 'msecond': 1e-3, 'second': 1}.get(u, 1)
    k = r[ki].split('(')[0]; tot[k] += v; cnt[k] += 1
s = sum(tot.values())
for k, v in sorted(tot.items(), key=lambda x: -x[1]):
    print('%-28s %6d launches %9.4f s %5.1f%%' % (k, cnt[k], v, 100 * v / s))
print('total kernel time %.4f s' % s)
PY
done
echo "== all done at $SECONDS s"
