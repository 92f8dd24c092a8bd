#!/usr/bin/env bash
# Device call 1 of 2026-11-25 (session 2): CPU lane strips, old (.carry/gen,
# main at 8b1bf31) against new (.carry/cpu1: vector score lookups, column
# symbols and flags as lane vectors). OpenMP builds only.
set -u
cd "$(dirname "$0")/../../.."
O=${OUT:-/tmp/o}; mkdir -p $O
grep -o 'avx512[a-z_]*' /proc/cpuinfo | sort -u | tr '\n' ' '; echo
g++ --version | head -1; nproc
for d in .carry/gen/sw_local .carry/gen/editdist .carry/cpu1/sw_local .carry/cpu1/editdist; do
  ( cmake -S $d -B $d/bo -DCMAKE_BUILD_TYPE=Release -DDPC_ENABLE_CUDA=OFF >/dev/null 2>&1 &&
    cmake --build $d/bo -j 4 >/dev/null 2>&1 ) || echo "BUILD FAIL $d" &
done; wait
echo "== built at $SECONDS s"
python3 - <<'PY'
import random
r = random.Random(5)
for n in (50000, 20000, 300, 1000, 1777):
    for s in "ab":
        open("/tmp/%s%d.txt" % (s, n), "w").write("".join(r.choice("ACGT") for _ in range(n)))
PY
for r in sw_local editdist; do
  for n in 300 1000 1777; do
    echo "$r new n=$n: $(.carry/cpu1/$r/bo/$r --in a=@/tmp/a$n.txt --in b=@/tmp/b$n.txt --verify --threads 16 --events=none 2>&1 | tr '\n' ' ')"
  done
  for v in gen cpu1; do
    for tn in 16:50000 1:20000; do
      t=${tn%:*}; n=${tn#*:}
      x=$(.carry/$v/$r/bo/$r --in a=@/tmp/a$n.txt --in b=@/tmp/b$n.txt --threads $t --timing --events=none 2>&1 | grep -E "^time|=" | tr '\n' ' ')
      echo "$r $v threads=$t n=$n: $x"
    done
  done
done
