// peak-cpu - the best vectorised int32 max-plus loop on this CPU, in
// G updates/s (one update = one add + one max on one int32 lane), on one
// core and on all cores (OpenMP, one private copy of the data per thread).
//
// Two loops, each in 256-bit (AVX2) and, where the compiler targets it,
// 512-bit (AVX-512) vectors (GCC vector extensions; -O3 -march=native):
//   stream   acc[u] = max(acc[u], a[k] + b[k]), U = 8 independent vector
//            accumulators, a and b 4 KiB each (L1-resident): the split
//            reduction of CPU2/OMP2, 2 loads per vector update.
//   blocked  acc[r][c] = max(acc[r][c], A[k][c] + B[k][r]), 4 x 3 vector
//            accumulators (a max-plus outer product, 7 loads per 12 vector
//            updates): bound by the vector ALUs, not the loads.
// The best of the four is the peak. Each is timed over several passes (the
// best pass counts) after a warm-up; the accumulators feed a checksum that
// is printed, so nothing is optimised away.
//
// Usage: peak-cpu [--threads T] [--seconds S]
// Prints: {"impl":"peak-cpu-core","backend":"cpu","gups":..,...}
//         {"impl":"peak-cpu-all","backend":"openmp","threads":T,"gups":..,...}
#include "common.h"
#include <omp.h>

namespace {

typedef int32_t v8 __attribute__((vector_size(32)));
#ifdef __AVX512F__
typedef int32_t v16 __attribute__((vector_size(64)));
#endif

template <class V> inline V vmax(V a, V b) { return a > b ? a : b; }

constexpr int K = 1024; // ints per array (4 KiB)

template <class V> struct Lanes { static constexpr int value = sizeof(V) / 4; };

// stream: returns a checksum; updates = Passes * K
template <class V>
__attribute__((noinline)) int64_t run_stream(const int32_t *a, const int32_t *b, long Passes) {
  constexpr int L = Lanes<V>::value, U = 8;
  V acc[U];
  for (int u = 0; u < U; ++u)
    for (int l = 0; l < L; ++l)
      acc[u][l] = -(1 << 20) + u + l;
  for (long p = 0; p < Passes; ++p) {
    for (int k = 0; k < K; k += L * U) {
#pragma GCC unroll 8
      for (int u = 0; u < U; ++u) {
        V x, y;
        __builtin_memcpy(&x, a + k + u * L, sizeof(V));
        __builtin_memcpy(&y, b + k + u * L, sizeof(V));
        acc[u] = vmax(acc[u], x + y);
      }
    }
    asm volatile("" : : : "memory"); // keep the passes
  }
  int64_t s = 0;
  for (int u = 0; u < U; ++u)
    for (int l = 0; l < L; ++l)
      s += acc[u][l];
  return s;
}

// blocked: A is K/L rows of C vectors... A[k][c] vectors, B[k][r] scalars.
// updates = Passes * (K / (C*L)) * R * C * L
template <class V>
__attribute__((noinline)) int64_t run_blocked(const int32_t *a, const int32_t *b, long Passes) {
  constexpr int L = Lanes<V>::value, R = 4, C = 3;
  constexpr int Steps = K / (C * L); // k steps per pass over a (a holds Steps*C vectors)
  V acc[R][C];
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c)
      for (int l = 0; l < L; ++l)
        acc[r][c][l] = -(1 << 20) + r * 7 + c + l;
  for (long p = 0; p < Passes; ++p) {
    for (int k = 0; k < Steps; ++k) {
      V x[C];
      for (int c = 0; c < C; ++c)
        __builtin_memcpy(&x[c], a + (k * C + c) * L, sizeof(V));
#pragma GCC unroll 4
      for (int r = 0; r < R; ++r) {
        V y = b[(k * R + r) % K] + V{}; // broadcast
#pragma GCC unroll 3
        for (int c = 0; c < C; ++c)
          acc[r][c] = vmax(acc[r][c], x[c] + y);
      }
    }
    asm volatile("" : : : "memory");
  }
  int64_t s = 0;
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c)
      for (int l = 0; l < L; ++l)
        s += acc[r][c][l];
  return s;
}

struct Variant {
  const char *Name;
  int64_t (*Fn)(const int32_t *, const int32_t *, long);
  double UpdatesPerPass;
};

