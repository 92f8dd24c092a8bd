// cuda_common.cuh - error checking, device set-up and timing for the GPU
// baselines (tests/bench/*.cu). Every CUDA call goes through CUDA_CHECK;
// every launch is followed by LAUNCH_CHECK (cudaGetLastError), and the
// timed region ends with a checked cudaEventSynchronize, so an asynchronous
// fault surfaces as an error exit naming the file and line.
#ifndef DPC_BENCH_CUDA_COMMON_CUH
#define DPC_BENCH_CUDA_COMMON_CUH

#include "common.h"
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "error: CUDA: %s failed at %s:%d: %s\n", #call,     \
                   __FILE__, __LINE__, cudaGetErrorString(err_));              \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

#define LAUNCH_CHECK() CUDA_CHECK(cudaGetLastError())

namespace bench {

struct Device {
  int Id = 0;
  int SMs = 0;
  std::string Name;
};

/// Creates the context (outside any timed region) and describes the device.
inline Device init_device() {
  Device D;
  int Count = 0;
  cudaError_t E = cudaGetDeviceCount(&Count);
  if (E != cudaSuccess || Count == 0)
    die(std::string("no CUDA device available") +
        (E != cudaSuccess ? std::string(" (") + cudaGetErrorString(E) + ")"
                          : std::string("")));
  CUDA_CHECK(cudaSetDevice(0));
  CUDA_CHECK(cudaFree(nullptr)); // forces context creation
  cudaDeviceProp P;
  CUDA_CHECK(cudaGetDeviceProperties(&P, 0));
  D.SMs = P.multiProcessorCount;
  D.Name = P.name;
  return D;
}

/// Dies unless `Bytes` of device memory are free (keeps 256 MiB spare).
inline void check_device_memory(unsigned long long Bytes, const std::string &What) {
  size_t Free = 0, Total = 0;
  CUDA_CHECK(cudaMemGetInfo(&Free, &Total));
  const unsigned long long Spare = 256ULL << 20;
  if (Bytes + Spare > Free)
    die("not enough GPU memory for " + What + ": needs " +
        std::to_string(Bytes >> 20) + " MiB (+256 MiB spare), " +
        std::to_string(Free >> 20) + " MiB free of " +
        std::to_string(Total >> 20) + " MiB");
}

template <typename T> inline T *device_alloc(unsigned long long Count, const std::string &What) {
  unsigned long long Bytes = Count * sizeof(T);
  if (Count && Bytes / sizeof(T) != Count)
    die("table size overflows for " + What);
  check_device_memory(Bytes, What);
  T *P = nullptr;
  CUDA_CHECK(cudaMalloc(&P, Bytes ? Bytes : 1));
  return P;
}

/// Timing with CUDA events on the default stream.
struct EventTimer {
  cudaEvent_t Start, Stop;
  EventTimer() {
    CUDA_CHECK(cudaEventCreate(&Start));
    CUDA_CHECK(cudaEventCreate(&Stop));
  }
  ~EventTimer() {
    cudaEventDestroy(Start); // best effort at exit
    cudaEventDestroy(Stop);
  }
  void start() { CUDA_CHECK(cudaEventRecord(Start, 0)); }
  /// Records the stop event, waits for it and returns the seconds elapsed.
  double stop() {
    CUDA_CHECK(cudaEventRecord(Stop, 0));
    CUDA_CHECK(cudaEventSynchronize(Stop));
    CUDA_CHECK(cudaGetLastError());
    float Ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&Ms, Start, Stop));
    return Ms / 1000.0;
  }
};

inline std::string json_escape(const std::string &S) {
  std::string R;
  for (char C : S) {
    if (C == '"' || C == '\\') R += '\\';
    if (static_cast<unsigned char>(C) >= 0x20) R += C;
  }
  return R;
}

__device__ __forceinline__ int dbond(int a, int b) {
  // A=0 C=1 G=2 U=3; 4 = padding (never pairs).
  return (a == 0 && b == 3) || (a == 3 && b == 0) || (a == 2 && b == 1) ||
                 (a == 1 && b == 2) || (a == 2 && b == 3) || (a == 3 && b == 2)
             ? 1
             : 0;
}

/// Max over the block (blockDim.x * blockDim.y * blockDim.z a multiple of 32,
/// at most 1024). Every thread must call it; thread 0 gets the result.
/// Contains __syncthreads(), so the caller may reuse shared memory after it.
__device__ __forceinline__ int block_reduce_max(int v) {
  __shared__ int Warp[32];
  const int Tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const int NT = blockDim.x * blockDim.y * blockDim.z;
#pragma unroll
  for (int o = 16; o > 0; o >>= 1)
    v = max(v, __shfl_down_sync(0xffffffffu, v, o));
  if ((Tid & 31) == 0)
    Warp[Tid >> 5] = v;
  __syncthreads();
  if (Tid < 32) {
    v = Tid < (NT >> 5) ? Warp[Tid] : INT_MIN;
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
      v = max(v, __shfl_down_sync(0xffffffffu, v, o));
  }
  __syncthreads(); // Warp[] may be reused by the next call
  return v;
}

} // namespace bench

#endif
