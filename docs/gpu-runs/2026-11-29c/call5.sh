#!/usr/bin/env bash
# Call 5 (2026-11-29c): a hand-made variant (not in the compiler) of
# generated/nussinov whose in-tile remainder loops keep 2 or 4 partial maxima
# instead of one (.carry/ilp/mkilp.py: a shorter dependent chain per cell
# and anti-diagonal step); A = main's folder. Nussinov 16000 and the
# 2000-RNA batch, --timing compute, 3 runs each, alternating; --verify.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call5.log) 2>&1
mkdir -p .carry/ilp/a1 && cp -r generated/nussinov .carry/ilp/a1/
P=
for v in a1 a2 a4; do d=.carry/ilp/$v/nussinov
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build nussinov >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
python3 - <<'PY'
import random
rnd = random.Random(1)
lens = [rnd.randint(50, 400) for _ in range(2000)]
with open("/tmp/rna2000.fa", "w") as f:
    for i, n in enumerate(lens):
        f.write(">r%d\n%s\n" % (i, "".join(rnd.choice("ACGU") for _ in range(n))))
r = random.Random(5)
for n in (300, 1000, 3000, 16000):
    open('/tmp/s%d.fa' % n, 'w').write('>s\n%s\n' % ''.join(r.choice('ACGU') for _ in range(n)))
PY
wait $P; echo "built at $SECONDS s"
for v in a2 a4; do for n in 300 1000 3000; do
  echo "$v verify $n: $(.carry/ilp/$v/nussinov/build/nussinov --backend=cuda --verify /tmp/s$n.fa 2>&1 | grep -o 'verify: .*')"; done; done
for w in s16000 rna2000; do
  for rep in 1 2 3; do for v in a1 a2 a4; do
    t=$(.carry/ilp/$v/nussinov/build/nussinov --backend=cuda --timing --json /tmp/$w.fa 2>&1 >/tmp/o_$v.txt | grep -o 'compute [0-9.]*')
    echo "$w $v run $rep: $t; output md5 $(sed -E "s/\"seconds\":[0-9.eE+-]+//g" /tmp/o_$v.txt | md5sum | cut -c1-8)"
  done; done
done
echo "== done at $SECONDS s"
