//===- EmitTraceback.cpp - NAME_traceback.cpp: the generic traceback ------===//
//
// From the output cell, follow the winning alternative (the first in source
// order on ties) and the winning reduction index (the first on ties)
// through every table read of the winning term, recording @events on the
// way -- the same rules as `dpc interp`. Values are recomputed from the
// finished tables. Reads of tables whose cells record no event
// (ast::tablesRecordingEvents) are not followed. Tables a traced run kept
// as two rows (lir::Storage::Checkpoint, Params::dpc_ring) are read
// through RowCheckpoints, which recomputes their rows a segment at a time
// from checkpointed rows with the group's reference statements.
//
// emitDeviceTraceback prints the same walk for the GPU where the plan puts
// it there (lir::GpuTraceback): a cell's walk puts records (its events and
// the cells to follow, in the order the recursive walk meets them) instead
// of recursing, and a kernel, one group of threads per problem (a warp,
// or a block of GpuTraceback::BlockLanes where the batch has at most one
// problem per SM), visits them with a stack in device memory
// (dpc_rt::TraceWalk), which gives the host's order of events. The
// group's threads share the reductions: the values' max / min
// (dpc_combine_lanes) and the winner's search (dpc_rt::group_first_best:
// the first point on ties).
//
//===----------------------------------------------------------------------===//
#include "CodeGen/Emitters.h"
#include "CodeGen/EmitUtil.h"
#include "Basic/Diagnostics.h"

#include <algorithm>

using namespace dpc;
using namespace dpc::lir;

namespace {


struct Tracer {
  const Program &P;
  CodeWriter &W;
  /// The device walk (lir::GpuTraceback): records instead of recursion,
  /// lanes sharing the reductions.
  bool Device;
  ValueEmitter VE;

  static ValueStyle style(const Program &P, bool Device) {
    ValueStyle S;
    S.RowCheckpoints = !Device && anyCheckpointTable(P);
    S.UseSplits = false;
    S.LaneReduce = Device;
    S.LaneShareSums = false;
    return S;
  }
  Tracer(const Program &P, CodeWriter &W, bool Device = false)
      : P(P), W(W), Device(Device), VE(P, style(P, Device), W) {}

  /// The device walk's tag of a cell record of table T (its position in
  /// GpuTraceback::Tables) or of an event record.
  int cellTag(int T) const {
    const auto &Ts = P.Gpu.Traceback.Tables;
    auto It = std::find(Ts.begin(), Ts.end(), T);
    DPC_ASSERT(It != Ts.end(), "a traced table without a tag");
    return static_cast<int>(It - Ts.begin());
  }
  int eventTag(const EventInfo &E) const {
    const GpuTraceback &TB = P.Gpu.Traceback;
    std::pair<std::string, int> Key{E.Name, static_cast<int>(E.Args.size())};
    auto It = std::find(TB.Events.begin(), TB.Events.end(), Key);
    DPC_ASSERT(It != TB.Events.end(), "an event without a tag");
    return static_cast<int>(TB.Tables.size() + (It - TB.Events.begin()));
  }

  std::string better(RedOp Op, const std::string &A, const std::string &B) {
    return A + (Op == RedOp::Min ? " < " : " > ") + B;
  }

  void events(const VExpr &E) {
    for (auto &Ev : E.Events) {
      std::string A;
      for (auto &X : Ev.Args)
        A += (A.empty() ? "" : ", ") + iexpr(X);
      if (Device)
        W.line("dpc_tw.put({}{});", eventTag(Ev), A.empty() ? "" : ", " + A);
      else
        W.line("dpc_ev.push_back({{\"{}\", {{{}}}}});", Ev.Name, A);
    }
  }

  /// The value a walk by value (Program::TraceByValue) compares the
  /// alternatives with: the cell's stored value, a load of table Table at
  /// its own indices, printed where a max, min or reduction first needs it
  /// (Name: the variable once printed in the enclosing scope; Table < 0:
  /// not by value).
  struct Target {
    int Table = -1;
    std::string Name;
    bool on() const { return Table >= 0; }
  };
  Target cellTarget(int T) const {
    Target G;
    if (P.TraceByValue[T])
      G.Table = T;
    return G;
  }
  /// G's variable, printed here if it is not yet.
  const std::string &need(Target &G) {
    if (!G.Name.empty())
      return G.Name;
    const TableInfo &Tab = P.M.Tables[G.Table];
    VExpr C;
    C.K = VExpr::Load;
    C.Ty = Tab.Type;
    C.Table = G.Table;
    for (auto &I : Tab.Indices)
      C.Idx.push_back(IExpr::var(I));
    C.FiniteOperands = true;
    G.Name = VE.fresh("cell");
    W.line("const int64_t {} = {}; // the cell's stored value", G.Name,
           VE.emit(C));
    return G.Name;
  }

