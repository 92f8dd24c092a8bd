//===- ChooseStorage.cpp - storage maps, checked with isl -----------------===//
//
// A table's dims are split into groups of one dim, or of two consecutive
// dims (r, c) where
//   - the second dim's bounds move with the first, affinely, and the pair
//     is exactly {Lo <= r <= Hi, ColLo(r) <= c <= ColHi(r)} (a triangle):
//     packed row by row with a closed-form row start (no cell wasted);
//   - or the diagonal c - r of the pair's cells lies, for every size, in
//     [s, s + B - 1] with s and B affine in the `let` / `const` constants
//     alone (isl: the size params made variables, the set of c - r is
//     bounded and its minimum and maximum are such forms): a band, stored
//     as rows of B cells, column c at c - (r + s) (rows clipped by the
//     table's edges waste a few cells). It is chosen where it holds fewer
//     cells than the box once the sizes are large (isl: the sizes where a
//     band row holds at least as many cells as a box row are bounded, for
//     every value of the constants), or when `layout T band` asks.
// The table is stored row-major over its groups. A copy table (CT[j, i] =
// C[i, j]) lives in the otherwise unused part of its source's buffer when
// isl proves the two images disjoint (except on cells where both hold the
// same value); its source is then stored as a box. isl proves every layout
// injective and in range: each cell's coordinates (a row per group, and a
// column within the row for two-dim groups) are distinct, and each column
// lies in [0, row length) for every size; the offset is the row-major
// number of those coordinates. The printed offset functions are also
// checked by enumerating every cell at small sizes (offsets distinct and
// in range), and the sharing symbolically with isl.
//
//===----------------------------------------------------------------------===//
#include "Lower/Lowering.h"

#include "Lower/IslAst.h"
#include "Poly/Checks.h"

#include <optional>
#include <set>

using namespace dpc;
using namespace dpc::ast;
using lir::IExpr;
using lir::IExprPtr;

