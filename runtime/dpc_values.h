// dpc_values.h - the value semantics of generated code, for host and device.
//
// Generated code evaluates an integer table's equation in int64 with two
// sentinels, DPC_NEG (-inf) and DPC_POS (+inf), exactly as the language
// defines it: -inf + x = -inf, inf - inf is an error, overflow is an error.
// Tables store their declared type; infinities are stored as the type's
// minimum / maximum, and a finite value must stay within +-(2^30 - 1) for
// int, +-(2^14 - 1) for int16, +-(2^62 - 1) for int64, so that the unchecked
// max-plus products (tile products, DPX) can never overflow. A value outside
// that range sets the error flag; it is never wrapped.
// Float and double tables use IEEE arithmetic; a NaN (inf - inf) is an error.
#ifndef DPC_VALUES_H
#define DPC_VALUES_H

#include <cmath>
#include <cstdint>
#include <type_traits>

#if defined(__CUDACC__)
#define DPC_HD __host__ __device__ __forceinline__
#else
#define DPC_HD inline
#endif

// Unrolls a reduction loop, so that its independent loads are in flight
// together (on the GPU they are what the tile's in-tile phase waits on).
#if defined(__CUDACC__)
#define DPC_UNROLL _Pragma("unroll 4")
#elif defined(__GNUC__) && !defined(__clang__)
#define DPC_UNROLL _Pragma("GCC unroll 4")
#else
#define DPC_UNROLL
#endif

// A max / min reduction loop whose checks keep their overflows in the flag
// f (branch-free): vectorised by OpenMP on the host (r's max / min and f's
// OR combine the lanes), a plain loop elsewhere.
#if defined(_OPENMP) && !defined(__CUDA_ARCH__)
#define DPC_PRAGMA_R(x) _Pragma(#x)
#define DPC_SIMD_REDUCE(op, r, f) DPC_PRAGMA_R(omp simd reduction(op : r) reduction(| : f))
#else
#define DPC_SIMD_REDUCE(op, r, f)
#endif

