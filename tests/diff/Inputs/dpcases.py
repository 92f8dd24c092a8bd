"""Random inputs for the differential and traceback tests (shared by
diff_driver.py and check_traceback.py). Everything is drawn from a
random.Random with a fixed seed, so a run is reproducible; a failing input is
always printed in full by the callers.

An input is a tuple of sequences: (seq,) for nussinov/chang, (seq1, seq2)
for bpmax.
"""
import itertools
import random

BASES = "ACGU"


def _random_seq(rng, n):
    """A sequence of length n drawn from one of several compositions, so that
    the tables see pair-rich, pair-poor and pair-free inputs."""
    kind = rng.random()
    if kind < 0.55:                      # uniform
        return "".join(rng.choice(BASES) for _ in range(n))
    if kind < 0.70:                      # GC-rich
        return "".join(rng.choice("GGCCAU") for _ in range(n))
    if kind < 0.80:                      # pair-poor: mostly A and C
        return "".join(rng.choice("AACCCG") for _ in range(n))
    if kind < 0.88:                      # hairpin-like: X + loop + complement
        comp = {"A": "U", "U": "A", "G": "C", "C": "G"}
        h = n // 2
        stem = "".join(rng.choice(BASES) for _ in range(h))
        loop = "".join(rng.choice(BASES) for _ in range(n - 2 * h))
        return stem + loop + "".join(comp[b] for b in reversed(stem))
    if kind < 0.93:                      # a single repeated base
        return rng.choice(BASES) * n
    return "".join(rng.choice("GU") for _ in range(n))  # wobble only


def _spell(rng, seq):
    """Now and then write the same RNA as dpc must also accept it: lower
    case, or T for U (SPEC: 'T read as U; lower case accepted')."""
    r = rng.random()
    if r < 0.04:
        return seq.lower()
    if r < 0.08:
        return seq.replace("U", "T")
    return seq


def single_inputs(count, seed, max_len=60):
    """Inputs for one-sequence recurrences: every sequence of length 1 and
    2, a few of length 3, several of exactly max_len, the rest random
    lengths 4..max_len (biased towards short ones)."""
    rng = random.Random(seed)
    out = []
    for n in (1, 2):
        out += ["".join(p) for p in itertools.product(BASES, repeat=n)]
    out += [_random_seq(rng, 3) for _ in range(12)]
    out += [_random_seq(rng, max_len) for _ in range(6)]
    out += [_random_seq(rng, max_len - 1), _random_seq(rng, 4), _random_seq(rng, 5)]
    while len(out) < count:
        n = rng.choice([rng.randint(4, 15), rng.randint(4, 30), rng.randint(4, max_len)])
        out.append(_random_seq(rng, n))
    return [(_spell(rng, s),) for s in out[:max(count, 1)]]


def pair_inputs(count, seed, max_len=8):
    """Inputs for bpmax: every (N, M) in 1..max_len x 1..max_len once, then
    random sizes (N != M in most of them), a few all-pair-free ones."""
    rng = random.Random(seed)
    out = []
    for n in range(1, max_len + 1):
        for m in range(1, max_len + 1):
            out.append((_random_seq(rng, n), _random_seq(rng, m)))
    out.append(("A" * max_len, "C" * max_len))    # nothing can pair at all
    out.append(("G" * max_len, "C" * max_len))    # only interactions
    out.append(("GGGAAA", "UUUCCC"))
    while len(out) < count:
        out.append((_random_seq(rng, rng.randint(1, max_len)),
                    _random_seq(rng, rng.randint(1, max_len))))
    return [tuple(_spell(rng, s) for s in p) for p in out]


# Per recurrence: input names, generator, tables to dump (in this order).
RECURRENCES = {
    "nussinov": {"inputs": ["seq"], "gen": single_inputs, "tables": ["C"]},
    "chang": {"inputs": ["seq"], "gen": single_inputs, "tables": ["C", "CT"]},
    "bpmax": {"inputs": ["seq1", "seq2"], "gen": pair_inputs,
              "tables": ["S1", "S2", "F"]},
}


def describe(names, inp):
    return " ".join("%s=%s" % (n, s) for n, s in zip(names, inp))
