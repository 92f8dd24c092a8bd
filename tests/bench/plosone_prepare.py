#!/usr/bin/env python3
"""Build-time transformation of the "plosone" peer's CUDA Nussinov.

    plosone_prepare.py SRC OUT

SRC is cuda/nussinov.cu of https://github.com/markpal/plosone (fetched by
the user: `git clone https://github.com/markpal/plosone`; that code has no
license, so it is never copied into this repository). OUT receives a copy
with the edits below, like applying a patch; build.sh compiles OUT into
`plosone`. Every edit is anchored on text that must occur exactly once in
SRC; if an anchor is missing or ambiguous (upstream changed), this script
names it and exits 1 without writing OUT, so a changed upstream file fails
loudly instead of being half-patched.

Edits:
  (a) `int main() {` -> `int main(int argc, char **argv) {` + N = atoi(argv[1]),
      with an error and exit 1 when argv[1] is missing or not in 32..32735.
      Upper bound: the peer keeps N and every loop index in `short` and
      rounds N up (`N += BLOCK_SIZE - N % BLOCK_SIZE`, always by 1..32, so
      16000 runs as 16032); N >= 32736 would become >= 32768 and overflow.
      Lower bound: the peer strcpy's a fixed 64-letter string (65 bytes with
      the terminator) into its N+1-byte sequence buffer, which overflows for
      a rounded N < 64, i.e. N < 32.
      The n actually run is printed as `plosone n: <rounded N>`.
  (b) the sequence is left as the peer makes it: random letters (srand(time))
      with the fixed 64-letter string strcpy'd over the start (its '\\0' at
      index 64 then sits in the sequence, a letter that pairs with nothing).
      The timing does not depend on the letters.
  (c) the serial O(n^3) CPU control (the `// cpu control` loop and the
      comparison of the whole table after it) is compiled out with
      #if 0 ... #endif: at n = 16000 it takes many minutes. (Uncommenting
      the peer's `//if(1==0)` alone would not do: the comparison loop would
      then compare against an unfilled table and report "error".)
  (d) the line printing the whole sequence (`cout << seqq << endl;`, an
      unterminated buffer at that point) is dropped. The peer's
      `Time taken: %f seconds` line is kept; run.py parses it.
  (e) after the final copy back, a CUDA error (e.g. a failed cudaMalloc or
      copy, which the peer does not check) is reported and exits 1, so a
      failed run is never read as a time.
"""
import sys

N_MIN, N_MAX = 32, 32767 - 32   # see (a)

MAIN_NEW = r'''int main(int argc, char **argv) {
  // [plosone_prepare.py (a)] N from the command line
  {
    char *end_ = 0;
    long v_ = argc == 2 ? strtol(argv[1], &end_, 10) : 0;
    if (argc != 2 || *argv[1] == '\0' || *end_ != '\0' || v_ < %d || v_ > %d) {
      fprintf(stderr, "usage: %%s N   (N in %d..%d: the program keeps N and its loop "
              "indices in short and rounds N up to the next multiple of 32 above it; "
              "N >= 32736 would overflow, N < 32 overflows its 64-letter sequence copy)\n",
              argv[0]);
      return 1;
    }
    N = (int)v_;
  }
''' % (N_MIN, N_MAX, N_MIN, N_MAX)

EDITS = [
    # (name, old, new)
    ("(a) `int main() {`", "int main() {\n", MAIN_NEW),
    ("(a) `N += BLOCK_SIZE - N % BLOCK_SIZE;`",
     "  N += BLOCK_SIZE - N % BLOCK_SIZE;\n",
     "  N += BLOCK_SIZE - N % BLOCK_SIZE;\n"
     "  printf(\"plosone n: %d\\n\", N);  // [plosone_prepare.py (a)] the n actually run\n"),
    ("(d) `cout << seqq << endl;`",
     "   cout << seqq << endl;\n",
     "  // [plosone_prepare.py (d)] the sequence is not printed\n"),
    ("(e) `printf(\"Time taken: %f seconds\\n\", elapsed_time);`",
     "  printf(\"Time taken: %f seconds\\n\", elapsed_time);\n",
     "  printf(\"Time taken: %f seconds\\n\", elapsed_time);\n"
     "  {  // [plosone_prepare.py (e)] a failed cudaMalloc or copy is an error\n"
     "    cudaError_t e_ = cudaDeviceSynchronize();\n"
     "    if (e_ == cudaSuccess) e_ = cudaGetLastError();\n"
     "    if (e_ != cudaSuccess) {\n"
     "      fprintf(stderr, \"CUDA error: %s\\n\", cudaGetErrorString(e_));\n"
     "      return 1;\n"
     "    }\n"
     "  }\n"),
    ("(c) ` // cpu control` (start of the CPU check)",
     " // cpu control",
     "#if 0  // [plosone_prepare.py (c)] serial O(n^3) CPU control and comparison off\n"
     " // cpu control"),
    ("(c) `  delete[] S;` (end of the CPU check)",
     "  delete[] S;\n",
     "#endif  // [plosone_prepare.py (c)]\n  delete[] S;\n"),
]


def transform(text):
    errors = []
    for name, old, _ in EDITS:
        c = text.count(old)
        if c != 1:
            errors.append("anchor %s found %d times (want exactly 1)" % (name, c))
    if errors:
        return None, errors
    for _, old, new in EDITS:
        text = text.replace(old, new, 1)
    # The result must still contain what run.py relies on.
    for must in ("Time taken: %f seconds", "int main(int argc, char **argv)"):
        if text.count(must) != 1:
            errors.append("after editing, %r occurs %d times" % (must, text.count(must)))
    return text, errors


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: %s PLOSONE_NUSSINOV_CU OUT\n" % argv[0])
        return 2
    src, out = argv[1], argv[2]
    try:
        with open(src, encoding="utf-8", errors="surrogateescape") as f:
            text = f.read()
    except OSError as e:
        sys.stderr.write("plosone_prepare: cannot read %s: %s\n" % (src, e))
        return 1
    text = text.replace("\r\n", "\n")
    res, errors = transform(text)
    if errors:
        for e in errors:
            sys.stderr.write("plosone_prepare: %s: %s\n" % (src, e))
        sys.stderr.write("plosone_prepare: %s is not the expected markpal/plosone "
                         "cuda/nussinov.cu (upstream changed?); nothing written\n" % src)
        return 1
    with open(out, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write("// Generated by tests/bench/plosone_prepare.py from %s (markpal/plosone\n"
                "// cuda/nussinov.cu); do not commit.\n" % src)
        f.write("#include <cstdio>\n#include <cstdlib>\n")
        f.write(res)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
