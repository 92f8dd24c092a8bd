#!/usr/bin/env bash
# Call 6 (2026-11-28e): the double reduction's kernel with 64-thread blocks
# of 4 x 4 accumulators (call 5's b8, now compiler output): the GPU suite
# (tests/gpu/run.sh) on the regenerated seeds, the corpus suite on
# bpmax_window (.carry/C), and BPMax 128 x 128 compute seconds against
# main's folder (.carry/A).
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
(d=.carry/A/generated/bpmax; cmake -S $d -B $d/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build $d/build -j 4 >/dev/null 2>&1 || echo "BUILD FAIL $d") &
bash tests/gpu/run.sh $OUT/gpu > $OUT/gpu.out 2>&1; echo "gpu suite rc $?"
wait
bash tests/gpu/run-corpus.sh --only=bpmax_window .carry/C $OUT/corpus > $OUT/corpus.out 2>&1; echo "corpus suite rc $?"
B=$(python3 -c "import random; r = random.Random(13); print(''.join(r.choice('ACGU') for _ in range(128)))")
c() { "$@" --backend=cuda --events=none --timing 2>&1 | grep -o "compute [0-9.]*" | awk '{print $2}'; }
for rep in 1 2 3; do echo "bpmax 128x128 A $(c .carry/A/generated/bpmax/build/bpmax --in seq1=$B --in seq2=$B) B $(c build-gpu/bpmax/bpmax --in seq1=$B --in seq2=$B)"; done
tail -3 $OUT/gpu.out; tail -4 $OUT/corpus.out
