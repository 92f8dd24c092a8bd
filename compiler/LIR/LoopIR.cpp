//===- LoopIR.cpp - building and printing the loop form -------------------===//
#include "LIR/LoopIR.h"

#include "Basic/Diagnostics.h"

#include <algorithm>
#include <functional>
#include <optional>

#include "llvm/Support/raw_ostream.h"

using namespace dpc;
using namespace dpc::lir;

IExprPtr IExpr::num(int64_t V) {
  auto E = std::make_shared<IExpr>();
  E->K = Int;
  E->Val = V;
  return E;
}

IExprPtr IExpr::var(const std::string &N) {
  auto E = std::make_shared<IExpr>();
  E->K = Var;
  E->Name = N;
  return E;
}

/// The affine form of E, if it is one (sums of integer multiples).
static std::optional<Affine> asAffine(const IExpr &E) {
  switch (E.K) {
  case IExpr::Int: return Affine::constant(E.Val);
  case IExpr::Var: return Affine::var(E.Name);
  case IExpr::Neg: {
    auto A = asAffine(*E.Args[0]);
    if (!A) return std::nullopt;
    return -*A;
  }
  case IExpr::Add:
  case IExpr::Sub: {
    auto A = asAffine(*E.Args[0]), B = asAffine(*E.Args[1]);
    if (!A || !B) return std::nullopt;
    return E.K == IExpr::Add ? *A + *B : *A - *B;
  }
  case IExpr::Mul: {
    auto A = asAffine(*E.Args[0]), B = asAffine(*E.Args[1]);
    if (!A || !B) return std::nullopt;
    if (A->isConstant()) return *B * A->Const;
    if (B->isConstant()) return *A * B->Const;
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

IExprPtr IExpr::op(Op K, std::vector<IExprPtr> Args) {
  // Affine sums are kept in canonical form ("N + 1", not "N - 1 + 2").
  if (K == Add || K == Sub || K == Neg || K == Mul) {
    auto E = std::make_shared<IExpr>();
    E->K = K;
    E->Args = Args;
    if (auto A = asAffine(*E))
      return fromAffine(*A);
  }
  // Light folding keeps printed code readable.
  if (K == Add && Args.size() == 2) {
    if (Args[0]->isInt(0))
      return Args[1];
    if (Args[1]->isInt(0))
      return Args[0];
    if (Args[0]->K == Int && Args[1]->K == Int)
      return num(Args[0]->Val + Args[1]->Val);
  }
  if (K == Sub && Args.size() == 2) {
    if (Args[1]->isInt(0))
      return Args[0];
    if (Args[0]->K == Int && Args[1]->K == Int)
      return num(Args[0]->Val - Args[1]->Val);
  }
  if (K == Mul && Args.size() == 2) {
    if (Args[0]->isInt(1))
      return Args[1];
    if (Args[1]->isInt(1))
      return Args[0];
    if (Args[0]->isInt(0) || Args[1]->isInt(0))
      return num(0);
    if (Args[0]->K == Int && Args[1]->K == Int)
      return num(Args[0]->Val * Args[1]->Val);
  }
  auto E = std::make_shared<IExpr>();
  E->K = K;
  E->Args = std::move(Args);
  return E;
}

IExprPtr lir::operator+(IExprPtr A, IExprPtr B) {
  return IExpr::op(IExpr::Add, {A, B});
}
IExprPtr lir::operator-(IExprPtr A, IExprPtr B) {
  return IExpr::op(IExpr::Sub, {A, B});
}
IExprPtr lir::operator*(IExprPtr A, IExprPtr B) {
  return IExpr::op(IExpr::Mul, {A, B});
}

static IExprPtr mk(IExpr::Op K, std::vector<IExprPtr> Args) {
  auto E = std::make_shared<IExpr>();
  E->K = K;
  E->Args = std::move(Args);
  return E;
}

IExprPtr IExpr::fromAffine(const Affine &A) {
  // Positive terms first: "j - i + 1" rather than "-i + j + 1".
  std::vector<std::pair<std::string, int64_t>> Terms(A.Coeffs.begin(),
                                                     A.Coeffs.end());
  std::stable_sort(Terms.begin(), Terms.end(),
                   [](auto &X, auto &Y) { return (X.second > 0) > (Y.second > 0); });
  IExprPtr R;
  for (auto &[V, C] : Terms) {
    int64_t Abs = C < 0 ? -C : C;
    IExprPtr T = Abs == 1 ? var(V) : mk(Mul, {num(Abs), var(V)});
    if (!R)
      R = C < 0 ? mk(Neg, {T}) : T;
    else
      R = mk(C < 0 ? Sub : Add, {R, T});
  }
  if (!R)
    return num(A.Const);
  if (A.Const > 0)
    return mk(Add, {R, num(A.Const)});
  if (A.Const < 0)
    return mk(Sub, {R, num(-A.Const)});
  return R;
}

static int64_t floorDiv(int64_t A, int64_t B) {
  int64_t Q = A / B;
  return (A % B != 0 && ((A < 0) != (B < 0))) ? Q - 1 : Q;
}

int64_t lir::evalIExpr(const IExpr &E,
                       const std::function<int64_t(const std::string &)> &Env) {
  auto A = [&](size_t I) { return evalIExpr(*E.Args[I], Env); };
  switch (E.K) {
  case IExpr::Int: return E.Val;
  case IExpr::Var: return Env(E.Name);
  case IExpr::Add: return A(0) + A(1);
  case IExpr::Sub: return A(0) - A(1);
  case IExpr::Mul: return A(0) * A(1);
  case IExpr::Neg: return -A(0);
  case IExpr::FloorDiv: return floorDiv(A(0), A(1));
  case IExpr::CeilDiv: return -floorDiv(-A(0), A(1));
  case IExpr::ExactDiv: return A(0) / A(1);
  case IExpr::Mod: {
    int64_t B = A(1);
    return A(0) - B * floorDiv(A(0), B);
  }
  case IExpr::Min: return std::min(A(0), A(1));
  case IExpr::Max: return std::max(A(0), A(1));
  case IExpr::Select: return A(0) ? A(1) : A(2);
  case IExpr::Eq: return A(0) == A(1);
  case IExpr::Le: return A(0) <= A(1);
  case IExpr::Lt: return A(0) < A(1);
  case IExpr::Ge: return A(0) >= A(1);
  case IExpr::Gt: return A(0) > A(1);
  case IExpr::And: return A(0) && A(1);
  case IExpr::Or: return A(0) || A(1);
  case IExpr::Not: return !A(0);
  }
  return 0;
}

IExprPtr lir::substitute(const IExprPtr &E,
                         const std::map<std::string, IExprPtr> &Sub) {
  if (E->K == IExpr::Var) {
    auto It = Sub.find(E->Name);
    return It == Sub.end() ? E : It->second;
  }
  if (E->Args.empty())
    return E;
  std::vector<IExprPtr> Args;
  for (auto &X : E->Args)
    Args.push_back(substitute(X, Sub));
  return IExpr::op(E->K, Args);
}

bool lir::mentions(const IExpr &E, const std::string &V) {
  if (E.K == IExpr::Var)
    return E.Name == V;
  for (auto &A : E.Args)
    if (mentions(*A, V))
      return true;
  return false;
}

std::optional<int64_t> lir::constantOf(const IExpr &E) {
  std::function<bool(const IExpr &)> HasVar = [&](const IExpr &X) {
    if (X.K == IExpr::Var)
      return true;
    for (auto &A : X.Args)
      if (HasVar(*A))
        return true;
    return false;
  };
  if (HasVar(E))
    return std::nullopt;
  return evalIExpr(E, [](const std::string &) { return int64_t(0); });
}

std::optional<int64_t> lir::coeffOf(const IExpr &E, const std::string &V) {
  if (!mentions(E, V))
    return 0;
  switch (E.K) {
  case IExpr::Var:
    return 1;
  case IExpr::Add:
  case IExpr::Sub: {
    auto A = coeffOf(*E.Args[0], V), B = coeffOf(*E.Args[1], V);
    if (!A || !B)
      return std::nullopt;
    return E.K == IExpr::Add ? *A + *B : *A - *B;
  }
  case IExpr::Neg: {
    auto A = coeffOf(*E.Args[0], V);
    return A ? std::optional<int64_t>(-*A) : std::nullopt;
  }
  case IExpr::Mul: {
    // Affine only when one factor is a literal.
    for (int F = 0; F < 2; ++F)
      if (E.Args[F]->K == IExpr::Int) {
        auto A = coeffOf(*E.Args[1 - F], V);
        return A ? std::optional<int64_t>(E.Args[F]->Val * *A) : std::nullopt;
      }
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

const char *lir::loopRoleName(LoopRole R) {
  switch (R) {
  case LoopRole::Plain: return "seq";
  case LoopRole::Parallel: return "parallel";
  case LoopRole::Sequential: return "sequential";
  case LoopRole::TileWavefront: return "tile-wavefront";
  case LoopRole::ParallelTiles: return "parallel-tiles";
  case LoopRole::PointWavefront: return "point-wavefront";
  case LoopRole::ParallelPoints: return "parallel-points";
  }
  return "?";
}

static int prec(const IExpr &E) {
  switch (E.K) {
  case IExpr::Int:
    return E.Val < 0 ? 9 : 10;
  case IExpr::Var:
    return 10;
  case IExpr::Mul:
  case IExpr::ExactDiv:
    return 8;
  case IExpr::Add:
  case IExpr::Sub:
    return 7;
  case IExpr::Neg:
  case IExpr::Not:
    return 9;
  case IExpr::Le:
  case IExpr::Lt:
  case IExpr::Ge:
  case IExpr::Gt:
    return 5;
  case IExpr::Eq:
    return 4;
  case IExpr::And:
    return 3;
  case IExpr::Or:
    return 2;
  case IExpr::Select:
    return 1;
  default:
    return 10; // function-call syntax
  }
}

static void print(const IExpr &E, llvm::raw_ostream &OS);

static void printArg(const IExpr &E, int P, llvm::raw_ostream &OS) {
  if (prec(E) < P) {
    OS << "(";
    print(E, OS);
    OS << ")";
  } else {
    print(E, OS);
  }
}

static void print(const IExpr &E, llvm::raw_ostream &OS) {
  auto Bin = [&](const char *Op, int P) {
    printArg(*E.Args[0], P, OS);
    OS << " " << Op << " ";
    printArg(*E.Args[1], P + 1, OS);
  };
  auto Call = [&](const char *F) {
    OS << F << "(";
    for (size_t I = 0; I < E.Args.size(); ++I) {
      if (I)
        OS << ", ";
      print(*E.Args[I], OS);
    }
    OS << ")";
  };
  switch (E.K) {
  case IExpr::Int: OS << E.Val; break;
  case IExpr::Var: OS << E.Name; break;
  case IExpr::Add: Bin("+", 7); break;
  case IExpr::Sub: Bin("-", 7); break;
  case IExpr::Mul: Bin("*", 8); break;
  case IExpr::ExactDiv: Bin("/", 8); break;
  case IExpr::Neg:
    OS << "-";
    printArg(*E.Args[0], 9, OS);
    break;
  case IExpr::Not:
    OS << "!";
    printArg(*E.Args[0], 9, OS);
    break;
  case IExpr::FloorDiv: Call("dpc_floordiv"); break;
  case IExpr::CeilDiv: Call("dpc_ceildiv"); break;
  case IExpr::Mod: Call("dpc_mod"); break;
  case IExpr::Min: Call("dpc_min"); break;
  case IExpr::Max: Call("dpc_max"); break;
  case IExpr::Select:
    printArg(*E.Args[0], 2, OS);
    OS << " ? ";
    printArg(*E.Args[1], 2, OS);
    OS << " : ";
    printArg(*E.Args[2], 1, OS);
    break;
  case IExpr::Eq: Bin("==", 4); break;
  case IExpr::Le: Bin("<=", 5); break;
  case IExpr::Lt: Bin("<", 5); break;
  case IExpr::Ge: Bin(">=", 5); break;
  case IExpr::Gt: Bin(">", 5); break;
  case IExpr::And: Bin("&&", 3); break;
  case IExpr::Or: Bin("||", 2); break;
  }
}

std::string lir::iexprToString(const IExpr &E) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  print(E, OS);
  return OS.str();
}

std::vector<IExprPtr> lir::tileStartArgs(const LNode &N, int G) {
  std::vector<IExprPtr> R;
  walkNodes(N, [&](const LNode &X) {
    if (X.isTileStart() && X.Ref == G && R.empty())
      R = X.Args;
    return R.empty();
  });
  return R;
}

LNodePtr lir::cloneTree(const LNode &N) {
  auto C = std::make_shared<LNode>(N);
  for (auto &K : C->Kids)
    K = cloneTree(*K);
  if (C->Then)
    C->Then = cloneTree(*C->Then);
  if (C->Else)
    C->Else = cloneTree(*C->Else);
  return C;
}

std::string lir::cellText(const TableInfo &T) {
  std::string S = T.Name + "[";
  for (size_t I = 0; I < T.Indices.size(); ++I)
    S += (I ? ", " : "") + T.Indices[I];
  return S + "]";
}

IExprPtr lir::rowMajor(const std::vector<Affine> &Sizes,
                       const std::vector<IExprPtr> &Idx) {
  IExprPtr Pos = Idx[0];
  for (size_t D = 1; D < Idx.size(); ++D)
    Pos = Pos * IExpr::fromAffine(Sizes[D]) + Idx[D];
  return Pos;
}

std::string InputInfo::sizeText() const {
  std::string S;
  for (auto &A : Sizes)
    S += (S.empty() ? "" : ", ") + A.str();
  return S;
}

IExprPtr InputInfo::length() const {
  IExprPtr L = IExpr::fromAffine(Sizes[0]);
  for (size_t D = 1; D < Sizes.size(); ++D)
    L = L * IExpr::fromAffine(Sizes[D]);
  return L;
}

std::vector<ScalarType> ModuleInfo::outputTypes() const {
  std::vector<ScalarType> Ty;
  for (auto &O : Outputs)
    if (std::find(Ty.begin(), Ty.end(), Tables[O.Table].Type) == Ty.end())
      Ty.push_back(Tables[O.Table].Type);
  return Ty;
}

const char *lir::stripLeafLevelName(StripLeaf::Level L) {
  switch (L) {
  case StripLeaf::Fixed: return "once";
  case StripLeaf::Row: return "once per row";
  case StripLeaf::Col: return "once per column";
  case StripLeaf::Cell: return "per cell";
  }
  return "?";
}

IExprPtr lir::toBandMembers(const Group &G,
                            const std::vector<std::string> &Indices,
                            const IExprPtr &E) {
  std::map<std::string, IExprPtr> Sub;
  for (size_t D = 0; D < Indices.size() && D < G.Signs.size(); ++D) {
    // band member = sign * x + shift, so x = sign * (member - shift)
    IExprPtr X = IExpr::var("dpc_m" + std::to_string(D)) -
                 IExpr::num(G.Shifts[D]);
    Sub[Indices[D]] = G.Signs[D] < 0 ? IExpr::num(-1) * X : X;
  }
  return substitute(E, Sub);
}

std::string lir::stripLeafKey(const std::string &InputName,
                              const IExprPtr &Pos) {
  return InputName + "[" + iexprToString(*Pos) + "]";
}

StripLeaf::Level lir::stripLevel(const Group &G,
                                 const std::vector<std::string> &Indices,
                                 const VExpr &E) {
  bool Row = false, Col = false;
  auto Note = [&](const IExprPtr &X) {
    if (!X)
      return;
    IExprPtr B = toBandMembers(G, Indices, X);
    Row |= mentions(*B, "dpc_m0");
    Col |= mentions(*B, "dpc_m1");
  };
  std::function<void(const VExpr &)> Walk = [&](const VExpr &X) {
    Note(X.Ix);
    for (auto &I : X.Idx)
      Note(I);
    for (auto &A : X.SeqArgs)
      Note(A.second);
    for (auto &Gd : X.Guards)
      Note(Gd);
    for (auto &K : X.Kids)
      Walk(*K);
  };
  Walk(E);
  return Row && Col ? StripLeaf::Cell
         : Row      ? StripLeaf::Row
         : Col      ? StripLeaf::Col
                    : StripLeaf::Fixed;
}

void lir::forEachVExpr(const VExpr &E,
                       const std::function<void(const VExpr &)> &Fn) {
  Fn(E);
  for (auto &K : E.Kids)
    forEachVExpr(*K, Fn);
}

bool lir::sameLoad(const VExpr &A, const VExpr &B) {
  if (A.K != VExpr::Load || B.K != VExpr::Load || A.Table != B.Table ||
      A.Idx.size() != B.Idx.size() || !A.DynIdx.empty() || !B.DynIdx.empty())
    return false;
  for (size_t D = 0; D < A.Idx.size(); ++D)
    if (iexprToString(*A.Idx[D]) != iexprToString(*B.Idx[D]))
      return false;
  return true;
}

bool lir::readsTableIn(const VExpr &E, int T) {
  if (E.K == VExpr::Load && E.Table == T)
    return true;
  for (auto &K : E.Kids)
    if (readsTableIn(*K, T))
      return true;
  return false;
}
