//===- AnalyzeRanges.cpp - proven bounds on the values of int tables ------===//
//
// Takes the checked module, its polyhedral model and the infinity flags;
// gives, per int table holding only finite values, bounds on every value
// it can hold as affine functions of the params (`let` constants at their
// declared values): `0 <= C <= 1/2 N + 1/2` for Nussinov. The bounds decide
// per run whether a table's values fit a narrower type (int16 lanes).
//
// The method is that of affine potentials (a ranking-function proof run
// for values): each table T gets an unknown upper potential
// U_T(x) = u_0 + sum u_p p + sum u_d x_d and a lower one L_T; every arm of
// every equation must keep them, assuming its reads do:
//   body(x) <= U_T(x) where every read T'[f(x)] is <= U_T'(f(x)),
// an affine inequality over the arm's points whose coefficients are linear
// in the unknowns. Farkas's lemma (isl_set_coefficients) turns "this form
// is >= 0 on every point of that polyhedron" into linear constraints on the
// unknowns; any solution of all of them is an inductive invariant (each
// cell is computed from cells proved before it), and one more unknown
// affine function of the params, B >= U_T on T's domain, is minimised
// (isl's rational lexmin: param coefficients first, then the constant).
// With several params each order of them is tried (2 min(N, M) for a
// local alignment is 2 N or 2 M; a run takes the smallest).
//
// Expressions the method does not bound (a read of an int input, a sum
// reduction, a product of two non-constants, a table that may hold an
// infinity) leave the table, and every table that reads it, without
// bounds: the narrower type is then never chosen.
//
//===----------------------------------------------------------------------===//
#include "Lower/Analyses.h"

#include "Basic/Diagnostics.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <set>

using namespace dpc;
using namespace dpc::ast;

namespace {

/// Thrown where a coefficient would leave int64 (huge `let`s or literals):
/// the table gets no range.
struct TooLarge {};
inline int64_t addChecked(int64_t A, int64_t B) {
  int64_t R;
  if (__builtin_add_overflow(A, B, &R))
    throw TooLarge();
  return R;
}
inline int64_t mulChecked(int64_t A, int64_t B) {
  int64_t R;
  if (__builtin_mul_overflow(A, B, &R))
    throw TooLarge();
  return R;
}

/// A linear expression over the unknowns: sum U[id] * u_id + C.
struct Lin {
  std::map<int, int64_t> U;
  int64_t C = 0;
  Lin &operator+=(const Lin &O) {
    for (auto &[Id, V] : O.U)
      U[Id] = addChecked(U[Id], V);
    C = addChecked(C, O.C);
    return *this;
  }
  Lin scaled(int64_t S) const {
    Lin R;
    for (auto &[Id, V] : U)
      R.U[Id] = mulChecked(V, S);
    R.C = mulChecked(C, S);
    return R;
  }
};

/// An affine form over a context's variables and the params whose
/// coefficients are linear in the unknowns; key "" is the constant term.
struct Form {
  std::map<std::string, Lin> Co;
  static Form constant(int64_t C) {
    Form F;
    F.Co[""].C = C;
    return F;
  }
  Form &operator+=(const Form &O) {
    for (auto &[N, L] : O.Co)
      Co[N] += L;
    return *this;
  }
  Form scaled(int64_t S) const {
    Form R;
    for (auto &[N, L] : Co)
      R.Co[N] = L.scaled(S);
    return R;
  }
};

/// Where an expression is evaluated: a set over Vars (with the params).
struct Ctx {
  isl::set Set;
  std::vector<std::string> Vars;
};

/// "G >= 0 at every point of Where".
struct Requirement {
  Form G;
  const Ctx *Where;
};

class Ranges {
public:
  Ranges(const Module &M, const PolyModel &PM, const InfinityInfo &Inf)
      : M(M), PM(PM) {
    for (auto &P : M.Params)
      Params.push_back(P.Name);
    for (auto &L : M.Lets)
      LetValues.push_back({L.Name, L.Value});
    const size_t NT = M.Tables.size();
    Up.assign(NT, -1);
    Lo.assign(NT, -1);
    Fails.assign(NT, "");
    Reqs.resize(NT);
    for (size_t T = 0; T < NT; ++T) {
      if (!isIntType(M.Tables[T].Type))
        Fails[T] = "not an int table";
      else if (!Inf.finite(static_cast<int>(T)))
        Fails[T] = "may hold an infinity";
      const size_t N = 1 + Params.size() + M.Tables[T].Indices.size();
      Up[T] = fresh(N);
      Lo[T] = fresh(N);
    }
  }

