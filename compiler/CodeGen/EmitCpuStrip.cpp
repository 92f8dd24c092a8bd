//===- EmitCpuStrip.cpp - a strip sweep of the CPU plan as C++ ------------===//
//
// Prints a Sweep statement of the CPU plan (lir::CpuStrip): the tile
// wavefront of an alignment-like group as strips of Lanes rows, one row
// per SIMD lane (GCC/Clang vector extensions, runtime/dpc_cpu_simd.h).
// OpenMP threads take the strips in order and sweep their columns: at step
// S lane l computes column S - l. Per table the lanes' cells of the step
// before (left) are one vector; the row above (up) is that vector shifted
// by one lane with lane 0 taking the strip above's bottom row from memory,
// and the diagonal is the row above of the step before. A cell's body is
// cut in two: the part that reads neighbour cells (+, -, *, max, min,
// cases, literals: the spine) runs on whole vectors; the rest (inputs,
// scores, other groups' tables, case guards, the domain) runs lane by lane
// in a scalar loop through the ValueEmitter, into small arrays the spine
// loads. Stores go lane by lane too, with the same checks as the scalar
// statements. Every SyncCols columns a strip waits until the strip above
// has published that far (one progress counter per strip, release and
// acquire), and publishes its own progress.
//
// Branch-free groups (Group::BranchFree) hoist: a value that reads no
// neighbour and depends on the row only (lir::stripLevel) is computed once
// per strip, one on the column only once per step for lane 0 and shifted
// to the other lanes, one on neither once per strip; input symbols come
// from the group's hoisted leaves (Group::StripLeaves) the same way. Such
// values are computed for lanes whose case may not use them, so their
// reads are guarded and their checks set flags, merged where the case uses
// them; the stores check the lanes' values with flags too (a lane vector
// OR-ed over the strip) and write through each row's offset. The flags of
// a strip are reported when it is done. A row's or a column's symbols are
// int32 lane vectors (a column's shifted one lane a step), and a score of
// two such symbols one vector lookup a step (dpc::cpu::lookup).
//
// Sentinel lanes (CpuStrip::Sentinels): int values that may be infinite
// are carried as the stored sentinels; +, - and negation of operands that
// may be infinite keep them (dpc::cpu::sadd / ssub / sneg), scores with
// infinite entries are lane tables (dpc_scl_<name>), and wide leaves enter
// a lane through dpc::to_lane32.
//
//===----------------------------------------------------------------------===//
#include "CodeGen/Emitters.h"
#include "CodeGen/EmitUtil.h"

#include "Basic/Diagnostics.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

using namespace dpc;
using namespace dpc::lir;

namespace {

struct SweepPrinter {
  const Program &P;
  const CpuStrip &St;
  const Group &G;
  CodeWriter &W;
  int L;
  std::string LT, MT; // lane type, mask (arm) type of the same width
  bool Int;
  std::map<const VExpr *, int> Leaf, Arm; // lane arrays dpc_lf<n>, dpc_arm<n>
  /// The entries of Leaf or Arm in the order of their numbers (the maps'
  /// own order is that of addresses, which differs from run to run: the
  /// printed code must not).
  static std::vector<std::pair<const VExpr *, int>>
  byId(const std::map<const VExpr *, int> &M) {
    std::vector<std::pair<const VExpr *, int>> V(M.begin(), M.end());
    std::sort(V.begin(), V.end(),
              [](const auto &A, const auto &B) { return A.second < B.second; });
    return V;
  }
  int Next = 0;
  /// Branch-free groups: how often each leaf changes (Cell: per lane and
  /// step, in the lane loop), and the names the lane loop reads hoisted
  /// input symbols by (Group::StripLeaves).
  bool Hoist = false;
  std::map<const VExpr *, StripLeaf::Level> Lev;
  std::map<std::string, std::string> LeafNames;
  /// Branch-free groups: score tables as local int32 (or float) arrays, and
  /// the tables stored through each lane's row offset (dpc_ro_T: the row's
  /// cell at index 0; the columns are contiguous) with a vector check.
  std::map<int, std::string> LocalScores;
  std::map<int, std::string> LaneScores; // sentinel lanes: dpc_scl_<name>
  std::set<int> RowStores;
  /// Branch-free groups: the hoisted input symbols by key as int32 lane
  /// vectors (dpc_syv<n>, a row's or a column's) or scalars (the strip's),
  /// and the per-cell leaves computed as whole vectors before the lane loop
  /// (score lookups of such symbols: dpc_g<n>).
  std::map<std::string, std::string> SymVec;
  std::map<const VExpr *, std::string> Gathered;

  SweepPrinter(const Program &P, const CpuStrip &St, CodeWriter &W)
      : P(P), St(St), G(P.Groups[St.Group]), W(W), L(St.Lanes),
        LT(storeType(St.LaneType)),
        MT(typeBytes(St.LaneType) == 8 ? "int64_t" : "int32_t"),
        Int(St.LaneType == ScalarType::Int32), Hoist(St.Hoist) {}

  /// The value style of a leaf's evaluation: hoisted input symbols, and,
  /// for hoisted (speculative) leaves, guarded reads and flag checks.
  ValueStyle leafStyle(const std::vector<std::string> &Ix, bool Spec,
                       const std::string &Flag) const {
    ValueStyle VS;
    VS.UseSplits = false;
    if (Hoist) {
      VS.Strip = &G;
      VS.StripIndices = Ix;
      VS.Leaves = &LeafNames;
    }
    VS.Speculative = Spec;
    VS.FlagVar = Flag;
    VS.SharedScores = LocalScores;
    return VS;
  }
  /// Leaf E as its lane's value; Flag: the flag variable of its checks
  /// ("": dpc_err). An int leaf that may be infinite or is not proven small
  /// is computed wide (int64 with sentinels) and enters the lane as
  /// dpc::to_lane32 keeps it (CpuStrip::Sentinels).
  std::string leafValue(const VExpr &E, ValueEmitter &VE,
                        const std::string &Flag) {
    if (Int && !evaluatesInInt32(P, E))
      return Flag.empty()
                 ? "dpc::to_lane32(" + VE.emit(E) + ", dpc_err)"
                 : "dpc::to_lane32_flag(" + VE.emit(E) + ", " + Flag + ")";
    return LT + "(" + (Int ? VE.emitInInt32(E) : VE.emit(E)) + ")";
  }

  bool reads(const VExpr &E, const std::vector<std::string> &Ix) const {
    return P.readsStripNeighbour(G, Ix, E);
  }

  std::vector<int> arms(int T) const { return P.armsOf(T); }

