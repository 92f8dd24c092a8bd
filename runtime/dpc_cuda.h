// dpc_cuda.h - CUDA support for generated code: checked calls, RAII device
// buffers and streams, memory checks, event timing, the launches of a
// batch (LaunchList) and host memory for its tables. Copied into every
// generated folder; only the .cu file includes it.
#ifndef DPC_CUDA_H
#define DPC_CUDA_H

#include "dpc_driver.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdlib>
#include <initializer_list>
#include <map>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

namespace dpc_rt {

[[noreturn]] inline void cuda_fail(cudaError_t E, const char *Call,
                                   const char *File, int Line) {
  throw InputError(std::string("CUDA error in ") + Call + " at " + File + ":" +
                   std::to_string(Line) + ": " + cudaGetErrorName(E) + ": " +
                   cudaGetErrorString(E));
}

#define DPC_CUDA_CHECK(call)                                                   \
  do {                                                                         \
    cudaError_t dpc_e_ = (call);                                               \
    if (dpc_e_ != cudaSuccess)                                                 \
      ::dpc_rt::cuda_fail(dpc_e_, #call, __FILE__, __LINE__);                  \
  } while (0)

/// Checks a kernel launch (and, with Sync, its completion).
#define DPC_CUDA_CHECK_LAUNCH(name)                                            \
  DPC_CUDA_CHECK(cudaGetLastError())

/// Owns a device allocation of N elements of T.
template <typename T> class DeviceBuffer {
public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(size_t N) : N(N) {
    if (N)
      DPC_CUDA_CHECK(cudaMalloc(&P, N * sizeof(T)));
  }
  ~DeviceBuffer() {
    if (P)
      cudaFree(P);
  }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  DeviceBuffer(DeviceBuffer &&O) noexcept : P(O.P), N(O.N) {
    O.P = nullptr;
    O.N = 0;
  }
  DeviceBuffer &operator=(DeviceBuffer &&O) noexcept {
    std::swap(P, O.P);
    std::swap(N, O.N);
    return *this;
  }
  T *get() const { return P; }
  size_t size() const { return N; }
  void upload(const T *Host, size_t Count, cudaStream_t S = 0) {
    if (Count)
      DPC_CUDA_CHECK(cudaMemcpyAsync(P, Host, Count * sizeof(T),
                                     cudaMemcpyHostToDevice, S));
  }
  void download(T *Host, size_t Count, cudaStream_t S = 0) const {
    if (Count)
      DPC_CUDA_CHECK(cudaMemcpyAsync(Host, P, Count * sizeof(T),
                                     cudaMemcpyDeviceToHost, S));
  }

private:
  T *P = nullptr;
  size_t N = 0;
};

/// The program's stream, at the device's highest priority: where a side
/// stream (StepOverlap) runs long products beside it, the blocks of its
/// kernels are scheduled first as SMs free up.
class Stream {
public:
  Stream() {
    int Least = 0, Greatest = 0;
    DPC_CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&Least, &Greatest));
    DPC_CUDA_CHECK(cudaStreamCreateWithPriority(&S, cudaStreamDefault, Greatest));
  }
  ~Stream() { cudaStreamDestroy(S); }
  Stream(const Stream &) = delete;
  Stream &operator=(const Stream &) = delete;
  operator cudaStream_t() const { return S; }

private:
  cudaStream_t S = nullptr;
};

class EventTimer {
public:
  EventTimer() {
    DPC_CUDA_CHECK(cudaEventCreate(&A));
    DPC_CUDA_CHECK(cudaEventCreate(&B));
  }
  ~EventTimer() {
    cudaEventDestroy(A);
    cudaEventDestroy(B);
  }
  void start(cudaStream_t S) { DPC_CUDA_CHECK(cudaEventRecord(A, S)); }
  double stop(cudaStream_t S) {
    DPC_CUDA_CHECK(cudaEventRecord(B, S));
    DPC_CUDA_CHECK(cudaEventSynchronize(B));
    float Ms = 0;
    DPC_CUDA_CHECK(cudaEventElapsedTime(&Ms, A, B));
    return Ms / 1000.0;
  }

private:
  cudaEvent_t A = nullptr, B = nullptr;
};

