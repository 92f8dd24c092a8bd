// bpmax-omp - a straightforward OpenMP baseline of the BPMax recurrence
// (Gildemaster, Ghalsasi & Rajopadhye, HiCOMB 2020, seeds/004), exactly as
// written in dpc's recurrences/bpmax.dp (0-based):
//
//   S(i,j) = 0 (j <= i);  else max(S(i+1,j), S(i,j-1),
//            S(i+1,j-1) + intra(a_i,a_j), max_{i<k<j} S(i,k) + S(k+1,j))
//   F(i1,j1,i2,j2) = S2(i2,j2)                             j1 < i1
//                  = S1(i1,j1)                             j2 < i2
//                  = max(0, iscore(a1_i1, a2_i2))          i1 = j1, i2 = j2
//                  = max( [i1<j1] F(i1+1,j1-1,i2,j2) + intra(a1_i1,a1_j1),
//                         [i2<j2] F(i1,j1,i2+1,j2-1) + intra(a2_i2,a2_j2),
//                         max_{i1<=k1<j1} max_{i2<=k2<=j2}
//                             F(i1,k1,i2,k2) + F(k1+1,j1,k2+1,j2),
//                         max_{i2<=k2<j2}  F(i1,j1,i2,k2) + S2(k2+1,j2),
//                         max_{i2<=k2<=j2} S2(i2,k2) + F(i1,j1,k2+1,j2),
//                         max_{i1<=k1<=j1} S1(i1,k1) + F(k1+1,j1,i2,j2) )
//
// Domains: S1 over 0 <= i <= N, i-1 <= j < N (likewise S2 with M); F over
// 0 <= i1 <= N, i1-1 <= j1 < N, 0 <= i2 <= M, i2-1 <= j2 < M (i = N is the
// empty suffix). Weights GC/CG 3, AU/UA 2, GU/UG 1, any other pair -inf
// (never forms; an interaction cell that cannot pair scores 0). The guarded
// [i1<j1] / [i2<j2] terms are -inf where the guard fails.
//
// -inf is the sentinel NEG = INT_MIN/4: every table value is >= 0, and a
// sentinel is only ever added to one table value, so no sum overflows and
// any sum involving NEG stays far below every real value.
//
// Storage: F packed as F[t1(i1,j1)][t2(i2,j2)], t the row-major index of
// the (i, j) triangle of one strand (j from i-1), so the k2 loop of the
// double reduction reads its left operand contiguously.
//
// Parallelism: wavefronts of (d1, d2) = (j1-i1, j2-i2), d = -1 for an empty
// strand. Every F operand of a cell has a smaller d1 + d2 (a smaller d1 and
// d2 <= d2, or d1 equal and a smaller d2), so all cells with the same
// t = d1 + d2 are independent: the wavefronts t run in order, the cells of
// each are shared among the threads (OpenMP for, dynamic, one (d1, i1) row
// of cells per item, since the cost d1 * (d2+1) differs along a wavefront).
//
// Timed: S1, S2 and all of F (not the input, not allocating the tables).
#include "common.h"
#ifdef _OPENMP
#include <omp.h>
#endif

namespace {

constexpr int32_t NEG = INT_MIN / 4;

inline int32_t weight(int a, int b) {
  using namespace bench;
  if ((a == G && b == C) || (a == C && b == G)) return 3;
  if ((a == A && b == U) || (a == U && b == A)) return 2;
  if ((a == G && b == U) || (a == U && b == G)) return 1;
  return NEG;
}

inline int32_t mx(int32_t a, int32_t b) { return a > b ? a : b; }

// Weighted Nussinov table S[i][j+1], 0 <= i <= n, i-1 <= j < n.
std::vector<int32_t> fold_single(const std::vector<int8_t> &s) {
  const long n = static_cast<long>(s.size());
  const long W = n + 1;
  std::vector<int32_t> S(static_cast<size_t>(W * W), 0);
  auto at = [&](long i, long j) -> int32_t & { return S[i * W + j + 1]; };
  for (long d = 1; d < n; ++d)
    for (long i = 0; i + d < n; ++i) {
      long j = i + d;
      int32_t v = mx(at(i + 1, j), at(i, j - 1));
      v = mx(v, at(i + 1, j - 1) + weight(s[i], s[j]));
      for (long k = i + 1; k < j; ++k)
        v = mx(v, at(i, k) + at(k + 1, j));
      at(i, j) = v;
    }
  return S;
}

} // namespace

