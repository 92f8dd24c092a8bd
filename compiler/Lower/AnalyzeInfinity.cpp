//===- AnalyzeInfinity.cpp - which tables can hold infinities -------------===//
#include "Lower/Analyses.h"

using namespace dpc;
using namespace dpc::ast;

namespace {
struct Flags {
  bool Neg = false, Pos = false;
};

class Infinity {
public:
  Infinity(const Module &M, const PolyModel &PM)
      : M(M), PM(PM), Neg(M.Tables.size(), false), Pos(M.Tables.size(), false) {}

  void run() {
    // Monotone fixpoint: flags only ever turn on.
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (size_t T = 0; T < M.Tables.size(); ++T) {
        Flags F = of(*M.Tables[T].Eq->Body);
        if ((F.Neg && !Neg[T]) || (F.Pos && !Pos[T])) {
          Neg[T] = Neg[T] || F.Neg;
          Pos[T] = Pos[T] || F.Pos;
          Changed = true;
        }
      }
    }
  }

  /// Whether some term of E (E itself or a subexpression) may be infinite.
  bool anyInfiniteTerm(const Expr &E) {
    return anyExpr(E, [&](const Expr &X) {
      Flags F = of(X);
      return F.Neg || F.Pos;
    });
  }

  const Module &M;
  const PolyModel &PM;
  std::vector<bool> Neg, Pos;

private:
  Flags of(const Expr &E) {
    Flags F;
    switch (E.K) {
    case Expr::InfLit:
      (E.Negative ? F.Neg : F.Pos) = true;
      return F;
    case Expr::Subscript:
      if (E.Ref == RefKind::Table) {
        F.Neg = Neg[E.RefIndex];
        F.Pos = Pos[E.RefIndex];
      }
      return F;
    case Expr::Call:
      for (auto &V : M.Scores[E.RefIndex].Lookup) {
        F.Neg |= V.K == ScoreValue::NegInf;
        F.Pos |= V.K == ScoreValue::PosInf;
      }
      return F;
    case Expr::Neg: {
      Flags A = of(*E.Args[0]);
      return {A.Pos, A.Neg};
    }
    case Expr::Add:
    case Expr::Sub:
    case Expr::Mul: {
      Flags A = of(*E.Args[0]), B = of(*E.Args[1]);
      if (E.K == Expr::Sub)
        std::swap(B.Neg, B.Pos);
      if (E.K == Expr::Mul) // signs can flip either way
        return {A.Neg || A.Pos || B.Neg || B.Pos, A.Neg || A.Pos || B.Neg || B.Pos};
      return {A.Neg || B.Neg, A.Pos || B.Pos};
    }
    case Expr::MaxN:
    case Expr::MinN: {
      // max: -inf only if every argument can be; +inf if any can be.
      bool Max = E.K == Expr::MaxN;
      Flags R{true, true};
      Flags Any{false, false};
      for (auto &A : E.Args) {
        Flags X = of(*A);
        R.Neg = R.Neg && X.Neg;
        R.Pos = R.Pos && X.Pos;
        Any.Neg |= X.Neg;
        Any.Pos |= X.Pos;
      }
      return Max ? Flags{R.Neg, Any.Pos} : Flags{Any.Neg, R.Pos};
    }
    case Expr::Reduce: {
      Flags B = of(*E.Args[0]);
      // Where the range can be empty, the result is the identity.
      if (PM.reductionMayBeEmpty(&E)) {
        if (E.Op == RedOp::Max || E.Op == RedOp::LogSumExp)
          B.Neg = true;
        else if (E.Op == RedOp::Min)
          B.Pos = true;
      }
      return B;
    }
    case Expr::Exp:
    case Expr::Log:
      // exp overflows to inf, log(0) is -inf: either may appear.
      of(*E.Args[0]);
      return {true, true};
    case Expr::Cases: {
      for (auto &A : E.Arms) {
        Flags X = of(*A.Body);
        F.Neg |= X.Neg;
        F.Pos |= X.Pos;
      }
      return F;
    }
    default:
      return F;
    }
  }
};
} // namespace

InfinityInfo dpc::analyzeInfinity(const Module &M, const PolyModel &PM) {
  Infinity I(M, PM);
  I.run();
  InfinityInfo Info{I.Neg, I.Pos, {}};
  for (auto &T : M.Tables)
    Info.InfTerms.push_back(I.anyInfiniteTerm(*T.Eq->Body));
  return Info;
}