/// Two streams for a tile wavefront whose split tile products have an
/// older part (the k whose reads lie in tiles two steps back or more,
/// lir::SplitInfo::OldLo): step s's older part runs on a side stream beside
/// step s - 1's tile kernel; its newer part and its tile kernel follow on
/// the main stream. Per launch, in the host's order: beforeOld(s), the
/// older part on side(), afterOld(), the newer part, beforeTile(), the tile
/// kernel, afterTile(s). Every side launch is joined into the main stream
/// by the tile kernel after it.
class StepOverlap {
public:
  /// Work enqueued on Main so far (uploads, fills) comes before any side
  /// launch.
  explicit StepOverlap(cudaStream_t Main) : Main(Main) {
    // (the lowest priority: Main's kernels come first where both wait)
    int Least = 0, Greatest = 0;
    DPC_CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&Least, &Greatest));
    DPC_CUDA_CHECK(
        cudaStreamCreateWithPriority(&Side, cudaStreamNonBlocking, Least));
    DPC_CUDA_CHECK(cudaEventCreateWithFlags(&Old, cudaEventDisableTiming));
    for (auto &E : Tile)
      DPC_CUDA_CHECK(cudaEventCreateWithFlags(&E, cudaEventDisableTiming));
    DPC_CUDA_CHECK(cudaEventRecord(Old, Main));
    DPC_CUDA_CHECK(cudaStreamWaitEvent(Side, Old, 0));
  }
  ~StepOverlap() {
    cudaStreamDestroy(Side);
    cudaEventDestroy(Old);
    for (auto &E : Tile)
      cudaEventDestroy(E);
  }
  StepOverlap(const StepOverlap &) = delete;
  StepOverlap &operator=(const StepOverlap &) = delete;
  cudaStream_t side() const { return Side; }
  /// The launches of this kernel so far (its buffers alternate by parity).
  int64_t count() const { return N; }
  /// The side stream waits for the latest tile kernel of a step at most
  /// Step - 2 (of the last two: steps increase launch by launch).
  void beforeOld(int64_t Step) {
    for (int Back = 1; Back <= 2 && Back <= N; ++Back) {
      const int I = int((N - Back) % 2);
      if (TileStep[I] <= Step - 2) {
        DPC_CUDA_CHECK(cudaStreamWaitEvent(Side, Tile[I], 0));
        return;
      }
    }
  }
  void afterOld() { DPC_CUDA_CHECK(cudaEventRecord(Old, Side)); }
  void beforeTile() { DPC_CUDA_CHECK(cudaStreamWaitEvent(Main, Old, 0)); }
  void afterTile(int64_t Step) {
    const int I = int(N % 2);
    TileStep[I] = Step;
    DPC_CUDA_CHECK(cudaEventRecord(Tile[I], Main));
    ++N;
  }

private:
  cudaStream_t Main, Side = nullptr;
  cudaEvent_t Old = nullptr, Tile[2] = {nullptr, nullptr};
  int64_t TileStep[2] = {0, 0};
  int64_t N = 0;
};

/// Sets N elements of a device array to V.
// atomicMax / atomicMin on int64_t (long here), through CUDA's long long
// overloads: the parts of a tile product split over k combine with them.
__device__ inline void atomic_max(int64_t *P, int64_t V) {
  atomicMax(reinterpret_cast<long long *>(P), static_cast<long long>(V));
}
__device__ inline void atomic_min(int64_t *P, int64_t V) {
  atomicMin(reinterpret_cast<long long *>(P), static_cast<long long>(V));
}
template <typename T> __global__ void fill_kernel(T *P, size_t N, T V) {
  for (size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x; I < N;
       I += size_t(gridDim.x) * blockDim.x)
    P[I] = V;
}
template <typename T> void fill(T *P, size_t N, T V, cudaStream_t S) {
  if (!N)
    return;
  size_t Blocks = (N + 255) / 256;
  fill_kernel<<<static_cast<unsigned>(Blocks < 1024 ? Blocks : 1024), 256, 0, S>>>(
      P, N, V);
  DPC_CUDA_CHECK(cudaGetLastError());
}

/// The number of streaming multiprocessors of a device.
inline int sm_count(int Device) {
  int N = 0;
  DPC_CUDA_CHECK(cudaDeviceGetAttribute(&N, cudaDevAttrMultiProcessorCount, Device));
  return N;
}

/// How many blocks share one tile's product in a step of Tiles tiles: enough
/// for BlocksPerSM blocks on each of the SMs, at least 1, at most Max.
inline unsigned split_parts(size_t Tiles, int SMs, int BlocksPerSM, int Max) {
  size_t Want = static_cast<size_t>(SMs) * BlocksPerSM;
  size_t Parts = Tiles ? (Want + Tiles - 1) / Tiles : 1;
  if (Parts < 1)
    Parts = 1;
  if (Parts > static_cast<size_t>(Max))
    Parts = Max;
  return static_cast<unsigned>(Parts);
}

