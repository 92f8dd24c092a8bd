"""Reference implementations of the corpus recurrences (recurrences/*.dp),
written in plain Python from the textbook / header-comment definitions,
not from the DSL: each returns the answer (int, float or -inf) for the
inputs given as strings (sequences) or lists of ints, and the `let`
constants as keyword arguments (their defaults are the .dp files' ones).
"""
import math

NEG = float("-inf")
POS = float("inf")

DNA_MATCH = lambda x, y: 2 if x == y else -1


def sw_local(a, b, GAP=2):
    n, m = len(a), len(b)
    prev = [0] * (m + 1)
    best = 0
    for i in range(1, n + 1):
        cur = [0] * (m + 1)
        for j in range(1, m + 1):
            cur[j] = max(0, prev[j - 1] + DNA_MATCH(a[i - 1], b[j - 1]),
                         prev[j] - GAP, cur[j - 1] - GAP)
        best = max(best, max(cur))
        prev = cur
    return best


def gotoh(a, b, OPEN=3, EXTEND=1):
    n, m = len(a), len(b)
    H = [[NEG] * (m + 1) for _ in range(n + 1)]
    E = [[NEG] * (m + 1) for _ in range(n + 1)]
    F = [[NEG] * (m + 1) for _ in range(n + 1)]
    H[0][0] = 0
    for j in range(1, m + 1):
        H[0][j] = -OPEN - (j - 1) * EXTEND
    for i in range(1, n + 1):
        H[i][0] = -OPEN - (i - 1) * EXTEND
    for i in range(n + 1):
        for j in range(m + 1):
            if j > 0:
                E[i][j] = max(E[i][j - 1] - EXTEND, H[i][j - 1] - OPEN)
            if i > 0:
                F[i][j] = max(F[i - 1][j] - EXTEND, H[i - 1][j] - OPEN)
            if i > 0 and j > 0:
                H[i][j] = max(H[i - 1][j - 1] + DNA_MATCH(a[i - 1], b[j - 1]),
                              E[i][j], F[i][j])
    return H[n][m]


def lcs(a, b):
    n, m = len(a), len(b)
    L = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            if a[i - 1] == b[j - 1]:
                L[i][j] = L[i - 1][j - 1] + 1
            else:
                L[i][j] = max(L[i - 1][j], L[i][j - 1])
    return L[n][m]


def editdist(a, b):
    n, m = len(a), len(b)
    prev = list(range(m + 1))
    for i in range(1, n + 1):
        cur = [i] + [0] * m
        for j in range(1, m + 1):
            cur[j] = min(prev[j - 1] + (a[i - 1] != b[j - 1]), prev[j] + 1, cur[j - 1] + 1)
        prev = cur
    return prev[m]


def banded(a, b, W=8, GAP=2):
    n = len(a)
    assert len(b) == n
    H = {}
    get = lambda i, j: H.get((i, j), NEG)  # outside the band: unreachable
    for i in range(n + 1):
        for j in range(max(0, i - W), min(n, i + W) + 1):
            if i == 0:
                H[i, j] = -GAP * j
            elif j == 0:
                H[i, j] = -GAP * i
            else:
                s = 1 if a[i - 1] == b[j - 1] else -1
                H[i, j] = max(get(i - 1, j - 1) + s, get(i - 1, j) - GAP, get(i, j - 1) - GAP)
    return H[n, n]


def align3(a, b, c, GAP=2):
    n, m, k = len(a), len(b), len(c)
    A = [[[NEG] * (k + 1) for _ in range(m + 1)] for _ in range(n + 1)]
    A[0][0][0] = 0
    for i in range(n + 1):
        for j in range(m + 1):
            for l in range(k + 1):
                if i == j == l == 0:
                    continue
                best = NEG
                for di in (0, 1):
                    for dj in (0, 1):
                        for dl in (0, 1):
                            if not (di or dj or dl) or i < di or j < dj or l < dl:
                                continue
                            col = [a[i - 1] if di else None, b[j - 1] if dj else None,
                                   c[l - 1] if dl else None]
                            sc = 0
                            for x, y in ((0, 1), (0, 2), (1, 2)):
                                if col[x] is not None and col[y] is not None:
                                    sc += DNA_MATCH(col[x], col[y])
                                elif col[x] is not None or col[y] is not None:
                                    sc -= GAP
                            best = max(best, A[i - di][j - dj][l - dl] + sc)
                A[i][j][l] = best
    return A[n][m][k]


def matrix_chain(p):
    n = len(p) - 1  # matrices
    cost = [[0] * n for _ in range(n)]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            cost[i][j] = min(cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1]
                             for k in range(i, j))
    return cost[0][n - 1]


def obst(w):
    n = len(w)
    pre = [0]
    for x in w:
        pre.append(pre[-1] + x)
    # e[i][j] over keys i..j-1 (half-open), e[i][i] = 0
    e = [[0] * (n + 1) for _ in range(n + 1)]
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            j = i + length
            e[i][j] = pre[j] - pre[i] + min(e[i][r] + e[r + 1][j] for r in range(i, j))
    return e[0][n]


