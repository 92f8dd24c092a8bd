//===- CheckCoverage.cpp - proof (1): cases cover the domain --------------===//
#include "Poly/Checks.h"

using namespace dpc;
using namespace dpc::ast;

PointValues dpc::namedSample(const isl::set &S,
                             const std::vector<std::string> &Vars) {
  PointValues P = samplePoint(S);
  size_t NParams = P.Values.size() - Vars.size();
  for (size_t I = 0; I < Vars.size(); ++I)
    P.Values[NParams + I].first = Vars[I];
  return P;
}

/// Points of Ctx where no guard of the case expression may hold. A guard
/// that reads input values may be false anywhere: it covers no point.
static isl::set uncovered(const PolyModel &PM, const Expr &Cases,
                          const isl::set &Ctx, const std::string &Tuple,
                          const std::vector<std::string> &Vars) {
  isl::set Left = Ctx;
  for (auto &A : Cases.Arms) {
    if (A.G.IsElse)
      return Ctx.subtract(Ctx);
    if (A.G.readsData())
      continue;
    Left = Left.subtract(PM.makeSet(Tuple, Vars, A.G.Constraints));
  }
  return Left;
}

bool dpc::checkCoverage(const PolyModel &PM, DiagEngine &Diags) {
  const Module &M = PM.module();
  bool OK = true;
  for (size_t T = 0; T < M.Tables.size(); ++T) {
    const TableDecl &Tab = M.Tables[T];
    const Expr &Body = *Tab.Eq->Body;
    if (Body.K == Expr::Cases) {
      isl::set Left =
          uncovered(PM, Body, PM.tableDomain(T), Tab.Name, Tab.Indices);
      if (!Left.is_empty()) {
        PointValues P = namedSample(Left, Tab.Indices);
        Diags.error(Tab.Eq->Range,
                    "the cases of table '" + Tab.Name +
                        "' do not cover its domain: no case applies at " +
                        P.str());
        OK = false;
      }
      for (const Statement *S : PM.statementsOf(T))
        if (S->Arm >= 0 && S->Domain.is_empty())
          Diags.warning(Body.Arms[S->Arm].G.Range,
                        "this case of table '" + Tab.Name +
                            "' never applies (earlier cases or the domain "
                            "exclude it)");
    }
    for (const Statement *S : PM.statementsOf(T)) {
      for (auto &N : S->Nested) {
        isl::set Left = uncovered(PM, *N.E, N.Context, S->Name, N.CtxVars);
        if (!Left.is_empty()) {
          PointValues P = namedSample(Left, N.CtxVars);
          Diags.error(N.E->Range, "no case of this expression applies at " +
                                      P.str());
          OK = false;
        }
      }
    }
  }
  return OK;
}