/// How many blocks share each problem's sequential loops in a launch of
/// Problems problems of kernel F (GpuKernel::SharedSequence): as many as
/// its widest parallel loop wants (Want), at most the blocks of F that the
/// device holds at once, shared among the problems; 1 (the block alone,
/// no barrier through memory) where the device cannot launch cooperatively.
inline unsigned sequence_parts(const void *F, int Threads, size_t Problems,
                               int64_t Want) {
  int Device = 0, Coop = 0, PerSM = 0;
  DPC_CUDA_CHECK(cudaGetDevice(&Device));
  DPC_CUDA_CHECK(cudaDeviceGetAttribute(&Coop, cudaDevAttrCooperativeLaunch, Device));
  DPC_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&PerSM, F, Threads, 0));
  if (!Coop || PerSM < 1 || Problems == 0 || Want <= 1)
    return 1;
  int64_t Cap = int64_t(sm_count(Device)) * PerSM / int64_t(Problems);
  int64_t Parts = Want < Cap ? Want : Cap;
  return Parts < 1 ? 1u : static_cast<unsigned>(Parts);
}

/// Launches kernel F cooperatively (every block resident at once, which
/// sequence_barrier needs) with the arguments Args, converted to F's
/// parameter types.
template <typename... P, typename... A>
void launch_cooperative(void (*F)(P...), dim3 Grid, unsigned Threads,
                        cudaStream_t S, A... Args) {
  static_assert(sizeof...(P) == sizeof...(A), "one argument per parameter");
  std::tuple<P...> Values(Args...);
  void *Ptrs[sizeof...(P)];
  std::apply([&](auto &...V) {
    size_t I = 0;
    ((Ptrs[I++] = static_cast<void *>(&V)), ...);
  }, Values);
  DPC_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void *>(F), Grid,
                                             dim3(Threads), Ptrs, 0, S));
}

/// The launches of a batch of problems. Each problem's host loops add the
/// kernels they would launch, under a key that says where in the loop nest
/// the launch happens: the static position of each enclosing loop and its
/// iteration, then the launch's own position (and kernel). Launches of
/// different problems at the same key become one launch whose items (tiles,
/// or problems) are the problems' items together; the keys' order is each
/// problem's own order of launches, so every problem's dependences are kept
/// while the problems run side by side.
class LaunchList {
public:
  struct Launch {
    int Kernel = -1;
    std::vector<int64_t> HostIters; // the enclosing host loops' values
    std::vector<int64_t> Items;     // per item: the problem, then coordinates
    std::vector<int64_t> Spans;     // add_strip: the problem, first, last strip
    size_t Offset = 0;              // of Items in the flattened array
  };
  void add(std::initializer_list<int64_t> Key, int Kernel,
           std::initializer_list<int64_t> HostIters,
           std::initializer_list<int64_t> Item) {
    Launch &L = entry(Key, Kernel, HostIters);
    L.Items.insert(L.Items.end(), Item.begin(), Item.end());
  }
  /// A strip of a pipelined strip kernel (one launch for a whole
  /// wavefront): every tile of problem B's wavefront names its strip; the
  /// launch's items are then each problem's strips from the lowest to the
  /// highest named (flatten).
  void add_strip(std::initializer_list<int64_t> Key, int Kernel,
                 std::initializer_list<int64_t> HostIters, int64_t B,
                 int64_t Strip) {
    Launch &L = entry(Key, Kernel, HostIters);
    if (L.Spans.empty() || L.Spans[L.Spans.size() - 3] != B) {
      L.Spans.insert(L.Spans.end(), {B, Strip, Strip});
      return;
    }
    int64_t *Sp = &L.Spans[L.Spans.size() - 3];
    Sp[1] = std::min(Sp[1], Strip);
    Sp[2] = std::max(Sp[2], Strip);
  }
  /// Every launch's items, in key order, as one array (one upload); sets
  /// each launch's Offset. A pipelined launch's items are (the problem, the
  /// strip, the item of the strip above in this launch or -1), ordered by
  /// the strip's rank in its problem first, then by problem: every
  /// problem's first strips, then every problem's second ones, ... A block
  /// takes the items in order (a ticket), so the strip above is always
  /// running or done, and with many problems it has long been done: the
  /// blocks of a batch do not sit waiting on the strip above (one problem:
  /// its strips in order, as before).
  std::vector<int64_t> flatten() {
    size_t N = 0;
    for (auto &KV : ByKey) {
      Launch &L = KV.second;
      const size_t NS = L.Spans.size() / 3;
      std::vector<int64_t> Prev(NS, -1);
      for (int64_t R = 0;; ++R) {
        bool Any = false;
        for (size_t I = 0; I < NS; ++I) {
          const int64_t T = L.Spans[3 * I + 1] + R;
          if (T > L.Spans[3 * I + 2])
            continue;
          Any = true;
          const int64_t At = static_cast<int64_t>(L.Items.size() / 3);
          L.Items.insert(L.Items.end(), {L.Spans[3 * I], T, Prev[I]});
          Prev[I] = At;
        }
        if (!Any)
          break;
      }
      L.Spans.clear();
      N += L.Items.size();
    }
    std::vector<int64_t> All;
    All.reserve(N);
    for (auto &KV : ByKey) {
      KV.second.Offset = All.size();
      All.insert(All.end(), KV.second.Items.begin(), KV.second.Items.end());
    }
    return All;
  }
  const std::map<std::vector<int64_t>, Launch> &launches() const {
    return ByKey;
  }

private:
  /// The launch at Key (the last one used, if Key is its key).
  Launch &entry(std::initializer_list<int64_t> Key, int Kernel,
                std::initializer_list<int64_t> HostIters) {
    if (!Last || !std::equal(Key.begin(), Key.end(), LastKey.begin(),
                             LastKey.end())) {
      LastKey.assign(Key.begin(), Key.end());
      auto It = ByKey.try_emplace(LastKey).first;
      Last = &It->second;
      if (Last->Kernel < 0) {
        Last->Kernel = Kernel;
        Last->HostIters.assign(HostIters.begin(), HostIters.end());
      }
    }
    return *Last;
  }
  std::map<std::vector<int64_t>, Launch> ByKey;
  std::vector<int64_t> LastKey;
  Launch *Last = nullptr;
};

