//===- FindInteriorTiles.cpp - strip tiles that need no guards ------------===//
//
// Takes the lowered program after FindLaneStrips and gives, for each lane
// strip group (lir::Group::Strip), the tiles whose whole cell box lies in
// one case of every strip table: the condition on the tile coordinates
// (dpc_t0, dpc_t1 and the params), computed with isl as the complement of
// the tiles whose box has a cell outside that case's effective domain, and
// the case's statement per table (Group::InteriorGuard, InteriorStmts).
// On those tiles a strip kernel computes every cell with no domain guard
// and no case dispatch. The same condition over column blocks of at most
// 32 columns (Group::InteriorBlockGuard, InteriorCols) lets a sweep start
// its unguarded steps at the first block past a boundary column instead
// of the first tile past it. Also the blocks where each cell's case
// depends on its row alone (Group::RowBlockGuard: no row with cells both
// inside and outside a statement's domain) and those whose rows keep the
// block before's cases (RowBlockSameGuard): a strip with a boundary row
// runs such a run with its lanes' cases chosen once. Printed by `dpc emit
// --stage=schedule`.
//
//===----------------------------------------------------------------------===//
#include "Lower/IslAst.h"
#include "Lower/Lowering.h"

#include <fmt/format.h>

using namespace dpc;
using namespace dpc::lir;

namespace {

/// { [t0, t1] -> S[x0, x1] }: the cells of statement S's space in each box
/// (t0, t1) of TileSizes[0] rows x Cols columns of group G's band.
isl::map boxes(const PolyModel &PM, const Group &G, const dpc::Statement &S,
               int64_t Cols) {
  // member d = sign * x_d + shift in [Sz * t_d, Sz * t_d + Sz - 1]
  std::string Cons;
  for (int D = 0; D < 2; ++D) {
    int64_t Sz = D ? Cols : G.TileSizes[0];
    std::string Mem = fmt::format("{} * x{} + {}", G.Signs[D], D, G.Shifts[D]);
    Cons += fmt::format("{}{} * t{} <= {} <= {} * t{} + {}", D ? " and " : "",
                        Sz, D, Mem, Sz, D, Sz - 1);
  }
  return islParse<isl::map>(PM.ctx(), PM.paramTuple() + " -> { [t0, t1] -> " +
                                          S.Name + "[x0, x1] : " + Cons + " }");
}

/// The boxes (t0, t1) of TileSizes[0] rows x Cols columns whose cells lie
/// in statement S's domain.
isl::set tilesInside(const PolyModel &PM, const Group &G,
                     const dpc::Statement &S, int64_t Cols) {
  isl::map Box = boxes(PM, G, S, Cols);
  isl::set Bad = Box.subtract(Box.intersect_range(S.Domain)).domain();
  isl::set All = Box.domain().intersect_params(PM.paramContext());
  return All.subtract(Bad).coalesce();
}

/// The rows of each box (t0, t1) of TileSizes[0] rows x Cols columns with
/// a cell in statement S's domain ({ [t0, t1] -> [x0] }), and the boxes
/// with a row that has cells both inside and outside it.
std::pair<isl::map, isl::set> rowsInside(const PolyModel &PM, const Group &G,
                                         const dpc::Statement &S,
                                         int64_t Cols) {
  isl::map Box = boxes(PM, G, S, Cols);
  isl::map In = Box.intersect_range(S.Domain);
  isl::map Out = Box.subtract(In);
  // (x1 projected out: the rows)
  isl::map Proj = islParse<isl::map>(
      PM.ctx(), PM.paramTuple() + " -> { " + S.Name + "[x0, x1] -> r[x0] }");
  isl::map InRows = In.apply_range(Proj);
  isl::map OutRows = Out.apply_range(Proj);
  isl::set Mixed = InRows.intersect(OutRows).domain();
  return {InRows, Mixed};
}

} // namespace

