//===- FindRowReductions.cpp - row reductions a strip sweep can compute ---===//
//
// Takes the lowered program after PlanStripCells and gives, per lane strip
// group (lir::Group::Strip), the reductions over the rows of its tables
// that its sweep can compute as it goes (Group::RowReductions): a table R
// whose whole body is `max j in lo .. hi : H[i, j]` (or min) of strip table
// H, where
//   - the read is H[i, j] itself (R's index, the reduction's index),
//   - the cells it reads are exactly H's cells (isl: the access's range
//     equals H's domain), so a row of H is exactly one reduction,
//   - no reduction is empty (isl), so the running max of a row's cells is
//     its value, never the identity,
//   - R has H's type (max and min of stored values need no other check),
//   - and R's statement is alone in its group.
// A lane then keeps its row's running max and stores R[i] when its strip
// is done, instead of a second pass that reads all of H again. Sums are
// not fused (another order of a float sum gives another value); a
// reduction over the columns would need the strips to combine. Where a
// reduction of a strip table is not fused, the reason is recorded
// (Group::RowReductionWhy). Whether a target's sweep fuses them is the
// target plans' choice (Lower/MapToTarget.cpp). Decided from the bodies
// and isl alone; `dpc emit --stage=schedule` prints both.
//
//===----------------------------------------------------------------------===//
#include "Lower/Lowering.h"

#include <algorithm>

using namespace dpc;
using namespace dpc::lir;

namespace {

bool isVar(const IExprPtr &E, const std::string &Name) {
  return E && E->K == IExpr::Var && E->Name == Name;
}

/// Why statement S (a reduction over strip table H's cells, R = its table)
/// cannot be fused into H's sweep ("" if it can).
std::string whyNotFused(const PolyModel &PM, const Program &P, int S,
                        const VExpr &Red, int H) {
  const lir::Statement &St = P.Stmts[S];
  const TableInfo &R = P.M.Tables[St.Table], &HT = P.M.Tables[H];
  const VExpr &L = *Red.Kids[0];
  if (Red.Op != RedOp::Max && Red.Op != RedOp::Min)
    return std::string("a ") + redOpName(Red.Op) +
           " (only max and min keep their value in another order)";
  if (St.Arm != -1)
    return "it is one case of " + R.Name;
  if (St.Indices.size() == 1 && Red.Bindings.size() == 1 &&
      HT.Indices.size() == 2 && isVar(L.Idx[1], St.Indices[0]) &&
      isVar(L.Idx[0], Red.Bindings[0].Var))
    return "it reduces a column of " + HT.Name +
           " (the strips would have to combine their parts of it)";
  if (St.Indices.size() != 1 || Red.Bindings.size() != 1 ||
      HT.Indices.size() != 2 || !isVar(L.Idx[0], St.Indices[0]) ||
      !isVar(L.Idx[1], Red.Bindings[0].Var))
    return "it does not read " + HT.Name + "[" + St.Indices[0] +
           ", <the reduction's index>]";
  if (R.Type != HT.Type || Red.Ty != HT.Type)
    return R.Name + " is not of " + HT.Name + "'s type";
  const Group *RG = P.groupOf(S);
  if (!RG || RG->Stmts.size() != 1)
    return "it shares its group with other statements";
  const dpc::Statement *PS = nullptr;
  for (auto &X : PM.statements())
    if (X.Name == St.Name)
      PS = &X;
  if (!PS)
    return "no polyhedral statement";
  const ReadAccess *Read = nullptr;
  for (auto &Rd : PS->Reads)
    if (Rd.IsTable && Rd.Target == H)
      Read = &Rd;
  if (!Read || Read->Reductions.size() != 1)
    return "its read of " + HT.Name + " is not in one reduction";
  isl::set Cells = Read->Access.range().intersect_params(PM.paramContext());
  if (!Cells.is_equal(PM.tableDomain(H)))
    return "the cells it reads are not exactly " + HT.Name + "'s";
  if (PM.reductionMayBeEmpty(Read->Reductions[0]))
    return "its range may be empty for some " + St.Indices[0];
  return "";
}

} // namespace

void dpc::findRowReductions(const PolyModel &PM, Program &P) {
  for (auto &G : P.Groups) {
    G.RowReductions.clear();
    G.RowReductionWhy.clear();
  }
  for (size_t S = 0; S < P.Stmts.size(); ++S) {
    const lir::Statement &St = P.Stmts[S];
    const VExpr &B = *St.Body;
    if (B.K != VExpr::Reduce || B.Kids.empty() || B.Kids[0]->K != VExpr::Load)
      continue;
    int H = B.Kids[0]->Table;
    auto GI = std::find_if(P.Groups.begin(), P.Groups.end(), [&](const Group &G) {
      return G.Strip &&
             std::count(G.StripTables.begin(), G.StripTables.end(), H);
    });
    if (GI == P.Groups.end())
      continue;
    std::string Why = whyNotFused(PM, P, static_cast<int>(S), B, H);
    if (!Why.empty()) {
      GI->RowReductionWhy.push_back(St.Name + " is not computed by the "
                                              "sweep: " + Why);
      continue;
    }
    RowReduction RR;
    RR.Stmt = static_cast<int>(S);
    RR.Table = St.Table;
    RR.Source = H;
    RR.Group = static_cast<int>(P.groupOf(static_cast<int>(S)) -
                                P.Groups.data());
    RR.Op = B.Op;
    GI->RowReductions.push_back(RR);
  }
}
