//===- PlanSchedule.cpp - groups, bands and tile sizes, checked with isl --===//
//
// Takes the polyhedral model and gives the SchedulePlan: the statements
// split into groups (strongly connected tables, in dependence order), each
// group's band (one sign per index, chosen so that every dependence
// distance is non-negative, or the user's `order`, checked with isl against
// every dependence), the order of statements at one band point, and the
// tile sizes (bands with all distances non-negative are tiled).
//
//===----------------------------------------------------------------------===//
#include "Lower/Schedule.h"

#include "Basic/Graph.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>

using namespace dpc;
using namespace dpc::ast;

/// Strips of alignment-like groups (see the tile sizes below): a warp's 32
/// lanes own stripLaneRows(W) rows each, and 128 columns per wavefront
/// step. A lane's step has fixed work (its column's inputs, the row above
/// by a shuffle, the strip's bottom row staged, the loop: ~12 SASS
/// instructions) beside its cells' work (~6 for a plain int32 cell). W
/// weighs a row's cells, summed over the group's tables: a plain int32
/// cell 1, a 64-bit one or one with a term that may be infinite
/// (InfinityInfo::InfTerms: its sentinel arithmetic checks every
/// operation) 2. The lane's rows are the fewest (at least 2) with
/// rows x W >= 4, so that the cells' work is at least twice the fixed
/// work, and no more: each row lengthens a lane's chain per step, the
/// strips' lag and the registers. Measured on the H200
/// (docs/benchmarks.md, 2026-11-29, 2 / 3 / 4 / 5 rows a lane): W = 1
/// (sw_local, editdist) is fastest at 4 (the database search -20% / -6%,
/// the 30000^2 pair -22% / -11% against 2); W = 2 (lcs, banded: sentinel
/// cells) at 2 (4: the pairs +4% / +3%); W = 6 (gotoh: three tables with
/// -inf terms) at 2 (4: the pair +10%); 3 and 5 rows were slower than both
/// 2 and 4.
static constexpr int64_t StripTileCols = 128;
static int64_t stripLaneRows(int64_t W) {
  W = std::max<int64_t>(1, W);
  return std::max<int64_t>(2, (4 + W - 1) / W);
}

/// Whether an expression contains a reduction.
static bool hasReduction(const Expr &E) {
  return anyExpr(E, [](const Expr &X) { return X.K == Expr::Reduce; });
}

static int tableReads(const Expr &E) {
  int N = E.K == Expr::Subscript && E.Ref == RefKind::Table;
  for (auto &A : E.Args)
    N += tableReads(*A);
  for (auto &A : E.Arms)
    N += tableReads(*A.Body);
  return N;
}

/// True if E has a reduction whose body reads two table cells or more: a
/// candidate for tile products (planSplits), which need tiles.
static bool hasProductReduction(const Expr &E) {
  return anyExpr(E, [](const Expr &X) {
    return X.K == Expr::Reduce && tableReads(*X.Args[0]) >= 2;
  });
}

std::pair<isl::map, int> dpc::effectiveAccess(const PolyModel &PM,
                                              const CopyTableInfo &CI,
                                              const ReadAccess &R) {
  return effectiveAccess(PM, CI, R, R.Access);
}

std::pair<isl::map, int> dpc::effectiveAccess(const PolyModel &PM,
                                              const CopyTableInfo &CI,
                                              const ReadAccess &R, isl::map Acc) {
  if (!R.IsTable || !CI.IsCopy[R.Target])
    return {Acc, R.Target};
  const Module &M = PM.module();
  const TableDecl &CT = M.Tables[R.Target];
  const TableDecl &Src = M.Tables[CI.Source[R.Target]];
  std::vector<Affine> To(Src.Indices.size());
  for (size_t D = 0; D < CT.Indices.size(); ++D)
    To[CI.Perm[R.Target][D]] = Affine::var(CT.Indices[D]);
  isl::map Copy = PM.makeMap(CT.Name, CT.Indices, Src.Name, To);
  return {Acc.apply_range(Copy), CI.Source[R.Target]};
}

std::string SchedulePlan::memberText(const PolyModel &PM, int S,
                                     unsigned P) const {
  const GroupPlan &G = Groups[StmtGroup[S]];
  auto It = std::find(G.Stmts.begin(), G.Stmts.end(), S);
  return G.Band[It - G.Stmts.begin()][P].str();
}