std::vector<Variant> variants() {
  std::vector<Variant> V;
  V.push_back({"stream-256", run_stream<v8>, double(K)});
  V.push_back({"blocked-256", run_blocked<v8>, double(K / (3 * 8)) * 4 * 3 * 8});
#ifdef __AVX512F__
  V.push_back({"stream-512", run_stream<v16>, double(K)});
  V.push_back({"blocked-512", run_blocked<v16>, double(K / (3 * 16)) * 4 * 3 * 16});
#endif
  return V;
}

// Runs `v` on `T` threads; returns the best G updates/s over `Reps` timed
// rounds of `Passes` passes each.
double measure(const Variant &v, int T, long Passes, int Reps, int64_t &Check) {
  double Best = 0;
  int64_t Sum = 0;
#pragma omp parallel num_threads(T) reduction(+ : Sum)
  {
    std::vector<int32_t> a(K + 64), b(K + 64);
    for (int k = 0; k < K + 64; ++k) {
      a[k] = (k * 2654435761u >> 20) & 1023;
      b[k] = (k * 40503u >> 7) & 511;
    }
    Sum += v.Fn(a.data(), b.data(), Passes / 8); // warm-up
    for (int r = 0; r < Reps; ++r) {
#pragma omp barrier
      double T0 = 0;
#pragma omp master
      T0 = bench::now_seconds();
      Sum += v.Fn(a.data(), b.data(), Passes);
#pragma omp barrier
#pragma omp master
      {
        double S = bench::now_seconds() - T0;
        double G = v.UpdatesPerPass * Passes * T / S / 1e9;
        Best = G > Best ? G : Best;
      }
    }
  }
  Check += Sum;
  return Best;
}

} // namespace

int main(int argc, char **argv) {
  using namespace bench;
  int Threads = omp_get_num_procs();
  double Seconds = 0.2; // per timed round, roughly
  for (int i = 1; i < argc; ++i) {
    std::string A = argv[i];
    if ((A == "--threads" && i + 1 < argc) || A.rfind("--threads=", 0) == 0) {
      std::string V = A == "--threads" ? argv[++i] : A.substr(10);
      Threads = std::atoi(V.c_str());
      if (Threads < 1) die("--threads expects a positive integer");
    } else if ((A == "--seconds" && i + 1 < argc) || A.rfind("--seconds=", 0) == 0) {
      std::string V = A == "--seconds" ? argv[++i] : A.substr(10);
      Seconds = std::atof(V.c_str());
      if (Seconds <= 0) die("--seconds expects a positive number");
    } else if (A == "--help" || A == "-h") {
      std::printf("usage: %s [--threads T] [--seconds S]\n", argv[0]);
      return 0;
    } else {
      die("unknown argument '" + A + "'");
    }
  }
  int64_t Check = 0;
  for (int Pass = 0; Pass < 2; ++Pass) {
    const int T = Pass == 0 ? 1 : Threads;
    double Best = 0;
    std::string Which, All;
    for (const Variant &v : variants()) {
      // Calibrate passes for ~Seconds per round on one thread.
      long Passes = 64;
      for (;;) {
        double T0 = now_seconds();
        std::vector<int32_t> a(K + 64, 1), b(K + 64, 2);
        Check += v.Fn(a.data(), b.data(), Passes);
        double S = now_seconds() - T0;
        if (S > Seconds / 4 || Passes > (1L << 40)) {
          Passes = static_cast<long>(Passes * (Seconds / (S > 1e-9 ? S : 1e-9)));
          if (Passes < 1) Passes = 1;
          break;
        }
        Passes *= 4;
      }
      double G = measure(v, T, Passes, 3, Check);
      char Buf[96];
      std::snprintf(Buf, sizeof Buf, "%s\"%s\":%.2f", All.empty() ? "" : ",", v.Name, G);
      All += Buf;
      if (G > Best) { Best = G; Which = v.Name; }
    }
    std::printf("{\"impl\":\"%s\",\"backend\":\"%s\",\"threads\":%d,\"gups\":%.2f,"
                "\"best\":\"%s\",\"variants\":{%s},\"checksum\":%lld}\n",
                Pass == 0 ? "peak-cpu-core" : "peak-cpu-all", Pass == 0 ? "cpu" : "openmp",
                T, Best, Which.c_str(), All.c_str(), static_cast<long long>(Check & 0xffff));
    std::fflush(stdout);
  }
  return 0;
}
