//===- BuildLoopTrees.cpp - the tiled schedule tree, verified, as loops ---===//
//
// Takes the SchedulePlan and the statements to place in it (tile starts and
// tile products, with their dependences) and gives the program's loop
// trees: the tiled tree (per tiled group a tile wavefront, parallel tiles,
// the tile's starts and products, then its cells as a point wavefront) and
// the untiled reference tree. Both are verified with isl against every
// dependence (the products' too) before isl generates their loops.
//
//===----------------------------------------------------------------------===//
#include "Lower/Schedule.h"

#include "Lower/IslAst.h"

#include <functional>
#include <optional>

using namespace dpc;
using namespace dpc::ast;

//===-- the final schedule tree -------------------------------------------===//

namespace {

struct TreeBuilder {
  const PolyModel &PM;
  const SchedulePlan &Plan;
  const std::vector<ProductPlacement> &Products;

  isl::multi_union_pw_aff
  mupa(int G, bool WithProducts,
       const std::function<std::vector<std::string>(int)> &StmtF,
       const std::function<std::vector<std::string>(
           const std::vector<std::string> &)> &ProdF) {
    std::vector<std::pair<std::string, std::vector<std::string>>> Rows;
    for (int S : Plan.Groups[G].Stmts) {
      const Statement &St = PM.statements()[S];
      Rows.push_back({St.Name + "[" +
                          join(PM.module().Tables[St.Table].Indices) + "]",
                      StmtF(S)});
    }
    if (WithProducts)
      for (auto &P : Products) {
        if (P.G != G)
          continue;
        std::vector<std::string> T;
        for (unsigned D = 0; D < Plan.Groups[G].Dims; ++D)
          T.push_back("t" + std::to_string(D));
        Rows.push_back({P.Name + "[" + join(T) + "]", ProdF(T)});
      }
    return makeMupa(PM.ctx(), PM.paramTuple(), Rows);
  }

  /// If set: only these statement instances are scheduled.
  std::optional<isl::union_set> Only;

  isl::union_set stmtFilter(int G) {
    isl::union_set U(PM.ctx(), "{ }");
    for (int S : Plan.Groups[G].Stmts)
      U = U.unite(isl::union_set(PM.statements()[S].Domain));
    return Only ? U.intersect(*Only) : U;
  }
  isl::union_set prodFilter(int G) {
    isl::union_set U(PM.ctx(), "{ }");
    for (auto &P : Products)
      if (P.G == G)
        U = U.unite(isl::union_set(P.Domain));
    return U;
  }

  static isl::schedule_node coincident(isl::schedule_node N) {
    isl::schedule_node_band B = N.as<isl::schedule_node_band>();
    B = B.set_permutable(1);
    for (unsigned I = 0; I < B.n_member(); ++I)
      B = B.member_set_coincident(I, 1);
    return B;
  }

  /// Every member of the band atomic: isl generates each point of the band
  /// once, in one loop nest, with all the statements at it (else it may
  /// split a tile's statements over several nests).
  static isl::schedule_node atomic(isl::schedule_node N) {
    isl::schedule_node_band B = N.as<isl::schedule_node_band>();
    for (unsigned I = 0; I < B.n_member(); ++I)
      B = B.member_set_ast_loop_atomic(I);
    return B;
  }

  /// Statements at one point, in their intra-point order.
  isl::schedule_node intra(isl::schedule_node N, int G) {
    const GroupPlan &Gr = Plan.Groups[G];
    if (Gr.IntraOrder.size() < 2)
      return N;
    isl::union_set_list L(PM.ctx(), 0);
    for (int S : Gr.IntraOrder)
      L = L.add(isl::union_set(PM.statements()[S].Domain));
    return N.insert_sequence(L);
  }

