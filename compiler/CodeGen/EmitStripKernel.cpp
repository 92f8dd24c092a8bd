//===- EmitStripKernel.cpp - a strip kernel of the GPU plan as CUDA -------===//
//
// Prints a kernel of family Strip (LIR/TargetPlan.h): one warp per tile of
// a wavefront step of an alignment-like group. Lane l owns LaneRows
// consecutive rows (band member 0) of the tile and walks the tile's
// columns (member 1) one step behind lane l - 1: at step s it computes
// column s - l. Per table of the group it keeps its rows' cells of the
// step before and of this step in registers, and takes the last row of
// lane l - 1 for the row above with a shuffle at each step (and the one of
// the step before for the diagonal). The tile's boundary (the row above
// it, into shared memory, and each row's cell left of it, into registers)
// is read once before the steps, so no step waits on memory for a
// neighbour. Every cell is stored in its table (other groups, the
// traceback and the next tiles read it). On the tiles where isl proved
// that the whole box lies in one case of every table
// (Group::InteriorGuard) the cells run that case directly; elsewhere each
// cell checks the domain and runs its table's cases in order, as
// `st_stmt_` statements.
//
// Pipelined (GpuKernel::Pipelined) a warp owns a whole strip of tiles and
// sweeps its columns: lane l computes strip column S - l at step S across
// tile boundaries (no drain and refill per tile). Every SyncCols columns
// lane 0 waits for the strip above to publish that chunk of its bottom
// row, the warp reads it into shared memory, and when lane 31 finishes a
// chunk the warp publishes it. The steps where every lane lies in an
// interior tile run as their own loop without guards; in a strip with no
// interior block (GpuKernel::RowDecidedRuns), the steps where every lane
// lies in a run of row-decided blocks (Group::RowBlockGuard) run as that
// loop with each lane's rows' arms and domain flags chosen at the run's
// start instead of tested per cell.
//
// Branch-free (GpuKernel::BranchFree, Group::BranchFree) the cells are
// printed inline instead of as `st_stmt_` calls: the input elements a row
// reads are read once per strip and those a column reads once per step
// (Group::StripLeaves), every arm of a table's cases is evaluated from
// registers, hoisted leaves and guarded reads, and a select takes the arm
// whose guard holds, so that boundary strips and tiles run the same
// straight-line code as interior ones; checks set a flag per lane,
// reported when the strip is done. With GpuKernel::Sentinels, int cells
// whose values may be infinite compute in int32 with the infinities as the
// stored sentinels (ValueEmitter::emitSentinel32), checked only at the
// store (dpc::keep_lane32_flag). Staged (GpuKernel::StageStores) a
// cell goes into a shared-memory ring of two sync chunks, and when a chunk
// is published the warp writes it back a row at a time, the lanes on
// consecutive columns.
//
//===----------------------------------------------------------------------===//
#include "CodeGen/Emitters.h"
#include "CodeGen/EmitUtil.h"

#include "Basic/Diagnostics.h"

#include <array>
#include <functional>
#include <map>
#include <set>

using namespace dpc;
using namespace dpc::lir;