  std::vector<IExprPtr> declareIndices(const TableInfo &Tab,
                                       const std::string &Mem0,
                                       const std::string &Mem1) {
    return declareBandIndices(G, Tab, Mem0, Mem1, W);
  }

  /// Var = cell (Mem0, Mem1) of table T from memory where it lies in T's
  /// domain (else 0: no statement reads it, the soundness proof). Above:
  /// a cell of the row above the strip, which a table kept as two rolling
  /// rows (lir::Storage::Ring, dpc_ring) has in the strip above's ring row;
  /// any other cell it does not have (no sweep reads one: an error).
  void loadCell(int T, const std::string &Var, const std::string &Mem0,
                const std::string &Mem1, bool Above) {
    const TableInfo &Tab = P.M.Tables[T];
    const std::string &Buf = P.Storages[T].Buffer;
    W.open("");
    auto X = declareIndices(Tab, Mem0, Mem1);
    std::string Guard = iexpr(domainGuard(P.M, T, X));
    std::string Full = fmt::format("dpc_t.{}[{}]", Buf, cellOffset(P, T, X, false));
    if (!P.Storages[T].Ring)
      W.line("if ({}) {} = {};", Guard, Var, Full);
    else if (Above)
      W.line("if ({}) {} = dpc_ring ? dpc_t.{}[{}] : {};", Guard, Var, Buf,
             ringOffset(P, T, "(dpc_k - 1) & 1", X[1]), Full);
    else
      W.line("if ({}) {{ if (dpc_ring) dpc::fail(dpc_err, dpc::ErrRingRead); "
             "else {} = {}; }}",
             Guard, Var, Full);
    W.close();
  }

  /// In a run with rolling rows (dpc_ring), the store of lane dpc_l's cell
  /// dpc_v (indices X) of ring table T: the strip's bottom row only, into
  /// ring row dpc_k % 2 (the output cell: after the lanes, outputStore).
  void ringStore(int T, const std::vector<IExprPtr> &X) {
    W.line("else if (dpc_l == {}) dpc_t.{}[{}] = dpc_v;", L - 1,
           P.Storages[T].Buffer, ringOffset(P, T, "dpc_k & 1", X[1]));
  }

  /// In a run with rolling rows, the output cell of a ring table that keeps
  /// it: lane dpc_ol computes it at step dpc_os (see print).
  void outputStore() {
    if (!ringKeepsOutput(P, G))
      return;
    W.open("if (dpc_ring && dpc_s == dpc_os)");
    for (int T : G.StripTables)
      emitRingOutputStore(P, T, "true",
                          "dpc_v_" + P.M.Tables[T].Name + "[dpc_ol]", W);
    W.close();
  }

  std::map<const VExpr *, int> LeafTable; // the table whose cell reads it
  void collect(const VExpr &E, int T) {
    const std::vector<std::string> &Ix = P.M.Tables[T].Indices;
    if (!reads(E, Ix)) {
      if (E.K != VExpr::Const) {
        LeafTable[&E] = T;
        Leaf[&E] = Next++;
        Lev[&E] = Hoist ? stripLevel(G, Ix, E) : StripLeaf::Cell;
      }
      return;
    }
    if (E.K == VExpr::Cases)
      Arm[&E] = Next++;
    for (auto &K : E.Kids)
      collect(*K, T);
  }

  /// The lane-by-lane part of E (inside the lane loop, E's indices declared).
  void laneCode(const VExpr &E, const std::vector<std::string> &Ix,
                ValueEmitter &VE) {
    if (!reads(E, Ix)) {
      if (E.K == VExpr::Const)
        return;
      int Id = Leaf.at(&E);
      switch (Lev.at(&E)) {
      case StripLeaf::Cell:
        if (!Gathered.count(&E)) // (else a vector lookup before the loop)
          W.line("dpc_lf{}[dpc_l] = {};", Id,
                 leafValue(E, VE, Hoist ? "dpc_lb" : ""));
        break;
      case StripLeaf::Fixed: // the case uses it here: its check counts
        W.line("dpc_lb |= dpc_hb{};", Id);
        break;
      case StripLeaf::Row:
      case StripLeaf::Col:
        W.line("dpc_lb |= unsigned(dpc_hb{}v[dpc_l]);", Id);
        break;
      }
      return;
    }
    if (E.K == VExpr::Cases) {
      int A = Arm.at(&E);
      for (size_t K = 0; K < E.Kids.size(); ++K) {
        std::string Set = fmt::format("dpc_arm{}[dpc_l] = {};", A, K);
        if (!E.Guards[K]) {
          W.text(K ? "else " + Set : Set);
          break;
        }
        W.line("{}if ({}) {}", K ? "else " : "", iexpr(E.Guards[K]), Set);
      }
      for (size_t K = 0; K < E.Kids.size(); ++K) {
        W.open(fmt::format("if (dpc_arm{}[dpc_l] == {})", A, K));
        laneCode(*E.Kids[K], Ix, VE);
        W.close();
        if (!E.Guards[K])
          break;
      }
      return;
    }
    for (auto &K : E.Kids)
      laneCode(*K, Ix, VE);
  }

  std::string fresh() { return "dpc_x" + std::to_string(Next++); }

  /// Sentinel lanes: whether operation E's operands may be infinite (else
  /// the plain lane arithmetic is exact).
  bool sentinels(const VExpr &E) const {
    if (!St.Sentinels)
      return false;
    for (auto &K : E.Kids) {
      InfSigns S = infSigns(P, *K);
      if (S.Neg || S.Pos)
        return true;
    }
    return false;
  }

