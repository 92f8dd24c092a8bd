// Independent reference for recurrences/nussinov.dp, written from the paper,
// not from dpc's sources.
//
// Nussinov's four-case recurrence as stated by Li, Ranka & Sahni (2014,
// seeds/003; = Durbin et al.'s eq. (1) in Chang, Kimmer & Ouyang 2010,
// seeds/000), shifted to 0-based indices:
//
//   C(i, i-1) = 0, C(i, i) = 0
//   C(i, j)   = max { C(i+1, j), C(i, j-1), C(i+1, j-1) + bond(a_i, a_j),
//                     max_{i<k<j} C(i, k) + C(k+1, j) }            (i < j)
//
// bond = 1 for AU, UA, GC, CG, GU, UG, else 0 (adjacent bases may pair).
// The diagonals d = j - i are filled in increasing order.
//
// Usage: nussinov_ref SEQ ...   For each SEQ prints every cell of C over
// 0 <= i < N, i-1 <= j < N in lexicographic (i, j) order, in the format of
// `dpc interp --dump-table C`:  C[i,j] = v.  Several SEQs are separated by
// a line "---".
#include <cctype>
#include <cstdio>
#include <string>
#include <vector>

static bool normalize(std::string &s) {
  for (char &c : s) {
    c = (char)std::toupper((unsigned char)c);
    if (c == 'T') c = 'U';
    if (c != 'A' && c != 'C' && c != 'G' && c != 'U') return false;
  }
  return !s.empty();
}

static int bond(char a, char b) {
  std::string p{a, b};
  return (p == "AU" || p == "UA" || p == "GC" || p == "CG" || p == "GU" ||
          p == "UG") ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s SEQ...\n", argv[0]);
    return 2;
  }
  for (int a = 1; a < argc; ++a) {
    std::string s = argv[a];
    if (!normalize(s)) {
      std::fprintf(stderr, "nussinov_ref: bad sequence '%s'\n", argv[a]);
      return 2;
    }
    const int n = (int)s.size();
    // C(i, j) stored at c[i][j + 1] so that j = i - 1 = -1 fits.
    std::vector<std::vector<int>> c(n + 1, std::vector<int>(n + 1, 0));
    auto C = [&](int i, int j) -> int & { return c[i][j + 1]; };
    for (int d = 1; d < n; ++d) {
      for (int i = 0; i + d < n; ++i) {
        int j = i + d;
        int best = C(i + 1, j);                          // a_i unpaired
        if (C(i, j - 1) > best) best = C(i, j - 1);      // a_j unpaired
        int pr = C(i + 1, j - 1) + bond(s[i], s[j]);     // (a_i, a_j) pair
        if (pr > best) best = pr;
        for (int k = i + 1; k < j; ++k) {                // bifurcation
          int t = C(i, k) + C(k + 1, j);
          if (t > best) best = t;
        }
        C(i, j) = best;
      }
    }
    if (a > 1) std::printf("---\n");
    for (int i = 0; i < n; ++i)
      for (int j = i - 1; j < n; ++j)
        std::printf("C[%d,%d] = %d\n", i, j, C(i, j));
  }
  return 0;
}
