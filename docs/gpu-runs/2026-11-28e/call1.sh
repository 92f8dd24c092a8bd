#!/usr/bin/env bash
# Call 1 (2026-11-28e): padded shared-memory rows (Lower/ChooseSharedPitch.cpp:
# the tile copy 64 x 72, the staged boxes 63 x 67 and 63 x 72 in Nussinov).
# --verify of the new generated/ folders (nussinov, chang at 300/1000/3000;
# bpmax 60 x 60), A/B compute seconds against main's folders (.carry/A),
# three runs each (nussinov, chang at 16000; bpmax 128 x 128), and ncu's
# shared-memory load wavefronts of one tile-kernel launch (A and B).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
for d in .carry/A/generated/nussinov .carry/A/generated/chang .carry/A/generated/bpmax generated/nussinov generated/chang generated/bpmax; do
  (cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $d/build -j 3 >/dev/null 2>&1 || echo "BUILD FAIL $d") &
done; wait
python3 - <<'PY'
import random
r = random.Random(13)
for n in (60, 128, 300, 1000, 3000, 16000):
    open('/tmp/s%d.fa' % n, 'w').write('>r\n' + ''.join(r.choice('ACGU') for _ in range(n)) + '\n')
PY
for r in nussinov chang; do for n in 300 1000 3000; do echo "verify $r $n: $(generated/$r/build/$r /tmp/s$n.fa --backend=cuda --verify --events=none 2>&1 | grep -o 'verify: [a-z]*')"; done; done
S=$(sed -n 2p /tmp/s60.fa)
echo "verify bpmax 60x60: $(generated/bpmax/build/bpmax --in seq1=$S --in seq2=$(echo $S | rev) --backend=cuda --verify --events=none 2>&1 | grep -o 'verify: [a-z]*')"
c() { "$@" --backend=cuda --events=none --timing 2>&1 | grep -o "compute [0-9.]*" | awk '{print $2}'; }
o() { "$@" --backend=cuda --events=none 2>&1 | head -1; }
B=$(sed -n 2p /tmp/s128.fa)
for rep in 1 2 3; do
  for r in nussinov chang; do
    echo "$r 16000 A $(c .carry/A/generated/$r/build/$r /tmp/s16000.fa) B $(c generated/$r/build/$r /tmp/s16000.fa)"
  done
  echo "bpmax 128x128 A $(c .carry/A/generated/bpmax/build/bpmax --in seq1=$B --in seq2=$B) B $(c generated/bpmax/build/bpmax --in seq1=$B --in seq2=$B)"
done
for r in nussinov chang; do echo "$r output A $(o .carry/A/generated/$r/build/$r /tmp/s16000.fa) B $(o generated/$r/build/$r /tmp/s16000.fa)"; done
for b in .carry/A/generated/nussinov/build/nussinov generated/nussinov/build/nussinov; do
  echo "== ncu $b"
  timeout 90 ncu --kernel-name regex:dpc_kernel0 --launch-skip 100 --launch-count 1 --metrics gpu__time_duration.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__sass_inst_executed_op_shared_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_st.sum $b /tmp/s16000.fa --backend=cuda --events=none 2>&1 | grep -E "duration|wavefronts|inst_executed" | tee -a $OUT/ncu.txt
done
