#!/usr/bin/env bash
# Call 7: the tile kernel's blocks per SM (hand-edited launch bounds of
# generated/nussinov's dpc_kernel0: (256, 2) as emitted, (256, 3): at most
# 80 registers, (256, 4): 64; no spills, ptxas) on the 2000-RNA batch and on
# one problem of n = 16000.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
L=$OUT/call7.log
C=.carry/lb
for b in 2 3 4; do (cmake -S $C/n$b -B $C/n$b/build -DCMAKE_BUILD_TYPE=Release > /dev/null 2>&1 && cmake --build $C/n$b/build -j 6 > /dev/null 2>&1 || echo BUILD FAILED $b) & done; wait
python3 -c "
import random
rnd = random.Random(11)
with open('/tmp/rna.fa','w') as f:
    for i in range(2000):
        n = rnd.randint(50, 400)
        f.write('>r%d\\n%s\\n' % (i, ''.join(rnd.choice('ACGU') for _ in range(n))))
r=random.Random(3)
open('/tmp/n16k.fa','w').write('>x\n'+''.join(r.choice('ACGU') for _ in range(16000))+'\n')"
for k in 1 2 3; do for b in 2 3 4; do
  X=$C/n$b/build/nussinov
  echo "lb $b rna2000: $($X --backend=cuda --timing --json /tmp/rna.fa 2>&1 >/tmp/c$b.out | grep -o 'compute [0-9.]* s')" | tee -a $L
done; done
for b in 3 4; do cmp -s /tmp/c2.out /tmp/c$b.out; cmp <(sed 's/,"seconds":[0-9.e+-]*//' /tmp/c2.out) <(sed 's/,"seconds":[0-9.e+-]*//' /tmp/c$b.out) && echo "rna2000 lb $b == lb 2" | tee -a $L; done
for k in 1 2 3; do for b in 2 3 4; do
  X=$C/n$b/build/nussinov
  echo "lb $b n16000: $($X --backend=cuda --timing --events=none /tmp/n16k.fa 2>&1 >/tmp/s$b.out | grep -o 'compute [0-9.]* s') $(grep -v '^time' /tmp/s$b.out | md5sum | cut -c1-8)" | tee -a $L
done; done