void dpc::findInteriorTiles(const PolyModel &PM, Program &P) {
  for (auto &G : P.Groups) {
    G.InteriorGuard = G.InteriorBlockGuard = nullptr;
    G.RowBlockGuard = G.RowBlockSameGuard = nullptr;
    G.RowBlockWhy.clear();
    G.InteriorCols = 0;
    G.InteriorStmts.clear();
    if (!G.Strip)
      continue;
    // Column blocks: the largest divisor of the tile's columns up to 32 (a
    // GPU sweep's chunk), with the same cases as the tiles.
    int64_t B = std::min<int64_t>(G.TileSizes[1], 32);
    while (G.TileSizes[1] % B != 0)
      --B;
    std::optional<isl::set> Inside, Blocks;
    std::vector<int> Stmts;
    std::string Why;
    for (int T : G.StripTables) {
      // The last case of T whose domain holds a whole tile (the general
      // case after the boundary ones, in the usual order).
      int Pick = -1;
      isl::set PickSet;
      const dpc::Statement *PickPS = nullptr;
      for (const dpc::Statement *PS : PM.statementsOf(T)) {
        isl::set In = tilesInside(PM, G, *PS, G.TileSizes[1]);
        if (In.is_empty())
          continue;
        for (size_t S = 0; S < P.Stmts.size(); ++S)
          if (P.Stmts[S].Name == PS->Name) {
            Pick = static_cast<int>(S);
            PickSet = In;
            PickPS = PS;
          }
      }
      if (Pick < 0) {
        Why = "no tile lies in one case of " + P.M.Tables[T].Name;
        break;
      }
      Stmts.push_back(Pick);
      Inside = Inside ? Inside->intersect(PickSet) : PickSet;
      isl::set InBlocks = tilesInside(PM, G, *PickPS, B);
      Blocks = Blocks ? Blocks->intersect(InBlocks) : InBlocks;
    }
    if (Why.empty() && Inside && Inside->is_empty())
      Why = "no tile lies in one case of every table";
    if (!Why.empty()) {
      G.InteriorWhy = Why;
      continue;
    }
    G.InteriorStmts = Stmts;
    auto Guard = [&](const isl::set &S) {
      return fromParamSet(
          dimsToParams(S, 0, 2, {"dpc_t0", "dpc_t1"}).params(),
          PM.paramContext());
    };
    G.InteriorGuard = Guard(*Inside);
    G.InteriorCols = B;
    G.InteriorBlockGuard = Guard(Blocks->coalesce());
    std::string Names;
    for (int S : Stmts)
      Names += (Names.empty() ? "" : ", ") + P.Stmts[S].Name;
    // Blocks whose cells' cases depend on their rows alone, and those
    // whose rows are in the same statements as in the block before.
    isl::set All =
        islParse<isl::set>(PM.ctx(), PM.paramTuple() + " -> { [t0, t1] }")
            .intersect_params(PM.paramContext());
    isl::set Uniform = All, Same = All;
    // [t0, t1] -> [t0, t1 - 1]
    isl::map Prev = islParse<isl::map>(
        PM.ctx(), PM.paramTuple() + " -> { [t0, t1] -> [t0, t1 - 1] }");
    for (int T : G.StripTables)
      for (const dpc::Statement *PS : PM.statementsOf(T)) {
        auto [Rows, Mixed] = rowsInside(PM, G, *PS, B);
        Uniform = Uniform.subtract(Mixed);
        isl::map RowsPrev = Prev.apply_range(Rows);
        isl::set Differ =
            Rows.subtract(RowsPrev).domain().unite(RowsPrev.subtract(Rows).domain());
        Same = Same.subtract(Differ);
      }
    Same = Same.intersect(Uniform);
    if (!Uniform.is_empty()) {
      G.RowBlockGuard = Guard(Uniform.coalesce());
      G.RowBlockSameGuard = Guard(Same.coalesce());
      G.RowBlockWhy = "blocks where " + iexprToString(*G.RowBlockGuard) +
                      " have each cell's case decided by its row alone (isl: "
                      "no row with cells inside and outside a case), the "
                      "same as the block before where " +
                      iexprToString(*G.RowBlockSameGuard);
    } else {
      G.RowBlockWhy = "no block has each cell's case decided by its row";
    }
    G.InteriorWhy = "tiles where " + iexprToString(*G.InteriorGuard) +
                    " run " + Names + " with no guard (isl: their whole box "
                    "lies in those cases); a sweep's blocks of " +
                    std::to_string(B) + " columns where " +
                    iexprToString(*G.InteriorBlockGuard) + " (dpc_t1 the block)";
  }
}