  isl::schedule_node group(isl::schedule_node N, int G, bool Tiled) {
    const GroupPlan &Gr = Plan.Groups[G];
    auto Member = [&](int S, unsigned P) { return Plan.memberText(PM, S, P); };
    if (Tiled && !Gr.Tiled && Gr.Parallel.size() == Gr.Dims && Gr.Dims) {
      // One band per member, each under a mark saying whether its
      // iterations are independent (PlanSchedule's analysis).
      for (unsigned P = 0; P < Gr.Dims; ++P) {
        N = N.insert_mark(Gr.Parallel[P] ? "parallel" : "sequential").child(0);
        N = N.insert_partial_schedule(
                  mupa(G, false,
                       [&](int S) { return std::vector<std::string>{Member(S, P)}; },
                       nullptr))
                .child(0);
      }
      return intra(N, G);
    }
    if (!Tiled || !Gr.Tiled) {
      N = N.insert_partial_schedule(mupa(
          G, false,
          [&](int S) {
            std::vector<std::string> V;
            for (unsigned P = 0; P < Gr.Dims; ++P)
              V.push_back(Member(S, P));
            return V;
          },
          nullptr));
      return intra(N.child(0), G);
    }
    auto TileW = [&](int S) {
      std::vector<std::string> W;
      for (unsigned P = 0; P < Gr.Dims; ++P)
        W.push_back(tileCoord(Member(S, P), Gr.Tile[P]));
      return std::vector<std::string>{join(W, " + ")};
    };
    auto ProdW = [&](const std::vector<std::string> &T) {
      return std::vector<std::string>{join(T, " + ")};
    };
    // A tile's product feeds every cell of the tile from an accumulator
    // that lives in the tile's block: the tile loops are atomic where the
    // group has products, so that no cell of a tile lands in a loop nest
    // of its own, away from its product.
    isl::union_set PF = prodFilter(G);
    bool HasProducts = false;
    for (auto &P : Products)
      HasProducts |= P.G == G && P.Kind == lir::StmtKind::TileProduct;
    auto TileBand = [&](isl::schedule_node B) {
      return HasProducts ? atomic(B) : B;
    };
    N = N.insert_mark("tiles").child(0);
    N = TileBand(N.insert_partial_schedule(mupa(G, true, TileW, ProdW))).child(0);
    N = N.insert_mark("parallel_tiles").child(0);
    if (Gr.Dims > 1) {
      auto TileRest = [&](int S) {
        std::vector<std::string> V;
        for (unsigned P = 1; P < Gr.Dims; ++P)
          V.push_back(tileCoord(Member(S, P), Gr.Tile[P]));
        return V;
      };
      auto ProdRest = [&](const std::vector<std::string> &T) {
        return std::vector<std::string>(T.begin() + 1, T.end());
      };
      N = TileBand(coincident(
                       N.insert_partial_schedule(mupa(G, true, TileRest, ProdRest))))
              .child(0);
    }
    if (!PF.is_empty()) {
      isl::union_set_list L(PM.ctx(), 0);
      for (auto &P : Products)
        if (P.G == G)
          L = L.add(isl::union_set(P.Domain));
      L = L.add(stmtFilter(G));
      N = N.insert_sequence(L);
      N = N.child(static_cast<int>(L.size()) - 1).child(0);
    }
    N = N.insert_mark("points").child(0);
    // The point wavefront: the sum of the point coordinates (a tile's
    // anti-diagonals), or the one member that carries every dependence.
    const int PC = Gr.PointCarrier;
    auto PointW = [&](int S) {
      std::vector<std::string> W;
      for (unsigned P = 0; P < Gr.Dims; ++P)
        if (PC < 0 || static_cast<int>(P) == PC)
          W.push_back(pointCoord(Member(S, P), Gr.Tile[P]));
      return std::vector<std::string>{join(W, " + ")};
    };
    N = N.insert_partial_schedule(mupa(G, false, PointW, nullptr)).child(0);
    N = N.insert_mark("parallel_points").child(0);
    if (Gr.Dims > 1) {
      auto PointRest = [&](int S) {
        std::vector<std::string> V;
        for (unsigned P = 0; P < Gr.Dims; ++P)
          if (PC < 0 ? P > 0 : static_cast<int>(P) != PC)
            V.push_back(pointCoord(Member(S, P), Gr.Tile[P]));
        return V;
      };
      N = coincident(N.insert_partial_schedule(mupa(G, false, PointRest, nullptr)))
              .child(0);
    }
    return intra(N, G);
  }

