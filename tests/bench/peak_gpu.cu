// peak-gpu - compute-bound microbenchmarks of max-plus cell updates per
// second on the GPU (one update = one add + one max, the inner step of every
// split reduction: acc = max(acc + x, y)).
//
//   peak-int32      acc = max(acc + a, b) in plain C++ int32
//   peak-dpx-s32    acc = __viaddmax_s32(acc, a, b)       1 update / instr
//   peak-dpx-s16x2  acc = __viaddmax_s16x2(acc, a, b)     2 updates / instr
//                   (two 16-bit lanes per 32-bit register)
//
// Each thread keeps NACC = 16 independent accumulators in registers, all
// updated ITERS times in an unrolled loop, so the chains are independent
// (latency hidden) and nothing can be folded: `a` is a kernel argument (-1,
// unknown to the compiler) and the accumulators are written out at the end.
// The grid is 8 blocks of 256 threads per SM. The kernel runs once to warm
// up, then REPS times; the best time counts.
//   updates = blocks * threads * ITERS * NACC * lanes;  gups = updates / s / 1e9
// Note: on sm_90 nvcc may compile the plain int32 form to the same DPX
// instruction (VIADDMNMX); the "sass" field says what the kernel contains
// only if the build script recorded it (see build.sh); otherwise check with
// cuobjdump -sass.
//
// Usage: peak-gpu [--kind=int32|dpx-s32|dpx-s16x2|all] [--iters=N] [--reps=R]
// Prints one JSON line per kind: {"impl":"peak-dpx-s32","backend":"cuda","gups":..}
#include "cuda_common.cuh"

namespace {

constexpr int NACC = 16;
constexpr int BLOCK = 256;

enum Kind { INT32 = 0, DPX_S32 = 1, DPX_S16X2 = 2 };

template <int K> __device__ __forceinline__ int upd(int acc, int a, int b) {
  if constexpr (K == INT32)
    return max(acc + a, b);
  else if constexpr (K == DPX_S32)
    return __viaddmax_s32(acc, a, b);
  else
    return (int)__viaddmax_s16x2((unsigned)acc, (unsigned)a, (unsigned)b);
}

template <int K>
__global__ void __launch_bounds__(BLOCK) k_peak(int *out, int a, int seed, int iters) {
  const int t = blockIdx.x * BLOCK + threadIdx.x;
  int acc[NACC], b[4];
#pragma unroll
  for (int q = 0; q < NACC; ++q)
    acc[q] = t * 31 + q * 977 + seed;
#pragma unroll
  for (int q = 0; q < 4; ++q)
    b[q] = seed ^ (q * 0x9e3779b9) ^ (t << 3);
  for (int it = 0; it < iters; it += 4) {
#pragma unroll
    for (int u = 0; u < 4; ++u)
#pragma unroll
      for (int q = 0; q < NACC; ++q)
        acc[q] = upd<K>(acc[q], a, b[q & 3]);
  }
  int r = 0;
#pragma unroll
  for (int q = 0; q < NACC; ++q)
    r ^= acc[q] + q;
  out[t] = r;
}

template <int K>
double measure(int *dOut, int Blocks, int Iters, int Reps, bench::EventTimer &T) {
  k_peak<K><<<Blocks, BLOCK>>>(dOut, -1, 12345, Iters); // warm-up
  LAUNCH_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double Best = 1e30;
  for (int r = 0; r < Reps; ++r) {
    T.start();
    k_peak<K><<<Blocks, BLOCK>>>(dOut, -1, 12345 + r, Iters);
    LAUNCH_CHECK();
    double S = T.stop();
    Best = S < Best ? S : Best;
  }
  return Best;
}

} // namespace

int main(int argc, char **argv) {
  using namespace bench;
  std::string Which = "all";
  int Iters = 1 << 16, Reps = 5;
  for (int i = 1; i < argc; ++i) {
    std::string A = argv[i];
    if (A.rfind("--kind=", 0) == 0) Which = A.substr(7);
    else if (A.rfind("--iters=", 0) == 0) Iters = std::atoi(A.c_str() + 8);
    else if (A.rfind("--reps=", 0) == 0) Reps = std::atoi(A.c_str() + 7);
    else if (A == "--help" || A == "-h") {
      std::printf("usage: %s [--kind=int32|dpx-s32|dpx-s16x2|all] [--iters=N] [--reps=R]\n", argv[0]);
      return 0;
    } else
      die("unknown argument '" + A + "'");
  }
  if (Which != "all" && Which != "int32" && Which != "dpx-s32" && Which != "dpx-s16x2")
    die("--kind must be int32, dpx-s32, dpx-s16x2 or all");
  if (Iters < 4 || Iters % 4 || Reps < 1)
    die("--iters must be a positive multiple of 4 and --reps positive");
  Device Dev = init_device();
  const int Blocks = Dev.SMs * 8;
  int *dOut = device_alloc<int>(static_cast<unsigned long long>(Blocks) * BLOCK, "the output");
  EventTimer T;
  const double Base = double(Blocks) * BLOCK * double(Iters) * NACC;
  struct Row { const char *Name; int K; int Lanes; };
  const Row Rows[] = {{"int32", INT32, 1}, {"dpx-s32", DPX_S32, 1}, {"dpx-s16x2", DPX_S16X2, 2}};
  for (const Row &R : Rows) {
    if (Which != "all" && Which != R.Name)
      continue;
    double S = R.K == INT32     ? measure<INT32>(dOut, Blocks, Iters, Reps, T)
               : R.K == DPX_S32 ? measure<DPX_S32>(dOut, Blocks, Iters, Reps, T)
                                : measure<DPX_S16X2>(dOut, Blocks, Iters, Reps, T);
    const double Updates = Base * R.Lanes;
    std::printf("{\"impl\":\"peak-%s\",\"backend\":\"cuda\",\"gups\":%.2f,\"seconds\":%.6f,"
                "\"updates\":%.0f,\"device\":\"%s\",\"sms\":%d}\n",
                R.Name, Updates / S / 1e9, S, Updates, json_escape(Dev.Name).c_str(), Dev.SMs);
    std::fflush(stdout);
  }
  CUDA_CHECK(cudaFree(dOut));
  return 0;
}