  /// Follows E's winners. Where Tg is on, E's value is the cell's (its
  /// stored value, Program::TraceByValue): the first alternative of a max /
  /// min and the first point of a reduction equal to it win, and nothing
  /// after them is computed.
  void trace(const VExpr &E) { trace(E, Target()); }
  void trace(const VExpr &E, Target Tg) {
    events(E);
    switch (E.K) {
    case VExpr::Load: {
      if (!P.M.Tables[E.Table].RecordsEvents)
        return; // no event below this read: nothing to follow
      std::string A;
      std::vector<IExprPtr> Idx = VE.dataCell(E);
      for (auto &X : Idx)
        A += ", " + iexpr(X);
      const std::string If =
          E.DynIdx.empty() ? "" : "if (" + VE.dataCellGuard(E, Idx) + ") ";
      if (Device)
        W.line("{}dpc_tw.put({}{});", If, cellTag(E.Table), A);
      else
        W.line("{}trace_{}(dpc_p, dpc_in, dpc_t{}{}, dpc_ev, dpc_err, "
               "dpc_cells);",
               If, P.M.Tables[E.Table].Name,
               anyCheckpointTable(P) ? ", dpc_rows" : "", A);
      return;
    }
    case VExpr::Neg:
    case VExpr::Add:
    case VExpr::Sub:
    case VExpr::Mul:
      for (auto &K : E.Kids) {
        W.open("");
        trace(*K);
        W.close();
      }
      return;
    case VExpr::Max:
    case VExpr::Min: {
      if (Tg.on()) {
        // in order: the first equal to the cell's value wins (the last, if
        // no other is: the value is one of them)
        const std::string Cell = need(Tg);
        std::string Win = VE.fresh("win");
        W.line("int {} = {};", Win, E.Kids.size() - 1);
        for (size_t I = 0; I + 1 < E.Kids.size(); ++I) {
          if (I)
            W.open("if (" + Win + " == " + std::to_string(E.Kids.size() - 1) +
                   ")");
          std::string V = VE.emit(*E.Kids[I]);
          W.line("if ({} == {}) {} = {};", V, Cell, Win, I);
          if (I)
            W.close();
        }
        W.open("switch (" + Win + ")");
        for (size_t I = 0; I < E.Kids.size(); ++I) {
          W.open("case " + std::to_string(I) + ":");
          trace(*E.Kids[I], Tg);
          W.line("break;");
          W.close();
        }
        W.close();
        return;
      }
      RedOp Op = E.K == VExpr::Max ? RedOp::Max : RedOp::Min;
      std::vector<std::string> Vals;
      for (auto &K : E.Kids)
        Vals.push_back(VE.emit(*K));
      std::string Win = VE.fresh("win"), Best = VE.fresh("best");
      W.line("int {} = 0;", Win);
      W.line("{} {} = {};", evalType(E.Ty), Best, Vals[0]);
      for (size_t I = 1; I < Vals.size(); ++I)
        W.line("if ({}) {{ {} = {}; {} = {}; }}", better(Op, Vals[I], Best),
               Best, Vals[I], Win, I);
      W.line("(void){};", Best);
      W.open("switch (" + Win + ")");
      for (size_t I = 0; I < E.Kids.size(); ++I) {
        W.open("case " + std::to_string(I) + ":");
        trace(*E.Kids[I]);
        W.line("break;");
        W.close();
      }
      W.close();
      return;
    }
    case VExpr::Reduce:
    case VExpr::SplitReduce: {
      if (E.Op == RedOp::Sum || E.Op == RedOp::LogSumExp)
        return; // a sum has no single winner; it is not traced
      std::string Found = VE.fresh("found"), Best = VE.fresh("best");
      W.line("bool {} = false;", Found);
      W.line("{} {} = {};", evalType(E.Ty), Best, identityOf(E.Op, E.Ty));
      std::vector<std::string> Args;
      std::string ArgArray;
      if (Device) {
        // (one array: dpc_rt::group_first_best compares them in order)
        ArgArray = VE.fresh("arg");
        W.line("int64_t {}[{}] = {{}};", ArgArray, E.Bindings.size());
        for (size_t I = 0; I < E.Bindings.size(); ++I)
          Args.push_back(ArgArray + "[" + std::to_string(I) + "]");
      } else {
        for (size_t I = 0; I < E.Bindings.size(); ++I) {
          Args.push_back(VE.fresh("arg"));
          W.line("int64_t {} = 0;", Args.back());
        }
      }
      // On the device the lanes share the innermost loop; the body's own
      // reductions run on each lane alone.
      // (by value: each walker stops at its first point equal to the
      // target, and those are compared as ties: the first wins)
      const std::string Cell = Tg.on() ? need(Tg) : "";
      const std::string Stop = Cell.empty() ? "" : " && !" + Found;
      auto Loops = [&]() {
        for (size_t I = 0; I < E.Bindings.size(); ++I) {
          const Binding &B = E.Bindings[I];
          if (Device && I + 1 == E.Bindings.size())
            W.open(fmt::format("for (int64_t {0} = {1} + dpc_lane; {0} <= "
                               "{2}{3}; {0} += dpc_lanes)",
                               B.Var, iexpr(B.Lo), iexpr(B.Hi), Stop));
          else
            W.open("for (int64_t " + B.Var + " = " + iexpr(B.Lo) + "; " +
                   B.Var + " <= " + iexpr(B.Hi) + Stop + "; ++" + B.Var + ")");
        }
      };
      Loops();
      VE.setLaneReduce(false);
      std::string V = VE.emit(*E.Kids[0]);
      VE.setLaneReduce(Device);
      std::string Set;
      for (size_t I = 0; I < Args.size(); ++I)
        Set += " " + Args[I] + " = " + E.Bindings[I].Var + ";";
      if (Cell.empty())
        W.line("if (!{} || {}) {{ {} = true; {} = {};{} }}", Found,
               better(E.Op, V, Best), Found, Best, V, Set);
      else
        W.line("if ({} == {}) {{ {} = true; {} = {};{} }}", V, Cell, Found,
               Best, V, Set);
      for (size_t I = 0; I < E.Bindings.size(); ++I)
        W.close();
      if (Device)
        W.line("dpc_rt::group_first_best<{}, DPC_L>({}, {}, {});",
               E.Op == RedOp::Min ? "false" : "true", Found, Best, ArgArray);
      W.open("if (" + Found + ")");
      for (size_t I = 0; I < Args.size(); ++I)
        W.line("const int64_t {} = {};", E.Bindings[I].Var, Args[I]);
      trace(*E.Kids[0]);
      W.close();
      return;
    }
    case VExpr::Cases:
      // (comparisons on input values are tried where their arm is)
      VE.caseChain(E, [&](size_t A) { trace(*E.Kids[A], Tg); });
      return;
    case VExpr::Exp:
    case VExpr::Log:
      return; // like a sum: log(exp(a) + exp(b)) has no single winner
    default:
      return;
    }
  }
};

/// The rows of the tables a traced run keeps as rows (Storage::Checkpoint;
/// one group), recomputed from checkpoints: `RowCheckpoints`, whose
/// accessors the trace functions read such tables with (dpc_rows).
void rowCheckpoints(const Program &P, CodeWriter &W) {
  const ModuleInfo &M = P.M;
  const Group *G = checkpointGroup(P);
  DPC_ASSERT(G, "no checkpointed group");
  std::string Names;
  for (int T : G->Tables)
    Names += (Names.empty() ? "" : ", ") + M.Tables[T].Name;
  const std::string First = M.Tables[G->Tables[0]].Name;
  W.comment(
      "---- Tables kept as rows in a traced run (" + Names +
      "; Params::dpc_ring; `dpc emit\n--stage=storage`: traced runs). The "
      "run left two rows of each; the traceback reads\ntheir rows from here, "
      "K at a time (a segment: K ~ sqrt(rows)), computed from the\nrow above "
      "the segment with the reference statements (ref_rows_" + First + "). "
      "A first pass\ncomputes the segments in order, as far as the rows read "
      "so far need, and keeps each\none's last row; a read of an earlier row "
      "recomputes its segment from the kept row\nabove it. A walk that moves "
      "up the rows computes each segment about twice: O(sqrt(rows))\nrows of "
      "memory for about twice the cells' work.");
  W.open("struct RowCheckpoints");
  W.line("Params p; // dpc_refrows = K + 1 from dpc_refrow0: a segment and "
         "the row above it");
  W.line("Inputs in;");
  W.line("int64_t lo = 0, hi = 0, K = 1, nseg = 1; // rows lo .. hi, K a "
         "segment");
  W.line("int64_t cur = -1;  // the segment held");
  W.line("int64_t done = 0;  // segments the first pass computed (their last "
         "rows kept)");
  W.line("int err = 0;       // a recomputed cell's error");
  for (int T : G->Tables) {
    const std::string &TN = M.Tables[T].Name;
    W.line("std::vector<{}> rows_{}, kept_{}; // the segment; the kept rows",
           storeType(M.Tables[T].Type), TN, TN);
    W.line("int64_t w_{} = 0, lo_{} = 0, clo_{} = 0; // a row's elements, "
           "first row and column",
           TN, TN, TN);
  }
  W.open("RowCheckpoints(const Params &dpc_p, const Inputs &dpc_in) : "
         "p(dpc_p), in(dpc_in)");
  emitParamLocals(M, W);
  std::string Lo, Hi;
  for (int T : G->Tables) {
    const Storage &S = P.Storages[T];
    const std::string &TN = M.Tables[T].Name;
    W.line("lo_{} = {};", TN, iexpr(S.BoxLo[0]));
    W.line("clo_{} = {};", TN, iexpr(S.BoxLo[1]));
    W.line("w_{} = {};", TN, iexpr(S.BoxHi[1] - S.BoxLo[1] + IExpr::num(1)));
    Lo = Lo.empty() ? "lo_" + TN : "std::min<int64_t>(" + Lo + ", lo_" + TN + ")";
    Hi = Hi.empty() ? iexpr(S.BoxHi[0])
                    : "std::max<int64_t>(" + Hi + ", " + iexpr(S.BoxHi[0]) + ")";
  }
  W.line("lo = {};", Lo);
  W.line("hi = {};", Hi);
  W.line("const int64_t rows = hi - lo + 1;");
  W.line("K = std::max<int64_t>(1, static_cast<int64_t>(std::ceil(std::sqrt("
         "static_cast<double>(rows)))));");
  W.line("nseg = (rows + K - 1) / K;");
  W.line("p.dpc_refrows = K + 1;");
  for (int T : G->Tables) {
    const std::string &TN = M.Tables[T].Name;
    W.line("rows_{0}.resize(static_cast<size_t>((K + 1) * w_{0}));", TN);
    W.line("kept_{0}.resize(static_cast<size_t>((nseg - 1) * w_{0}));", TN);
  }
  W.close();
  W.line("int64_t first(int64_t c) const {{ return lo + c * K; }}");
  W.line("int64_t last(int64_t c) const {{ return std::min(hi, lo + (c + 1) "
         "* K - 1); }}");
  W.comment("Segment c's rows, from the kept row above it (the first pass: "
            "keeps its last row).");
  W.open("void compute(int64_t c)");
  W.line("RefTables r{{}};");
  for (int T : G->Tables)
    W.line("r.{0} = rows_{0}.data();", M.Tables[T].Name);
  W.line("p.dpc_refrow0 = first(c) - 1;");
  W.open("if (c > 0)");
  W.line("const int64_t i = first(c) - 1;");
  for (int T : G->Tables)
    W.line("if (i >= lo_{0}) std::copy_n(kept_{0}.data() + (c - 1) * w_{0}, "
           "w_{0}, rows_{0}.data() + ref_{0}_at(p, i, clo_{0}));",
           M.Tables[T].Name);
  W.close();
  W.line("ref_rows_{}(p, in, r, first(c), last(c), &err);", First);
  W.line("cur = c;");
  W.open("if (c == done && c + 1 < nseg)");
  W.line("const int64_t i = last(c);");
  for (int T : G->Tables)
    W.line("if (i >= lo_{0}) std::copy_n(rows_{0}.data() + ref_{0}_at(p, i, "
           "clo_{0}), w_{0}, kept_{0}.data() + c * w_{0});",
           M.Tables[T].Name);
  W.line("++done;");
  W.close();
  W.close();
  W.comment("(the segment held also has the row above it)");
  W.line("bool holds(int64_t i) const {{ return cur >= 0 && i >= first(cur) - "
         "(cur > 0 ? 1 : 0) && i <= last(cur); }}");
  W.comment("The segment of row i: the first pass up to it, then it.");
  W.open("void load(int64_t i)");
  W.line("const int64_t c = (i - lo) / K;");
  W.line("while (done < c) compute(done);");
  W.line("compute(c);");
  W.close();
  for (int T : G->Tables) {
    const TableInfo &Tab = M.Tables[T];
    W.open(storeType(Tab.Type) + " " + Tab.Name + "(" +
           idxParams(Tab).substr(2) + ")");
    W.line("if (!holds({})) load({});", Tab.Indices[0], Tab.Indices[0]);
    W.line("return rows_{}[static_cast<size_t>(ref_{}_at(p, {}, {}))];",
           Tab.Name, Tab.Name, Tab.Indices[0], Tab.Indices[1]);
    W.close();
  }
  W.close("};");
  W.blank();
}

} // namespace

