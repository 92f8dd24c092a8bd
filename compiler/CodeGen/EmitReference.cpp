//===- EmitReference.cpp - NAME_reference.cpp: reference, verify, dumps ---===//
//
// The reference path computes every table straight from the equations, in
// the untiled schedule, into plain boxes (its own storage), with no tile
// products; --verify compares every cell of every table with it. Table
// dumps and the output cell read the chosen storage.
//
//===----------------------------------------------------------------------===//
#include "CodeGen/Emitters.h"
#include "CodeGen/EmitUtil.h"

using namespace dpc;
using namespace dpc::lir;

namespace {

/// Whether a value uses exp, log or a logsumexp: libm's and CUDA's results
/// differ in the last bits, so --verify compares such tables to a relative
/// tolerance (docs/language.md); so are double tables of a program whose
/// tile products reassociate sums.
bool usesLibm(const VExpr &E) {
  if (E.K == VExpr::Exp || E.K == VExpr::Log ||
      ((E.K == VExpr::Reduce || E.K == VExpr::SplitReduce) &&
       E.Op == RedOp::LogSumExp))
    return true;
  for (auto &K : E.Kids)
    if (usesLibm(*K))
      return true;
  return false;
}

/// Prints a loop tree sequentially; leaves call Leaf(node).
void seqLoops(const LNode &N, CodeWriter &W,
              const std::function<void(const LNode &)> &Leaf) {
  printLoopTree(
      N, W,
      [&](const LNode &X) {
        if (X.K != LNode::Stmt)
          return false;
        Leaf(X);
        return true;
      },
      "reference loops");
}

/// "%lld" text of a stored value (ints with -inf / inf).
std::string formatValue(ScalarType T, const std::string &V) {
  if (isIntType(T))
    return "dpc_format_int(dpc::widen<" + storeType(T) + ">(" + V + "))";
  return "dpc_format_float(" + V + ", " +
         (T == ScalarType::Float ? "\"%.9g\"" : "\"%.17g\"") + ")";
}

} // namespace

