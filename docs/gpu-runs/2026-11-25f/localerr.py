#!/usr/bin/env python3
"""Hand-edits a generated folder for device call 3 (an experiment, not the
compiler): every device statement function (tc_stmt_, ln_stmt_) keeps its
checks' error in a local int, reported once at its end (so that the
compiler may move loads across the checks: a possible store through the
run's error pointer no longer orders them), dpc::fail on the device stores
without an atomic (a local address); with --unroll, the lanes' reduction
loops of ln_stmt_ get `#pragma unroll 4`.
Usage: localerr.py FOLDER [--unroll]"""
import glob
import re
import sys

folder = sys.argv[1]
unroll = "--unroll" in sys.argv
for path in glob.glob(folder + "/*_cuda.cu"):
    s = open(path).read()
    out, i, n = [], 0, 0
    pat = re.compile(r"__device__ __forceinline__ void (tc|ln)_stmt_\w+\(")
    while True:
        m = pat.search(s, i)
        if not m:
            out.append(s[i:])
            break
        out.append(s[i:m.start()])
        head_end = s.index("{", s.index("int *dpc_err)", m.start()))
        head = s[m.start():head_end].replace("int *dpc_err)", "int *dpc_err_run)")
        # the body: brace matching
        depth, j = 0, head_end
        while True:
            if s[j] == "{":
                depth += 1
            elif s[j] == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        body = s[head_end + 1:j]
        if unroll and m.group(1) == "ln":
            body = re.sub(r"(\n\s*)(for \(int64_t \w+ = [^;]*\+ dpc_lane;)", r"\1#pragma unroll 4\1\2", body)
        out.append(head + "{\n  int dpc_err_cell = 0;\n  int *const dpc_err = &dpc_err_cell;" + body +
                   "  if (dpc_err_cell) dpc::fail(dpc_err_run, dpc_err_cell);\n}")
        i = j + 1
        n += 1
    open(path, "w").write("".join(out))
    print("%s: %d statement functions" % (path, n))
v = folder + "/runtime/dpc_values.h"
s = open(v).read()
old = "#if defined(__CUDA_ARCH__)\n  atomicCAS(err, 0, code);"
assert old in s
s = s.replace(old, "#if defined(__CUDA_ARCH__)\n  if (*err == 0) *err = code;")
open(v, "w").write(s)