std::string dpc::emitTraceback(const Program &P) {
  const ModuleInfo &M = P.M;
  CodeWriter W;
  W.text(fileBanner(P, M.Name + "_traceback.cpp: the generic traceback "
                        "(same rules as dpc interp)."));
  W.text("#include \"" + M.Name + ".h\"");
  W.text("#include \"" + M.Name + "_host.h\"");
  W.blank();
  const bool Ck = anyCheckpointTable(P);
  if (Ck) {
    W.text("#include <algorithm>");
    W.text("#include <cmath>");
    W.text("#include <memory>");
    W.text("#include <new>");
    W.blank();
  }
  W.open("namespace " + M.Name);
  W.blank();
  if (Ck)
    rowCheckpoints(P, W);
  const std::string RowsParam = Ck ? ", RowCheckpoints *dpc_rows" : "";
  for (auto &T : M.Tables)
    W.line("static void trace_{}(const Params &dpc_p, const Inputs &dpc_in, "
           "const Tables &dpc_t{}{}, std::vector<dpc_rt::Event> &dpc_ev, int "
           "*dpc_err, dpc_rt::TraceCells &dpc_cells);",
           T.Name, RowsParam, idxParams(T));
  W.blank();
  size_t MaxDims = 0; // (as dpc interp: of every table)
  for (auto &T : M.Tables)
    MaxDims = std::max(MaxDims, T.Indices.size());
  for (size_t T = 0; T < M.Tables.size(); ++T) {
    const TableInfo &Tab = M.Tables[T];
    W.comment(cellText(Tab) + " = " + Tab.BodyText);
    W.open("static void trace_" + Tab.Name +
           "(const Params &dpc_p, const Inputs &dpc_in, const Tables &dpc_t" +
           RowsParam + idxParams(Tab) +
           ", std::vector<dpc_rt::Event> &dpc_ev, int *dpc_err, "
           "dpc_rt::TraceCells &dpc_cells)");
    W.comment("past the limit (or after an error) the traceback stops");
    W.open("if (*dpc_err || ++dpc_cells > dpc::TraceCellLimit)");
    W.line("if (!*dpc_err) dpc::fail(dpc_err, dpc::ErrTraceLimit);");
    W.line("return;");
    W.close();
    if (Tab.Indices.size() == MaxDims) {
      std::string Idx;
      for (auto &I : Tab.Indices)
        Idx += (Idx.empty() ? "" : ", ") + I;
      W.comment("(a table of the most dimensions: --path bounds its cells)");
      W.line("if (dpc_cells.Box) dpc_cells.Box->visit(\"{}\", {{{}}});",
             Tab.Name, Idx);
    }
    emitParamLocals(M, W);
    W.line("(void)dpc_in; (void)dpc_t; (void)dpc_ev; (void)dpc_err;{}",
           Ck ? " (void)dpc_rows;" : "");
    Tracer Tr(P, W);
    Tr.trace(*P.TableBodies[T], Tr.cellTarget(static_cast<int>(T)));
    W.close();
    W.blank();
  }
  const OutputInfo &O = M.Outputs[0]; // (the first output is traced back)
  std::string A;
  for (auto &X : outputIndex(O))
    A += ", " + iexpr(X);
  W.open("void traceback(const Params &dpc_p, const Inputs &dpc_in, const "
         "Tables &dpc_t, std::vector<dpc_rt::Event> &dpc_ev, int *dpc_err, "
         "dpc_rt::PathBox *dpc_box)");
  emitParamLocals(M, W);
  W.line("dpc_rt::TraceCells dpc_cells; // cells visited "
         "(dpc::TraceCellLimit)");
  W.line("dpc_cells.Box = dpc_box; // (--path)");
  if (Ck) {
    W.comment("Params::dpc_ring: the tables kept as rows hold two rows; "
              "their rows come from\ncheckpoints");
    W.line("std::unique_ptr<RowCheckpoints> dpc_rows;");
    W.open("if (dpc_p.dpc_ring)");
    W.open("try");
    W.line("dpc_rows = std::make_unique<RowCheckpoints>(dpc_p, dpc_in);");
    W.close();
    W.open("catch (const std::bad_alloc &)");
    W.line("dpc::fail(dpc_err, dpc::ErrTraceMemory);");
    W.line("return;");
    W.close();
    W.close();
    W.line("trace_{}(dpc_p, dpc_in, dpc_t, dpc_rows.get(){}, dpc_ev, dpc_err, "
           "dpc_cells);",
           M.Tables[O.Table].Name, A);
    W.comment("(a recomputed row's error: that of the run, which failed "
              "the same way)");
    W.line("if (dpc_rows && dpc_rows->err) dpc::fail(dpc_err, dpc_rows->err);");
  } else {
    W.line("trace_{}(dpc_p, dpc_in, dpc_t{}, dpc_ev, dpc_err, dpc_cells);",
           M.Tables[O.Table].Name, A);
  }
  W.close();
  W.blank();
  W.close("} // namespace " + M.Name);
  return W.str();
}

