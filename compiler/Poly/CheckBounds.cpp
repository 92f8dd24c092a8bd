//===- CheckBounds.cpp - proof (2): every read is in bounds ---------------===//
#include "Poly/Checks.h"

using namespace dpc;
using namespace dpc::ast;

/// "C[3, 2]": the cell a read touches at a given context point.
static std::string cellAt(const Expr &Read, const PointValues &P) {
  std::string S = Read.Ident + "[";
  for (size_t I = 0; I < Read.Index.size(); ++I)
    S += (I ? ", " : "") +
         std::to_string(Read.Index[I].eval(
             [&](const std::string &V) { return P.get(V); }));
  return S + "]";
}

bool dpc::checkBounds(const PolyModel &PM, DiagEngine &Diags) {
  const Module &M = PM.module();
  bool OK = true;
  for (auto &S : PM.statements()) {
    for (auto &R : S.Reads) {
      const isl::set &Target =
          R.IsTable ? PM.tableDomain(R.Target) : PM.inputDomain(R.Target);
      isl::set Inside = R.Access.intersect_range(Target).domain();
      isl::set Bad = R.Context.subtract(Inside);
      if (Bad.is_empty())
        continue;
      OK = false;
      PointValues P = namedSample(Bad, R.CtxVars);
      std::string Read = exprToString(*R.Read);
      if (R.IsTable)
        Diags.error(R.Read->Range,
                    "read " + Read + " is outside " + R.Read->Ident +
                        "'s domain at " + P.str() + " (it reads " +
                        cellAt(*R.Read, P) + ")");
      else
        Diags.error(R.Read->Range,
                    "read " + Read + " is outside input " + R.Read->Ident +
                        " (positions 0 .. " +
                        (M.Inputs[R.Target].SizeA - Affine::constant(1)).str() +
                        ") at " + P.str() + " (it reads " +
                        cellAt(*R.Read, P) + ")");
    }
  }
  if (M.Output && M.Output->TableIdx >= 0) {
    const OutputDecl &O = *M.Output;
    std::vector<std::string> Idx;
    for (auto &A : O.Index)
      Idx.push_back(A.str());
    std::string Text = PM.paramTuple() + " -> { " + O.Table + "[";
    for (size_t I = 0; I < Idx.size(); ++I)
      Text += (I ? ", " : "") + Idx[I];
    Text += "] }";
    isl::set Cell = islParse<isl::set>(PM.ctx(), Text).intersect_params(PM.paramContext());
    isl::set Bad = Cell.subtract(PM.tableDomain(O.TableIdx)).params();
    if (!Bad.is_empty()) {
      OK = false;
      PointValues P = samplePoint(Bad);
      Diags.error(O.Range, "the output cell is outside " + O.Table +
                               "'s domain at " + P.str());
    }
  }
  return OK;
}
