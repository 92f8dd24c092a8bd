//===- SplitReductions.cpp - tile products for matrix-product reductions --===//
#include "Lower/Lowering.h"

#include "Lower/IslAst.h"
#include <fmt/format.h>
#include <array>

using namespace dpc;
using namespace dpc::ast;

namespace {
lir::IExprPtr renamed(const lir::IExprPtr &E,
                      const std::map<std::string, std::string> &Ren) {
  if (!E)
    return E;
  if (E->K == lir::IExpr::Var) {
    auto It = Ren.find(E->Name);
    return It == Ren.end() ? E : lir::IExpr::var(It->second);
  }
  if (E->Args.empty())
    return E;
  std::vector<lir::IExprPtr> A;
  for (auto &X : E->Args)
    A.push_back(renamed(X, Ren));
  auto R = std::make_shared<lir::IExpr>(*E);
  R->Args = A;
  return R;
}

/// Gives the loop iterators of an isl-built tree fresh names Prefix0,
/// Prefix1, ...; each name is visible in its loop's subtree only (isl
/// reuses c0, c1, ... in sibling loop nests).
struct Renamer {
  std::string Prefix;
  int Next = 0;

  void run(lir::LNode &N, const std::map<std::string, std::string> &Scope) {
    switch (N.K) {
    case lir::LNode::For: {
      N.Lo = renamed(N.Lo, Scope);
      N.Hi = renamed(N.Hi, Scope);
      std::map<std::string, std::string> Inner = Scope;
      std::string New = Prefix + std::to_string(Next++);
      Inner[N.Iter] = New;
      N.Iter = New;
      for (auto &K : N.Kids)
        run(*K, Inner);
      return;
    }
    case lir::LNode::If:
      N.Cond = renamed(N.Cond, Scope);
      run(*N.Then, Scope);
      if (N.Else)
        run(*N.Else, Scope);
      return;
    case lir::LNode::Block:
    case lir::LNode::Mark:
      for (auto &K : N.Kids)
        run(*K, Scope);
      return;
    case lir::LNode::Stmt:
      for (auto &A : N.Args)
        A = renamed(A, Scope);
      return;
    }
  }
};

/// Puts every point of a product's U(T) loops that no loop over the last
/// contraction index encloses into a one-iteration loop over it. isl prints
/// a k that takes one value as a bare statement (at the edges of U(T), e.g.
/// where a guard such as `j - i < 4` cuts the reduction range); wrapped,
/// the whole of U(T) is enumerated by chunkable k loops, which the
/// register-blocked products need, instead of knocking the product off them.
void wrapBarePoints(lir::LNodePtr &N, int &Next) {
  if (lir::isChunkLoop(*N))
    return;
  switch (N->K) {
  case lir::LNode::Stmt: {
    if (N->Args.empty())
      return;
    auto L = std::make_shared<lir::LNode>();
    L->K = lir::LNode::For;
    L->Iter = "kkp" + std::to_string(Next++);
    L->Lo = L->Hi = N->Args.back();
    auto S = std::make_shared<lir::LNode>(*N);
    S->Args.back() = lir::IExpr::var(L->Iter);
    L->Kids.push_back(S);
    N = L;
    return;
  }
  case lir::LNode::If:
    wrapBarePoints(N->Then, Next);
    if (N->Else)
      wrapBarePoints(N->Else, Next);
    return;
  default:
    for (auto &K : N->Kids)
      wrapBarePoints(K, Next);
    return;
  }
}
} // namespace

lir::LNodePtr dpc::loopsOverSet(const isl::set &S, const isl::set &Context,
                                const std::string &Prefix) {
  std::string Tuple = tupleName(S);
  std::vector<std::string> Dims = setDimNames(S);
  std::vector<std::string> Params = paramNames(S);
  isl::multi_union_pw_aff Id = makeMupa(
      S.ctx(), "[" + join(Params) + "]", {{Tuple + "[" + join(Dims) + "]", Dims}});
  isl::schedule Sch = isl::schedule::from_domain(isl::union_set(S));
  Sch = Sch.root().child(0).insert_partial_schedule(Id).schedule();
  lir::LNodePtr L = buildLoops(Sch, Context, {{Tuple, {lir::StmtKind::Point, -1}}});
  Renamer R{Prefix};
  R.run(*L, {});
  return L;
}