  isl::schedule build(bool Tiled) {
    isl::union_set D(PM.ctx(), "{ }");
    for (size_t G = 0; G < Plan.Groups.size(); ++G) {
      D = D.unite(stmtFilter(static_cast<int>(G)));
      if (Tiled)
        D = D.unite(prodFilter(static_cast<int>(G)));
    }
    isl::schedule S = isl::schedule::from_domain(D);
    size_t NG = Plan.Groups.size();
    if (NG == 1)
      return group(S.root().child(0), 0, Tiled).schedule();
    isl::union_set_list L(PM.ctx(), 0);
    for (size_t G = 0; G < NG; ++G) {
      isl::union_set F = stmtFilter(static_cast<int>(G));
      if (Tiled)
        F = F.unite(prodFilter(static_cast<int>(G)));
      L = L.add(F);
    }
    S = S.root().child(0).insert_sequence(L).schedule();
    for (size_t G = 0; G < NG; ++G) {
      isl::schedule_node N =
          S.root().child(0).child(static_cast<int>(G)).child(0);
      S = group(N, static_cast<int>(G), Tiled).schedule();
    }
    return S;
  }
};

} // namespace

bool dpc::buildLoopTrees(const PolyModel &PM, const SchedulePlan &Plan,
                         const std::vector<ProductPlacement> &Products,
                         const std::map<std::string, int> &StmtIds,
                         DiagEngine &Diags, lir::Program &Prog) {
  TreeBuilder TB{PM, Plan, Products};
  isl::union_map All = Plan.Deps;
  for (auto &P : Products)
    All = All.unite(P.Reads).unite(P.Feeds);
  StmtNames Ids;
  for (auto &[Name, S] : StmtIds)
    Ids[Name] = {lir::StmtKind::Cell, S};
  for (auto &P : Products)
    Ids[P.Name] = {P.Kind, P.Ref};

  for (bool Tiled : {true, false}) {
    isl::schedule S = TB.build(Tiled);
    isl::union_map SM = S.get_map();
    isl::union_map Deps = Tiled ? All : Plan.Deps;
    isl::union_map Viol = Deps.subtract(lexLtUnionMap(SM, SM));
    if (!Viol.is_empty()) {
      Diags.error(PM.module().NameRange,
                  std::string("internal: the ") +
                      (Tiled ? "tiled" : "reference") +
                      " schedule violates a dependence: " + sampleDep(PM, Viol));
      return false;
    }
    lir::LNodePtr Loops = buildLoops(S, PM.paramContext(), Ids);
    (Tiled ? Prog.Loops : Prog.Reference) = Loops;
  }
  // Groups of two-index statements: their reference loops over the rows
  // dpc_rlo .. dpc_rhi of the first index (lir::Group::RowsReference). The
  // reference schedule restricted to a subset of its instances stays valid
  // for them where the cells they read outside the subset are given.
  for (size_t G = 0; G < Plan.Groups.size() && G < Prog.Groups.size(); ++G) {
    isl::union_set Rows(PM.ctx(), "{ }");
    bool Two = !Plan.Groups[G].Stmts.empty();
    for (int S : Plan.Groups[G].Stmts) {
      const Statement &St = PM.statements()[S];
      const auto &Ix = PM.module().Tables[St.Table].Indices;
      if (Ix.size() != 2) {
        Two = false;
        break;
      }
      Rows = Rows.unite(isl::union_set(
          PM.ctx(), "[dpc_rlo, dpc_rhi] -> { " + St.Name + "[" + join(Ix) +
                        "] : dpc_rlo <= " + Ix[0] + " <= dpc_rhi }"));
    }
    if (!Two)
      continue;
    TB.Only = Rows;
    Prog.Groups[G].RowsReference =
        buildLoops(TB.build(false), PM.paramContext(), Ids);
    TB.Only.reset();
  }
  return true;
}
