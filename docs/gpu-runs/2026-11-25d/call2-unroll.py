# Experimental transform of an emitted strip kernel: a whole interior chunk's
# steps with their events at fixed offsets, the steps between them unrolled.
import re, sys
src = open(sys.argv[1]).read()
U = sys.argv[3] if len(sys.argv) > 3 else "6"
def match_brace(s, i):  # s[i] == '{'
    d = 0
    for k in range(i, len(s)):
        if s[k] == '{': d += 1
        elif s[k] == '}':
            d -= 1
            if d == 0: return k
    raise Exception("unbalanced")
key = "for (; dpc_s < dpc_fb; ++dpc_s) {"
i = src.index(key)
bo = i + len(key) - 1
bc = match_brace(src, bo)
body = src[bo + 1:bc]
# enter block
ek = "if (dpc_s % 32 == 0 && dpc_s < dpc_ncols) {"
ei = body.index(ek); ec = match_brace(body, ei + len(ek) - 1)
enter = body[ei:ec + 1]
rest = body[ec + 1:]
lk = "// Lane 31 left a chunk"
li = rest.index(lk)
lo = rest.rindex("{", 0, li)
step = rest[:lo]
leave = rest[lo:]
new = ("\n// A whole chunk: its events at fixed offsets, the steps between them unrolled.\n"
       "if (dpc_s % 32 == 0 && dpc_s + 32 <= dpc_fb) {\n" + enter +
       "\n#pragma unroll " + U + "\nfor (int dpc_u = 0; dpc_u < 30; ++dpc_u, ++dpc_s) {" + step + "}\n"
       "{" + step + "}\n" + leave + "\n++dpc_s;\n{" + step + "}\ncontinue;\n}\n")
src = src[:bo + 1] + new + body + src[bc:]
open(sys.argv[2], "w").write(src)