int main(int argc, char **argv) {
  using namespace bench;
  Options O = parse_args(argc, argv, /*TwoSeqs=*/true);
  int Threads = 1;
#ifdef _OPENMP
  if (O.Threads > 0)
    omp_set_num_threads(O.Threads);
  Threads = omp_get_max_threads();
#endif
  const std::vector<int8_t> s1 = read_sequence(O.Seq);
  const std::vector<int8_t> s2 = read_sequence(O.Seq2);
  const long N = static_cast<long>(s1.size()), M = static_cast<long>(s2.size());

  // Triangle offsets: row i holds j = i-1 .. n-1 (n - i + 1 entries).
  std::vector<long> Off1(N + 2), Off2(M + 2);
  for (long i = 0; i <= N; ++i) Off1[i + 1] = Off1[i] + (N - i + 1);
  for (long i = 0; i <= M; ++i) Off2[i + 1] = Off2[i] + (M - i + 1);
  const long T1 = Off1[N + 1], T2 = Off2[M + 1];
  std::vector<int32_t> F = alloc_table<int32_t>(
      static_cast<unsigned long long>(T1) * T2, "the BPMax table F");
  check_host_memory(static_cast<unsigned long long>(T1) * T2 * 4 +
                        4ULL * ((N + 1) * (N + 1) + (M + 1) * (M + 1)),
                    "the BPMax tables");

  double T0 = now_seconds();
  const std::vector<int32_t> S1 = fold_single(s1), S2 = fold_single(s2);
  const long W1 = N + 1, W2 = M + 1;
  auto s1at = [&](long i, long j) { return S1[i * W1 + j + 1]; };
  auto s2at = [&](long i, long j) { return S2[i * W2 + j + 1]; };
  auto t1 = [&](long i, long j) { return Off1[i] + (j - i + 1); };
  auto t2 = [&](long i, long j) { return Off2[i] + (j - i + 1); };
  int32_t *Fp = F.data();
  auto f = [&](long i1, long j1, long i2, long j2) -> int32_t & {
    return Fp[t1(i1, j1) * T2 + t2(i2, j2)];
  };

  // Wavefronts t = d1 + d2 (d = j - i, -1 for an empty strand), in order.
  // A work item is one (d1, i1) of the wavefront: the cells i2 = 0.. of
  // (i1, i1+d1, i2, i2+d2), all of equal cost.
  std::vector<std::pair<long, long>> Items;
#pragma omp parallel
  for (long t = -2; t <= (N - 1) + (M - 1); ++t) {
#pragma omp single
    {
      Items.clear();
      for (long d1 = -1; d1 < N; ++d1) {
        const long d2 = t - d1;
        if (d2 < -1 || d2 >= M)
          continue;
        const long n1 = d1 < 0 ? N + 1 : N - d1; // i1 = 0 .. n1-1
        for (long i1 = 0; i1 < n1; ++i1)
          Items.push_back({d1, i1});
      }
    } // implicit barrier: Items is ready, wavefront t-1 is finished
#pragma omp for schedule(dynamic, 1)
    for (long q = 0; q < static_cast<long>(Items.size()); ++q) {
      const long d1 = Items[q].first, i1 = Items[q].second, j1 = i1 + d1;
      const long d2 = t - d1;
      const long n2 = d2 < 0 ? M + 1 : M - d2;
      for (long i2 = 0; i2 < n2; ++i2) {
        const long j2 = i2 + d2;
        int32_t v;
        if (j1 < i1) {
          v = s2at(i2, j2);
        } else if (j2 < i2) {
          v = s1at(i1, j1);
        } else if (i1 == j1 && i2 == j2) {
          v = mx(0, weight(s1[i1], s2[i2]));
        } else {
          v = NEG;
          if (i1 < j1)
            v = mx(v, f(i1 + 1, j1 - 1, i2, j2) + weight(s1[i1], s1[j1]));
          if (i2 < j2)
            v = mx(v, f(i1, j1, i2 + 1, j2 - 1) + weight(s2[i2], s2[j2]));
          // The double max reduction (the O(N^3 M^3) term).
          for (long k1 = i1; k1 < j1; ++k1) {
            const int32_t *L = Fp + t1(i1, k1) * T2 + t2(i2, 0);
            const int32_t *R = Fp + t1(k1 + 1, j1) * T2;
            for (long k2 = i2; k2 <= j2; ++k2)
              v = mx(v, L[k2] + R[t2(k2 + 1, j2)]);
          }
          for (long k2 = i2; k2 < j2; ++k2)
            v = mx(v, f(i1, j1, i2, k2) + s2at(k2 + 1, j2));
          for (long k2 = i2; k2 <= j2; ++k2)
            v = mx(v, s2at(i2, k2) + f(i1, j1, k2 + 1, j2));
          for (long k1 = i1; k1 <= j1; ++k1)
            v = mx(v, s1at(i1, k1) + f(k1 + 1, j1, i2, j2));
        }
        f(i1, j1, i2, j2) = v;
      }
    } // implicit barrier
  }
  double T1s = now_seconds();
  char Extra[160];
  std::snprintf(Extra, sizeof Extra, "\"m\":%ld,\"threads\":%d", M, Threads);
  print_result("bpmax-omp", "openmp", N, f(0, N - 1, 0, M - 1), T1s - T0, Extra);
  return 0;
}
