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

#if (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__)
#define DPC_CPU_VECTORS 1

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

} // namespace cpu
} // namespace dpc

#else
#define DPC_CPU_VECTORS 0
#endif

#endif // DPC_CPU_SIMD_H