namespace {

bool usesVar(const Expr &Read, const std::string &V) {
  for (auto &A : Read.Index)
    if (A.uses(V))
      return true;
  return false;
}

const ReadAccess *findRead(const Statement &S, const Expr *E) {
  for (auto &R : S.Reads)
    if (R.Read == E)
      return &R;
  return nullptr;
}

/// True if E reads one of the variables Vs (a reduction's indices).
bool usesAnyVar(const Expr &E, const std::vector<std::string> &Vs) {
  return anyExpr(E, [&](const Expr &X) {
    for (auto &V : Vs) {
      if (X.K == Expr::Name && (X.Ident == V || X.Value.uses(V)))
        return true;
      for (auto &A : X.Index)
        if (A.uses(V))
          return true;
    }
    return false;
  });
}

/// True if E can never be an infinity: literals, indices, params, `let`s,
/// int inputs, finite tables and scores without infinite entries, and
/// +, -, *, max, min of such values.
bool finiteTerm(const Module &M, const Expr &E, const InfinityInfo &Inf) {
  switch (E.K) {
  case Expr::IntLit:
  case Expr::FloatLit:
  case Expr::Name:
    return true;
  case Expr::Subscript:
    return E.Ref == RefKind::IntInput ||
           (E.Ref == RefKind::Table && Inf.finite(E.RefIndex));
  case Expr::Call:
    for (auto &V : M.Scores[E.RefIndex].Lookup)
      if (V.K != ScoreValue::Finite)
        return false;
    return true;
  case Expr::Neg:
  case Expr::Add:
  case Expr::Sub:
  case Expr::Mul:
  case Expr::MaxN:
  case Expr::MinN:
    for (auto &A : E.Args)
      if (!finiteTerm(M, *A, Inf))
        return false;
    return true;
  default:
    return false;
  }
}

bool isTableRead(const Expr &E) {
  return E.K == Expr::Subscript && E.Ref == RefKind::Table;
}

/// True if E reads a table (a term that does would add dependences of its
/// own to the product).
bool readsTable(const Expr &E) {
  return anyExpr(E, [](const Expr &X) { return isTableRead(X); });
}

/// The parts of a max / min reduction's body `X + Y (+|- t)* (+|- c)*`
/// (left to right, as parsed) that a tile product can take.
struct ProductParts {
  const Expr *Core = nullptr; // `X + Y (+|- t)*`
  const Expr *Pair = nullptr; // `X + Y`
  std::vector<FactoredTerm> KTerms, Terms;
};

/// Splits a max / min reduction's body `X + Y (+|- t)* (+|- c)*` into
///  - the terms c (outermost) that do not depend on the reduction's indices
///    and are never infinite: then
///      op_k (X + Y + c) = (op_k (X + Y)) + c
///    exactly: s -> s + c is monotone (in floating point too: the rounding
///    of s + c is monotone in s), an empty range gives the identity on both
///    sides (-inf + c = -inf), and no term is an infinity that could meet
///    another;
///  - the terms t between `X + Y` and the first c, from the first that
///    depends on the reduction's indices inwards: never infinite, reading
///    no table (inputs, indices, params, scores). The product evaluates
///    them at every update, in the order written (matrix chain's
///    `+ p[i] * p[k+1] * p[j+1]`), so its sums are the interpreter's.
/// Null Core when the body is not of that form.
ProductParts productParts(const Module &M, const Expr &Body,
                          const std::vector<std::string> &KV,
                          const InfinityInfo &Inf) {
  ProductParts R;
  const Expr *Core = &Body, *WithK = nullptr;
  std::vector<FactoredTerm> Rev, KRev;
  while (Core->K == Expr::Add || Core->K == Expr::Sub) {
    if (Core->K == Expr::Add && isTableRead(*Core->Args[0]) &&
        isTableRead(*Core->Args[1]))
      break;
    const Expr &C = *Core->Args[1];
    if (!finiteTerm(M, C, Inf))
      return R;
    if (WithK || usesAnyVar(C, KV)) {
      if (readsTable(C))
        return R;
      if (!WithK)
        WithK = Core;
      KRev.push_back({Core->K == Expr::Sub, &C});
    } else {
      Rev.push_back({Core->K == Expr::Sub, &C});
    }
    Core = Core->Args[0].get();
  }
  if (Core->K != Expr::Add || !isTableRead(*Core->Args[0]) ||
      !isTableRead(*Core->Args[1]))
    return R;
  R.Pair = Core;
  R.Core = WithK ? WithK : Core;
  R.Terms.assign(Rev.rbegin(), Rev.rend());
  R.KTerms.assign(KRev.rbegin(), KRev.rend());
  return R;
}

/// The parts of a sum reduction's body `X * Y (* t)*` (left to right, as
/// parsed) that a tile product can take: the terms t read no table and
/// are evaluated at every update, in the order written, whether they
/// depend on the reduction's indices or not (nothing is factored out, so
/// each term is the interpreter's). Null Core when the body is not of that
/// form, or a term may be negative or infinite (see planSplits).
ProductParts productPartsSum(const Module &M, const PolyModel &PM,
                             const Expr &Body, const InfinityInfo &Inf,
                             const SignInfo &Sg) {
  ProductParts R;
  const Expr *Core = &Body;
  std::vector<FactoredTerm> KRev;
  while (Core->K == Expr::Mul &&
         !(isTableRead(*Core->Args[0]) && isTableRead(*Core->Args[1]))) {
    const Expr &C = *Core->Args[1];
    if (!finiteTerm(M, C, Inf) || readsTable(C) ||
        !Sg.nonNegative(M, PM, C))
      return R;
    KRev.push_back({false, &C});
    Core = Core->Args[0].get();
  }
  if (Core->K != Expr::Mul || !isTableRead(*Core->Args[0]) ||
      !isTableRead(*Core->Args[1]))
    return R;
  R.Pair = Core;
  R.Core = &Body;
  R.KTerms.assign(KRev.rbegin(), KRev.rend());
  return R;
}

/// Reductions not nested in another reduction.
void collect(const Expr &E, bool InRed, std::vector<const Expr *> &Out) {
  if (E.K == Expr::Reduce) {
    if (!InRed)
      Out.push_back(&E);
    collect(*E.Args[0], true, Out);
    return;
  }
  for (auto &A : E.Args)
    collect(*A, InRed, Out);
  for (auto &A : E.Arms)
    collect(*A.Body, InRed, Out);
}

} // namespace

