#!/usr/bin/env python3
"""Traceback test: runs `dpc interp --json` on many random inputs and checks
that each result's traceback is a valid structure that scores the output.

usage: check_traceback.py RECURRENCE --dpc DPC --dp FILE.dp --tmp DIR
                          [--ref REF_BINARY] [--count 200] [--seed 2]
                          [--single K]

All inputs go to dpc in one run, as multi-record FASTA files (one record per
input; for bpmax the records of seq1 and seq2 are taken in step), so dpc
prints one JSON line per input, in order. The first K inputs (--single) are
also run one by one with --in NAME=SEQ; their JSON line must be identical to
the batch one.

nussinov, chang: the structure is a balanced dot-bracket of length N; its
pairs are exactly the `pair` events; every pair bonds (AU, GC, GU either
way), and for chang j - i >= 2 (adjacent bases do not pair); the number of
pairs equals the output.
bpmax: events are pair1(i,j), pair2(i,j), ipair(i1,i2); every pair has a
finite weight (GC 3, AU 2, GU 1); no base is used twice; the intra pairs of
each strand nest; the inter pairs do not cross (i1 < i1' implies
i2 < i2'); the sum of the weights equals the output.
With --ref, the output must also equal the reference's output cell
(C[0,N-1], resp. F[0,N-1,0,M-1]), i.e. be the optimum.

Prints 'N inputs, all tracebacks valid' or, for each of the first few bad
inputs, the input and what is wrong, then a FAIL line; exits 1 on failure.
"""
import argparse
import json
import os
import subprocess
import sys

from dpcases import RECURRENCES, describe

BOND = {"AU", "UA", "GC", "CG", "GU", "UG"}
WEIGHT = {"GC": 3, "CG": 3, "AU": 2, "UA": 2, "GU": 1, "UG": 1}


def norm(s):
    return s.upper().replace("T", "U")


class Bad(Exception):
    pass


def need(cond, msg):
    if not cond:
        raise Bad(msg)


def int_output(res):
    out = res.get("output")
    need(isinstance(out, int) and not isinstance(out, bool),
         "output %r is not an integer" % (out,))
    return out


def event_args(ev, names):
    need(isinstance(ev, list) and len(ev) == 3 and ev[0] in names and
         all(isinstance(x, int) for x in ev[1:]),
         "malformed event %r (expected [NAME, int, int], NAME in %s)"
         % (ev, sorted(names)))
    return ev[1], ev[2]


def parse_dot_bracket(st):
    stack, pairs = [], set()
    for k, ch in enumerate(st):
        if ch == "(":
            stack.append(k)
        elif ch == ")":
            need(stack, "structure %s: unmatched ')' at %d" % (st, k))
            pairs.add((stack.pop(), k))
        else:
            need(ch == ".", "structure %s: bad character %r" % (st, ch))
    need(not stack, "structure %s: unmatched '(' at %d" % (st, stack[-1]
                                                            if stack else -1))
    return pairs


def check_single(rec_name, inp, res, ref_opt):
    seq = norm(inp[0])
    n = len(seq)
    need(res.get("recurrence") == rec_name,
         "recurrence is %r, not %r" % (res.get("recurrence"), rec_name))
    need(res.get("params") == {"N": n},
         "params %r, expected {'N': %d}" % (res.get("params"), n))
    out = int_output(res)
    st = res.get("structure")
    need(isinstance(st, str), "no structure string")
    need(len(st) == n, "structure %r has length %d, not N = %d" % (st, len(st), n))
    pairs = parse_dot_bracket(st)
    evs = res.get("events")
    need(isinstance(evs, list), "events is not a list")
    ev_pairs = []
    for ev in evs:
        i, j = event_args(ev, {"pair"})
        need(0 <= i < j < n, "pair(%d,%d) out of range for N = %d" % (i, j, n))
        ev_pairs.append((i, j))
    need(len(set(ev_pairs)) == len(ev_pairs), "a pair event repeats: %r" % evs)
    need(set(ev_pairs) == pairs,
         "pair events %r do not match structure %s (pairs %r)"
         % (sorted(ev_pairs), st, sorted(pairs)))
    for i, j in sorted(pairs):
        need(seq[i] + seq[j] in BOND,
             "pair(%d,%d) = %s-%s does not bond" % (i, j, seq[i], seq[j]))
        if rec_name == "chang":
            need(j - i >= 2, "pair(%d,%d): adjacent bases pair in chang" % (i, j))
    need(len(pairs) == out, "structure %s has %d pairs but output is %d"
         % (st, len(pairs), out))
    if ref_opt is not None:
        need(out == ref_opt, "output %d is not the optimum %d (reference)"
             % (out, ref_opt))


def nested(pairs, what):
    ps = sorted(pairs)
    for x in range(len(ps)):
        for y in range(x + 1, len(ps)):
            (a, b), (c, d) = ps[x], ps[y]       # a < c
            need(b < c or d < b, "%s pairs (%d,%d) and (%d,%d) cross"
                 % (what, a, b, c, d))


