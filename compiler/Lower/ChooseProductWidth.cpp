//===- ChooseProductWidth.cpp - product instances where values fit ------===//
//
// Takes the lowered program after the GPU plan (Program::Ranges: the proven
// bounds on each int table's values, Lower/AnalyzeRanges.cpp) and gives,
// for each register-blocked GPU tile product of int32 max-plus (min-plus)
// form, whether it has an int16x2 instance and the condition on a run's
// params under which that instance is exact (GpuProduct::S16, S16Cond,
// S16Why).
//
// The int16x2 instance stages the operands as 16-bit values and combines
// two columns of accumulators per instruction (__viaddmax_s16x2: the s16x2
// DPX rate is twice the s32 one). It is exact where every value of X's and
// Y's tables lies within +-(2^14 - 1): a sum of two of them then lies
// within +-(2^15 - 2) and never wraps, and INT16_MIN (INT16_MAX for min)
// stays the identity, as INT32_MIN does for the int32 form (padding and
// identity map to it). A table's range is max over its lower bounds <=
// value <= min over its upper bounds (affine functions of the params), so
// the condition is, per table, (some upper bound <= 2^14 - 1) and (some
// lower bound >= -(2^14 - 1)), each bound multiplied by its denominators'
// least common multiple to stay integral; bounds proven with the `let`s at
// their declared values add `let == value`. The generated code evaluates
// it per problem (a block's problem), and the int32 form runs otherwise.
//
// The same proven ranges give a product with the soft-infinity combine
// (SplitInfo::SoftInf: masked, or operands that may be -inf) an exact
// instance where its operand tables hold only finite values within
// +-2^28 (GpuProduct::SoftExact, SoftExactCond): its staged elements are
// stored as loaded, without the clamp and the test for wide operands that
// decides the exact fallback; so do the CPU's guarded packs
// (CpuProduct::SoftExact).
//
//===----------------------------------------------------------------------===//
#include "Lower/Lowering.h"

#include <fmt/format.h>

#include <numeric>
#include <set>

using namespace dpc;
using namespace dpc::lir;

