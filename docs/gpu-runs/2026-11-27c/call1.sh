#!/usr/bin/env bash
# Issue 14: tracebacks from checkpointed rows. Builds sw_local (compiled at
# the commit named in README.md) with CUDA, then on one H100:
#  1. 20000 x 20000 traced with the whole table and with --checkpoint-rows,
#     on cuda and openmp: the JSON results (events, --path) must be equal;
#  2. 100000 x 100000 (a long local alignment inside random flanks): score
#     only, then traced with --checkpoint-rows and with --memory-budget 1G
#     (the automatic choice), with --timing, the process wall and max RSS.
set -u
W=.carry/ck
B=/tmp/ckbuild
mkdir -p $OUT
cmake -S $W/sw_local -B $B -DCMAKE_BUILD_TYPE=Release >$OUT/build.log 2>&1 && cmake --build $B -j16 >>$OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }
X=$B/sw_local
rss() { python3 -c "
import resource, subprocess, sys, time
t = time.time()
r = subprocess.run(sys.argv[1:])
print('wall_s %.3f maxrss_MB %.1f rc %d' % (time.time() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, r.returncode), file=sys.stderr)
sys.exit(r.returncode)" "$@"; }
A2=@$W/a2.txt; B2=@$W/b2.txt
for be in cuda openmp; do
  rss $X --backend=$be --in a=$A2 --in b=$B2 --json --path > $OUT/p20k_${be}_whole.json 2> $OUT/p20k_${be}_whole.err
  rss $X --backend=$be --in a=$A2 --in b=$B2 --json --path --checkpoint-rows > $OUT/p20k_${be}_rows.json 2> $OUT/p20k_${be}_rows.err
  cmp -s $OUT/p20k_${be}_whole.json $OUT/p20k_${be}_rows.json && echo "20000^2 $be: whole == checkpoint rows ($(wc -c < $OUT/p20k_${be}_rows.json) bytes)" || echo "20000^2 $be: DIFFER"
  tail -1 $OUT/p20k_${be}_whole.err; tail -1 $OUT/p20k_${be}_rows.err
done
cmp -s $OUT/p20k_cuda_rows.json $OUT/p20k_openmp_rows.json && echo "20000^2 cuda == openmp" || echo "20000^2 cuda/openmp DIFFER"
A=@$W/a.txt; Bs=@$W/b.txt
echo "== 100000 x 100000 score only (cuda)"
rss $X --backend=cuda --in a=$A --in b=$Bs --timing --events=none 2>&1 | tail -4
echo "== 100000 x 100000 traced, --checkpoint-rows (cuda)"
rss $X --backend=cuda --in a=$A --in b=$Bs --timing --path --traceback --events=summary --checkpoint-rows --explain 2>&1 | grep -E "table H|memory"
rss $X --backend=cuda --in a=$A --in b=$Bs --timing --path --json --checkpoint-rows > $OUT/p100k_rows.json 2> $OUT/p100k_rows.err
tail -5 $OUT/p100k_rows.err
python3 -c "
import json; r = json.load(open('$OUT/p100k_rows.json'))
print('output', r['output'], 'events', len(r['events']), 'path', r.get('path'))"
echo "== 100000 x 100000 traced, --memory-budget 1G (the automatic choice)"
rss $X --backend=cuda --in a=$A --in b=$Bs --path --json --memory-budget 1G > $OUT/p100k_auto.json 2> $OUT/p100k_auto.err
tail -2 $OUT/p100k_auto.err
cmp -s $OUT/p100k_rows.json $OUT/p100k_auto.json && echo "100000^2: auto == forced" || echo "100000^2: auto/forced DIFFER"