  /// The spine of E as lane vectors: the name of a local.
  std::string vec(const VExpr &E, const std::vector<std::string> &Ix) {
    std::string N = fresh();
    if (!reads(E, Ix)) {
      if (E.K == VExpr::Const) {
        std::string C =
            E.Inf ? (Int ? (E.Inf < 0 ? "dpc::Limits<int32_t>::Neg"
                                      : "dpc::Limits<int32_t>::Pos")
                         : LT + (E.Inf < 0 ? "(-INFINITY)" : "(INFINITY)"))
            : Int ? LT + "(" + std::to_string(E.IntVal) + ")"
                  : LT + "(" + fmt::format("{:.17g}", E.FloatVal) + ")";
        W.line("const dpc_V {} = dpc_V{{}} + {};", N, C);
      } else if (Lev.at(&E) == StripLeaf::Fixed) {
        W.line("const dpc_V {} = dpc_V{{}} + dpc_h{};", N, Leaf.at(&E));
      } else if (Gathered.count(&E)) {
        return Gathered.at(&E);
      } else if (Lev.at(&E) != StripLeaf::Cell) {
        return fmt::format("dpc_h{}v", Leaf.at(&E));
      } else {
        W.line("const dpc_V {} = dpc::cpu::loadl<dpc_V>(dpc_lf{});", N,
               Leaf.at(&E));
      }
      return N;
    }
    switch (E.K) {
    case VExpr::Load: {
      auto R = P.stripRead(G, Ix, E);
      const std::string &T = P.M.Tables[R->Table].Name;
      const char *Which = R->D0 == 0 && R->D1 == 0 ? "v"
                          : R->D1 == 0             ? "up"
                          : R->D0 == 0             ? "prev"
                                                   : "diag";
      return fmt::format("dpc_{}_{}", Which, T);
    }
    case VExpr::Neg: {
      std::string A = vec(*E.Kids[0], Ix);
      if (sentinels(E))
        W.line("const dpc_V {} = dpc::cpu::sneg({});", N, A);
      else
        W.line("const dpc_V {} = -{};", N, A);
      return N;
    }
    case VExpr::Add:
    case VExpr::Sub:
    case VExpr::Mul: {
      std::string A = vec(*E.Kids[0], Ix), B = vec(*E.Kids[1], Ix);
      if (E.K != VExpr::Mul && sentinels(E)) // (* never meets an infinity)
        W.line("const dpc_V {} = dpc::cpu::{}({}, {});", N,
               E.K == VExpr::Add ? "sadd" : "ssub", A, B);
      else
        W.line("const dpc_V {} = {} {} {};", N, A,
               E.K == VExpr::Add ? "+" : E.K == VExpr::Sub ? "-" : "*", B);
      return N;
    }
    case VExpr::Max:
    case VExpr::Min: {
      // as dpc::vmax / dpc::vmin: the first unless the second is greater
      // (smaller)
      const char *Op = E.K == VExpr::Max ? ">" : "<";
      std::string Acc = vec(*E.Kids[0], Ix);
      for (size_t I = 1; I < E.Kids.size(); ++I) {
        std::string B = vec(*E.Kids[I], Ix), M = fresh();
        W.line("const dpc_V {0} = {1} {2} {3} ? {1} : {3};", M, Acc, Op, B);
        Acc = M;
      }
      return Acc;
    }
    case VExpr::Cases: {
      int A = Arm.at(&E);
      std::vector<std::string> Vs;
      for (size_t K = 0; K < E.Kids.size(); ++K) {
        Vs.push_back(vec(*E.Kids[K], Ix));
        if (!E.Guards[K])
          break;
      }
      std::string Mask = fresh();
      W.line("const dpc_M {} = dpc::cpu::loadl<dpc_M>(dpc_arm{});", Mask, A);
      std::string Acc = "(dpc_V{})";
      for (size_t K = Vs.size(); K-- > 0;) {
        std::string M = fresh();
        W.line("const dpc_V {} = {} == {} ? {} : {};", M, Mask, K, Vs[K], Acc);
        Acc = M;
      }
      return Acc;
    }
    default:
      DPC_ICE("a strip sweep's spine holds an unsupported operation");
    }
  }

  /// Branch-free groups: which score tables become local arrays, which
  /// tables store through row offsets (the decisions' inputs are the
  /// storage maps and the score entries; nothing here changes a value).
  void planHoisting(CodeWriter &Out) {
    if (!Hoist)
      return;
    std::set<int> Scores;
    std::function<void(const VExpr &)> Walk = [&](const VExpr &E) {
      if (E.K == VExpr::Score)
        Scores.insert(E.ScoreId);
      for (auto &K : E.Kids)
        Walk(*K);
    };
    for (int S : G.Stmts)
      Walk(*P.Stmts[S].Body);
    for (int Sc : Scores) {
      const ScoreInfo &Info = P.M.Scores[Sc];
      bool Ok = true;
      std::string Vals;
      for (auto &V : Info.Lookup) {
        Ok &= V.K == ScoreValue::Finite &&
              (!isIntType(Info.Type) || (V.I >= INT32_MIN && V.I <= INT32_MAX));
        Vals += (Vals.empty() ? "" : ", ") +
                (isIntType(Info.Type) ? std::to_string(V.I)
                                      : fmt::format("{:.17g}", V.F));
      }
      if (!Ok) {
        laneScore(Sc, Out);
        continue;
      }
      std::string Arr = "dpc_sct_" + Info.Name;
      // (padded to a multiple of 16 entries: dpc::cpu::lookup reads whole
      // vectors of it)
      Out.line("alignas(64) static constexpr {} {}[{}] = {{{}}};",
               isIntType(Info.Type) ? "int32_t" : evalType(Info.Type), Arr,
               (Info.Lookup.size() + 15) / 16 * 16, Vals);
      LocalScores[Sc] = Arr;
    }
    for (int T : G.StripTables) {
      bool Mirrors = false;
      for (int S : G.Stmts)
        Mirrors |= P.Stmts[S].Table == T && !P.Stmts[S].MirrorTables.empty();
      if (!Mirrors && unitStrideIn(P, T, 1))
        RowStores.insert(T);
    }
  }

  /// Sentinel lanes: an int score with infinite entries as a local array
  /// of lane values (-inf INT32_MIN, +inf INT32_MAX; its finite entries
  /// within the range kept for int), for vector lookups (dpc_scl_<name>).
  void laneScore(int Sc, CodeWriter &Out) {
    const ScoreInfo &Info = P.M.Scores[Sc];
    if (!St.Sentinels || !isIntType(Info.Type))
      return;
    std::string Vals;
    for (auto &V : Info.Lookup) {
      if (V.K == ScoreValue::Finite && (V.I < -IntKept || V.I > IntKept))
        return;
      Vals += (Vals.empty() ? "" : ", ") +
              (V.K == ScoreValue::NegInf   ? std::string("INT32_MIN")
               : V.K == ScoreValue::PosInf ? std::string("INT32_MAX")
                                           : std::to_string(V.I));
    }
    std::string Arr = "dpc_scl_" + Info.Name;
    Out.comment("score " + Info.Name + " as lane values (-inf INT32_MIN, +inf "
                "INT32_MAX), padded to a multiple of 16 entries");
    Out.line("alignas(64) static constexpr int32_t {}[{}] = {{{}}};", Arr,
             (Info.Lookup.size() + 15) / 16 * 16, Vals);
    LaneScores[Sc] = Arr;
  }

