//===- PlanCpuRowPush.cpp - the CPU's in-tile phase row by row -------------===//
//
// Takes the lowered program after MapToTarget; gives the CPU plan's
// RowPush entries (lir::CpuRowPush): the 2-D tiled groups whose in-tile
// phase the CPU runs in the band's own order (rows descending, columns
// ascending: legal for any tiled band, whose dependence distances are all
// >= 0), with each split reduction's remainder as vector updates of the
// tile accumulator's rows instead of per-cell loops that read a column
// (gathers): the k whose X cell lies left of the tile before the row, the
// k whose X cell is in the row pushed as soon as that cell is computed.
// Every split of the group must be `max` or `min` (a k counted twice is
// harmless) of T[r, k + A] + T[k + B, c] over k in [r + Lo, c + Hi] with
// T the group's table (Y may read a copy table of T: its source cell is
// read instead), Lo + B >= 1 and A + Hi <= -1 (the reads are final when
// made), int32 or int64, and no infinities. The pre-pass skips the k of
// a convex part of U(T) (isl: all of U(T) where it is convex).
//
//===----------------------------------------------------------------------===//
#include "Lower/IslAst.h"
#include "Lower/Lowering.h"

#include <fmt/format.h>

using namespace dpc;
using namespace dpc::lir;

namespace {

/// E - V when E is V plus a constant (V absent: E a constant when V is
/// empty).
std::optional<int64_t> offsetFrom(const IExpr &E, const std::string &V) {
  if (!V.empty() && coeffOf(E, V) != std::optional<int64_t>(1))
    return std::nullopt;
  IExprPtr Rest = V.empty() ? nullptr
                            : substitute(std::make_shared<IExpr>(E),
                                         {{V, IExpr::num(0)}});
  return constantOf(Rest ? *Rest : E);
}

/// The SplitReduce node of split S in E where every cell of the statement
/// evaluates it (not under a case or another reduction), or null: the
/// rows' updates read Y for every cell of the row, which the soundness
/// proofs cover only where the cell itself reads it.
const VExpr *findSplit(const VExpr &E, int S) {
  if (E.K == VExpr::SplitReduce && E.Split == S)
    return &E;
  if (E.K == VExpr::Cases || E.K == VExpr::Reduce ||
      E.K == VExpr::SplitReduce)
    return nullptr;
  for (auto &K : E.Kids)
    if (const VExpr *R = findSplit(*K, S))
      return R;
  return nullptr;
}

class RowPushPlanner {
public:
  RowPushPlanner(const PolyModel &PM, const std::vector<SplitPlan> &Splits,
                 Program &P)
      : PM(PM), Plans(Splits), P(P) {}

  void run() {
    for (size_t G = 0; G < P.Groups.size(); ++G) {
      std::string Why;
      std::optional<CpuRowPush> R = plan(static_cast<int>(G), Why);
      if (R) {
        P.Cpu.RowPush.push_back(std::move(*R));
        Why = "the in-tile phase row by row, the split reductions' "
              "remainders pushed along the rows";
      }
      if (!Why.empty() && G < P.Cpu.GroupWhy.size())
        P.Cpu.GroupWhy[G] += "; " + Why;
    }
  }

private:
  const PolyModel &PM;
  const std::vector<SplitPlan> &Plans; // P.Splits' plans, in order
  Program &P;