  void run(RangeInfo &Out) {
    const size_t NT = M.Tables.size();
    for (size_t T = 0; T < NT; ++T)
      if (Fails[T].empty())
        derive(static_cast<int>(T));
    // A table without bounds takes those that read it along.
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (size_t T = 0; T < NT; ++T)
        if (Fails[T].empty())
          for (int R : Reads[T])
            if (!Fails[R].empty()) {
              Fails[T] = "reads " + M.Tables[R].Name + ", which has none";
              Changed = true;
              break;
            }
    }
    Out.Tables.assign(NT, {});
    for (size_t T = 0; T < NT; ++T) {
      TableRange &R = Out.Tables[T];
      if (!Fails[T].empty()) {
        R.Why = Fails[T];
        continue;
      }
      solve(static_cast<int>(T), R);
    }
  }

private:
  const Module &M;
  const PolyModel &PM;
  std::vector<std::string> Params;
  std::vector<std::pair<std::string, int64_t>> LetValues;
  int NumU = 0;
  // Per table: the first unknown of its upper / lower potential
  // ([constant, params..., indices...]), why it has no bounds, the
  // requirements of its arms and the tables it reads.
  std::vector<int> Up, Lo;
  std::vector<std::string> Fails;
  std::vector<std::vector<Requirement>> Reqs;
  std::map<int, std::set<int>> Reads;
  std::vector<std::unique_ptr<Ctx>> Ctxs;
  int Cur = -1; // the table whose arms are being derived
  // Each context's Farkas coefficients, computed once.
  std::map<const Ctx *, isl::set> Farkas;

  int fresh(size_t N) {
    int B = NumU;
    NumU += static_cast<int>(N);
    return B;
  }

  const Ctx *context(isl::set S, std::vector<std::string> Vars) {
    Ctxs.push_back(std::make_unique<Ctx>(Ctx{std::move(S), std::move(Vars)}));
    return Ctxs.back().get();
  }

  void fail(const std::string &Why) {
    if (Fails[Cur].empty())
      Fails[Cur] = Why;
  }

  /// A potential (first unknown Base) over the params and the variables
  /// Vars (an unknown form: [constant, params..., Vars...]).
  Form potential(int Base, const std::vector<std::string> &Vars) const {
    std::vector<Affine> At;
    for (auto &V : Vars)
      At.push_back(Affine::var(V));
    return potentialAt(Base, At);
  }

  /// An affine form of the language (indices, params, lets) as a Form:
  /// lets at their declared values.
  Form affine(const Affine &A) const {
    Form F = Form::constant(A.Const);
    for (auto &[N, C] : A.Coeffs) {
      auto L = std::find_if(LetValues.begin(), LetValues.end(),
                            [&](auto &P) { return P.first == N; });
      if (L != LetValues.end())
        F.Co[""].C = addChecked(F.Co[""].C, mulChecked(C, L->second));
      else
        F.Co[N].C = addChecked(F.Co[N].C, C);
    }
    return F;
  }

  /// Potential Base of table T at the cell whose subscripts are Index.
  Form potentialAt(int Base, const std::vector<Affine> &Index) const {
    Form F;
    F.Co[""].U[Base] = 1;
    for (size_t P = 0; P < Params.size(); ++P)
      F.Co[Params[P]].U[Base + 1 + static_cast<int>(P)] = 1;
    for (size_t D = 0; D < Index.size(); ++D) {
      const int Id = Base + 1 + static_cast<int>(Params.size() + D);
      for (auto &[N, L] : affine(Index[D]).Co)
        F.Co[N].U[Id] = addChecked(F.Co[N].U[Id], L.C);
    }
    return F;
  }

