//===- PlanStripCells.cpp - how the cells of a lane strip are computed ----===//
//
// Takes the lowered program after FindLaneStrips and gives, per strip group
// (lir::Group::Strip):
//   - the input elements its cells read (score symbols, int inputs), each
//     with its position in the band members and how often it changes along
//     the sweep: not at all, once per row of the strip, once per column
//     (a step), or per cell (Group::StripLeaves). A printer reads a row's
//     elements once per strip and a column's once per step instead of once
//     per cell; the read is guarded by the input's bounds, so it can be made
//     for rows and columns where no arm reads it.
//   - whether a cell can be computed branch-free (Group::BranchFree): every
//     arm of every table's cases evaluated, the first arm whose guard holds
//     chosen by a select. That is safe when evaluating an arm that is not
//     chosen has no effect: its reads come from registers, hoisted leaves
//     and guarded loads, and its checks only set flags that count when the
//     arm is chosen (runtime/dpc_values.h, *_flag). The checked sentinel
//     arithmetic of int tables that may hold +-inf fails at once on
//     inf - inf, so such tables are not BranchFree, as cells with
//     reductions are not; where no operation can meet inf - inf and the
//     finite values stay within int32 (lir::stripLaneMagnitude) they are
//     BranchFreeWithSentinels: int32 that carries the infinities as the
//     stored sentinels needs no check (the CPU strips' lanes, the GPU strip
//     kernels' cells).
// Decided from the statement bodies alone, never from a recurrence's name;
// `dpc emit --stage=schedule` prints both.
//
//===----------------------------------------------------------------------===//
#include "Lower/Lowering.h"

#include <functional>
#include <map>

using namespace dpc;
using namespace dpc::lir;

namespace {

/// Why a statement of a strip group cannot be evaluated speculatively
/// ("" if it can).
/// With Sentinels, infinite int values are allowed where no operation can
/// meet inf - inf or inf * 0 (lir::undefinedFree).
std::string whyNotSpeculative(const Program &P, const lir::Statement &St,
                              bool Sentinels) {
  std::string Why;
  forEachVExpr(*St.Body, [&](const VExpr &E) {
    if (!Why.empty())
      return;
    if (E.K == VExpr::Reduce || E.K == VExpr::SplitReduce)
      Why = St.Name + " has a reduction";
    else if (isIntType(E.Ty) && E.K != VExpr::Const && !isSmallFinite(P, E) &&
             !(Sentinels && undefinedFree(P, E)))
      Why = St.Name + "'s values may be infinite: the sentinel arithmetic "
                      "checks every operation as it goes";
  });
  return Why;
}

/// Why a statement of strip group G whose int values may be infinite
/// cannot run as int32 with the infinities as the stored sentinels ("" if
/// it can): its table must store int32, and its finite values and
/// intermediates must stay within +-(2^31 - 2) (lir::stripLaneMagnitude),
/// so that no finite sum wraps or meets a sentinel.
std::string whyNotSentinelLanes(const Program &P, const Group &G,
                                const lir::Statement &St) {
  const TableInfo &Tab = P.M.Tables[St.Table];
  const VExpr &B = *St.Body;
  if (!isIntType(B.Ty) || evaluatesInInt32(P, B))
    return "";
  if (Tab.Type != ScalarType::Int32 || B.Ty != ScalarType::Int32)
    return St.Name + "'s values may be infinite and its table does not store "
                     "int32 (the sentinel lanes are int32)";
  if (stripLaneMagnitude(P, G, Tab.Indices, B) > INT32_MAX - 1)
    return St.Name + "'s finite values are not proven within int32 (wide "
                     "intermediates need the checked sentinel arithmetic)";
  return "";
}

} // namespace

void dpc::planStripCells(Program &P) {
  for (auto &G : P.Groups) {
    G.StripLeaves.clear();
    G.BranchFree = false;
    G.BranchFreeWithSentinels = false;
    G.BranchFreeWhy.clear();
    if (!G.Strip || G.Signs.size() != 2)
      continue;
    std::map<std::string, size_t> Seen;
    auto AddLeaf = [&](const lir::Statement &St, int Input,
                       const IExprPtr &Ix) {
      IExprPtr Pos = toBandMembers(G, St.Indices, Ix);
      std::string Key = stripLeafKey(P.M.Inputs[Input].Name, Pos);
      if (Seen.count(Key))
        return;
      StripLeaf L;
      bool R = mentions(*Pos, "dpc_m0"), C = mentions(*Pos, "dpc_m1");
      L.Lev = R && C ? StripLeaf::Cell
              : R    ? StripLeaf::Row
              : C    ? StripLeaf::Col
                     : StripLeaf::Fixed;
      L.Input = Input;
      L.Pos = Pos;
      L.Guard = IExpr::op(
          IExpr::And,
          {IExpr::op(IExpr::Ge, {Pos, IExpr::num(0)}),
           IExpr::op(IExpr::Lt,
                     {Pos, P.M.Inputs[Input].length()})});
      L.Key = Key;
      Seen[Key] = G.StripLeaves.size();
      G.StripLeaves.push_back(std::move(L));
    };
    std::string Why, WhySentinels;
    for (int T : G.StripTables) {
      std::vector<int> Arms = P.armsOf(T);
      const std::vector<int> *Mirrors = nullptr;
      for (int S : Arms) {
        if (S < 0)
          continue;
        const lir::Statement &St = P.Stmts[S];
        forEachVExpr(*St.Body, [&](const VExpr &E) {
          if (E.K == VExpr::InputLoad)
            AddLeaf(St, E.Input, E.Ix);
          if (E.K == VExpr::Score)
            for (auto &[In, Ix] : E.SeqArgs)
              AddLeaf(St, In, Ix);
        });
        if (Why.empty())
          Why = whyNotSpeculative(P, St, false);
        if (WhySentinels.empty())
          WhySentinels = whyNotSpeculative(P, St, true);
        if (WhySentinels.empty())
          WhySentinels = whyNotSentinelLanes(P, G, St);
        if (Mirrors && *Mirrors != St.MirrorTables) {
          std::string W = "the arms of " + P.M.Tables[T].Name +
                          " store into different copy tables";
          if (Why.empty())
            Why = W;
          if (WhySentinels.empty())
            WhySentinels = W;
        }
        Mirrors = &St.MirrorTables;
      }
    }
    G.BranchFree = Why.empty();
    G.BranchFreeWithSentinels = !G.BranchFree && WhySentinels.empty();
    G.BranchFreeWhy =
        G.BranchFree
            ? "every arm of every table can be evaluated where it is not "
              "chosen (registers, guarded reads, errors kept in flags): a "
              "cell evaluates them all and selects one, with no branch"
            : Why;
  }
}