/// How far the launches of a batch are, for a Progress (none: nothing
/// happens). After every hundredth of the N launches an event is recorded;
/// the host waits for the one four back (the GPU keeps the launches in
/// between queued) and reports it, and reports any later one already done.
class LaunchProgress {
public:
  LaunchProgress(Progress *P, size_t N)
      : P(P), N(N), Every(std::max<size_t>(1, N / 100)) {}
  LaunchProgress(const LaunchProgress &) = delete;
  LaunchProgress &operator=(const LaunchProgress &) = delete;
  ~LaunchProgress() {
    for (auto &E : Pending)
      cudaEventDestroy(E.second);
  }
  /// After each launch (in order).
  void launched(cudaStream_t S) {
    ++Done;
    if (!P || (Done % Every && Done != N))
      return;
    cudaEvent_t E;
    DPC_CUDA_CHECK(cudaEventCreateWithFlags(&E, cudaEventDisableTiming));
    DPC_CUDA_CHECK(cudaEventRecord(E, S));
    Pending.push_back({Done, E});
    while (!Pending.empty()) {
      cudaEvent_t F = Pending.front().second;
      if (Pending.size() > 4 || Done == N)
        DPC_CUDA_CHECK(cudaEventSynchronize(F));
      else if (cudaEventQuery(F) != cudaSuccess) {
        (void)cudaGetLastError(); // cudaErrorNotReady: not sticky
        break;
      }
      P->step("launch", 0, 1, static_cast<int64_t>(Pending.front().first),
              static_cast<int64_t>(N));
      cudaEventDestroy(F);
      Pending.erase(Pending.begin());
    }
  }

private:
  Progress *P;
  size_t N, Every, Done = 0;
  std::vector<std::pair<size_t, cudaEvent_t>> Pending;
};

/// Makes H hold at least Bytes, page-locked if the driver grants it.
inline unsigned char *host_reserve(HostBuffer &H, size_t Bytes) {
  if (H.P && H.N >= Bytes)
    return H.P;
  H.release();
  if (!Bytes)
    return nullptr;
  void *P = nullptr;
  if (cudaMallocHost(&P, Bytes) == cudaSuccess) {
    H.Free = [](unsigned char *Q) { cudaFreeHost(Q); };
  } else {
    (void)cudaGetLastError(); // not sticky: clear it
    P = std::malloc(Bytes);
    if (!P)
      throw InputError("cannot allocate " + format_bytes(double(Bytes)) +
                       " of host memory for the tables");
    H.Free = [](unsigned char *Q) { std::free(Q); };
  }
  H.P = static_cast<unsigned char *>(P);
  H.N = Bytes;
  return H.P;
}

/// Bytes a batch may use on the device: 90% of its free memory.
inline double device_budget(int Device) {
  int Count = 0;
  if (cudaGetDeviceCount(&Count) != cudaSuccess || Device >= Count) {
    (void)cudaGetLastError();
    return 0; // select_device_and_check reports it
  }
  DPC_CUDA_CHECK(cudaSetDevice(Device));
  size_t Free = 0, Total = 0;
  DPC_CUDA_CHECK(cudaMemGetInfo(&Free, &Total));
  return 0.9 * static_cast<double>(Free);
}