namespace {

const ScheduleItem *layoutItem(const Module &M, int T) {
  const ScheduleItem *R = nullptr;
  for (auto &It : M.Schedule)
    if (It.K == ScheduleItem::Layout && M.findTable(It.Table) == T)
      R = &It;
  return R;
}

/// Projects a table domain onto dims [First, First + N).
isl::set projectDims(const isl::set &D, unsigned First, unsigned N) {
  unsigned Total = static_cast<unsigned>(setDimNames(D).size());
  isl::set R = D;
  // project_out is not in the C++ bindings: go through a map.
  isl::map Mp = setToMap(R, First);       // [0, First) -> [First, Total)
  isl::set Tail = Mp.range();             // dims First..Total-1
  isl::map M2 = setToMap(Tail, N);        // [First, First+N) -> rest
  (void)Total;
  return M2.domain();
}

/// C as `2*W >= N` (the terms of each sign on their side).
std::string readable(const Constraint &C) {
  Affine L = Affine::constant(0), R = Affine::constant(0);
  for (auto &[V, K] : C.E.Coeffs)
    (K > 0 ? L : R) = (K > 0 ? L : R) + Affine::var(V, K > 0 ? K : -K);
  (C.E.Const > 0 ? L : R) =
      (C.E.Const > 0 ? L : R) + Affine::constant(C.E.Const > 0 ? C.E.Const : -C.E.Const);
  return L.str() + (C.IsEq ? " = " : " >= ") + R.str();
}

std::string paramTuple(const isl::set &S) {
  return "[" + join(paramNames(S)) + "]";
}

/// The band of dims (Dm, Dm + 1) of D (see the file comment): its shift s
/// and row length B, whether it is chosen over the box, and a line saying
/// why; nullopt if the diagonal c - r of the pair is not bounded by
/// constants (then the pair is no band at all).
struct BandFit {
  Affine Shift, Width;
  bool Better = false; // fewer cells than the box once the sizes are large
  std::string Why;
};
std::optional<BandFit> findBand(const isl::set &D, unsigned Dm,
                                const std::vector<std::string> &Idx,
                                const std::vector<std::string> &Sizes,
                                const isl::set &Ctx) {
  // The pair's cells, the sizes made variables: [consts] -> {[r, c, sizes]}.
  isl::set Pair = paramsToDims(projectDims(D, Dm, 2).intersect_params(Ctx), Sizes);
  unsigned NZ = static_cast<unsigned>(setDimNames(Pair).size()) - 2;
  std::vector<std::string> Zs;
  for (unsigned Z = 0; Z < NZ; ++Z)
    Zs.push_back("z" + std::to_string(Z));
  std::string Tail = NZ ? ", " + join(Zs) : "";
  isl::set Diag = Pair.apply(islParse<isl::map>(
      D.ctx(), paramTuple(Pair) + " -> { [r, c" + Tail + "] -> [c - r] }"));
  if (!isBounded(Diag))
    return std::nullopt;
  Affine Lo, Hi;
  if (!pwAffToAffine(dimMin(Diag, 0).coalesce(), Lo) ||
      !pwAffToAffine(dimMax(Diag, 0).coalesce(), Hi))
    return std::nullopt;
  BandFit B;
  B.Shift = Lo;
  B.Width = Hi - Lo + Affine::constant(1);
  // Per row, the box holds ColHi - ColLo + 1 cells and the band B: the
  // band is better when the sizes where B >= the box's are bounded.
  isl::set Col = projectDims(D, Dm + 1, 1).intersect_params(Ctx);
  isl::pw_aff BoxSpan = dimMax(Col, 0).sub(dimMin(Col, 0));
  isl::pw_aff BandSpan = islParse<isl::pw_aff>(
      D.ctx(), paramTuple(D) + " -> { [(" + (Hi - Lo).str() + ")] }");
  isl::set NotBetter = BandSpan.ge_set(BoxSpan).intersect(Ctx);
  isl::set AtLeast = paramsToDims(NotBetter, Sizes);
  unsigned NS = static_cast<unsigned>(setDimNames(AtLeast).size());
  std::vector<std::string> Ss, Ks{"K >= 0"};
  for (unsigned Z = 0; Z < NS; ++Z) {
    Ss.push_back("s" + std::to_string(Z));
    Ks.push_back(Ss.back() + " >= K");
  }
  // {K : some sizes >= K where the band is not better}: bounded iff the
  // band is better at every size beyond some bound.
  isl::set From = AtLeast.apply(islParse<isl::map>(
      D.ctx(), paramTuple(AtLeast) + " -> { [" + join(Ss) + "] -> [K] : " +
                   join(Ks, " and ") + " }"));
  B.Better = isBounded(From);
  std::string Pr = "(" + Idx[Dm] + ", " + Idx[Dm + 1] + ")";
  std::string BoxRow = lir::iexprToString(
      *(fromPwAff(dimMax(Col, 0), Ctx) - fromPwAff(dimMin(Col, 0), Ctx) +
        lir::IExpr::num(1)));
  std::string Where;
  if (NotBetter.is_empty())
    Where = "at every size";
  else {
    std::vector<Constraint> Cs;
    std::string Except;
    if (paramSetConstraints(NotBetter.gist(Ctx), Cs))
      for (auto &C : Cs)
        Except += (Except.empty() ? "" : " and ") + readable(C);
    Where = Except.empty() ? "at all but finitely many sizes"
                           : "except where " + Except;
  }
  B.Why = "band " + Pr + ": isl finds " + Idx[Dm + 1] + " - " + Idx[Dm] +
          " in [" + Lo.str() + ", " + Hi.str() + "] at every size: rows of " +
          B.Width.str() + " cells, where a box row holds " + BoxRow +
          (B.Better ? ": fewer cells than the box " + Where
                    : ": not fewer cells than the box once the sizes are "
                      "large");
  return B;
}

/// E in isl's notation, its constant parts folded (a product must have a
/// constant factor); nullopt unless E is made of integers, names, +, -,
/// negation, such products, min and max (a triangle's row start, a
/// quadratic, is not).
std::optional<std::string> islText(const IExpr &E) {
  if (auto C = lir::constantOf(E))
    return "(" + std::to_string(*C) + ")";
  std::vector<std::string> A;
  for (auto &X : E.Args) {
    auto T = islText(*X);
    if (!T)
      return std::nullopt;
    A.push_back(*T);
  }
  switch (E.K) {
  case IExpr::Var:
    return E.Name;
  case IExpr::Add:
    return "(" + join(A, " + ") + ")";
  case IExpr::Sub:
    return "(" + join(A, " - ") + ")";
  case IExpr::Neg:
    return "(-" + A[0] + ")";
  case IExpr::Mul: // (isl reads `5 * (x)`, not `(5) * x`)
    for (int K = 0; K < 2 && A.size() == 2; ++K)
      if (auto C = lir::constantOf(*E.Args[K]))
        return "(" + std::to_string(*C) + " * " + A[1 - K] + ")";
    return std::nullopt;
  case IExpr::Min:
  case IExpr::Max: {
    std::string R = A[0];
    for (size_t I = 1; I < A.size(); ++I)
      R = (E.K == IExpr::Min ? "min(" : "max(") + R + ", " + A[I] + ")";
    return R;
  }
  default:
    return std::nullopt;
  }
}

/// Which two-dim groups buildGroups may form.
struct GroupKinds {
  bool Triangle = true, Band = true;
  bool ForceBand = false; // `layout T band`: a band even where not better
};

/// Builds the groups of one table; false if the domain is not a product of
/// its groups (then a box over every dim is used).
bool buildGroups(const isl::set &D, const std::vector<std::string> &Idx,
                 GroupKinds Kinds, const std::vector<std::string> &Sizes,
                 const isl::set &Ctx, std::vector<lir::StorageGroup> &Out,
                 std::vector<std::string> &Why) {
  unsigned N = static_cast<unsigned>(Idx.size());
  isl::set Product = isl::set::universe(D.space());
  for (unsigned Dm = 0; Dm < N;) {
    lir::StorageGroup G;
    isl::set P1 = projectDims(D, Dm, 1);
    G.Dims = {static_cast<int>(Dm)};
    G.Lo = fromPwAff(dimMin(P1, 0), Ctx);
    G.Hi = fromPwAff(dimMax(P1, 0), Ctx);
    if (Kinds.Triangle && Dm + 1 < N) {
      isl::set P2 = projectDims(D, Dm, 2);
      isl::map RowToCol = setToMap(P2, 1);
      Affine CLo, CHi, RLo, RHi;
      bool Affine1 = pwAffToAffine(RowToCol.lexmin_pw_multi_aff().at(0), CLo) &&
                     pwAffToAffine(RowToCol.lexmax_pw_multi_aff().at(0), CHi) &&
                     pwAffToAffine(dimMin(P1, 0), RLo) &&
                     pwAffToAffine(dimMax(P1, 0), RHi);
      // isl names the map's input dim after the set dim (or not at all).
      std::string RowName = setDimNames(P2)[0];
      auto Fix = [&](Affine A) {
        std::map<std::string, std::string> Ren{{RowName, Idx[Dm]}};
        return A.renamed(Ren);
      };
      if (Affine1) {
        CLo = Fix(CLo);
        CHi = Fix(CHi);
        bool Varies = CLo.uses(Idx[Dm]) || CHi.uses(Idx[Dm]);
        // The pair is exactly {Lo <= r <= Hi, CLo(r) <= c <= CHi(r)}.
        std::string Params = "[" + [&] {
          std::string S;
          for (auto &P : paramNames(D))
            S += (S.empty() ? "" : ", ") + P;
          return S;
        }() + "]";
        Constraint C1{Affine::var("r") - RLo, false, {}};
        Constraint C2{RHi - Affine::var("r"), false, {}};
        std::map<std::string, std::string> ToR{{Idx[Dm], "r"}};
        Constraint C3{Affine::var("c") - CLo.renamed(ToR), false, {}};
        Constraint C4{CHi.renamed(ToR) - Affine::var("c"), false, {}};
        isl::set Exact = islParse<isl::set>(D.ctx(), Params + " -> { [r, c] : " + C1.str() +
                                    " and " + C2.str() + " and " + C3.str() +
                                    " and " + C4.str() + " }");
        isl::set P2Anon = setToMap(P2, 0).range(); // same points, no name
        if (Varies && P2Anon.is_equal(Exact.intersect_params(Ctx)
                                          .intersect(isl::set::universe(P2Anon.space())))) {
          G.Dims.push_back(static_cast<int>(Dm + 1));
          G.Triangle = true;
          G.ColLo = IExpr::fromAffine(CLo);
          G.ColLoA = CLo;
          G.ColHi = IExpr::fromAffine(CHi);
          G.RowLen = CHi - CLo + Affine::constant(1);
        }
      }
    }
    if (!G.Triangle && Kinds.Band && Dm + 1 < N)
      if (auto B = findBand(D, Dm, Idx, Sizes, Ctx)) {
        Why.push_back(B->Why);
        if (B->Better || Kinds.ForceBand) {
          G.Dims.push_back(static_cast<int>(Dm + 1));
          G.Band = true;
          G.BandShift = B->Shift;
          G.BandWidth = B->Width;
          G.ColLoA = Affine::var(Idx[Dm]) + B->Shift;
          G.ColLo = IExpr::fromAffine(G.ColLoA);
          G.ColHi = IExpr::fromAffine(G.ColLoA + B->Width - Affine::constant(1));
          if (!B->Better)
            Why.back() += "; a band all the same, as `layout " + tupleName(D) +
                          " band` asks";
        } else {
          Why.back() += ", so no band";
        }
      }
    Out.push_back(G);
    Dm += static_cast<unsigned>(G.Dims.size());
  }
  // The domain must be the product of the group projections for this
  // layout to cover it; otherwise use one group per dim (a box).
  std::string Params = "[";
  for (auto &P : paramNames(D))
    Params += (Params.size() > 1 ? ", " : "") + P;
  Params += "]";
  std::string All;
  for (auto &I : Idx)
    All += (All.empty() ? "" : ", ") + I;
  isl::set Prod = isl::set::universe(D.space());
  for (auto &G : Out) {
    isl::set P = projectDims(D, G.Dims[0], static_cast<unsigned>(G.Dims.size()));
    std::string Sub;
    for (int Dm : G.Dims)
      Sub += (Sub.empty() ? "" : ", ") + Idx[Dm];
    isl::multi_aff Pr = islParse<isl::multi_aff>(D.ctx(), Params + " -> { " + tupleName(D) + "[" + All +
                                   "] -> [" + Sub + "] }");
    Prod = Prod.intersect(P.preimage(Pr));
  }
  (void)Product;
  if (Prod.intersect_params(Ctx).is_equal(D.intersect_params(Ctx)))
    return true;
  Out.clear();
  Why.clear();
  for (unsigned Dm = 0; Dm < N; ++Dm) {
    lir::StorageGroup G;
    isl::set P1 = projectDims(D, Dm, 1);
    G.Dims = {static_cast<int>(Dm)};
    G.Lo = fromPwAff(dimMin(P1, 0), Ctx);
    G.Hi = fromPwAff(dimMax(P1, 0), Ctx);
    Out.push_back(G);
  }
  return false;
}

} // namespace