  /// A hoisted input symbol or value (Group::StripLeaves) for band members
  /// declared as dpc_m0 / dpc_m1: read where its position lies inside the
  /// input (else 0: never used there).
  std::string leafRead(const StripLeaf &L) const {
    const InputInfo &I = P.M.Inputs[L.Input];
    return fmt::format("({}) ? {}(dpc::ro(dpc_in.{}[{}])) : {}(0)",
                       iexpr(L.Guard), inputElemType(I), I.Name, iexpr(L.Pos),
                       inputElemType(I));
  }

  /// Leaf E (not a per-cell one) for the cell at band members (Mem0, Mem1),
  /// into Val and its flag into Flag: speculative, the case may not use it.
  void hoistedLeaf(const VExpr &E, const std::string &Mem0,
                   const std::string &Mem1, const std::string &Val,
                   const std::string &Flag) {
    const TableInfo &Tab = P.M.Tables[LeafTable.at(&E)];
    W.open("");
    declareIndices(Tab, Mem0, Mem1);
    W.line("unsigned dpc_fl = 0;");
    ValueEmitter VE(P, leafStyle(Tab.Indices, true, "dpc_fl"), W);
    W.line("{} = {};", Val, leafValue(E, VE, "dpc_fl"));
    W.line("{} = dpc_fl;", Flag);
    W.close();
  }

  /// Branch-free groups, once per strip: the hoisted input symbols and the
  /// leaves that are the same along a row, a column or the whole strip.
  /// A column's leaves are kept per lane as of the step before the first
  /// (lane l at column -1 - l) and shifted one lane per step (colUpdate).
  void hoistLeaves() {
    const ModuleInfo &M = P.M;
    W.comment("Hoisted (the cells are branch-free): the input elements and "
              "values that are the same\nalong a row (once per strip), a "
              "column (lane 0's, shifted one lane a step) or\nthe whole strip; "
              "their checks are flags, counted where a cell's case uses "
              "them.");
    W.line("unsigned dpc_bad = 0;");
    W.line("dpc_M dpc_bv = {{}}; // the stored lanes' checks (any lane set: "
           "flag)");
    for (int T : RowStores) {
      const TableInfo &Tab = M.Tables[T];
      W.comment(Tab.Name + ": each lane's row at index 0 (its columns follow "
                           "contiguously)");
      W.line("alignas(64) int64_t dpc_ro_{}[{}];", Tab.Name, L);
      W.open(fmt::format("for (int dpc_l = 0; dpc_l < {}; ++dpc_l)", L));
      auto X = declareIndices(Tab, "dpc_lo0 + dpc_l", "dpc_lo1");
      X[1] = IExpr::num(0);
      W.line("dpc_ro_{}[dpc_l] = {};", Tab.Name, cellOffset(P, T, X, false));
      W.close();
    }
    for (size_t LI = 0; LI < G.StripLeaves.size(); ++LI) {
      const StripLeaf &Lf = G.StripLeaves[LI];
      if (Lf.Lev == StripLeaf::Cell)
        continue;
      std::string N = "dpc_sy" + std::to_string(LI);
      std::string Ty = inputElemType(M.Inputs[Lf.Input]);
      const bool Sym = M.Inputs[Lf.Input].Alpha != Alphabet::Int;
      if (Lf.Lev == StripLeaf::Fixed) {
        W.line("const {} {} = {}; // {}", Ty, N, leafRead(Lf), Lf.Key);
        LeafNames[Lf.Key] = N;
        if (Sym)
          SymVec[Lf.Key] = "int32_t(" + N + ")";
        continue;
      }
      // (symbols as int32 lanes: a column's move one lane a step)
      std::string Vn = "dpc_syv" + std::to_string(LI);
      W.line("alignas(64) {} {}[{}]; // {}", Sym ? "int32_t" : Ty, N, L,
             Lf.Key);
      W.open(fmt::format("for (int dpc_l = 0; dpc_l < {}; ++dpc_l)", L));
      W.text(Lf.Lev == StripLeaf::Row
                 ? "const int64_t dpc_m0 = dpc_lo0 + dpc_l;"
                 : "const int64_t dpc_m1 = dpc_lo1 - 1 - dpc_l;");
      W.line("{}[dpc_l] = {};", N, leafRead(Lf));
      W.close();
      if (Sym) {
        W.line("dpc_SV {} = dpc::cpu::loadl<dpc_SV>({});", Vn, N);
        LeafNames[Lf.Key] = "int8_t(" + Vn + "[dpc_l])";
        SymVec[Lf.Key] = Vn;
      } else {
        LeafNames[Lf.Key] = N + "[dpc_l]";
      }
    }
    for (auto &[E, Id] : byId(Leaf)) {
      StripLeaf::Level Lv = Lev.at(E);
      if (Lv == StripLeaf::Cell)
        continue;
      std::string V = fmt::format("dpc_h{}", Id), F = fmt::format("dpc_hb{}", Id);
      if (Lv == StripLeaf::Fixed) {
        W.line("{} {}; unsigned {};", LT, V, F);
        hoistedLeaf(*E, "dpc_lo0", "dpc_lo1", V, F);
        continue;
      }
      W.line("alignas(64) {} {}[{}]; alignas(64) int32_t {}[{}];", LT, V, L,
             F, L);
      W.open(fmt::format("for (int dpc_l = 0; dpc_l < {}; ++dpc_l)", L));
      if (Lv == StripLeaf::Row)
        hoistedLeaf(*E, "dpc_lo0 + dpc_l", "dpc_lo1", V + "[dpc_l]",
                    F + "[dpc_l]");
      else
        hoistedLeaf(*E, "dpc_lo0", "dpc_lo1 - 1 - dpc_l", V + "[dpc_l]",
                    F + "[dpc_l]");
      W.close();
      // (as lane vectors: a column's move one lane a step)
      W.line("dpc_V {0}v = dpc::cpu::loadl<dpc_V>({0});", V);
      W.line("dpc_SV {0}v = dpc::cpu::loadl<dpc_SV>({0});", F);
    }
    planGathers();
  }