/// Starts the CUDA context of every device of Want ({-1}: every device of
/// the host) at once, one thread each; Devices gets them, and the result is
/// the smallest budget among them (device_budget).
inline double start_devices(const std::vector<int> &Want,
                            std::vector<int> &Devices) {
  Devices = Want;
  if (Want.size() == 1 && Want[0] < 0) {
    int Count = 0;
    if (cudaGetDeviceCount(&Count) != cudaSuccess || Count == 0) {
      (void)cudaGetLastError();
      Devices = {0}; // select_device_and_check reports it
      return 0;
    }
    Devices.clear();
    for (int D = 0; D < Count; ++D)
      Devices.push_back(D);
  }
  std::vector<double> Budgets(Devices.size(), 0);
  std::vector<std::string> Errors(Devices.size());
  std::vector<std::thread> Ts;
  for (size_t I = 0; I < Devices.size(); ++I)
    Ts.emplace_back([&, I] {
      try {
        Budgets[I] = device_budget(Devices[I]);
      } catch (const std::exception &E) {
        Errors[I] = E.what();
      }
    });
  for (auto &T : Ts)
    T.join();
  for (auto &E : Errors)
    if (!E.empty())
      throw InputError(E);
  double B = 0;
  for (double X : Budgets)
    if (X > 0)
      B = B > 0 ? std::min(B, X) : X;
  return B;
}

/// Selects the device and checks that Bytes fit in its free memory.
inline void select_device_and_check(int Device, double Bytes,
                                    const std::string &What,
                                    const std::string &Suggestion) {
  int Count = 0;
  cudaError_t E = cudaGetDeviceCount(&Count);
  if (E != cudaSuccess || Count == 0)
    throw InputError("--backend=cuda: no CUDA device is available (" +
                     std::string(cudaGetErrorString(E)) + ")");
  if (Device >= Count)
    throw InputError("--device " + std::to_string(Device) + ": only " +
                     std::to_string(Count) + " CUDA device(s)");
  DPC_CUDA_CHECK(cudaSetDevice(Device));
  size_t Free = 0, Total = 0;
  DPC_CUDA_CHECK(cudaMemGetInfo(&Free, &Total));
  if (Bytes > 0.95 * static_cast<double>(Free))
    throw InputError(What + ": " + format_bytes(Bytes) +
                     " of device memory needed, but only " +
                     format_bytes(static_cast<double>(Free)) + " of " +
                     format_bytes(static_cast<double>(Total)) + " free" +
                     (Suggestion.empty() ? "" : "; " + Suggestion));
}

} // namespace dpc_rt

// ---- device helpers of the generated kernels

/// max(a + b, c) and min(a + b, c): one DPX instruction on sm_90 (Hopper),
/// plain code elsewhere.
__device__ __forceinline__ int32_t dpc_addmax(int32_t a, int32_t b, int32_t c) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  return __viaddmax_s32(a, b, c); // DPX
#else
  const int32_t s = int32_t(uint32_t(a) + uint32_t(b));
  return s > c ? s : c;
#endif
}
__device__ __forceinline__ int32_t dpc_addmin(int32_t a, int32_t b, int32_t c) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  return __viaddmin_s32(a, b, c); // DPX
#else
  const int32_t s = int32_t(uint32_t(a) + uint32_t(b));
  return s < c ? s : c;
#endif
}
/// The int16x2 tile products (GpuProduct::S16): two 16-bit lanes per
/// register, max(a + b, c) and min(a + b, c) per lane in one DPX
/// instruction on sm_90 (emulated elsewhere). The adds wrap: lowering runs
/// this form only where the operands' proven ranges keep every sum within
/// int16 (Lower/ChooseProductWidth.cpp).
__device__ __forceinline__ uint32_t dpc_addmax16x2(uint32_t a, uint32_t b, uint32_t c) {
  return __viaddmax_s16x2(a, b, c);
}
__device__ __forceinline__ uint32_t dpc_addmin16x2(uint32_t a, uint32_t b, uint32_t c) {
  return __viaddmin_s16x2(a, b, c);
}
/// An int32 operand as int16, saturated: the identities INT32_MIN / INT32_MAX
/// (the padding of a staged chunk) become INT16_MIN / INT16_MAX; the values
/// the form runs on lie within +-(2^14 - 1) and are kept as they are.
__device__ __forceinline__ int16_t dpc_to16(int32_t v) {
  return int16_t(v < INT16_MIN ? INT16_MIN : v > INT16_MAX ? INT16_MAX : v);
}
/// dpc_to16(v) in both lanes (a row operand, added to two columns at once).
__device__ __forceinline__ uint32_t dpc_to16x2(int32_t v) {
  const uint32_t h = uint16_t(dpc_to16(v));
  return h | h << 16;
}
/// Lane `hi` of an int16x2 accumulator as int32: INT16_MIN (INT16_MAX), the
/// identity of max (min), back to INT32_MIN (INT32_MAX).
__device__ __forceinline__ int32_t dpc_from16(uint32_t r, bool hi, bool max) {
  const int32_t v = int16_t(hi ? r >> 16 : r & 0xffffu);
  if (max) return v == INT16_MIN ? INT32_MIN : v;
  return v == INT16_MAX ? INT32_MAX : v;
}
/// c + a * b of a sum's tile product: the product and the sum each rounded
/// (never one fused multiply-add), as the CPU computes them.
__device__ __forceinline__ double dpc_mulsum(double a, double b, double c) {
  return __dadd_rn(c, __dmul_rn(a, b));
}
template <typename T> __device__ __forceinline__ T dpc_addmax(T a, T b, T c) {
  return a + b > c ? a + b : c;
}
template <typename T> __device__ __forceinline__ T dpc_addmin(T a, T b, T c) {
  return a + b < c ? a + b : c;
}
/// lse(c, a + b) of a logsumexp's tile product (the log semiring).
template <typename T> __device__ __forceinline__ T dpc_addlse(T a, T b, T c) {
  return dpc::vlse(c, T(a + b));
}

