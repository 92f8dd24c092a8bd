// Independent reference for recurrences/bpmax.dp, written from the paper
// (Gildemaster, Ghalsasi & Rajopadhye, HiCOMB 2020 slides, seeds/004), not
// from dpc's sources. Plain and unoptimised: memoised recursion straight
// from the slide equations, 0-based:
//
//   F(i1,j1,i2,j2) = S2(i2,j2)                              if j1 < i1
//                  = S1(i1,j1)                              if j2 < i2
//                  = iscore(i1,i2)                          if i1=j1, i2=j2
//                  = max( F(i1+1,j1-1,i2,j2) + score(i1,j1),
//                         F(i1,j1,i2+1,j2-1) + score(i2,j2),
//                         H(i1,j1,i2,j2) )                  otherwise
//   H = max( max_{k1=i1}^{j1-1} max_{k2=i2}^{j2} F(i1,k1,i2,k2) + F(k1+1,j1,k2+1,j2),
//            max_{k2=i2}^{j2-1} F(i1,j1,i2,k2) + S2(k2+1,j2),
//            max_{k2=i2}^{j2}   S2(i2,k2) + F(i1,j1,k2+1,j2),
//            max_{k1=i1}^{j1}   S1(i1,k1) + F(k1+1,j1,i2,j2) )
//   (last H term as on the first slide; the later slides drop j1).
//
// Conventions the slides leave open, taken from the header of
// recurrences/bpmax.dp (the project's statement of the model):
//  * S1, S2 are weighted Nussinov tables of each strand (adjacent bases may
//    pair): S(i,j) = 0 for j <= i, else max(S(i+1,j), S(i,j-1),
//    S(i+1,j-1) + score(i,j), max_{i<k<j} S(i,k) + S(k+1,j)).
//  * Weights, intra (score) and inter (iscore): GC/CG 3, AU/UA 2, GU/UG 1,
//    any other pair -inf; -inf + x = -inf.
//  * A single-base cell i1=j1, i2=j2 whose bases cannot pair is 0 (no
//    interaction), i.e. max(0, iscore(i1,i2)).
//  * The pairing terms exist only where the strand has two ends (i1 < j1,
//    resp. i2 < j2); otherwise they are -inf.
//  * Domains: S1[i,j] over 0<=i<=N, i-1<=j<N; S2 likewise with M;
//    F[i1,j1,i2,j2] over 0<=i1<=N, i1-1<=j1<N, 0<=i2<=M, i2-1<=j2<M.
//
// Usage: bpmax_ref SEQ1 SEQ2 [SEQ1 SEQ2 ...]   For each pair prints S1, S2
// and F, each in lexicographic index order, in the format of
// `dpc interp --dump-table S1 --dump-table S2 --dump-table F`. Several
// pairs are separated by a line "---".
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <vector>

typedef long long ll;
static const ll NEG = -(1LL << 50);   // -inf
static const ll UNSET = -(1LL << 60); // not computed yet

static ll add(ll a, ll b) { return (a <= NEG || b <= NEG) ? NEG : a + b; }
static ll mx(ll a, ll b) { return a > b ? a : b; }

static bool normalize(std::string &s) {
  for (char &c : s) {
    c = (char)std::toupper((unsigned char)c);
    if (c == 'T') c = 'U';
    if (c != 'A' && c != 'C' && c != 'G' && c != 'U') return false;
  }
  return !s.empty();
}

// GC 3, AU 2, GU 1 (either order), else -inf: same for intra and inter.
static ll weight(char a, char b) {
  std::string p{a, b};
  if (p == "GC" || p == "CG") return 3;
  if (p == "AU" || p == "UA") return 2;
  if (p == "GU" || p == "UG") return 1;
  return NEG;
}

struct BPMax {
  std::string a, b; // seq1, seq2
  int N, M;
  std::vector<ll> s1, s2, f;

  BPMax(const std::string &x, const std::string &y)
      : a(x), b(y), N((int)x.size()), M((int)y.size()) {
    s1.assign((N + 1) * (N + 1), UNSET);
    s2.assign((M + 1) * (M + 1), UNSET);
    f.assign((size_t)(N + 1) * (N + 1) * (M + 1) * (M + 1), UNSET);
  }

  // j is stored shifted by one so that j = i - 1 >= -1 fits.
  ll &s1c(int i, int j) { return s1[i * (N + 1) + (j + 1)]; }
  ll &s2c(int i, int j) { return s2[i * (M + 1) + (j + 1)]; }
  ll &fc(int i1, int j1, int i2, int j2) {
    return f[(((size_t)i1 * (N + 1) + (j1 + 1)) * (M + 1) + i2) * (M + 1) +
             (j2 + 1)];
  }

