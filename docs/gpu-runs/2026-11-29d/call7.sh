#!/usr/bin/env bash
# Call 7 (2026-11-29d): the register-blocked products' staged loads printed
# without branches but the load's predicate (this tree, uncommitted) against
# main at 45f2415 (.carry/A/generated). (a) A/B compute seconds (--timing),
# three runs: Nussinov and Chang n = 16000, BPMax 128 and 192, the 2000-RNA
# batch; outputs compared. (b) the GPU suite on this tree's generated/ and,
# beside it, the corpus suite on the nine corpus recurrences whose products
# changed (.carry/C, compiled by this tree).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call7.log) 2>&1
P=
for d in .carry/A/generated/nussinov .carry/A/generated/chang .carry/A/generated/bpmax generated/nussinov generated/chang generated/bpmax; do r=$(basename $d)
  ( cmake -S $d -B $d/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    ninja -C $d/build $r >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
for d in .carry/C/*; do r=$(basename $d)
  ( cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 &&
    cmake --build $d/build -j 2 >/dev/null 2>&1 || echo "BUILD FAIL $d" ) & P+=" $!"
done
python3 - <<'PY'
import random
rnd = random.Random(11)
lens = [rnd.randint(50, 400) for _ in range(2000)]
with open("/tmp/rna2000.fa", "w") as f:
    for i, n in enumerate(lens):
        f.write(">r%d\n%s\n" % (i, "".join(rnd.choice("ACGU") for _ in range(n))))
r = random.Random(5)
open('/tmp/s16000.fa', 'w').write('>s\n%s\n' % ''.join(r.choice('ACGU') for _ in range(16000)))
open('/tmp/b128.txt', 'w').write(''.join(r.choice('ACGU') for _ in range(128)))
open('/tmp/b192.txt', 'w').write(''.join(r.choice('ACGU') for _ in range(192)))
PY
wait $P; echo "built at $SECONDS s"
run() { # variant dir, recurrence, args...
  local d=$1 r=$2; shift 2
  $d/$r/build/$r "$@" --timing 2>&1 >/tmp/o.txt | grep -o 'compute [0-9.]*' | tr '\n' ' '
  echo "md5 $(sed -E 's/"seconds":[0-9.eE+-]+//g' /tmp/o.txt | md5sum | cut -c1-8)"
}
for rep in 1 2 3; do for v in A B; do d=generated; [ $v = A ] && d=.carry/A/generated
  echo "nussinov16000 $v: $(run $d nussinov --backend=cuda --json /tmp/s16000.fa)"
  echo "chang16000 $v: $(run $d chang --backend=cuda --json /tmp/s16000.fa)"
  echo "bpmax128 $v: $(run $d bpmax --backend=cuda --json --in seq1=$(cat /tmp/b128.txt) --in seq2=$(cat /tmp/b128.txt))"
  echo "bpmax192 $v: $(run $d bpmax --backend=cuda --json --in seq1=$(cat /tmp/b192.txt) --in seq2=$(cat /tmp/b192.txt))"
  echo "rna2000 $v: $(run $d nussinov --backend=cuda --json /tmp/rna2000.fa)"
done; done
echo "A/B done at $SECONDS s"
bash tests/gpu/run.sh /tmp/gpu > $OUT/call7-gpu.out 2>&1 & G=$!
timeout 330 bash tests/gpu/run-corpus.sh --only=bpmax_window,cyk,matrix_chain,mccaskill,mccaskill_log,nussinov_weighted,obst,rnafold,triangulation .carry/C /tmp/corpus > $OUT/call7-corpus.out 2>&1; echo "corpus suite rc $? at $SECONDS s"
wait $G; echo "gpu suite rc $? at $SECONDS s"
tail -3 $OUT/call7-gpu.out; tail -14 $OUT/call7-corpus.out
echo "== done at $SECONDS s"
