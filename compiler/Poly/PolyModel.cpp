//===- PolyModel.cpp ------------------------------------------------------===//
#include "Poly/PolyModel.h"

#include "Basic/Diagnostics.h"

using namespace dpc;
using namespace dpc::ast;

std::string PolyModel::setText(const std::string &Tuple,
                               const std::vector<std::string> &Vars,
                               const std::vector<Constraint> &Cs) const {
  std::vector<std::string> Parts;
  for (auto &C : Cs)
    Parts.push_back(C.str());
  std::string S = Params + " -> { " + Tuple + "[" + join(Vars) + "]";
  if (!Parts.empty())
    S += " : " + join(Parts, " and ");
  return S + " }";
}

isl::set PolyModel::makeSet(const std::string &Tuple,
                            const std::vector<std::string> &Vars,
                            const std::vector<Constraint> &Cs) const {
  return islParse<isl::set>(ctx(), setText(Tuple, Vars, Cs));
}

isl::map PolyModel::makeMap(const std::string &FromTuple,
                            const std::vector<std::string> &FromVars,
                            const std::string &ToTuple,
                            const std::vector<Affine> &To) const {
  std::vector<std::string> Out;
  for (auto &A : To)
    Out.push_back(A.str());
  return islParse<isl::map>(ctx(), Params + " -> { " + FromTuple + "[" +
                             join(FromVars) + "] -> " + ToTuple + "[" +
                             join(Out) + "] }");
}

PolyModel::PolyModel(const Module &M, IslContext &C) : M(M), Ctx(C) {
  std::vector<std::string> Names;
  for (auto &P : M.Params)
    Names.push_back(P.Name);
  for (auto &L : M.Lets)
    Names.push_back(L.Name);
  Params = "[" + join(Names) + "]";

  std::vector<Constraint> Assume;
  for (auto &P : M.Params)
    Assume.push_back({Affine::var(P.Name), false, {}});
  for (auto &I : M.Inputs)
    for (auto &Size : I.SizesA)
      Assume.push_back({Size - Affine::constant(1), false, {}});
  // A `let` keeps the sign of its default (--set checks it); a `const` is
  // its value.
  for (auto &L : M.Lets)
    Assume.push_back(
        L.IsConst
            ? Constraint{Affine::var(L.Name) - Affine::constant(L.Value), true, {}}
            : Constraint{Affine::var(L.Name, L.Value >= 0 ? 1 : -1), false, {}});
  // `param N >= 1, ...`: the binaries and the interpreter reject sizes that
  // break them, so every proof (and the generated loops) may assume them.
  for (auto &C : M.ParamCons)
    Assume.push_back(C.C);
  std::vector<std::string> Parts;
  for (auto &A : Assume)
    Parts.push_back(A.str());
  ParamCtx = islParse<isl::set>(ctx(), Params + " -> { : " +
                                 (Parts.empty() ? "true" : join(Parts, " and ")) +
                                 " }");

  for (auto &T : M.Tables)
    TableDomains.push_back(
        makeSet(T.Name, T.Indices, T.Domain).intersect_params(ParamCtx));
  for (auto &I : M.Inputs) {
    // positions p (a matrix: p0, p1) from 0 to the size less one
    std::vector<std::string> Pos;
    std::vector<Constraint> Bounds;
    for (size_t D = 0; D < I.SizesA.size(); ++D) {
      Pos.push_back(I.SizesA.size() == 1 ? "p" : "p" + std::to_string(D));
      Bounds.push_back({Affine::var(Pos.back()), false, {}});
      Bounds.push_back({I.SizesA[D] - Affine::var(Pos.back()) -
                            Affine::constant(1),
                        false,
                        {}});
    }
    InputDomains.push_back(
        makeSet(I.Name, Pos, Bounds).intersect_params(ParamCtx));
  }
  for (size_t T = 0; T < M.Tables.size(); ++T)
    buildStatement(static_cast<int>(T));
  StmtsOfTable.resize(M.Tables.size());
  for (size_t I = 0; I < Stmts.size(); ++I)
    StmtsOfTable[Stmts[I].Table].push_back(I);
}

isl::set PolyModel::liftContext(const isl::set &C, const std::string &Tuple,
                                const std::vector<std::string> &Old,
                                const std::vector<std::string> &New) const {
  // Preimage under NEW -> OLD (drops the new trailing dims).
  isl::multi_aff Proj = islParse<isl::multi_aff>(ctx(), Params + " -> { " + Tuple + "[" + join(New) +
                                 "] -> " + Tuple + "[" + join(Old) + "] }");
  return C.preimage(Proj);
}

