//===- EmitStripKernel.cpp - a strip kernel of the GPU plan as CUDA -------===//
//
// Prints a kernel of family Strip (LIR/TargetPlan.h): one warp per tile of
// a wavefront step of an alignment-like group. Lane l owns LaneRows
// consecutive rows (band member 0) of the tile and walks the tile's
// columns (member 1) one step behind lane l - 1: at step s it computes
// column s - l. Per table of the group it keeps two columns of its rows in
// registers (the column being computed and the one before), and takes the
// bottom cell of lane l - 1 for the row above with a shuffle at each step
// (and the one of the step before for the diagonal). Cells on the tile's
// top and left boundaries read the table in memory; every cell is also
// stored there (other groups, the traceback and the next tiles read it).
// Each cell runs its table's cases in order, as `st_stmt_` statements.
//
//===----------------------------------------------------------------------===//
#include "CodeGen/Emitters.h"
#include "CodeGen/EmitUtil.h"

#include "Basic/Diagnostics.h"

using namespace dpc;
using namespace dpc::lir;

namespace {

/// The tile coordinates of the kernel's tile: the TileStart of its group.
std::vector<IExprPtr> tileCoords(const GpuKernel &K) {
  std::vector<IExprPtr> R;
  walkNodes(*K.Body, [&](const LNode &N) {
    if (N.isTileStart() && N.Ref == K.Group && R.empty())
      R = N.Args;
    return R.empty();
  });
  DPC_ASSERT(R.size() == 2, "strip kernel without the start of its tile");
  return R;
}

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
  std::vector<IExprPtr> Tile = tileCoords(K);
  W.comment(fmt::format(
      "The tile: band members [dpc_lo0, dpc_lo0 + {}) x [dpc_lo1, dpc_lo1 + "
      "{}).\nLane l owns rows dpc_lo0 + {} * l + r (r < {}) and computes "
      "column c = s - l at step s.",
      Rows, Cols, R, R));
  W.line("const int64_t dpc_lo0 = {} * ({});", Rows, iexpr(Tile[0]));
  W.line("const int64_t dpc_lo1 = {} * ({});", Cols, iexpr(Tile[1]));
  W.line("const int dpc_lane = threadIdx.x;");
  // Registers per table: the column being computed, the one before, and
  // lane l - 1's bottom cell of this column and of the one before.
  for (int T : G.StripTables) {
    const TableInfo &Tab = M.Tables[T];
    std::string Ty = storeType(Tab.Type);
    W.comment(Tab.Name + ": this lane's rows of column c (cur) and c - 1 "
                         "(prev); lane l - 1's bottom\ncell of column c (up) "
                         "and c - 1 (upprev).");
    W.line("{0} dpc_cur_{1}[{2}], dpc_prev_{1}[{2}];", Ty, Tab.Name, R);
    W.line("{0} dpc_up_{1} = {0}(0), dpc_upprev_{1} = {0}(0);", Ty, Tab.Name);
    W.line("#pragma unroll");
    W.line("for (int dpc_r = 0; dpc_r < {}; ++dpc_r) dpc_cur_{}[dpc_r] = {}(0);",
           R, Tab.Name, Ty);
  }
  W.open(fmt::format("for (int dpc_s = 0; dpc_s < {}; ++dpc_s)",
                     Cols + Lanes - 1));
  W.comment("Every lane shuffles at every step (the whole warp takes part).");
  for (int T : G.StripTables) {
    const std::string &N = M.Tables[T].Name;
    W.line("dpc_upprev_{0} = dpc_up_{0};", N);
    W.line("dpc_up_{0} = dpc_shfl_up(dpc_cur_{0}[{1}]);", N, R - 1);
    W.line("#pragma unroll");
    W.line("for (int dpc_r = 0; dpc_r < {}; ++dpc_r) dpc_prev_{}[dpc_r] = "
           "dpc_cur_{}[dpc_r];",
           R, N, N);
  }
  W.line("const int dpc_c = dpc_s - dpc_lane;");
  W.line("if (dpc_c < 0 || dpc_c >= {}) continue;", Cols);
  W.line("#pragma unroll");
  W.open(fmt::format("for (int dpc_r = 0; dpc_r < {}; ++dpc_r)", R));
  W.line("const int dpc_rm = dpc_r > 0 ? dpc_r - 1 : 0;");
  std::string Member[2] = {fmt::format("dpc_lo0 + {} * dpc_lane + dpc_r", R),
                           "dpc_lo1 + dpc_c"};
  for (int T : G.StripTables) {
    const std::string &N = M.Tables[T].Name;
    std::string Ty = storeType(M.Tables[T].Type);
    W.line("dpc::StripNb<{}> dpc_nb_{};", Ty, N);
    W.line("dpc_nb_{0}.here = {1}(0);", N, Ty);
    W.line("dpc_nb_{0}.has_up = dpc_r > 0 || dpc_lane > 0;", N);
    W.line("dpc_nb_{0}.up = dpc_r > 0 ? dpc_cur_{0}[dpc_rm] : dpc_up_{0};", N);
    W.line("dpc_nb_{0}.has_left = dpc_c > 0;", N);
    W.line("dpc_nb_{0}.left = dpc_prev_{0}[dpc_r];", N);
    W.line("dpc_nb_{0}.has_diag = dpc_c > 0 && (dpc_r > 0 || dpc_lane > 0);",
           N);
    W.line("dpc_nb_{0}.diag = dpc_r > 0 ? dpc_prev_{0}[dpc_rm] : "
           "dpc_upprev_{0};",
           N);
  }
  // Each table's cell, in the order a cell computes them.
  std::string Nbs;
  for (int T : G.StripTables)
    Nbs += ", dpc_nb_" + M.Tables[T].Name;
  for (int T : G.StripTables) {
    const TableInfo &Tab = M.Tables[T];
    std::string Ty = storeType(Tab.Type);
    W.open("");
    std::vector<IExprPtr> X;
    for (int D = 0; D < 2; ++D) {
      // band member = sign * x + shift
      std::string Mem = "(" + Member[D] + ")";
      std::string V = G.Shifts[D] ? Mem + " - " + std::to_string(G.Shifts[D])
                                  : Mem;
      if (G.Signs[D] < 0)
        V = "-(" + V + ")";
      W.line("const int64_t {} = {};", Tab.Indices[D], V);
      X.push_back(IExpr::var(Tab.Indices[D]));
    }
    W.open("if (" + iexpr(domainGuard(M, T, X)) + ")");
    W.line("{} dpc_v = {}(0);", Ty, Ty);
    auto Call = [&](int S) {
      return fmt::format("dpc_v = st_stmt_{}(dpc_p, dpc_in, dpc_t, {}, {}{}, "
                         "dpc_err);",
                         P.Stmts[S].Name, Tab.Indices[0], Tab.Indices[1], Nbs);
    };
    const VExpr &Body = *P.TableBodies[T];
    if (Body.K != VExpr::Cases) {
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
    W.line("dpc_cur_{}[dpc_r] = dpc_v;", Tab.Name);
    W.line("dpc_nb_{}.here = dpc_v;", Tab.Name);
    W.close();
    W.close();
  }
  W.close();
  W.close();
}
