// Independent reference for recurrences/chang.dp, written from the paper,
// not from dpc's sources.
//
// Li, Ranka & Sahni (2014, seeds/003), Algorithm 1 (CPU1) on Chang, Kimmer &
// Ouyang's simplified recurrence, in its cache-efficient CPU2 variant: the
// lower triangle of M holds the transpose of the upper one, line 13 reads
// "t <- M[row][k] + M[col][k+1]" and line 16 is "M[row][col] <- M[col][row]
// <- max" (eq. 3: C(j, k+1) in the lower triangle holds C(k+1, j)).
//
//   M[i][i] = 0, M[i][i+1] = 0 (adjacent bases do not pair)
//   for diag = 2 .. n-1, row = 0 .. n-diag-1, col = diag + row:
//     max = M[row+1][col-1] + bond(R[row], R[col])
//     for k = row .. col-1: max = max(max, M[row][k] + M[col][k+1])
//     M[row][col] = M[col][row] = max
//
// bond = 1 for AU, UA, GC, CG, GU, UG, else 0.
//
// Usage: chang_ref SEQ ...   For each SEQ prints table C (the upper
// triangle, C[i,j] for 0 <= i <= j < N, lexicographic in (i, j)) and then
// table CT (the lower triangle read directly from M: CT[j,i] = M[j][i] for
// 0 <= i <= j < N, lexicographic in (j, i)), in the format of
// `dpc interp --dump-table C --dump-table CT`. Several SEQs are separated by
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
    std::string R = argv[a];
    if (!normalize(R)) {
      std::fprintf(stderr, "chang_ref: bad sequence '%s'\n", argv[a]);
      return 2;
    }
    const int n = (int)R.size();
    // Poison value: every cell the algorithm must write is checked below.
    const int UNSET = -1000000;
    std::vector<std::vector<int>> M(n, std::vector<int>(n, UNSET));
    for (int i = 0; i <= n - 1; ++i) M[i][i] = 0;                 // lines 1-3
    for (int i = 0; i <= n - 2; ++i) M[i][i + 1] = M[i + 1][i] = 0;  // 4-6
    for (int diag = 2; diag <= n - 1; ++diag) {                   // line 7
      for (int row = 0; row <= n - diag - 1; ++row) {             // line 8
        int col = diag + row;
        char x = R[row], y = R[col];
        int mx = M[row + 1][col - 1] + bond(x, y);                // line 11
        for (int k = row; k <= col - 1; ++k) {                    // line 12
          int t = M[row][k] + M[col][k + 1];                      // line 13'
          if (t > mx) mx = t;
        }
        M[row][col] = M[col][row] = mx;                           // line 16'
      }
    }
    if (a > 1) std::printf("---\n");
    for (int i = 0; i < n; ++i)
      for (int j = i; j < n; ++j)
        std::printf("C[%d,%d] = %d\n", i, j, M[i][j]);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i <= j; ++i)
        std::printf("CT[%d,%d] = %d\n", j, i, M[j][i]);
  }
  return 0;
}