void PolyModel::walk(Statement &S, const Expr &E,
                     std::vector<std::string> &Vars, const isl::set &C,
                     std::vector<const Expr *> &Reds) {
  switch (E.K) {
  case Expr::Subscript:
    if (E.Ref == RefKind::Table || E.Ref == RefKind::IntInput ||
        E.Ref == RefKind::SeqInput) {
      ReadAccess R;
      R.Read = &E;
      R.IsTable = E.Ref == RefKind::Table;
      R.Target = E.RefIndex;
      R.CtxVars = Vars;
      R.Context = C;
      R.Reductions = Reds;
      std::string To =
          R.IsTable ? M.Tables[E.RefIndex].Name : M.Inputs[E.RefIndex].Name;
      // A subscript that reads input values may be any index along its
      // dimension (checked at run time): a free output dimension.
      std::vector<Affine> Index = E.Index;
      for (size_t D = 0; D < E.DataIndex.size(); ++D)
        if (E.DataIndex[D])
          Index[D] = Affine::var("dpc_any" + std::to_string(D));
      R.Access = makeMap(S.Name, Vars, To, Index).intersect_domain(C);
      S.Reads.push_back(std::move(R));
      // the input reads inside such subscripts
      for (size_t D = 0; D < E.DataIndex.size(); ++D)
        if (E.DataIndex[D])
          walk(S, *E.Args[D], Vars, C, Reds);
    }
    return;
  case Expr::Reduce: {
    std::vector<std::string> Old = Vars;
    std::vector<Constraint> Bounds;
    for (auto &B : E.Bindings) {
      Vars.push_back(B.Var);
      Bounds.push_back({Affine::var(B.Var) - B.LoA, false, B.Lo->Range});
      Bounds.push_back({B.HiA - Affine::var(B.Var), false, B.Hi->Range});
    }
    isl::set Inner = liftContext(C, S.Name, Old, Vars)
                         .intersect(makeSet(S.Name, Vars, Bounds));
    ReductionSets RS;
    RS.OuterVars = Old;
    RS.InnerVars = Vars;
    RS.Outer = C;
    RS.Inner = Inner;
    Reductions.push_back({&E, RS});
    Reds.push_back(&E);
    walk(S, *E.Args[0], Vars, Inner, Reds);
    Reds.pop_back();
    Vars = Old;
    return;
  }
  case Expr::Cases:
    S.Nested.push_back({&E, Vars, C});
    walkArms(S, E, Vars, C, Reds);
    return;
  case Expr::Call:
  default:
    for (auto &A : E.Args)
      walk(S, *A, Vars, C, Reds);
    return;
  }
}

void PolyModel::walkArms(Statement &S, const Expr &E,
                         std::vector<std::string> &Vars, const isl::set &C,
                         std::vector<const Expr *> &Reds) {
  isl::set Taken = C.subtract(C); // empty, same space
  for (auto &A : E.Arms) {
    isl::set G = A.G.IsElse ? C : makeSet(S.Name, Vars, A.G.Constraints);
    isl::set ArmCtx = C.intersect(G).subtract(Taken);
    // A guard that reads input values may hold or not: its arm may apply
    // wherever its affine constraints hold, and it takes no point from the
    // arms after it. Its operands are read where it is tried (after its
    // affine constraints).
    if (A.G.readsData())
      for (auto &DC : A.G.DataConds) {
        walk(S, *DC.L, Vars, ArmCtx, Reds);
        walk(S, *DC.R, Vars, ArmCtx, Reds);
      }
    else
      Taken = Taken.unite(C.intersect(G));
    walk(S, *A.Body, Vars, ArmCtx, Reds);
  }
}

