//===- OutputTables.cpp - an output's expression computed by a table ------===//
//
// An output that is not a single cell (`output max i in 0 .. N-1 : L[i]`,
// `output best = EXPR`) gets a table of its own with no indices, whose
// equation is the expression. Its one cell is then the output, and every
// later stage treats it as any other cell: the proofs check its reads under
// their reduction ranges, the schedule puts it after the cells it reads,
// the interpreter and the generated code (CPU and GPU) compute it, and the
// traceback starts there (a max or min reduction follows its first best
// index, a sum is not followed).
//
// The table is named after the output (`best`), or `output` for an
// expression without a name (a keyword of the language, so no declaration
// can clash with it; at most one output may be such). Its type is the
// widest of the values the expression reads (int16 < int < int64 < float <
// double): tables and scores their type, int inputs int64, decimal
// literals double; int when it reads none of them.
//
//===----------------------------------------------------------------------===//
#include "Sema/Sema.h"

#include <algorithm>

using namespace dpc;
using namespace dpc::ast;

/// The widest of T and the types of the values E reads (subscripts, bounds
/// and guards are not values).
static ScalarType valueType(const Module &M, const Expr &E, ScalarType T) {
  auto Wider = [&](ScalarType U) { return std::max(T, U); };
  switch (E.K) {
  case Expr::FloatLit:
    return Wider(ScalarType::Double);
  case Expr::Subscript: {
    int Ti = M.findTable(E.Ident), Ii = M.findInput(E.Ident);
    if (Ti >= 0)
      return Wider(M.Tables[Ti].Type);
    if (Ii >= 0 && M.Inputs[Ii].Alpha == Alphabet::Int)
      return Wider(ScalarType::Int64);
    return T;
  }
  case Expr::Call: {
    int Si = M.findScore(E.Ident);
    return Si >= 0 ? Wider(M.Scores[Si].Type) : T;
  }
  case Expr::Cases:
    for (auto &A : E.Arms)
      T = valueType(M, *A.Body, T);
    return T;
  default:
    for (auto &A : E.Args)
      T = valueType(M, *A, T);
    return T;
  }
}

/// Whether output O is written as a single cell `T[...]` of a declared table.
static bool isCell(const Module &M, const OutputDecl &O) {
  const Expr &V = *O.Value;
  return V.K == Expr::Subscript && V.Events.empty() &&
         M.findTable(V.Ident) >= 0;
}

void dpc::makeOutputTables(Module &M, DiagEngine &Diags) {
  const OutputDecl *Unnamed = nullptr;
  for (OutputDecl &O : M.Outputs) {
    if (!O.Value)
      continue;
    O.Text = O.Name.empty() ? exprToString(*O.Value) : O.Name;
    if (isCell(M, O))
      continue;
    if (O.Name.empty()) {
      if (Unnamed) {
        Diags.error(O.Range, "a second output that is not a single cell "
                             "needs a name, as in 'output NAME = " +
                                 O.Text + "'");
        Diags.note(Unnamed->Range, "the first one without a name (its table "
                                   "is 'output') is here");
        O.Value.reset(); // (checked no further)
        continue;
      }
      Unnamed = &O;
    }
    TableDecl T;
    T.Name = O.Name.empty() ? "output" : O.Name;
    T.Range = O.Name.empty() ? O.Value->Range : O.NameRange;
    T.Type = valueType(M, *O.Value, ScalarType::Int32);
    T.IsOutput = true;
    auto Eq = std::make_unique<Equation>();
    Eq->Table = T.Name;
    Eq->Range = O.Range;
    Eq->Body = std::move(O.Value);
    // (its table by index: a name that clashes finds another declaration)
    Eq->TableIdx = static_cast<int>(M.Tables.size());
    O.TableIdx = static_cast<int>(M.Tables.size());
    O.OwnTable = true;
    M.Tables.push_back(std::move(T));
    M.Equations.push_back(std::move(Eq));
  }
}
