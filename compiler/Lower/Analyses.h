//===- Analyses.h - facts about tables the lowering relies on -------------===//
//
// FindCopyTables.cpp: a table whose equation is a single read of another
// table under a permutation of the indices (Chang's CT[j, i] = C[i, j]) is
// a copy table: it needs no statement of its own and can be stored inside
// its source's buffer.
//
// AnalyzeInfinity.cpp: which tables can hold -inf or +inf. A fixpoint over
// the equations (max of alternatives is -inf only if every alternative can
// be; a reduction over a range that can be empty can be its identity; ...).
// Tables proven finite let reductions use the fast, unchecked max-plus
// arithmetic.
//
// AnalyzeRanges.cpp: bounds on every value of an int table, affine in the
// params (affine potentials kept by every arm, found with Farkas's lemma).
//
// AnalyzeSigns.cpp: which tables hold only values >= 0 (a greatest
// fixpoint over the equations). Floating-point sums of such values may be
// reassociated (tile products) within a bounded relative change.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Parse/AST.h"
#include "Poly/PolyModel.h"

#include <vector>

namespace dpc {

struct CopyTableInfo {
  std::vector<bool> IsCopy;
  std::vector<int> Source;             // source table of a copy table
  std::vector<std::vector<int>> Perm;  // copy index d = source index Perm[d]
};
CopyTableInfo findCopyTables(const ast::Module &M);

struct InfinityInfo {
  std::vector<bool> MayNegInf, MayPosInf; // per table
  /// Per table: a term of its equation (a literal, a score entry, a read,
  /// any subexpression) may be infinite, whether or not its value can be.
  std::vector<bool> InfTerms;
  bool finite(int T) const { return !MayNegInf[T] && !MayPosInf[T]; }
};
InfinityInfo analyzeInfinity(const ast::Module &M, const PolyModel &PM);

struct SignInfo {
  std::vector<bool> NonNeg; // per table: every value >= 0 (or +inf)
  /// Whether E (an expression of an equation) is >= 0 (or +inf) wherever
  /// it is evaluated, given the tables' flags.
  bool nonNegative(const ast::Module &M, const PolyModel &PM,
                   const ast::Expr &E) const;
};
SignInfo analyzeSigns(const ast::Module &M, const PolyModel &PM);

struct RangeInfo {
  std::vector<TableRange> Tables; // per table
};
RangeInfo analyzeRanges(const ast::Module &M, const PolyModel &PM,
                        const InfinityInfo &Inf);

} // namespace dpc
