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
//===----------------------------------------------------------------------===//
#include "CodeGen/Emitters.h"
#include "CodeGen/EmitUtil.h"

#include "Basic/Diagnostics.h"

using namespace dpc;
using namespace dpc::lir;

namespace {

/// The statement of arm A of table T (-1: the whole body), or -1.
int stmtOf(const Program &P, int T, int A) {
  for (size_t S = 0; S < P.Stmts.size(); ++S)
    if (P.Stmts[S].Table == T && P.Stmts[S].Arm == A)
      return static_cast<int>(S);
  return -1;
}

} // namespace

void dpc::emitStripKernel(const Program &P, int KI, CodeWriter &W) {
  const ModuleInfo &M = P.M;
  const GpuKernel &K = P.Gpu.Kernels[KI];
  const Group &G = P.Groups[K.Group];
  const int R = K.LaneRows;
  const int64_t Rows = G.TileSizes[0], Cols = G.TileSizes[1];
  const int Lanes = K.Threads;
  std::vector<IExprPtr> Tile = tileStartArgs(*K.Body, K.Group);
  DPC_ASSERT(Tile.size() == 2, "strip kernel without the start of its tile");
  W.line("const int dpc_lane = threadIdx.x;");
  // One tile: its boundary, then its steps.
  auto TileBody = [&] {
    W.comment(fmt::format(
        "The tile: band members [dpc_lo0, dpc_lo0 + {0}) x [dpc_lo1, dpc_lo1 + "
        "{1}).\nLane l owns rows dpc_lo0 + {2} * l + r (r < {2}); row r computes "
        "column\nc = s - l at step s.",
        Rows, Cols, R));
    W.line("const int64_t dpc_lo0 = {} * ({});", Rows, iexpr(Tile[0]));
    W.line("const int64_t dpc_lo1 = {} * ({});", Cols, iexpr(Tile[1]));
    // The table indices of band cell (Mem0, Mem1) as `const int64_t` locals.
    auto declareIndices = [&](const TableInfo &Tab, const std::string &Mem0,
                              const std::string &Mem1) {
      std::vector<IExprPtr> X;
      const std::string *Mem[2] = {&Mem0, &Mem1};
      for (int D = 0; D < 2; ++D) {
        // band member = sign * x + shift
        std::string V = "(" + *Mem[D] + ")";
        if (G.Shifts[D])
          V += " - " + std::to_string(G.Shifts[D]);
        if (G.Signs[D] < 0)
          V = "-(" + V + ")";
        W.line("const int64_t {} = {};", Tab.Indices[D], V);
        X.push_back(IExpr::var(Tab.Indices[D]));
      }
      return X;
    };
    // The tile's boundary, read once before the steps: the row above the tile
    // (from column -1) into shared memory, each row's cell of column -1 into a
    // register. Cells outside the table's domain read as 0: no statement reads
    // them (the soundness proof).
    for (int T : G.StripTables) {
      const TableInfo &Tab = M.Tables[T];
      std::string Ty = storeType(Tab.Type);
      auto Load = [&](const std::vector<IExprPtr> &X) {
        // Pipelined: written by another warp of this launch, read from L2.
        std::string Cell = fmt::format("dpc_t.{}[{}]", Tab.Name,
                                       cellOffset(P, T, X, false));
        if (K.Pipelined)
          Cell = "__ldcg(&" + Cell + ")";
        return fmt::format("({}) ? {} : {}(0)", iexpr(domainGuard(M, T, X)),
                           Cell, Ty);
      };
      W.comment(fmt::format(
          "{0}: the row above the tile (dpc_top_{0}[c + 1] is column c) and "
          "each row's cell\nof column -1 (dpc_left_{0}).",
          Tab.Name));
      W.line("__shared__ {} dpc_top_{}[{}];", Ty, Tab.Name, Cols + 1);
      W.open(fmt::format("for (int dpc_c = dpc_lane - 1; dpc_c < {}; dpc_c += {})",
                         Cols, Lanes));
      auto X = declareIndices(Tab, "dpc_lo0 - 1", "dpc_lo1 + dpc_c");
      W.line("dpc_top_{}[dpc_c + 1] = {};", Tab.Name, Load(X));
      W.close();
      W.line("{} dpc_left_{}[{}];", Ty, Tab.Name, R);
      W.line("#pragma unroll");
      W.open(fmt::format("for (int dpc_r = 0; dpc_r < {}; ++dpc_r)", R));
      X = declareIndices(Tab, fmt::format("dpc_lo0 + {} * dpc_lane + dpc_r", R),
                         "dpc_lo1 - 1");
      W.line("dpc_left_{}[dpc_r] = {};", Tab.Name, Load(X));
      W.close();
    }
    W.line("__syncwarp();");
    // Registers per table: each row's cell of the step before; lane l - 1's
    // last row at the step before and two steps before (shuffled), and left
    // of the tile.
    for (int T : G.StripTables) {
      const TableInfo &Tab = M.Tables[T];
      std::string Ty = storeType(Tab.Type);
      W.comment(Tab.Name + ": each row's cell of the step before (cur); lane "
                           "l - 1's last row at\nthe step before (up), two "
                           "steps before (upprev) and in column -1 (upleft).");
      W.line("{0} dpc_cur_{1}[{2}];", Ty, Tab.Name, R);
      W.line("{0} dpc_up_{1} = {0}(0), dpc_upprev_{1} = {0}(0);", Ty, Tab.Name);
      W.line("{0} dpc_upleft_{1} = dpc_shfl_up(dpc_left_{1}[{2}]);", Ty,
             Tab.Name, R - 1);
      W.line("if (dpc_lane == 0) dpc_upleft_{0} = dpc_top_{0}[0];", Tab.Name);
      W.line("#pragma unroll");
      W.line("for (int dpc_r = 0; dpc_r < {}; ++dpc_r) dpc_cur_{}[dpc_r] = "
             "{}(0);",
             R, Tab.Name, Ty);
    }
    // The steps over the tile; Interior: the tile lies in one case of every
    // table (Group::InteriorGuard), so cells run that case with no guard.
    auto Steps = [&](bool Interior) {
      W.open(fmt::format("for (int dpc_s = 0; dpc_s < {}; ++dpc_s)",
                         Cols + Lanes - 1));
      W.comment("Every lane shuffles at every step (the whole warp takes part).");
      for (int T : G.StripTables) {
        const std::string &N = M.Tables[T].Name;
        std::string Ty = storeType(M.Tables[T].Type);
        W.line("dpc_upprev_{0} = dpc_up_{0};", N);
        W.line("dpc_up_{0} = dpc_shfl_up(dpc_cur_{0}[{1}]);", N, R - 1);
        W.line("{} dpc_next_{}[{}];", Ty, N, R);
      }
      W.line("#pragma unroll");
      W.open(fmt::format("for (int dpc_r = 0; dpc_r < {}; ++dpc_r)", R));
      for (int T : G.StripTables)
        W.line("dpc_next_{0}[dpc_r] = dpc_cur_{0}[dpc_r];", M.Tables[T].Name);
      W.line("const int dpc_c = dpc_s - dpc_lane;");
      W.line("if (dpc_c < 0 || dpc_c >= {}) continue;", Cols);
      W.line("const int dpc_rm = dpc_r > 0 ? dpc_r - 1 : 0;");
      // Row r - 1's cell of this column was computed at this step (next), of
      // the column before at the step before (cur).
      for (int T : G.StripTables) {
        const std::string &N = M.Tables[T].Name;
        std::string Ty = storeType(M.Tables[T].Type);
        W.line("dpc::StripNb<{}> dpc_nb_{};", Ty, N);
        W.line("dpc_nb_{0}.here = {1}(0);", N, Ty);
        W.line("dpc_nb_{0}.has_up = dpc_nb_{0}.has_left = dpc_nb_{0}.has_diag = "
               "true;",
               N);
        W.line("dpc_nb_{0}.up = dpc_r > 0 ? dpc_next_{0}[dpc_rm] : dpc_lane > 0 ? "
               "dpc_up_{0} : dpc_top_{0}[dpc_c + 1];",
               N);
        W.line("dpc_nb_{0}.left = dpc_c > 0 ? dpc_cur_{0}[dpc_r] : "
               "dpc_left_{0}[dpc_r];",
               N);
        W.line("dpc_nb_{0}.diag = dpc_c == 0 ? (dpc_r > 0 ? dpc_left_{0}[dpc_rm] "
               ": dpc_upleft_{0}) : dpc_r > 0 ? dpc_cur_{0}[dpc_rm] : dpc_lane > 0 "
               "? dpc_upprev_{0} : dpc_top_{0}[dpc_c];",
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
        auto Call = [&](int S) {
          return fmt::format("dpc_v = st_stmt_{}(dpc_p, dpc_in, dpc_t, {}, {}{}, "
                             "dpc_err);",
                             P.Stmts[S].Name, Tab.Indices[0], Tab.Indices[1], Nbs);
        };
        const VExpr &Body = *P.TableBodies[T];
        if (Interior) {
          W.text(Call(G.InteriorStmts[TI]));
        } else if (Body.K != VExpr::Cases) {
          int S = stmtOf(P, T, -1);
          DPC_ASSERT(S >= 0, "strip table without its statement");
          W.text(Call(S));
        } else {
          for (size_t A = 0; A < Body.Guards.size(); ++A) {
            int S = stmtOf(P, T, static_cast<int>(A));
            std::string Head = !Body.Guards[A] ? "else"
                               : A == 0 ? "if (" + iexpr(Body.Guards[A]) + ")"
                                        : "else if (" + iexpr(Body.Guards[A]) + ")";
            W.line("{} {{ {} }}", Head, S >= 0 ? Call(S) : "/* no cells */");
            if (!Body.Guards[A])
              break;
          }
        }
        W.line("dpc_next_{}[dpc_r] = dpc_v;", Tab.Name);
        W.line("dpc_nb_{}.here = dpc_v;", Tab.Name);
        W.close();
        W.close();
      }
      W.close();
      W.line("#pragma unroll");
      W.open(fmt::format("for (int dpc_r = 0; dpc_r < {}; ++dpc_r)", R));
      for (int T : G.StripTables)
        W.line("dpc_cur_{0}[dpc_r] = dpc_next_{0}[dpc_r];", M.Tables[T].Name);
      W.close();
      W.close();
    };
    if (G.InteriorGuard) {
      std::map<std::string, IExprPtr> Sub = {{"dpc_t0", Tile[0]},
                                             {"dpc_t1", Tile[1]}};
      W.comment("The tile lies in one case of every table (isl): no guards.");
      W.open("if (" + iexpr(substitute(G.InteriorGuard, Sub)) + ")");
      Steps(true);
      W.close();
      W.open("else");
      Steps(false);
      W.close();
    } else {
      Steps(false);
    }
  };
  if (!K.Pipelined) {
    TileBody();
    return;
  }
  W.comment(fmt::format(
      "Pipelined: this warp's strip dpc_t0 = {0} - {1} walks the wavefront "
      "steps {0}\nin order and runs its tile of each; before a tile it waits "
      "until the strip\nabove (the item before, if it is this problem's strip "
      "dpc_t0 - 1) has\nfinished the step before, then publishes its own "
      "progress (steps done).",
      K.WaveIter, K.TileIter));
  W.line("volatile int *const dpc_flags = dpc_pipe + 1;");
  W.line("const bool dpc_above = dpc_ticket > 0 && dpc_tiles[2 * (dpc_ticket - "
         "1)] == dpc_item[0] && dpc_tiles[2 * (dpc_ticket - 1) + 1] == dpc_t0 "
         "- 1;");
  W.comment("Progress counts steps from the first (steps may be negative).");
  W.line("const int64_t dpc_w0 = {};", iexpr(K.WaveLo));
  W.open(fmt::format("for (int64_t {0} = dpc_w0; {0} <= {1}; ++{0})",
                     K.WaveIter, iexpr(K.WaveHi)));
  W.line("const int64_t {} = {} - dpc_t0;", K.TileIter, K.WaveIter);
  W.line("if ({0} < {1} || {0} > {2}) continue;", K.TileIter, iexpr(K.TileLo),
         iexpr(K.TileHi));
  W.open("if (dpc_above)");
  W.open("if (dpc_lane == 0)");
  W.line("long long dpc_spin = 0;");
  W.open(fmt::format("while (dpc_flags[dpc_ticket - 1] < int({} - dpc_w0))",
                     K.WaveIter));
  W.line("__nanosleep(64);");
  W.comment("about 10 s: a bug, never a legal wait");
  W.open("if (++dpc_spin > (1ll << 27))");
  W.line("dpc::fail(dpc_err, dpc::ErrStalled);");
  W.line("break;");
  W.close();
  W.close();
  W.line("__threadfence();");
  W.close();
  W.line("__syncwarp();");
  W.close();
  W.open("");
  TileBody();
  W.close();
  // Every lane's cells are visible before the progress is.
  auto Publish = [&](const std::string &Steps) {
    W.line("__threadfence();");
    W.line("__syncwarp();");
    W.line("if (dpc_lane == 0) dpc_flags[dpc_ticket] = {};", Steps);
  };
  W.comment("Every lane's cells are visible before the progress is.");
  Publish(fmt::format("int({} - dpc_w0) + 1", K.WaveIter));
  W.close();
  Publish("0x7fffffff");
}
