//===- Program.cpp - questions about the loop form ------------------------===//
#include "LIR/Program.h"

#include <algorithm>
#include <cstdlib>
#include <cstdint>
#include <functional>

using namespace dpc;
using namespace dpc::lir;

bool Program::tileCopied(int Stmt) const {
  const Group *G = groupOf(Stmt);
  size_t GI = G ? static_cast<size_t>(G - Groups.data()) : Gpu.TileCopy.size();
  return GI < Gpu.TileCopy.size() && Gpu.TileCopy[GI];
}

const Group *Program::groupOf(int Stmt) const {
  for (auto &G : Groups)
    if (std::count(G.Stmts.begin(), G.Stmts.end(), Stmt))
      return &G;
  return nullptr;
}

std::vector<int> Program::splitsOf(int Stmt) const {
  std::vector<int> R;
  for (size_t S = 0; S < Splits.size(); ++S)
    if (Splits[S].Stmt == Stmt)
      R.push_back(static_cast<int>(S));
  return R;
}

std::optional<StripRead>
Program::stripRead(const Group &G, const std::vector<std::string> &Indices,
                   const VExpr &Load) const {
  if (Load.K != VExpr::Load || G.Signs.size() != 2 || Load.Idx.size() != 2 ||
      CopyTable[Load.Table] ||
      !std::count(G.Tables.begin(), G.Tables.end(), Load.Table))
    return std::nullopt;
  int D[2];
  for (int Dim = 0; Dim < 2; ++Dim) {
    // Idx = x + c with c a literal, x the cell's own index along Dim.
    const IExpr &E = *Load.Idx[Dim];
    if (coeffOf(E, Indices[Dim]) != std::optional<int64_t>(1))
      return std::nullopt;
    auto C = constantOf(
        *substitute(Load.Idx[Dim], {{Indices[Dim], IExpr::num(0)}}));
    if (!C)
      return std::nullopt;
    // The band distance from the read cell to the cell: -sign * c.
    int64_t Dist = -G.Signs[Dim] * *C;
    if (Dist < 0 || Dist > 1)
      return std::nullopt;
    D[Dim] = static_cast<int>(Dist);
  }
  return StripRead{Load.Table, D[0], D[1]};
}

bool Program::readsStripNeighbour(const Group &G,
                                  const std::vector<std::string> &Indices,
                                  const VExpr &E) const {
  if (E.K == VExpr::Load && stripRead(G, Indices, E))
    return true;
  for (auto &K : E.Kids)
    if (readsStripNeighbour(G, Indices, *K))
      return true;
  return false;
}

std::vector<int> Program::armsOf(int T) const {
  const VExpr &Body = *TableBodies[T];
  if (Body.K != VExpr::Cases)
    return {stmtOfArm(T, -1)};
  std::vector<int> R;
  for (size_t A = 0; A < Body.Guards.size(); ++A) {
    R.push_back(stmtOfArm(T, static_cast<int>(A)));
    if (!Body.Guards[A])
      break;
  }
  return R;
}

int Program::stmtOfArm(int T, int A) const {
  for (size_t S = 0; S < Stmts.size(); ++S)
    if (Stmts[S].Table == T && Stmts[S].Arm == A)
      return static_cast<int>(S);
  return -1;
}

bool lir::isOperation(const VExpr &E) {
  switch (E.K) {
  case VExpr::Neg:
  case VExpr::Add:
  case VExpr::Sub:
  case VExpr::Mul:
  case VExpr::Max:
  case VExpr::Min:
  case VExpr::Cases:
    return true;
  default:
    return false;
  }
}

bool lir::hasRole(const LNode &N, LoopRole R) {
  bool Found = false;
  walkNodes(N, [&](const LNode &X) {
    Found |= X.K == LNode::For && X.Role == R;
    return !Found;
  });
  return Found;
}

bool lir::hasProduct(const LNode &N) {
  bool Found = false;
  walkNodes(N, [&](const LNode &X) {
    Found |= X.isProduct();
    return !Found;
  });
  return Found;
}

bool lir::isTileLevel(const LNode &N) {
  switch (N.K) {
  case LNode::For:
    return N.Role == LoopRole::ParallelTiles;
  case LNode::If:
  case LNode::Block:
    return hasRole(N, LoopRole::ParallelTiles);
  case LNode::Mark:
    return N.MarkName == "parallel_tiles" && hasRole(N, LoopRole::ParallelTiles);
  case LNode::Stmt:
    return false;
  }
  return false;
}