/// "{ S[i, j] -> [(e0), (e1)] ; ... }" for the statements of a group, each
/// member produced by F(statement, member).
static std::string
groupMapText(const PolyModel &PM, const GroupPlan &G,
             const std::function<std::vector<std::string>(int)> &F) {
  std::vector<std::string> Parts;
  for (int S : G.Stmts) {
    const Statement &St = PM.statements()[S];
    std::vector<std::string> Out;
    for (auto &E : F(S))
      Out.push_back("(" + E + ")");
    Parts.push_back(St.Name + "[" +
                    join(PM.module().Tables[St.Table].Indices) + "] -> [" +
                    join(Out) + "]");
  }
  return PM.paramTuple() + " -> { " + join(Parts, "; ") + " }";
}

std::string dpc::tileCoord(const std::string &B, int64_t Size) {
  return Size == 1 ? B : "floor((" + B + ")/" + std::to_string(Size) + ")";
}
std::string dpc::pointCoord(const std::string &B, int64_t Size) {
  return Size == 1 ? "0" : "(" + B + ") mod " + std::to_string(Size);
}

isl::union_map SchedulePlan::stepOf(const PolyModel &PM) const {
  isl::union_map U(PM.ctx(), "{ }");
  for (size_t G = 0; G < Groups.size(); ++G) {
    const GroupPlan &Gr = Groups[G];
    std::string Text = groupMapText(PM, Gr, [&](int S) {
      std::vector<std::string> W;
      for (unsigned P = 0; P < Gr.Dims && Gr.Tiled; ++P)
        W.push_back(tileCoord(memberText(PM, S, P), Gr.Tile[P]));
      return std::vector<std::string>{std::to_string(G),
                                      W.empty() ? "0" : join(W, " + ")};
    });
    U = U.unite(islParse<isl::union_map>(PM.ctx(), Text));
  }
  return U;
}

isl::union_map SchedulePlan::tileOf(const PolyModel &PM, int G) const {
  const GroupPlan &Gr = Groups[G];
  return islParse<isl::union_map>(PM.ctx(), groupMapText(PM, Gr, [&](int S) {
                          std::vector<std::string> T;
                          for (unsigned P = 0; P < Gr.Dims; ++P)
                            T.push_back(
                                tileCoord(memberText(PM, S, P), Gr.Tile[P]));
                          return T;
                        }));
}

namespace {

/// The strongly connected components of the active tables (Basic/Graph.h),
/// in dependence order (a table's sources come first), each sorted.
std::vector<std::vector<int>>
tableComponents(size_t N, const std::vector<std::set<int>> &Succ,
                const std::vector<bool> &Active) {
  std::vector<std::vector<int>> G(N);
  for (size_t V = 0; V < N; ++V)
    if (Active[V])
      for (int W : Succ[V])
        if (Active[W])
          G[V].push_back(W);
  std::vector<std::vector<int>> Out;
  for (auto &C : stronglyConnectedComponents(G)) {
    if (!Active[C.front()])
      continue; // an inactive table: alone, with no edges
    std::sort(C.begin(), C.end());
    Out.push_back(std::move(C));
  }
  std::reverse(Out.begin(), Out.end());
  return Out;
}

} // namespace

/// A readable dependence for messages: "C[2, 5] reads C[3, 4]".
std::string dpc::sampleDep(const PolyModel &PM, const isl::union_map &D) {
  std::string R;
  std::map<std::string, std::string> CellName;
  for (auto &S : PM.statements())
    CellName[S.Name] = PM.module().Tables[S.Table].Name;
  D.foreach_map([&](isl::map Mp) {
    if (!R.empty() || Mp.is_empty())
      return;
    PointValues P = samplePoint(Mp.wrap());
    size_t NIn = setDimNames(Mp.domain()).size();
    size_t NP = P.Values.size() - NIn - setDimNames(Mp.range()).size();
    std::string Src = CellName[tupleName(Mp.domain())] + "[";
    std::string Snk = CellName[tupleName(Mp.range())] + "[";
    for (size_t I = NP; I < P.Values.size(); ++I) {
      std::string V = std::to_string(P.Values[I].second);
      if (I < NP + NIn)
        Src += (I > NP ? ", " : "") + V;
      else
        Snk += (I > NP + NIn ? ", " : "") + V;
    }
    std::string At;
    for (size_t I = 0; I < NP; ++I)
      At += (I ? ", " : "") + P.Values[I].first + " = " +
            std::to_string(P.Values[I].second);
    R = Snk + "] reads " + Src + "]" + (At.empty() ? "" : " (at " + At + ")");
  });
  return R;
}