std::string dpc::emitReference(const Program &P) {
  const ModuleInfo &M = P.M;
  CodeWriter W;
  W.text(fileBanner(P, M.Name + "_reference.cpp: the untiled reference path "
                        "(--verify), table dumps, the output cell."));
  W.text("#include \"" + M.Name + ".h\"");
  W.text("#include \"" + M.Name + "_host.h\"");
  W.blank();
  W.text("#include <cstdio>");
  W.text("#include <string>");
  W.blank();
  W.open("namespace " + M.Name);
  W.blank();
  W.open("static std::string dpc_format_int(int64_t v)");
  W.line("if (v == dpc::NEG) return \"-inf\";");
  W.line("if (v == dpc::POS) return \"inf\";");
  W.line("return std::to_string(v);");
  W.close();
  W.open("[[maybe_unused]] static std::string dpc_format_float(double v, const "
         "char *fmt)");
  W.line("if (std::isinf(v)) return v < 0 ? \"-inf\" : \"inf\";");
  W.line("char b[64];");
  W.line("std::snprintf(b, sizeof b, fmt, v);");
  W.line("return b;");
  W.close();
  W.blank();

  W.comment("Straight from the equations, in the untiled schedule, one cell "
            "at a time.");
  W.open("void compute_reference(const Params &dpc_p, const Inputs &dpc_in, "
         "const RefTables &dpc_r, int *dpc_err)");
  // The loops of a reference loop tree, a ref_stmt_ call per statement.
  auto RefLoops = [&](const LNode &Loops) {
    seqLoops(Loops, W, [&](const LNode &N) {
      std::string A;
      for (auto &X : N.Args)
        A += ", " + iexpr(X);
      W.line("ref_stmt_{}(dpc_p, dpc_in, dpc_r{}, dpc_err);",
             P.Stmts[N.Ref].Name, A);
    });
  };
  emitParamLocals(M, W);
  RefLoops(*P.Reference);
  W.close();
  W.blank();

  // Segments of rows for a checkpointed traceback (lir::Storage::Checkpoint).
  if (const Group *G = checkpointGroup(P)) {
    std::string Names;
    for (int T : G->Tables)
      Names += (Names.empty() ? "" : ", ") + M.Tables[T].Name;
    W.comment("Rows dpc_rlo .. dpc_rhi of " + Names +
              " (their first index), in the reference order, from the\n"
              "row above them: a segment of a checkpointed traceback "
              "(" + M.Name + "_traceback.cpp).");
    W.open("void ref_rows_" + M.Tables[G->Tables[0]].Name +
           "(const Params &dpc_p, const Inputs &dpc_in, const RefTables "
           "&dpc_r, int64_t dpc_rlo, int64_t dpc_rhi, int *dpc_err)");
    emitParamLocals(M, W);
    RefLoops(*G->RowsReference);
    W.close();
    W.blank();
  }

  W.comment("The reference again, stopping at the first cell whose statement "
            "fails (*dpc_err set):\nthat cell and its equation, or \"\" if no "
            "cell fails. Where a run failed,\nthis says where (error_message "
            "in the host code).");
  W.open("std::string locate_error(const Params &dpc_p, const Inputs &dpc_in, "
         "const RefTables &dpc_r, int *dpc_err)");
  emitParamLocals(M, W);
  seqLoops(*P.Reference, W, [&](const LNode &N) {
    std::string A, Cell;
    for (auto &X : N.Args) {
      A += ", " + iexpr(X);
      Cell += std::string(Cell.empty() ? "" : " + \", \" + ") +
              "std::to_string(static_cast<long long>(" + iexpr(X) + "))";
    }
    const lir::Statement &St = P.Stmts[N.Ref];
    W.line("ref_stmt_{}(dpc_p, dpc_in, dpc_r{}, dpc_err);", St.Name, A);
    std::string Eq = St.EquationText;
    const std::string Else = "   where else";
    if (Eq.size() > Else.size() &&
        Eq.compare(Eq.size() - Else.size(), Else.size(), Else) == 0)
      Eq.resize(Eq.size() - Else.size());
    std::string Lit;
    for (char C : Eq) {
      if (C == '"' || C == '\\')
        Lit += '\\';
      Lit += C;
    }
    W.line("if (*dpc_err) return \"{}[\" + {} + \"] of {}\";",
           M.Tables[St.Table].Name, Cell.empty() ? "std::string()" : Cell, Lit);
  });
  W.line("return \"\";");
  W.close();
  W.blank();

  W.comment("Compares every cell of every table with the reference; prints "
            "the first\ndifferences and returns their number (*dpc_cells: the "
            "cells compared).");
  W.open("size_t verify(const Params &dpc_p, const Tables &dpc_t, const "
         "RefTables &dpc_r, FILE *dpc_out, size_t *dpc_cells)");
  emitParamLocals(M, W);
  W.line("size_t dpc_bad = 0, dpc_n = 0;");
  bool Libm = false;
  for (auto &B : P.TableBodies)
    Libm = Libm || usesLibm(*B);
  // Tile products of sums and logsumexps combine their terms in another
  // order than the reference (SplitReductions: double terms >= 0, or the
  // log semiring): relative 1e-12.
  bool Reassoc = false;
  for (auto &Sp : P.Splits)
    Reassoc = Reassoc || Sp.Op == RedOp::Sum || Sp.Op == RedOp::LogSumExp;
  for (size_t T = 0; T < M.Tables.size(); ++T) {
    const TableInfo &Tab = M.Tables[T];
    std::vector<IExprPtr> X;
    for (auto &I : Tab.Indices)
      X.push_back(IExpr::var(I));
    W.comment("table " + cellText(Tab));
    seqLoops(*P.DomainLoops[T], W, [&](const LNode &N) {
      W.open("");
      for (size_t D = 0; D < Tab.Indices.size(); ++D)
        W.line("const int64_t {} = {};", Tab.Indices[D], iexpr(N.Args[D]));
      W.line("const {} dpc_a = dpc_t.{}[{}];", storeType(Tab.Type),
             P.Storages[T].Buffer, cellOffset(P, static_cast<int>(T), X, false));
      W.line("const {} dpc_b = dpc_r.{}[{}];", storeType(Tab.Type), Tab.Name,
             cellOffset(P, static_cast<int>(T), X, true));
      std::string Same = isIntType(Tab.Type)
                             ? "dpc_a == dpc_b"
                             : "(dpc_a == dpc_b || (dpc_a != dpc_a && dpc_b != dpc_b))";
      if (Libm && !isIntType(Tab.Type))
        // exp/log: relative 1e-12 (double) or 1e-5 (float) of max(1, |ref|)
        Same = "(" + Same + " || (std::isfinite(dpc_a) && std::isfinite(dpc_b) && "
               "std::fabs(double(dpc_a) - double(dpc_b)) <= " +
               (Tab.Type == ScalarType::Float ? "1e-5" : "1e-12") +
               " * std::fmax(1.0, std::fabs(double(dpc_b)))))";
      if (Reassoc && Tab.Type == ScalarType::Double)
        // reassociated sums: relative 1e-12 of the larger (values >= 0 may
        // be tiny: no absolute floor)
        Same = "(" + Same + " || (std::isfinite(dpc_a) && std::isfinite(dpc_b) && "
               "std::fabs(dpc_a - dpc_b) <= 1e-12 * std::fmax(std::fabs(dpc_a), "
               "std::fabs(dpc_b))))";
      W.line("++dpc_n;");
      W.open("if (!(" + Same + ") && dpc_bad++ < 10)");
      std::string Fmt = Tab.Name + "[";
      std::string Args;
      for (size_t D = 0; D < Tab.Indices.size(); ++D) {
        Fmt += (D ? ",%lld" : "%lld");
        Args += ", (long long)" + Tab.Indices[D];
      }
      W.line("std::fprintf(dpc_out, \"verify: {}] = %s, reference %s\\n\"{}, "
             "{}.c_str(), {}.c_str());",
             Fmt, Args, formatValue(Tab.Type, "dpc_a"),
             formatValue(Tab.Type, "dpc_b"));
      W.close();
      W.close();
    });
  }
  W.line("if (dpc_cells) *dpc_cells = dpc_n;");
  W.line("return dpc_bad;");
  W.close();
  W.blank();

  W.comment("The cells of every table's domain (cells[T], tables in "
            "declaration order),\ncounted by walking the domains: the work "
            "--explain predicts.");
  W.open("void table_cells(const Params &dpc_p, double *dpc_cells)");
  emitParamLocals(M, W);
  W.line("int64_t dpc_n = 0; // (an integer count: the compiler sums the "
         "innermost loop in closed form)");
  for (size_t T = 0; T < M.Tables.size(); ++T) {
    const TableInfo &Tab = M.Tables[T];
    W.comment("table " + cellText(Tab));
    W.line("dpc_n = 0;");
    seqLoops(*P.DomainLoops[T], W, [&](const LNode &) { W.line("++dpc_n;"); });
    W.line("dpc_cells[{}] = static_cast<double>(dpc_n);", T);
  }
  W.close();
  W.blank();

  W.comment("The terms every reduction takes at the sizes p (Lower/CountWork."
            "cpp: isl's loops over\nthe points where it takes one, its cell "
            "then its own indices; the compiler sums\nthe innermost loop in "
            "closed form): the work --explain and the notice before a\nlong "
            "run predict (dpc_rt::estimate_work, from scaled-down sizes when "
            "p is large).");
  W.open("double reduction_terms(const Params &dpc_p)");
  emitParamLocals(M, W);
  W.line("int64_t dpc_n = 0;");
  for (auto &C : P.WorkCounts) {
    W.comment(C.Stmt + ": " + C.What);
    seqLoops(*C.Loops, W, [&](const LNode &) { W.line("++dpc_n;"); });
  }
  W.line("return static_cast<double>(dpc_n);");
  W.close();
  W.blank();

  {
    unsigned Depth = 1;
    for (auto &C : P.WorkCounts)
      Depth = std::max(Depth, C.Depth);
    for (auto &T : M.Tables)
      Depth = std::max(Depth, static_cast<unsigned>(T.Indices.size()));
    W.comment("The sizes p with the params and `let`s that s marks (in "
              "that order) scaled by\nf and halved h times "
              "(dpc_rt::scale_size), and how deep the loops of\ntable_cells "
              "and reduction_terms nest: dpc_rt::estimate_work's inputs.");
    W.open("Params scaled_params(const Params &p, double f, int h, const "
           "std::vector<char> &s)");
    W.line("Params q = p;");
    size_t Ix = 0;
    for (auto &Pr : M.Params)
      W.line("q.{0} = dpc_rt::scale_size(p.{0}, f, h, s[{1}]);", Pr.Name, Ix++);
    for (auto &L : M.Lets)
      W.line("q.{0} = dpc_rt::scale_size(p.{0}, f, h, s[{1}]);", L.Name, Ix++);
    if (!Ix)
      W.line("(void)f; (void)h; (void)s;");
    W.line("return q;");
    W.close();
    W.line("const int work_depth = {};", Depth);
    W.blank();
    W.comment("The work of the problem of sizes p: the cells of its tables "
              "and the terms of its\nreductions, counted at p or, for large "
              "sizes, predicted from three scaled-down\nones "
              "(dpc_rt::estimate_work).");
    W.open("dpc_rt::WorkEstimate estimate_work(const Params &p)");
    std::string Sizes;
    for (auto &Pr : M.Params)
      Sizes += (Sizes.empty() ? "p." : ", p.") + Pr.Name;
    for (auto &L : M.Lets)
      Sizes += (Sizes.empty() ? "p." : ", p.") + L.Name;
    W.open("return dpc_rt::estimate_work({" + Sizes + "}, " +
           std::to_string(M.Params.size()) +
           ", work_depth, [&](double f, int h, const std::vector<char> &s)");
    W.line("const Params q = f == 1.0 && h == 0 ? p : scaled_params(p, f, h, "
           "s);");
    W.line("double cells[{}];", M.Tables.size());
    W.line("table_cells(q, cells);");
    W.line("dpc_rt::WorkCount c;");
    W.line("for (double x : cells) c.Cells += x;");
    W.line("c.Terms = reduction_terms(q);");
    W.line("return c;");
    W.close("});");
    W.close();
  }
  W.blank();

  W.comment("Prints every cell of a table, `T[i,j] = v`, in lexicographic "
            "order.");
  W.open("bool dump_table(const std::string &dpc_name, const Params &dpc_p, "
         "const Tables &dpc_t, FILE *dpc_out)");
  emitParamLocals(M, W);
  for (size_t T = 0; T < M.Tables.size(); ++T) {
    const TableInfo &Tab = M.Tables[T];
    std::vector<IExprPtr> X;
    for (auto &I : Tab.Indices)
      X.push_back(IExpr::var(I));
    W.open("if (dpc_name == \"" + Tab.Name + "\")");
    seqLoops(*P.DomainLoops[T], W, [&](const LNode &N) {
      W.open("");
      for (size_t D = 0; D < Tab.Indices.size(); ++D)
        W.line("const int64_t {} = {};", Tab.Indices[D], iexpr(N.Args[D]));
      std::string Fmt = Tab.Name + "[";
      std::string Args;
      for (size_t D = 0; D < Tab.Indices.size(); ++D) {
        Fmt += (D ? ",%lld" : "%lld");
        Args += ", (long long)" + Tab.Indices[D];
      }
      W.line("std::fprintf(dpc_out, \"{}] = %s\\n\"{}, {}.c_str());", Fmt, Args,
             formatValue(Tab.Type,
                         "dpc_t." + P.Storages[T].Buffer + "[" +
                             cellOffset(P, static_cast<int>(T), X, false) + "]"));
      W.close();
    });
    W.line("return true;");
    W.close();
  }
  W.line("return false;");
  W.close();
  W.blank();

  W.comment("Every output's cell, as text, in declaration order.");
  W.open("std::vector<std::string> output_values(const Params &dpc_p, const "
         "Tables &dpc_t)");
  emitParamLocals(M, W);
  W.line("return {{");
  for (size_t O = 0; O < M.Outputs.size(); ++O)
    W.line("    output_text(dpc_t.{}[{}]), // {}",
           P.Storages[M.Outputs[O].Table].Buffer, outputOffset(P, O),
           M.Outputs[O].Name);
  W.line("}};");
  W.close();
  W.blank();
  for (ScalarType Ty : M.outputTypes()) {
    W.comment("A value of an output's type (" + std::string(typeName(Ty)) +
              "), as text.");
    W.open("std::string output_text(" + storeType(Ty) + " dpc_v)");
    W.line("return {};", formatValue(Ty, "dpc_v"));
    W.close();
    W.blank();
  }
  W.close("} // namespace " + M.Name);
  return W.str();
}
