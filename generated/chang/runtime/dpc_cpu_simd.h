// dpc_cpu_simd.h - fixed-width vectors for the CPU tile products.
//
// The register-blocked CPU tile products keep a block of accumulators in
// vector registers while k runs: 64-byte vectors of the table's type
// (GCC/Clang vector extensions; on a machine without 512-bit registers the
// compiler splits each into narrower ones). DPC_CPU_VECTORS is 0 where the
// extensions are missing; the generated code then keeps only its plain loops.
#ifndef DPC_CPU_SIMD_H
#define DPC_CPU_SIMD_H

#include <cstdint>
#include <cstring>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#if (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__)
#define DPC_CPU_VECTORS 1
// (GCC's note that a 64-byte vector passed by value changes the ABI where
// AVX-512 is off is harmless here: the generated CMakeLists.txt passes
// -Wno-psabi, every caller being compiled with the same flags.)

namespace dpc {
namespace cpu {

template <class T> struct VecOf;
template <> struct VecOf<int16_t> {
  typedef int16_t type __attribute__((vector_size(64)));
};
template <> struct VecOf<int32_t> {
  typedef int32_t type __attribute__((vector_size(64)));
};
template <> struct VecOf<int64_t> {
  typedef int64_t type __attribute__((vector_size(64)));
};
template <> struct VecOf<float> {
  typedef float type __attribute__((vector_size(64)));
};
template <> struct VecOf<double> {
  typedef double type __attribute__((vector_size(64)));
};

/// 64 bytes of T; lanes<T> elements.
template <class T> using vec = typename VecOf<T>::type;
template <class T> constexpr int lanes = 64 / sizeof(T);

/// Unaligned load and store.
template <class T> inline vec<T> load(const T *P) {
  vec<T> V;
  std::memcpy(&V, P, sizeof V);
  return V;
}
template <class T> inline void store(T *P, const vec<T> &V) {
  std::memcpy(P, &V, sizeof V);
}

/// Lane-wise x + y (x the same in every lane), then max / min with a, as
/// the scalar dpc::vmax / dpc::vmin: the first operand unless the second is
/// greater (smaller).
template <class T> inline vec<T> addmax(vec<T> A, T X, vec<T> Y) {
  vec<T> S = Y + X;
  return A > S ? A : S;
}
template <class T> inline vec<T> addmin(vec<T> A, T X, vec<T> Y) {
  vec<T> S = Y + X;
  return A < S ? A : S;
}

/// Every lane X.
template <class T> inline vec<T> splat(T X) { return vec<T>{} + X; }

/// Lane-wise x + y with x a vector too (reductions along k, k in the lanes).
template <class T> inline vec<T> addmax_vv(vec<T> A, vec<T> X, vec<T> Y) {
  vec<T> S = X + Y;
  return A > S ? A : S;
}
template <class T> inline vec<T> addmin_vv(vec<T> A, vec<T> X, vec<T> Y) {
  vec<T> S = X + Y;
  return A < S ? A : S;
}

/// The largest (smallest) lane, as a chain of dpc::vmax (vmin).
template <class T> inline T reduce_max(const vec<T> &V) {
  T R = V[0];
  for (int L = 1; L < lanes<T>; ++L)
    R = R > V[L] ? R : V[L];
  return R;
}
template <class T> inline T reduce_min(const vec<T> &V) {
  T R = V[0];
  for (int L = 1; L < lanes<T>; ++L)
    R = R < V[L] ? R : V[L];
  return R;
}

// ---- the strip sweeps (one table row per lane)

template <class T, int L> struct LanesOf {
  typedef T type __attribute__((vector_size(L * sizeof(T))));
};
/// L lanes of T (a strip of L rows, one cell per row).
template <class T, int L> using lanes_t = typename LanesOf<T, L>::type;

/// A lane vector from L consecutive elements.
template <class V, class T> inline V loadl(const T *P) {
  V R;
  std::memcpy(&R, P, sizeof R);
  return R;
}

/// [x, v[0], ..., v[L - 2]]: each lane's row above (lane 0 takes x).
#if defined(__clang__)
inline lanes_t<int32_t, 16> shift_in(lanes_t<int32_t, 16> V, int32_t X) {
  lanes_t<int32_t, 16> S = {X};
  return __builtin_shufflevector(V, S, 16, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
                                 11, 12, 13, 14);
}
inline lanes_t<float, 16> shift_in(lanes_t<float, 16> V, float X) {
  lanes_t<float, 16> S = {X};
  return __builtin_shufflevector(V, S, 16, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
                                 11, 12, 13, 14);
}
inline lanes_t<double, 8> shift_in(lanes_t<double, 8> V, double X) {
  lanes_t<double, 8> S = {X};
  return __builtin_shufflevector(V, S, 8, 0, 1, 2, 3, 4, 5, 6);
}
#else
inline lanes_t<int32_t, 16> shift_in(lanes_t<int32_t, 16> V, int32_t X) {
  lanes_t<int32_t, 16> S = {X};
  return __builtin_shuffle(V, S, lanes_t<int32_t, 16>{16, 0, 1, 2, 3, 4, 5, 6,
                                                      7, 8, 9, 10, 11, 12, 13,
                                                      14});
}
inline lanes_t<float, 16> shift_in(lanes_t<float, 16> V, float X) {
  lanes_t<float, 16> S = {X};
  return __builtin_shuffle(V, S, lanes_t<int32_t, 16>{16, 0, 1, 2, 3, 4, 5, 6,
                                                      7, 8, 9, 10, 11, 12, 13,
                                                      14});
}
inline lanes_t<double, 8> shift_in(lanes_t<double, 8> V, double X) {
  lanes_t<double, 8> S = {X};
  return __builtin_shuffle(V, S, lanes_t<int64_t, 8>{8, 0, 1, 2, 3, 4, 5, 6});
}
#endif

/// Waits until Progress >= Need (acquire); false after a minute (a bug,
/// never a legal wait: the strip waited on runs on a thread that waits on
/// none after it).
inline bool wait_at_least(const std::atomic<int64_t> &Progress, int64_t Need) {
  if (Progress.load(std::memory_order_acquire) >= Need)
    return true;
  auto Start = std::chrono::steady_clock::now();
  for (long Spin = 1;; ++Spin) {
    if (Progress.load(std::memory_order_acquire) >= Need)
      return true;
    if (Spin > 64)
      std::this_thread::yield();
    if (Spin % 4096 == 0 &&
        std::chrono::steady_clock::now() - Start > std::chrono::seconds(60))
      return false;
  }
}

} // namespace cpu
} // namespace dpc

#else
#define DPC_CPU_VECTORS 0
#endif

#endif // DPC_CPU_SIMD_H
