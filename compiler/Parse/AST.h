//===- AST.h - the recurrence language's syntax tree ----------------------===//
//
// The parser builds this tree with a source range on every node; Sema then
// decorates it in place (resolved names, affine forms, types), so that every
// later stage reads one structure: the decorated Module.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Basic/Affine.h"
#include "Basic/Types.h"

#include "llvm/Support/SMLoc.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace dpc::ast {

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

/// `a <= b < c`: a chain of comparisons. Sema turns each adjacent pair into
/// one affine Constraint.
struct Chain {
  std::vector<ExprPtr> Operands;
  std::vector<CmpOp> Ops; // Ops.size() == Operands.size() - 1
  llvm::SMRange Range;
};

/// A comparison of a guard that reads input values (extension): `c >=
/// w[i - 1]` (integer operands: sums of integer multiples of indices,
/// params, constants and int input reads, typed int64) or `a[i - 1] ==
/// b[j - 1]` (Symbols: two sequence symbols of one alphabet, compared for
/// equality). The proofs treat it as unknown (it may hold or not); the
/// interpreter and generated code evaluate it, after the guard's affine
/// constraints hold.
struct DataCond {
  Expr *L = nullptr, *R = nullptr; // operands, owned by the guard's chains
  CmpOp Op = CmpOp::Eq;
  bool Symbols = false;
  llvm::SMRange Range;
};

/// A conjunction of chains, or `else`.
struct Guard {
  bool IsElse = false;
  std::vector<Chain> Chains;
  llvm::SMRange Range;
  // Sema: the affine comparisons, and those that read input values.
  std::vector<Constraint> Constraints;
  std::vector<DataCond> DataConds;
  bool readsData() const { return !DataConds.empty(); }
};

struct CaseArm {
  Guard G;
  ExprPtr Body;
};

/// `k in LO .. HI` inside a reduction.
struct RedBinding {
  std::string Var;
  llvm::SMRange VarRange;
  ExprPtr Lo, Hi;
  // Sema:
  Affine LoA, HiA;
};

/// `@NAME(args)` after a term.
struct Event {
  std::string Name;
  llvm::SMRange Range;
  std::vector<ExprPtr> Args;
  // Sema:
  std::vector<Affine> AffArgs;
};

/// What a name or a subscript refers to once Sema has resolved it.
enum class RefKind { None, Var, Let, Table, IntInput, SeqInput, Score };

struct Expr {
  enum Kind {
    IntLit,   // 42
    FloatLit, // 0.5 (extension: only in float/double tables)
    InfLit,   // inf, -inf
    Name,     // i, N, a `let` constant
    Subscript,// T[e, ...], w[e], seq[e]
    Call,     // bond(seq[i], seq[j])
    Neg,      // -e
    Add,
    Sub,
    Mul,
    MaxN,     // max(e, ...)
    MinN,     // min(e, ...)
    Exp,      // exp(e)  (extension: float/double tables only)
    Log,      // log(e)  (extension: float/double tables only)
    Reduce,   // max k in a .. b : e
    Cases,    // (| g : e | else : e)  (extension; also a whole equation body)
  };

  Kind K;
  llvm::SMRange Range;

  int64_t IntVal = 0;
  double FloatVal = 0;
  bool Negative = false; // InfLit: -inf

  std::string Ident;     // Name, Subscript, Call
  llvm::SMRange IdentRange;
  std::vector<ExprPtr> Args; // operands, subscripts, call args, max/min args,
                             // Reduce: Args[0] is the body

  RedOp Op = RedOp::Max; // Reduce
  std::vector<RedBinding> Bindings;
  std::vector<CaseArm> Arms; // Cases
  std::vector<Event> Events;

  // ---- Sema decorations ----
  RefKind Ref = RefKind::None;
  int RefIndex = -1;          // table / input / score / let index
  std::vector<Affine> Index;  // Subscript: affine subscripts
  /// Subscript of a table (extension): per subscript, whether it reads
  /// input values (`c - w[i - 1]`): Args[d] is then an int64 value
  /// expression (Sema::dataIndex), evaluated and checked against the
  /// table's domain at run time; the proofs take every cell along that
  /// dimension. Index[d] is then 0. Empty when no subscript does.
  std::vector<bool> DataIndex;
  bool readsDataIndex() const {
    for (bool B : DataIndex)
      if (B)
        return true;
    return false;
  }
  Affine Value;               // Name of an index/param: its affine value
  ScalarType Type = ScalarType::Int32; // type of the value this node yields

  Expr(Kind K, llvm::SMRange R) : K(K), Range(R) {}
  bool isLeaf() const { return Args.empty() && Arms.empty(); }
};

struct ParamDecl {
  std::string Name;
  llvm::SMRange Range;
  int BoundBy = -1;  // Sema: the input whose length binds it
  int BoundDim = 0;  // ... along this dimension (a matrix's rows 0, columns 1)
};

/// One comparison of a `param` declaration's constraints (`N >= 1`; a
/// chain `1 <= N <= M` gives two), over params and `let` constants.
struct ParamConstraint {
  Constraint C;     // Sema: affine form, C.Range the comparison's source
  std::string Text; // `N >= 1`, as written (for messages)
};

/// `input seq : rna[N]`, or (extension) a matrix `input D : int[N, N]`: one
/// size per dimension.
struct InputDecl {
  std::string Name;
  llvm::SMRange Range;
  Alphabet Alpha = Alphabet::RNA;
  std::vector<ExprPtr> Sizes;
  // Sema:
  std::vector<Affine> SizesA;
  /// `N` or `N, N`: the sizes as the declaration's brackets hold them.
  std::string sizeText() const;
};