  void require(Form G, const Ctx *Where) {
    Reqs[Cur].push_back({std::move(G), Where});
  }

  void derive(int T) {
    Cur = T;
    for (const Statement *S : PM.statementsOf(T)) {
      const Ctx *C = context(S->Domain, M.Tables[T].Indices);
      Form U = potential(Up[T], M.Tables[T].Indices);
      Form L = potential(Lo[T], M.Tables[T].Indices);
      try {
        below(*S->Body, U, C);
        above(*S->Body, L, C);
      } catch (const TooLarge &) {
        fail("a constant too large to bound with");
      }
    }
  }

  /// E <= Target at every point of C.
  void below(const Expr &E, const Form &Target, const Ctx *C) {
    bounded(E, Target, C, true);
  }
  /// E >= Target at every point of C.
  void above(const Expr &E, const Form &Target, const Ctx *C) {
    bounded(E, Target, C, false);
  }

  /// E <= Target (Upper) or E >= Target at every point of C: a max's
  /// arguments (upper) or a min's (lower) each, any one argument of the
  /// other (the first one without unknowns, else the first), each arm of
  /// cases, a reduction's body at every point of its range.
  void bounded(const Expr &E, const Form &Target, const Ctx *C, bool Upper) {
    switch (E.K) {
    case Expr::InfLit:
      if (E.Negative != Upper)
        fail("an infinity");
      return;
    case Expr::MaxN:
    case Expr::MinN: {
      if ((E.K == Expr::MaxN) == Upper) {
        for (auto &A : E.Args)
          bounded(*A, Target, C, Upper);
        return;
      }
      // Any one argument: a literal first, else the first the method
      // bounds (each tried, what it added undone where it fails).
      std::vector<const Expr *> Order;
      for (auto &A : E.Args)
        if (A->K == Expr::IntLit)
          Order.push_back(A.get());
      for (auto &A : E.Args)
        if (A->K != Expr::IntLit)
          Order.push_back(A.get());
      if (!Fails[Cur].empty())
        return; // (failed already: nothing to try)
      for (const Expr *A : Order) {
        const size_t NReqs = Reqs[Cur].size();
        const std::set<int> SavedReads = Reads[Cur];
        bounded(*A, Target, C, Upper);
        if (Fails[Cur].empty())
          return;
        if (A == Order.back())
          return; // (the last one's reason stays)
        Fails[Cur].clear();
        Reqs[Cur].resize(NReqs);
        Reads[Cur] = SavedReads;
      }
      return;
    }
    case Expr::Cases:
      // (every arm over the whole context: a superset of its own points)
      for (auto &A : E.Arms)
        bounded(*A.Body, Target, C, Upper);
      return;
    case Expr::Reduce: {
      // A max's body below the bound at every point of the range (an
      // empty range gives the identity, which keeps any bound); its body
      // above it at every point, where the range is never empty (then
      // some point is, and the max is above it). Likewise for a min.
      const bool Keeps =
          (E.Op == RedOp::Max && Upper) || (E.Op == RedOp::Min && !Upper);
      if ((E.Op != RedOp::Max && E.Op != RedOp::Min) ||
          (!Keeps && PM.reductionMayBeEmpty(&E))) {
        fail(E.Op == RedOp::Max || E.Op == RedOp::Min
                 ? "a max or min over a range that may be empty"
                 : "a sum reduction");
        return;
      }
      const PolyModel::ReductionSets *RS = PM.reductionSets(&E);
      DPC_ASSERT(RS, "a reduction without its sets");
      bounded(*E.Args[0], Target, context(RS->Inner, RS->InnerVars), Upper);
      return;
    }
    default:
      break;
    }
    Form F;
    if (!form(E, C, Upper, F))
      return;
    // Upper: Target - F >= 0; lower: F - Target >= 0.
    Form G = Upper ? Target : F;
    G += (Upper ? F : Target).scaled(-1);
    require(std::move(G), C);
  }