  /// Branch-free groups, at each step: the column's hoisted symbols and
  /// leaves move one lane on; lane 0 reads column dpc_s.
  void colUpdate() {
    for (size_t LI = 0; LI < G.StripLeaves.size(); ++LI) {
      const StripLeaf &Lf = G.StripLeaves[LI];
      if (Lf.Lev != StripLeaf::Col)
        continue;
      std::string N = "dpc_sy" + std::to_string(LI);
      W.open("");
      W.line("const int64_t dpc_m1 = dpc_lo1 + dpc_s;");
      if (SymVec.count(Lf.Key)) {
        W.line("dpc_syv{0} = dpc::cpu::shift_in(dpc_syv{0}, int32_t({1}));",
               LI, leafRead(Lf));
      } else {
        W.line("std::memmove({0} + 1, {0}, {1} * sizeof({0}[0]));", N, L - 1);
        W.line("{}[0] = {};", N, leafRead(Lf));
      }
      W.close();
    }
    for (auto &[E, Id] : byId(Leaf)) {
      if (Lev.at(E) != StripLeaf::Col)
        continue;
      std::string V = fmt::format("dpc_h{}", Id), F = fmt::format("dpc_hb{}", Id);
      W.open("");
      W.line("const int dpc_l = 0; // (the column's symbols of lane 0)");
      W.line("{} dpc_hc; unsigned dpc_hcf;", LT);
      hoistedLeaf(*E, "dpc_lo0", "dpc_lo1 + dpc_s", "dpc_hc", "dpc_hcf");
      W.line("{0}v = dpc::cpu::shift_in({0}v, dpc_hc);", V);
      W.line("{0}v = dpc::cpu::shift_in({0}v, int32_t(dpc_hcf));", F);
      W.close();
    }
    // the per-cell leaves that are whole-vector lookups
    for (auto &[E, Id] : byId(Leaf)) {
      if (!Gathered.count(E))
        continue;
      const std::string &Name = Gathered.at(E);
      const ScoreInfo &Sc = P.M.Scores[E->ScoreId];
      W.line("const dpc_V {} = dpc::cpu::lookup<{}, {}>({}, {});", Name,
             Sc.Lookup.size(), L,
             LaneScores.count(E->ScoreId) ? LaneScores.at(E->ScoreId)
                                          : LocalScores.at(E->ScoreId),
             gatherIndex(*E));
    }
  }

  /// Branch-free int groups: the per-cell leaves that are score lookups
  /// of hoisted symbols (a row's, a column's or the strip's) with the score
  /// kept as a local array: one vector lookup a step (dpc::cpu::lookup)
  /// instead of a lane-by-lane read.
  void planGathers() {
    if (!Int || L > 16)
      return;
    for (auto &[E, Id] : byId(Leaf)) {
      if (Lev.at(E) != StripLeaf::Cell || E->K != VExpr::Score ||
          (!LocalScores.count(E->ScoreId) && !LaneScores.count(E->ScoreId)) ||
          E->Ty != ScalarType::Int32)
        continue;
      bool Ok = E->SeqArgs.size() == P.M.Scores[E->ScoreId].Params.size();
      for (auto &[In, Pos] : E->SeqArgs)
        Ok &= symbolVector(In, Pos, *E).has_value();
      if (Ok)
        Gathered[E] = fmt::format("dpc_g{}", Id);
    }
  }

  /// The int32 lane vector (or scalar) of hoisted symbol In[Pos], an
  /// argument of leaf E.
  std::optional<std::string> symbolVector(int In, const IExprPtr &Pos,
                                          const VExpr &E) const {
    const TableInfo &Tab = P.M.Tables[LeafTable.at(&E)];
    auto It = SymVec.find(stripLeafKey(P.M.Inputs[In].Name,
                                       toBandMembers(G, Tab.Indices, Pos)));
    if (It == SymVec.end())
      return std::nullopt;
    return It->second;
  }

  /// The entry index of lookup E as an int32 lane vector expression.
  std::string gatherIndex(const VExpr &E) const {
    std::vector<std::string> Args;
    for (auto &[In, Pos] : E.SeqArgs)
      Args.push_back(*symbolVector(In, Pos, E));
    // (every argument a strip scalar: still a vector, as lookup takes)
    return "(dpc_SV{} + " + scoreIndexExpr(P.M.Scores[E.ScoreId], Args) + ")";
  }

  /// The strip is done: each lane's row reductions into their tables
  /// (lir::CpuStrip::RowReductions), for the rows in their domains.
  void storeRowReductions() {
    for (const RowReduction &RR : St.RowReductions) {
      W.comment(fmt::format("{}: each lane's row, now that the strip is done.",
                            P.Stmts[RR.Stmt].EquationText));
      W.open(fmt::format("for (int dpc_l = 0; dpc_l < {}; ++dpc_l)", L));
      emitRowReductionStore(P, G, RR, "dpc_lo0 + dpc_l",
                            "dpc_rr_" + P.M.Tables[RR.Table].Name + "[dpc_l]",
                            W);
      W.close();
    }
  }