namespace dpc {

constexpr int64_t NEG = INT64_MIN;
constexpr int64_t POS = INT64_MAX;

// Error codes (first one wins).
enum : int {
  ErrNone = 0,
  ErrOverflow = 1,
  ErrUndefined = 2,
  ErrStalled = 3,
  ErrTraceLimit = 4,
  ErrRingRead = 5,
  ErrTraceMemory = 6
};
// The traceback gives up past this many cells (as dpc interp does): sums of
// table reads are followed operand by operand, which can visit exponentially
// many cells.
constexpr int64_t TraceCellLimit = 100000000;

DPC_HD void fail(int *err, int code) {
#if defined(__CUDA_ARCH__)
  atomicCAS(err, 0, code);
#else
  int expected = 0;
  __atomic_compare_exchange_n(err, &expected, code, false, __ATOMIC_RELAXED,
                              __ATOMIC_RELAXED);
#endif
}

template <typename T> struct Limits;
template <> struct Limits<int16_t> {
  static constexpr int16_t Neg = INT16_MIN, Pos = INT16_MAX;
  static constexpr int64_t Max = (int64_t(1) << 14) - 1;
};
template <> struct Limits<int32_t> {
  static constexpr int32_t Neg = INT32_MIN, Pos = INT32_MAX;
  static constexpr int64_t Max = (int64_t(1) << 30) - 1;
};
template <> struct Limits<int64_t> {
  static constexpr int64_t Neg = INT64_MIN, Pos = INT64_MAX;
  static constexpr int64_t Max = (int64_t(1) << 62) - 1;
};

// Stored integer -> wide value.
template <typename T> DPC_HD int64_t widen(T v) {
  return v == Limits<T>::Neg ? NEG : v == Limits<T>::Pos ? POS : int64_t(v);
}
// Wide value -> stored integer; out of range sets ErrOverflow.
template <typename T> DPC_HD T narrow(int64_t v, int *err) {
  if (v == NEG)
    return Limits<T>::Neg;
  if (v == POS)
    return Limits<T>::Pos;
  if (v < -Limits<T>::Max || v > Limits<T>::Max) {
    fail(err, ErrOverflow);
    return 0;
  }
  return T(v);
}
// A value of a wider type used in a narrower table.
DPC_HD int64_t fit(int64_t v, int64_t lim, int *err) {
  if (v != NEG && v != POS && (v < -lim || v > lim))
    fail(err, ErrOverflow);
  return v;
}

DPC_HD int64_t add(int64_t a, int64_t b, int *err) {
  if (a == NEG || b == NEG) {
    if (a == POS || b == POS)
      fail(err, ErrUndefined);
    return NEG;
  }
  if (a == POS || b == POS)
    return POS;
  int64_t s = int64_t(uint64_t(a) + uint64_t(b));
  if (((a ^ s) & (b ^ s)) < 0 || s == NEG || s == POS) {
    fail(err, ErrOverflow);
    return 0;
  }
  return s;
}
// Tile products over int32 operands that may hold the reduction's
// absorbing infinity (lir::SplitInfo::SoftInf): -inf read as -2^30 for
// max, +inf as 2^30 - 1 for min. Finite values lie within +-(2^30 - 1), so
// the sum of two clamped operands cannot wrap (-2^31 at the lowest,
// 2^31 - 2 at the highest), and a term with an infinite operand is below 0
// for max (at least 0 for min): a product result >= 0 for max (< 0 for min)
// is exact.
DPC_HD int32_t soft_neg(int32_t v) { return v < -(1 << 30) ? -(1 << 30) : v; }
DPC_HD int32_t soft_pos(int32_t v) {
  return v > (1 << 30) - 1 ? (1 << 30) - 1 : v;
}
// Narrow operands decide every result: where every finite operand a tile
// product read lies within +-SoftNarrow (2^28), a finite term lies within
// +-SoftExact (2^29) and a term with an infinite operand beyond it (below
// -2^30 + 2^28 for max, above 2^30 - 1 - 2^28 for min). A result within
// +-SoftExact is then exact, and any other means that every term read an
// infinity: the product is the infinity. The _w forms clamp as above and
// set `wide` where a finite operand lies outside +-SoftNarrow (then the
// rule above holds: >= 0 for max, < 0 for min, else the cell recomputes).
constexpr int32_t SoftNarrow = 1 << 28, SoftExact = 1 << 29;
DPC_HD int32_t soft_neg_w(int32_t v, int &wide) {
  wide |= int(v != Limits<int32_t>::Neg && (v > SoftNarrow || v < -SoftNarrow));
  return soft_neg(v);
}
DPC_HD int32_t soft_pos_w(int32_t v, int &wide) {
  wide |= int(v != Limits<int32_t>::Pos && (v > SoftNarrow || v < -SoftNarrow));
  return soft_pos(v);
}

DPC_HD int64_t neg(int64_t a) { return a == NEG ? POS : a == POS ? NEG : -a; }
DPC_HD int64_t sub(int64_t a, int64_t b, int *err) { return add(a, neg(b), err); }
DPC_HD int64_t mul(int64_t a, int64_t b, int *err) {
  bool ai = a == NEG || a == POS, bi = b == NEG || b == POS;
  if (ai || bi) {
    if (a == 0 || b == 0) {
      fail(err, ErrUndefined);
      return 0;
    }
    return ((a < 0) != (b < 0)) ? NEG : POS;
  }
  __int128 p = __int128(a) * __int128(b);
  if (p >= __int128(POS) || p <= __int128(NEG)) {
    fail(err, ErrOverflow);
    return 0;
  }
  return int64_t(p);
}
// A wide value kept in stored type T where a later narrow judges it (a
// tile product's candidate with k-dependent terms): the sentinels map to
// T's, values beyond T's finite range to just beyond it, so a max / min of
// such values is exact wherever it lies in range and overflows (narrow)
// where it does not.
template <typename T> DPC_HD T keep(int64_t v) {
  if (v == NEG)
    return Limits<T>::Neg;
  if (v == POS)
    return Limits<T>::Pos;
  constexpr int64_t M = Limits<T>::Max + 1;
  return T(v > M ? M : v < -M ? -M : v);
}
// An intermediate integer result must fit the table's declared type.
template <typename T> DPC_HD int64_t check_type(int64_t v, int *err) {
  if (v != NEG && v != POS &&
      (v < int64_t(Limits<T>::Neg) || v > int64_t(Limits<T>::Pos)))
    fail(err, ErrOverflow);
  return v;
}
// The same for a result proven finite (no sentinel can occur).
template <typename T> DPC_HD int64_t check_finite(int64_t v, int *err) {
  if (v < int64_t(Limits<T>::Neg) || v > int64_t(Limits<T>::Pos))
    fail(err, ErrOverflow);
  return v;
}
// narrow() of a value proven finite.
template <typename T> DPC_HD T narrow_finite(int64_t v, int *err) {
  if (v < -Limits<T>::Max || v > Limits<T>::Max) {
    fail(err, ErrOverflow);
    return 0;
  }
  return T(v);
}
// The checks above with the error kept in a flag (bit ErrFlagOverflow or
// ErrFlagUndefined of `bad`) instead of failing at once: branch-free strip
// cells evaluate every arm of a case and keep the flags of the arm they
// choose, so a check of an arm not chosen must have no effect (see
// report_flags). The value is returned unchanged.
enum : unsigned { ErrFlagOverflow = 1u, ErrFlagUndefined = 2u };
template <typename T> DPC_HD int64_t check_finite_flag(int64_t v, unsigned &bad) {
  bad |= unsigned(v < int64_t(Limits<T>::Neg) || v > int64_t(Limits<T>::Pos));
  return v;
}
template <typename T> DPC_HD T narrow_finite_flag(int64_t v, unsigned &bad) {
  bad |= unsigned(v < -Limits<T>::Max || v > Limits<T>::Max);
  return T(v);
}
// narrow_finite_flag of an int32 value: one unsigned compare.
template <typename T> DPC_HD T narrow_finite_flag32(int32_t v, unsigned &bad) {
  bad |= unsigned(uint32_t(v) + uint32_t(Limits<T>::Max) >
                  uint32_t(2 * Limits<T>::Max));
  return T(v);
}
DPC_HD int64_t fit_flag(int64_t v, int64_t lim, unsigned &bad) {
  bad |= unsigned(v < -lim || v > lim);
  return v;
}
DPC_HD double checkf_flag(double v, unsigned &bad) {
  bad |= (v != v) ? unsigned(ErrFlagUndefined) : 0u;
  return v;
}
// +, - and * of int64 values proven finite (no sentinel can occur), the
// overflow kept in `bad` instead of failing, without a branch (loops of them
// vectorise: the CPU tile products with terms that depend on k). The value
// of a flagged operation is meaningless: the caller recomputes with the
// checked arithmetic. mul flags conservatively (an operand beyond
// +-(2^31 - 1)), so that the product it returns never wraps.
DPC_HD int64_t add_finite_flag(int64_t a, int64_t b, unsigned &bad) {
  const int64_t s = int64_t(uint64_t(a) + uint64_t(b));
  bad |= unsigned((((a ^ s) & (b ^ s)) < 0) | (s == NEG) | (s == POS));
  return s;
}
DPC_HD int64_t sub_finite_flag(int64_t a, int64_t b, unsigned &bad) {
  const int64_t s = int64_t(uint64_t(a) - uint64_t(b));
  bad |= unsigned((((a ^ b) & (a ^ s)) < 0) | (s == NEG) | (s == POS));
  return s;
}
DPC_HD int64_t mul_finite_flag(int64_t a, int64_t b, unsigned &bad) {
  constexpr int64_t L = (int64_t(1) << 31) - 1;
  bad |= unsigned((a > L) | (a < -L) | (b > L) | (b < -L));
  return int64_t(uint64_t(a) * uint64_t(b));
}
// Turns the flags of the cells a thread stored into the run's error.
DPC_HD void report_flags(unsigned bad, int *err) {
  if (bad & ErrFlagOverflow)
    fail(err, ErrOverflow);
  else if (bad & ErrFlagUndefined)
    fail(err, ErrUndefined);
}

// A wide value into an int32 lane of a CPU strip that carries the
// infinities as the stored sentinels (lir::CpuStrip::Sentinels): NEG and
// POS become INT32_MIN and INT32_MAX, a finite value must lie within the
// range kept for int (else an overflow, the lane 0).
DPC_HD int32_t to_lane32(int64_t v, int *err) {
  if (v == NEG)
    return Limits<int32_t>::Neg;
  if (v == POS)
    return Limits<int32_t>::Pos;
  if (v < -Limits<int32_t>::Max || v > Limits<int32_t>::Max) {
    fail(err, ErrOverflow);
    return 0;
  }
  return int32_t(v);
}
DPC_HD int32_t to_lane32_flag(int64_t v, unsigned &bad) {
  if (v == NEG)
    return Limits<int32_t>::Neg;
  if (v == POS)
    return Limits<int32_t>::Pos;
  const bool Out = v < -Limits<int32_t>::Max || v > Limits<int32_t>::Max;
  bad |= unsigned(Out);
  return Out ? 0 : int32_t(v);
}

// Scalar int32 values that carry the infinities as the stored sentinels
// (GPU strip cells with lir::GpuKernel::Sentinels, as the CPU strips'
// dpc::cpu::sadd ... do for lanes): x + y, x - y and -x keep them; the plan
// proves that no operation meets inf - inf and that finite intermediates
// stay within +-(2^31 - 2) (lir::stripLaneMagnitude), so the finite result
// (computed without wrapping, as unsigned) is exact and needs no check.
DPC_HD int32_t sadd32(int32_t a, int32_t b) {
  const int32_t s = int32_t(uint32_t(a) + uint32_t(b));
  const bool neg = a == Limits<int32_t>::Neg || b == Limits<int32_t>::Neg;
  const bool pos = a == Limits<int32_t>::Pos || b == Limits<int32_t>::Pos;
  return neg ? Limits<int32_t>::Neg : pos ? Limits<int32_t>::Pos : s;
}
DPC_HD int32_t ssub32(int32_t a, int32_t b) {
  const int32_t s = int32_t(uint32_t(a) - uint32_t(b));
  const bool neg = a == Limits<int32_t>::Neg || b == Limits<int32_t>::Pos;
  const bool pos = a == Limits<int32_t>::Pos || b == Limits<int32_t>::Neg;
  return neg ? Limits<int32_t>::Neg : pos ? Limits<int32_t>::Pos : s;
}
DPC_HD int32_t sneg32(int32_t a) {
  return a == Limits<int32_t>::Neg   ? Limits<int32_t>::Pos
         : a == Limits<int32_t>::Pos ? Limits<int32_t>::Neg
                                     : -a;
}
// The store's check of such a value: a finite value must lie within the
// range kept for int (else the overflow flag); the sentinels are stored as
// they are.
DPC_HD int32_t keep_lane32_flag(int32_t v, unsigned &bad) {
  const bool inf = v == Limits<int32_t>::Neg || v == Limits<int32_t>::Pos;
  bad |= unsigned(!inf && (v < -Limits<int32_t>::Max || v > Limits<int32_t>::Max));
  return v;
}
// A wide score entry (dpc::NEG / dpc::POS or finite within the kept range,
// as the plan checked) as such an int32.
DPC_HD int32_t lane32_of(int64_t v) {
  return v == NEG ? Limits<int32_t>::Neg : v == POS ? Limits<int32_t>::Pos : int32_t(v);
}

// An integer (with sentinels) used in a float or double table.
template <typename F> DPC_HD F itof(int64_t v) {
  return v == NEG ? F(-INFINITY) : v == POS ? F(INFINITY) : F(v);
}

// Reads an input or a score table (read-only for the whole run): on the
// GPU through the read-only data path, which also lets the compiler move
// the read across stores to the tables.
template <typename T> DPC_HD T ro(const T &x) {
#if defined(__CUDA_ARCH__)
  return __ldg(&x);
#else
  return x;
#endif
}

DPC_HD int64_t vmax(int64_t a, int64_t b) { return a > b ? a : b; }
DPC_HD int64_t vmin(int64_t a, int64_t b) { return a < b ? a : b; }
DPC_HD double vmax(double a, double b) { return a > b ? a : b; }
DPC_HD double vmin(double a, double b) { return a < b ? a : b; }
DPC_HD float vmax(float a, float b) { return a > b ? a : b; }
DPC_HD float vmin(float a, float b) { return a < b ? a : b; }
DPC_HD int32_t vmax(int32_t a, int32_t b) { return a > b ? a : b; }
DPC_HD int32_t vmin(int32_t a, int32_t b) { return a < b ? a : b; }
// a + b of a tile product's sum (the accumulator and a term), never fused
// with the multiply before it on the GPU (__dadd_rn), whatever --fmad says,
// so that the GPU rounds as the CPU does
DPC_HD double vadd(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dadd_rn(a, b);
#else
  return a + b;
#endif
}

// exp and log of a float or double table's values (float: expf, logf).
DPC_HD double fexp(double x) { return ::exp(x); }
DPC_HD float fexp(float x) { return ::expf(x); }
DPC_HD double flog(double x) { return ::log(x); }
DPC_HD float flog(float x) { return ::logf(x); }

// A logsumexp reduction, log(sum exp(x)) over a stream: a running maximum m
// and the sum s of exp(x - m), rescaled when m grows (one exp per value, no
// overflow). Empty: -inf; any +inf: +inf. dpc's interpreter takes the same
// steps (compiler/Interp/Interpreter.cpp), so CPU results are identical.
// lse_push and lse_value are its steps on a separate maximum and sum (the
// CPU's logsumexp tile product keeps them in two arrays).
template <typename T> DPC_HD void lse_push(T &m, T &s, T x) {
  if (x > m) {
    s = s * fexp(T(m - x)) + T(1);
    m = x;
  } else if (x > T(-INFINITY) && m < T(INFINITY)) {
    s += fexp(T(x - m));
  }
}
template <typename T> DPC_HD T lse_value(T m, T s) {
  return m == T(-INFINITY) || m == T(INFINITY) ? m : T(m + flog(s));
}
template <typename T> struct LogSumExp {
  T m = T(-INFINITY), s = T(0);
  DPC_HD void push(T x) { lse_push(m, s, x); }
  DPC_HD T value() const { return lse_value(m, s); }
};

// log(e^a + e^b): the log semiring's sum of a tile product's accumulator
// and a term (or of two parts): the larger plus log1p(e^-|a - b|), -inf
// when both are (never -inf - -inf). Operands are never +inf (lowering).
DPC_HD double vlse(double a, double b) {
  const double m = a > b ? a : b;
  if (m == -INFINITY)
    return m;
  return m + ::log1p(::exp(-(a > b ? a - b : b - a)));
}
DPC_HD float vlse(float a, float b) {
  const float m = a > b ? a : b;
  if (m == -INFINITY)
    return m;
  return m + ::log1pf(::expf(-(a > b ? a - b : b - a)));
}

// Floating point: NaN is the only error.
DPC_HD double checkf(double v, int *err) {
  if (v != v)
    fail(err, ErrUndefined);
  return v;
}

// Index arithmetic used by the loops isl generates (in int64_t, or in
// int32_t for an int32 kernel instance's operands).
template <typename T> DPC_HD T dpc_floordiv_impl(T a, T b) {
  T q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

// Signed operands of which neither is wider than int: an int32 kernel
// instance's index arithmetic (GpuKernel::Narrow) stays in 32 bits.
template <typename A, typename B>
using NarrowIndex = std::enable_if_t<std::is_integral_v<A> && std::is_signed_v<A> &&
                                         std::is_integral_v<B> && std::is_signed_v<B> &&
                                         sizeof(A) <= 4 && sizeof(B) <= 4,
                                     int32_t>;

// A table's element offset function (<table>_at) computes in I, int64_t
// unless a kernel's int32 instance names it; its index parameters are
// SameType<I> so that a call without <I> takes int64_t.
template <typename T> struct SameTypeOf { using type = T; };
template <typename T> using SameType = typename SameTypeOf<T>::type;

// The values an index expression takes over a box of indices (host side):
// an interval, and whether some subexpression of it, evaluated as printed,
// may leave int32. The header's <table>_at_fits32 evaluates a table's
// element offset with these over the table's box (its params as points), so
// that an int32 kernel instance indexes the table in int32 only where every
// intermediate of the offset stays there for the run's sizes. Magnitudes
// are clamped at 2^62 (past int32 either way) so that no product wraps.
struct Iv {
  __int128 lo = 0, hi = 0;
  bool wide = false;
  Iv() = default;
  Iv(int64_t v) : lo(v), hi(v) { check(); }
  static Iv range(int64_t l, int64_t h) {
    Iv r;
    r.lo = l < h ? l : h;
    r.hi = l < h ? h : l;
    r.check();
    return r;
  }
  void check() {
    const __int128 cap = __int128(1) << 62;
    wide = wide || lo < INT32_MIN || hi > INT32_MAX;
    lo = lo < -cap ? -cap : lo > cap ? cap : lo;
    hi = hi < -cap ? -cap : hi > cap ? cap : hi;
  }
  static Iv of(__int128 l, __int128 h, bool w) {
    Iv r;
    r.lo = l;
    r.hi = h;
    r.wide = w;
    r.check();
    return r;
  }
  bool fits32() const { return !wide; }
};
inline Iv operator+(Iv a, Iv b) { return Iv::of(a.lo + b.lo, a.hi + b.hi, a.wide || b.wide); }
inline Iv operator-(Iv a, Iv b) { return Iv::of(a.lo - b.hi, a.hi - b.lo, a.wide || b.wide); }
inline Iv operator-(Iv a) { return Iv::of(-a.hi, -a.lo, a.wide); }
inline Iv operator*(Iv a, Iv b) {
  const __int128 p[] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
  __int128 l = p[0], h = p[0];
  for (__int128 x : p) {
    l = x < l ? x : l;
    h = x > h ? x : h;
  }
  return Iv::of(l, h, a.wide || b.wide);
}
// Division by a constant (C++'s truncating `/`, the rounding helpers): each
// is monotone in the dividend, so the bounds' images bound the image.
inline Iv iv_div(Iv a, Iv b, int round) {
  if (b.lo != b.hi || b.lo == 0)
    return Iv::of(a.lo, a.hi, true); // (not printed in offsets: refuse)
  const __int128 d = b.lo;
  auto one = [&](__int128 x) {
    __int128 q = x / d;
    if (round < 0 && x % d != 0 && ((x < 0) != (d < 0)))
      q -= 1;
    if (round > 0 && x % d != 0 && ((x < 0) == (d < 0)))
      q += 1;
    return q;
  };
  const __int128 x = one(a.lo), y = one(a.hi);
  return Iv::of(x < y ? x : y, x < y ? y : x, a.wide || b.wide);
}
inline Iv operator/(Iv a, Iv b) { return iv_div(a, b, 0); }

} // namespace dpc

inline dpc::Iv dpc_floordiv(dpc::Iv a, dpc::Iv b) { return dpc::iv_div(a, b, -1); }
inline dpc::Iv dpc_ceildiv(dpc::Iv a, dpc::Iv b) { return dpc::iv_div(a, b, 1); }
inline dpc::Iv dpc_min(dpc::Iv a, dpc::Iv b) {
  return dpc::Iv::of(a.lo < b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi, a.wide || b.wide);
}
inline dpc::Iv dpc_max(dpc::Iv a, dpc::Iv b) {
  return dpc::Iv::of(a.lo > b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi, a.wide || b.wide);
}

// Every other pair of operands computes in int64_t.
DPC_HD int64_t dpc_floordiv(int64_t a, int64_t b) {
  return dpc::dpc_floordiv_impl(a, b);
}
DPC_HD int64_t dpc_ceildiv(int64_t a, int64_t b) {
  return -dpc::dpc_floordiv_impl(-a, b);
}
DPC_HD int64_t dpc_mod(int64_t a, int64_t b) {
  return a - b * dpc::dpc_floordiv_impl(a, b);
}
DPC_HD int64_t dpc_min(int64_t a, int64_t b) { return a < b ? a : b; }
DPC_HD int64_t dpc_max(int64_t a, int64_t b) { return a > b ? a : b; }
template <typename A, typename B>
DPC_HD dpc::NarrowIndex<A, B> dpc_floordiv(A a, B b) {
  return dpc::dpc_floordiv_impl(int32_t(a), int32_t(b));
}
template <typename A, typename B>
DPC_HD dpc::NarrowIndex<A, B> dpc_ceildiv(A a, B b) {
  return -dpc::dpc_floordiv_impl(int32_t(-a), int32_t(b));
}
template <typename A, typename B>
DPC_HD dpc::NarrowIndex<A, B> dpc_mod(A a, B b) {
  return int32_t(a) - int32_t(b) * dpc::dpc_floordiv_impl(int32_t(a), int32_t(b));
}
template <typename A, typename B>
DPC_HD dpc::NarrowIndex<A, B> dpc_min(A a, B b) { return a < b ? a : b; }
template <typename A, typename B>
DPC_HD dpc::NarrowIndex<A, B> dpc_max(A a, B b) { return a > b ? a : b; }

#endif // DPC_VALUES_H
