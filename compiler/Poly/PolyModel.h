//===- PolyModel.h - the recurrence as isl sets and maps ------------------===//
//
// Takes a checked ast::Module; gives its polyhedral model: the param
// context, each table's domain, one statement per (table, top-level case)
// with its effective domain (guard minus earlier guards), and every read
// with the exact set of points (indices and enclosing reduction indices)
// where it is evaluated and its access relation. Dependences between
// statements are derived from these. The proofs and the middle end read
// this model; nothing else turns the AST into isl objects.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Parse/AST.h"
#include "Poly/Isl.h"

#include <memory>

namespace dpc {

/// One read of a table or an input inside a statement's body.
struct ReadAccess {
  const ast::Expr *Read = nullptr; // the Subscript node
  bool IsTable = true;             // else an input (sequence or int array)
  int Target = -1;                 // table or input index
  /// Enclosing variables: the table's indices, then reduction indices from
  /// the outermost reduction inwards.
  std::vector<std::string> CtxVars;
  /// Points (in the statement's tuple, over CtxVars) where it is evaluated.
  isl::set Context;
  /// Context point -> the cell (or input position) it reads.
  isl::map Access;
  /// Reductions enclosing the read, outermost first.
  std::vector<const ast::Expr *> Reductions;
};

/// A case expression nested inside a body, with where it is evaluated.
struct NestedCases {
  const ast::Expr *E = nullptr;
  std::vector<std::string> CtxVars;
  isl::set Context;
};

struct Statement {
  std::string Name;  // `C` or `C_case2`
  int Table = -1;
  /// Index of the top-level case, or -1: the whole body (also for cases
  /// of which a guard reads input values: ast::casesReadData).
  int Arm = -1;
  isl::set Domain;   // effective domain, in tuple Name
  const ast::Expr *Body = nullptr;
  std::vector<ReadAccess> Reads;
  std::vector<NestedCases> Nested;
};

class PolyModel {
public:
  /// Builds the model; the module must have passed Sema.
  PolyModel(const ast::Module &M, IslContext &Ctx);

  const ast::Module &module() const { return M; }
  isl::ctx ctx() const { return Ctx.ctx(); }

  /// "[N, M]": every param and `let` constant, in declaration order.
  const std::string &paramTuple() const { return Params; }
  /// Assumptions on the params: each input is non-empty, params >= 0,
  /// each `let` keeps the sign of its default.
  const isl::set &paramContext() const { return ParamCtx; }

  const isl::set &tableDomain(int T) const { return TableDomains[T]; }
  const isl::set &inputDomain(int I) const { return InputDomains[I]; }
  const std::vector<Statement> &statements() const { return Stmts; }
  /// Statements of table T, in case order.
  std::vector<const Statement *> statementsOf(int T) const;

  /// Union of the statements' domains.
  isl::union_set domains() const;
  /// Dependences between statement instances: source -> sink, one map per
  /// read (the read's statement is the sink).
  isl::union_map dependences() const;
  /// The dependences created by one read, source statement -> sink.
  isl::union_map dependencesOf(const Statement &S, const ReadAccess &R) const;
  /// The dependences of a read given by its access relation (context point
  /// over CtxVars -> cell of table Target), source statement -> sink S.
  isl::union_map dependencesFrom(const Statement &S,
                                 const std::vector<std::string> &CtxVars,
                                 const isl::map &Access, int Target) const;
  /// Maps each cell of table T to the statement instance that defines it.
  isl::union_map definingStatement(int T) const;
  /// Maps each statement instance to the table cell it defines.
  isl::union_map cellOf() const;
  /// True if, at some point where the reduction is evaluated, its range of
  /// indices is empty (so it yields its identity there).
  bool reductionMayBeEmpty(const ast::Expr *Red) const;
  /// Where a reduction is evaluated: the enclosing points (outer) and the
  /// points with its own indices added (inner).
  struct ReductionSets {
    std::vector<std::string> OuterVars, InnerVars;
    isl::set Outer, Inner;
  };
  const ReductionSets *reductionSets(const ast::Expr *Red) const;
  /// Every reduction of every statement, with its sets, in statement order.
  const std::vector<std::pair<const ast::Expr *, ReductionSets>> &
  reductions() const {
    return Reductions;
  }

  /// Text helpers: "[N] -> { T[i, j] : c1 and c2 }".
  std::string setText(const std::string &Tuple,
                      const std::vector<std::string> &Vars,
                      const std::vector<Constraint> &Cs) const;
  isl::set makeSet(const std::string &Tuple,
                   const std::vector<std::string> &Vars,
                   const std::vector<Constraint> &Cs) const;
  isl::map makeMap(const std::string &FromTuple,
                   const std::vector<std::string> &FromVars,
                   const std::string &ToTuple,
                   const std::vector<Affine> &To) const;

private:
  void buildStatement(int T);
  void walk(Statement &S, const ast::Expr &E, std::vector<std::string> &Vars,
            const isl::set &Ctx, std::vector<const ast::Expr *> &Reds);
  /// The arms of a case expression E evaluated at Ctx.
  void walkArms(Statement &S, const ast::Expr &E,
                std::vector<std::string> &Vars, const isl::set &Ctx,
                std::vector<const ast::Expr *> &Reds);
  isl::set liftContext(const isl::set &Ctx, const std::string &Tuple,
                       const std::vector<std::string> &Old,
                       const std::vector<std::string> &New) const;

  const ast::Module &M;
  IslContext &Ctx;
  std::string Params;
  isl::set ParamCtx;
  std::vector<isl::set> TableDomains;
  std::vector<isl::set> InputDomains;
  std::vector<Statement> Stmts;
  /// Indices into Stmts of each table's statements (statementsOf is called
  /// once per read: a scan of Stmts there made the model quadratic).
  std::vector<std::vector<size_t>> StmtsOfTable;
  std::vector<std::pair<const ast::Expr *, ReductionSets>> Reductions;
};

} // namespace dpc
