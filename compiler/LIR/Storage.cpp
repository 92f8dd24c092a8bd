//===- Storage.cpp - offsets, sizes and strides from the storage maps ------===//
//
// Answers the printers' questions about storage from lir::Storage alone:
// the offset of a cell, the size of a buffer, and whether a loop reads a
// table contiguously.
//
//===----------------------------------------------------------------------===//
#include "LIR/Program.h"

using namespace dpc;
using namespace dpc::lir;

namespace {

IExprPtr groupSize(const lir::StorageGroup &G, const std::string &Row) {
  IExprPtr Rows = G.Hi - G.Lo + IExpr::num(1);
  if (G.Dims.size() == 1)
    return Rows;
  // start(Hi + 1) of the triangle.
  std::map<std::string, IExprPtr> Sub{{Row, G.Hi + IExpr::num(1)}};
  int64_t A = G.RowLen.coeff(Row);
  Affine B = G.RowLen - Affine::var(Row, A);
  IExprPtr R = G.Hi + IExpr::num(1);
  IExprPtr Num = (R - G.Lo) * (IExpr::num(A) * (R + G.Lo - IExpr::num(1)) +
                               IExpr::num(2) * IExpr::fromAffine(B));
  return IExpr::op(IExpr::ExactDiv, {Num, IExpr::num(2)});
}

IExprPtr groupOffset(const lir::StorageGroup &G,
                     const std::vector<IExprPtr> &X,
                     const std::vector<std::string> &Idx) {
  IExprPtr R = X[G.Dims[0]];
  if (G.Dims.size() == 1)
    return R - G.Lo;
  const std::string &Row = Idx[G.Dims[0]];
  int64_t A = G.RowLen.coeff(Row);
  Affine B = G.RowLen - Affine::var(Row, A);
  IExprPtr Start = IExpr::op(
      IExpr::ExactDiv,
      {(R - G.Lo) * (IExpr::num(A) * (R + G.Lo - IExpr::num(1)) +
                     IExpr::num(2) * IExpr::fromAffine(B)),
       IExpr::num(2)});
  std::map<std::string, IExprPtr> Sub{{Row, R}};
  return Start + (X[G.Dims[1]] - lir::substitute(G.ColLo, Sub));
}

} // namespace


IExprPtr lir::storageOffset(const lir::Program &P, int Table,
                            const std::vector<IExprPtr> &X) {
  const lir::Storage &S = P.Storages[Table];
  if (S.HostTable >= 0) {
    std::vector<IExprPtr> HX(X.size());
    for (size_t D = 0; D < X.size(); ++D)
      HX[D] = X[S.HostPerm[D]];
    return storageOffset(P, S.HostTable, HX);
  }
  const auto &Idx = P.M.Tables[Table].Indices;
  IExprPtr Off;
  for (auto &G : S.Groups) {
    IExprPtr GO = groupOffset(G, X, Idx);
    Off = Off ? Off * groupSize(G, Idx[G.Dims[0]]) + GO : GO;
  }
  return Off ? Off : IExpr::num(0);
}

bool lir::unitStrideIn(const lir::Program &P, int Table, int Dim) {
  const lir::Storage &S = P.Storages[Table];
  if (S.HostTable >= 0) {
    // The host's dim d holds this table's dim HostPerm[d].
    for (size_t D = 0; D < S.HostPerm.size(); ++D)
      if (S.HostPerm[D] == Dim)
        return unitStrideIn(P, S.HostTable, static_cast<int>(D));
    return false;
  }
  if (S.Groups.empty())
    return false;
  // Groups nest row-major: only the last one is contiguous; within a
  // two-dim group (box or triangle) the offset is rowStart(r) + (c -
  // colLo(r)), contiguous in the column c.
  const lir::StorageGroup &G = S.Groups.back();
  return G.Dims.back() == Dim;
}

lir::Access lir::accessAlong(const lir::Program &P, const lir::VExpr &Load,
                        const std::string &Var) {
  Access R = Access::Fixed;
  for (size_t D = 0; D < Load.Idx.size(); ++D) {
    std::optional<int64_t> C = lir::coeffOf(*Load.Idx[D], Var);
    if (!C)
      return Access::Other;
    if (*C == 0)
      continue;
    if (*C != 1 || R == Access::Contiguous ||
        !unitStrideIn(P, Load.Table, static_cast<int>(D)))
      return Access::Other;
    R = Access::Contiguous;
  }
  return R;
}

IExprPtr lir::storageSize(const lir::Program &P, int Table) {
  const lir::Storage &S = P.Storages[Table];
  if (S.HostTable >= 0)
    return IExpr::num(0);
  const auto &Idx = P.M.Tables[Table].Indices;
  IExprPtr Sz;
  for (auto &G : S.Groups) {
    IExprPtr GS = groupSize(G, Idx[G.Dims[0]]);
    Sz = Sz ? Sz * GS : GS;
  }
  return Sz ? Sz : IExpr::num(1);
}

