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
//   - the score lookups whose one symbol is the row's element and whose
//     other is the column's, with at most 8 column symbols and one-byte
//     entries (Group::StripScoreRows): a lane can keep a row's entries in
//     two registers; and why any other lookup is not such (ScoreRowWhy).
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

#include <fmt/format.h>

#include <algorithm>
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

/// Why score lookup E of strip group G, whose symbols are the leaves
/// Leaves, cannot keep a row's entries in two registers ("" if it can);
/// RowArg: the position of the row's symbol.
std::string whyNoScoreRow(const Program &P, const Group &G, const VExpr &E,
                          const std::vector<size_t> &Leaves, int &RowArg) {
  const ScoreInfo &Sc = P.M.Scores[E.ScoreId];
  if (Leaves.size() != 2)
    return "it has " + std::to_string(Leaves.size()) +
           " symbols (a row's and a column's are needed)";
  auto Lev = [&](int A) { return G.StripLeaves[Leaves[A]].Lev; };
  auto IsRow = [&](int A) {
    return Lev(A) == StripLeaf::Row || Lev(A) == StripLeaf::Fixed;
  };
  RowArg = IsRow(0) && Lev(1) == StripLeaf::Col   ? 0
           : IsRow(1) && Lev(0) == StripLeaf::Col ? 1
                                                  : -1;
  if (RowArg < 0)
    return "its symbols are not one of the cell's row and one of its column";
  const Alphabet ColAlpha = Sc.Params[1 - RowArg].second;
  const size_t ColSymbols = alphabetSymbols(ColAlpha).size();
  if (ColSymbols > 8)
    return fmt::format("its column symbol's alphabet {} has {} symbols (at "
                       "most 8 bytes fit two registers)",
                       alphabetName(ColAlpha), ColSymbols);
  if (!isIntType(Sc.Type))
    return "its entries are not int";
  for (const ScoreValue &V : Sc.Lookup)
    if (V.K != ScoreValue::Finite || V.I < -128 || V.I > 127)
      return "an entry is not a finite int in [-128, 127] (one byte)";
  return "";
}

/// Records score lookup E of strip group G (symbols at leaves Leaves) in
/// G.StripScoreRows where a row's entries fit two registers, else why not
/// in G.ScoreRowWhy (each score and reason once).
void addScoreRow(const Program &P, Group &G, const VExpr &E,
                 const std::vector<size_t> &Leaves) {
  int RowArg = -1;
  std::string Why = whyNoScoreRow(P, G, E, Leaves, RowArg);
  if (!Why.empty()) {
    Why = "score " + P.M.Scores[E.ScoreId].Name + ": " + Why;
    if (std::find(G.ScoreRowWhy.begin(), G.ScoreRowWhy.end(), Why) ==
        G.ScoreRowWhy.end())
      G.ScoreRowWhy.push_back(Why);
    return;
  }
  for (const StripScoreRow &R : G.StripScoreRows)
    if (R.Score == E.ScoreId && R.RowArg == RowArg &&
        R.RowLeaf == static_cast<int>(Leaves[RowArg]))
      return;
  G.StripScoreRows.push_back(
      {E.ScoreId, RowArg, static_cast<int>(Leaves[RowArg])});
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
    G.StripScoreRows.clear();
    G.ScoreRowWhy.clear();
    std::map<std::string, size_t> Seen;
    // The leaf of a read of Input at Ix (added where it is new): its index.
    auto AddLeaf = [&](const lir::Statement &St, int Input,
                       const IExprPtr &Ix) -> size_t {
      IExprPtr Pos = toBandMembers(G, St.Indices, Ix);
      std::string Key = stripLeafKey(P.M.Inputs[Input].Name, Pos);
      if (auto It = Seen.find(Key); It != Seen.end())
        return It->second;
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
      return G.StripLeaves.size() - 1;
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
          if (E.K == VExpr::Score) {
            std::vector<size_t> Leaves;
            for (auto &[In, Ix] : E.SeqArgs)
              Leaves.push_back(AddLeaf(St, In, Ix));
            addScoreRow(P, G, E, Leaves);
          }
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
