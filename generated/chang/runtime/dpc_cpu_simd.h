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

#include "dpc_values.h"

#if (defined(__AVX512F__) || defined(__AVX2__)) && !defined(__CUDACC__)
#include <immintrin.h>
#endif

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

/// Lane-wise a + x * y (x the same in every lane) of a sum's tile product,
/// the product and the sum each rounded (generated folders build with
/// -ffp-contract=off: no fused multiply-add).
template <class T> inline vec<T> mulsum(vec<T> A, T X, vec<T> Y) {
  return A + Y * X;
}

/// Every lane X.
template <class T> inline vec<T> splat(T X) { return vec<T>{} + X; }

/// The lanes of P where M is nonzero, 0 in the others, whose memory is not
/// read (masked loads: the guarded packs of a tile product read along a
/// row only where the element lies inside its table).
inline vec<int32_t> load_where(const int32_t *P, vec<int32_t> M) {
  vec<int32_t> R;
#if defined(__AVX512F__)
  __m512i Mi;
  std::memcpy(&Mi, &M, sizeof Mi);
  __m512i V = _mm512_maskz_loadu_epi32(_mm512_test_epi32_mask(Mi, Mi), P);
  std::memcpy(&R, &V, sizeof R);
#elif defined(__AVX2__)
  __m256i H[2];
  std::memcpy(H, &M, sizeof H);
  H[0] = _mm256_maskload_epi32(reinterpret_cast<const int *>(P), H[0]);
  H[1] = _mm256_maskload_epi32(reinterpret_cast<const int *>(P + 8), H[1]);
  std::memcpy(&R, H, sizeof R);
#else
  for (int L = 0; L < lanes<int32_t>; ++L)
    R[L] = M[L] ? P[L] : 0;
#endif
  return R;
}

/// dpc::soft_neg_w (Max) or soft_pos_w lane by lane where M is nonzero (an
/// int32 operand that may hold the reduction's infinity, Inf, read clamped
/// to Clamp = -2^30 or 2^30 - 1), Clamp where M is zero (a masked or
/// outside element); Wide's lanes are set where a finite operand read lies
/// beyond +-2^28 (dpc::SoftNarrow).
template <bool Max>
inline vec<int32_t> soft_where(vec<int32_t> V, vec<int32_t> M,
                               vec<int32_t> &Wide) {
  const int32_t Inf = Max ? Limits<int32_t>::Neg : Limits<int32_t>::Pos;
  const int32_t Clamp = Max ? soft_neg(Limits<int32_t>::Neg)
                            : soft_pos(Limits<int32_t>::Pos);
  Wide |= M & (V != Inf) & ((V > SoftNarrow) | (V < -SoftNarrow));
  vec<int32_t> C = Max ? (V < Clamp ? splat(Clamp) : V)
                       : (V > Clamp ? splat(Clamp) : V);
  return M != 0 ? C : splat(Clamp);
}

/// V where M is nonzero (a loaded operand, finite and within +-2^28: a
/// problem whose proven ranges say so, CpuProduct::SoftExact), the masked
/// value -2^30 (2^30 - 1 for min) where M is zero: soft_where without the
/// clamp and the wide test.
template <bool Max>
inline vec<int32_t> masked_where(vec<int32_t> V, vec<int32_t> M) {
  const int32_t Clamp = Max ? soft_neg(Limits<int32_t>::Neg)
                            : soft_pos(Limits<int32_t>::Pos);
  return M != 0 ? V : splat(Clamp);
}

/// Prefetches the N elements at Base + Off (into every cache level) for a
/// later pass; the address is computed as an integer, so an offset outside
/// the buffer (a next value past the last) only prefetches nothing useful.
template <class T, int N> inline void prefetch_row(const T *Base, int64_t Off) {
  const uintptr_t A = reinterpret_cast<uintptr_t>(Base) +
                      static_cast<uintptr_t>(Off) * sizeof(T);
  for (int B = 0; B < int(N * sizeof(T)); B += 64)
    __builtin_prefetch(reinterpret_cast<const void *>(A + B));
}