def cyk(seq):
    """Generic weighted (max-plus) CYK over the grammar in recurrences/cyk.dp."""
    lexical = {"X": {"A": 2, "G": 1, "C": 0, "U": -1}, "Y": {"U": 2, "C": 1, "G": 0, "A": -1}}
    binary = [("X", "S", "X", 2), ("Y", "Y", "S", -1), ("S", "X", "Y", 1), ("S", "S", "S", 0)]
    n = len(seq)
    best = {}  # (lhs, i, j) with j exclusive
    for i in range(n):
        for nt in ("S", "X", "Y"):
            best[nt, i, i + 1] = lexical.get(nt, {}).get(seq[i], NEG)
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length
            for nt in ("S", "X", "Y"):
                best[nt, i, j] = NEG
            for lhs, l, r, w in binary:
                for k in range(i + 1, j):
                    best[lhs, i, j] = max(best[lhs, i, j], best[l, i, k] + best[r, k, j] + w)
    return best["S", 0, n]


RNA_PAIR = {("G", "C"): 3, ("C", "G"): 3, ("A", "U"): 2, ("U", "A"): 2,
            ("G", "U"): 1, ("U", "G"): 1}


def rnafold(seq, HAIRPIN=-1, STACK=2, INTERIOR=1, MULTI=3):
    n = len(seq)
    V = {}
    W = {}

    def w(i, j):
        return 0 if j - i < 4 else W[i, j]

    for span in range(0, n):
        for i in range(0, n - span):
            j = i + span
            if span < 4:
                V[i, j] = NEG
                continue
            p = RNA_PAIR.get((seq[i], seq[j]), NEG)
            inner = max([HAIRPIN - (j - i - 4), V[i + 1, j - 1] + STACK,
                         w(i + 1, j - 1) - INTERIOR]
                        + [w(i + 1, k) + w(k + 1, j - 1) - MULTI for k in range(i + 1, j - 1)])
            V[i, j] = p + inner
            W[i, j] = max([w(i + 1, j), w(i, j - 1), V[i, j]]
                          + [w(i, k) + w(k + 1, j) for k in range(i + 1, j)])
    return w(0, n - 1)


def _mccaskill_q(seq, unpaired):
    """Q[0, n-1] of recurrences/mccaskill.dp in linear space, with weight
    `unpaired` per unpaired base (mccaskill: 0.5; mccaskill_log: 1)."""
    bw = {("G", "C"): 0.5, ("C", "G"): 0.5, ("A", "U"): 0.3, ("U", "A"): 0.3,
          ("G", "U"): 0.1, ("U", "G"): 0.1}
    n = len(seq)
    Q = {}
    Qb = {}

    def q(i, j):
        return 1.0 if j < i else Q[i, j]

    for i in range(n - 1, -1, -1):
        for j in range(i, n):
            Qb[i, j] = 0.0 if j - i < 4 else \
                bw.get((seq[i], seq[j]), 0.0) * (q(i + 1, j - 1) + 0.6 * Qb[i + 1, j - 1])
            t = unpaired * q(i, j - 1)
            for k in range(i, j - 3):
                t += q(i, k - 1) * Qb[k, j]
            Q[i, j] = t
    return q(0, n - 1)


def mccaskill(seq):
    return _mccaskill_q(seq, 0.5)


def mccaskill_log(seq):
    """recurrences/mccaskill_log.dp: the log of mccaskill's partition
    function with unpaired weight 1 (no scaling), computed in linear space
    (the tests keep n small enough not to overflow)."""
    return math.log(_mccaskill_q(seq, 1.0))


def nussinov_weighted(seq):
    n = len(seq)
    C = [[0] * (n + 1) for _ in range(n + 1)]
    for span in range(4, n):
        for i in range(0, n - span):
            j = i + span
            best = max(C[i + 1][j], C[i][j - 1],
                       C[i + 1][j - 1] + RNA_PAIR.get((seq[i], seq[j]), NEG))
            for k in range(i + 1, j):
                best = max(best, C[i][k] + C[k + 1][j])
            C[i][j] = best
    return C[0][n - 1] if n >= 1 else 0


def knapsack(v, CAP=40):
    best = [0] * (CAP + 1)  # best[c]: items so far, total weight <= c
    for m, value in enumerate(v, start=1):  # item m weighs m
        for c in range(CAP, m - 1, -1):
            best[c] = max(best[c], best[c - m] + value)
    return best[CAP]


def knapsack01(w, v, CAP=50):
    best = [0] * (CAP + 1)  # best[c]: items so far, total weight <= c
    for wt, value in zip(w, v):
        for c in range(CAP, wt - 1, -1):
            best[c] = max(best[c], best[c - wt] + value)
    return best[CAP]


