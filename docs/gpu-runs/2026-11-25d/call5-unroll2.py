# Experimental: as call2-unroll.py, and also the guarded (non-interior)
# steps: a whole chunk that does not hold dpc_fa runs its steps with the
# events at fixed offsets, unrolled by U.
import sys
src = open(sys.argv[1]).read()
U = sys.argv[3] if len(sys.argv) > 3 else "6"
def match_brace(s, i):
    d = 0
    for k in range(i, len(s)):
        if s[k] == '{': d += 1
        elif s[k] == '}':
            d -= 1
            if d == 0: return k
    raise Exception("unbalanced")
def split(body):
    ek = "if (dpc_s % 32 == 0 && dpc_s < dpc_ncols) {"
    ei = body.index(ek); ec = match_brace(body, ei + len(ek) - 1)
    enter = body[ei:ec + 1]; rest = body[ec + 1:]
    li = rest.index("// Lane 31 left a chunk"); lo = rest.rindex("{", 0, li)
    return body[:ei], enter, rest[:lo], rest[lo:]
def block(cond, enter, step, leave):
    return ("\n// A whole chunk: its events at fixed offsets, the steps between them unrolled.\n"
            "if (" + cond + ") {\n" + enter +
            "\n#pragma unroll " + U + "\nfor (int dpc_u = 0; dpc_u < 30; ++dpc_u, ++dpc_s) {" + step + "}\n"
            "{" + step + "}\n" + leave + "\n++dpc_s;\n{" + step + "}\ncontinue;\n}\n")
# interior loop
key = "for (; dpc_s < dpc_fb; ++dpc_s) {"
i = src.index(key); bo = i + len(key) - 1; bc = match_brace(src, bo)
body = src[bo + 1:bc]; pre, enter, step, leave = split(body)
src = src[:bo + 1] + block("dpc_s % 32 == 0 && dpc_s + 32 <= dpc_fb", enter, step, leave) + body + src[bc:]
# outer loop (generic steps), after its interior block
key = "for (int dpc_s = 0; dpc_s < dpc_send; ++dpc_s) {"
i = src.index(key); bo = i + len(key) - 1; bc = match_brace(src, bo)
body = src[bo + 1:bc]
ik = "if (dpc_s == dpc_fa) {"
ii = body.index(ik); ic = match_brace(body, ii + len(ik) - 1)
head, tail = body[:ic + 1], body[ic + 1:]
pre, enter, step, leave = split(tail)
assert pre.strip() == "", pre
new = head + block("dpc_s % 32 == 0 && dpc_s + 32 <= dpc_send && (dpc_s > dpc_fa || dpc_s + 32 <= dpc_fa)", enter, step, leave) + tail
src = src[:bo + 1] + new + src[bc:]
open(sys.argv[2], "w").write(src)
