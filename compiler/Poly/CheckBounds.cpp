//===- CheckBounds.cpp - proof (2): every read is in bounds ---------------===//
#include "Poly/Checks.h"

using namespace dpc;
using namespace dpc::ast;

/// "C[3, 2]": the cell a read touches at a given context point.
static std::string cellAt(const Expr &Read, const PointValues &P) {
  std::string S = Read.Ident + "[";
  for (size_t I = 0; I < Read.Index.size(); ++I)
    S += (I ? ", " : "") +
         (I < Read.DataIndex.size() && Read.DataIndex[I]
              ? std::string("_") // read from input values: any
              : std::to_string(Read.Index[I].eval(
                    [&](const std::string &V) { return P.get(V); })));
  return S + "]";
}

/// "positions 0 .. N - 1", or for a matrix "rows 0 .. N - 1, columns 0 ..
/// M - 1": where an input may be read.
static std::string inputPositions(const InputDecl &In) {
  auto Range = [&](size_t D) {
    return "0 .. " + (In.SizesA[D] - Affine::constant(1)).str();
  };
  if (In.SizesA.size() == 1)
    return "positions " + Range(0);
  return "rows " + Range(0) + ", columns " + Range(1);
}

/// `N >= 1`, `M >= N + 1`, `N <= 5`, `M = N`: a constraint over params as a
/// user would write it after `param` (variables with positive coefficients
/// on the left).
static std::string paramConstraintText(const Constraint &C) {
  // C.E = L - R + K with L, R having positive coefficients: L >= R - K.
  Affine L, R;
  for (auto &[V, Co] : C.E.Coeffs)
    (Co > 0 ? L : R) = (Co > 0 ? L : R) + Affine::var(V, Co > 0 ? Co : -Co);
  const char *Op = C.IsEq ? " = " : " >= ";
  if (L.isConstant()) // -N + 5 >= 0: N <= 5
    return R.str() + (C.IsEq ? " = " : " <= ") +
           Affine::constant(C.E.Const).str();
  return L.str() + Op + (R - Affine::constant(C.E.Const)).str();
}

/// What to write after `param` so that the output cell lies in its table's
/// domain: the param values where it does (Good), less what the proofs
/// already assume, as constraints. Empty if isl cannot say it simply.
static std::string suggestParamConstraints(const PolyModel &PM,
                                           const isl::set &Good) {
  if (Good.is_empty())
    return "";
  std::vector<Constraint> Cs;
  if (!paramSetConstraints(Good.gist(PM.paramContext()), Cs) || Cs.empty())
    return "";
  std::string S;
  for (auto &C : Cs)
    S += (S.empty() ? "" : ", ") + paramConstraintText(C);
  return S;
}

bool dpc::checkParamConstraints(const PolyModel &PM, DiagEngine &Diags) {
  const Module &M = PM.module();
  if (M.ParamCons.empty() || !PM.paramContext().is_empty())
    return true;
  Diags.error(M.ParamCons.front().C.Range,
              "no sizes satisfy the param constraints (with every input "
              "non-empty and every constant of its default's sign)");
  return false;
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
                        " (" + inputPositions(M.Inputs[R.Target]) + ") at " +
                        P.str() + " (it reads " + cellAt(*R.Read, P) + ")");
    }
  }
  for (const OutputDecl &O : M.Outputs) {
    if (O.OwnTable || O.TableIdx < 0)
      continue; // (the one cell of its own table; its reads are checked above)
    const std::string &Table = M.Tables[O.TableIdx].Name;
    std::vector<std::string> Idx;
    for (auto &A : O.Index)
      Idx.push_back(A.str());
    std::string Text = PM.paramTuple() + " -> { " + Table + "[";
    for (size_t I = 0; I < Idx.size(); ++I)
      Text += (I ? ", " : "") + Idx[I];
    Text += "] }";
    isl::set Cell = islParse<isl::set>(PM.ctx(), Text).intersect_params(PM.paramContext());
    isl::set Bad = Cell.subtract(PM.tableDomain(O.TableIdx)).params();
    if (!Bad.is_empty()) {
      OK = false;
      PointValues P = samplePoint(Bad);
      isl::set Good = Cell.intersect(PM.tableDomain(O.TableIdx)).params();
      std::string Fix = suggestParamConstraints(PM, Good);
      Diags.error(O.Range, "the output cell is outside " + Table +
                               "'s domain at " + P.str() +
                               (Good.is_empty() ? " (and at every size)" : ""));
      if (!Fix.empty())
        Diags.note(O.Range, "it is inside exactly when " + Fix +
                                "; if only such sizes make sense, add `param " +
                                Fix + "`");
    }
  }
  return OK;
}