  /// The value of E where it is built from literals and `let`s alone.
  std::optional<int64_t> constant(const Expr &E) const {
    switch (E.K) {
    case Expr::IntLit:
      return E.IntVal;
    case Expr::Name:
      if (E.Ref == RefKind::Let)
        return M.Lets[E.RefIndex].Value;
      return std::nullopt;
    case Expr::Neg:
      if (auto A = constant(*E.Args[0]); A && *A != INT64_MIN)
        return -*A;
      return std::nullopt;
    case Expr::Add:
    case Expr::Sub:
    case Expr::Mul: {
      auto A = constant(*E.Args[0]), B = constant(*E.Args[1]);
      int64_t R = 0;
      if (!A || !B ||
          (E.K == Expr::Add   ? __builtin_add_overflow(*A, *B, &R)
           : E.K == Expr::Sub ? __builtin_sub_overflow(*A, *B, &R)
                              : __builtin_mul_overflow(*A, *B, &R)))
        return std::nullopt;
      return R;
    }
    default:
      return std::nullopt;
    }
  }

  /// A form F with E <= F (Upper) or E >= F at every point of C; false
  /// (and the table fails) where there is none the method can give.
  bool form(const Expr &E, const Ctx *C, bool Upper, Form &F) {
    switch (E.K) {
    case Expr::IntLit:
      F = Form::constant(E.IntVal);
      return true;
    case Expr::Name:
      if (E.Ref == RefKind::Let) {
        F = Form::constant(M.Lets[E.RefIndex].Value);
        return true;
      }
      F = affine(E.Value);
      return true;
    case Expr::Subscript:
      if (E.Ref != RefKind::Table) {
        fail("reads an input's values");
        return false;
      }
      if (E.readsDataIndex()) {
        fail("a subscript reads input values");
        return false;
      }
      if (!Fails[E.RefIndex].empty() && E.RefIndex != Cur) {
        fail("reads " + M.Tables[E.RefIndex].Name + ", which has none");
        return false;
      }
      Reads[Cur].insert(E.RefIndex);
      F = potentialAt(Upper ? Up[E.RefIndex] : Lo[E.RefIndex], E.Index);
      return true;
    case Expr::Call: {
      // The largest entry (upper) or smallest: an infinity on the other
      // side is below (above) any bound.
      bool Any = false;
      int64_t Best = 0;
      for (auto &V : M.Scores[E.RefIndex].Lookup) {
        if (V.K == (Upper ? ScoreValue::NegInf : ScoreValue::PosInf))
          continue;
        if (V.K != ScoreValue::Finite || V.IsFloatLit) {
          fail("score " + M.Scores[E.RefIndex].Name + " has " +
               (V.IsFloatLit ? "a fractional entry"
                             : Upper ? "a +inf entry" : "a -inf entry"));
          return false;
        }
        Best = !Any ? V.I : Upper ? std::max(Best, V.I) : std::min(Best, V.I);
        Any = true;
      }
      if (!Any) {
        fail("score " + M.Scores[E.RefIndex].Name + " without finite entries");
        return false;
      }
      F = Form::constant(Best);
      return true;
    }
    case Expr::Neg: {
      Form A;
      if (!form(*E.Args[0], C, !Upper, A))
        return false;
      F = A.scaled(-1);
      return true;
    }
    case Expr::Add:
    case Expr::Sub: {
      Form A, B;
      if (!form(*E.Args[0], C, Upper, A) ||
          !form(*E.Args[1], C, E.K == Expr::Add ? Upper : !Upper, B))
        return false;
      F = A;
      F += E.K == Expr::Add ? B : B.scaled(-1);
      return true;
    }
    case Expr::Mul: {
      // A product with a constant (literals and `let`s) only.
      for (int S = 0; S < 2; ++S) {
        std::optional<int64_t> V = constant(*E.Args[S]);
        if (!V)
          continue;
        Form A;
        if (!form(*E.Args[1 - S], C, *V >= 0 ? Upper : !Upper, A))
          return false;
        F = A.scaled(*V);
        return true;
      }
      fail("a product of two non-constants");
      return false;
    }
    case Expr::MaxN:
    case Expr::MinN:
    case Expr::Cases:
    case Expr::Reduce: {
      // A fresh unknown form over C's variables, bounding E.
      F = potential(fresh(1 + Params.size() + C->Vars.size()), C->Vars);
      bounded(E, F, C, Upper);
      return true;
    }
    default:
      fail("an expression without integer bounds");
      return false;
    }
  }

