#!/usr/bin/env bash
# Call 1 (2026-11-29, twenty-sixth session): what the last session could not
# run on a GPU, and where BPMax's split-K product kernel spends its
# instructions.
#  1. tests/gpu/run.sh (every case again with --wide-indices: the int64
#     instances of the tile kernels);
#  2. the corpus suite on the strip recurrences sw_local, gotoh, editdist
#     (their int32 instances now call the runtime's int32 helper templates);
#  3. ncu source page (SASS, executed instructions, stall samples) of one
#     dpc_product2 launch of BPMax 128 x 128 and one dpc_product0 launch of
#     Nussinov n = 16000, with -lineinfo builds.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
exec > >(tee $OUT/call1.log) 2>&1
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
P=
for r in nussinov bpmax; do d=generated/$r
  ( cmake -S $d -B /tmp/li-$r -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_CUDA_FLAGS=-lineinfo >/dev/null 2>&1 &&
    cmake --build /tmp/li-$r -j 4 >/dev/null 2>&1 || echo "BUILD FAIL $r" ) & P+=" $!"
done
bash tests/gpu/run.sh /tmp/gpu > $OUT/gpu.out 2>&1; echo "gpu suite rc $?"
wait $P
timeout 200 bash tests/gpu/run-corpus.sh --only=sw_local,gotoh,editdist .carry/C /tmp/corpus > $OUT/corpus.out 2>&1; echo "corpus suite rc $?"
python3 -c "
import random; r = random.Random(7)
open('/tmp/s16000.fa', 'w').write('>r\n' + ''.join(r.choice('ACGU') for _ in range(16000)) + '\n')
open('/tmp/s128.txt', 'w').write(''.join(r.choice('ACGU') for _ in range(128)))"
S=$(cat /tmp/s128.txt)
prof() { # name kernel skip binary args...
  local n=$1 k=$2 s=$3; shift 3
  timeout 150 ncu --kernel-name regex:$k --launch-skip $s --launch-count 1 \
    --section SourceCounters --section WarpStateStats --section InstructionStats --section SpeedOfLight --section Occupancy --section LaunchStats \
    --import-source yes -o /tmp/$n "$@" > /tmp/$n.log 2>&1; echo "ncu $n rc=$?"
  ncu --import /tmp/$n.ncu-rep --page source --print-source sass --csv > /tmp/$n-source.csv 2>&1
  ncu --import /tmp/$n.ncu-rep --page details > $OUT/$n-details.txt 2>&1
  python3 - /tmp/$n-source.csv > $OUT/$n-sass.txt <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
h = None
for i, r in enumerate(rows):
    if 'Source' in r and any('Instructions Executed' in c for c in r): h = i; break
if h is None: print('no header'); sys.exit()
H = rows[h]; src = H.index('Source')
ex = [j for j, c in enumerate(H) if c.startswith('Warp') and 'Instructions Executed' in c or c == 'Instructions Executed']
ex = ex[0]
st = [j for j, c in enumerate(H) if c.startswith('Warp Stall Sampling (All')]
st = st[0] if st else None
tot = 0
for k, r in enumerate(rows[h + 1:]):
    if len(r) <= src: continue
    e = r[ex].replace(',', '') or '0'
    tot += int(float(e))
    print(f"{k:5d} {e:>10} {r[st] if st is not None else '':>6}  {r[src]}")
print('total warp instructions', tot)
PY
  grep -E "Duration|Executed Instructions  |Registers Per|Achieved Occupancy|Theoretical Occ|Issued Warp|Block Limit" $OUT/$n-details.txt | head -12 | sed "s/^/$n /"
}
prof bp-p2 dpc_product2 60 /tmp/li-bpmax/bpmax --in seq1=$S --in seq2=$S --backend=cuda --events=none
prof nu-p0 dpc_product0 200 /tmp/li-nussinov/nussinov /tmp/s16000.fa --backend=cuda --events=none
tail -3 $OUT/gpu.out; tail -6 $OUT/corpus.out
echo "== done at $SECONDS s"
