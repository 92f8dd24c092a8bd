//===- Interpreter.h - the reference interpreter (the oracle) -------------===//
//
// Takes a proven ast::Module and one problem (input values, `let`
// overrides); evaluates cells on demand with memoisation, exactly as the
// language defines them: first matching case, empty reductions give the
// identity, -inf absorbs, integer arithmetic checked against the table's
// declared type (overflow is an error, never a wrap). Gives the output
// value, whole tables, and the generic traceback (events, first alternative
// on ties, first reduction index on ties).
//
// It shares no code with the polyhedral middle end or the code generators:
// cells are computed in demand order, storage is a plain bounding box.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Basic/Diagnostics.h"
#include "Parse/AST.h"
#include "Poly/PolyModel.h"

#include "dpc_io.h"

namespace dpc_rt {
struct PathBox; // dpc_driver.h
}

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace dpc {

/// A value: integer tables use I (with INT64_MIN / INT64_MAX for -inf /
/// inf); float and double tables use F.
struct Num {
  int64_t I = 0;
  double F = 0;
};

constexpr int64_t NegInfI = INT64_MIN;
constexpr int64_t PosInfI = INT64_MAX;

/// A run-time failure of the recurrence itself (overflow, inf - inf), with
/// the source range of the operation and the cell being computed.
struct EvalError : std::runtime_error {
  llvm::SMRange Range;
  EvalError(llvm::SMRange R, const std::string &M)
      : std::runtime_error(M), Range(R) {}
};

struct TraceEvent {
  std::string Name;
  std::vector<int64_t> Args;
};

class Interpreter {
public:
  Interpreter(const ast::Module &M, const PolyModel &PM);
  ~Interpreter();

  /// Binds a problem; throws dpc_rt::InputError on bad input (wrong length,
  /// unknown `let`, not enough memory, ...).
  void bind(const dpc_rt::Problem &P,
            const std::vector<std::pair<std::string, int64_t>> &LetValues);

  const std::vector<std::pair<std::string, int64_t>> &params() const {
    return ParamValues;
  }
  /// Evaluates (if needed) and returns the cell of output O (in declaration
  /// order). Throws EvalError.
  Num output(size_t O);
  /// Evaluates every cell of table T. Throws EvalError.
  void evaluateTable(int T);
  /// Prints `T[i,j] = v` for every cell of T's domain, lexicographically.
  void dumpTable(int T, llvm::raw_ostream &OS);
  /// Follows the winning alternatives from the cell of the first output;
  /// Box (if not null) gets the box of the cells it visits in the tables
  /// of the most dimensions (--path).
  std::vector<TraceEvent> traceback(dpc_rt::PathBox *Box = nullptr);

  /// Text of a value of table T's type: 3, -inf, 0.25.
  std::string format(int Table, Num V) const;
  /// Text of a value of output O.
  std::string formatOutput(size_t O, Num V) const;

  struct Impl;

private:
  const ast::Module &M;
  const PolyModel &PM;
  std::vector<std::pair<std::string, int64_t>> ParamValues;
  std::unique_ptr<Impl> P;
};

/// Runs F on a thread with a large stack (demand-driven evaluation recurses
/// as deep as the longest dependence chain).
void runWithLargeStack(const std::function<void()> &F);

} // namespace dpc