  void print() {
    const ModuleInfo &M = P.M;
    const int64_t Rows = G.TileSizes[0], Cols = G.TileSizes[1];
    const int64_t S = St.SyncCols;
    W.comment(fmt::format(
        "Group {}: strips of {} rows swept as {} SIMD lanes (see the CPU "
        "plan):\n{}",
        St.Group, L, L, St.Why));
    W.open("");
    W.line("typedef dpc::cpu::lanes_t<{}, {}> dpc_V;", LT, L);
    W.line("typedef dpc::cpu::lanes_t<{}, {}> dpc_M;", MT, L);
    if (Hoist)
      W.line("typedef dpc::cpu::lanes_t<int32_t, {}> dpc_SV; // symbols, flags",
             L);
    planHoisting(W);
    W.comment(fmt::format(
        "The tile rows dpc_tmin + r (tile ({0} - {1}, {1})) and each row's "
        "tiles [dpc_cf[r], dpc_cl[r]].",
        St.WaveIter, St.TileIter));
    W.line("int64_t dpc_tmin = INT64_MAX, dpc_tmax = INT64_MIN;");
    auto TileLoops = [&](const std::string &Body) {
      W.open(fmt::format("for (int64_t {0} = {1}; {0} <= {2}; ++{0})",
                         St.WaveIter, iexpr(St.WaveLo), iexpr(St.WaveHi)));
      W.open(fmt::format("for (int64_t {0} = {1}; {0} <= {2}; ++{0})",
                         St.TileIter, iexpr(St.TileLo), iexpr(St.TileHi)));
      size_t From = 0;
      while (From <= Body.size()) {
        size_t To = Body.find('\n', From);
        if (To == std::string::npos)
          To = Body.size();
        W.text(Body.substr(From, To - From));
        From = To + 1;
      }
      W.close();
      W.close();
    };
    TileLoops(fmt::format("dpc_tmin = dpc_min(dpc_tmin, {0} - {1});\n"
                          "dpc_tmax = dpc_max(dpc_tmax, {0} - {1});",
                          St.WaveIter, St.TileIter));
    W.line("const int64_t dpc_nrows = dpc_tmax >= dpc_tmin ? dpc_tmax - "
           "dpc_tmin + 1 : 0;");
    W.line("std::vector<int64_t> dpc_cf(dpc_nrows, INT64_MAX), "
           "dpc_cl(dpc_nrows, INT64_MIN);");
    TileLoops(fmt::format(
        "const int64_t dpc_r = {0} - {1} - dpc_tmin;\n"
        "dpc_cf[dpc_r] = dpc_min(dpc_cf[dpc_r], {1});\n"
        "dpc_cl[dpc_r] = dpc_max(dpc_cl[dpc_r], {1});",
        St.WaveIter, St.TileIter));
    W.comment(fmt::format(
        "Strip k (rows dpc_lo0 + l, l < {0}) is tile row k / {1}, part k % "
        "{1};\ndpc_prog[k]: the columns (band member 1) below which its "
        "bottom row is done.",
        L, Rows / L));
    W.line("const int64_t dpc_items = dpc_nrows * {};", Rows / L);
    W.line("std::unique_ptr<std::atomic<int64_t>[]> dpc_prog(new "
           "std::atomic<int64_t>[dpc_items > 0 ? dpc_items : 1]);");
    W.line("for (int64_t dpc_k = 0; dpc_k < dpc_items; ++dpc_k) "
           "dpc_prog[dpc_k].store(INT64_MIN, std::memory_order_relaxed);");
    W.text("std::atomic<int64_t> dpc_ticket{0};");
    if (groupHasRing(P, G)) {
      W.comment("The sweep, compiled twice: for runs that keep the ring "
                "tables' two rolling rows\n(dpc_ring) and for runs that "
                "keep them whole, each without the other's tests.");
      W.open("auto dpc_sweep = [&](auto dpc_ring_tag)");
      W.line("constexpr bool dpc_ring = decltype(dpc_ring_tag)::value;");
    }
    W.text("#pragma omp parallel num_threads(dpc_threads)");
    W.open("for (;;)");
    W.line("const int64_t dpc_k = dpc_ticket.fetch_add(1);");
    W.line("if (dpc_k >= dpc_items) break;");
    W.line("const int64_t dpc_r = dpc_k / {};", Rows / L);
    W.open("if (dpc_cf[dpc_r] <= dpc_cl[dpc_r])");
    W.line("const int64_t dpc_lo0 = {} * (dpc_tmin + dpc_r) + {} * (dpc_k % {});",
           Rows, L, Rows / L);
    W.line("const int64_t dpc_lo1 = {} * dpc_cf[dpc_r];", Cols);
    W.line("const int64_t dpc_ncols = {} * (dpc_cl[dpc_r] - dpc_cf[dpc_r] + 1);",
           Cols);
    if (ringKeepsOutput(P, G)) {
      std::vector<std::string> OM = outputMembers(P, G);
      W.comment("The output cell: lane dpc_ol computes it at step dpc_os of "
                "this strip (-1: not\nin it), kept after the rolling rows "
                "in a run with them.");
      W.line("const int64_t dpc_ol = {} - dpc_lo0, dpc_oc = {} - dpc_lo1;",
             OM[0], OM[1]);
      W.line("const int64_t dpc_os = dpc_ol >= 0 && dpc_ol < {} && dpc_oc >= 0 "
             "&& dpc_oc < dpc_ncols ? dpc_oc + dpc_ol : -1;",
             L);
    }
    W.comment("Waits until the strip above (the one before) is done below "
              "column dpc_need.");
    W.open("auto dpc_wait = [&](int64_t dpc_need)");
    W.line("if (dpc_k == 0) return;");
    W.line("if (!dpc::cpu::wait_at_least(dpc_prog[dpc_k - 1], dpc_need)) "
           "dpc::fail(dpc_err, dpc::ErrStalled);");
    W.close("};");
    W.line("dpc_wait(dpc_lo1 + dpc_min(int64_t({}), dpc_ncols));", S);
    // Registers: each lane's cell of column -1 (prev) and lane 0's diagonal.
    for (int T : G.StripTables) {
      const std::string &Nm = M.Tables[T].Name;
      W.comment(fmt::format(
          "{0}: the lanes' cells of the step before (prev: column -1 at the "
          "start)\nand the row above of the step before (upold).",
          Nm));
      W.line("alignas(64) {} dpc_a_{}[{}] = {{}};", LT, Nm, L);
      W.open(fmt::format("for (int dpc_l = 0; dpc_l < {}; ++dpc_l)", L));
      loadCell(T, "dpc_a_" + Nm + "[dpc_l]", "dpc_lo0 + dpc_l", "dpc_lo1 - 1",
               false);
      W.close();
      W.line("dpc_V dpc_prev_{0} = dpc::cpu::loadl<dpc_V>(dpc_a_{0});", Nm);
      W.line("{} dpc_top0_{} = {}(0);", LT, Nm, LT);
      loadCell(T, "dpc_top0_" + Nm, "dpc_lo0 - 1", "dpc_lo1 - 1", true);
      W.line("dpc_V dpc_upold_{0} = dpc::cpu::shift_in(dpc_prev_{0}, "
             "dpc_top0_{0});",
             Nm);
    }
    for (const RowReduction &RR : St.RowReductions)
      W.line("dpc_V dpc_rr_{} = dpc_V{{}} + {}; // each lane's row: its running "
             "{} of {}",
             M.Tables[RR.Table].Name, storedIdentityOf(RR.Op, St.LaneType),
             redOpName(RR.Op), M.Tables[RR.Source].Name);
    // The lane loop: domain, case, and the values that read no neighbour.
    Leaf.clear();
    Arm.clear();
    for (int T : G.StripTables)
      for (int SI : arms(T))
        if (SI >= 0)
          collect(*P.Stmts[SI].Body, T);
    if (Hoist)
      hoistLeaves();
    // One step of the sweep; Interior: every lane lies in an interior tile
    // (Group::InteriorGuard): one case per table, no guard.
    auto Step = [&](bool Interior) {
      W.line("if (dpc_s > 0 && dpc_s % {0} == 0 && dpc_s < dpc_ncols) "
             "dpc_wait(dpc_lo1 + dpc_min(dpc_s + {0}, dpc_ncols));",
             S);
      W.comment("Lane l computes column dpc_s - l: the row above (lane 0: the "
                "strip above's\nbottom row), the diagonal, the cell to the left.");
      for (int T : G.StripTables) {
        const std::string &Nm = M.Tables[T].Name;
        W.line("{} dpc_top_{} = {}(0);", LT, Nm, LT);
        W.open("if (dpc_s < dpc_ncols)");
        loadCell(T, "dpc_top_" + Nm, "dpc_lo0 - 1", "dpc_lo1 + dpc_s", true);
        W.close();
        W.line("const dpc_V dpc_up_{0} = dpc::cpu::shift_in(dpc_prev_{0}, "
               "dpc_top_{0});",
               Nm);
        W.line("const dpc_V dpc_diag_{0} = dpc_upold_{0};", Nm);
        W.line("dpc_upold_{0} = dpc_up_{0};", Nm);
      }
      if (Hoist)
        colUpdate();
      W.comment("Lane by lane: each cell's case (dpc_arm_T: -1 outside the "
                "domain) and the values\nthat read no neighbour cell (inputs, "
                "scores, other tables).");
      if (!Interior)
        for (int T : G.StripTables)
          W.line("alignas(64) {} dpc_arm_{}[{}];", MT, M.Tables[T].Name, L);
      for (auto &[E, Id] : byId(Arm))
        W.line("alignas(64) {} dpc_arm{}[{}] = {{}};", MT, Id, L);
      for (auto &[E, Id] : byId(Leaf))
        if (Lev.at(E) == StripLeaf::Cell && !Gathered.count(E))
          W.line("alignas(64) {} dpc_lf{}[{}] = {{}};", LT, Id, L);
      if (Hoist)
        W.line("unsigned dpc_lb = 0;");
      if (Interior)
        W.text(Hoist ? "DPC_SIMD_OR(dpc_lb)" : "DPC_SIMD");
      W.open(fmt::format("for (int dpc_l = 0; dpc_l < {}; ++dpc_l)", L));
      W.line("const int64_t dpc_c = dpc_s - dpc_l;");
      for (size_t TI = 0; TI < G.StripTables.size(); ++TI) {
        const int T = G.StripTables[TI];
        const TableInfo &Tab = M.Tables[T];
        const std::string &Nm = Tab.Name;
        // (branch-free: the lane's checks into dpc_lb, reported per strip)
        ValueEmitter VE(P, leafStyle(Tab.Indices, false, Hoist ? "dpc_lb" : ""),
                        W);
        if (Interior) {
          // every lane in an interior tile: one case, no guard
          W.open("");
          declareIndices(Tab, "dpc_lo0 + dpc_l", "dpc_lo1 + dpc_c");
          laneCode(*P.Stmts[G.InteriorStmts[TI]].Body, Tab.Indices, VE);
          W.close();
          continue;
        }
        W.line("dpc_arm_{}[dpc_l] = -1;", Nm);
        W.open("");
        auto X = declareIndices(Tab, "dpc_lo0 + dpc_l", "dpc_lo1 + dpc_c");
        W.open("if (dpc_c >= 0 && dpc_c < dpc_ncols && " +
               iexpr(domainGuard(M, T, X)) + ")");
        const VExpr &Body = *P.TableBodies[T];
        std::vector<int> As = arms(T);
        for (size_t A = 0; A < As.size(); ++A) {
          std::string Set = fmt::format("dpc_arm_{}[dpc_l] = {};", Nm, A);
          if (Body.K != VExpr::Cases || !Body.Guards[A]) {
            W.text(A ? "else " + Set : Set);
            break;
          }
          W.line("{}if ({}) {}", A ? "else " : "", iexpr(Body.Guards[A]), Set);
        }
        for (size_t A = 0; A < As.size(); ++A) {
          if (As[A] < 0)
            continue;
          W.open(fmt::format("if (dpc_arm_{}[dpc_l] == {})", Nm, A));
          laneCode(*P.Stmts[As[A]].Body, Tab.Indices, VE);
          W.close();
        }
        W.close();
        W.close();
      }
      W.close();
      // The spine, table by table in the order a cell computes them.
      W.comment("The values of the step as lane vectors; lanes outside the "
                "domain keep their cell.");
      for (size_t TI = 0; TI < G.StripTables.size(); ++TI) {
        const int T = G.StripTables[TI];
        const TableInfo &Tab = M.Tables[T];
        if (Interior) {
          std::string V = vec(*P.Stmts[G.InteriorStmts[TI]].Body, Tab.Indices);
          W.line("const dpc_V dpc_v_{} = {};", Tab.Name, V);
          continue;
        }
        std::vector<int> As = arms(T);
        std::vector<std::string> Vs;
        for (int SI : As)
          Vs.push_back(SI >= 0 ? vec(*P.Stmts[SI].Body, Tab.Indices)
                               : "(dpc_V{})");
        std::string Mask = fresh();
        W.line("const dpc_M {} = dpc::cpu::loadl<dpc_M>(dpc_arm_{});", Mask,
               Tab.Name);
        std::string Acc = "dpc_prev_" + Tab.Name;
        for (size_t K = Vs.size(); K-- > 0;) {
          std::string Mx = fresh();
          W.line("const dpc_V {} = {} == {} ? {} : {};", Mx, Mask, K, Vs[K], Acc);
          Acc = Mx;
        }
        W.line("const dpc_V dpc_v_{} = {};", Tab.Name, Acc);
      }
      for (int T : G.StripTables)
        W.line("dpc_prev_{0} = dpc_v_{0};", M.Tables[T].Name);
      for (const RowReduction &RR : St.RowReductions) {
        const std::string &R = M.Tables[RR.Table].Name,
                          &H = M.Tables[RR.Source].Name;
        std::string Better = fmt::format("(dpc_v_{} {} dpc_rr_{})", H,
                                         RR.Op == RedOp::Max ? ">" : "<", R);
        if (!Interior) // (only the lanes whose cell is in the domain)
          Better = fmt::format("((dpc::cpu::loadl<dpc_M>(dpc_arm_{}) >= 0) & {})",
                               H, Better);
        W.line("dpc_rr_{0} = {1} ? dpc_v_{2} : dpc_rr_{0};", R, Better, H);
      }
      if (Hoist) {
        W.comment("The stored lanes' values checked as lane vectors (flags).");
        for (int T : G.StripTables) {
          const TableInfo &Tab = M.Tables[T];
          // (sentinel lanes: the infinities are the stored values; the
          // limit as an int32, as the lanes are)
          const std::string Lim = "int32_t(" + limitOf(Tab.Type) + ")";
          std::string Bad =
              !Int ? fmt::format("(dpc_v_{0} != dpc_v_{0})", Tab.Name)
              : St.Sentinels
                  ? fmt::format("((dpc_v_{0} < -{1}) & (dpc_v_{0} != "
                                "dpc::Limits<int32_t>::Neg)) | ((dpc_v_{0} > "
                                "{1}) & (dpc_v_{0} != "
                                "dpc::Limits<int32_t>::Pos))",
                                Tab.Name, Lim)
                  : fmt::format("(dpc_v_{0} < -{1}) | (dpc_v_{0} > {1})",
                                Tab.Name, Lim);
          std::string Stored =
              Interior ? "" : fmt::format(
                                  " & (dpc::cpu::loadl<dpc_M>(dpc_arm_{}) >= 0)",
                                  Tab.Name);
          W.line("dpc_bv |= ({}){};", Bad, Stored);
        }
      }
      W.comment("Stores, lane by lane, checked as the scalar statements check "
                "them.");
      W.open(fmt::format("for (int dpc_l = 0; dpc_l < {}; ++dpc_l)", L));
      W.line("const int64_t dpc_c = dpc_s - dpc_l;");
      for (size_t TI = 0; TI < G.StripTables.size(); ++TI) {
        const int T = G.StripTables[TI];
        const TableInfo &Tab = M.Tables[T];
        std::vector<int> As =
            Interior ? std::vector<int>{G.InteriorStmts[TI]} : arms(T);
        W.open(Interior ? std::string("")
                        : fmt::format("if (dpc_arm_{}[dpc_l] >= 0)", Tab.Name));
        auto X = declareIndices(Tab, "dpc_lo0 + dpc_l", "dpc_lo1 + dpc_c");
        const bool Ring = P.Storages[T].Ring;
        if (Hoist && RowStores.count(T)) {
          // (the check is in dpc_bv)
          if (Ring) {
            W.line("const {} dpc_v = dpc_v_{}[dpc_l];", LT, Tab.Name);
            W.line("if (!dpc_ring) dpc_t.{}[dpc_ro_{}[dpc_l] + {}] = dpc_v;",
                   P.Storages[T].Buffer, Tab.Name, Tab.Indices[1]);
            ringStore(T, X);
          } else {
            W.line("dpc_t.{}[dpc_ro_{}[dpc_l] + {}] = dpc_v_{}[dpc_l];",
                   P.Storages[T].Buffer, Tab.Name, Tab.Indices[1], Tab.Name);
          }
          W.close();
          continue;
        }
        if (Hoist)
          W.line("const {} dpc_v = dpc_v_{}[dpc_l];", LT, Tab.Name);
        else
          W.line("const {} dpc_v = {};", LT,
                 Int && St.Sentinels
                     ? fmt::format("dpc::narrow<int32_t>(dpc::widen<int32_t>("
                                   "dpc_v_{}[dpc_l]), dpc_err)",
                                   Tab.Name)
                 : Int ? fmt::format("dpc::narrow_finite<int32_t>(int64_t("
                                     "dpc_v_{}[dpc_l]), dpc_err)",
                                     Tab.Name)
                     : fmt::format("{}(dpc::checkf(dpc_v_{}[dpc_l], dpc_err))",
                                   LT, Tab.Name));
        for (size_t A = 0; A < As.size(); ++A) {
          if (As[A] < 0)
            continue;
          W.open(As.size() == 1 ? std::string("")
                                : fmt::format("if (dpc_arm_{}[dpc_l] == {})",
                                              Tab.Name, A));
          if (Ring) {
            W.open("if (!dpc_ring)");
            emitCellStores(P, As[A], X, "dpc_t", false, W);
            W.close();
            ringStore(T, X);
          } else {
            emitCellStores(P, As[A], X, "dpc_t", false, W);
          }
          W.close();
        }
        W.close();
      }
      W.close();
      outputStore();
      if (Hoist)
        W.line("dpc_bad |= dpc_lb;");
      W.comment(fmt::format("Lane {} finished a chunk of columns: publish it.",
                            L - 1));
      W.line("const int64_t dpc_e = dpc_s - {};", L - 1);
      W.line("if (dpc_e >= 0 && (dpc_e % {0} == {0} - 1 || dpc_e == dpc_ncols "
             "- 1)) dpc_prog[dpc_k].store(dpc_lo1 + dpc_e + 1, "
             "std::memory_order_release);",
             S);
    };
    if (G.InteriorGuard) {
      // Blocks of B columns (Group::InteriorBlockGuard), NB of them per tile.
      const int64_t B = G.InteriorCols, NB = Cols / B;
      W.line("const int64_t dpc_t0 = dpc_tmin + dpc_r;");
      emitInteriorBlockRun(
          G, fmt::format("{} * (dpc_cl[dpc_r] - dpc_cf[dpc_r] + 1)", NB),
          {fmt::format("const int64_t dpc_t1 = {} * dpc_cf[dpc_r] + dpc_b; "
                       "// the block",
                       NB)},
          iexpr(G.InteriorBlockGuard), W);
      W.line("const int64_t dpc_fa = dpc_min(dpc_ncols + {}, {} * dpc_i0 + {});",
             L - 1, B, L - 1);
      W.line("const int64_t dpc_fb = dpc_max(dpc_fa, {} * dpc_i1);", B);
    }
    W.open(fmt::format("for (int64_t dpc_s = 0; dpc_s < dpc_ncols + {}; "
                       "++dpc_s)",
                       L - 1));
    if (G.InteriorGuard) {
      W.open("if (dpc_s == dpc_fa)");
      W.open("for (; dpc_s < dpc_fb; ++dpc_s)");
      Step(true);
      W.close();
      W.line("if (dpc_s >= dpc_ncols + {}) break;", L - 1);
      W.close();
    }
    Step(false);
    W.close(); // steps
    storeRowReductions();
    if (Hoist) {
      W.open(fmt::format("for (int dpc_l = 0; dpc_l < {}; ++dpc_l)", L));
      W.line("dpc_bad |= dpc_bv[dpc_l] ? unsigned({}) : 0u;",
             Int ? "dpc::ErrFlagOverflow" : "dpc::ErrFlagUndefined");
      W.close();
      W.line("dpc::report_flags(dpc_bad, dpc_err);");
    }
    W.close(); // the strip has tiles
    W.line("dpc_prog[dpc_k].store(INT64_MAX, std::memory_order_release);");
    W.close(); // tickets
    if (groupHasRing(P, G)) {
      W.close("};");
      W.line("if (dpc_p.dpc_ring) dpc_sweep(std::true_type{{}});");
      W.line("else dpc_sweep(std::false_type{{}});");
    }
    W.close();
  }
};

} // namespace

void dpc::emitCpuSweep(const Program &P, const LNode &N, CodeWriter &W) {
  DPC_ASSERT(N.K == LNode::Stmt && N.SKind == StmtKind::Sweep,
             "not a sweep statement");
  SweepPrinter(P, P.Cpu.Strips[N.Ref], W).print();
}
