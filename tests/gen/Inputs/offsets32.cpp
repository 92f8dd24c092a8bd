// Checks the generated element offsets' int32 form (<table>_at<int32_t>,
// used by an int32 tile-kernel instance) against their int64 form, and the
// host's interval test that allows it (<table>_at_fits32): for each size,
// the test's answer, and where it says int32, that both forms agree on
// every cell of sampled rows (Nussinov's C) or of sampled (i1, j1) planes
// (BPMax's F). Built twice: with -DNUSSINOV against nussinov.h, else
// against bpmax.h.
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#ifdef NUSSINOV
#include "nussinov.h"
using namespace nussinov;
#else
#include "bpmax.h"
using namespace bpmax;
#endif

int main() {
  long long bad = 0, checked = 0;
#ifdef NUSSINOV
  for (int64_t N : {int64_t(1000), int64_t(32000), int64_t(32767), int64_t(33000), int64_t(1) << 20}) {
    Params P{};
    P.N = N;
    const bool Fits = C_at_fits32(P);
    std::printf("C N=%lld: %s\n", (long long)N, Fits ? "int32" : "int64");
    if (!Fits) {
      // (where the test says int64, the int32 form may indeed be wrong)
      bool Differs = false;
      for (int64_t j = N - 2; j < N; ++j)
        Differs |= C_at<int32_t>(P, int32_t(N - 2), int32_t(j)) !=
                   C_at(P, N - 2, j);
      std::printf("  its int32 form differs at i = N - 2: %s\n",
                  Differs ? "yes" : "no");
      continue;
    }
    for (int64_t i : {int64_t(0), int64_t(1), N / 3, N / 2, N - 2, N - 1})
      for (int64_t j = i - 1; j < N; ++j) {
        ++checked;
        bad += C_at<int32_t>(P, int32_t(i), int32_t(j)) != C_at(P, i, j);
      }
  }
#else
  for (int64_t N : {int64_t(16), int64_t(128), int64_t(150), int64_t(200), int64_t(400)}) {
    Params P{};
    P.N = N;
    P.M = N;
    const bool Fits = F_at_fits32(P) && S1_at_fits32(P) && S2_at_fits32(P);
    std::printf("F N=M=%lld: %s\n", (long long)N, Fits ? "int32" : "int64");
    if (!Fits)
      continue;
    for (int64_t i1 : {int64_t(0), N / 2, N})
      for (int64_t j1 : {i1 - 1, i1, N - 1})
        for (int64_t i2 = 0; i2 <= N; ++i2)
          for (int64_t j2 = i2 - 1; j2 < N; ++j2) {
            if (j1 < i1 - 1 || j1 >= N)
              continue;
            ++checked;
            bad += F_at<int32_t>(P, int32_t(i1), int32_t(j1), int32_t(i2),
                                 int32_t(j2)) != F_at(P, i1, j1, i2, j2);
          }
  }
#endif
  std::printf("cells compared: %s, differing: %lld\n",
              checked > 0 ? "some" : "none", bad);
  return bad != 0;
}