/// Whether any lane of V is nonzero.
inline bool any_lane(vec<int32_t> V) {
  int32_t R = 0;
  for (int L = 0; L < lanes<int32_t>; ++L)
    R |= V[L];
  return R != 0;
}

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
#elif defined(__AVX2__) && !defined(__AVX512F__)
// GCC lowers a shuffle of 64-byte vectors without AVX-512 to element moves
// through memory: here the two 32-byte halves are permuted in registers.
inline lanes_t<int32_t, 16> shift_in(lanes_t<int32_t, 16> V, int32_t X) {
  __m256i H[2];
  std::memcpy(H, &V, 64);
  const __m256i Rot = _mm256_setr_epi32(7, 0, 1, 2, 3, 4, 5, 6);
  __m256i Lo = _mm256_permutevar8x32_epi32(H[0], Rot);
  __m256i Hi = _mm256_permutevar8x32_epi32(H[1], Rot);
  H[1] = _mm256_blend_epi32(Hi, Lo, 1);
  H[0] = _mm256_blend_epi32(Lo, _mm256_set1_epi32(X), 1);
  std::memcpy(&V, H, 64);
  return V;
}
inline lanes_t<float, 16> shift_in(lanes_t<float, 16> V, float X) {
  __m256 H[2];
  std::memcpy(H, &V, 64);
  const __m256i Rot = _mm256_setr_epi32(7, 0, 1, 2, 3, 4, 5, 6);
  __m256 Lo = _mm256_permutevar8x32_ps(H[0], Rot);
  __m256 Hi = _mm256_permutevar8x32_ps(H[1], Rot);
  H[1] = _mm256_blend_ps(Hi, Lo, 1);
  H[0] = _mm256_blend_ps(Lo, _mm256_set1_ps(X), 1);
  std::memcpy(&V, H, 64);
  return V;
}
inline lanes_t<double, 8> shift_in(lanes_t<double, 8> V, double X) {
  __m256d H[2];
  std::memcpy(H, &V, 64);
  __m256d Lo = _mm256_permute4x64_pd(H[0], 0x93); // [3, 0, 1, 2]
  __m256d Hi = _mm256_permute4x64_pd(H[1], 0x93);
  H[1] = _mm256_blend_pd(Hi, Lo, 1);
  H[0] = _mm256_blend_pd(Lo, _mm256_set1_pd(X), 1);
  std::memcpy(&V, H, 64);
  return V;
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

/// The same for 8 int32 lanes (the symbol codes and flags of a strip of
/// double cells).
#if defined(__clang__)
inline lanes_t<int32_t, 8> shift_in(lanes_t<int32_t, 8> V, int32_t X) {
  lanes_t<int32_t, 8> S = {X};
  return __builtin_shufflevector(V, S, 8, 0, 1, 2, 3, 4, 5, 6);
}
#else
inline lanes_t<int32_t, 8> shift_in(lanes_t<int32_t, 8> V, int32_t X) {
  lanes_t<int32_t, 8> S = {X};
  return __builtin_shuffle(V, S, lanes_t<int32_t, 8>{8, 0, 1, 2, 3, 4, 5, 6});
}
#endif

/// Lanes of int32 that carry the infinities as the stored sentinels
/// (-inf INT32_MIN, +inf INT32_MAX; lir::CpuStrip::Sentinels): x + y,
/// x - y and -x keeping them. The plan proves that no lane meets inf - inf
/// and that finite results stay within +-(2^31 - 2), so the finite sum
/// (computed without wrapping: unsigned lanes) is exact and no lane needs a
/// check.
template <class V> inline V sadd(V A, V B) {
  typedef uint32_t U __attribute__((vector_size(sizeof(V))));
  const V Neg = V{} + INT32_MIN, Pos = V{} + INT32_MAX;
  V S = (V)((U)A + (U)B);
  S = ((A == Pos) | (B == Pos)) ? Pos : S;
  return ((A == Neg) | (B == Neg)) ? Neg : S;
}
template <class V> inline V ssub(V A, V B) {
  typedef uint32_t U __attribute__((vector_size(sizeof(V))));
  const V Neg = V{} + INT32_MIN, Pos = V{} + INT32_MAX;
  V S = (V)((U)A - (U)B);
  S = ((A == Pos) | (B == Neg)) ? Pos : S;
  return ((A == Neg) | (B == Pos)) ? Neg : S;
}
template <class V> inline V sneg(V A) {
  typedef uint32_t U __attribute__((vector_size(sizeof(V))));
  const V Neg = V{} + INT32_MIN, Pos = V{} + INT32_MAX;
  V S = (V)(-(U)A);
  S = A == Neg ? Pos : S;
  return A == Pos ? Neg : S;
}

/// Tab[I[l]] in every lane l of L: a score table of N int32 entries,
/// stored padded with zeros to a multiple of 16, looked up by lane vectors
/// of entry indices (each in [0, N)). For 16 lanes with AVX-512 a table of
/// at most 16 (32) entries is one (two-source) permute, a larger one a
/// gather; with AVX2 two 8-lane permutes and a blend for 16 entries, else
/// gathers; otherwise (or for other lane counts) lane by lane.
template <int N, int L>
inline lanes_t<int32_t, L> lookup(const int32_t *Tab, lanes_t<int32_t, L> I) {
  lanes_t<int32_t, L> R;
#if defined(__AVX512F__)
  if constexpr (L == 16) {
    __m512i Ix, Out;
    std::memcpy(&Ix, &I, 64);
    if constexpr (N <= 16)
      Out = _mm512_permutexvar_epi32(Ix, _mm512_loadu_si512(Tab));
    else if constexpr (N <= 32)
      Out = _mm512_permutex2var_epi32(_mm512_loadu_si512(Tab), Ix,
                                      _mm512_loadu_si512(Tab + 16));
    else
      Out = _mm512_i32gather_epi32(Ix, Tab, 4);
    std::memcpy(&R, &Out, 64);
    return R;
  }
#elif defined(__AVX2__)
  if constexpr (L == 16 || L == 8) {
    constexpr int Halves = L / 8;
    __m256i Ix[Halves], Out[Halves];
    std::memcpy(Ix, &I, sizeof I);
    for (int H = 0; H < Halves; ++H) {
      if constexpr (N <= 8) {
        Out[H] = _mm256_permutevar8x32_epi32(
            _mm256_loadu_si256(reinterpret_cast<const __m256i *>(Tab)), Ix[H]);
      } else if constexpr (N <= 16) {
        __m256i Lo = _mm256_permutevar8x32_epi32(
            _mm256_loadu_si256(reinterpret_cast<const __m256i *>(Tab)), Ix[H]);
        __m256i Hi = _mm256_permutevar8x32_epi32(
            _mm256_loadu_si256(reinterpret_cast<const __m256i *>(Tab + 8)),
            Ix[H]);
        Out[H] = _mm256_blendv_epi8(
            Lo, Hi, _mm256_cmpgt_epi32(Ix[H], _mm256_set1_epi32(7)));
      } else {
        Out[H] = _mm256_i32gather_epi32(Tab, Ix[H], 4);
      }
    }
    std::memcpy(&R, Out, sizeof R);
    return R;
  }
#endif
  for (int K = 0; K < L; ++K)
    R[K] = Tab[I[K]];
  return R;
}

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

// The lane strips (lir::CpuStrip) run every operation on 64-byte vectors:
// with AVX-512 each is an instruction or two, but GCC lowers their
// compares and selects without AVX-512 element by element (measured with
// GCC 12 on AVX2: slower than the tiled wavefront), so they are compiled
// where AVX-512 is on, or where DPC_FORCE_CPU_STRIPS is defined (the tests
// define it, to run them on any machine).
#if DPC_CPU_VECTORS && (defined(__AVX512F__) || defined(DPC_FORCE_CPU_STRIPS))
#define DPC_CPU_STRIPS 1
#else
#define DPC_CPU_STRIPS 0
#endif

#endif // DPC_CPU_SIMD_H