namespace {

/// `B(params) <= Limit` (Upper) or `B(params) >= -Limit` (lower), integral:
/// B's rational coefficients scaled by their denominators' lcm. Null when
/// a scaled coefficient exceeds 2^20 (the generated test refuses params
/// beyond +-2^31, so no product or sum of them can wrap int64).
IExprPtr boundWithin(const ParamBound &B, bool Upper, int64_t Limit) {
  int64_t D = B.Const.Den;
  for (auto &[Name, R] : B.Coeffs) {
    D = std::lcm(D, R.Den);
    if (D > (int64_t(1) << 30))
      return nullptr;
  }
  Affine A;
  auto Scaled = [&](const Rational &R) -> std::optional<int64_t> {
    __int128 V = __int128(R.Num) * (D / R.Den);
    if (V > (__int128(1) << 20) || V < -(__int128(1) << 20))
      return std::nullopt;
    return static_cast<int64_t>(V);
  };
  for (auto &[Name, R] : B.Coeffs) {
    auto C = Scaled(R);
    if (!C)
      return nullptr;
    A.Coeffs[Name] = *C;
  }
  auto C0 = Scaled(B.Const);
  if (!C0)
    return nullptr;
  A.Const = *C0;
  IExprPtr E = IExpr::fromAffine(A);
  return Upper ? IExpr::op(IExpr::Le, {E, IExpr::num(Limit * D)})
               : IExpr::op(IExpr::Ge, {E, IExpr::num(-Limit * D)});
}

/// OR of the bounds' conditions (one bound holding is enough: the range is
/// their min / max): true (1) where one holds for every size (no params),
/// null where none can hold or be written.
IExprPtr anyWithin(const std::vector<ParamBound> &Bs, bool Upper,
                   int64_t Limit) {
  IExprPtr Or;
  for (const ParamBound &B : Bs) {
    IExprPtr C = boundWithin(B, Upper, Limit);
    if (!C)
      continue;
    if (std::optional<int64_t> V = constantOf(*C)) {
      if (*V)
        return IExpr::num(1);
      continue;
    }
    Or = Or ? IExpr::op(IExpr::Or, {Or, C}) : C;
  }
  return Or;
}

/// A && B, where each may be null or true (1); conjuncts kept once.
struct Conjunction {
  IExprPtr E;
  std::set<std::string> Seen;
  void add(const IExprPtr &C) {
    if (C->isInt(1) || !Seen.insert(iexprToString(*C)).second)
      return;
    E = E ? IExpr::op(IExpr::And, {E, C}) : C;
  }
  IExprPtr get() const { return E ? E : IExpr::num(1); }
};

/// The table a product operand reads (a load of a table), or -1.
int operandTable(const VExpr &E) {
  return E.K == VExpr::Load ? E.Table : -1;
}

/// The condition on a run's params under which every value of the tables
/// that Sp's operands read lies within +-Limit (their proven ranges), with
/// the tables named (Tables) and whether the ranges assume the `let`s at
/// their declared values (Lets); or why there is none (Missing).
struct Within {
  IExprPtr Cond;
  std::string Tables, Lets, Missing;
};
Within operandsWithin(const Program &P, const SplitInfo &Sp, int64_t Limit) {
  Within Out;
  std::vector<int> Tabs;
  for (const VExpr *Op : {Sp.X.get(), Sp.Y.get()}) {
    int T = Op ? operandTable(*Op) : -1;
    if (T >= 0 && std::find(Tabs.begin(), Tabs.end(), T) == Tabs.end())
      Tabs.push_back(T);
    else if (T < 0)
      Tabs.push_back(-1);
  }
  Conjunction Cond;
  bool AtLets = false;
  for (int T : Tabs) {
    if (T < 0 || T >= static_cast<int>(P.Ranges.size()) ||
        !P.Ranges[T].Known) {
      Out.Missing = T < 0 ? "an operand that is not a table load"
                          : "no proven range of " + P.M.Tables[T].Name;
      return Out;
    }
    const TableRange &R = P.Ranges[T];
    IExprPtr Hi = anyWithin(R.Upper, true, Limit),
             Lo = anyWithin(R.Lower, false, Limit);
    if (!Hi || !Lo) {
      Out.Missing = "the proven range of " + P.M.Tables[T].Name +
                    " does not lie within +-" + std::to_string(Limit) +
                    " for any size";
      return Out;
    }
    Cond.add(Hi);
    Cond.add(Lo);
    AtLets |= R.AtLetDefaults;
    Out.Tables += (Out.Tables.empty() ? "" : ", ") + P.M.Tables[T].Name;
  }
  if (AtLets)
    for (const LetInfo &L : P.M.Lets)
      if (!L.IsConst) {
        Cond.add(
            IExpr::op(IExpr::Eq, {IExpr::var(L.Name), IExpr::num(L.Value)}));
        Out.Lets += (Out.Lets.empty() ? "" : ", ") + L.Name + " = " +
                    std::to_string(L.Value);
      }
  Out.Cond = Cond.get();
  return Out;
}

/// The soft-infinity product's exact instance (GpuProduct::SoftExact):
/// where the operand tables' proven ranges (which exist only for tables
/// holding finite values) lie within +-2^28 (dpc::SoftNarrow), the staged
/// values need neither the clamp nor the test for wide operands.
void chooseSoftExact(const Program &P, const SplitInfo &Sp, GpuProduct &GP,
                     CpuProduct *CP) {
  if (!Sp.SoftInf || Sp.Ty != ScalarType::Int32)
    return;
  Within W = operandsWithin(P, Sp, SoftNarrowKept);
  if (!W.Missing.empty()) {
    GP.SoftExactWhy = "operands tracked for the exact fallback: " + W.Missing;
    return;
  }
  // (the CPU's guarded packs, the only CPU form that clamps and tests)
  if (CP && CP->Block && CP->Block->Guarded) {
    CP->SoftExact = true;
    CP->SoftExactCond = W.Cond;
  }
  if (GP.Form == GpuProductForm::Generic)
    return;
  GP.SoftExact = true;
  GP.SoftExactCond = W.Cond;
  GP.SoftExactWhy = fmt::format(
      "operands staged as loaded (no clamp, no test for operands beyond "
      "+-2^28) where the proven ranges of {} lie within +-2^28 for the "
      "problem's sizes{}: they hold no infinity, a masked operand's sums "
      "stay below -2^29 and no result needs the exact fallback; tracked "
      "otherwise",
      W.Tables, W.Lets.empty() ? "" : " (the ranges assume " + W.Lets + ")");
}

} // namespace

void dpc::chooseProductWidth(Program &P) {
  for (size_t S = 0; S < P.Splits.size() && S < P.Gpu.Products.size(); ++S) {
    const SplitInfo &Sp = P.Splits[S];
    GpuProduct &GP = P.Gpu.Products[S];
    chooseSoftExact(P, Sp, GP,
                    S < P.Cpu.Products.size() ? &P.Cpu.Products[S] : nullptr);
    auto Not = [&](std::string Why) { GP.S16Why = "int32 only: " + Why; };
    if (GP.Form == GpuProductForm::Generic) {
      Not("a generic product (no register-blocked staging)");
      continue;
    }
    if (Sp.Ty != ScalarType::Int32 ||
        (Sp.Op != RedOp::Max && Sp.Op != RedOp::Min)) {
      Not("not a max-plus or min-plus product of int values");
      continue;
    }
    if (Sp.SoftInf || Sp.RowMask || !Sp.KTerms.empty()) {
      // (a masked product has the soft-infinity combine whatever its
      // operands hold: its masked value is the clamped infinity)
      Not(Sp.RowMask   ? "a masked product"
          : Sp.SoftInf ? "its operands may be infinite"
                       : "its body has terms that depend on k");
      continue;
    }
    if (GP.ColsPerThread % 2 != 0) {
      Not("an odd number of columns per thread");
      continue;
    }
    Within W = operandsWithin(P, Sp, S16Kept);
    if (!W.Missing.empty()) {
      Not(W.Missing);
      continue;
    }
    GP.S16 = true;
    GP.S16Cond = W.Cond;
    GP.S16Why = fmt::format(
        "int16x2 (two columns per DPX instruction) where the proven ranges "
        "of {} lie within +-{} for the problem's sizes{}, so that no sum "
        "wraps; int32 otherwise",
        W.Tables, S16Kept,
        W.Lets.empty() ? "" : " (the ranges assume " + W.Lets + ")");
  }
}