void lir::collectSplits(const Program &P, const LNode &N, std::set<int> &Out) {
  walkNodes(N, [&](const LNode &X) {
    if (X.isProduct())
      Out.insert(X.Ref);
    else if (X.isCell())
      for (int S : P.splitsOf(X.Ref))
        Out.insert(S);
    return true;
  });
}

int lir::effectiveTable(const Program &P, int Table) {
  return P.CopyTable[Table] ? P.CopySource[Table] : Table;
}

std::vector<IExprPtr> lir::effectiveCell(const Program &P, int Table,
                                         const std::vector<IExprPtr> &Idx) {
  if (!P.CopyTable[Table])
    return Idx;
  std::vector<IExprPtr> R(Idx.size());
  for (size_t D = 0; D < Idx.size(); ++D)
    R[P.CopyPerm[Table][D]] = Idx[D];
  return R;
}

const Group *lir::tiledGroupOf(const Program &P, const LNode &N) {
  const Group *R = nullptr;
  walkNodes(N, [&](const LNode &X) {
    if (X.isCell())
      if (const Group *G = P.groupOf(X.Ref))
        R = G;
    return true;
  });
  return R && R->Tiled && !R->Signs.empty() ? R : nullptr;
}

const LNode *lir::leafOf(const LNode &For) {
  const LNode *B = For.Kids[0].get();
  while ((B->K == LNode::Block || B->K == LNode::Mark) && B->Kids.size() == 1)
    B = B->Kids[0].get();
  return B->K == LNode::Stmt ? B : nullptr;
}

bool lir::isChunkLoop(const LNode &N) {
  if (N.K != LNode::For || N.Step != 1)
    return false;
  const LNode *L = leafOf(N);
  if (!L)
    return false;
  const IExpr &Last = *L->Args.back();
  return Last.K == IExpr::Var && Last.Name == N.Iter;
}

bool lir::allChunkable(const LNode &N) {
  if (isChunkLoop(N))
    return true;
  switch (N.K) {
  case LNode::Stmt:
    return false;
  case LNode::If:
    return allChunkable(*N.Then) && (!N.Else || allChunkable(*N.Else));
  default:
    for (auto &K : N.Kids)
      if (!allChunkable(*K))
        return false;
    return true;
  }
}

bool lir::hasInnerFor(const LNode &N) {
  bool Found = false;
  walkNodes(N, [&](const LNode &X) {
    Found |= &X != &N && X.K == LNode::For;
    return !Found;
  });
  return Found;
}

int64_t lir::boxVolume(const SplitInfo &S) { return boxVolume(S.BoxSize); }

int64_t lir::softWideIndex(const SplitInfo &S) { return boxVolume(S); }

int64_t lir::accElements(const SplitInfo &S) {
  return boxVolume(S) + (S.SoftInf ? 1 : 0);
}

bool lir::readsData(const VExpr &E) {
  if (!E.DynIdx.empty())
    return true;
  for (auto &G : E.DataGuards)
    if (!G.empty())
      return true;
  for (auto &K : E.Kids)
    if (readsData(*K))
      return true;
  return false;
}

bool lir::isFastSum(const VExpr &B) {
  return B.K == VExpr::Add && B.Kids[0]->K == VExpr::Load &&
         B.Kids[1]->K == VExpr::Load && B.Kids[0]->FiniteOperands &&
         B.Kids[1]->FiniteOperands && B.Kids[0]->DynIdx.empty() &&
         B.Kids[1]->DynIdx.empty();
}

