#!/usr/bin/env bash
# Call 8 (2026-11-28e): the device traceback with a block of 256 threads a
# problem where the batch has at most one problem per SM (a warp each
# otherwise): the GPU suite on the regenerated seeds (device traceback
# against --trace-records 2, the host's), the corpus suite on five
# recurrences traced on the device (.carry/C), and --timing with the
# traceback at n = 16000 against main's folders (.carry/A: a warp).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for r in nussinov chang; do d=.carry/A/generated/$r; (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $d/build -j 4 >/dev/null 2>&1 || echo "BUILD FAIL $d") & done
bash tests/gpu/run.sh $OUT/gpu > $OUT/gpu.out 2>&1; echo "gpu suite rc $?"
wait
python3 -c "import random; r = random.Random(7); open('/tmp/s16000.fa', 'w').write('>r\n' + ''.join(r.choice('ACGU') for _ in range(16000)) + '\n')"
for r in nussinov chang; do for rep in 1 2 3; do
  echo "$r A $(.carry/A/generated/$r/build/$r /tmp/s16000.fa --backend=cuda --timing 2>&1 >/dev/null | grep -o 'wall.*')"
  echo "$r B $(build-gpu/$r/$r /tmp/s16000.fa --backend=cuda --timing 2>&1 >/dev/null | grep -o 'wall.*')"
done; done
for r in nussinov chang; do cmp <(.carry/A/generated/$r/build/$r /tmp/s16000.fa --backend=cuda) <(build-gpu/$r/$r /tmp/s16000.fa --backend=cuda) && echo "$r structure identical A B"; done
timeout 280 bash tests/gpu/run-corpus.sh --only=sw_local,gotoh,obst,rnafold,nussinov_weighted .carry/C $OUT/corpus > $OUT/corpus.out 2>&1; echo "corpus suite rc $?"
tail -3 $OUT/gpu.out; tail -8 $OUT/corpus.out
