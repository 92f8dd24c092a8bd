//===- EmitCpuRows.cpp - a tile's cells row by row with pushes ------------===//
//
// Prints the in-tile phase of a group of the CPU plan's RowPush
// (lir::CpuRowPush, chosen by Lower/PlanCpuRowPush.cpp) inside the OpenMP
// tile loop: the tile's rows downward; per row, the split reductions' k
// whose X cell lies left of the tile (outside U(T)) update the row's
// accumulators along the columns (Y's row, contiguous); then the row's
// cells left to right, a split statement reading its reduction from the
// accumulator alone (rp_stmt_*), each cell pushed along the row once
// stored (k = its column - a; printed once after the statements' chain).
//
//===----------------------------------------------------------------------===//
#include "CodeGen/CodeWriter.h"
#include "CodeGen/EmitUtil.h"
#include "CodeGen/Emitters.h"

#include "Basic/Diagnostics.h"

#include <fmt/format.h>

using namespace dpc;
using namespace dpc::lir;

void dpc::emitCpuRowPushTile(const Program &P, const CpuRowPush &R,
                           const std::vector<IExprPtr> &TileArgs,
                           CodeWriter &W) {
  const Group &G = P.Groups[R.Group];
  const TableInfo &Tab = P.M.Tables[G.Tables[0]];
  const std::string &Row = Tab.Indices[0], &Col = Tab.Indices[1];
  const SplitInfo &Sp0 = P.Splits[R.Splits[0].Index];
  const int64_t B0 = Sp0.BoxSize[0], B1 = Sp0.BoxSize[1];
  std::string Buf = "dpc_t." + P.Storages[G.Tables[0]].Buffer;
  W.comment("the tile's cells row by row, downward, each row left to right "
            "(the band's own order);\nthe split reductions' remainders as "
            "updates of the accumulators' rows: before\nthe row, the k whose "
            "X cell lies left of the tile; after each cell, the k of\nthat "
            "cell (lir::CpuRowPush)");
  W.open("");
  for (size_t D = 0; D < Sp0.TileVars.size(); ++D)
    W.line("const int64_t {} = {}; (void){};", Sp0.TileVars[D],
           iexpr(TileArgs[D]), Sp0.TileVars[D]);
  W.line("const int64_t dpc_rlo = {}, dpc_clo = {};", iexpr(Sp0.BoxLo[0]),
         iexpr(Sp0.BoxLo[1]));
  W.open(fmt::format("for (int64_t {0} = dpc_rlo + {1}; {0} >= dpc_rlo; --{0})",
                     Row, B0 - 1));
  // Adds X (dpc_x) + Y's row at k to the row's accumulators of columns
  // From .. dpc_cmax<s>.
  auto Update = [&](const CpuRowPush::Split &S, const std::string &From,
                    bool XFromMemory) {
    const SplitInfo &Sp = P.Splits[S.Index];
    const std::string Si = std::to_string(S.Index);
    const std::string &K = Sp.KVars[0];
    W.line("const int64_t dpc_c0 = dpc_max({}, {} - ({}));", From, K, S.Hi);
    W.open("if (dpc_c0 <= dpc_cmax" + Si + ")");
    const std::string Ty = storeType(Sp.Ty);
    if (XFromMemory)
      W.line("const {} dpc_x = {}[{}]; // {}", Ty, Buf,
             cellOffset(P, Sp.X->Table, Sp.X->Idx, false), Sp.BodyText);
    std::vector<IExprPtr> Y0;
    for (auto &I : S.YIdx)
      Y0.push_back(substitute(I, {{Col, IExpr::num(0)}}));
    W.line("const int64_t dpc_y_at = {}; // Y's row at {} = 0{}",
           cellOffset(P, G.Tables[0], Y0, false), Col,
           Sp.Y->Table == G.Tables[0]
               ? ""
               : " (in " + Tab.Name + ", whose copy " +
                     P.M.Tables[Sp.Y->Table].Name + " Y reads)");
    W.line("{} *dpc_a = &dpc_acc{}[({} - dpc_rlo) * {}]; // the row's", Ty,
           Si, Row, B1);
    W.text("DPC_SIMD");
    W.line("for (int64_t dpc_c = dpc_c0; dpc_c <= dpc_cmax{}; ++dpc_c) "
           "dpc_a[dpc_c - dpc_clo] = dpc::{}(dpc_a[dpc_c - dpc_clo], "
           "{}(dpc_x + {}[dpc_y_at + dpc_c]));",
           Si, productCombine(Sp.Op), Ty, Buf);
    W.close();
  };
  for (auto &S : R.Splits) {
    const SplitInfo &Sp = P.Splits[S.Index];
    const std::string Si = std::to_string(S.Index);
    const std::string &K = Sp.KVars[0];
    W.line("const bool dpc_row{} = {};", Si, iexpr(S.RowCond));
    W.line("const int64_t dpc_cmin{0} = dpc_row{0} ? dpc_max({1}, dpc_clo) : "
           "0, dpc_cmax{0} = dpc_row{0} ? dpc_min({2}, dpc_clo + {3}) : -1;",
           Si, iexpr(S.ColMin), iexpr(S.ColMax), B1 - 1);
    W.open("if (dpc_row" + Si + ")");
    W.comment("the k whose X cell lies left of the tile, outside U(T)");
    W.line("int64_t dpc_ua = INT64_MAX, dpc_ub = INT64_MIN; // U(T)");
    if (S.UCond)
      W.open("if (" + iexpr(S.UCond) + ")");
    W.line("dpc_ua = {}, dpc_ub = {};", iexpr(S.ULo), iexpr(S.UHi));
    if (S.UCond)
      W.close();
    W.line("const int64_t dpc_kl = {} + ({}), dpc_kh = dpc_clo - 1 - ({});",
           Row, S.Lo, S.A);
    W.open(fmt::format("for (int64_t {0} = dpc_kl; {0} <= dpc_kh; ++{0})", K));
    W.open(fmt::format("if ({0} >= dpc_ua && {0} <= dpc_ub)", K));
    W.line("{} = dpc_ub; // the tile product's k: on to the first after them",
           K);
    W.line("continue;");
    W.close();
    Update(S, "dpc_cmin" + Si, true);
    W.close();
    W.close();
  }
  W.open(fmt::format("for (int64_t {0} = dpc_clo; {0} <= dpc_clo + {1}; ++{0})",
                     Col, B1 - 1));
  W.line("bool dpc_cell = true; // the cell is one of the group's");
  for (size_t Q = 0; Q < G.Stmts.size(); ++Q) {
    int SI = G.Stmts[Q];
    std::string Accs;
    for (int S : P.splitsOf(SI))
      Accs += ", dpc_acc" + std::to_string(S);
    W.open(std::string(Q ? "else if (" : "if (") + iexpr(R.StmtDomains[Q]) +
           ")");
    W.line("{}stmt_{}(dpc_p, dpc_in, dpc_t, {}, {}{}, dpc_err);",
           Accs.empty() ? "" : "rp_", P.Stmts[SI].Name, Row, Col, Accs);
    W.close();
  }
  W.open("else");
  W.line("dpc_cell = false;");
  W.close();
  for (auto &S : R.Splits) {
    const SplitInfo &Sp = P.Splits[S.Index];
    const std::string Si = std::to_string(S.Index);
    const std::string &K = Sp.KVars[0];
    W.comment("push: k = " + Col + " - (" + std::to_string(S.A) +
              "), X's cell just computed");
    W.open("");
    W.line("const int64_t {} = {} - ({});", K, Col, S.A);
    W.open(fmt::format("if (dpc_cell && dpc_row{} && {} >= {} + ({}))", Si,
                       K, Row, S.Lo));
    W.line("const {} dpc_x = {}[{}];", storeType(Sp.Ty), Buf,
           cellOffset(P, Sp.X->Table, Sp.X->Idx, false));
    Update(S, fmt::format("dpc_max({} + 1, dpc_cmin{})", Col, Si), false);
    W.close();
    W.close();
  }
  W.close();
  W.close();
  W.close();
}
