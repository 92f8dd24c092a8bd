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
    // Each tiled group starts a tile before its products and cells.
    for (size_t G = 0; G < Plan.Groups.size(); ++G) {
      const GroupPlan &Gp = Plan.Groups[G];
      if (!Gp.Tiled || Gp.Signs.empty())
        continue;
      ProductPlacement TS;
      TS.Name = "TileStart" + std::to_string(G);
      TS.Id = lir::TileStartBase + static_cast<int>(G);
      TS.G = static_cast<int>(G);
      std::string T;
      for (unsigned D = 0; D < Gp.Dims; ++D)
        T += (D ? ", t" : "t") + std::to_string(D);
      isl::union_map Tiles = Plan.tileOf(PM, static_cast<int>(G));
      isl::union_set Dom(PM.ctx(), "{ }");
      for (int S : Gp.Stmts)
        Dom = Dom.unite(isl::union_set(PM.statements()[S].Domain));
      isl::union_map Name = islParse<isl::union_map>(
          PM.ctx(), "{ [" + T + "] -> " + TS.Name + "[" + T + "] }");
      isl::union_map CellToStart = Tiles.intersect_domain(Dom).apply_range(Name);
      TS.Domain = CellToStart.range().extract_set(
          islParse<isl::set>(PM.ctx(), PM.paramTuple() + " -> { " + TS.Name +
                                           "[" + T + "] }")
              .space());
      TS.Reads = isl::union_map(PM.ctx(), "{ }");
      TS.Feeds = CellToStart.reverse();
      Places.push_back(TS);
    }
    for (size_t S = 0; S < Splits.size(); ++S) {
      Places.push_back(Splits[S].Place);
      Places.back().Id = lir::ProductStmtBase + static_cast<int>(S);
    }
    if (!buildLoopTrees(PM, Plan, Places, Ids, Diags, *P))
      return nullptr;
    if (!chooseStorage(PM, CI, Diags, *P))
      return nullptr;
    chooseCpuProductOrder(*P);
  } catch (const isl::exception &E) {
    DPC_ICE(llvm::Twine("isl failed while lowering '") + M.Name + "': " +
            E.what());
  }
  return P;
}