void dpc::emitStripKernel(const Program &P, int KI, CodeWriter &W) {
  const ModuleInfo &M = P.M;
  const GpuKernel &K = P.Gpu.Kernels[KI];
  const Group &G = P.Groups[K.Group];
  const int R = K.LaneRows;
  const int64_t Rows = G.TileSizes[0], Cols = G.TileSizes[1];
  const int Lanes = K.Threads;
  // The type of the kernel's index arithmetic: its template argument
  // dpc_ix (int32_t or int64_t, the host choosing per launch) where it has
  // an int32 instance (GpuKernel::Narrow), int64_t otherwise.
  const std::string IX = K.Narrow ? "dpc_ix" : "int64_t";
  // In a run with rolling rows: this cell is the output cell (dpc_os, see
  // the strip's start).
  const std::string OutputHere = fmt::format(
      "dpc_s == dpc_os && dpc_lane * {0} + dpc_r == dpc_orow", K.LaneRows);
  // In a run with rolling rows, the stores of cell dpc_v (indices X) of
  // ring table T: the strip's bottom row into ring row dpc_t0 % 2, and the
  // output cell.
  auto RingStores = [&](int T, const std::vector<IExprPtr> &X) {
    W.line("if (dpc_lane == {} && dpc_r == {}) dpc_t.{}[{}] = dpc_v;",
           K.Threads - 1, K.LaneRows - 1, P.Storages[T].Buffer,
           ringOffset(P, T, "dpc_t0 & 1", X[1]));
    emitRingOutputStore(P, T, OutputHere, "dpc_v", W);
  };
  // Pipelined branch-free kernels read the symbols of a column (the
  // group's column leaves) from a shared ring of two sync chunks, filled
  // for a chunk when lane 0 enters it (lane l at step S reads column S - l,
  // at most a chunk behind), instead of a global load per lane and step.
  const bool ColRing = K.Pipelined && K.BranchFree &&
                       (K.SyncCols & (K.SyncCols - 1)) == 0;
  // Table T's staging ring in the score-only instance: its two written-back
  // rows only (GpuKernel::RingStagesTwoRows).
  auto TwoRows = [&](int T) {
    return K.RingStagesTwoRows && P.Storages[T].Ring;
  };
  bool AnyRing = false, AllRing = true;
  for (int T : G.StripTables) {
    AnyRing |= P.Storages[T].Ring;
    AllRing &= P.Storages[T].Ring;
  }
  // The width of the shared row above: a tile's, or a sync chunk's.
  const int64_t TopCols = K.Pipelined ? K.SyncCols : Cols;
  std::vector<IExprPtr> Tile = tileStartArgs(*K.Body, K.Group);
  DPC_ASSERT(Tile.size() == 2, "strip kernel without the start of its tile");
  DPC_ASSERT(!K.Pipelined || (K.SyncCols > 0 && Cols % K.SyncCols == 0),
             "pipelined strip without a sync width dividing its tiles");
  W.line("const int dpc_lane = threadIdx.x;");
  // Branch-free cells: the locals holding hoisted input elements, by key.
  std::map<std::string, std::string> LeafNames;
  std::map<int, std::string> SharedScores;
  std::set<int> SentinelScores;
  std::map<std::tuple<int, int, std::string>, std::string> ScoreRowNames;
  if (K.BranchFree) {
    for (int Sc : K.SharedScores) {
      const ScoreInfo &Info = M.Scores[Sc];
      std::string Ty = isIntType(Info.Type) ? "int32_t" : evalType(Info.Type);
      std::string Arr = "dpc_ss_" + Info.Name;
      bool Inf = false;
      for (auto &V : Info.Lookup)
        Inf |= V.K != ScoreValue::Finite;
      W.comment("score " + Info.Name + " in shared memory" +
                (Inf ? " (-inf INT32_MIN, +inf INT32_MAX)" : ""));
      W.line("__shared__ {} {}[{}];", Ty, Arr, Info.Lookup.size());
      W.line("for (int dpc_k = dpc_lane; dpc_k < {}; dpc_k += {}) {}[dpc_k] = "
             "{}(dpc_score_{}_dev[dpc_k]);",
             Info.Lookup.size(), Lanes, Arr,
             Inf ? std::string("dpc::lane32_of") : Ty, Info.Name);
      SharedScores[Sc] = Arr;
      if (Inf)
        SentinelScores.insert(Sc);
    }
    if (!K.SharedScores.empty())
      W.line("__syncwarp();");
    W.comment("Checks of the cells this lane stores (runtime *_flag helpers), "
              "reported\nwhen the strip is done.");
    W.line("unsigned dpc_bad = 0;");
    if (K.DeferredChecks) {
      W.comment("The largest and smallest cell this lane computed (in the "
                "domain): their range\ncheck when the strip is done is every "
                "cell's (GpuKernel::DeferredChecks).");
      if (K.DeferredHigh)
        W.line("int32_t dpc_vhi = 0;");
      if (K.DeferredLow)
        W.line("int32_t dpc_vlo = 0;");
    }
  }
  // The strip's checks, reported when it is done (with the range check of
  // the lane's extremes, GpuKernel::DeferredChecks).
  auto ReportFlags = [&] {
    if (!K.BranchFree)
      return;
    if (K.DeferredHigh)
      W.line("dpc::narrow_finite_flag32<int32_t>(dpc_vhi, dpc_bad);");
    if (K.DeferredLow)
      W.line("dpc::narrow_finite_flag32<int32_t>(dpc_vlo, dpc_bad);");
    W.line("dpc::report_flags(dpc_bad, dpc_err);");
  };
  // A hoisted leaf L for band members declared as dpc_m0 / dpc_m1: read
  // where its position lies inside the input (else 0, never chosen).
  auto LeafRead = [&](const StripLeaf &L) {
    const InputInfo &I = M.Inputs[L.Input];
    return fmt::format("({}) ? dpc::ro(dpc_in.{}[{}]) : {}(0)", iexpr(L.Guard),
                       I.Name, iexpr(L.Pos), inputElemType(I));
  };
  if (K.BranchFree)
    for (size_t LI = 0; LI < G.StripLeaves.size(); ++LI) {
      const StripLeaf &L = G.StripLeaves[LI];
      if (L.Lev != StripLeaf::Fixed)
        continue;
      std::string N = "dpc_lf" + std::to_string(LI);
      W.line("const {} {} = {}; // {}", inputElemType(M.Inputs[L.Input]), N,
             LeafRead(L), L.Key);
      LeafNames[L.Key] = N;
    }
  // The table indices of band cell (Mem0, Mem1) as `const IX` locals.
  auto declareIndices = [&](const TableInfo &Tab, const std::string &Mem0,
                            const std::string &Mem1) {
    return declareBandIndices(G, Tab, Mem0, Mem1, W, IX);
  };
  // Fused row reductions (GpuKernel::RowReductions): each of the lane's
  // rows keeps its running max (min) of Source's cells, dpc_rr_R[r],
  // updated where a cell of Source is computed and stored when the strip
  // is done (the value is a stored cell of the same type: no check).
  auto RowReductionsStart = [&] {
    for (const RowReduction &RR : K.RowReductions) {
      const TableInfo &Rt = M.Tables[RR.Table];
      W.comment(fmt::format("{}: the running {} of each of the lane's rows "
                            "of {}",
                            Rt.Name, redOpName(RR.Op),
                            M.Tables[RR.Source].Name));
      W.line("{} dpc_rr_{}[{}];", storeType(Rt.Type), Rt.Name, R);
      W.line("#pragma unroll");
      W.line("for (int dpc_r = 0; dpc_r < {}; ++dpc_r) dpc_rr_{}[dpc_r] = {};",
             R, Rt.Name, storedIdentityOf(RR.Op, Rt.Type));
    }
  };
  auto RowReductionsUpdate = [&](int T, const std::string &V) {
    for (const RowReduction &RR : K.RowReductions)
      if (RR.Source == T)
        W.line("if ({1} {2} dpc_rr_{0}[dpc_r]) dpc_rr_{0}[dpc_r] = {1};",
               M.Tables[RR.Table].Name, V, RR.Op == RedOp::Max ? ">" : "<");
  };
  auto RowReductionsStore = [&] {
    for (const RowReduction &RR : K.RowReductions) {
      W.comment(P.Stmts[RR.Stmt].EquationText +
                ": each of the lane's rows, now that the strip is done.");
      W.line("#pragma unroll");
      W.open(fmt::format("for (int dpc_r = 0; dpc_r < {}; ++dpc_r)", R));
      emitRowReductionStore(P, G, RR,
                            fmt::format("dpc_lo0 + {} * dpc_lane + dpc_r", R),
                            "dpc_rr_" + M.Tables[RR.Table].Name + "[dpc_r]", W);
      W.close();
    }
  };
  // A boundary cell of table T: cells outside the table's domain read as 0
  // (no statement reads them: the soundness proof). Pipelined: written by
  // another warp of this launch, read from L2.
  // Above: a cell of the row above the strip, which a table kept as two
  // rolling rows (lir::Storage::Ring, in a run with dpc_ring) has in the
  // strip above's ring row; it has no other (no sweep reads one: an error).
  auto Load = [&](int T, const std::vector<IExprPtr> &X, bool Above) {
    const TableInfo &Tab = M.Tables[T];
    const std::string Ty = storeType(Tab.Type);
    std::string Cell =
        fmt::format("dpc_t.{}[{}]", Tab.Name, cellOffset(P, T, X, false));
    if (K.Pipelined)
      Cell = "__ldcg(&" + Cell + ")";
    if (P.Storages[T].Ring) {
      DPC_ASSERT(K.Pipelined, "a ring table in a strip kernel not pipelined");
      Cell = Above ? fmt::format("(dpc_ring ? __ldcg(&dpc_t.{}[{}]) : {})",
                                 Tab.Name,
                                 ringOffset(P, T, "(dpc_t0 - 1) & 1", X[1]),
                                 Cell)
                   : fmt::format("(dpc_ring ? (dpc::fail(dpc_err, "
                                 "dpc::ErrRingRead), {}(0)) : {})",
                                 Ty, Cell);
    }
    return fmt::format("({}) ? {} : {}(0)", iexpr(domainGuard(M, T, X)), Cell,
                       Ty);
  };
  // The row above [From, From + TopCols) (band member 1 = dpc_lo1 + column)
  // into dpc_top_T, whose entry c + 1 is column From + c.
  auto LoadTop = [&](const std::string &From) {
    for (int T : G.StripTables) {
      const TableInfo &Tab = M.Tables[T];
      W.open(fmt::format(
          "for (int dpc_cc = dpc_lane - 1; dpc_cc < {}; dpc_cc += {})",
          TopCols, Lanes));
      auto X = declareIndices(Tab, "dpc_lo0 - 1",
                              "dpc_lo1 + " + From + " + dpc_cc");
      W.line("dpc_top_{}[dpc_cc + 1] = {};", Tab.Name, Load(T, X, true));
      W.close();
      // (lane 0 wrote entry 0 itself: its row above at the column before)
      W.line("if (dpc_lane == 0) dpc_up_{0} = dpc_top_{0}[0];", Tab.Name);
    }
  };
  // The boundary's declarations and each row's cell of column -1 (the
  // column before dpc_lo1), which starts each row's registers (cur): lane
  // l - 1's last row of the step before (up) and of two steps before
  // (upprev) come from it by the shuffles.
  auto Registers = [&] {
    for (int T : G.StripTables) {
      const TableInfo &Tab = M.Tables[T];
      std::string Ty = storeType(Tab.Type);
      W.comment(fmt::format(
          "{0}: the row above (dpc_top_{0}[c + 1] is column c of it); each "
          "row's cell of the\nstep before (cur), starting with column -1; "
          "lane l - 1's last row at the\nstep before (up) and two steps "
          "before (upprev).",
          Tab.Name));
      W.line("__shared__ {} dpc_top_{}[{}];", Ty, Tab.Name, TopCols + 1);
      W.line("{0} dpc_cur_{1}[{2}];", Ty, Tab.Name, R);
      W.line("{0} dpc_up_{1} = {0}(0), dpc_upprev_{1} = {0}(0);", Ty, Tab.Name);
      W.line("#pragma unroll");
      W.open(fmt::format("for (int dpc_r = 0; dpc_r < {}; ++dpc_r)", R));
      auto X = declareIndices(
          Tab, fmt::format("dpc_lo0 + {} * dpc_lane + dpc_r", R), "dpc_lo1 - 1");
      W.line("dpc_cur_{}[dpc_r] = {};", Tab.Name, Load(T, X, false));
      W.close();
    }
    if (!K.BranchFree)
      return;
    // The elements each of the lane's rows reads, once per strip.
    for (size_t LI = 0; LI < G.StripLeaves.size(); ++LI) {
      const StripLeaf &L = G.StripLeaves[LI];
      if (L.Lev != StripLeaf::Row)
        continue;
      std::string N = "dpc_lf" + std::to_string(LI);
      W.comment(L.Key + " of each row of the lane");
      W.line("{} {}[{}];", inputElemType(M.Inputs[L.Input]), N, R);
      W.line("#pragma unroll");
      W.open(fmt::format("for (int dpc_r = 0; dpc_r < {}; ++dpc_r)", R));
      W.line("const {} dpc_m0 = dpc_lo0 + {} * dpc_lane + dpc_r;", IX, R);
      W.line("{}[dpc_r] = {};", N, LeafRead(L));
      W.close();
      LeafNames[L.Key] = N + "[dpc_r]";
    }
    // Score rows (GpuKernel::ScoreRows): each of the lane's rows' entries
    // for every column symbol, a byte each in two registers.
    for (int I : K.ScoreRows) {
      const StripScoreRow &SR = G.StripScoreRows[I];
      const ScoreInfo &Sc = M.Scores[SR.Score];
      const size_t Syms =
          alphabetSymbols(Sc.Params[1 - SR.RowArg].second).size();
      std::string N = "dpc_sr" + std::to_string(I);
      std::string Row = LeafNames.at(G.StripLeaves[SR.RowLeaf].Key);
      std::string Args = SR.RowArg == 0 ? Row + ", int8_t(dpc_y)"
                                        : "int8_t(dpc_y), " + Row;
      auto Sh = SharedScores.find(SR.Score);
      W.comment(fmt::format("score {}'s entries for each row's {} and every "
                            "column symbol, a byte each (dpc::score_row8)",
                            Sc.Name, G.StripLeaves[SR.RowLeaf].Key));
      W.line("uint2 {}[{}];", N, R);
      W.line("#pragma unroll");
      W.open(fmt::format("for (int dpc_r = 0; dpc_r < {}; ++dpc_r)", R));
      W.line("{}[dpc_r] = make_uint2(0u, 0u);", N);
      W.line("for (int dpc_y = 0; dpc_y < {}; ++dpc_y)", Syms);
      W.line("  dpc::score_row8_put({}[dpc_r], dpc_y, int32_t({}));", N,
             Sh != SharedScores.end()
                 ? fmt::format("{}[score_{}_index({})]", Sh->second, Sc.Name,
                               Args)
                 : fmt::format("score_{}({})", Sc.Name, Args));
      W.close();
      ScoreRowNames[{SR.Score, SR.RowArg, G.StripLeaves[SR.RowLeaf].Key}] =
          N + "[dpc_r]";
    }
    if (ColRing)
      for (size_t LI = 0; LI < G.StripLeaves.size(); ++LI) {
        const StripLeaf &L = G.StripLeaves[LI];
        if (L.Lev != StripLeaf::Col)
          continue;
        std::string Ty = inputElemType(M.Inputs[L.Input]);
        W.comment(fmt::format("{} of the last two chunks of {} columns (column "
                              "c in slot c % {}; 0 before the first)",
                              L.Key, K.SyncCols, 2 * K.SyncCols));
        W.line("__shared__ {} dpc_cs{}[{}];", Ty, LI, 2 * K.SyncCols);
        W.line("for (int dpc_k = dpc_lane; dpc_k < {}; dpc_k += {}) "
               "dpc_cs{}[dpc_k] = {}(0);",
               2 * K.SyncCols, Lanes, LI, Ty);
      }
    if (K.StageStores)
      for (int T : G.StripTables) {
        const TableInfo &Tab = M.Tables[T];
        W.comment(fmt::format(
            "{}: this strip's cells of the last two chunks of {} columns, "
            "written back\nwhen a chunk is published (column c in slot c % {}).",
            Tab.Name, K.SyncCols, 2 * K.SyncCols));
        if (TwoRows(T))
          W.comment("(a score-only run, DPC_RING: the two rows it writes "
                    "back, slot 0 the bottom row,\nslot 1 the output's)");
        W.line("__shared__ {} dpc_stg_{}[{}][{}];", storeType(Tab.Type),
               Tab.Name,
               TwoRows(T) ? fmt::format("DPC_RING ? 2 : {}", Rows)
                          : std::to_string(Rows),
               2 * K.SyncCols + 1);
      }
  };
  // A step's start: each table's last row of lane l - 1, this step's and
  // the step before's (the row above and its diagonal), and the step's row
  // registers.
  auto Shuffles = [&] {
    W.comment("Every lane shuffles at every step (the whole warp takes part).");
    for (int T : G.StripTables) {
      const std::string &N = M.Tables[T].Name;
      std::string Ty = storeType(M.Tables[T].Type);
      W.line("dpc_upprev_{0} = dpc_up_{0};", N);
      W.line("dpc_up_{0} = dpc_shfl_up(dpc_cur_{0}[{1}]);", N, R - 1);
      W.line("{} dpc_next_{}[{}];", Ty, N, R);
    }
  };
  // One step S (dpc_s) of the lanes: lane l computes column dpc_c = S - l
  // (from dpc_lo1) of its rows. ColEnd: the columns (a bound dpc_c must lie
  // under; empty: every lane's column is known to be in range). TopAt: the
  // column's entry in dpc_top (minus one). Interior: every lane's cell lies
  // in an interior tile (Group::InteriorGuard): it runs that case, no guard.
  // The step's new rows become the lane's current ones.
  auto Advance = [&] {
    W.line("#pragma unroll");
    W.open(fmt::format("for (int dpc_r = 0; dpc_r < {}; ++dpc_r)", R));
    for (int T : G.StripTables)
      W.line("dpc_cur_{0}[dpc_r] = dpc_next_{0}[dpc_r];", M.Tables[T].Name);
    W.close();
  };
  auto Step = [&](bool Interior, const std::string &ColEnd,
                  const std::string &TopAt) {
    Shuffles();
    W.line("#pragma unroll");
    W.open(fmt::format("for (int dpc_r = 0; dpc_r < {}; ++dpc_r)", R));
    for (int T : G.StripTables)
      W.line("dpc_next_{0}[dpc_r] = dpc_cur_{0}[dpc_r];", M.Tables[T].Name);
    W.line("const int dpc_c = dpc_s - dpc_lane;");
    if (!ColEnd.empty())
      W.line("if (dpc_c < 0 || dpc_c >= {}) continue;", ColEnd);
    W.line("const int dpc_cp = int({});", TopAt);
    W.line("const int dpc_rm = dpc_r > 0 ? dpc_r - 1 : 0;");
    // Row r - 1's cell of this column was computed at this step (next), of
    // the column before at the step before (cur); lane 0's row above comes
    // from the shared row above the strip.
    for (int T : G.StripTables) {
      const std::string &N = M.Tables[T].Name;
      std::string Ty = storeType(M.Tables[T].Type);
      W.line("dpc::StripNb<{}> dpc_nb_{};", Ty, N);
      W.line("dpc_nb_{0}.here = {1}(0);", N, Ty);
      W.line("dpc_nb_{0}.has_up = dpc_nb_{0}.has_left = dpc_nb_{0}.has_diag = "
             "true;",
             N);
      W.line("dpc_nb_{0}.up = dpc_r > 0 ? dpc_next_{0}[dpc_rm] : dpc_lane > 0 ? "
             "dpc_up_{0} : dpc_top_{0}[dpc_cp + 1];",
             N);
      W.line("dpc_nb_{0}.left = dpc_cur_{0}[dpc_r];", N);
      W.line("dpc_nb_{0}.diag = dpc_r > 0 ? dpc_cur_{0}[dpc_rm] : dpc_lane > 0 ? "
             "dpc_upprev_{0} : dpc_top_{0}[dpc_cp];",
             N);
    }
    // Each table's cell, in the order a cell computes them.
    std::string Nbs;
    for (int T : G.StripTables)
      Nbs += ", dpc_nb_" + M.Tables[T].Name;
    for (size_t TI = 0; TI < G.StripTables.size(); ++TI) {
      const int T = G.StripTables[TI];
      const TableInfo &Tab = M.Tables[T];
      std::string Ty = storeType(Tab.Type);
      W.open("");
      auto X = declareIndices(
          Tab, fmt::format("dpc_lo0 + {} * dpc_lane + dpc_r", R),
          "dpc_lo1 + dpc_c");
      W.open(Interior ? std::string("")
                      : "if (" + iexpr(domainGuard(M, T, X)) + ")");
      W.line("{} dpc_v = {}(0);", Ty, Ty);
      const bool Ring = P.Storages[T].Ring;
      auto Call = [&](int S) {
        return fmt::format("dpc_v = st_stmt_{}(dpc_p, dpc_in, dpc_t, {}, {}{}, "
                           "dpc_err{});",
                           P.Stmts[S].Name, Tab.Indices[0], Tab.Indices[1], Nbs,
                           Ring ? ", !dpc_ring" : "");
      };
      const VExpr &Body = *P.TableBodies[T];
      if (Interior) {
        W.text(Call(G.InteriorStmts[TI]));
      } else if (Body.K != VExpr::Cases) {
        int S = P.stmtOfArm(T, -1);
        DPC_ASSERT(S >= 0, "strip table without its statement");
        W.text(Call(S));
      } else {
        for (size_t A = 0; A < Body.Guards.size(); ++A) {
          int S = P.stmtOfArm(T, static_cast<int>(A));
          std::string Head = !Body.Guards[A] ? "else"
                             : A == 0 ? "if (" + iexpr(Body.Guards[A]) + ")"
                                      : "else if (" + iexpr(Body.Guards[A]) + ")";
          W.line("{} {{ {} }}", Head, S >= 0 ? Call(S) : "/* no cells */");
          if (!Body.Guards[A])
            break;
        }
      }
      if (Ring) {
        // (a run with rolling rows: the statement did not store the cell)
        W.open("if (dpc_ring)");
        RingStores(T, X);
        W.close();
      }
      W.line("dpc_next_{}[dpc_r] = dpc_v;", Tab.Name);
      W.line("dpc_nb_{}.here = dpc_v;", Tab.Name);
      RowReductionsUpdate(T, "dpc_v");
      W.close();
      W.close();
    }
    W.close();
    Advance();
  };
  // Set while the steps of a row-decided run are printed
  // (GpuKernel::RowDecidedRuns): each cell's arm and whether it lies in
  // the domain are the lane's flags for its row (dpc_rc_*, dpc_rin_*), set
  // at the run's start.
  bool RowDecided = false;
  // Set while the steps of a whole chunk are printed: lane 0's entry in
  // dpc_top_* (its column in the chunk plus one), from a loop counter or a
  // constant, so that its read of the row above needs no index arithmetic.
  std::string Lane0Top;
  // One step of branch-free cells (K.BranchFree): as Step, with the cells
  // inline. Interior: one arm per table, every lane's cell in the domain.
  auto StepBranchFree = [&](bool Interior, const std::string &ColEnd,
                            const std::string &TopAt) {
    Shuffles();
    W.line("const int dpc_c = dpc_s - dpc_lane;");
    W.line("const bool dpc_on = {};",
           ColEnd.empty() ? std::string("true")
                          : "dpc_c >= 0 && dpc_c < " + ColEnd);
    // Lane 0's entry in the shared row above (only where a whole chunk's
    // loop counter does not give it). A masked column is always inside the
    // row; any other is kept inside it for the lanes that fill or drain the
    // pipeline.
    if (!Lane0Top.empty())
      ;
    else if (TopAt.find('&') != std::string::npos)
      W.line("const int dpc_cp = int({});", TopAt);
    else
      W.line("const int dpc_cp = dpc_on ? int({}) : 0;", TopAt);
    bool AnyCol = false;
    for (size_t LI = 0; LI < G.StripLeaves.size(); ++LI) {
      const StripLeaf &L = G.StripLeaves[LI];
      if (L.Lev != StripLeaf::Col)
        continue;
      std::string N = "dpc_lf" + std::to_string(LI);
      LeafNames[L.Key] = N;
      if (ColRing) {
        W.line("const {} {} = dpc_cs{}[dpc_c & {}]; // {}",
               inputElemType(M.Inputs[L.Input]), N, LI, 2 * K.SyncCols - 1,
               L.Key);
        continue;
      }
      if (!AnyCol)
        W.line("const {} dpc_m1 = dpc_lo1 + dpc_c;", IX);
      AnyCol = true;
      W.line("const {} {} = {}; // {}", inputElemType(M.Inputs[L.Input]), N,
             LeafRead(L), L.Key);
    }
    // Lane 0's row above this column, from the shared row above the strip;
    // its diagonal is the one of the step before (dpc_upprev), as for the
    // other lanes: one read of the shared row per step, not two.
    for (int T : G.StripTables)
      W.line("if (dpc_lane == 0) dpc_up_{0} = dpc_top_{0}[{1}];",
             M.Tables[T].Name, Lane0Top.empty() ? "dpc_cp + 1" : Lane0Top);
    W.line("#pragma unroll");
    W.open(fmt::format("for (int dpc_r = 0; dpc_r < {}; ++dpc_r)", R));
    W.line("const int dpc_rm = dpc_r > 0 ? dpc_r - 1 : 0;");
    // The neighbours: row r - 1 of this column (computed at this step),
    // this row of the column before (the step before), their diagonal.
    ValueStyle VS;
    VS.UseSplits = false;
    VS.Strip = &G;
    VS.Leaves = &LeafNames;
    VS.Speculative = true;
    VS.SharedScores = SharedScores;
    VS.SentinelScores = SentinelScores;
    VS.ScoreRows = ScoreRowNames;
    // (only the neighbours some arm of this step reads)
    std::set<std::array<int, 3>> Read;
    for (size_t TI = 0; TI < G.StripTables.size(); ++TI) {
      const int T = G.StripTables[TI];
      std::vector<int> Ss =
          Interior ? std::vector<int>{G.InteriorStmts[TI]} : P.armsOf(T);
      std::function<void(const VExpr &)> Walk = [&](const VExpr &E) {
        if (E.K == VExpr::Load)
          if (auto R = P.stripRead(G, M.Tables[T].Indices, E))
            Read.insert({R->Table, R->D0, R->D1});
        for (auto &Kid : E.Kids)
          Walk(*Kid);
      };
      for (int S : Ss)
        if (S >= 0)
          Walk(*P.Stmts[S].Body);
    }
    for (int T : G.StripTables) {
      const std::string &N = M.Tables[T].Name;
      std::string Ty = storeType(M.Tables[T].Type);
      if (Read.count({T, 1, 0}))
        W.line("const {0} dpc_u_{1} = dpc_r > 0 ? dpc_next_{1}[dpc_rm] : "
               "dpc_up_{1};",
               Ty, N);
      if (Read.count({T, 0, 1}))
        W.line("const {0} dpc_l_{1} = dpc_cur_{1}[dpc_r];", Ty, N);
      if (Read.count({T, 1, 1}))
        W.line("const {0} dpc_d_{1} = dpc_r > 0 ? dpc_cur_{1}[dpc_rm] : "
               "dpc_upprev_{1};",
               Ty, N);
      W.line("{} dpc_v_{};", Ty, N);
      VS.StripRegs[{T, 1, 0}] = "dpc_u_" + N;
      VS.StripRegs[{T, 0, 1}] = "dpc_l_" + N;
      VS.StripRegs[{T, 1, 1}] = "dpc_d_" + N;
      VS.StripRegs[{T, 0, 0}] = "dpc_v_" + N;
    }
    for (size_t TI = 0; TI < G.StripTables.size(); ++TI) {
      const int T = G.StripTables[TI];
      const TableInfo &Tab = M.Tables[T];
      std::string Ty = storeType(Tab.Type);
      W.open("");
      auto X = declareIndices(
          Tab, fmt::format("dpc_lo0 + {} * dpc_lane + dpc_r", R),
          "dpc_lo1 + dpc_c");
      VS.StripIndices = Tab.Indices;
      // The arms: (guard, statement); an arm without cells is never chosen.
      std::vector<std::pair<IExprPtr, int>> Arms;
      const VExpr &Body = *P.TableBodies[T];
      if (Interior) {
        Arms.push_back({nullptr, G.InteriorStmts[TI]});
      } else {
        std::vector<int> Ss = P.armsOf(T);
        for (size_t A = 0; A < Ss.size(); ++A)
          Arms.push_back(
              {Body.K == VExpr::Cases ? Body.Guards[A] : nullptr, Ss[A]});
      }
      std::vector<std::string> Vals, Flags;
      int StoreStmt = -1;
      for (size_t A = 0; A < Arms.size(); ++A) {
        int S = Arms[A].second;
        if (S < 0) {
          Vals.push_back(Ty + "(0)");
          Flags.push_back("0u");
          continue;
        }
        if (StoreStmt < 0)
          StoreStmt = S;
        std::string F = fmt::format("dpc_f{}", A);
        std::string A2 = fmt::format("dpc_a{}", A);
        W.comment(P.Stmts[S].EquationText);
        W.line("unsigned {} = 0;", F);
        W.line("{} {};", Ty, A2);
        W.open("");
        VS.FlagVar = F;
        ValueEmitter VE(P, VS, W);
        const VExpr &Body = *P.Stmts[S].Body;
        if (Tab.Type == ScalarType::Int32 && evaluatesInInt32(P, Body)) {
          // int32 all the way: the store's check on the int32 value
          std::string V = VE.emitInInt32(Body);
          if (K.DeferredChecks) // (checked on the lane's extremes)
            W.line("{} = {};", A2, V);
          else
            W.line("{} = dpc::narrow_finite_flag32<int32_t>({}, {});", A2, V,
                   F);
        } else if (K.Sentinels && Tab.Type == ScalarType::Int32) {
          // int32 with the infinities as the stored sentinels: the
          // store's check only
          std::string V = VE.emitSentinel32(Body);
          W.line("{} = dpc::keep_lane32_flag({}, {});", A2, V, F);
        } else {
          std::string V = VE.emit(Body);
          W.line("{} = {};", A2,
                 isIntType(Tab.Type)
                     ? fmt::format("dpc::narrow_finite_flag<{}>({}, {})", Ty, V,
                                   F)
                     : fmt::format("{}(dpc::checkf_flag({}, {}))", Ty, V, F));
        }
        W.close();
        Vals.push_back(A2);
        Flags.push_back(F);
      }
      DPC_ASSERT(StoreStmt >= 0, "a strip table without cells");
      // The first arm whose guard holds.
      std::string Val = Arms.back().first ? Ty + "(0)" : Vals.back();
      std::string Flag = Arms.back().first ? "0u" : Flags.back();
      for (size_t A = Arms.back().first ? Arms.size() : Arms.size() - 1;
           A-- > 0;) {
        std::string Gd =
            RowDecided ? fmt::format("dpc_rc_{}_{}[dpc_r]", Tab.Name, A)
                       : iexpr(Arms[A].first);
        Val = "(" + Gd + ") ? " + Vals[A] + " : " + Val;
        Flag = "(" + Gd + ") ? " + Flags[A] + " : " + Flag;
      }
      W.line("dpc_v_{} = {};", Tab.Name, Val);
      // (interior: every lane whose column lies in the tile or strip is in
      // the domain; the others only fill or drain the lane pipeline)
      std::string Dom = Interior     ? std::string("dpc_on")
                        : RowDecided ? "dpc_rin_" + Tab.Name + "[dpc_r]"
                                     : "dpc_on && " + iexpr(domainGuard(M, T, X));
      W.open("if (" + Dom + ")");
      W.line("dpc_bad |= {};", Flag);
      if (K.DeferredHigh)
        W.line("dpc_vhi = dpc::vmax(dpc_vhi, dpc_v_{});", Tab.Name);
      if (K.DeferredLow)
        W.line("dpc_vlo = dpc::vmin(dpc_vlo, dpc_v_{});", Tab.Name);
      RowReductionsUpdate(T, "dpc_v_" + Tab.Name);
      if (!K.StageStores) {
        W.line("const {} dpc_v = dpc_v_{};", Ty, Tab.Name);
        if (P.Storages[T].Ring) {
          // (a run with rolling rows: the strip's bottom row only)
          W.open("if (!dpc_ring)");
          emitCellStores(P, StoreStmt, X, "dpc_t", false, W);
          W.close();
          W.open("else");
          RingStores(T, X);
          W.close();
        } else {
          emitCellStores(P, StoreStmt, X, "dpc_t", false, W);
        }
      }
      W.close();
      if (K.StageStores) {
        // (a run with rolling rows writes back the strip's bottom row and
        // the output cell only: only they are staged, the bottom row in
        // slot 0 and the output's row in slot 1, each store with a constant
        // row of the ring)
        const std::string On = ColEnd.empty() ? "" : "dpc_on && ";
        const std::string Col = fmt::format("[dpc_c & {}] = dpc_v_{};",
                                            2 * K.SyncCols - 1, Tab.Name);
        DPC_ASSERT(TwoRows(T) || !P.Storages[T].Ring,
                   "a staged table kept as rolling rows staging every row");
        // (every row of the tile, where no rolling rows are kept)
        const std::string EveryRow =
            fmt::format("{}dpc_stg_{}[{} * dpc_lane + dpc_r]{}",
                        On.empty() ? "" : "if (dpc_on) ", Tab.Name, R, Col);
        if (!TwoRows(T)) {
          W.line("{}", EveryRow);
        } else {
          W.open("if (!dpc_ring)");
          W.line("{}", EveryRow);
          W.close();
          W.open("else");
          W.line("if ({}dpc_lane == {} && dpc_r == {}) dpc_stg_{}[0]{}", On,
                 Lanes - 1, R - 1, Tab.Name, Col);
          if (P.Storages[T].RingOutput)
            W.line("if ({}dpc_lane * {} + dpc_r == dpc_orow) dpc_stg_{}[1]{}",
                   On, R, Tab.Name, Col);
          W.close();
        }
      }
      W.line("dpc_next_{0}[dpc_r] = dpc_on ? dpc_v_{0} : dpc_cur_{0}[dpc_r];",
             Tab.Name);
      W.close();
    }
    W.close();
    Advance();
  };
  auto AnyStep = [&](bool Interior, const std::string &ColEnd,
                     const std::string &TopAt) {
    if (K.BranchFree)
      StepBranchFree(Interior, ColEnd, TopAt);
    else
      Step(Interior, ColEnd, TopAt);
  };
  std::map<std::string, IExprPtr> TileSub = {{"dpc_t0", Tile[0]},
                                             {"dpc_t1", Tile[1]}};
  if (!K.Pipelined) {
    // One tile: its boundary, then its steps.
    W.comment(fmt::format(
        "The tile: band members [dpc_lo0, dpc_lo0 + {0}) x [dpc_lo1, dpc_lo1 + "
        "{1}).\nLane l owns rows dpc_lo0 + {2} * l + r (r < {2}); row r computes "
        "column\nc = s - l at step s. The tile's boundary is read once before "
        "the steps.",
        Rows, Cols, R));
    W.line("const {} dpc_lo0 = {} * ({});", IX, Rows, iexpr(Tile[0]));
    W.line("const {} dpc_lo1 = {} * ({});", IX, Cols, iexpr(Tile[1]));
    Registers();
    LoadTop("0");
    W.line("__syncwarp();");
    auto Steps = [&](bool Interior) {
      W.open(fmt::format("for (int dpc_s = 0; dpc_s < {}; ++dpc_s)",
                         Cols + Lanes - 1));
      AnyStep(Interior, std::to_string(Cols), "dpc_c");
      W.close();
    };
    if (G.InteriorGuard) {
      W.comment("The tile lies in one case of every table (isl): no guards.");
      W.open("if (" + iexpr(substitute(G.InteriorGuard, TileSub)) + ")");
      Steps(true);
      W.close();
      W.open("else");
      Steps(false);
      W.close();
    } else {
      Steps(false);
    }
    ReportFlags();
    return;
  }
  // Pipelined: the warp's strip, swept.
  const int64_t Q = Cols / K.SyncCols;
  const std::string &C0 = K.WaveIter, &C1 = K.TileIter;
  // Steps from lane 0 entering a column to the last lane entering it.
  const int Depth = Lanes - 1;
  W.comment(fmt::format(
      "Pipelined: this warp's strip dpc_t0 = {0} - {1} (its tiles {1} in "
      "[dpc_f, dpc_l], in the\nwavefront steps {0} = dpc_t0 + {1}), swept "
      "column by column: lane l computes\nstrip column S - l at step S. "
      "Progress (steps from the first, {2} chunks of\n{3} columns per step) "
      "is published per chunk of the strip's bottom row; before\na chunk lane "
      "0 waits until the strip above (this problem's strip dpc_t0 - 1, item\n"
      "dpc_up, if any) has published the same columns.",
      C0, C1, Q, K.SyncCols));
  W.line("volatile int *const dpc_flags = dpc_pipe + 1;");
  W.line("const int dpc_up = int(dpc_item[2]);");
  W.line("const bool dpc_above = dpc_up >= 0;");
  W.line("const {} dpc_w0 = {};", IX, iexpr(K.WaveLo));
  W.line("{} dpc_f = 0, dpc_l = -1;", IX);
  W.open(fmt::format("for ({2} {0} = dpc_w0; {0} <= {1}; ++{0})", C0,
                     iexpr(K.WaveHi), IX));
  W.line("const {} {} = {} - dpc_t0;", IX, C1, C0);
  W.line("if ({0} < {1} || {0} > {2}) continue;", C1, iexpr(K.TileLo),
         iexpr(K.TileHi));
  W.line("if (dpc_l < dpc_f) dpc_f = {};", C1);
  W.line("dpc_l = {};", C1);
  W.close();
  W.open("if (dpc_f <= dpc_l)");
  W.comment(fmt::format(
      "Band members [dpc_lo0, dpc_lo0 + {0}) x [dpc_lo1, dpc_lo1 + dpc_ncols); "
      "lane l owns\nrows dpc_lo0 + {1} * l + r (r < {1}).",
      Rows, R));
  W.line("const {} dpc_lo0 = {} * dpc_t0;", IX, Rows);
  W.line("const {} dpc_lo1 = {} * dpc_f;", IX, Cols);
  // The strip's columns fit an int: its tables would need more memory than
  // any device has otherwise.
  W.line("const int dpc_ncols = int({} * (dpc_l - dpc_f + 1));", Cols);
  W.line("const int dpc_send = dpc_ncols + {};", Depth);
  // The interior tiles' steps.
  if (G.InteriorGuard) {
    // Blocks of B columns (Group::InteriorBlockGuard), NB of them per tile.
    const int64_t B = G.InteriorCols, NB = Cols / B;
    // Block dpc_b of the strip: its tile c1 (wavefront step c0) and its
    // index dpc_b1 along the band's columns.
    const std::vector<std::string> BlockSetup = {
        fmt::format("const {} {} = dpc_f + dpc_b / {};", IX, C1, NB),
        fmt::format("const {} {} = dpc_t0 + {};", IX, C0, C1),
        fmt::format("const {} dpc_b1 = {} + dpc_b % {};", IX,
                    iexpr(IExpr::num(NB) * Tile[1]), NB)};
    const std::map<std::string, IExprPtr> BlockSub = {
        {"dpc_t0", Tile[0]}, {"dpc_t1", IExpr::var("dpc_b1")}};
    std::vector<std::string> InteriorSetup = BlockSetup;
    InteriorSetup.push_back("const bool dpc_inner = " +
                            iexpr(substitute(G.InteriorBlockGuard, BlockSub)) +
                            ";");
    emitInteriorBlockRun(G, fmt::format("{} * (dpc_l - dpc_f + 1)", NB),
                         InteriorSetup, "dpc_inner", W, IX);
    if (K.RowDecidedRuns) {
      W.comment(fmt::format(
          "No interior block (a boundary row): the first run of blocks where "
          "each cell's case\ndepends on its row alone (isl), each block's "
          "rows in the same cases as the\nblock before's: the steps [dpc_fa, "
          "dpc_fb) where every lane is in it test no\ncolumn; the lanes' "
          "rows' cases are chosen once, at column {} * dpc_i0.",
          B));
      W.line("bool dpc_rd = false;");
      W.open("if (dpc_i0 == dpc_nb)");
      W.open(fmt::format("for ({} dpc_b = 0; dpc_b < dpc_nb; ++dpc_b)", IX));
      for (const std::string &L : BlockSetup)
        W.line("{}", L);
      W.open("if (dpc_i0 == dpc_nb)");
      W.line("if ({}) dpc_i0 = dpc_b;",
             iexpr(substitute(G.RowBlockGuard, BlockSub)));
      W.close();
      W.open("else if (!(" + iexpr(substitute(G.RowBlockSameGuard, BlockSub)) +
             "))");
      W.line("dpc_i1 = dpc_b;");
      W.line("break;");
      W.close();
      W.close();
      W.line("dpc_rd = dpc_i0 < dpc_nb;");
      W.close();
    }
    W.line("const int dpc_fa = int(dpc_min(dpc_send, {} * dpc_i0 + {}));", B,
           Depth);
    W.line("const int dpc_fb = int(dpc_max(dpc_fa, {} * dpc_i1));", B);
    if (K.RowDecidedRuns) {
      W.comment("Over a row-decided run: each of the lane's rows' arm (the "
                "first whose guard\nholds) and whether it lies in the "
                "domain, at the run's first column.");
      for (int T : G.StripTables) {
        const std::string &N = M.Tables[T].Name;
        const VExpr &Body = *P.TableBodies[T];
        for (size_t A = 0; A < P.armsOf(T).size(); ++A)
          if (Body.K == VExpr::Cases && Body.Guards[A])
            W.line("bool dpc_rc_{}_{}[{}];", N, A, R);
        W.line("bool dpc_rin_{}[{}];", N, R);
      }
      W.line("#pragma unroll");
      W.open(fmt::format("for (int dpc_r = 0; dpc_r < {}; ++dpc_r)", R));
      for (int T : G.StripTables) {
        const TableInfo &Tab = M.Tables[T];
        const VExpr &Body = *P.TableBodies[T];
        W.open("");
        auto X = declareIndices(
            Tab, fmt::format("dpc_lo0 + {} * dpc_lane + dpc_r", R),
            fmt::format("dpc_lo1 + {} * dpc_i0", B));
        for (size_t A = 0; A < P.armsOf(T).size(); ++A)
          if (Body.K == VExpr::Cases && Body.Guards[A])
            W.line("dpc_rc_{}_{}[dpc_r] = {};", Tab.Name, A,
                   iexpr(Body.Guards[A]));
        W.line("dpc_rin_{}[dpc_r] = {};", Tab.Name,
               iexpr(domainGuard(M, T, X)));
        W.close();
      }
      W.close();
    }
  }
  if (ringKeepsOutput(P, G)) {
    std::vector<std::string> OM = outputMembers(P, G);
    W.comment(fmt::format(
        "The output cell: row dpc_orow, column dpc_ocol of this strip, "
        "computed by lane\ndpc_orow / {0} (its row dpc_orow % {0}) at step "
        "dpc_os (-1: not in this strip).",
        R));
    W.line("const {} dpc_orow = {} - dpc_lo0, dpc_ocol = {} - dpc_lo1;", IX,
           OM[0], OM[1]);
    W.line("const int dpc_os = dpc_orow >= 0 && dpc_orow < {} && dpc_ocol >= 0 "
           "&& dpc_ocol < dpc_ncols ? int(dpc_ocol + dpc_orow / {}) : -1;",
           Rows, R);
  }
  if (AnyRing) {
    W.comment("DPC_RING (the kernel's template argument, Params::dpc_ring): "
              "a run that reads no\ncell of the ring tables afterwards keeps "
              "two rows of them, the bottom rows of\nthis strip (row dpc_t0 "
              "% 2) and of the strip above.");
    W.line("constexpr bool dpc_ring = DPC_RING;");
  }
  Registers();
  RowReductionsStart();
  // Lane 0 enters a chunk: the wait on the strip above and the chunk's
  // boundary (the whole warp waits, sleeping: no lanes busy at a
  // __syncwarp beside one polling).
  auto EnterChunk = [&] {
    W.open(fmt::format("if (dpc_s % {} == 0 && dpc_s < dpc_ncols)", K.SyncCols));
    W.comment(K.WarpWaits ? "Lane 0 enters a chunk: the warp waits for the "
                            "strip above's bottom row of it,\nthen reads it."
                          : "Lane 0 enters a chunk: wait for the strip "
                            "above's bottom row of it, read it.");
    W.open("if (dpc_above)");
    if (!K.WarpWaits)
      W.open("if (dpc_lane == 0)");
    W.line("const int dpc_need = int((dpc_t0 - 1 + dpc_f + dpc_s / {} - "
           "dpc_w0) * {} + dpc_s % {} / {} + 1);",
           Cols, Q, Cols, K.SyncCols);
    W.line("long long dpc_spin = 0;");
    if (K.WarpWaits) {
      W.comment("(acquire: this lane's reads of the row above come after)");
      W.open("while (dpc::ld_acquire(&dpc_flags[dpc_up]) < dpc_need)");
    } else {
      W.open("while (dpc_flags[dpc_up] < dpc_need)");
    }
    W.line("__nanosleep(64);");
    W.comment("about 10 s: a bug, never a legal wait");
    W.open("if (++dpc_spin > (1ll << 27))");
    W.line("dpc::fail(dpc_err, dpc::ErrStalled);");
    W.line("break;");
    W.close();
    W.close();
    if (!K.WarpWaits) {
      W.line("__threadfence();");
      W.close();
    }
    W.close();
    W.line("__syncwarp();");
    LoadTop("dpc_s");
    if (ColRing)
      for (size_t LI = 0; LI < G.StripLeaves.size(); ++LI) {
        const StripLeaf &L = G.StripLeaves[LI];
        if (L.Lev != StripLeaf::Col)
          continue;
        W.open(fmt::format("for (int dpc_cc = dpc_lane; dpc_cc < {}; dpc_cc += "
                           "{})",
                           K.SyncCols, Lanes));
        W.line("const {} dpc_m1 = dpc_lo1 + dpc_s + dpc_cc;", IX);
        W.line("dpc_cs{}[(dpc_s + dpc_cc) & {}] = {};", LI, 2 * K.SyncCols - 1,
               LeafRead(L));
        W.close();
      }
    W.line("__syncwarp();");
    W.close();
  };
  auto SweepOne = [&](bool Interior) {
    // (a power-of-two chunk: a mask, in range for every lane)
    AnyStep(Interior, Interior || RowDecided ? "" : "dpc_ncols",
            (K.SyncCols & (K.SyncCols - 1)) == 0
                ? fmt::format("dpc_c & {}", K.SyncCols - 1)
                : fmt::format("dpc_c % {}", K.SyncCols));
  };
  // The last lane left a chunk: its cells written back, then the progress.
  auto LeaveChunk = [&] {
    W.open("");
    W.comment(fmt::format("Lane {} left a chunk: every lane's cells are "
                          "visible before the progress is.",
                          Lanes - 1));
    W.line("const int dpc_e = dpc_s - {};", Depth);
    W.open(fmt::format("if (dpc_e >= 0 && dpc_e % {0} == {0} - 1)", K.SyncCols));
    if (K.StageStores) {
      W.comment("The chunk's cells from the ring into their tables, lane l "
                "on column\ndpc_e - 31 + l, a row at a time.");
      W.line("__syncwarp();");
      W.open("");
      W.line("const int dpc_fc = dpc_e - {} + dpc_lane;", K.SyncCols - 1);
      bool RingOutputs = false;
      // (a run with rolling rows of every table: the bottom row only)
      W.open(fmt::format("for (int dpc_fr = {}; dpc_fr < {}; ++dpc_fr)",
                         AllRing ? fmt::format("dpc_ring ? {} : 0", Rows - 1)
                                 : std::string("0"),
                         Rows));
      for (int T : G.StripTables) {
        const TableInfo &Tab = M.Tables[T];
        W.open("");
        auto X = declareIndices(Tab, "dpc_lo0 + dpc_fr", "dpc_lo1 + dpc_fc");
        std::string Stg = fmt::format(
            "dpc_stg_{}[{}][dpc_fc & {}]", Tab.Name,
            TwoRows(T) ? "dpc_ring ? 0 : dpc_fr" : "dpc_fr",
            2 * K.SyncCols - 1);
        std::string Where = fmt::format("dpc_fc < dpc_ncols && {}",
                                        iexpr(domainGuard(M, T, X)));
        if (P.Storages[T].Ring) {
          RingOutputs |= P.Storages[T].RingOutput;
          W.line("if (!dpc_ring && {}) dpc_t.{}[{}] = {};", Where,
                 P.Storages[T].Buffer, cellOffset(P, T, X, false), Stg);
          W.line("else if (dpc_ring && dpc_fr == {} && {}) dpc_t.{}[{}] = {};",
                 Rows - 1, Where, P.Storages[T].Buffer,
                 ringOffset(P, T, "dpc_t0 & 1", X[1]), Stg);
        } else {
          W.line("if ({}) dpc_t.{}[{}] = {};", Where, P.Storages[T].Buffer,
                 cellOffset(P, T, X, false), Stg);
        }
        W.close();
      }
      W.close();
      if (RingOutputs) {
        // The output cell, where this chunk holds it: from the staging ring
        // (the loop above stores the bottom row only).
        const int T = M.Outputs[0].Table;
        W.open("if (dpc_ring && dpc_os >= 0 && dpc_ocol == dpc_fc)");
        emitRingOutputStore(P, T, "true",
                            fmt::format("dpc_stg_{}[{}][dpc_fc & {}]",
                                        M.Tables[T].Name,
                                        TwoRows(T)
                                            ? fmt::format("dpc_orow == {} ? 0 "
                                                          ": 1",
                                                          Rows - 1)
                                            : std::string("dpc_orow"),
                                        2 * K.SyncCols - 1),
                            W);
        W.close();
      }
      W.close();
    }
    const std::string Progress = fmt::format(
        "int((dpc_t0 + dpc_f + dpc_e / {} - dpc_w0) * {} + dpc_e % {} / {} + "
        "1)",
        Cols, Q, Cols, K.SyncCols);
    if (K.WarpWaits) {
      W.comment("(the warp's stores before the release: dpc::st_release)");
      W.line("__syncwarp();");
      W.line("if (dpc_lane == 0) dpc::st_release(&dpc_flags[dpc_ticket], "
             "{});",
             Progress);
    } else {
      W.line("__threadfence();");
      W.line("__syncwarp();");
      W.line("if (dpc_lane == 0) dpc_flags[dpc_ticket] = {};", Progress);
    }
    W.close();
    W.close();
  };
  // A step with its chunk's wait before (lane 0 enters a chunk) and
  // publication after (lane Lanes - 1 left one).
  auto SweepStep = [&](bool Interior) {
    EnterChunk();
    SweepOne(Interior);
    LeaveChunk();
  };
  // A whole chunk from its first step (K.ChunkUnroll): the wait before the
  // first step, the publication of the chunk before after step Before, no
  // test at the other steps. Ends with `continue` (dpc_s at its last step).
  const int Before = K.chunkLeaveStep();
  auto SweepChunk = [&](bool Interior, const std::string &Cond) {
    if (!K.ChunkUnroll)
      return;
    W.open("if (" + Cond + ")");
    W.comment(fmt::format(
        "A whole chunk: lane 0 enters it now, lane {} leaves the chunk "
        "before at step\n{}; no test at the other steps.",
        Lanes - 1, Before));
    EnterChunk();
    auto Run = [&](int From, int To) {
      if (To <= From)
        return;
      if (To - From > 1)
        W.line("#pragma unroll {}", K.ChunkUnroll);
      W.open(fmt::format("for (int dpc_u = {}; dpc_u < {}; ++dpc_u, ++dpc_s)",
                         From, To));
      // (lane 0's column is dpc_s, the chunk's first column plus dpc_u)
      Lane0Top = "dpc_u + 1";
      SweepOne(Interior);
      Lane0Top.clear();
      W.close();
    };
    Run(0, Before);
    W.open("");
    Lane0Top = std::to_string(Before + 1);
    SweepOne(Interior);
    Lane0Top.clear();
    W.close();
    LeaveChunk();
    W.line("++dpc_s;");
    Run(Before + 1, static_cast<int>(K.SyncCols));
    W.line("--dpc_s;");
    W.line("continue;");
    W.close();
  };
  W.open("for (int dpc_s = 0; dpc_s < dpc_send; ++dpc_s)");
  if (G.InteriorGuard) {
    W.open("if (dpc_s == dpc_fa)");
    const std::string WholeChunk = fmt::format(
        "dpc_s % {0} == 0 && dpc_s + {0} <= dpc_fb", K.SyncCols);
    if (K.RowDecidedRuns) {
      W.open("if (dpc_rd)");
      W.comment("Every lane in a row-decided run: its rows' arms chosen, no "
                "column tested.");
      W.open("for (; dpc_s < dpc_fb; ++dpc_s)");
      RowDecided = true;
      SweepChunk(false, WholeChunk);
      SweepStep(false);
      RowDecided = false;
      W.close();
      W.close();
      W.open("else");
    }
    W.comment("Every lane in an interior tile: no guards.");
    W.open("for (; dpc_s < dpc_fb; ++dpc_s)");
    SweepChunk(true, WholeChunk);
    SweepStep(true);
    W.close();
    if (K.RowDecidedRuns)
      W.close();
    W.line("if (dpc_s >= dpc_send) break;");
    W.close();
  }
  SweepChunk(false,
             fmt::format("dpc_s % {0} == 0 && dpc_s + {0} <= dpc_send{1}",
                         K.SyncCols,
                         G.InteriorGuard
                             ? fmt::format(" && (dpc_s > dpc_fa || dpc_s + "
                                           "{} <= dpc_fa)",
                                           K.SyncCols)
                             : std::string()));
  SweepStep(false);
  W.close();
  RowReductionsStore();
  ReportFlags();
  W.close();
  if (K.WarpWaits) {
    W.line("__syncwarp();");
    W.line("if (dpc_lane == 0) dpc::st_release(&dpc_flags[dpc_ticket], "
           "0x7fffffff);");
  } else {
    W.line("__threadfence();");
    W.line("__syncwarp();");
    W.line("if (dpc_lane == 0) dpc_flags[dpc_ticket] = 0x7fffffff;");
  }
}
