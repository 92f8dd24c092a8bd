#!/usr/bin/env bash
# Call 1 (2026-11-27): how much of the database search's time the guarded
# strips take. The query length N decides how many of a problem's 64-row
# strips are fully guarded: the first (row 0 is the boundary case) always,
# and the last unless N + 1 is a multiple of 64. Same 20000 targets of
# 200..2000 nt, queries of N = 959, 960, 1000, 1023, 1024, 1087 nt; compute
# time (min of 5) per cell tells the cost of a guarded strip.
set -u
cd "$(dirname "$0")/../../.."
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
cmake -S .carry/sw -B /tmp/swb -DCMAKE_BUILD_TYPE=Release > "$OUT/build.log" 2>&1
cmake --build /tmp/swb -j 16 >> "$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; }
python3 - <<'PY'
import random
r = random.Random(11)
with open("/tmp/targets.fa", "w") as f:
    for i in range(20000):
        f.write(">t%d\n%s\n" % (i, "".join(r.choice("ACGT") for _ in range(r.randint(200, 2000)))))
q = "".join(r.choice("ACGT") for _ in range(1087))
for n in (959, 960, 1000, 1023, 1024, 1087):
    open("/tmp/q%d.fa" % n, "w").write(">q\n%s\n" % q[:n])
PY
M=$(python3 -c "
import re
print(sum(len(l.strip()) for l in open('/tmp/targets.fa') if not l.startswith('>')))")
echo "targets: 20000, total length $M" | tee "$OUT/call1.txt"
printf "%6s %7s %10s %10s %12s\n" N strips "min s" "G cells/s" "s / strip-col" | tee -a "$OUT/call1.txt"
for n in 959 960 1000 1023 1024 1087; do
  best=
  for k in 1 2 3 4 5; do
    t=$(/tmp/swb/sw_local --backend=cuda --timing --in a=@/tmp/q$n.fa /tmp/targets.fa 2>&1 >/dev/null |
        sed -n 's/.*compute \([0-9.]*\) s.*/\1/p')
    best=$(python3 -c "print(min(x for x in [$t, ${best:-1e9}]))")
  done
  python3 -c "
n=$n; m=$M; t=$best; s=(n+1+63)//64
print('%6d %7d %10.5f %10.1f %12.3e' % (n, s, t, n*m/t/1e9, t/(s*m)))" | tee -a "$OUT/call1.txt"
done
/tmp/swb/sw_local --backend=cuda --in a=@/tmp/q1000.fa /tmp/targets.fa > "$OUT/out-cuda-1000.txt" 2>&1
head -3 "$OUT/out-cuda-1000.txt"
