// nussinov_cpu.h - Li, Ranka & Sahni's (2014, seeds/003) CPU codes for
// Chang et al.'s simplified Nussinov recurrence (seeds/003 eqs. 1-3):
//
//   C(i,i) = 0, C(i,i+1) = base(i),
//   C(i,j) = max(C(i+1,j-1) + bond(a_i,a_j), max_{i<=k<j} C(i,k) + C(k+1,j))
//
// base(i) = 0 in --mode=chang (dpc's recurrences/chang.dp) and
// bond(a_i, a_{i+1}) in --mode=nussinov (equal to Durbin's four-case form,
// recurrences/nussinov.dp: the k = i and k = j-1 split terms are the cases
// C(i+1,j) and C(i,j-1)).
//
//   CPU1  Algorithm 1: row-major n x n array M, upper triangle; the split
//         reads the row M[i][k] and the column M[k+1][j].
//   CPU2  the lower triangle holds the transpose (M[j][i] = M[i][j]) so the
//         split reads two rows, M[i][k] and M[j][k+1].
//   OMP1  CPU1 with the cells of each diagonal shared among OpenMP threads.
//   OMP2  the same on top of CPU2.
//
// Timed: the fill only (the diagonal initialisation and all diagonals), not
// reading the input nor allocating/zeroing the table.
#ifndef DPC_BENCH_NUSSINOV_CPU_H
#define DPC_BENCH_NUSSINOV_CPU_H

#include "common.h"
#ifdef _OPENMP
#include <omp.h>
#endif

namespace bench {

enum class CpuImpl { CPU1, CPU2, OMP1, OMP2 };

// One cell of CPU1 / OMP1: the column read M[k+1][col].
static inline int32_t cell_cpu1(const int32_t *M, size_t n, const int8_t *S,
                                size_t row, size_t col) {
  int32_t mx = M[(row + 1) * n + col - 1] + bond(S[row], S[col]);
  for (size_t k = row; k < col; ++k) {
    int32_t t = M[row * n + k] + M[(k + 1) * n + col];
    mx = mx > t ? mx : t;
  }
  return mx;
}

// One cell of CPU2 / OMP2: both operands are rows, M[row][k] and M[col][k+1].
static inline int32_t cell_cpu2(const int32_t *M, size_t n, const int8_t *S,
                                size_t row, size_t col) {
  int32_t mx = M[(row + 1) * n + col - 1] + bond(S[row], S[col]);
  const int32_t *A = M + row * n;
  const int32_t *B = M + col * n + 1;
  for (size_t k = row; k < col; ++k) {
    int32_t t = A[k] + B[k];
    mx = mx > t ? mx : t;
  }
  return mx;
}

inline void fill(CpuImpl Impl, int32_t *M, size_t n, const int8_t *S,
                 bool Nussinov) {
  const bool Transposed = Impl == CpuImpl::CPU2 || Impl == CpuImpl::OMP2;
  // Lines 1-6 of Algorithm 1: the two first diagonals (the table is already
  // zero, so only the second diagonal of --mode=nussinov needs writing).
  if (Nussinov)
    for (size_t i = 0; i + 1 < n; ++i) {
      int32_t b = bond(S[i], S[i + 1]);
      M[i * n + i + 1] = b;
      if (Transposed)
        M[(i + 1) * n + i] = b;
    }
  switch (Impl) {
  case CpuImpl::CPU1:
    for (size_t diag = 2; diag < n; ++diag)
      for (size_t row = 0; row + diag < n; ++row) {
        size_t col = row + diag;
        M[row * n + col] = cell_cpu1(M, n, S, row, col);
      }
    break;
  case CpuImpl::CPU2:
    for (size_t diag = 2; diag < n; ++diag)
      for (size_t row = 0; row + diag < n; ++row) {
        size_t col = row + diag;
        int32_t v = cell_cpu2(M, n, S, row, col);
        M[row * n + col] = v;
        M[col * n + row] = v;
      }
    break;
  case CpuImpl::OMP1:
    // One parallel region; the cells of a diagonal are split statically
    // (they all cost the same), the implicit barrier ends the diagonal.
#pragma omp parallel
    for (size_t diag = 2; diag < n; ++diag) {
#pragma omp for schedule(static)
      for (size_t row = 0; row < n - diag; ++row) {
        size_t col = row + diag;
        M[row * n + col] = cell_cpu1(M, n, S, row, col);
      }
    }
    break;
  case CpuImpl::OMP2:
#pragma omp parallel
    for (size_t diag = 2; diag < n; ++diag) {
#pragma omp for schedule(static)
      for (size_t row = 0; row < n - diag; ++row) {
        size_t col = row + diag;
        int32_t v = cell_cpu2(M, n, S, row, col);
        M[row * n + col] = v;
        M[col * n + row] = v;
      }
    }
    break;
  }
}

inline int cpu_main(int argc, char **argv, CpuImpl Impl, const char *Name) {
  Options O = parse_args(argc, argv, /*TwoSeqs=*/false);
  const bool Parallel = Impl == CpuImpl::OMP1 || Impl == CpuImpl::OMP2;
  int Threads = 1;
#ifdef _OPENMP
  if (Parallel && O.Threads > 0)
    omp_set_num_threads(O.Threads);
  if (Parallel)
    Threads = omp_get_max_threads();
#else
  if (Parallel)
    die("built without OpenMP");
#endif
  std::vector<int8_t> S = read_sequence(O.Seq);
  const size_t n = S.size();
  std::vector<int32_t> M = alloc_table<int32_t>(
      static_cast<unsigned long long>(n) * n, "the n x n table");
  double T0 = now_seconds();
  fill(Impl, M.data(), n, S.data(), O.Mode == "nussinov");
  double T1 = now_seconds();
  std::string Extra = "\"mode\":\"" + O.Mode + "\",\"threads\":" +
                      std::to_string(Threads);
  print_result(Name, Parallel ? "openmp" : "cpu", static_cast<long long>(n),
               M[n - 1], T1 - T0, Extra);
  return 0;
}

} // namespace bench

#endif