std::vector<SplitPlan> dpc::planSplits(const PolyModel &PM,
                                       const SchedulePlan &Plan,
                                       const CopyTableInfo &CI,
                                       const InfinityInfo &Inf,
                                       const SignInfo &Sg,
                                       const LowerOptions &Opts,
                                       std::vector<std::string> &NotSplit) {
  const Module &M = PM.module();
  std::vector<SplitPlan> Out;
  isl::union_map Step = Plan.stepOf(PM);
  for (int SI : Plan.EffStmts) {
    const Statement &S = PM.statements()[SI];
    int G = Plan.StmtGroup[SI];
    const GroupPlan &Gr = Plan.Groups[G];
    if (!Gr.Tiled || Gr.Signs.empty())
      continue;
    std::vector<const Expr *> Reds;
    collect(*S.Body, false, Reds);
    for (const Expr *R : Reds) {
      auto WhyNot = [&](const std::string &Why) {
        NotSplit.push_back("reduction " + exprToString(*R) + " in " + S.Name +
                           ": not a tile product: " + Why);
      };
      // Max-plus / min-plus, sum-product for doubles, and the log
      // semiring (logsumexp-plus) for float and double.
      bool Sum = R->Op == RedOp::Sum;
      bool Lse = R->Op == RedOp::LogSumExp;
      if (Lse && !Opts.ReassociateSums) {
        WhyNot("logsumexps keep the written order (--exact-sums)");
        continue;
      }
      // Nor one that reads at subscripts computed from input values, or
      // chooses a case by them (each read checked where the interpreter
      // reads it: the dumps say so, lir::dumpSchedule).
      if (readsData(*R))
        continue;
      std::vector<std::string> RedVars;
      for (auto &Bd : R->Bindings)
        RedVars.push_back(Bd.Var);
      const PolyModel::ReductionSets *RS = PM.reductionSets(R);
      if (!RS)
        continue;
      // A body of cases on the indices (first match): the product takes
      // the first arm of the product's form (X + Y ... or X * Y ...), over
      // the (x, k) where that arm is the one chosen (ArmSet, with isl); the
      // remainder evaluates the whole body at the other k. (Terms factored
      // out of the arm would not apply to the other arms: such an arm is
      // not taken.)
      const Expr *Body = R->Args[0].get();
      auto PartsOf = [&](const Expr &B) {
        return Sum ? productPartsSum(M, PM, B, Inf, Sg)
                   : productParts(M, B, RedVars, Inf);
      };
      bool CaseArm = false;
      isl::set ArmSet = RS->Inner;
      if (Body->K == Expr::Cases && !casesReadData(*Body) &&
          (!Sum || (M.Tables[S.Table].Type == ScalarType::Double &&
                    Opts.ReassociateSums))) {
        isl::set Taken = RS->Inner.subtract(RS->Inner);
        for (auto &A : Body->Arms) {
          isl::set G = A.G.IsElse
                           ? RS->Inner
                           : PM.makeSet(S.Name, RS->InnerVars, A.G.Constraints);
          isl::set Ctx = RS->Inner.intersect(G).subtract(Taken);
          ProductParts AP = PartsOf(*A.Body);
          if (AP.Core && AP.Terms.empty() && !Ctx.is_empty()) {
            Body = A.Body.get();
            ArmSet = Ctx;
            CaseArm = true;
            break;
          }
          Taken = Taken.unite(RS->Inner.intersect(G));
        }
        if (!CaseArm) {
          WhyNot("no arm of the body's cases is `X + Y (+ t)*` (or, for a "
                 "sum, `X * Y (* t)*`) of two table reads without terms "
                 "that could be factored out");
          continue;
        }
      }
      ProductParts Parts;
      if (Sum) {
        // A product sums its part of k in another order than the
        // interpreter (which adds k = lo, lo + 1, ... in turn): done only
        // for double sums of terms proven >= 0, whose result then changes
        // by a small relative amount (docs/language.md: reassociated
        // sums); integer sums would need a checked add per update.
        if (M.Tables[S.Table].Type != ScalarType::Double) {
          WhyNot(std::string("a sum of ") +
                 typeName(M.Tables[S.Table].Type) +
                 " values is computed in the written order (only double "
                 "sums are reassociated)");
          continue;
        }
        if (!Opts.ReassociateSums) {
          WhyNot("sums keep the written order (--exact-sums)");
          continue;
        }
        Parts = productPartsSum(M, PM, *Body, Inf, Sg);
        if (!Parts.Core) {
          WhyNot("the body is not `X * Y (* t)*` of two table reads and "
                 "terms t >= 0 that read no table");
          continue;
        }
      } else {
        Parts = productParts(M, *Body, RedVars, Inf);
        if (Lse && !Parts.Core) {
          // (a logsumexp is reassociated like a sum: its terms combine in
          // another order, so its bits change by rounding alone)
          WhyNot("the body is not `X + Y (+ t)*` of two table reads and "
                 "terms that read no table");
          continue;
        }
      }
      if (!Parts.Core)
        continue;
      const Expr &B = *Parts.Pair;
      const ReadAccess *RX = findRead(S, B.Args[0].get());
      const ReadAccess *RY = findRead(S, B.Args[1].get());
      auto [AccX, TX] = effectiveAccess(PM, CI, *RX);
      auto [AccY, TY] = effectiveAccess(PM, CI, *RY);
      if (Sum) {
        // Terms of one sign (no cancellation), no infinity (0 * inf), of
        // the sum's type (no conversion inside the product).
        if (!Sg.NonNeg[TX] || !Sg.NonNeg[TY]) {
          WhyNot("an operand table may hold negative values (a reordered "
                 "sum with cancellation could change its result by any "
                 "amount)");
          continue;
        }
        if (!Inf.finite(TX) || !Inf.finite(TY)) {
          WhyNot("an operand table may hold an infinity");
          continue;
        }
        if (M.Tables[TX].Type != ScalarType::Double ||
            M.Tables[TY].Type != ScalarType::Double) {
          WhyNot("an operand table is not double");
          continue;
        }
      }
      if (Lse && (M.Tables[TX].Type != M.Tables[S.Table].Type ||
                  M.Tables[TY].Type != M.Tables[S.Table].Type)) {
        WhyNot("an operand table is not of the logsumexp's type");
        continue;
      }
      // Operands that may be infinite: only the reduction's absorbing
      // infinity (-inf for max, +inf for min), which IEEE arithmetic
      // handles for float and double and clamped int32 operands handle
      // with an exact fallback (SplitInfo::SoftInf); never the other one
      // (inf - inf is an error the interpreter reports).
      bool SoftInf = false;
      if (!Inf.finite(TX) || !Inf.finite(TY)) {
        // (-inf absorbs a logsumexp's terms as it does a max's)
        const auto &Other = R->Op == RedOp::Min ? Inf.MayNegInf : Inf.MayPosInf;
        ScalarType Ty = M.Tables[S.Table].Type;
        bool IntOk = Ty == ScalarType::Int32 &&
                     M.Tables[TX].Type == ScalarType::Int32 &&
                     M.Tables[TY].Type == ScalarType::Int32;
        bool FloatOk = (Ty == ScalarType::Float || Ty == ScalarType::Double) &&
                       M.Tables[TX].Type == Ty && M.Tables[TY].Type == Ty;
        if (Other[TX] || Other[TY] || !(IntOk || FloatOk)) {
          WhyNot(Other[TX] || Other[TY]
                     ? "an operand may be the infinity that does not absorb "
                       "(inf - inf could occur)"
                     : "operands that may be infinite, of other types than "
                       "int, float or double of the table's own type");
          continue;
        }
        // Clamped int32 operands rely on a product's sign telling whether
        // an operand was infinite, which a k-dependent term would blur.
        if (IntOk && !Parts.KTerms.empty()) {
          WhyNot("int operands that may be infinite and terms that depend on "
                 "k");
          continue;
        }
        SoftInf = IntOk;
        if (SoftInf && CaseArm) {
          WhyNot("int operands that may be infinite, in an arm of cases");
          continue;
        }
      }
      const TableDecl &Tab = M.Tables[S.Table];
      std::vector<std::string> X = Tab.Indices, KV;
      for (auto &Bd : R->Bindings)
        KV.push_back(Bd.Var);
      std::vector<std::string> XK = X;
      XK.insert(XK.end(), KV.begin(), KV.end());
      std::string P = PM.paramTuple();

      // (x, k) -> [g, w] of the cell itself, and of the cells it reads.
      isl::union_map Own =
          isl::union_map(islParse<isl::map>(PM.ctx(), P + " -> { " + S.Name + "[" +
                                                join(XK) + "] -> " + S.Name +
                                                "[" + join(X) + "] }"))
              .apply_range(Step);
      auto Earlier = [&](const isl::map &Acc, int T) {
        isl::union_map Src = isl::union_map(Acc)
                                 .apply_range(PM.definingStatement(T))
                                 .apply_range(Step);
        isl::union_map Lt = lexLtUnionMap(Src, Own);
        isl::union_map Id(RS->Inner.identity());
        return Lt.intersect(Id).domain();
      };
      isl::union_set GoodU = Earlier(AccX, TX).intersect(Earlier(AccY, TY));
      isl::set Good = GoodU.intersect(isl::union_set(RS->Inner))
                          .extract_set(RS->Inner.space())
                          .intersect(ArmSet);
      if (Good.is_empty()) {
        WhyNot("no term reads only cells of earlier wavefront steps");
        continue;
      }

      // (x, k) -> TK[tile(x), k]
      std::vector<std::string> TK;
      for (unsigned D = 0; D < Gr.Dims; ++D) {
        std::string Mem = Plan.memberText(PM, SI, D);
        TK.push_back(Gr.Tile[D] == 1 ? Mem
                                     : "floor((" + Mem + ")/" +
                                           std::to_string(Gr.Tile[D]) + ")");
      }
      std::vector<std::string> TKOut = TK;
      TKOut.insert(TKOut.end(), KV.begin(), KV.end());
      isl::map ToTK = islParse<isl::map>(PM.ctx(), P + " -> { " + S.Name + "[" + join(XK) +
                                  "] -> TK[" + join(TKOut) + "] }");
      isl::multi_aff Drop = islParse<isl::multi_aff>(PM.ctx(), P + " -> { " + S.Name + "[" + join(XK) +
                                        "] -> " + S.Name + "[" + join(X) +
                                        "] }");
      isl::set All = RS->Outer.preimage(Drop);
      // (made one convex set where it is one below, unless a masked
      // product's U(T) replaces it: the subtraction's pieces would give the
      // product loops per piece, and isl's hull of them can take minutes)
      isl::set U =
          Good.apply(ToTK).subtract(All.subtract(Good).apply(ToTK)).coalesce();

      // The register-blocked shape: two tiled dims, rows that only X
      // reads, columns that only Y reads, the innermost contraction index
      // in both.
      const Expr &XR = *B.Args[0], &YR = *B.Args[1];
      int RowDim = -1, ColDim = -1;
      {
        std::vector<int> Big;
        for (unsigned D = 0; D < Gr.Dims; ++D)
          if (Gr.Tile[D] > 1)
            Big.push_back(static_cast<int>(D));
        if (Big.size() == 2) {
          const std::string &Rv = X[Big[0]], &Cv = X[Big[1]];
          const std::string &Kl = KV.back();
          if (usesVar(XR, Rv) && !usesVar(XR, Cv) && usesVar(YR, Cv) &&
              !usesVar(YR, Rv) && usesVar(XR, Kl) && usesVar(YR, Kl)) {
            RowDim = Big[0];
            ColDim = Big[1];
          }
        }
      }
      // Masked products (SplitPlan::RowMask / ColMask). U(T) above holds
      // the k that every cell of T reduces over; with two or more
      // contraction indices the rest of each cell's range (its remainder,
      // evaluated cell by cell inside the tile's wavefront) grows with the
      // outer indices' ranges, not with the tile. Where the terms a cell
      // of T has at k are exactly those whose row passes a condition on
      // (row, k) and whose column one on (column, k) (isl: the reduction's
      // domain over T's box is the intersection of its two cylinders), the
      // product takes every k at which some cell of T has a term and no
      // cell a term of a later step, and masks the other terms: an operand
      // whose condition fails reads as the absorbing value. The remainder
      // is then what the tile's own steps feed.
      isl::set RowCyl, ColCyl; // the masks, over (x, k)
      bool Masked = false;
      // (int32 max / min only: the masked value is SoftInf's clamped
      // infinity, whose combine the GPU suite verifies; a float product
      // would read -inf / +inf, not yet verified on a GPU)
      if (RowDim >= 0 && KV.size() >= 2 && !Sum && !Lse && !CaseArm &&
          Parts.KTerms.empty() &&
          M.Tables[S.Table].Type == ScalarType::Int32 &&
          M.Tables[TX].Type == ScalarType::Int32 &&
          M.Tables[TY].Type == ScalarType::Int32) {
        isl::set BadTK = RS->Inner.subtract(Good).apply(ToTK);
        isl::set UM = Good.apply(ToTK).subtract(BadTK);
        // The masks make a k at which no cell of T has a term harmless, so
        // U(T) may take the k between two of its own along the last
        // contraction index (one interval of it a tile and outer k, where
        // isl's decomposition of UM gives several, each a k loop and a
        // pack of its own) wherever no cell of T has a term of a later
        // step there.
        auto TryMask = [&](const isl::set &UM) {
          isl::set BoxM = All.intersect(UM.apply(ToTK.reverse()));
          isl::set In = RS->Inner.intersect(BoxM);
          // (x, k) -> the same with one cell index free
          auto Forget = [&](int Dim) {
            std::vector<std::string> Out = XK;
            Out[Dim] = "dpc_free";
            return islParse<isl::map>(PM.ctx(), P + " -> { " + S.Name + "[" +
                                                    join(XK) + "] -> " +
                                                    S.Name + "[" +
                                                    join(Out) + "] }");
          };
          // the cylinders of the whole reduction domain (simple conditions,
          // k2 >= i2), else of its part in the boxes
          isl::set RowOK = RS->Inner.apply(Forget(ColDim));
          isl::set ColOK = RS->Inner.apply(Forget(RowDim));
          if (!BoxM.intersect(RowOK).intersect(ColOK).is_subset(In)) {
            RowOK = In.apply(Forget(ColDim));
            ColOK = In.apply(Forget(RowDim));
          }
          if (!BoxM.intersect(RowOK).intersect(ColOK).is_subset(In))
            return false;
          RowCyl = RowOK;
          ColCyl = ColOK;
          U = UM;
          Masked = true;
          return true;
        };
        if (!UM.is_subset(U)) {
          isl::set Filled = convexIfExact(fillAlongLast(UM));
          if (!Filled.intersect(BadTK).is_empty() || !TryMask(Filled))
            TryMask(convexIfExact(UM));
        }
      }
      if (!Masked)
        U = convexIfExact(U);
      if (U.is_empty()) {
        WhyNot("no tile has a contraction index whose reads, for every cell "
               "of the tile, come from earlier wavefront steps");
        continue;
      }

      // The k of U(T) whose reads are at least two wavefront steps older
      // than T (lir::SplitInfo::OldLo): a product may compute them while
      // the previous step's tiles are computed. One contraction index, both
      // operands of the tile's own group, one interval of k per tile.
      isl::set UOld;
      if (KV.size() == 1 && !Masked &&
          std::count(Gr.Tables.begin(), Gr.Tables.end(), TX) &&
          std::count(Gr.Tables.begin(), Gr.Tables.end(), TY)) {
        // src <lex [g, w - 1] of the cell: w_src <= w - 2 in its group
        isl::union_map Own2 =
            Own.apply_range(isl::union_map(PM.ctx(), "{ [g, w] -> [g, w - 1] }"));
        auto Older = [&](const isl::map &Acc, int T) {
          isl::union_map Src = isl::union_map(Acc)
                                   .apply_range(PM.definingStatement(T))
                                   .apply_range(Step);
          return lexLtUnionMap(Src, Own2)
              .intersect(isl::union_map(RS->Inner.identity()))
              .domain();
        };
        isl::set GoodOld = Older(AccX, TX)
                               .intersect(Older(AccY, TY))
                               .intersect(isl::union_set(Good))
                               .extract_set(RS->Inner.space());
        UOld = convexIfExact(
            GoodOld.apply(ToTK)
                .subtract(All.subtract(GoodOld).apply(ToTK))
                .intersect(U));
      }

      SplitPlan Sp;
      Sp.Stmt = SI;
      Sp.Red = R;
      Sp.Core = Parts.Core;
      Sp.Pair = Parts.Pair;
      Sp.KTerms = Parts.KTerms;
      Sp.Terms = Parts.Terms;
      // (a masked int32 product reads a masked operand as the clamped
      // infinity, and so combines as one whose operands may be infinite)
      Sp.SoftInf = SoftInf || Masked;
      Sp.CaseArm = CaseArm;
      int Idx = static_cast<int>(Out.size());
      Sp.Place.Name = "TileProduct" + std::to_string(Idx);
      Sp.Place.G = G;
      std::vector<std::string> TV;
      for (unsigned D = 0; D < Gr.Dims; ++D)
        TV.push_back("tile" + std::to_string(D));
      Sp.TileVars = TV;
      std::vector<std::string> TKNames = TV;
      TKNames.insert(TKNames.end(), KV.begin(), KV.end());
      isl::map ProjT = islParse<isl::map>(PM.ctx(), P + " -> { TK[" + join(TKNames) + "] -> " +
                                   Sp.Place.Name + "[" + join(TV) + "] }");
      Sp.Place.Domain = U.apply(ProjT);
      // Dependences of the product: it reads X and Y at (x, k) for k in
      // U(tile(x)), and feeds every cell of its tile.
      isl::set Pairs = RS->Inner.intersect(U.apply(ToTK.reverse()));
      isl::map ToProd = ToTK.apply_range(ProjT);
      Sp.Place.Reads = isl::union_map(PM.ctx(), "{ }");
      for (auto [Acc, T] : {std::pair<isl::map, int>{AccX, TX}, {AccY, TY}})
        Sp.Place.Reads = Sp.Place.Reads.unite(
            isl::union_map(Acc.intersect_domain(Pairs))
                .apply_range(PM.definingStatement(T))
                .reverse()
                .apply_range(isl::union_map(ToProd)));
      std::vector<std::string> TOnly(TK.begin(), TK.end());
      isl::map CellToProd = islParse<isl::map>(PM.ctx(), P + " -> { " + S.Name + "[" + join(X) +
                                        "] -> " + Sp.Place.Name + "[" +
                                        join(TOnly) + "] }");
      Sp.Place.Feeds = isl::union_map(
          CellToProd.intersect_domain(RS->Outer)
              .intersect_range(Sp.Place.Domain)
              .reverse());

      // Loops: U(T) over k with T as params; the CPU form over (k, x);
      // the remainder over k with x as params.
      isl::set Ctx = PM.paramContext();
      unsigned NT = Gr.Dims, NK = static_cast<unsigned>(KV.size());
      isl::set UT = dimsToParams(U, 0, NT, TV);
      Sp.ProductLoops = loopsOverSet(UT, Ctx, "kk");
      int Wrapped = 0;
      wrapBarePoints(Sp.ProductLoops, Wrapped);
      // {(x..., k, x_last) : (T, k) in U, x in Outer, tile(x) = T}, T as
      // params: the CPU form keeps a row of accumulators hot over k and
      // runs the last index (contiguous in memory) innermost.
      std::vector<std::string> CpuOut = TK;
      CpuOut.insert(CpuOut.end(), X.begin(), X.end() - 1);
      CpuOut.insert(CpuOut.end(), KV.begin(), KV.end());
      CpuOut.push_back(X.back());
      isl::map Swap = islParse<isl::map>(PM.ctx(), P + " -> { " + S.Name + "[" + join(XK) +
                                  "] -> CPU[" + join(CpuOut) + "] }");
      // (a masked product's U(T) holds k outside some cells' ranges: the
      // CPU loops take each cell's own)
      isl::set CellsU = All.intersect(U.apply(ToTK.reverse()));
      if (Masked)
        CellsU = CellsU.intersect(RS->Inner);
      isl::set CpuSet = CellsU.apply(Swap);
      Sp.CpuLoops = loopsOverSet(dimsToParams(CpuSet, 0, NT, TV), Ctx, "cp");
      // The other CPU form, (x..., k): each cell's reduction innermost, for
      // operands contiguous along k (chooseCpuProductOrder picks one once
      // the storage is known).
      isl::map Keep = islParse<isl::map>(PM.ctx(), P + " -> { " + S.Name + "[" +
                                         join(XK) + "] -> CPU[" + join(TK) +
                                         ", " + join(XK) + "] }");
      isl::set CpuKSet = CellsU.apply(Keep);
      Sp.CpuLoopsKInner =
          loopsOverSet(dimsToParams(CpuKSet, 0, NT, TV), Ctx, "cp");
      isl::set Rest = RS->Inner.subtract(U.apply(ToTK.reverse()));
      Sp.RestLoops = loopsOverSet(dimsToParams(Rest, 0, Gr.Dims, X), Ctx, "rk");
      (void)NK;
      Sp.U = U.coalesce();
      Sp.USet = islStr(Sp.U);
      if (!UOld.is_null() && !UOld.is_empty() && isOneConvexPiece(UOld)) {
        isl::set UO = dimsToParams(UOld, 0, NT, TV);
        Affine Lo, Hi;
        if (pwAffToAffine(dimMin(UO, 0), Lo) &&
            pwAffToAffine(dimMax(UO, 0), Hi)) {
          Sp.OldLo = lir::IExpr::fromAffine(Lo);
          Sp.OldHi = lir::IExpr::fromAffine(Hi);
          Sp.OldGuard = fromParamSet(UO.params(), Ctx);
          Sp.OldSet = islStr(UOld);
        }
      }
      // What one tile's remainder loops read of each operand
      // (lir::SplitInfo::RestBox), and the remainder loops by where each
      // operand's reads lie (lir::SplitInfo::RestBySource).
      int64_t TileVol = 1;
      for (unsigned D = 0; D < NT; ++D)
        TileVol *= Gr.Tile[D];
      // (x, k) -> [TileProduct[T] -> cell read]
      auto TileAndCell = [&](const isl::map &Acc) {
        return ToProd.range_product(Acc);
      };
      // { TileProduct[T] -> cell of table TA : in T's own box }, where TA
      // is a table of the group (the GPU's copy of the tile); null if not.
      auto OwnBox = [&](int TA) -> isl::map {
        unsigned ND = static_cast<unsigned>(M.Tables[TA].Indices.size());
        if (!std::count(Gr.Tables.begin(), Gr.Tables.end(), TA) || ND != NT)
          return isl::map();
        // member b = sign * c + shift lies in [Sz t, Sz t + Sz - 1]
        std::vector<std::string> Cv, Cond;
        for (unsigned D = 0; D < ND; ++D) {
          Cv.push_back("dpc_c" + std::to_string(D));
          Cond.push_back(fmt::format(
              "{0} * {1} <= {2}{3} + {4} <= {0} * {1} + {5}", Gr.Tile[D], TV[D],
              Gr.Signs[D] < 0 ? "-" : "", Cv[D], Gr.Shifts[D], Gr.Tile[D] - 1));
        }
        return islParse<isl::map>(
            PM.ctx(), P + " -> { " + Sp.Place.Name + "[" + join(TV) + "] -> " +
                          M.Tables[TA].Name + "[" + join(Cv) +
                          "] : " + join(Cond, " and ") + " }");
      };
      // The box of the cells Reads (over the tile) holds, less those of
      // Own: isl's simple fixed box hull with the tile as params, else the
      // largest of its pieces' (the reads outside it stay global); at most
      // two tiles. Also the box as a map from the tile.
      auto RestBoxOf = [&](const isl::map &Acc, int TA, const isl::map &Own)
          -> std::pair<lir::SplitInfo::RestBox, isl::map> {
        const TableDecl &TD = M.Tables[TA];
        unsigned ND = static_cast<unsigned>(TD.Indices.size());
        isl::map Reads =
            ToProd.intersect_domain(Rest).reverse().apply_range(Acc);
        if (!Own.is_null())
          Reads = Reads.subtract(Own);
        if (Reads.is_empty())
          return {};
        auto BoxOf = [&](const isl::set &Cells)
            -> std::pair<lir::SplitInfo::RestBox, isl::map> {
          lir::SplitInfo::RestBox B;
          isl::fixed_box FB = Cells.simple_fixed_box_hull();
          if (!FB.is_valid())
            return {};
          isl::multi_aff Off = FB.offset();
          isl::multi_val Size = FB.size();
          int64_t Vol = 1;
          std::vector<std::string> Cv, Cond;
          for (unsigned D = 0; D < ND; ++D) {
            Affine A;
            isl::val V = Size.at(static_cast<int>(D));
            if (!pwAffToAffine(isl::pw_aff(Off.at(static_cast<int>(D))), A) ||
                !V.is_int() || V.lt(isl::val(PM.ctx(), 1)) ||
                V.gt(isl::val(PM.ctx(), 2 * TileVol)))
              return {};
            B.Lo.push_back(lir::IExpr::fromAffine(A));
            B.Size.push_back(V.get_num_si());
            Vol *= B.Size.back();
            Cv.push_back("dpc_c" + std::to_string(D));
            Cond.push_back(fmt::format("{0} <= {1} <= {0} + {2}", A.str(),
                                       Cv[D], B.Size.back() - 1));
          }
          if (Vol > 2 * TileVol)
            return {};
          B.Table = TA;
          return {B, islParse<isl::map>(
                          PM.ctx(), P + " -> { " + Sp.Place.Name + "[" +
                                        join(TV) + "] -> " + TD.Name + "[" +
                                        join(Cv) + "] : " +
                                        join(Cond, " and ") + " }")};
        };
        isl::set Cells = dimsToParams(Reads.wrap().flatten(), 0, NT, TV)
                             .coalesce();
        auto Best = BoxOf(Cells);
        if (Best.first.Table >= 0)
          return Best;
        // (Nussinov's Y: the diagonal tile below the tile's columns, and
        // one row just below the tile, read once per cell)
        Cells.foreach_basic_set([&](isl::basic_set BS) {
          auto B = BoxOf(isl::set(BS));
          if (B.first.Table >= 0 &&
              (Best.first.Table < 0 || B.first.volume() > Best.first.volume()))
            Best = B;
        });
        return Best;
      };
      isl::set None = Rest.subtract(Rest);
      // per operand: the (x, k) of Rest reading the tile's own copy, the
      // box, and elsewhere (lir::RestSource order)
      std::array<std::array<isl::set, 3>, 2> Src;
      for (int O = 0; O < 2; ++O) {
        const isl::map &Acc = O ? AccY : AccX;
        int TA = O ? TY : TX;
        isl::map Own = OwnBox(TA);
        auto [Box, BoxMap] = RestBoxOf(Acc, TA, Own);
        (O ? Sp.YRest : Sp.XRest) = Box;
        isl::set InOwn = Own.is_null()
                             ? None
                             : Rest.intersect(TileAndCell(Acc)
                                                  .intersect_range(Own.wrap())
                                                  .domain());
        isl::set InBox = BoxMap.is_null()
                             ? None
                             : Rest.intersect(TileAndCell(Acc)
                                                  .intersect_range(BoxMap.wrap())
                                                  .domain())
                                   .subtract(InOwn);
        Src[O] = {Rest.subtract(InOwn).subtract(InBox), InOwn, InBox};
      }
      {
        auto Block = std::make_shared<lir::LNode>();
        Block->K = lir::LNode::Block;
        for (int SX = 0; SX < 3; ++SX)
          for (int SY = 0; SY < 3; ++SY) {
            isl::set Piece = Src[0][SX].intersect(Src[1][SY]).coalesce();
            if (Piece.is_empty())
              continue;
            auto Mk = std::make_shared<lir::LNode>();
            Mk->K = lir::LNode::Mark;
            Mk->MarkName = "rest_sources";
            Mk->Ref = 3 * SX + SY;
            Mk->Kids.push_back(loopsOverSet(
                dimsToParams(Piece, 0, Gr.Dims, X), Ctx, "rk"));
            Block->Kids.push_back(Mk);
          }
        Sp.RestBySource = Block;
      }
      Sp.CellGuard =
          fromParamSet(dimsToParams(RS->Outer, 0, Gr.Dims, X).params(), Ctx);

      // The tile's cell box.
      for (unsigned D = 0; D < NT; ++D) {
        int64_t Sz = Gr.Tile[D];
        auto T = lir::IExpr::var(TV[D]);
        // member b = sign * x + shift lies in [Sz * t, Sz * t + Sz - 1].
        auto Lo = lir::IExpr::num(Sz) * T - lir::IExpr::num(Gr.Shifts[D]);
        if (Gr.Signs[D] < 0)
          Lo = lir::IExpr::op(lir::IExpr::Neg,
                              {Lo + lir::IExpr::num(Sz - 1)});
        Sp.BoxLo.push_back(Lo);
        Sp.BoxSize.push_back(Sz);
      }
      // The GPU's register-blocked form needs the rectangular shape.
      if (RowDim >= 0) {
        Sp.RowDim = RowDim;
        Sp.ColDim = ColDim;
        Sp.Rectangular = true;
      }
      // A condition over (x, k), simplified where the products evaluate it
      // (k in U(T), any cell of T's box; isl gist), as an expression over
      // the table's indices and the k's.
      isl::set Where = U.apply(ToTK.reverse());
      auto CondOf = [&](const isl::set &C) {
        return fromParamSet(
            dimsToParams(C.gist(Where).coalesce(), 0,
                         static_cast<unsigned>(XK.size()), XK)
                .params(),
            Ctx);
      };
      if (Masked) {
        Sp.RowMask = CondOf(RowCyl);
        Sp.ColMask = CondOf(ColCyl);
      }
      // The register-blocked form's staged loads: the condition under which
      // an element is loaded (its read inside the table, and the mask). The
      // printer evaluates it in place of the table's whole domain.
      if (Sp.Rectangular) {
        auto LoadGuard = [&](const Expr *Rd,
                             const isl::set &Cond) -> lir::IExprPtr {
          const ReadAccess *RA = findRead(S, Rd);
          isl::map Full = PM.makeMap(S.Name, XK, M.Tables[RA->Target].Name,
                                     Rd->Index);
          auto [Eff, T] = effectiveAccess(PM, CI, *RA, Full);
          if (T != RA->Target)
            return nullptr; // (a copy table: the printer's guard)
          isl::set In = Full.intersect_range(PM.tableDomain(T)).domain();
          if (Cond.is_null())
            return CondOf(In);
          return CondOf(Cond.intersect(Where).is_subset(In) ? Cond
                                                            : Cond.intersect(In));
        };
        Sp.XLoadGuard = LoadGuard(B.Args[0].get(), Masked ? RowCyl : isl::set());
        Sp.YLoadGuard = LoadGuard(B.Args[1].get(), Masked ? ColCyl : isl::set());
      }
      // Tiles whose whole box, with every k of U(T), reads cells of both
      // operand tables: there the CPU may compute every cell of the box
      // (a cell outside the statement's domain fills an accumulator that
      // no cell reads), so rows and columns block into registers. (Not for
      // a masked product: its box holds terms outside cells' ranges.)
      if (Sp.Rectangular && !Masked) {
        isl::set BoxU = U.apply(ToTK.reverse());
        isl::set Bad = BoxU.subtract(BoxU);
        for (const Expr *Rd : {B.Args[0].get(), B.Args[1].get()}) {
          const ReadAccess *RA = findRead(S, Rd);
          isl::map Full = PM.makeMap(S.Name, XK, M.Tables[RA->Target].Name,
                                     Rd->Index);
          auto [Eff, T] = effectiveAccess(PM, CI, *RA, Full);
          Bad = Bad.unite(
              BoxU.subtract(Eff.intersect_range(PM.tableDomain(T)).domain()));
        }
        isl::set Inside =
            Sp.Place.Domain.subtract(Bad.apply(ToTK).apply(ProjT));
        if (!Inside.is_empty())
          Sp.BoxGuard =
              fromParamSet(dimsToParams(Inside, 0, NT, TV).params(), Ctx);
      }
      Out.push_back(std::move(Sp));
    }
  }
  return Out;
}