bool dpc::planSchedule(const PolyModel &PM, const CopyTableInfo &CI,
                       const InfinityInfo &Inf, DiagEngine &Diags,
                       SchedulePlan &Out) {
  const Module &M = PM.module();
  const auto &Stmts = PM.statements();
  Out.Copies = &CI;
  Out.StmtGroup.assign(Stmts.size(), -1);
  Out.Deps = isl::union_map(PM.ctx(), "{ }");
  size_t NT = M.Tables.size();
  std::vector<std::set<int>> Succ(NT);
  std::vector<bool> Active(NT, false);
  for (size_t S = 0; S < Stmts.size(); ++S) {
    if (CI.IsCopy[Stmts[S].Table])
      continue;
    Out.EffStmts.push_back(static_cast<int>(S));
    Active[Stmts[S].Table] = true;
    for (auto &R : Stmts[S].Reads) {
      if (!R.IsTable)
        continue;
      auto [Acc, Target] = effectiveAccess(PM, CI, R);
      isl::union_map D = PM.dependencesFrom(Stmts[S], R.CtxVars, Acc, Target);
      if (D.is_empty())
        continue;
      Out.Deps = Out.Deps.unite(D);
      Succ[Target].insert(Stmts[S].Table);
    }
  }

  for (auto &Comp : tableComponents(NT, Succ, Active)) {
    GroupPlan G;
    G.Tables = Comp;
    for (int S : Out.EffStmts)
      if (std::count(Comp.begin(), Comp.end(), Stmts[S].Table))
        G.Stmts.push_back(S);
    G.Dims = static_cast<unsigned>(M.Tables[Comp[0]].Indices.size());
    for (int T : Comp)
      if (M.Tables[T].Indices.size() != G.Dims) {
        Diags.error(M.Tables[T].Range,
                    "tables '" + M.Tables[Comp[0]].Name + "' and '" +
                        M.Tables[T].Name +
                        "' depend on each other but have different numbers "
                        "of indices; dpc cannot schedule them together");
        return false;
      }
    int GI = static_cast<int>(Out.Groups.size());
    for (int S : G.Stmts)
      Out.StmtGroup[S] = GI;

    // Dependences inside the group, on anonymous index tuples.
    isl::union_set GDom(PM.ctx(), "{ }");
    std::string ToPosText;
    for (int S : G.Stmts) {
      GDom = GDom.unite(isl::union_set(Stmts[S].Domain));
      const auto &Idx = M.Tables[Stmts[S].Table].Indices;
      ToPosText += (ToPosText.empty() ? "" : "; ") + Stmts[S].Name + "[" +
                   join(Idx) + "] -> [" + join(Idx) + "]";
    }
    isl::union_map GDeps = Out.Deps.intersect_domain(GDom).intersect_range(GDom);
    isl::union_map ToPos = islParse<isl::union_map>(PM.ctx(), PM.paramTuple() + " -> { " + ToPosText + " }");

    // The band: the user's order, or one sign per index.
    const ScheduleItem *Order = nullptr;
    for (auto &It : M.Schedule)
      if (It.K == ScheduleItem::Order &&
          std::count(Comp.begin(), Comp.end(), M.findTable(It.Table)))
        Order = &It;
    if (Order) {
      for (int T : Comp) {
        const ScheduleItem *Mine = nullptr;
        for (auto &It : M.Schedule)
          if (It.K == ScheduleItem::Order && M.findTable(It.Table) == T)
            Mine = &It;
        if (!Mine) {
          Diags.error(Order->Range, "table '" + M.Tables[T].Name +
                                        "' is scheduled with '" + Order->Table +
                                        "' (they depend on each other) but "
                                        "has no 'order' of its own");
          return false;
        }
        if (Mine->OrderA.size() != Order->OrderA.size()) {
          Diags.error(Mine->Range, "orders of tables scheduled together "
                                   "must have the same number of members");
          return false;
        }
      }
      G.Dims = static_cast<unsigned>(Order->OrderA.size());
      for (int S : G.Stmts)
        for (auto &It : M.Schedule)
          if (It.K == ScheduleItem::Order &&
              M.findTable(It.Table) == Stmts[S].Table)
            G.Band.push_back(It.OrderA);
    } else {
      isl::union_set Delta =
          GDeps.apply_domain(ToPos).apply_range(ToPos).deltas();
      std::vector<std::string> DV;
      for (unsigned P = 0; P < G.Dims; ++P)
        DV.push_back("d" + std::to_string(P));
      for (unsigned P = 0; P < G.Dims; ++P) {
        auto Some = [&](const char *Cmp) {
          isl::union_set S = islParse<isl::union_set>(PM.ctx(), PM.paramTuple() + " -> { [" + join(DV) +
                                         "] : d" + std::to_string(P) + Cmp +
                                         " }");
          return !Delta.intersect(S).is_empty();
        };
        bool Neg = Some(" < 0"), Pos = Some(" > 0");
        if (Neg && Pos && P > 0) {
          // Distances of both signs may all be carried by the members
          // before (a read of any cell of the row above, as a subscript
          // that reads input values is taken: `C[i - 1, c - w[i - 1]]`):
          // only those with every earlier member 0 constrain this one. The
          // band is then legal but not permutable: not tiled.
          std::string Outer;
          for (unsigned Q = 0; Q < P; ++Q)
            Outer += " and d" + std::to_string(Q) + " = 0";
          Neg = Some((" < 0" + Outer).c_str());
          Pos = Some((" > 0" + Outer).c_str());
        }
        if (Neg && Pos) {
          Diags.error(M.Tables[Comp[0]].Range,
                      "dpc found no tileable schedule for table '" +
                          M.Tables[Comp[0]].Name + "': its dependences go both "
                          "ways along index '" +
                          M.Tables[Comp[0]].Indices[P] +
                          "'; give one with 'order' in a schedule block");
          return false;
        }
        G.Signs.push_back(Neg ? -1 : 1);
      }
      for (int S : G.Stmts) {
        std::vector<Affine> B;
        const auto &Idx = M.Tables[Stmts[S].Table].Indices;
        for (unsigned P = 0; P < G.Dims; ++P)
          B.push_back(Affine::var(Idx[P], G.Signs[P]));
        G.Band.push_back(B);
      }
    }

    // Check the band against the group's dependences.
    std::string BandText;
    {
      std::vector<std::string> Parts;
      for (size_t K = 0; K < G.Stmts.size(); ++K) {
        std::vector<std::string> Out2;
        for (auto &A : G.Band[K])
          Out2.push_back("(" + A.str() + ")");
        Parts.push_back(Stmts[G.Stmts[K]].Name + "[" +
                        join(M.Tables[Stmts[G.Stmts[K]].Table].Indices) +
                        "] -> [" + join(Out2) + "]");
      }
      BandText = PM.paramTuple() + " -> { " + join(Parts, "; ") + " }";
    }
    isl::union_map BandMap = islParse<isl::union_map>(PM.ctx(), BandText);
    isl::union_map Before = lexLtUnionMap(BandMap, BandMap);
    isl::union_map Same = BandMap.apply_range(BandMap.reverse());
    isl::union_map Bad = GDeps.subtract(Before).subtract(Same);
    if (!Bad.is_empty()) {
      std::string Ex = sampleDep(PM, Bad);
      if (Order)
        Diags.error(Order->Range, "this order is illegal: it runs a cell "
                                  "before a cell it reads: " +
                                      Ex);
      else
        Diags.error(M.Tables[Comp[0]].Range,
                    "internal: the band violates a dependence: " + Ex);
      return false;
    }
    // Cells at the same band point: order their statements.
    isl::union_map Zero = GDeps.intersect(Same);
    std::map<int, std::set<int>> ZSucc;
    std::map<std::string, int> ByName;
    for (int S : G.Stmts)
      ByName[Stmts[S].Name] = S;
    Zero.foreach_map([&](isl::map Mp) {
      if (!Mp.is_empty())
        ZSucc[ByName[tupleName(Mp.domain())]].insert(
            ByName[tupleName(Mp.range())]);
    });
    {
      std::map<int, int> InDeg;
      for (int S : G.Stmts)
        InDeg[S] = 0;
      for (auto &[A, Bs] : ZSucc)
        for (int B : Bs)
          if (A != B)
            ++InDeg[B];
      std::vector<int> Ready;
      for (int S : G.Stmts)
        if (InDeg[S] == 0)
          Ready.push_back(S);
      while (!Ready.empty()) {
        int S = Ready.front();
        Ready.erase(Ready.begin());
        G.IntraOrder.push_back(S);
        for (int B : ZSucc[S])
          if (B != S && --InDeg[B] == 0)
            Ready.push_back(B);
      }
      if (G.IntraOrder.size() != G.Stmts.size()) {
        Diags.error(M.Tables[Comp[0]].Range,
                    "cells of tables scheduled together read each other at "
                    "the same point of the schedule; give an 'order' that "
                    "separates them");
        return false;
      }
    }
    // Permutable (all distances >= 0) bands are tiled.
    isl::union_set BD =
        GDeps.apply_domain(BandMap).apply_range(BandMap).deltas();
    bool Permutable = true;
    for (unsigned P = 0; P < G.Dims; ++P) {
      std::vector<std::string> DV;
      for (unsigned Q = 0; Q < G.Dims; ++Q)
        DV.push_back("d" + std::to_string(Q));
      isl::union_set NegS = islParse<isl::union_set>(PM.ctx(), PM.paramTuple() + " -> { [" + join(DV) +
                                        "] : d" + std::to_string(P) + " < 0 }");
      if (!BD.intersect(NegS).is_empty())
        Permutable = false;
    }
    // The alignment-like pattern: two sign members, every distance in
    // {0, 1} x {0, 1}, and O(1) work per cell.
    if (G.Dims == 2 && Permutable && !Order) {
      bool Reduces = false;
      for (int S : G.Stmts)
        Reduces |= hasReduction(*Stmts[S].Body);
      isl::union_set Short = islParse<isl::union_set>(
          PM.ctx(), PM.paramTuple() +
                        " -> { [d0, d1] : 0 <= d0 <= 1 and 0 <= d1 <= 1 }");
      if (Reduces)
        G.PatternWhy = "a cell has a reduction (more than O(1) work)";
      else if (!BD.is_subset(Short))
        G.PatternWhy = "a dependence distance lies outside {0, 1} x {0, 1}: " +
                       islStr(BD.subtract(Short).sample_point()) + " (isl)";
      else {
        G.ShortUniform = true;
        G.PatternWhy = "every dependence distance lies in {0, 1} x {0, 1} "
                       "(isl) and no cell has a reduction: O(1) work per "
                       "cell, alignment-like";
      }
    } else if (G.Dims == 2) {
      G.PatternWhy = Order ? "the band is the user's order"
                           : "a dependence distance is negative";
    }
    // Tile sizes: the schedule block, else 64 x 64 for two members and
    // 32 x 32 over the last two for more; alignment-like groups get strips
    // (32 lanes x stripLaneRows by StripTileCols).
    G.Tile.assign(G.Dims, 1);
    if (G.ShortUniform) {
      int64_t W = 0; // a row's cells, every table of the group
      for (int T : G.Tables)
        W += typeBytes(M.Tables[T].Type) > 4 || Inf.InfTerms[T] ? 2 : 1;
      // A group whose reads or cases read input values runs no lane strips
      // (FindLaneStrips): its tile-wavefront kernel keeps 2 rows a lane's
      // worth (64), as measured.
      bool InputValued = false;
      for (int S : G.Stmts)
        InputValued |= readsData(*Stmts[S].Body);
      const int64_t LaneRows = InputValued ? 2 : stripLaneRows(W);
      G.Tile = {32 * LaneRows, StripTileCols};
      G.TileWhy =
          InputValued
              ? fmt::format("alignment-like, but a cell reads input values in "
                            "a subscript or a case (no lane strips): {} x {}",
                            32 * LaneRows, StripTileCols)
              : fmt::format(
                    "alignment-like: {} x {} strips (a warp's 32 lanes own {} "
                    "rows each: the fewest, at least 2, whose cells weigh at "
                    "least 4, a plain int32 cell 1, a 64-bit one or one with "
                    "a term that may be infinite 2; a row's cells of the "
                    "group's {} table(s) weigh {}; {} columns per wavefront "
                    "step)",
                    32 * LaneRows, StripTileCols, LaneRows, G.Tables.size(),
                    W, StripTileCols);
    } else if (G.Dims == 2) {
      G.Tile = {64, 64};
      G.TileWhy = "64 x 64 (two members)";
    } else if (G.Dims > 2) {
      G.Tile[G.Dims - 2] = G.Tile[G.Dims - 1] = 32;
      G.TileWhy = "32 x 32 over the last two members";
    }
    for (auto &It : M.Schedule)
      if (It.K == ScheduleItem::Tile &&
          std::count(Comp.begin(), Comp.end(), M.findTable(It.Table))) {
        for (size_t P = 0; P < G.Dims; ++P)
          G.Tile[P] = P < It.Sizes.size() ? It.Sizes[P] : 1;
        G.TileWhy = "the schedule block's tile sizes";
      }
    bool AnyTile = false;
    for (auto T : G.Tile)
      AnyTile |= T > 1;
    // A group whose cells read no cell of the group (no dependence inside
    // it) has no wavefront to tile: every cell is independent, and the
    // untiled form below runs all of them in parallel.
    // (Groups with reductions of two table reads keep their tiles: the
    // reductions may become tile products, which need them.)
    bool Products = false;
    for (int S : G.Stmts)
      Products |= hasProductReduction(*Stmts[S].Body);
    if (BD.is_empty() && AnyTile && !Products) {
      G.Tile.assign(G.Dims, 1);
      AnyTile = false;
      G.TileWhy = "none: no dependence inside the group (isl), every cell "
                  "is independent";
    }
    G.Tiled = Permutable && AnyTile;
    if (!Permutable && AnyTile && !Order) {
      G.Tile.assign(G.Dims, 1);
      G.TileWhy = "none: a dependence distance is negative along a member "
                  "whose outer members carry it (isl; the band is legal but "
                  "not permutable)";
    }
    // The point wavefront: along one member if it carries every dependence.
    if (G.Tiled && G.Dims > 1) {
      std::vector<std::string> DV, Z;
      for (unsigned Q = 0; Q < G.Dims; ++Q) {
        DV.push_back("d" + std::to_string(Q));
        Z.push_back(DV.back() + " = 0");
      }
      isl::union_set NonZero = BD.subtract(islParse<isl::union_set>(
          PM.ctx(), PM.paramTuple() + " -> { [" + join(DV) + "] : " +
                        join(Z, " and ") + " }"));
      for (unsigned P = 0; P < G.Dims && G.PointCarrier < 0; ++P) {
        isl::union_set Ahead = islParse<isl::union_set>(
            PM.ctx(), PM.paramTuple() + " -> { [" + join(DV) + "] : d" +
                          std::to_string(P) + " >= 1 }");
        if (NonZero.is_subset(Ahead))
          G.PointCarrier = static_cast<int>(P);
      }
      G.PointWhy =
          G.PointCarrier >= 0
              ? fmt::format("inside a tile, member {} carries every "
                            "dependence (isl: every non-zero distance is >= 1 "
                            "along it): the cells of one point along it are "
                            "independent, one step each",
                            G.PointCarrier)
              : "inside a tile, anti-diagonals (no member carries every "
                "dependence)";
    }
    // A reversed index (-x) is shifted by tile - 1 so that its tiles line up
    // with those of a forward index: rows [64m, 64m + 63] like columns.
    G.Shifts.assign(G.Dims, 0);
    if (G.Tiled && !G.Signs.empty())
      for (unsigned P = 0; P < G.Dims; ++P)
        if (G.Signs[P] < 0 && G.Tile[P] > 1) {
          G.Shifts[P] = G.Tile[P] - 1;
          for (auto &B : G.Band)
            B[P] = B[P] + Affine::constant(G.Shifts[P]);
        }
    // Untiled groups: a band member whose loop carries no dependence of the
    // group (every dependence with equal outer members has equal member p)
    // runs its iterations in parallel; the others are sequential, with a
    // dependence as the witness.
    if (!G.Tiled)
      for (unsigned P = 0; P < G.Dims; ++P) {
        std::vector<std::string> DV, Eq;
        for (unsigned Q = 0; Q < G.Dims; ++Q)
          DV.push_back("d" + std::to_string(Q));
        for (unsigned Q = 0; Q < P; ++Q)
          Eq.push_back("d" + std::to_string(Q) + " = 0");
        Eq.push_back("d" + std::to_string(P) + " != 0");
        isl::union_set Carried = BD.intersect(islParse<isl::union_set>(
            PM.ctx(), PM.paramTuple() + " -> { [" + join(DV) + "] : " +
                          join(Eq, " and ") + " }"));
        bool Par = Carried.is_empty();
        G.Parallel.push_back(Par);
        G.ParallelWhy.push_back(
            Par ? "carries no dependence (isl: no distance with equal outer "
                  "members is non-zero along it)"
                : "carries the dependence distance " +
                      islStr(Carried.sample_point()) + " (isl)");
      }
    if (!Permutable && Order)
      Diags.warning(Order->Range,
                    "this order is legal but not tileable (a dependence "
                    "distance is negative along one of its members); the "
                    "generated code will not be tiled");
    Out.Groups.push_back(std::move(G));
  }
  return true;
}