  /// The tables T's values depend on (T included).
  std::set<int> closure(int T) const {
    std::set<int> S{T};
    std::vector<int> Work{T};
    while (!Work.empty()) {
      int X = Work.back();
      Work.pop_back();
      auto It = Reads.find(X);
      if (It == Reads.end())
        continue;
      for (int R : It->second)
        if (S.insert(R).second)
          Work.push_back(R);
    }
    return S;
  }

  /// Text of L with unknown id at dim Pos[id].
  static std::string linText(const Lin &L, const std::vector<int> &Pos) {
    std::string S = std::to_string(L.C);
    for (auto &[Id, V] : L.U)
      if (V)
        S += (V < 0 ? " - " : " + ") + std::to_string(V < 0 ? -V : V) +
             "*u" + std::to_string(Pos[Id]);
    return S;
  }

  /// The unknowns' constraints of requirement R, in the space of NumU
  /// Dims dims u0.. with unknown id at dim Pos[id].
  isl::set constraintsOf(const Requirement &R, const std::vector<int> &Pos,
                         int Dims) {
    auto It = Farkas.find(R.Where);
    if (It == Farkas.end())
      It = Farkas
               .emplace(R.Where,
                        farkasCoefficients(fixParams(
                            R.Where->Set.intersect_params(PM.paramContext()),
                            LetValues)))
               .first;
    const isl::set &Co = It->second;
    // The coefficient vector: constant, the set's params, its dims.
    std::vector<std::string> Names{""};
    for (auto &P : paramNames(R.Where->Set))
      Names.push_back(P);
    for (auto &V : R.Where->Vars)
      Names.push_back(V);
    for (auto &[N, L] : R.G.Co)
      DPC_ASSERT(std::find(Names.begin(), Names.end(), N) != Names.end(),
                 "a bound's form names a variable outside its context");
    std::string Dom = "[", Img = "[";
    for (int D = 0; D < Dims; ++D)
      Dom += (D ? ", u" : "u") + std::to_string(D);
    for (size_t I = 0; I < Names.size(); ++I) {
      auto F = R.G.Co.find(Names[I]);
      Img += (I ? ", " : "") +
             (F == R.G.Co.end() ? std::string("0") : linText(F->second, Pos));
    }
    isl::multi_aff MA(PM.ctx(), "{ " + Dom + "] -> " + Img + "] }");
    return Co.preimage(MA);
  }