bool dpc::chooseStorage(const PolyModel &PM, const CopyTableInfo &CI,
                        DiagEngine &Diags, lir::Program &P) {
  const Module &M = PM.module();
  size_t NT = M.Tables.size();
  P.Storages.assign(NT, {});
  isl::set Ctx = PM.paramContext();
  std::vector<std::string> Sizes;
  for (auto &Pr : M.Params)
    Sizes.push_back(Pr.Name);

  // Which copy tables live inside their source's buffer.
  std::vector<bool> Mirror(NT, false), ForceBox(NT, false);
  for (size_t T = 0; T < NT; ++T) {
    const ScheduleItem *L = layoutItem(M, static_cast<int>(T));
    bool Wants = L && L->LayoutKind == "shares";
    if (Wants && (!CI.IsCopy[T] || M.findTable(L->SharesWith) != CI.Source[T])) {
      Diags.error(L->Range, "table '" + M.Tables[T].Name +
                                "' can share storage only with the table it "
                                "copies (its equation must be a single read "
                                "of that table with its indices permuted)");
      return false;
    }
    if (!CI.IsCopy[T] || (L && !Wants))
      continue;
    int S = CI.Source[T];
    const TableDecl &Src = M.Tables[S], &Cp = M.Tables[T];
    // Positions: the copy's cell a sits at the source's box position a.
    std::vector<Affine> Id;
    for (auto &I : Cp.Indices)
      Id.push_back(Affine::var(I));
    isl::set CpPos = PM.tableDomain(T).apply(
        PM.makeMap(Cp.Name, Cp.Indices, Src.Name, Id));
    isl::set Overlap = CpPos.intersect(PM.tableDomain(S));
    // Allowed overlap: positions where the copy holds that very cell.
    std::vector<Constraint> Fixed;
    for (size_t D = 0; D < Cp.Indices.size(); ++D)
      Fixed.push_back({Affine::var(Src.Indices[D]) -
                           Affine::var(Src.Indices[CI.Perm[T][D]]),
                       true, {}});
    isl::set FixedPts = PM.makeSet(Src.Name, Src.Indices, Fixed);
    isl::set Clash = Overlap.subtract(FixedPts);
    if (!Clash.is_empty()) {
      if (Wants) {
        PointValues Pt = namedSample(Clash, Src.Indices);
        Diags.error(L->Range, "'" + Cp.Name + "' cannot share '" + Src.Name +
                                  "''s storage: both would use the position of " +
                                  Src.Name + " at " + Pt.str());
        return false;
      }
      continue;
    }
    Mirror[T] = true;
    ForceBox[S] = true;
  }

  for (size_t T = 0; T < NT; ++T) {
    if (Mirror[T])
      continue;
    const TableDecl &Tab = M.Tables[T];
    lir::Storage &S = P.Storages[T];
    S.Table = static_cast<int>(T);
    S.Buffer = Tab.Name;
    const ScheduleItem *L = layoutItem(M, static_cast<int>(T));
    bool WantBox = ForceBox[T] || (L && L->LayoutKind == "box");
    GroupKinds Kinds;
    Kinds.Triangle = Kinds.Band = !WantBox;
    Kinds.ForceBand = L && L->LayoutKind == "band";
    isl::set D = PM.tableDomain(T);
    // A box around the source and its mirrored copies.
    for (size_t C = 0; C < NT; ++C)
      if (Mirror[C] && CI.Source[C] == static_cast<int>(T)) {
        std::vector<Affine> Id;
        for (auto &I : M.Tables[C].Indices)
          Id.push_back(Affine::var(I));
        D = D.unite(PM.tableDomain(C).apply(PM.makeMap(
            M.Tables[C].Name, M.Tables[C].Indices, Tab.Name, Id)));
      }
    buildGroups(D, Tab.Indices, Kinds, Sizes, Ctx, S.Groups, S.LayoutWhy);
    bool AnyTri = false, AnyBand = false;
    for (auto &G : S.Groups) {
      AnyTri |= G.Triangle;
      AnyBand |= G.Band;
    }
    if (L && L->LayoutKind == "triangle" && !AnyTri) {
      Diags.error(L->Range, "table '" + Tab.Name +
                                "' has no triangular pair of indices to pack");
      return false;
    }
    if (Kinds.ForceBand && !AnyBand) {
      Diags.error(L->Range,
                  "table '" + Tab.Name +
                      "' has no band to store (two consecutive indices r, "
                      "c whose difference c - r lies, at every size, "
                      "between bounds made of `let` / `const` constants "
                      "only)");
      return false;
    }
    S.Kind = AnyTri && AnyBand ? "triangle, band"
             : AnyBand        ? "band"
             : AnyTri         ? "triangle"
                              : "box";
  }
  for (size_t T = 0; T < NT; ++T) {
    if (!Mirror[T])
      continue;
    lir::Storage &S = P.Storages[T];
    S.Table = static_cast<int>(T);
    S.HostTable = CI.Source[T];
    S.Buffer = P.Storages[S.HostTable].Buffer;
    S.Kind = "mirror";
    for (size_t D = 0; D < M.Tables[T].Indices.size(); ++D)
      S.HostPerm.push_back(static_cast<int>(D));
  }

  // Reference boxes and domain loops.
  P.DomainLoops.clear();
  for (size_t T = 0; T < NT; ++T) {
    lir::Storage &S = P.Storages[T];
    isl::set D = PM.tableDomain(static_cast<int>(T));
    unsigned N = static_cast<unsigned>(M.Tables[T].Indices.size());
    for (unsigned Dm = 0; Dm < N; ++Dm) {
      isl::set P1 = projectDims(D, Dm, 1);
      S.BoxLo.push_back(fromPwAff(dimMin(P1, 0), Ctx));
      S.BoxHi.push_back(fromPwAff(dimMax(P1, 0), Ctx));
    }
    P.DomainLoops.push_back(loopsOverSet(D, Ctx, "d"));
  }

  // Descriptions and sizes.
  for (size_t T = 0; T < NT; ++T) {
    lir::Storage &S = P.Storages[T];
    const TableDecl &Tab = M.Tables[T];
    std::vector<IExprPtr> X;
    for (auto &I : Tab.Indices)
      X.push_back(IExpr::var(I));
    std::string Cell = Tab.Name + "[";
    for (size_t I = 0; I < Tab.Indices.size(); ++I)
      Cell += (I ? ", " : "") + Tab.Indices[I];
    Cell += "]";
    S.Description = Cell + " -> " + S.Buffer + "[" +
                    lir::iexprToString(*storageOffset(P, static_cast<int>(T), X)) +
                    "]  (" + S.Kind +
                    (S.HostTable >= 0 ? " inside " + M.Tables[S.HostTable].Name
                                      : std::string()) +
                    ")";
    if (S.HostTable < 0)
      S.SizeFormula = std::to_string(typeBytes(Tab.Type)) + " * (" +
                      lir::iexprToString(*storageSize(P, static_cast<int>(T))) +
                      ") bytes";
    else
      S.SizeFormula = "0 bytes (inside " + S.Buffer + ")";
  }

  // Each layout maps cells injectively to (row, position in row)
  // coordinates, and every position lies in [0, row length): proven with
  // isl over every size and every value of the `let` constants (a group's
  // rows span [Lo, Hi], isl's minimum and maximum of its first dim). The
  // offset is the row-major number of those coordinates (row by row
  // within a group, each group's offset times the next groups' sizes), so
  // it is injective and lies in [0, size).
  for (size_t T = 0; T < NT; ++T) {
    const lir::Storage &S = P.Storages[T];
    if (S.HostTable >= 0)
      continue;
    const TableDecl &Tab = M.Tables[T];
    isl::set Dom = PM.tableDomain(static_cast<int>(T)).intersect_params(Ctx);
    std::vector<Affine> Coords;
    for (auto &G : S.Groups) {
      Coords.push_back(Affine::var(Tab.Indices[G.Dims[0]]));
      if (G.Dims.size() == 1)
        continue;
      // The position in the row, and the row's length.
      Affine Pos = Affine::var(Tab.Indices[G.Dims[1]]) - G.ColLoA;
      Affine Len = G.Band ? G.BandWidth : G.RowLen;
      Coords.push_back(Pos);
      isl::set Outside =
          PM.makeSet(Tab.Name, Tab.Indices, {{Pos * -1 - Affine::constant(1), false, {}}})
              .unite(PM.makeSet(Tab.Name, Tab.Indices, {{Pos - Len, false, {}}}));
      if (!Outside.intersect(Dom).is_empty()) {
        PointValues Pt = namedSample(Outside.intersect(Dom), Tab.Indices);
        Diags.error(Tab.Range, "internal: isl finds a cell of table '" +
                                   Tab.Name + "' outside its row in the " +
                                   S.Kind + " layout, at " + Pt.str());
        return false;
      }
    }
    isl::map Layout = PM.makeMap(Tab.Name, Tab.Indices, "slot", Coords)
                          .intersect_domain(Dom);
    if (!Layout.is_injective()) {
      Diags.error(Tab.Range, "internal: isl finds the layout of table '" +
                                 Tab.Name + "' not injective");
      return false;
    }
  }

  // The offset functions as printed (lir::groupOffsets), with the `let`
  // constants at their values, for every size: the map cell -> (offset in
  // each group) is injective and each lies in [0, the group's size), so
  // their row-major number, the offset, is injective and lies in [0,
  // size). For tables of boxes and bands, whose offsets are affine once
  // the constants are numbers (a triangle's row start is quadratic: its
  // coordinates above, and the enumeration below, check it).
  {
    std::vector<std::pair<std::string, int64_t>> LetFix;
    std::map<std::string, IExprPtr> LetVal;
    for (auto &Lt : M.Lets) {
      LetFix.push_back({Lt.Name, Lt.Value});
      LetVal[Lt.Name] = IExpr::num(Lt.Value);
    }
    for (size_t T = 0; T < NT; ++T) {
      if (P.Storages[T].HostTable >= 0)
        continue;
      const TableDecl &Tab = M.Tables[T];
      std::vector<IExprPtr> X;
      for (auto &I : Tab.Indices)
        X.push_back(IExpr::var(I));
      std::vector<std::string> Offs, Os, Within;
      bool Affine = true;
      for (auto &[O, Sz] : lir::groupOffsets(P, static_cast<int>(T), X)) {
        auto OT = islText(*lir::substitute(O, LetVal));
        auto ST = islText(*lir::substitute(Sz, LetVal));
        if (!OT || !ST) {
          Affine = false;
          break;
        }
        Os.push_back("o" + std::to_string(Offs.size()));
        Offs.push_back(*OT);
        Within.push_back("0 <= " + Os.back() + " < " + *ST);
      }
      isl::set Dom = fixParams(PM.tableDomain(static_cast<int>(T)).intersect_params(Ctx),
                               LetFix);
      if (!Affine || Offs.empty() || Dom.is_empty())
        continue;
      isl::map Off = islParse<isl::map>(
                         PM.ctx(), PM.paramTuple() + " -> { " + Tab.Name + "[" +
                                       join(Tab.Indices) + "] -> [" + join(Offs) + "] }")
                         .intersect_domain(Dom);
      isl::set InRange = islParse<isl::set>(
          PM.ctx(), PM.paramTuple() + " -> { [" + join(Os) + "] : " +
                        join(Within, " and ") + " }");
      isl::set Outside = Off.subtract(Off.intersect_range(InRange)).domain();
      if (!Outside.is_empty()) {
        Diags.error(Tab.Range, "internal: isl finds a cell of table '" + Tab.Name +
                                   "' whose offset lies outside its buffer, at " +
                                   namedSample(Outside, Tab.Indices).str());
        return false;
      }
      if (!Off.is_injective()) {
        Diags.error(Tab.Range, "internal: isl finds two cells of table '" +
                                   Tab.Name + "' at one offset");
        return false;
      }
    }
  }

  // Every cell gets its own slot: enumerate at small sizes.
  for (int64_t V = 1; V <= 5; ++V) {
    std::vector<std::pair<std::string, int64_t>> Fix;
    std::map<std::string, int64_t> Env;
    for (auto &Pr : M.Params)
      Fix.push_back({Pr.Name, V}), Env[Pr.Name] = V;
    for (auto &Lt : M.Lets)
      Fix.push_back({Lt.Name, Lt.Value}), Env[Lt.Name] = Lt.Value;
    if (fixParams(Ctx, Fix).is_empty())
      continue;
    std::map<std::string, std::map<int64_t, std::pair<int, std::string>>> Used;
    for (size_t T = 0; T < NT; ++T) {
      const TableDecl &Tab = M.Tables[T];
      const lir::Storage &S = P.Storages[T];
      int Owner = S.HostTable >= 0 ? S.HostTable : static_cast<int>(T);
      int64_t Size = lir::evalIExpr(*storageSize(P, Owner),
                                    [&](const std::string &N) { return Env.at(N); });
      std::vector<IExprPtr> X;
      for (auto &I : Tab.Indices)
        X.push_back(IExpr::var(I));
      IExprPtr Off = storageOffset(P, static_cast<int>(T), X);
      bool Bad = false;
      std::string Why;
      fixParams(PM.tableDomain(T), Fix).foreach_point([&](isl::point Pt) {
        if (Bad)
          return;
        PointValues PV = pointValues(Pt);
        std::map<std::string, int64_t> E = Env;
        size_t NP = PV.Values.size() - Tab.Indices.size();
        std::vector<int64_t> Cell;
        for (size_t I = 0; I < Tab.Indices.size(); ++I) {
          E[Tab.Indices[I]] = PV.Values[NP + I].second;
          Cell.push_back(PV.Values[NP + I].second);
        }
        int64_t O = lir::evalIExpr(*Off, [&](const std::string &N) { return E.at(N); });
        std::string Name = Tab.Name + "[";
        for (size_t I = 0; I < Cell.size(); ++I)
          Name += (I ? "," : "") + std::to_string(Cell[I]);
        Name += "]";
        if (O < 0 || O >= Size) {
          Bad = true;
          Why = Name + " maps outside its buffer";
          return;
        }
        auto &Slot = Used[S.Buffer];
        auto It = Slot.find(O);
        if (It != Slot.end()) {
          // Allowed only for a copy cell aliasing its own source cell.
          bool Alias = false;
          int Other = It->second.first;
          if (CI.IsCopy[T] && CI.Source[T] == Other) {
            std::vector<int64_t> SrcCell(Cell.size());
            for (size_t D = 0; D < Cell.size(); ++D)
              SrcCell[CI.Perm[T][D]] = Cell[D];
            Alias = SrcCell == Cell;
          }
          if (!Alias) {
            Bad = true;
            Why = Name + " and " + It->second.second + " share a slot";
          }
          return;
        }
        Slot[O] = {static_cast<int>(T), Name};
      });
      if (Bad) {
        Diags.error(Tab.Range, "internal: the storage of table '" + Tab.Name +
                                   "' is not injective: " + Why);
        return false;
      }
    }
  }
  return true;
}