  static void check(bool ok, const char *what) {
    if (!ok) {
      std::fprintf(stderr, "bpmax_ref: read outside the domain: %s\n", what);
      std::exit(3);
    }
  }

  ll S(const std::string &s, std::vector<ll> &tab, int n, int i, int j) {
    check(0 <= i && i <= n && i - 1 <= j && j < n, "S");
    ll &c = tab[i * (n + 1) + (j + 1)];
    if (c != UNSET) return c;
    ll r;
    if (j <= i) {
      r = 0;
    } else {
      r = S(s, tab, n, i + 1, j);
      r = mx(r, S(s, tab, n, i, j - 1));
      r = mx(r, add(S(s, tab, n, i + 1, j - 1), weight(s[i], s[j])));
      for (int k = i + 1; k <= j - 1; ++k)
        r = mx(r, add(S(s, tab, n, i, k), S(s, tab, n, k + 1, j)));
    }
    return c = r;
  }
  ll S1(int i, int j) { return S(a, s1, N, i, j); }
  ll S2(int i, int j) { return S(b, s2, M, i, j); }

  ll F(int i1, int j1, int i2, int j2) {
    check(0 <= i1 && i1 <= N && i1 - 1 <= j1 && j1 < N && 0 <= i2 &&
              i2 <= M && i2 - 1 <= j2 && j2 < M, "F");
    ll &c = fc(i1, j1, i2, j2);
    if (c != UNSET) return c;
    ll r;
    if (j1 < i1) {
      r = S2(i2, j2);
    } else if (j2 < i2) {
      r = S1(i1, j1);
    } else if (i1 == j1 && i2 == j2) {
      r = mx(0, weight(a[i1], b[i2]));
    } else {
      r = NEG;
      if (i1 < j1) r = mx(r, add(F(i1 + 1, j1 - 1, i2, j2), weight(a[i1], a[j1])));
      if (i2 < j2) r = mx(r, add(F(i1, j1, i2 + 1, j2 - 1), weight(b[i2], b[j2])));
      // H
      for (int k1 = i1; k1 <= j1 - 1; ++k1)
        for (int k2 = i2; k2 <= j2; ++k2)
          r = mx(r, add(F(i1, k1, i2, k2), F(k1 + 1, j1, k2 + 1, j2)));
      for (int k2 = i2; k2 <= j2 - 1; ++k2)
        r = mx(r, add(F(i1, j1, i2, k2), S2(k2 + 1, j2)));
      for (int k2 = i2; k2 <= j2; ++k2)
        r = mx(r, add(S2(i2, k2), F(i1, j1, k2 + 1, j2)));
      for (int k1 = i1; k1 <= j1; ++k1)
        r = mx(r, add(S1(i1, k1), F(k1 + 1, j1, i2, j2)));
    }
    return c = r;
  }
};

static void put(const char *name, std::initializer_list<int> idx, ll v) {
  std::printf("%s[", name);
  bool first = true;
  for (int x : idx) {
    std::printf(first ? "%d" : ",%d", x);
    first = false;
  }
  if (v <= NEG) std::printf("] = -inf\n");
  else std::printf("] = %lld\n", v);
}

int main(int argc, char **argv) {
  if (argc < 3 || (argc - 1) % 2 != 0) {
    std::fprintf(stderr, "usage: %s SEQ1 SEQ2 [SEQ1 SEQ2 ...]\n", argv[0]);
    return 2;
  }
  for (int a = 1; a + 1 < argc; a += 2) {
    std::string x = argv[a], y = argv[a + 1];
    if (!normalize(x) || !normalize(y)) {
      std::fprintf(stderr, "bpmax_ref: bad sequences '%s' '%s'\n", argv[a],
                   argv[a + 1]);
      return 2;
    }
    BPMax p(x, y);
    const int N = p.N, M = p.M;
    if (a > 1) std::printf("---\n");
    for (int i = 0; i <= N; ++i)
      for (int j = i - 1; j < N; ++j) put("S1", {i, j}, p.S1(i, j));
    for (int i = 0; i <= M; ++i)
      for (int j = i - 1; j < M; ++j) put("S2", {i, j}, p.S2(i, j));
    for (int i1 = 0; i1 <= N; ++i1)
      for (int j1 = i1 - 1; j1 < N; ++j1)
        for (int i2 = 0; i2 <= M; ++i2)
          for (int j2 = i2 - 1; j2 < M; ++j2)
            put("F", {i1, j1, i2, j2}, p.F(i1, j1, i2, j2));
  }
  return 0;
}