bool lir::isSmallFinite(const Program &P, const VExpr &E) {
  if (E.Ty != ScalarType::Int16 && E.Ty != ScalarType::Int32)
    return false;
  // (a checked read or a guard on input values is printed by ValueEmitter's
  // general path, never as an unchecked int32 expression)
  if (!E.DynIdx.empty())
    return false;
  for (auto &G : E.DataGuards)
    if (!G.empty())
      return false;
  auto All = [&] {
    for (auto &K : E.Kids)
      if (!isSmallFinite(P, *K))
        return false;
    return true;
  };
  switch (E.K) {
  case VExpr::Const:
    return !E.Inf && E.IntVal >= INT32_MIN && E.IntVal <= INT32_MAX;
  case VExpr::Index:
  case VExpr::InputLoad:
    return true; // checked against the type where they are read
  case VExpr::Load: {
    int T = effectiveTable(P, E.Table);
    return P.FiniteTable[T] && isIntType(P.M.Tables[E.Table].Type);
  }
  case VExpr::Score: {
    const ScoreInfo &Sc = P.M.Scores[E.ScoreId];
    if (!isIntType(Sc.Type))
      return false;
    for (auto &V : Sc.Lookup)
      if (V.K != ScoreValue::Finite || V.I < INT32_MIN || V.I > INT32_MAX)
        return false;
    return true;
  }
  case VExpr::Neg:
  case VExpr::Add:
  case VExpr::Sub:
  case VExpr::Mul:
  case VExpr::Max:
  case VExpr::Min:
  case VExpr::Cases:
    return All();
  case VExpr::Exp:
  case VExpr::Log:
    return false; // real-valued
  case VExpr::Reduce:
  case VExpr::SplitReduce:
    return false; // an empty range gives the identity (an infinity)
  }
  return false;
}

namespace {
/// finiteMagnitude; BesidesInf: infinities are sentinels, not magnitudes.
int64_t magnitude(const Program &P, const VExpr &E, bool BesidesInf) {
  const int64_t Big = INT64_MAX;
  auto Add = [&](int64_t A, int64_t B) { return A > Big - B ? Big : A + B; };
  auto Abs = [&](int64_t V) { return V == INT64_MIN ? Big : V < 0 ? -V : V; };
  switch (E.K) {
  case VExpr::Const:
    return E.Inf ? (BesidesInf ? 0 : Big) : Abs(E.IntVal);
  case VExpr::Index:
  case VExpr::InputLoad:
    // checked where read against the range the generated code keeps
    return E.Ty == ScalarType::Int16 ? (int64_t(1) << 14) - 1 : IntKept;
  case VExpr::Load:
    switch (P.M.Tables[E.Table].Type) {
    case ScalarType::Int16: return (int64_t(1) << 14) - 1;
    case ScalarType::Int32: return IntKept;
    default: return Big;
    }
  case VExpr::Score: {
    int64_t M = 0;
    for (auto &V : P.M.Scores[E.ScoreId].Lookup)
      M = std::max(M, V.K == ScoreValue::Finite ? Abs(V.I)
                      : BesidesInf          ? 0
                                            : Big);
    return M;
  }
  case VExpr::Neg:
    return magnitude(P, *E.Kids[0], BesidesInf);
  case VExpr::Add:
  case VExpr::Sub:
    return Add(magnitude(P, *E.Kids[0], BesidesInf), magnitude(P, *E.Kids[1], BesidesInf));
  case VExpr::Mul: {
    int64_t A = magnitude(P, *E.Kids[0], BesidesInf), B = magnitude(P, *E.Kids[1], BesidesInf);
    return A && B > Big / A ? Big : A * B;
  }
  case VExpr::Max:
  case VExpr::Min:
  case VExpr::Cases: {
    int64_t M = 0;
    for (auto &K : E.Kids)
      M = std::max(M, magnitude(P, *K, BesidesInf));
    return M;
  }
  case VExpr::Exp:
  case VExpr::Log:
  case VExpr::Reduce:
  case VExpr::SplitReduce:
    return Big;
  }
  return Big;
}
} // namespace

int64_t lir::finiteMagnitude(const Program &P, const VExpr &E) {
  return magnitude(P, E, false);
}

bool lir::evaluatesInInt32(const Program &P, const VExpr &E) {
  return isSmallFinite(P, E) && finiteMagnitude(P, E) <= INT32_MAX;
}

int64_t lir::finiteMagnitudeBesidesInf(const Program &P, const VExpr &E) {
  return magnitude(P, E, true);
}

