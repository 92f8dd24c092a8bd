//===- FindCopyTables.cpp - tables that are permuted copies of others -----===//
#include "Lower/Analyses.h"

using namespace dpc;
using namespace dpc::ast;

CopyTableInfo dpc::findCopyTables(const Module &M) {
  CopyTableInfo R;
  size_t N = M.Tables.size();
  R.IsCopy.assign(N, false);
  R.Source.assign(N, -1);
  R.Perm.assign(N, {});
  for (size_t T = 0; T < N; ++T) {
    const TableDecl &Tab = M.Tables[T];
    const Expr &B = *Tab.Eq->Body;
    if (B.K != Expr::Subscript || B.Ref != RefKind::Table ||
        B.RefIndex == static_cast<int>(T) || !B.Events.empty())
      continue;
    const TableDecl &Src = M.Tables[B.RefIndex];
    if (Src.Indices.size() != Tab.Indices.size() || Src.Type != Tab.Type)
      continue;
    // Each source index must be exactly one of this table's indices, each
    // used once: then copy index d is source index Perm[d].
    std::vector<int> Perm(Tab.Indices.size(), -1);
    bool OK = true;
    for (size_t S = 0; S < B.Index.size() && OK; ++S) {
      const Affine &A = B.Index[S];
      if (A.Const != 0 || A.Coeffs.size() != 1 ||
          A.Coeffs.begin()->second != 1) {
        OK = false;
        break;
      }
      const std::string &V = A.Coeffs.begin()->first;
      auto It = std::find(Tab.Indices.begin(), Tab.Indices.end(), V);
      if (It == Tab.Indices.end() || Perm[It - Tab.Indices.begin()] != -1) {
        OK = false;
        break;
      }
      Perm[It - Tab.Indices.begin()] = static_cast<int>(S);
    }
    // A copy of a copy is left alone (its source is not stored normally).
    if (!OK)
      continue;
    R.IsCopy[T] = true;
    R.Source[T] = B.RefIndex;
    R.Perm[T] = Perm;
  }
  for (size_t T = 0; T < N; ++T)
    if (R.IsCopy[T] && R.IsCopy[R.Source[T]])
      R.IsCopy[T] = false;
  return R;
}
