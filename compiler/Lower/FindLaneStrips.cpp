//===- FindLaneStrips.cpp - alignment-like groups that run as lane strips -===//
//
// Takes the lowered program and marks the groups whose cells can live in
// registers of lanes that own runs of rows (lir::Group::Strip): groups
// with the alignment-like dependence pattern (Group::ShortUniform, found by
// PlanSchedule with isl: distances in {0, 1} x {0, 1}, no reduction) whose
// statements read the group's tables only at constant band offsets in
// {0, 1} x {0, 1} (up, left, diagonal, or the same cell of a table computed
// before), never through a copy table. It also orders the group's tables
// as one cell computes them. What it gives, and why not, is printed by
// `dpc emit --stage=schedule` and `--stage=plan`.
//
//===----------------------------------------------------------------------===//
#include "Lower/Lowering.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

using namespace dpc;
using namespace dpc::lir;

namespace {

/// Calls Fn on every load of a body (guards hold no loads).
void forEachLoad(const VExpr &E, const std::function<void(const VExpr &)> &Fn) {
  forEachVExpr(E, [&](const VExpr &X) {
    if (X.K == VExpr::Load)
      Fn(X);
  });
}

/// Why group G cannot run as lane strips ("" if it can); fills Order.
std::string whyNotStrip(const Program &P, const Group &G,
                        std::vector<int> &Order) {
  if (!G.ShortUniform)
    return "not alignment-like: " + G.PatternWhy;
  if (!G.Tiled)
    return "not tiled";
  for (int S : G.Stmts)
    if (readsData(*P.Stmts[S].Body))
      return P.Stmts[S].Name + " reads a table at a subscript computed from "
             "input values, or chooses its case by input values (lane strips "
             "need reads at constant offsets and guards on indices only)";
  // Before[Y] = tables a cell computes before Y (Y reads them at (0, 0)).
  std::map<int, std::set<int>> Before;
  std::string Why;
  for (int S : G.Stmts) {
    const lir::Statement &St = P.Stmts[S];
    forEachLoad(*St.Body, [&](const VExpr &L) {
      if (!Why.empty())
        return;
      int Eff = effectiveTable(P, L.Table);
      if (!std::count(G.Tables.begin(), G.Tables.end(), Eff))
        return; // another group's table: read from memory
      auto R = P.stripRead(G, St.Indices, L);
      if (!R) {
        Why = St.Name + " reads " + P.M.Tables[L.Table].Name +
              (P.CopyTable[L.Table] ? " (a copy table)"
                                    : " at an offset that is not a constant "
                                      "in {0, 1} x {0, 1} of the band");
        return;
      }
      if (R->D0 == 0 && R->D1 == 0) {
        if (R->Table == St.Table)
          Why = St.Name + " reads its own cell";
        else
          Before[St.Table].insert(R->Table);
      }
    });
    if (!Why.empty())
      return Why;
  }
  // The tables in an order where each comes after those it reads at (0, 0).
  std::set<int> Done;
  while (Order.size() < G.Tables.size()) {
    bool Progress = false;
    for (int T : G.Tables) {
      if (Done.count(T))
        continue;
      bool Ready = true;
      for (int B : Before[T])
        Ready &= Done.count(B) > 0;
      if (Ready) {
        Order.push_back(T);
        Done.insert(T);
        Progress = true;
      }
    }
    if (!Progress) {
      Order.clear();
      return "tables read each other's cell at the same point";
    }
  }
  return "";
}

} // namespace

void dpc::findLaneStrips(Program &P) {
  for (auto &G : P.Groups) {
    if (G.Signs.size() != 2)
      continue;
    std::vector<int> Order;
    std::string Why = whyNotStrip(P, G, Order);
    G.Strip = Why.empty();
    G.StripTables = G.Strip ? Order : std::vector<int>{};
    G.StripWhy = G.Strip ? "every read of the group's tables is at a constant "
                           "offset in {0, 1} x {0, 1} of the band: a lane "
                           "keeps its rows' cells in registers"
                         : Why;
  }
}
