//===- Schedule.h - groups, bands, tiles and wavefronts -------------------===//
//
// PlanSchedule.cpp takes the polyhedral model and gives a SchedulePlan:
// the statements split into groups (strongly connected tables, in
// dependence order), each group's band (either `x` or `-x` per index,
// chosen so every dependence distance is non-negative, or the user's
// `order`), checked with isl against every dependence, and the tile sizes.
// BuildLoopTrees.cpp then builds the final schedule tree (tile wavefront,
// parallel tiles, tile starts and products, point wavefront), re-verifies
// it against all dependences (including those of the tile products) and
// generates the loop trees.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Basic/Diagnostics.h"
#include "Lower/Analyses.h"
#include "LIR/Program.h"
#include "Poly/PolyModel.h"

namespace dpc {

struct GroupPlan {
  std::vector<int> Stmts;  // PolyModel statement indices (no copy tables)
  std::vector<int> Tables;
  unsigned Dims = 0;       // band members
  /// Band member expressions per statement (affine in its indices).
  std::vector<std::vector<Affine>> Band;
  std::vector<int> Signs;  // sign bands: +1 / -1 per member; empty if user
  std::vector<int64_t> Shifts; // sign bands: member = sign * x + shift
  std::vector<int64_t> Tile; // tile size per member
  bool Tiled = false;      // band permutable and tiled
  /// Untiled groups, per band member: whether its loop carries no
  /// dependence of the group (iterations independent), and why.
  std::vector<bool> Parallel;
  std::vector<std::string> ParallelWhy;
  std::vector<int> IntraOrder; // statement order at one band point
  std::string UserOrderNote;
  /// Alignment-like: two sign members, distances in {0, 1}^2, no
  /// reduction in any cell (lir::Group::ShortUniform).
  bool ShortUniform = false;
  std::string PatternWhy, TileWhy;
  /// Tiled groups: a member along which every non-zero dependence
  /// distance of the group is >= 1 (isl), or -1. Inside a tile, the cells
  /// with the same point coordinate along it are then independent: the
  /// point wavefront steps along that member alone (a tile's rows one after
  /// another, each row's cells in parallel) instead of along the sum of the
  /// point coordinates (its anti-diagonals, twice as many steps).
  int PointCarrier = -1;
  std::string PointWhy;
};

struct SchedulePlan {
  std::vector<int> EffStmts;         // statements that get scheduled
  std::vector<int> StmtGroup;        // per PolyModel statement, or -1
  std::vector<GroupPlan> Groups;
  isl::union_map Deps;               // effective dependences
  const CopyTableInfo *Copies = nullptr;

  /// Statement instance -> [g, w]: its group and tile wavefront step
  /// (w = 0 for untiled groups).
  isl::union_map stepOf(const PolyModel &PM) const;
  /// Statement instance -> tile coordinates [t0, ..., t_{d-1}] (group G).
  isl::union_map tileOf(const PolyModel &PM, int G) const;
  /// isl text of band member p of statement S (untiled).
  std::string memberText(const PolyModel &PM, int S, unsigned P) const;
};

/// Reads of copy tables redirected to their source: the access relation
/// of R as seen by the schedule (context point -> source cell) and the
/// table it reads. With Acc, that relation instead of R.Access (the same
/// read over other points).
std::pair<isl::map, int> effectiveAccess(const PolyModel &PM,
                                         const CopyTableInfo &CI,
                                         const ReadAccess &R);
std::pair<isl::map, int> effectiveAccess(const PolyModel &PM,
                                         const CopyTableInfo &CI,
                                         const ReadAccess &R, isl::map Acc);

/// Groups the tables, orders and tiles each group (Out). Inf says which
/// tables may hold infinities (an alignment-like group's strip rows weigh
/// their cells by it).
bool planSchedule(const PolyModel &PM, const CopyTableInfo &CI,
                  const InfinityInfo &Inf, DiagEngine &Diags,
                  SchedulePlan &Out);

/// isl text of the tile (floor(b / Size)) and in-tile point (b mod Size)
/// coordinates of band member text B.
std::string tileCoord(const std::string &B, int64_t Size);
std::string pointCoord(const std::string &B, int64_t Size);
/// A readable dependence for messages: "C[2, 5] reads C[3, 4]".
std::string sampleDep(const PolyModel &PM, const isl::union_map &D);

/// A tile product to place in the schedule: statement `Name`, domain over
/// tile coordinates of group G, reading cells (dependences Reads: source
/// statement instance -> product instance) and feeding the statement
/// instances Feeds (product instance -> statement instance).
struct ProductPlacement {
  std::string Name;
  lir::StmtKind Kind = lir::StmtKind::TileProduct; // or TileStart
  int Ref = -1; // the split (TileProduct) or group (TileStart)
  int G = -1;
  isl::set Domain;
  isl::union_map Reads, Feeds;
};

/// Builds the tiled schedule tree with the products, verifies it with isl,
/// and fills Prog.Groups[*].Loops and .Reference. False (with a
/// diagnostic) if verification fails, which would be a bug.
bool buildLoopTrees(const PolyModel &PM, const SchedulePlan &Plan,
                    const std::vector<ProductPlacement> &Products,
                    const std::map<std::string, int> &StmtIds,
                    DiagEngine &Diags, lir::Program &Prog);

/// The start of every tile of every tiled group, placed before the tile's
/// products and cells (the GPU loads the tile's cells there).
std::vector<ProductPlacement> placeTileStarts(const PolyModel &PM,
                                              const SchedulePlan &Plan);

} // namespace dpc
