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
  if (G.Band)
    return Rows * IExpr::fromAffine(G.BandWidth);
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
  if (G.Band) // row r - Lo, column c - (r + s)
    return (R - G.Lo) * IExpr::fromAffine(G.BandWidth) +
           (X[G.Dims[1]] - (R + IExpr::fromAffine(G.BandShift)));
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
  IExprPtr Off;
  for (auto &[GO, GS] : groupOffsets(P, Table, X))
    Off = Off ? Off * GS + GO : GO;
  return Off ? Off : IExpr::num(0);
}

std::vector<std::pair<IExprPtr, IExprPtr>>
lir::groupOffsets(const lir::Program &P, int Table,
                  const std::vector<IExprPtr> &X) {
  const lir::Storage &S = P.Storages[Table];
  const auto &Idx = P.M.Tables[Table].Indices;
  std::vector<std::pair<IExprPtr, IExprPtr>> R;
  for (auto &G : S.Groups)
    R.push_back({groupOffset(G, X, Idx), groupSize(G, Idx[G.Dims[0]])});
  return R;
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
  // two-dim group (triangle or band) the offset is rowStart(r) + (c -
  // colLo(r)) (a band's colLo(r) is r + s), contiguous in the column c
  // (and in no other direction: a band's next row starts one cell later
  // in its columns, c - (r + 1 + s)).
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


IExprPtr lir::ringOffset(const lir::Program &P, int Table, IExprPtr Slot,
                         IExprPtr Col) {
  const lir::Storage &S = P.Storages[Table];
  return Slot * S.RingRowLen + (Col - S.RingColLo);
}