namespace dpc {
enum LaneOp { LaneMax, LaneMin, LaneSum };
}

template <dpc::LaneOp Op, typename T> __device__ __forceinline__ T dpc_lane_op(T a, T b) {
  return Op == dpc::LaneMax ? dpc::vmax(a, b) : Op == dpc::LaneMin ? dpc::vmin(a, b) : T(a + b);
}

/// The max, min or sum (Op) of v over the `lanes` consecutive, aligned
/// threads that share one cell; every lane gets the result. lanes is a
/// power of two: up to 32, the lanes of one warp (shuffles); above, the
/// whole block (lanes == blockDim.x: shuffles, then one value per warp in
/// shared memory; every thread of the block must call it).
template <dpc::LaneOp Op, typename T>
__device__ __forceinline__ T dpc_combine_lanes(T v, int lanes) {
  const int wl = lanes < 32 ? lanes : 32;
  const unsigned mask = (wl == 32 ? 0xffffffffu : ((1u << wl) - 1u))
                        << ((threadIdx.x % 32) & ~unsigned(wl - 1));
  for (int o = 1; o < wl; o *= 2)
    v = dpc_lane_op<Op>(v, T(__shfl_xor_sync(mask, v, o)));
  if (lanes <= 32)
    return v;
  __shared__ T dpc_warp_part[32];
  if (threadIdx.x % 32 == 0)
    dpc_warp_part[threadIdx.x / 32] = v;
  __syncthreads();
  v = dpc_warp_part[0];
  for (int w = 1; w < lanes / 32; ++w)
    v = dpc_lane_op<Op>(v, dpc_warp_part[w]);
  __syncthreads(); // the parts may be overwritten by the next call
  return v;
}

// ---- lane strips (the strip kernel family)

namespace dpc {
/// The neighbours of a cell of a lane strip, for one table: the same cell
/// (computed before in this cell, when read), the cell above, to the left
/// and up-left, each with whether the lane holds it in registers (else the
/// statement reads it from the table in memory: a tile boundary).
template <typename T> struct StripNb {
  T here, up, left, diag;
  bool has_up, has_left, has_diag;
};

/// A score row (GpuKernel::ScoreRows): the entries of one row symbol for
/// column symbols 0..7, one byte each (0..3 in x, 4..7 in y). Entry c,
/// sign-extended, is one prmt: selector nibble 0 = c (byte c), nibbles 1-3
/// = c | 8 (the sign of byte c replicated).
__device__ __forceinline__ int32_t score_row8(uint2 row, int8_t c) {
  int32_t r;
  asm("prmt.b32 %0, %1, %2, %3;"
      : "=r"(r)
      : "r"(row.x), "r"(row.y), "r"(unsigned(uint8_t(c)) * 0x1111u + 0x8880u));
  return r;
}
/// Puts entry e (in [-128, 127]) for column symbol c (0..7) into a row.
__device__ __forceinline__ void score_row8_put(uint2 &row, int c, int32_t e) {
  const unsigned b = unsigned(uint8_t(int8_t(e)));
  if (c < 4)
    row.x |= b << (8 * c);
  else
    row.y |= b << (8 * (c - 4));
}
} // namespace dpc

/// v of lane l - 1 (lane 0 gets its own): the whole warp must call it.
template <typename T> __device__ __forceinline__ T dpc_shfl_up(T v) {
  return __shfl_up_sync(0xffffffffu, v, 1);
}
__device__ __forceinline__ int16_t dpc_shfl_up(int16_t v) {
  return int16_t(__shfl_up_sync(0xffffffffu, int(v), 1));
}

// ---- progress flags of pipelined strips