void dpc::emitDeviceTraceback(const Program &P, CodeWriter &W) {
  const ModuleInfo &M = P.M;
  const GpuTraceback &TB = P.Gpu.Traceback;
  const int RW = TB.RecordWords;
  const size_t NT = TB.Tables.size();
  W.comment("---- the traceback on the device (" + TB.Why + ")");
  W.blank();
  for (int T : TB.Tables) {
    const TableInfo &Tab = M.Tables[T];
    W.comment("Puts the records of cell " + cellText(Tab) +
              "'s winners (events, cells to follow), in the order the\n"
              "host's traceback meets them: " + cellText(Tab) + " = " +
              Tab.BodyText);
    W.line("template <int DPC_L>");
    W.open(fmt::format("__device__ void dpc_walk_{}(const Params &dpc_p, "
                       "const Inputs &dpc_in, const Tables &dpc_t{}, "
                       "dpc_rt::TraceWalk<{}, DPC_L> &dpc_tw, int *dpc_err)",
                       Tab.Name, idxParams(Tab), RW));
    emitParamLocals(M, W);
    W.line("const int dpc_lane = threadIdx.x % DPC_L;");
    W.line("constexpr int dpc_lanes = DPC_L;");
    W.line("(void)dpc_in; (void)dpc_t; (void)dpc_tw; (void)dpc_err; "
           "(void)dpc_lane; (void)dpc_lanes;");
    Tracer Tr(P, W, /*Device=*/true);
    Tr.trace(*P.TableBodies[T], Tr.cellTarget(T));
    W.close();
    W.blank();
  }
  const OutputInfo &O = M.Outputs[0];
  std::string OutIdx;
  for (auto &X : outputIndex(O))
    OutIdx += ", " + iexpr(X);
  W.comment(
      "The traceback of every problem of a batch, DPC_L threads each (a "
      "warp, or a block of\nDPC_L): from the "
      "output cell, visits\nthe records on its stack, an event into the "
      "events, a cell by putting its own records.\nUsed[b]: the words of "
      "problem b's events, -1 where its walk outgrew the buffer, visited\n"
      "more cells than its bound, or failed (the host then traces it), 0 "
      "for a failed problem.");
  W.line("template <int DPC_L>");
  W.open("__global__ void dpc_traceback(const BatchProblem *dpc_probs, "
         "size_t dpc_n, const int *dpc_errs, int64_t *dpc_buf, const int64_t "
         "*dpc_off, int64_t *dpc_used)");
  W.line("const size_t dpc_b = (blockIdx.x * size_t(blockDim.x) + "
         "threadIdx.x) / DPC_L;");
  W.line("if (dpc_b >= dpc_n) return; // (a whole group)");
  W.line("const bool dpc_lead = threadIdx.x % DPC_L == 0;");
  W.open("if (dpc_errs[dpc_b])");
  W.line("if (dpc_lead) dpc_used[dpc_b] = 0;");
  W.line("return;");
  W.close();
  if (anyCheckpointTable(P)) {
    W.comment("(tables kept as rows in a traced run: the host recomputes "
              "their rows)");
    W.open("if (dpc_probs[dpc_b].p.dpc_ring)");
    W.line("if (dpc_lead) dpc_used[dpc_b] = -1;");
    W.line("return;");
    W.close();
  }
  W.line("const Params dpc_p = dpc_probs[dpc_b].p;");
  W.line("const Inputs dpc_in = dpc_probs[dpc_b].in;");
  W.line("const Tables dpc_t = dpc_probs[dpc_b].t;");
  emitParamLocals(M, W);
  W.line("const int64_t dpc_cap = dpc_off[dpc_b + 1] - dpc_off[dpc_b];");
  W.line("dpc_rt::TraceWalk<{}, DPC_L> dpc_tw(dpc_buf + dpc_off[dpc_b], "
         "dpc_cap);",
         RW);
  W.line("dpc_tw.put({}{});", std::find(TB.Tables.begin(), TB.Tables.end(),
                                         O.Table) -
                                   TB.Tables.begin(),
         OutIdx);
  W.line("dpc_tw.commit();");
  W.comment("(cells visited: past 16 per record of the buffer, or the host's "
            "limit, the host traces it)");
  W.line("const int64_t dpc_limit = 16 * (dpc_cap / {0}) < dpc::TraceCellLimit "
         "? 16 * (dpc_cap / {0}) : dpc::TraceCellLimit;",
         RW);
  W.line("int64_t dpc_cells = 0;");
  W.comment("(the walk's error code, in shared memory, one per group: the "
            "checks set it with an atomic)");
  W.line("__shared__ int dpc_werr[4];");
  W.line("int *const dpc_err = &dpc_werr[threadIdx.x / DPC_L];");
  W.line("if (dpc_lead) *dpc_err = 0;");
  W.line("dpc_rt::group_sync<DPC_L>();");
  W.line("int64_t dpc_r[{}];", RW);
  W.open("while (!dpc_tw.Full && !*dpc_err && dpc_tw.pop(dpc_r))");
  W.open(fmt::format("if (dpc_r[0] >= {})", NT));
  W.line("dpc_tw.event(dpc_r);");
  W.line("continue;");
  W.close();
  W.open("if (++dpc_cells > dpc_limit)");
  W.line("dpc_tw.Full = true;");
  W.line("break;");
  W.close();
  W.open("switch (dpc_r[0])");
  for (size_t I = 0; I < NT; ++I) {
    const TableInfo &Tab = M.Tables[TB.Tables[I]];
    std::string A;
    for (size_t D = 0; D < Tab.Indices.size(); ++D)
      A += fmt::format(", dpc_r[{}]", D + 1);
    W.line("case {}: dpc_walk_{}<DPC_L>(dpc_p, dpc_in, dpc_t{}, dpc_tw, "
           "dpc_err); break;",
           I, Tab.Name, A);
  }
  W.line("default: break;");
  W.close();
  W.line("dpc_tw.commit();");
  W.close();
  W.line("dpc_rt::group_sync<DPC_L>();");
  W.line("if (dpc_lead) dpc_used[dpc_b] = dpc_tw.Full || *dpc_err ? -1 : "
         "dpc_tw.Ev;");
  W.close();
  W.blank();

  // The host's side: buffers, the kernel, the records back as events.
  std::string Names, Arities;
  for (auto &[Name, Ar] : TB.Events) {
    Names += (Names.empty() ? "\"" : ", \"") + Name + "\"";
    Arities += (Arities.empty() ? "" : ", ") + std::to_string(Ar);
  }
  std::string Bound;
  for (auto &Pm : M.Params)
    if (Pm.BoundBy >= 0)
      Bound += " + dpc_ps[b]." + Pm.Name;
  W.comment(
      "Traces back the batch's problems on the device (tables and inputs "
      "in dpc_dprobs, error\ncodes in dpc_derrs): dpc_evs[b] gets problem "
      "b's events and dpc_traced[b] is 1, or 0\nwhere the host must trace "
      "it (its walk outgrew its buffer of dpc_records records;\n0: 256 + 8 "
      "per unit of the input lengths).");
  W.open("static void dpc_trace_on_device(const std::vector<Params> &dpc_ps, "
         "const BatchProblem *dpc_dprobs, const int *dpc_derrs, int64_t "
         "dpc_records, cudaStream_t dpc_stream, "
         "std::vector<std::vector<dpc_rt::Event>> &dpc_evs, "
         "std::vector<char> &dpc_traced)");
  W.line("const size_t dpc_nb = dpc_ps.size();");
  W.line("std::vector<int64_t> dpc_off(dpc_nb + 1, 0);");
  W.open("for (size_t b = 0; b < dpc_nb; ++b)");
  W.line("const int64_t dpc_r = dpc_records > 0 ? dpc_records : 256 + 8 * "
         "(0{});",
         Bound);
  W.line("dpc_off[b + 1] = dpc_off[b] + {} * dpc_r;", RW);
  W.close();
  W.line("dpc_evs.assign(dpc_nb, {{}});");
  W.line("dpc_traced.assign(dpc_nb, 0);");
  W.comment("(no room on the device for the walks: the host traces them "
            "all, from the tables)");
  W.line("if (!dpc_rt::device_has_room(8.0 * double(dpc_off[dpc_nb]))) "
         "return;");
  W.line("dpc_rt::DeviceBuffer<int64_t> dpc_buf(static_cast<size_t>(dpc_off[dpc_nb])), "
         "dpc_doff(dpc_nb + 1), dpc_dused(dpc_nb);");
  W.line("dpc_doff.upload(dpc_off.data(), dpc_nb + 1, dpc_stream);");
  W.line("int dpc_dev = 0;");
  W.line("DPC_CUDA_CHECK(cudaGetDevice(&dpc_dev));");
  W.open(fmt::format("if (dpc_nb <= size_t({}) * size_t(dpc_rt::sm_count("
                     "dpc_dev)))",
                     TB.BlockProblemsPerSM));
  W.comment(fmt::format("(at most {} problem(s) per SM: a block of {} threads "
                        "each)",
                        TB.BlockProblemsPerSM, TB.BlockLanes));
  W.line("dpc_traceback<{0}><<<static_cast<unsigned>(dpc_nb), {0}, 0, "
         "dpc_stream>>>(dpc_dprobs, dpc_nb, dpc_derrs, dpc_buf.get(), "
         "dpc_doff.get(), dpc_dused.get());",
         TB.BlockLanes);
  W.close();
  W.open("else");
  W.comment(fmt::format("(a warp each, {} a block)", TB.WarpsPerBlock));
  W.line("dpc_traceback<32><<<static_cast<unsigned>((dpc_nb + {0} - 1) / "
         "{0}), {1}, 0, dpc_stream>>>(dpc_dprobs, dpc_nb, dpc_derrs, "
         "dpc_buf.get(), dpc_doff.get(), dpc_dused.get());",
         TB.WarpsPerBlock, 32 * TB.WarpsPerBlock);
  W.close();
  W.line("DPC_CUDA_CHECK(cudaGetLastError());");
  W.line("std::vector<int64_t> dpc_used(dpc_nb);");
  W.line("dpc_dused.download(dpc_used.data(), dpc_nb, dpc_stream);");
  W.line("DPC_CUDA_CHECK(cudaStreamSynchronize(dpc_stream));");
  W.line("std::vector<int64_t> dpc_words, dpc_at;");
  W.line("dpc_rt::gather_trace(dpc_buf.get(), dpc_doff, dpc_used, dpc_stream, "
         "dpc_words, dpc_at);");
  if (!TB.Events.empty()) {
    W.line("static const char *const dpc_names[] = {{{}}};", Names);
    W.line("static const int dpc_arity[] = {{{}}};", Arities);
  }
  W.open("for (size_t b = 0; b < dpc_nb; ++b)");
  W.line("if (dpc_used[b] < 0) continue;");
  W.line("dpc_traced[b] = 1;");
  if (!TB.Events.empty()) {
    W.open(fmt::format("for (int64_t w = dpc_at[b]; w < dpc_at[b + 1]; w += "
                       "{})",
                       RW));
    W.line("const int64_t e = dpc_words[size_t(w)] - {};", NT);
    W.line("const int64_t *a = dpc_words.data() + w + 1;");
    W.line("dpc_evs[b].push_back({{dpc_names[e], std::vector<int64_t>(a, a + "
           "dpc_arity[e])}});");
    W.close();
  }
  W.close();
  W.close();
}