  /// Empty Why: not a group this concerns (no split reductions).
  std::optional<CpuRowPush> plan(int GI, std::string &Why) {
    const Group &G = P.Groups[GI];
    std::vector<int> Splits;
    for (int S : G.Stmts)
      for (int Sp : P.splitsOf(S))
        Splits.push_back(Sp);
    if (Splits.empty() || !G.Tiled)
      return std::nullopt;
    auto No = [&](const std::string &W) {
      Why = "per cell in the tile (not row by row: " + W + ")";
      return std::nullopt;
    };
    if (G.Tables.size() != 1 || G.TileSizes.size() != 2)
      return No("not one two-index table");
    if (G.Signs[0] != -1 || G.Signs[1] != 1)
      return No("its band does not run the rows downward and the columns "
                "forward");
    const int T = G.Tables[0];
    const TableInfo &Tab = P.M.Tables[T];
    const std::string &Row = Tab.Indices[0], &Col = Tab.Indices[1];
    CpuRowPush R;
    R.Group = GI;
    for (int SI : Splits) {
      const SplitInfo &Sp = P.Splits[SI];
      const CpuProduct &CP = P.Cpu.Products[SI];
      if (Sp.Op != RedOp::Max && Sp.Op != RedOp::Min)
        return No("a reduction other than max or min");
      if ((Sp.Ty != ScalarType::Int32 && Sp.Ty != ScalarType::Int64) ||
          Tab.Type != Sp.Ty)
        return No("values other than int32 or int64");
      if (Sp.SoftInf || CP.Flagged || !Sp.KTerms.empty() ||
          Sp.KVars.size() != 1 || !Sp.FactoredText.empty())
        return No("a product with infinite operands, terms that depend "
                  "on k, or several contraction indices");
      const VExpr &X = *Sp.X, &Y = *Sp.Y;
      if (X.Table != T || !X.DynIdx.empty() || !Y.DynIdx.empty())
        return No("a product that reads another table");
      CpuRowPush::Split S;
      S.Index = SI;
      // (a copy table's cell holds its source cell's value: the rows read
      // the source's row instead)
      if (effectiveTable(P, Y.Table) != T)
        return No("a product that reads another table (not a copy of "
                  "this one)");
      S.YIdx = effectiveCell(P, Y.Table, Y.Idx);
      const std::string &K = Sp.KVars[0];
      auto XR = offsetFrom(*X.Idx[0], Row), XK = offsetFrom(*X.Idx[1], K);
      auto YK = offsetFrom(*S.YIdx[0], K), YC = offsetFrom(*S.YIdx[1], Col);
      if (XR != 0 || !XK || !YK || YC != 0 || mentions(*X.Idx[1], Col) ||
          mentions(*S.YIdx[0], Row))
        return No("a product not of the form T[r, k + a] + T[k + b, c]");
      S.A = *XK;
      S.B = *YK;
      const VExpr *Red = findSplit(*P.Stmts[Sp.Stmt].Body, SI);
      if (!Red)
        return No("a reduction that not every cell of its statement "
                  "evaluates (under a case)");
      if (Red->Bindings.size() != 1)
        return No("a reduction without one range");
      auto Lo = offsetFrom(*Red->Bindings[0].Lo, Row);
      auto Hi = offsetFrom(*Red->Bindings[0].Hi, Col);
      if (!Lo || !Hi || mentions(*Red->Bindings[0].Lo, Col) ||
          mentions(*Red->Bindings[0].Hi, Row))
        return No("a reduction range other than [r + lo, c + hi]");
      S.Lo = *Lo;
      S.Hi = *Hi;
      if (S.Lo + S.B < 1 || S.A + S.Hi > -1)
        return No("a product reading cells that are not below its row or "
                  "left of its cell");
      // The k that the pre-pass leaves to the tile product: a convex part
      // of U(T) (all of it where it is convex; a k of U(T) outside it is
      // also added by the pre-pass, harmless for max and min), one
      // interval [ULo, UHi] of k where UCond holds.
      isl::set Core = convexCore(Plans[SI].U);
      if (Core.is_empty())
        return No("U(T) has no convex part");
      const unsigned NT = static_cast<unsigned>(Sp.TileVars.size());
      isl::set CoreK = dimsToParams(Core, 0, NT, Sp.TileVars);
      isl::set CoreCtx = CoreK.params();
      S.UCond = fromParamSet(CoreCtx, PM.paramContext());
      S.ULo = fromPwAff(dimMin(CoreK, 0), CoreCtx);
      S.UHi = fromPwAff(dimMax(CoreK, 0), CoreCtx);
      // The statement's cells of a row: one interval of columns.
      isl::set Rows = dimsToParams(PM.statements()[Sp.Stmt].Domain, 0, 1,
                                   {Row})
                          .coalesce();
      if (!isOneConvexPiece(Rows))
        return No("a row of the statement's cells is not one interval");
      isl::set RowCtx = Rows.params();
      S.RowCond = fromParamSet(RowCtx, PM.paramContext());
      S.ColMin = fromPwAff(dimMin(Rows, 0), RowCtx);
      S.ColMax = fromPwAff(dimMax(Rows, 0), RowCtx);
      R.Splits.push_back(S);
    }
    for (int S : G.Stmts)
      R.StmtDomains.push_back(fromParamSet(
          dimsToParams(PM.statements()[S].Domain, 0, 2, {Row, Col}).params(),
          PM.paramContext()));
    return R;
  }
};

} // namespace

void dpc::planCpuRowPush(const PolyModel &PM,
                         const std::vector<SplitPlan> &Splits, Program &P) {
  RowPushPlanner(PM, Splits, P).run();
}
