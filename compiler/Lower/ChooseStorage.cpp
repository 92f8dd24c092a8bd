//===- ChooseStorage.cpp - storage maps, checked with isl -----------------===//
//
// A table's dims are split into groups of one dim, or of two consecutive
// dims where the second dim's bounds move with the first (a triangle); the
// table is stored row-major over its groups, each triangle packed row by
// row with a closed-form row start. A copy table (CT[j, i] = C[i, j]) lives
// in the otherwise unused part of its source's buffer when isl proves the
// two images disjoint (except on cells where both hold the same value);
// its source is then stored as a box. The layouts are checked by
// enumerating every cell at small sizes (offsets distinct and in range),
// and the sharing symbolically with isl.
//
//===----------------------------------------------------------------------===//
#include "Lower/Lowering.h"

#include "Lower/IslAst.h"
#include "Poly/Checks.h"

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

/// Builds the groups of one table; false if the domain is not a product of
/// its groups (then a box over every dim is used).
bool buildGroups(const isl::set &D, const std::vector<std::string> &Idx,
                 bool AllowTriangle, const isl::set &Ctx,
                 std::vector<lir::StorageGroup> &Out) {
  unsigned N = static_cast<unsigned>(Idx.size());
  isl::set Product = isl::set::universe(D.space());
  for (unsigned Dm = 0; Dm < N;) {
    lir::StorageGroup G;
    isl::set P1 = projectDims(D, Dm, 1);
    G.Dims = {static_cast<int>(Dm)};
    G.Lo = fromPwAff(dimMin(P1, 0), Ctx);
    G.Hi = fromPwAff(dimMax(P1, 0), Ctx);
    if (AllowTriangle && Dm + 1 < N) {
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
    buildGroups(D, Tab.Indices, !WantBox, Ctx, S.Groups);
    bool AnyTri = false;
    for (auto &G : S.Groups)
      AnyTri |= G.Triangle;
    if (L && L->LayoutKind == "triangle" && !AnyTri) {
      Diags.error(L->Range, "table '" + Tab.Name +
                                "' has no triangular pair of indices to pack");
      return false;
    }
    S.Kind = AnyTri ? "triangle" : "box";
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
  // coordinates, proven with isl over every size; the row-major
  // linearisation of those coordinates is a bijection by construction.
  for (size_t T = 0; T < NT; ++T) {
    const lir::Storage &S = P.Storages[T];
    if (S.HostTable >= 0)
      continue;
    const TableDecl &Tab = M.Tables[T];
    std::vector<Affine> Coords;
    for (auto &G : S.Groups) {
      Coords.push_back(Affine::var(Tab.Indices[G.Dims[0]]));
      if (G.Dims.size() == 2)
        Coords.push_back(Affine::var(Tab.Indices[G.Dims[1]]) - G.ColLoA);
    }
    isl::map Layout = PM.makeMap(Tab.Name, Tab.Indices, "slot", Coords)
                          .intersect_domain(PM.tableDomain(static_cast<int>(T)));
    if (!Layout.is_injective()) {
      Diags.error(Tab.Range, "internal: isl finds the layout of table '" +
                                 Tab.Name + "' not injective");
      return false;
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
