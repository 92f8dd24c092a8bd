//===- IslAst.h - isl AST into the loop form ------------------------------===//
//
// Takes isl's AST (built from a schedule tree) and gives the equivalent
// lir::LNode tree: for loops with inclusive bounds, ifs, blocks, marks and
// statement instances (named by the statement's isl tuple; the caller maps
// names to statement ids). Loop roles are assigned from the marks the
// schedule carries ("tiles", "parallel_tiles", "points", "parallel_points").
//
//===----------------------------------------------------------------------===//
#pragma once

#include "LIR/LoopIR.h"
#include "Poly/Isl.h"

#include <functional>
#include <map>

namespace dpc {

/// Converts an isl AST expression.
lir::IExprPtr fromIslExpr(const isl::ast_expr &E);

/// What each statement tuple name stands for in the loop form.
using StmtNames = std::map<std::string, std::pair<lir::StmtKind, int>>;

/// Converts an isl AST. Names maps statement tuple names to kinds and
/// references; a name not in the map is an internal error.
lir::LNodePtr fromIslAst(const isl::ast_node &N, const StmtNames &Names);

/// Generates loops for a schedule tree (with the given parameter context)
/// and converts them.
lir::LNodePtr buildLoops(const isl::schedule &S, const isl::set &Context,
                         const StmtNames &Names);

/// The condition that a params-only set holds, as an expression.
lir::IExprPtr fromParamSet(const isl::set &S, const isl::set &Context);

/// A piecewise affine function of the params as an expression.
lir::IExprPtr fromPwAff(const isl::pw_aff &PA, const isl::set &Context);

} // namespace dpc
