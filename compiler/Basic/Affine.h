//===- Affine.h - affine forms over named integer variables ---------------===//
//
// An Affine is sum(c_v * v) + c over named variables (indices, reduction
// indices, params and `let` constants). Sema builds them from index
// expressions; Poly prints them in isl notation; the interpreter and the
// code generators evaluate or print them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/Support/SMLoc.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace dpc {

struct Affine {
  std::map<std::string, int64_t> Coeffs; // only non-zero coefficients
  int64_t Const = 0;

  static Affine constant(int64_t C) {
    Affine A;
    A.Const = C;
    return A;
  }
  static Affine var(const std::string &V, int64_t C = 1) {
    Affine A;
    if (C != 0)
      A.Coeffs[V] = C;
    return A;
  }

  bool isConstant() const { return Coeffs.empty(); }
  int64_t coeff(const std::string &V) const {
    auto It = Coeffs.find(V);
    return It == Coeffs.end() ? 0 : It->second;
  }
  bool uses(const std::string &V) const { return Coeffs.count(V) != 0; }

  Affine operator+(const Affine &O) const;
  Affine operator-(const Affine &O) const;
  Affine operator*(int64_t S) const;
  Affine operator-() const { return *this * -1; }
  bool operator==(const Affine &O) const {
    return Const == O.Const && Coeffs == O.Coeffs;
  }

  /// Replaces variable names (for printing under other names).
  Affine renamed(const std::map<std::string, std::string> &R) const;
  /// Substitutes affine forms for variables.
  Affine substituted(const std::map<std::string, Affine> &S) const;

  /// `i + 1`, `-i + j - 2`, `2*k`: valid isl, C and DSL syntax.
  std::string str() const;
  int64_t eval(const std::function<int64_t(const std::string &)> &Env) const;
};

/// A single affine constraint E >= 0 (or E == 0).
struct Constraint {
  Affine E;
  bool IsEq = false;
  llvm::SMRange Range;
  /// `i - j + 1 >= 0` style text, valid in isl.
  std::string str() const { return E.str() + (IsEq ? " = 0" : " >= 0"); }
};

/// A rational number Num / Den (Den > 0).
struct Rational {
  int64_t Num = 0, Den = 1;
  /// `3`, `-1/2`
  std::string str() const;
};

/// An affine function of the params with rational coefficients:
/// sum Coeffs[p] * p + Const (a bound on a table's values).
struct ParamBound {
  std::vector<std::pair<std::string, Rational>> Coeffs; // non-zero only
  Rational Const;
  /// `1/2*N + 1/2`, `2*M`, `0`
  std::string str() const;
};

/// Proven bounds on every value of a table (Lower/AnalyzeRanges.cpp): for
/// the run's params, max over Lower <= value <= min over Upper. With
/// `let` constants at their declared values.
struct TableRange {
  bool Known = false;
  std::vector<ParamBound> Upper, Lower;
  /// The bounds hold with the `let` constants at their declared values
  /// (the recurrence has some a run may --set).
  bool AtLetDefaults = false;
  std::string Why; // why not Known
};

} // namespace dpc
