//===- Sema.h - name resolution, affine forms and types -------------------===//
//
// Takes a parsed ast::Module; decorates it in place: every name resolved,
// every index, bound, guard and event argument turned into an Affine (an
// error at the sub-expression that is not affine), every expression typed,
// params bound to input lengths, score tables made dense. Errors go to
// DiagEngine; returns false if there were any.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Basic/Diagnostics.h"
#include "Parse/AST.h"

namespace dpc {

bool checkSemantics(ast::Module &M, DiagEngine &Diags);

/// Gives every output that is not a single cell a table of its own with no
/// indices, whose equation is the output's expression (OutputTables.cpp);
/// checkSemantics runs it first.
void makeOutputTables(ast::Module &M, DiagEngine &Diags);

} // namespace dpc
