//===- Lower.cpp - the middle end, pass by pass ---------------------------===//
//
// Takes the checked polyhedral model and gives the lir::Program: copy
// tables, infinities, value ranges and signs, the schedule plan, the
// tile-product splits, the statement bodies, the tile starts, the verified
// loop trees, the storage maps, the lane strips, their interior tiles, how
// their cells are computed and the row reductions their sweeps can
// compute, the GPU and CPU plans, the strip tables a score-only run stores
// as two rolling rows and the strip kernels' index width.
//
//===----------------------------------------------------------------------===//
#include "Lower/Lowering.h"

using namespace dpc;

std::unique_ptr<lir::Program> dpc::lowerModule(const PolyModel &PM,
                                               DiagEngine &Diags,
                                               const LowerOptions &Opts) {
  const ast::Module &M = PM.module();
  auto P = std::make_unique<lir::Program>();
  P->M = describeModule(M);
  P->ParamContext = islStr(PM.paramContext());
  try {
    CopyTableInfo CI = findCopyTables(M);
    InfinityInfo Inf = analyzeInfinity(M, PM);
    for (size_t T = 0; T < M.Tables.size(); ++T) {
      P->FiniteTable.push_back(Inf.finite(static_cast<int>(T)));
      P->MayNegInf.push_back(Inf.MayNegInf[T]);
      P->MayPosInf.push_back(Inf.MayPosInf[T]);
      P->CopyTable.push_back(CI.IsCopy[T]);
      P->CopySource.push_back(CI.Source[T]);
      P->CopyPerm.push_back(CI.Perm[T]);
    }
    P->Ranges = analyzeRanges(M, PM, Inf).Tables;
    SchedulePlan Plan;
    if (!planSchedule(PM, CI, Inf, Diags, Plan))
      return nullptr;
    SignInfo Sg = analyzeSigns(M, PM);
    std::vector<SplitPlan> Splits =
        planSplits(PM, Plan, CI, Inf, Sg, Opts, P->NotProducts);
    lowerBodies(PM, Plan, CI, Inf, Splits, *P);
    std::map<std::string, int> Ids;
    for (size_t S = 0; S < P->Stmts.size(); ++S)
      Ids[P->Stmts[S].Name] = static_cast<int>(S);
    std::vector<ProductPlacement> Places = placeTileStarts(PM, Plan);
    for (size_t S = 0; S < Splits.size(); ++S) {
      Places.push_back(Splits[S].Place);
      Places.back().Kind = lir::StmtKind::TileProduct;
      Places.back().Ref = static_cast<int>(S);
    }
    if (!buildLoopTrees(PM, Plan, Places, Ids, Diags, *P))
      return nullptr;
    if (!chooseStorage(PM, CI, Diags, *P))
      return nullptr;
    findLaneStrips(*P);
    findInteriorTiles(PM, *P);
    planStripCells(*P);
    findRowReductions(PM, *P);
    lir::Target Tgt = lir::Target::standard();
    if (Opts.CpuChunkBytes)
      Tgt.Cpu.ChunkBytes = Opts.CpuChunkBytes;
    mapToTarget(*P, Tgt);
    planCpuRowPush(PM, Splits, *P);
    chooseRingStorage(*P);
    chooseIndexWidth(*P);
    chooseProductWidth(*P);
    planTraceback(*P);
    countWork(PM, *P);
  } catch (const isl::exception_quota &) {
    Diags.error(islBudgetMessage(PM.ctx(), "too complex to compile",
                                 "lowering '" + M.Name + "'"));
    return nullptr;
  } catch (const isl::exception &E) {
    // A raw isl call of Poly/Isl.cpp that ran out of budget returns null;
    // the next call throws on that null.
    if (islBudgetExceeded(PM.ctx())) {
      Diags.error(islBudgetMessage(PM.ctx(), "too complex to compile",
                                   "lowering '" + M.Name + "'"));
      return nullptr;
    }
    DPC_ICE(llvm::Twine("isl failed while lowering '") + M.Name + "': " +
            E.what());
  }
  return P;
}