namespace dpc {
/// A strip's progress flag, read by a lane of the strip below with acquire
/// semantics (GPU scope): the lane's later reads of the row published with
/// it see that row. Cheaper than a __threadfence() after a volatile read
/// (no MEMBAR.SC, no L1 invalidation).
__device__ __forceinline__ int ld_acquire(const volatile int *p) {
  int v;
  asm volatile("ld.acquire.gpu.global.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
/// Publishes a strip's progress with release semantics (GPU scope). Called
/// by one lane after a __syncwarp(): the warp barrier orders the other
/// lanes' stores before it, and a release is cumulative, so a reader that
/// acquires the flag sees every store of the warp made before it.
__device__ __forceinline__ void st_release(volatile int *p, int v) {
  asm volatile("st.release.gpu.global.b32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

/// The barrier of the Parts blocks that share a problem's sequential loop
/// (GpuKernel::SharedSequence; Bar: the problem's count and generation,
/// zero at the start). Every thread of every part calls it. The block
/// meets first; its thread 0 then reads the generation, counts itself in,
/// and the last part in resets the count and publishes the next generation
/// (a release store: cumulative, so it carries every store the parts made
/// before the barrier); the others wait for it with acquire loads. One
/// part: __syncthreads alone.
__device__ __forceinline__ void sequence_barrier(int *Bar, unsigned Parts) {
  __syncthreads();
  if (Parts <= 1)
    return;
  if (threadIdx.x == 0) {
    const int Gen = ld_acquire(Bar + 1);
    __threadfence();
    if (atomicAdd(Bar, 1) == static_cast<int>(Parts) - 1) {
      atomicExch(Bar, 0);
      st_release(Bar + 1, Gen + 1);
    } else {
      while (ld_acquire(Bar + 1) == Gen)
        __nanosleep(20);
    }
    __threadfence();
  }
  __syncthreads();
}
} // namespace dpc

// ---- the traceback on the device (lir::GpuTraceback)

namespace dpc_rt {
/// The threads that walk one problem's traceback meet: a warp (L <= 32)
/// or the whole block (L its size).
template <int L> __device__ __forceinline__ void group_sync() {
  if constexpr (L <= 32)
    __syncwarp();
  else
    __syncthreads();
}

/// One problem's traceback, walked by a group of L threads (a warp, or a
/// block of L) in its buffer of Cap words
/// (int64): the events found so far from the start ([0, Ev)), the records
/// still to visit on a stack at the end ([Top, Cap), the next on top).
/// Expanding a cell puts its records (events, and cells to follow) in
/// the order the host's recursive traceback meets them after the events
/// ([Ev, Next)); commit then moves them onto the stack, the first on top,
/// so that the walk visits them in the host's order. Records are RW words:
/// a tag, then indices or arguments. The group's first thread writes;
/// every thread keeps the same counters (the group runs the walk in step).
/// Full: a record did not fit (the host then traces this problem from its
/// tables).
template <int RW, int L = 32> struct TraceWalk {
  static_assert(L == 32 || (L > 32 && L % 32 == 0),
                "a warp or a block of whole warps walks a problem");
  int64_t *Buf;
  int64_t Cap, Ev = 0, Next = 0, Top;
  bool Full = false;
  __device__ TraceWalk(int64_t *B, int64_t C) : Buf(B), Cap(C), Top(C) {}
  __device__ static bool lead() { return threadIdx.x % L == 0; }
  /// A record: Tag, then Args (at most RW - 1).
  template <typename... A> __device__ void put(int64_t Tag, A... Args) {
    static_assert(sizeof...(A) + 1 <= RW, "a record holds RW words");
    if (Next + RW > Top) {
      Full = true;
      return;
    }
    if (lead()) {
      const int64_t V[] = {Tag, static_cast<int64_t>(Args)...};
      for (size_t I = 0; I < sizeof...(A) + 1; ++I)
        Buf[Next + I] = V[I];
    }
    Next += RW;
  }
  /// Moves the records put since the last commit onto the stack, the
  /// first put on top (backwards: the two ranges may overlap).
  __device__ void commit() {
    const int64_t N = Next - Ev;
    if (lead())
      for (int64_t I = N - 1; I >= 0; --I)
        Buf[Top - N + I] = Buf[Ev + I];
    Top -= N;
    Next = Ev;
    group_sync<L>();
  }
  /// Takes the record on top into R; false when the stack is empty.
  __device__ bool pop(int64_t (&R)[RW]) {
    if (Top >= Cap)
      return false;
    for (int I = 0; I < RW; ++I)
      R[I] = Buf[Top + I];
    Top += RW;
    group_sync<L>(); // (read by every thread before the first writes there)
    return true;
  }
  /// Appends event record R to the events.
  __device__ void event(const int64_t (&R)[RW]) {
    if (lead())
      for (int I = 0; I < RW; ++I)
        Buf[Ev + I] = R[I];
    Ev += RW;
    Next = Ev;
  }
};

/// The warp's choice of the first best point of a reduction whose
/// innermost loop its lanes shared (lane l ran every 32nd iteration from
/// l): each lane holds its own first best (Found, Best, its indices Arg,
/// outermost first); afterwards every lane holds the warp's, the best
/// value and, on ties, the point first in loop order (the smallest Arg),
/// as the host's loop finds it.
template <bool Max, typename T, int K>
__device__ void warp_first_best(bool &Found, T &Best, int64_t (&Arg)[K]) {
  for (int O = 16; O > 0; O /= 2) {
    const bool F = __shfl_xor_sync(0xffffffffu, int(Found), O) != 0;
    const T B = __shfl_xor_sync(0xffffffffu, Best, O);
    int64_t A[K];
    bool Less = false, Decided = false;
    for (int I = 0; I < K; ++I) {
      A[I] = __shfl_xor_sync(0xffffffffu, Arg[I], O);
      if (!Decided && A[I] != Arg[I]) {
        Less = A[I] < Arg[I];
        Decided = true;
      }
    }
    const bool Take =
        F && (!Found || (Max ? B > Best : B < Best) || (B == Best && Less));
    if (Take) {
      Found = true;
      Best = B;
      for (int I = 0; I < K; ++I)
        Arg[I] = A[I];
    }
  }
}

/// warp_first_best over a group of L threads that shared the innermost
/// loop (thread t ran every L-th iteration from t): a warp (L = 32), or a
/// block of L threads, whose warps' choices meet in shared memory (every
/// thread of the block must call it).
template <bool Max, int L, typename T, int K>
__device__ void group_first_best(bool &Found, T &Best, int64_t (&Arg)[K]) {
  warp_first_best<Max>(Found, Best, Arg);
  if constexpr (L > 32) {
    __shared__ int dpc_gf[L / 32];
    __shared__ T dpc_gb[L / 32];
    __shared__ int64_t dpc_ga[L / 32][K];
    const int W = threadIdx.x / 32;
    if (threadIdx.x % 32 == 0) {
      dpc_gf[W] = Found;
      dpc_gb[W] = Best;
      for (int I = 0; I < K; ++I)
        dpc_ga[W][I] = Arg[I];
    }
    __syncthreads();
    for (int V = 0; V < L / 32; ++V) {
      if (V == W || !dpc_gf[V])
        continue;
      const T B = dpc_gb[V];
      bool Less = false;
      for (int I = 0; I < K; ++I)
        if (dpc_ga[V][I] != Arg[I]) {
          Less = dpc_ga[V][I] < Arg[I];
          break;
        }
      if (!Found || (Max ? B > Best : B < Best) || (B == Best && Less)) {
        Found = true;
        Best = B;
        for (int I = 0; I < K; ++I)
          Arg[I] = dpc_ga[V][I];
      }
    }
    __syncthreads(); // (the next call may overwrite the parts)
  }
}

/// Whether the current device has Bytes free beside a tenth of its memory
/// (a buffer that is a convenience, e.g. the traceback's, is allocated
/// only then; the caller has a way without it).
inline bool device_has_room(double Bytes) {
  size_t Free = 0, Total = 0;
  if (cudaMemGetInfo(&Free, &Total) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return Bytes + 0.1 * double(Total) <= double(Free);
}

/// Gathers each problem's event records after a traceback kernel: problem
/// b's walk left Used[b] words at DBuf + Off[b] (-1: its walk outgrew the
/// buffer; 0 for a problem that failed). One copy for the batch: a kernel
/// packs them, then Words receives them and At[b] where problem b's start
/// (At[n]: the end).
static __global__ void dpc_pack_trace(const int64_t *DBuf, const int64_t *Off,
                               const int64_t *At, int64_t *Out, size_t N) {
  for (size_t B = blockIdx.x; B < N; B += gridDim.x)
    for (int64_t I = threadIdx.x; I < At[B + 1] - At[B]; I += blockDim.x)
      Out[At[B] + I] = DBuf[Off[B] + I];
}
inline void gather_trace(const int64_t *DBuf, const DeviceBuffer<int64_t> &DOff,
                         const std::vector<int64_t> &Used, cudaStream_t S,
                         std::vector<int64_t> &Words, std::vector<int64_t> &At) {
  const size_t N = Used.size();
  At.assign(N + 1, 0);
  for (size_t B = 0; B < N; ++B)
    At[B + 1] = At[B] + (Used[B] > 0 ? Used[B] : 0);
  Words.assign(static_cast<size_t>(At[N]), 0);
  if (!At[N])
    return;
  DeviceBuffer<int64_t> DAt(N + 1), DOut(static_cast<size_t>(At[N]));
  DAt.upload(At.data(), N + 1, S);
  dpc_pack_trace<<<static_cast<unsigned>(std::min<size_t>(N, 4096)), 128, 0,
                   S>>>(DBuf, DOff.get(), DAt.get(), DOut.get(), N);
  DPC_CUDA_CHECK(cudaGetLastError());
  DOut.download(Words.data(), Words.size(), S);
  DPC_CUDA_CHECK(cudaStreamSynchronize(S));
}
} // namespace dpc_rt

#endif // DPC_CUDA_H
