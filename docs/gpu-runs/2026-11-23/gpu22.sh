#!/usr/bin/env bash
# Device run 34: a GPU absent or short of memory (issue 16). generated/nussinov,
# --backend=cuda: no visible device; a batch with a record too large for the
# GPU between small ones; the same batch while another process holds 70 GiB.
set -u
cd "$(dirname "$0")/../.."
O=${OUT:-/tmp/o}; mkdir -p $O
cmake -S generated/nussinov -B /tmp/nb -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null 2>&1 && cmake --build /tmp/nb -j 16 >/dev/null 2>&1 || echo BUILD FAIL
nvcc -O2 -arch=sm_90 -o /tmp/hog .carry/exp/hog/hog.cu || echo HOG BUILD FAIL
B=/tmp/nb/nussinov
python3 - <<PY
import random
r = random.Random(2)
def s(n): return "".join(r.choice("ACGU") for _ in range(n))
open("$O/b.fa","w").write(">a\n%s\n>huge\n%s\n>b\n%s\n>mid\n%s\n>c\n%s\n" % (s(50), s(150000), s(80), s(60000), s(100)))
PY
echo "== no visible device, --backend=cuda"
CUDA_VISIBLE_DEVICES= $B --backend=cuda --events=none $O/b.fa; echo "exit $?"
echo "== no visible device, --backend=auto"
CUDA_VISIBLE_DEVICES= timeout 120 $B --backend=auto --events=none $O/b.fa 2>&1 | head -8; echo "exit ${PIPESTATUS[0]}"
echo "== batch with a 150000-nt record (about 90 GB of tables), --backend=cuda"
timeout 300 $B --backend=cuda --events=none $O/b.fa; echo "exit $?"
echo "== the same while another process holds 70 GiB of the GPU"
/tmp/hog 70 > $O/hog.txt & H=$!
for i in $(seq 60); do grep -q ready $O/hog.txt 2>/dev/null && break; sleep 1; done; cat $O/hog.txt
timeout 300 $B --backend=cuda --events=none $O/b.fa; echo "exit $?"
kill $H 2>/dev/null; wait $H 2>/dev/null
rm -f $O/b.fa $O/hog.txt