def coin_change(coin, CAP=30):
    # fewest coins (any number of each value) making CAP; inf if none
    best = [0] + [POS] * CAP
    for c in range(1, CAP + 1):
        for x in coin:
            if 0 < x <= c and best[c - x] + 1 < best[c]:
                best[c] = best[c - x] + 1
    return best[CAP]


def lcs_eq(a, b):
    # the classic table, written independently of lcs() above
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b, start=1):
            cur.append(prev[j - 1] + 1 if x == y else max(prev[j], cur[j - 1]))
        prev = cur
    return prev[len(b)]


def segment(x, PENALTY=10):
    n = len(x)
    F = [0] + [None] * n
    for j in range(1, n + 1):
        s, b = 0, None
        for i in range(j - 1, -1, -1):  # segment x[i..j-1]
            s += x[i]
            c = F[i] + s * s + PENALTY
            b = c if b is None else min(b, c)
        F[j] = b
    return F[n]


def lis(a):
    # patience sorting: tails[m] is the smallest last element of an
    # increasing subsequence of length m + 1 (strictly increasing: bisect_left)
    import bisect
    tails = []
    for x in a:
        m = bisect.bisect_left(tails, x)
        if m == len(tails):
            tails.append(x)
        else:
            tails[m] = x
    return len(tails)


def triangulation(D):
    # every triangulation of the convex polygon 0 .. n-1, listed explicitly
    # (the triangle on edge (i, j) has an apex k, i < k < j, and the two
    # sub-polygons are triangulated independently): the sums of the
    # triangles' perimeters, cheapest and dearest. Catalan(n - 2) of them:
    # keep n small.
    n = len(D)

    def all_sets(i, j):
        if j == i + 1:
            return [[]]
        out = []
        for k in range(i + 1, j):
            for left in all_sets(i, k):
                for right in all_sets(k, j):
                    out.append(left + right + [(i, k, j)])
        return out

    costs = [sum(D[i][k] + D[k][j] + D[i][j] for i, k, j in t)
             for t in all_sets(0, n - 1)]
    return {"cheapest": min(costs), "dearest": max(costs)}


def _weighted_nussinov(seq):
    """S[i][j] for 0 <= i <= n, i - 1 <= j < n: the weighted Nussinov
    score of seq[i..j] (0 when it has fewer than two bases)."""
    n = len(seq)
    S = {}
    for i in range(n, -1, -1):
        S[i, i - 1] = 0
        for j in range(i, n):
            if j <= i:
                S[i, j] = 0
                continue
            best = max(S[i + 1, j], S[i, j - 1],
                       S[i + 1, j - 1] + RNA_PAIR.get((seq[i], seq[j]), NEG))
            for k in range(i + 1, j):
                best = max(best, S[i, k] + S[k + 1, j])
            S[i, j] = best
    return S


def bpmax_window(seq1, seq2, W=128):
    """recurrences/bpmax_window.dp: BPMax (Gildemaster et al., HiCOMB 2020,
    the slide's recurrence, 0-based) on every pair of windows seq1[i1..j1],
    seq2[i2..j2] of at most W bases each; the answer is the best F over
    those pairs (both windows non-empty). F is computed here over every
    pair of subsequences, without the window: the windowed table's cells
    must equal the full recurrence's on the windows."""
    import functools
    S1, S2 = _weighted_nussinov(seq1), _weighted_nussinov(seq2)
    pair = lambda a, b: RNA_PAIR.get((a, b), NEG)

    @functools.lru_cache(maxsize=None)
    def F(i1, j1, i2, j2):
        if j1 < i1:
            return S2[i2, j2]
        if j2 < i2:
            return S1[i1, j1]
        if i1 == j1 and i2 == j2:
            return max(0, pair(seq1[i1], seq2[i2]))
        best = NEG
        if i1 < j1:
            best = max(best, F(i1 + 1, j1 - 1, i2, j2) + pair(seq1[i1], seq1[j1]))
        if i2 < j2:
            best = max(best, F(i1, j1, i2 + 1, j2 - 1) + pair(seq2[i2], seq2[j2]))
        for k1 in range(i1, j1):
            for k2 in range(i2, j2 + 1):
                best = max(best, F(i1, k1, i2, k2) + F(k1 + 1, j1, k2 + 1, j2))
        for k2 in range(i2, j2):
            best = max(best, F(i1, j1, i2, k2) + S2[k2 + 1, j2])
        for k2 in range(i2, j2 + 1):
            best = max(best, S2[i2, k2] + F(i1, j1, k2 + 1, j2))
        for k1 in range(i1, j1 + 1):
            best = max(best, S1[i1, k1] + F(k1 + 1, j1, i2, j2))
        return best

    n, m = len(seq1), len(seq2)
    return max(F(i1, j1, i2, j2)
               for i1 in range(n) for j1 in range(i1, min(n, i1 + W))
               for i2 in range(m) for j2 in range(i2, min(m, i2 + W)))