void PolyModel::buildStatement(int T) {
  const TableDecl &Tab = M.Tables[T];
  const Expr &Body = *Tab.Eq->Body;
  std::vector<const Expr *> Reds;
  // Cases whose arm is chosen by input values (a guard that reads them)
  // make one statement of the whole body, which picks its arm at run time.
  if (Body.K != Expr::Cases || casesReadData(Body)) {
    Statement S;
    S.Name = Tab.Name;
    S.Table = T;
    S.Body = &Body;
    S.Domain = makeSet(S.Name, Tab.Indices, {}).intersect(
        makeSet(S.Name, Tab.Indices, Tab.Domain).intersect_params(ParamCtx));
    std::vector<std::string> Vars = Tab.Indices;
    if (Body.K == Expr::Cases) // (checked as the table's cases, not nested)
      walkArms(S, Body, Vars, S.Domain, Reds);
    else
      walk(S, Body, Vars, S.Domain, Reds);
    Stmts.push_back(std::move(S));
    return;
  }
  std::string Dom = Tab.Name;
  isl::set D = makeSet(Dom, Tab.Indices, Tab.Domain).intersect_params(ParamCtx);
  isl::set Taken = D.subtract(D);
  for (size_t A = 0; A < Body.Arms.size(); ++A) {
    const CaseArm &Arm = Body.Arms[A];
    isl::set G = Arm.G.IsElse ? D : makeSet(Dom, Tab.Indices, Arm.G.Constraints);
    isl::set Eff = D.intersect(G).subtract(Taken);
    Taken = Taken.unite(D.intersect(G));
    Statement S;
    S.Name = Tab.Name + "_case" + std::to_string(A + 1);
    S.Table = T;
    S.Arm = static_cast<int>(A);
    S.Body = Arm.Body.get();
    // Rename the tuple from the table to the statement.
    isl::map Ren = makeMap(Dom, Tab.Indices, S.Name,
                           [&] {
                             std::vector<Affine> V;
                             for (auto &I : Tab.Indices)
                               V.push_back(Affine::var(I));
                             return V;
                           }());
    S.Domain = Eff.apply(Ren);
    std::vector<std::string> Vars = Tab.Indices;
    walk(S, *S.Body, Vars, S.Domain, Reds);
    Stmts.push_back(std::move(S));
  }
}

std::vector<const Statement *> PolyModel::statementsOf(int T) const {
  std::vector<const Statement *> R;
  for (size_t I : StmtsOfTable[T])
    R.push_back(&Stmts[I]);
  return R;
}

isl::union_set PolyModel::domains() const {
  isl::union_set U(ctx(), "{ }");
  for (auto &S : Stmts)
    uniteInto(U, isl::union_set(S.Domain));
  return U;
}

isl::union_map PolyModel::cellOf() const {
  isl::union_map U(ctx(), "{ }");
  for (auto &S : Stmts) {
    const TableDecl &T = M.Tables[S.Table];
    std::vector<Affine> V;
    for (auto &I : T.Indices)
      V.push_back(Affine::var(I));
    uniteInto(U, isl::union_map(makeMap(S.Name, T.Indices, T.Name, V)
                                    .intersect_domain(S.Domain)));
  }
  return U;
}

isl::union_map PolyModel::definingStatement(int T) const {
  isl::union_map U(ctx(), "{ }");
  const TableDecl &Tab = M.Tables[T];
  std::vector<Affine> Id;
  for (auto &I : Tab.Indices)
    Id.push_back(Affine::var(I));
  for (const Statement *Src : statementsOf(T))
    uniteInto(U, isl::union_map(makeMap(Tab.Name, Tab.Indices, Src->Name, Id)
                                    .intersect_range(Src->Domain)));
  return U;
}

isl::union_map PolyModel::dependencesFrom(const Statement &S,
                                          const std::vector<std::string> &CtxVars,
                                          const isl::map &Access,
                                          int Target) const {
  const TableDecl &T = M.Tables[S.Table];
  // Context point -> sink statement instance (drop reduction indices).
  std::vector<Affine> Keep;
  for (auto &I : T.Indices)
    Keep.push_back(Affine::var(I));
  isl::union_map ToSink(makeMap(S.Name, CtxVars, S.Name, Keep));
  return isl::union_map(Access)
      .apply_range(definingStatement(Target))
      .reverse()
      .apply_range(ToSink);
}

isl::union_map PolyModel::dependencesOf(const Statement &S,
                                        const ReadAccess &R) const {
  if (!R.IsTable)
    return isl::union_map(ctx(), "{ }");
  return dependencesFrom(S, R.CtxVars, R.Access, R.Target);
}

isl::union_map PolyModel::dependences() const {
  isl::union_map U(ctx(), "{ }");
  for (auto &S : Stmts)
    for (auto &R : S.Reads)
      uniteInto(U, dependencesOf(S, R));
  return U;
}

const PolyModel::ReductionSets *
PolyModel::reductionSets(const Expr *Red) const {
  for (auto &[E, RS] : Reductions)
    if (E == Red)
      return &RS;
  return nullptr;
}

bool PolyModel::reductionMayBeEmpty(const Expr *Red) const {
  const ReductionSets *RS = reductionSets(Red);
  if (!RS)
    return true;
  // Project the inner points back onto the enclosing ones.
  std::vector<Affine> Keep;
  for (auto &V : RS->OuterVars)
    Keep.push_back(Affine::var(V));
  isl::map Proj = makeMap(tupleName(RS->Inner), RS->InnerVars,
                          tupleName(RS->Outer), Keep);
  isl::set Covered = RS->Inner.apply(Proj);
  return !RS->Outer.is_subset(Covered);
}
