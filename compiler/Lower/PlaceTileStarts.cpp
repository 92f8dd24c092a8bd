//===- PlaceTileStarts.cpp - a statement at the start of every tile -------===//
//
// Takes the SchedulePlan and gives, per tiled group G, a statement
// TileStart<G>[t...] over the group's tile coordinates, which every cell of
// a tile follows (isl: the tile map's range over the group's domain). The
// tree builder runs it first in each tile; the GPU loads the tile's cells
// into shared memory there, the CPU does nothing.
//
//===----------------------------------------------------------------------===//
#include "Lower/Schedule.h"

using namespace dpc;

std::vector<ProductPlacement> dpc::placeTileStarts(const PolyModel &PM,
                                                   const SchedulePlan &Plan) {
  std::vector<ProductPlacement> Out;
  for (size_t G = 0; G < Plan.Groups.size(); ++G) {
    const GroupPlan &Gp = Plan.Groups[G];
    if (!Gp.Tiled || Gp.Signs.empty())
      continue;
    ProductPlacement TS;
    TS.Name = "TileStart" + std::to_string(G);
    TS.Kind = lir::StmtKind::TileStart;
    TS.Ref = static_cast<int>(G);
    TS.G = static_cast<int>(G);
    std::vector<std::string> T;
    for (unsigned D = 0; D < Gp.Dims; ++D)
      T.push_back("t" + std::to_string(D));
    isl::union_map Tiles = Plan.tileOf(PM, static_cast<int>(G));
    isl::union_set Dom(PM.ctx(), "{ }");
    for (int S : Gp.Stmts)
      Dom = Dom.unite(isl::union_set(PM.statements()[S].Domain));
    // [t...] -> TileStart<G>[t...]
    isl::union_map Name = islParse<isl::union_map>(
        PM.ctx(), "{ [" + join(T) + "] -> " + TS.Name + "[" + join(T) + "] }");
    isl::union_map CellToStart = Tiles.intersect_domain(Dom).apply_range(Name);
    TS.Domain = CellToStart.range().extract_set(
        islParse<isl::set>(PM.ctx(), PM.paramTuple() + " -> { " + TS.Name +
                                         "[" + join(T) + "] }")
            .space());
    TS.Reads = isl::union_map(PM.ctx(), "{ }");
    TS.Feeds = CellToStart.reverse();
    Out.push_back(TS);
  }
  return Out;
}
