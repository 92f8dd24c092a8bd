//===- EmitTraceback.cpp - NAME_traceback.cpp: the generic traceback ------===//
//
// From the output cell, follow the winning alternative (the first in source
// order on ties) and the winning reduction index (the first on ties)
// through every table read of the winning term, recording @events on the
// way -- the same rules as `dpc interp`. Values are recomputed from the
// finished tables. Reads of tables whose cells record no event
// (ast::tablesRecordingEvents) are not followed.
//
//===----------------------------------------------------------------------===//
#include "CodeGen/Emitters.h"
#include "CodeGen/EmitUtil.h"

using namespace dpc;
using namespace dpc::lir;

namespace {


struct Tracer {
  const Program &P;
  CodeWriter &W;
  ValueEmitter VE;

  static ValueStyle style() {
    ValueStyle S;
    S.UseSplits = false;
    return S;
  }
  Tracer(const Program &P, CodeWriter &W) : P(P), W(W), VE(P, style(), W) {}

  std::string better(RedOp Op, const std::string &A, const std::string &B) {
    return A + (Op == RedOp::Min ? " < " : " > ") + B;
  }

  void events(const VExpr &E) {
    for (auto &Ev : E.Events) {
      std::string A;
      for (auto &X : Ev.Args)
        A += (A.empty() ? "" : ", ") + iexpr(X);
      W.line("dpc_ev.push_back({{\"{}\", {{{}}}}});", Ev.Name, A);
    }
  }

  void trace(const VExpr &E) {
    events(E);
    switch (E.K) {
    case VExpr::Load: {
      if (!P.M.Tables[E.Table].RecordsEvents)
        return; // no event below this read: nothing to follow
      std::string A;
      std::vector<IExprPtr> Idx = VE.dataCell(E);
      for (auto &X : Idx)
        A += ", " + iexpr(X);
      W.line("{}trace_{}(dpc_p, dpc_in, dpc_t{}, dpc_ev, dpc_err, "
             "dpc_cells);",
             E.DynIdx.empty() ? "" : "if (" + VE.dataCellGuard(E, Idx) + ") ",
             P.M.Tables[E.Table].Name, A);
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
      for (size_t I = 0; I < E.Bindings.size(); ++I) {
        Args.push_back(VE.fresh("arg"));
        W.line("int64_t {} = 0;", Args.back());
      }
      for (auto &B : E.Bindings)
        W.open("for (int64_t " + B.Var + " = " + iexpr(B.Lo) + "; " + B.Var +
               " <= " + iexpr(B.Hi) + "; ++" + B.Var + ")");
      std::string V = VE.emit(*E.Kids[0]);
      std::string Set;
      for (size_t I = 0; I < Args.size(); ++I)
        Set += " " + Args[I] + " = " + E.Bindings[I].Var + ";";
      W.line("if (!{} || {}) {{ {} = true; {} = {};{} }}", Found,
             better(E.Op, V, Best), Found, Best, V, Set);
      for (size_t I = 0; I < E.Bindings.size(); ++I)
        W.close();
      W.open("if (" + Found + ")");
      for (size_t I = 0; I < Args.size(); ++I)
        W.line("const int64_t {} = {};", E.Bindings[I].Var, Args[I]);
      trace(*E.Kids[0]);
      W.close();
      return;
    }
    case VExpr::Cases:
      // (comparisons on input values are tried where their arm is)
      VE.caseChain(E, [&](size_t A) { trace(*E.Kids[A]); });
      return;
    case VExpr::Exp:
    case VExpr::Log:
      return; // like a sum: log(exp(a) + exp(b)) has no single winner
    default:
      return;
    }
  }
};

} // namespace

std::string dpc::emitTraceback(const Program &P) {
  const ModuleInfo &M = P.M;
  CodeWriter W;
  W.text(fileBanner(P, M.Name + "_traceback.cpp: the generic traceback "
                        "(same rules as dpc interp)."));
  W.text("#include \"" + M.Name + ".h\"");
  W.text("#include \"" + M.Name + "_host.h\"");
  W.blank();
  W.open("namespace " + M.Name);
  W.blank();
  for (auto &T : M.Tables)
    W.line("static void trace_{}(const Params &dpc_p, const Inputs &dpc_in, "
           "const Tables &dpc_t{}, std::vector<dpc_rt::Event> &dpc_ev, int "
           "*dpc_err, int64_t &dpc_cells);",
           T.Name, idxParams(T));
  W.blank();
  for (size_t T = 0; T < M.Tables.size(); ++T) {
    const TableInfo &Tab = M.Tables[T];
    W.comment(cellText(Tab) + " = " + Tab.BodyText);
    W.open("static void trace_" + Tab.Name +
           "(const Params &dpc_p, const Inputs &dpc_in, const Tables &dpc_t" +
           idxParams(Tab) +
           ", std::vector<dpc_rt::Event> &dpc_ev, int *dpc_err, int64_t "
           "&dpc_cells)");
    W.comment("past the limit (or after an error) the traceback stops");
    W.open("if (*dpc_err || ++dpc_cells > dpc::TraceCellLimit)");
    W.line("if (!*dpc_err) dpc::fail(dpc_err, dpc::ErrTraceLimit);");
    W.line("return;");
    W.close();
    emitParamLocals(M, W);
    W.line("(void)dpc_in; (void)dpc_t; (void)dpc_ev; (void)dpc_err;");
    Tracer Tr(P, W);
    Tr.trace(*P.TableBodies[T]);
    W.close();
    W.blank();
  }
  const OutputInfo &O = M.Outputs[0]; // (the first output is traced back)
  std::string A;
  for (auto &X : outputIndex(O))
    A += ", " + iexpr(X);
  W.open("void traceback(const Params &dpc_p, const Inputs &dpc_in, const "
         "Tables &dpc_t, std::vector<dpc_rt::Event> &dpc_ev, int *dpc_err)");
  emitParamLocals(M, W);
  W.line("int64_t dpc_cells = 0; // cells visited (dpc::TraceCellLimit)");
  W.line("trace_{}(dpc_p, dpc_in, dpc_t{}, dpc_ev, dpc_err, dpc_cells);",
         M.Tables[O.Table].Name, A);
  W.close();
  W.blank();
  W.close("} // namespace " + M.Name);
  return W.str();
}