/// `let NAME = V` (tunable with --set; the proofs know only its sign) or
/// `const NAME = V` (fixed; the proofs know its value).
struct LetDecl {
  std::string Name;
  llvm::SMRange Range;
  int64_t Value = 0;
  bool IsConst = false;
};

struct ScoreEntry {
  std::string Key;
  llvm::SMRange Range;
  ScoreValue Val;
};

struct ScoreDecl {
  std::string Name;
  llvm::SMRange Range;
  std::vector<std::pair<std::string, Alphabet>> Params;
  ScalarType Type = ScalarType::Int32;
  std::vector<ScoreEntry> Entries;
  std::optional<ScoreValue> Default;
  llvm::SMRange DefaultRange;
  // Sema: dense lookup, row-major over the argument alphabets' symbols.
  std::vector<ScoreValue> Lookup;
};

struct Equation;

struct TableDecl {
  std::string Name;
  llvm::SMRange Range;
  std::vector<std::string> Indices;
  std::vector<llvm::SMRange> IndexRanges;
  ScalarType Type = ScalarType::Int32;
  std::vector<Chain> Over;
  /// The table computing an output's expression (OutputDecl::OwnTable): no
  /// indices, its one cell is the output (messages call it an output).
  bool IsOutput = false;
  // Sema:
  std::vector<Constraint> Domain;
  Equation *Eq = nullptr;
};

struct Equation {
  std::string Table;
  llvm::SMRange Range;     // the left-hand side `C[i, j]`
  std::vector<std::string> Indices;
  std::vector<llvm::SMRange> IndexRanges;
  ExprPtr Body;            // a Cases node for `| g : e ...`, else any Expr
  // Sema:
  int TableIdx = -1;
};

/// An `output` declaration: a cell `output C[0, N-1]`, an expression over
/// cells `output max i in 0 .. N-1 : L[i]`, or either with a name, `output
/// best = EXPR` (extension). An expression that is not a single cell is
/// computed by a table of its own with no indices (Sema/OutputTables.cpp),
/// so that the proofs, the interpreter and the generated code treat it as
/// any other cell.
struct OutputDecl {
  std::string Name;  // `best` of `output best = ...`; "" when unnamed
  llvm::SMRange Range, NameRange;
  ExprPtr Value;     // as written (null once moved into its own table)
  // Sema:
  std::string Text;  // how results name it: Name, else as written
  int TableIdx = -1; // the table of its cell
  std::vector<Affine> Index;
  bool OwnTable = false; // its cell is the one of a table made for it
};
/// One item of a `schedule { }` block (see docs/language.md).
struct ScheduleItem {
  enum Kind { Tile, Order, Layout } K;
  llvm::SMRange Range;
  std::string Table;
  llvm::SMRange TableRange;
  std::vector<int64_t> Sizes;          // Tile
  std::vector<std::string> Indices;    // Order: T[i, j] -> (e, ...)
  std::vector<ExprPtr> Exprs;          // Order
  std::string LayoutKind;              // Layout: box | triangle | shares
  std::string SharesWith;              // Layout T shares U
  llvm::SMRange KindRange;
  // Sema:
  std::vector<Affine> OrderA;
};

struct Module {
  std::string Name;
  std::string FileName;
  llvm::SMRange NameRange;
  std::vector<ParamDecl> Params;
  std::vector<Chain> ParamChains; // constraints of `param` declarations
  std::vector<InputDecl> Inputs;
  std::vector<LetDecl> Lets;
  std::vector<ScoreDecl> Scores;
  std::vector<TableDecl> Tables;
  std::vector<std::unique_ptr<Equation>> Equations;
  /// In declaration order; the first is traced back (events, structure).
  std::vector<OutputDecl> Outputs;
  std::vector<ScheduleItem> Schedule;
  // Sema: ParamChains as affine constraints, one per comparison.
  std::vector<ParamConstraint> ParamCons;

  int findTable(llvm::StringRef N) const;
  int findInput(llvm::StringRef N) const;
  int findParam(llvm::StringRef N) const;
  int findLet(llvm::StringRef N) const;
  int findScore(llvm::StringRef N) const;
};

/// Prints the tree (after Sema, with resolved names and affine forms) for
/// `dpc emit --stage=ast`.
void dumpModule(const Module &M, llvm::raw_ostream &OS);
/// Whether E is a case expression with a guard that reads input values
/// (its arm is then chosen at run time).
bool casesReadData(const Expr &E);
/// Whether E, or an expression inside it, reads a table at a subscript
/// computed from input values or is such a case expression.
bool readsData(const Expr &E);
/// Prints one expression in source syntax (used in comments and messages).
std::string exprToString(const Expr &E);
/// True if Pred holds for E or for some expression inside it (operands,
/// subscripts, arguments, case arms).
bool anyExpr(const Expr &E, const std::function<bool(const Expr &)> &Pred);
/// Per table: whether tracing one of its cells can record an event (its
/// equation annotates an expression with one, or reads a table whose
/// cells can). The traceback (generated and `dpc interp`) follows reads of
/// the other tables no further: they add nothing to its result.
std::vector<bool> tablesRecordingEvents(const Module &M);
/// Whether some equation annotates an expression with event `Name`.
bool declaresEvent(const Module &M, llvm::StringRef Name);
/// The input whose dot-bracket structure the traceback gives: the only
/// sequence input, when it is rna and some equation has a `pair` event;
/// -1 otherwise.
int structureInput(const Module &M);

} // namespace dpc::ast
