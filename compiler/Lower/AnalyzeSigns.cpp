//===- AnalyzeSigns.cpp - which tables hold only values >= 0 ---------------===//
//
// Takes the checked module; gives, per table, whether every value it can
// hold is >= 0 (or +inf). A greatest fixpoint: every table starts
// non-negative, and a table loses the flag when one of its arms may give a
// negative value under the flags of the others, until nothing changes.
//
// Reassociating a floating-point sum of such values changes its result by
// a small relative amount (at most about n ulps of the sum for n terms),
// which is what lets tile products reorder `sum` reductions
// (SplitReductions.cpp); with terms of both signs the change relative to
// the result is unbounded (cancellation), so such sums keep their order.
//
//===----------------------------------------------------------------------===//
#include "Lower/Analyses.h"

using namespace dpc;
using namespace dpc::ast;

namespace {

class Signs {
public:
  Signs(const Module &M, const PolyModel &PM)
      : M(M), PM(PM), NonNeg(M.Tables.size(), true) {}

  void run() {
    // Monotone: flags only ever turn off.
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (size_t T = 0; T < M.Tables.size(); ++T)
        if (NonNeg[T] && !nonNeg(*M.Tables[T].Eq->Body)) {
          NonNeg[T] = false;
          Changed = true;
        }
    }
  }

  bool nonNeg(const Expr &E) const {
    switch (E.K) {
    case Expr::IntLit:
      return E.IntVal >= 0;
    case Expr::FloatLit:
      return E.FloatVal >= 0;
    case Expr::InfLit:
      return !E.Negative;
    case Expr::Name:
      // a `let` keeps the sign it is declared with (--set cannot change it)
      return E.Ref == RefKind::Let && M.Lets[E.RefIndex].Value >= 0;
    case Expr::Subscript:
      return E.Ref == RefKind::Table && NonNeg[E.RefIndex];
    case Expr::Call:
      for (auto &V : M.Scores[E.RefIndex].Lookup)
        if (V.K == ScoreValue::NegInf ||
            (V.K == ScoreValue::Finite && (V.IsFloatLit ? V.F < 0 : V.I < 0)))
          return false;
      return true;
    case Expr::Add:
    case Expr::Mul:
      return nonNeg(*E.Args[0]) && nonNeg(*E.Args[1]);
    case Expr::MaxN:
      for (auto &A : E.Args)
        if (nonNeg(*A))
          return true;
      return false;
    case Expr::MinN:
      for (auto &A : E.Args)
        if (!nonNeg(*A))
          return false;
      return true;
    case Expr::Exp:
      return true;
    case Expr::Reduce:
      switch (E.Op) {
      case RedOp::Sum: // an empty range gives 0
      case RedOp::Min: // ... +inf
        return nonNeg(*E.Args[0]);
      case RedOp::Max: // ... -inf
        return !PM.reductionMayBeEmpty(&E) && nonNeg(*E.Args[0]);
      case RedOp::LogSumExp:
        return false;
      }
      return false;
    case Expr::Cases:
      for (auto &A : E.Arms)
        if (!nonNeg(*A.Body))
          return false;
      return true;
    case Expr::Neg:
    case Expr::Sub:
    case Expr::Log:
      return false;
    }
    return false;
  }

  const Module &M;
  const PolyModel &PM;
  std::vector<bool> NonNeg;
};

} // namespace

SignInfo dpc::analyzeSigns(const Module &M, const PolyModel &PM) {
  Signs S(M, PM);
  S.run();
  return {S.NonNeg};
}

bool SignInfo::nonNegative(const Module &M, const PolyModel &PM,
                           const Expr &E) const {
  Signs S(M, PM);
  S.NonNeg = NonNeg;
  return S.nonNeg(E);
}
