#!/usr/bin/env bash
# Device call 6 of 2026-11-26 (session 7), on a host with two GPUs
# (nvidia-h200-x2): --device all spreads a run's batches over every GPU of
# the host, one host thread and stream per device (issue 11). The same
# problems with --device 0, --device 1, --device all and --device 0,1: every
# output and structure must be equal; compute and wall time of each.
#  1. 2000 random RNAs of 50..400 nt through generated/nussinov (JSON with
#     structures), and scores only;
#  2. a 1000 nt DNA query against 20000 targets of 200..2000 nt through the
#     corpus's sw_local (.carry/genF/sw_local), scores only;
#  3. 20000 RNAs, JSON, with a 256 MB memory budget (many batches, so that
#     both GPUs take several).
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
nvidia-smi --query-gpu=index,name,memory.total --format=csv,noheader
for d in generated/nussinov .carry/genF/sw_local; do
  ( cmake -S $d -B /tmp/b/$(basename $d) -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build /tmp/b/$(basename $d) -j 16 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
python3 - <<'PY'
import random
r = random.Random(11)
s = lambda n, a: ''.join(r.choice(a) for _ in range(n))
with open('/tmp/rna2000.fa', 'w') as f:
    for i in range(2000):
        f.write('>r%d\n%s\n' % (i, s(r.randint(50, 400), 'ACGU')))
with open('/tmp/rna20000.fa', 'w') as f:
    for i in range(20000):
        f.write('>r%d\n%s\n' % (i, s(r.randint(50, 400), 'ACGU')))
open('/tmp/q.fa', 'w').write('>q\n%s\n' % s(1000, 'ACGT'))
with open('/tmp/db.fa', 'w') as f:
    for i in range(20000):
        f.write('>t%d\n%s\n' % (i, s(r.randint(200, 2000), 'ACGT')))
PY
run() { # label out-file cmd...: runs twice, keeps the output of the first
  local l=$1 o=$2; shift 2
  local t0 t1 c1 c2
  t0=$(date +%s%N); "$@" --timing > $o 2> $o.err; rc=$?; t1=$(date +%s%N)
  c1=$(grep -oE "compute [0-9.]+ s" $o.err | head -1)
  "$@" --timing > /dev/null 2> $o.err2; c2=$(grep -oE "compute [0-9.]+ s" $o.err2 | head -1)
  printf "%-36s rc=%d %s, %s; process %d ms; %s\n" "$l" $rc "$c1" "$c2" $(( (t1 - t0) / 1000000 )) \
    "$(grep -oE '[0-9]+ problem\(s\) in [0-9]+ batch\(es\), [0-9]+ failed' $o.err | head -1)"
}
N=/tmp/b/nussinov/nussinov; S=/tmp/b/sw_local/sw_local
for dv in 0 1 all 0,1; do
  run "nussinov 2000 json --device $dv" /tmp/n2000-$dv.txt $N --backend=cuda --json --device $dv /tmp/rna2000.fa
  run "nussinov 2000 scores --device $dv" /tmp/n2000s-$dv.txt $N --backend=cuda --events=none --device $dv /tmp/rna2000.fa
  run "sw_local 1000x20000 --device $dv" /tmp/sw-$dv.txt $S --backend=cuda --events=none --device $dv --in a=@/tmp/q.fa /tmp/db.fa
  run "nussinov 20000 json 256M --device $dv" /tmp/n20000-$dv.txt $N --backend=cuda --json --memory-budget 256M --device $dv /tmp/rna20000.fa
done
for f in n2000 n2000s sw n20000; do
  for dv in 1 all 0,1; do
    cmp -s /tmp/$f-0.txt /tmp/$f-$dv.txt && echo "$f --device $dv: equal to --device 0 ($(wc -l < /tmp/$f-0.txt) lines)" || echo "$f --device $dv: DIFFERS from --device 0"
  done
done
nvidia-smi --query-gpu=index,utilization.gpu --format=csv,noheader
echo "== all done at $SECONDS s"
