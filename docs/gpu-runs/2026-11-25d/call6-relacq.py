# Experimental: the strip handoff by a release store (writer) and acquire
# loads (the waiting warp) instead of two __threadfence() (MEMBAR.SC.GPU +
# CCTL.IVALL each).
import re, sys
src = open(sys.argv[1]).read()
helpers = r'''
__device__ __forceinline__ int dpc_ld_acquire(volatile int *p) {
  int v; asm volatile("ld.acquire.gpu.global.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory"); return v; }
__device__ __forceinline__ void dpc_st_release(volatile int *p, int v) {
  asm volatile("st.release.gpu.global.b32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
'''
k = src.index("template <bool DPC_RING>")
src = src[:k] + helpers + src[k:]
pat = re.compile(r"while \(dpc_flags\[dpc_ticket - 1\] < dpc_need\) \{(.*?)\}\s*\}\s*__threadfence\(\);", re.S)
src, n = pat.subn(lambda m: "while (dpc_ld_acquire(&dpc_flags[dpc_ticket - 1]) < dpc_need) {" + m.group(1) + "} }", src)
assert n >= 2, n
pat = re.compile(r"__threadfence\(\);\s*__syncwarp\(\);\s*if \(dpc_lane == 0\)\s*dpc_flags\[dpc_ticket\] =\s*(int\(\(dpc_t0 \+ dpc_f \+ dpc_e / 128 - dpc_w0\) \* 4 \+\s*dpc_e % 128 / 32 \+ 1\));")
src, n = pat.subn(lambda m: "__syncwarp(); if (dpc_lane == 0) dpc_st_release(&dpc_flags[dpc_ticket], " + m.group(1) + ");", src)
assert n >= 2, n
open(sys.argv[2], "w").write(src)