  /// The bounds of T (its closure's requirements, B >= U_T and
  /// B' >= -L_T on its domain), one per order of the params.
  void solve(int T, TableRange &Out) {
    std::set<int> Cl = closure(T);
    std::vector<Requirement> All;
    for (int X : Cl)
      for (auto &R : Reqs[X])
        All.push_back(R);
    // B (upper) and B' (minus the lower bound), affine in the params.
    const int P = static_cast<int>(Params.size());
    const int BU = NumU, BL = NumU + 1 + P;
    const int Total = NumU + 2 * (1 + P);
    const Ctx *Dom = context(PM.tableDomain(T), M.Tables[T].Indices);
    {
      // (a potential over no variables: [constant, params...])
      Form G1 = potential(BU, {});
      G1 += potential(Up[T], M.Tables[T].Indices).scaled(-1);
      Form G2 = potential(BL, {});
      G2 += potential(Lo[T], M.Tables[T].Indices);
      All.push_back({G1, Dom});
      All.push_back({G2, Dom});
    }
    // (the unknowns these requirements name: the closure's)
    std::set<int> Used;
    for (auto &R : All)
      for (auto &[N, L] : R.G.Co)
        for (auto &[Id, V] : L.U)
          if (Id < NumU)
            Used.insert(Id);
    const int Dims = 2 * (1 + P) + static_cast<int>(Used.size());
    std::vector<int> Order(P);
    for (int Q = 0; Q < P; ++Q)
      Order[Q] = Q;
    std::set<std::string> SeenU, SeenL;
    int Tried = 0;
    do {
      // Dims: B's params in this order, B's constant, then B' likewise,
      // then every other unknown.
      std::vector<int> Pos(Total, -1);
      int D = 0;
      for (int Q : Order)
        Pos[BU + 1 + Q] = D++;
      Pos[BU] = D++;
      for (int Q : Order)
        Pos[BL + 1 + Q] = D++;
      Pos[BL] = D++;
      for (int Id : Used)
        Pos[Id] = D++;
      std::string Box = "{ rat: [";
      for (int X = 0; X < Dims; ++X)
        Box += (X ? ", u" : "u") + std::to_string(X);
      Box += "] : ";
      for (int X = 0; X < Dims; ++X)
        Box += (X ? " and " : "") + std::string("-1000000 <= u") +
               std::to_string(X) + " <= 1000000";
      isl::set Sys(PM.ctx(), Box + " }");
      for (auto &R : All)
        Sys = Sys.intersect(constraintsOf(R, Pos, Dims));
      // The upper bound: lexmin of B's dims first; the lower: B' first.
      for (int Which = 0; Which < 2; ++Which) {
        isl::set S = Sys;
        if (Which == 1) {
          // Put B' first: project nothing, permute by a map.
          std::string From = "[", To = "[";
          for (int X = 0; X < Dims; ++X)
            From += (X ? ", u" : "u") + std::to_string(X);
          const int Half = 1 + P;
          for (int X = 0; X < Dims; ++X) {
            int Src = X < Half ? X + Half : X < 2 * Half ? X - Half : X;
            To += (X ? ", u" : "u") + std::to_string(Src);
          }
          S = S.apply(isl::map(PM.ctx(), "{ " + From + "] -> " + To + "] }"));
        }
        std::vector<Rational> V;
        if (!rationalLexmin(S, V)) {
          Out.Why = "no affine bounds";
          return;
        }
        ParamBound B;
        // (at the box's edge: no bound the box would not have cut)
        auto AtEdge = [](Rational R) {
          return std::fabs(static_cast<long double>(R.Num) /
                           static_cast<long double>(R.Den)) >= 1000000.0L;
        };
        bool Huge = false;
        int X = 0;
        for (int Q : Order) {
          Rational R = V[X++];
          if (Which == 1)
            R.Num = -R.Num;
          Huge |= AtEdge(R);
          if (R.Num != 0)
            B.Coeffs.push_back({Params[Q], R});
        }
        B.Const = V[X];
        if (Which == 1)
          B.Const.Num = -B.Const.Num;
        Huge |= AtEdge(B.Const);
        std::sort(B.Coeffs.begin(), B.Coeffs.end(),
                  [&](auto &A, auto &C) {
                    return std::find(Params.begin(), Params.end(), A.first) <
                           std::find(Params.begin(), Params.end(), C.first);
                  });
        if (Huge)
          continue;
        auto &Seen = Which == 0 ? SeenU : SeenL;
        if (Seen.insert(B.str()).second)
          (Which == 0 ? Out.Upper : Out.Lower).push_back(B);
      }
    } while (++Tried < 6 && std::next_permutation(Order.begin(), Order.end()));
    Out.Known = !Out.Upper.empty() && !Out.Lower.empty();
    for (auto &L : M.Lets)
      Out.AtLetDefaults |= !L.IsConst;
    if (!Out.Known)
      Out.Why = "no finite affine bounds";
  }
};

} // namespace

RangeInfo dpc::analyzeRanges(const Module &M, const PolyModel &PM,
                             const InfinityInfo &Inf) {
  RangeInfo R;
  Ranges(M, PM, Inf).run(R);
  return R;
}