def check_bpmax(inp, res, ref_opt):
    s1, s2 = norm(inp[0]), norm(inp[1])
    n, m = len(s1), len(s2)
    need(res.get("recurrence") == "bpmax",
         "recurrence is %r, not 'bpmax'" % (res.get("recurrence"),))
    need(res.get("params") == {"N": n, "M": m},
         "params %r, expected N = %d, M = %d" % (res.get("params"), n, m))
    need("structure" not in res,
         "a structure string for a recurrence with two rna inputs")
    out = int_output(res)
    evs = res.get("events")
    need(isinstance(evs, list), "events is not a list")
    used1, used2 = {}, {}
    p1, p2, ip = [], [], []
    score = 0

    def use(used, k, ev):
        need(k not in used, "base %d used twice: %r and %r" % (k, used.get(k), ev))
        used[k] = ev

    for ev in evs:
        i, j = event_args(ev, {"pair1", "pair2", "ipair"})
        if ev[0] == "pair1":
            need(0 <= i < j < n, "%r out of range (N = %d)" % (ev, n))
            w = WEIGHT.get(s1[i] + s1[j])
            need(w is not None, "%r: %s-%s cannot pair" % (ev, s1[i], s1[j]))
            use(used1, i, ev), use(used1, j, ev)
            p1.append((i, j))
        elif ev[0] == "pair2":
            need(0 <= i < j < m, "%r out of range (M = %d)" % (ev, m))
            w = WEIGHT.get(s2[i] + s2[j])
            need(w is not None, "%r: %s-%s cannot pair" % (ev, s2[i], s2[j]))
            use(used2, i, ev), use(used2, j, ev)
            p2.append((i, j))
        else:
            need(0 <= i < n and 0 <= j < m,
                 "%r out of range (N = %d, M = %d)" % (ev, n, m))
            w = WEIGHT.get(s1[i] + s2[j])
            need(w is not None, "%r: %s-%s cannot pair" % (ev, s1[i], s2[j]))
            use(used1, i, ev), use(used2, j, ev)
            ip.append((i, j))
        score += w
    nested(p1, "seq1 intra")
    nested(p2, "seq2 intra")
    ip.sort()
    for (a, b), (c, d) in zip(ip, ip[1:]):
        need(b < d, "inter pairs ipair(%d,%d) and ipair(%d,%d) cross"
             % (a, b, c, d))
    need(score == out, "events score %d but output is %d" % (score, out))
    if ref_opt is not None:
        need(out == ref_opt, "output %d is not the optimum %d (reference)"
             % (out, ref_opt))


def reference_optima(ref, rec_name, inputs):
    """The output cell of each input, from the reference's table dump."""
    r = subprocess.run([ref] + [s for inp in inputs for s in inp],
                       stdout=subprocess.PIPE, universal_newlines=True,
                       check=True)
    blocks = r.stdout.split("---\n")
    assert len(blocks) == len(inputs)
    opts = []
    for inp, blk in zip(inputs, blocks):
        if rec_name == "bpmax":
            key = "F[0,%d,0,%d] = " % (len(inp[0]) - 1, len(inp[1]) - 1)
        else:
            key = "C[0,%d] = " % (len(inp[0]) - 1)
        vals = [l[len(key):] for l in blk.splitlines() if l.startswith(key)]
        assert len(vals) == 1, (key, inp)
        opts.append(int(vals[0]))
    return opts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("recurrence", choices=sorted(RECURRENCES))
    ap.add_argument("--dpc", required=True)
    ap.add_argument("--dp", required=True)
    ap.add_argument("--tmp", required=True, help="folder for the FASTA files")
    ap.add_argument("--ref")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--single", type=int, default=10)
    ap.add_argument("--show", type=int, default=5)
    args = ap.parse_args()
    rec = RECURRENCES[args.recurrence]
    names = rec["inputs"]
    inputs = rec["gen"](args.count, args.seed)

    os.makedirs(args.tmp, exist_ok=True)
    cmd = [args.dpc, "interp", args.dp, "--json"]
    for k, name in enumerate(names):
        path = os.path.join(args.tmp, "%s.fa" % name)
        with open(path, "w") as f:
            for r, inp in enumerate(inputs):
                f.write(">in%d\n%s\n" % (r, inp[k]))
        cmd += ["--in", "%s=@%s" % (name, path)]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    if r.returncode != 0:
        print("FAIL: %s exited with %d: %s" % (" ".join(cmd), r.returncode,
                                               r.stderr.strip()))
        return 1
    lines = r.stdout.splitlines()
    if len(lines) != len(inputs):
        print("FAIL: %d JSON lines for %d FASTA records" % (len(lines), len(inputs)))
        return 1

    bad = []
    for k in range(min(args.single, len(inputs))):
        one = [args.dpc, "interp", args.dp, "--json"]
        for name, seq in zip(names, inputs[k]):
            one += ["--in", "%s=%s" % (name, seq)]
        o = subprocess.run(one, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True)
        # the FASTA run names each result by its records
        want = o.stdout.strip().replace(
            '"output":', '"name":"%s","output":' % ",".join(
                "in%d" % k for _ in names), 1)
        if o.returncode != 0 or want != lines[k].strip():
            bad.append((inputs[k], "record %d of the FASTA run differs from the"
                        " single run:\n    fasta:  %s\n    single: %s (status %d)"
                        % (k, lines[k], o.stdout.strip() or o.stderr.strip(),
                           o.returncode), lines[k]))

    opts = (reference_optima(args.ref, args.recurrence, inputs) if args.ref
            else [None] * len(inputs))
    for inp, line, opt in zip(inputs, lines, opts):
        try:
            try:
                res = json.loads(line)
            except ValueError as e:
                raise Bad("not JSON: %s" % e)
            need(isinstance(res, dict), "not a JSON object")
            if args.recurrence == "bpmax":
                check_bpmax(inp, res, opt)
            else:
                check_single(args.recurrence, inp, res, opt)
        except Bad as e:
            bad.append((inp, str(e), line))
    for inp, why, line in bad[:args.show]:
        print("TRACEBACK ERROR on input %s\n  %s\n  json: %s"
              % (describe(names, inp), why, line))
    if bad:
        print("FAIL: %d problems in %d inputs (%s)" % (len(bad), len(inputs),
                                                      args.recurrence))
        return 1
    print("%d inputs, all tracebacks valid" % len(inputs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
