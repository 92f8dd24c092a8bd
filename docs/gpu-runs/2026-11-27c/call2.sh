#!/usr/bin/env bash
# Issue 14, after call 1 (README.md): the segment buffer without a modulo per
# access and a lazy first pass. sw_local with CUDA on one GPU:
#  1. 20000 x 20000 traced (cuda): whole table == --checkpoint-rows (JSON);
#  2. 30000 x 30000 traced with --memory-budget 1G (whole tables 3.4 GiB:
#     the automatic choice keeps H as rows) == the whole table's run;
#  3. 100000 x 100000 (call 1's inputs) traced with --checkpoint-rows:
#     --timing, process wall and max RSS.
set -u
W=.carry/ck
B=/tmp/ckbuild2
mkdir -p $OUT
cmake -S $W/sw_local -B $B -DCMAKE_BUILD_TYPE=Release >$OUT/build.log 2>&1 && cmake --build $B -j16 >>$OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }
X=$B/sw_local
rss() { python3 -c "
import resource, subprocess, sys, time
t = time.time()
r = subprocess.run(sys.argv[1:])
print('wall_s %.3f maxrss_MB %.1f rc %d' % (time.time() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, r.returncode), file=sys.stderr)
sys.exit(r.returncode)" "$@"; }
rss $X --backend=cuda --in a=@$W/a2.txt --in b=@$W/b2.txt --json --path > $OUT/w20.json 2> $OUT/w20.err
rss $X --backend=cuda --in a=@$W/a2.txt --in b=@$W/b2.txt --json --path --checkpoint-rows > $OUT/r20.json 2> $OUT/r20.err
cmp -s $OUT/w20.json $OUT/r20.json && echo "20000^2 cuda: whole == checkpoint rows" || echo "20000^2 cuda: DIFFER"
echo "whole: $(tail -1 $OUT/w20.err)"; echo "rows:  $(tail -1 $OUT/r20.err)"
$X --backend=cuda --in a=@$W/a3.txt --in b=@$W/b3.txt --json --explain --memory-budget 1G | grep "table H"
rss $X --backend=cuda --in a=@$W/a3.txt --in b=@$W/b3.txt --json --path > $OUT/w30.json 2> $OUT/w30.err
rss $X --backend=cuda --in a=@$W/a3.txt --in b=@$W/b3.txt --json --path --memory-budget 1G > $OUT/r30.json 2> $OUT/r30.err
cmp -s $OUT/w30.json $OUT/r30.json && echo "30000^2 cuda: whole == --memory-budget 1G (rows)" || echo "30000^2 cuda: DIFFER"
echo "whole: $(tail -1 $OUT/w30.err)"; echo "rows:  $(tail -1 $OUT/r30.err)"
echo "== 100000 x 100000 traced, --checkpoint-rows (cuda)"
rss $X --backend=cuda --in a=@$W/a.txt --in b=@$W/b.txt --timing --path --json --checkpoint-rows > $OUT/r100.json 2> $OUT/r100.err
tail -2 $OUT/r100.err
python3 -c "
import json; r = json.load(open('$OUT/r100.json'))
print('output', r['output'], 'events', len(r['events']), 'path', r.get('path'))"
