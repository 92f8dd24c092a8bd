# Instrument an emitted pipelined strip kernel: lane 0 of a few strips prints
# the global timer (ns) at kernel entry, at some chunk publications and at the end.
import re, sys
src = open(sys.argv[1]).read()
T = ("{ unsigned long long dpc_gt; asm volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(dpc_gt)); "
     "if (dpc_lane == 0 && (dpc_t0 % 50 == 0 || dpc_t0 < 3 || dpc_t0 == 468) && (WHEN)) printf(\"TT %d %d %llu\\n\", int(dpc_t0), int(WHAT), dpc_gt); }")
def tick(when, what): return T.replace("WHEN", when).replace("WHAT", what)
# publications
pat = re.compile(r"(?:dpc_flags\[dpc_ticket\] =|dpc_st_release\(&dpc_flags\[dpc_ticket\],)\s*int\(\(dpc_t0 \+ dpc_f \+ dpc_e / 128 - dpc_w0\) \* 4 \+\s*dpc_e % 128 / 32 \+ 1\)\)?;")
n = 0
def rep(m):
    global n; n += 1
    return m.group(0) + tick("(dpc_e / 32) % 100 == 0", "dpc_e / 32")
src = pat.sub(rep, src)
assert n >= 2, n
# entry: after dpc_t0 is known
k = "const int64_t dpc_t0 = dpc_item[1];\n  (void)dpc_t0;\n  const int dpc_lane = threadIdx.x;"
assert k in src
src = src.replace(k, k + tick("true", "-1"), 1)
k = "if (dpc_lane == 0) dpc_flags[dpc_ticket] = 0x7fffffff;"
src = src.replace(k, k + tick("true", "-2"), 1)
if "#include <cstdio>" not in src: src = "#include <cstdio>\n" + src
open(sys.argv[2], "w").write(src)
