//===- Lower.cpp - the middle end, pass by pass ---------------------------===//
#include "Lower/Lowering.h"

using namespace dpc;

std::unique_ptr<lir::Program> dpc::lowerModule(const PolyModel &PM,
                                               DiagEngine &Diags) {
  const ast::Module &M = PM.module();
  auto P = std::make_unique<lir::Program>();
  P->M = &M;
  P->ParamContext = islStr(PM.paramContext());
  try {
    CopyTableInfo CI = findCopyTables(M);
    InfinityInfo Inf = analyzeInfinity(M, PM);
    for (size_t T = 0; T < M.Tables.size(); ++T) {
      P->FiniteTable.push_back(Inf.finite(static_cast<int>(T)));
      P->CopyTable.push_back(CI.IsCopy[T]);
      P->CopySource.push_back(CI.Source[T]);
      P->CopyPerm.push_back(CI.Perm[T]);
    }
    SchedulePlan Plan;
    if (!planSchedule(PM, CI, Diags, Plan))
      return nullptr;
    std::vector<SplitPlan> Splits = planSplits(PM, Plan, CI, Inf);
    lowerBodies(PM, Plan, CI, Inf, Splits, *P);
    std::map<std::string, int> Ids;
    for (size_t S = 0; S < P->Stmts.size(); ++S)
      Ids[P->Stmts[S].Name] = static_cast<int>(S);
    std::vector<ProductPlacement> Places;
    for (auto &Sp : Splits)
      Places.push_back(Sp.Place);
    if (!buildLoopTrees(PM, Plan, Places, Ids, Diags, *P))
      return nullptr;
    if (!chooseStorage(PM, CI, Diags, *P))
      return nullptr;
  } catch (const isl::exception &E) {
    DPC_ICE(llvm::Twine("isl failed while lowering '") + M.Name + "': " +
            E.what());
  }
  return P;
}
