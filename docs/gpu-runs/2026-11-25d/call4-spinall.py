# Experimental: the whole warp waits for the strip above (no lane-0 spin with
# 31 lanes at a __syncwarp).
import re, sys
src = open(sys.argv[1]).read()
pat = re.compile(r"if \(dpc_above\) \{\s*if \(dpc_lane == 0\) \{")
src, n = pat.subn("if (dpc_above) { {", src)
assert n >= 2, n
open(sys.argv[2], "w").write(src)