int64_t lir::stripLaneMagnitude(const Program &P, const Group &G,
                                const std::vector<std::string> &Ix,
                                const VExpr &E) {
  const int64_t Big = INT64_MAX;
  if (!P.readsStripNeighbour(G, Ix, E)) {
    if (E.K == VExpr::Const)
      return E.Inf ? 0 : std::abs(E.IntVal);
    if (evaluatesInInt32(P, E))
      return finiteMagnitude(P, E);
    return IntKept;
  }
  auto Add = [&](int64_t A, int64_t B) { return A > Big - B ? Big : A + B; };
  switch (E.K) {
  case VExpr::Load:
    return finiteMagnitudeBesidesInf(P, E);
  case VExpr::Neg:
    return stripLaneMagnitude(P, G, Ix, *E.Kids[0]);
  case VExpr::Add:
  case VExpr::Sub:
    return Add(stripLaneMagnitude(P, G, Ix, *E.Kids[0]),
               stripLaneMagnitude(P, G, Ix, *E.Kids[1]));
  case VExpr::Mul: {
    int64_t A = stripLaneMagnitude(P, G, Ix, *E.Kids[0]),
            B = stripLaneMagnitude(P, G, Ix, *E.Kids[1]);
    return A && B > Big / A ? Big : A * B;
  }
  default: {
    int64_t M = 0;
    for (auto &K : E.Kids)
      M = std::max(M, stripLaneMagnitude(P, G, Ix, *K));
    return M;
  }
  }
}

InfSigns lir::infSigns(const Program &P, const VExpr &E) {
  InfSigns F;
  switch (E.K) {
  case VExpr::Const:
    if (E.Inf)
      (E.Inf < 0 ? F.Neg : F.Pos) = true;
    return F;
  case VExpr::Index:
  case VExpr::InputLoad:
    return F;
  case VExpr::Load:
    return {bool(P.MayNegInf[E.Table]), bool(P.MayPosInf[E.Table])};
  case VExpr::Score:
    for (auto &V : P.M.Scores[E.ScoreId].Lookup) {
      F.Neg |= V.K == ScoreValue::NegInf;
      F.Pos |= V.K == ScoreValue::PosInf;
    }
    return F;
  case VExpr::Neg: {
    InfSigns A = infSigns(P, *E.Kids[0]);
    return {A.Pos, A.Neg};
  }
  case VExpr::Add:
  case VExpr::Sub:
  case VExpr::Mul: {
    InfSigns A = infSigns(P, *E.Kids[0]), B = infSigns(P, *E.Kids[1]);
    if (E.K == VExpr::Sub)
      std::swap(B.Neg, B.Pos);
    if (E.K == VExpr::Mul) {
      bool Any = A.Neg || A.Pos || B.Neg || B.Pos;
      return {Any, Any};
    }
    return {A.Neg || B.Neg, A.Pos || B.Pos};
  }
  case VExpr::Max:
  case VExpr::Min: {
    InfSigns All{true, true}, Any;
    for (auto &K : E.Kids) {
      InfSigns X = infSigns(P, *K);
      All.Neg = All.Neg && X.Neg;
      All.Pos = All.Pos && X.Pos;
      Any.Neg |= X.Neg;
      Any.Pos |= X.Pos;
    }
    return E.K == VExpr::Max ? InfSigns{All.Neg, Any.Pos}
                             : InfSigns{Any.Neg, All.Pos};
  }
  case VExpr::Cases:
    for (auto &K : E.Kids) {
      InfSigns X = infSigns(P, *K);
      F.Neg |= X.Neg;
      F.Pos |= X.Pos;
    }
    return F;
  default: // reductions (an empty range), exp, log: either
    return {true, true};
  }
}

bool lir::undefinedFree(const Program &P, const VExpr &E) {
  for (auto &K : E.Kids)
    if (!undefinedFree(P, *K))
      return false;
  if (E.K == VExpr::Reduce || E.K == VExpr::SplitReduce ||
      E.K == VExpr::Exp || E.K == VExpr::Log)
    return false;
  if (E.K != VExpr::Add && E.K != VExpr::Sub && E.K != VExpr::Mul)
    return true;
  InfSigns A = infSigns(P, *E.Kids[0]), B = infSigns(P, *E.Kids[1]);
  if (E.K == VExpr::Mul) // inf * 0
    return !(A.Neg || A.Pos || B.Neg || B.Pos);
  if (E.K == VExpr::Sub)
    std::swap(B.Neg, B.Pos);
  return !((A.Neg && B.Pos) || (A.Pos && B.Neg));
}
