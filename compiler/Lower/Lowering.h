//===- Lowering.h - from the checked module to the loop form --------------===//
//
// SplitReductions.cpp: finds the reductions that are semiring matrix
// products (max/min over k of a table read plus a table read, both tables
// proven finite) in tiled groups and splits each, with isl, into the tile
// product over U(T) (the contraction indices whose reads, for every cell of
// tile T, come from earlier wavefront steps) and the per-cell remainder.
//
// LowerBodies.cpp: turns each statement's equation into a value expression
// over the loop form (reads, guards, generic reductions, split reductions).
//
// ChooseStorage.cpp: picks each table's storage (packed triangle, box, or a
// mirror inside another table's buffer), checks it with isl, and states its
// size in bytes as a function of the params.
//
// DescribeModule.cpp: copies what the printers need of the declarations
// (names, types, domains, inputs, scores, the output) into the loop form.
//
// FindLaneStrips.cpp: which alignment-like groups can keep their cells in
// registers of lanes that own runs of rows (lir::Group::Strip).
//
// MapToTarget.cpp: the GPU and CPU plans (LIR/TargetPlan.h).
//
// CountWork.cpp: loops over the points where each reduction takes a term,
// for the generated binaries' work estimate.
//
// Lower.cpp: runs the whole middle end and gives the lir::Program.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Basic/Diagnostics.h"
#include "Lower/Analyses.h"
#include "LIR/Program.h"
#include "Lower/Schedule.h"
#include "Poly/PolyModel.h"

#include <map>

namespace dpc {

/// What SplitReductions decides for one reduction, before lowering.
/// A term `+ c` or `- c` of a reduction's body that does not depend on the
/// reduction's indices: added to the reduction's result instead.
struct FactoredTerm {
  bool Subtract = false;
  const ast::Expr *E = nullptr;
};

struct SplitPlan {
  int Stmt = -1;                        // PolyModel statement index
  const ast::Expr *Red = nullptr;
  /// What the product reduces: `X + Y`, or `X + Y (+|- t)*` with terms t
  /// that depend on the reduction's indices (KTerms, in order); Pair is its
  /// `X + Y`. Terms are the terms factored out of the body (empty when the
  /// body is Core).
  const ast::Expr *Core = nullptr;
  const ast::Expr *Pair = nullptr;
  std::vector<FactoredTerm> KTerms;
  std::vector<FactoredTerm> Terms;
  /// The operands may hold the reduction's absorbing infinity (-inf for
  /// max, +inf for min; never the other one): see lir::SplitInfo::SoftInf.
  bool SoftInf = false;
  /// The body is cases on the indices and Core is the arm the product
  /// takes (where that arm is chosen, with isl); the remainder evaluates
  /// the whole body.
  bool CaseArm = false;
  ProductPlacement Place;
  lir::LNodePtr ProductLoops, CpuLoops, CpuLoopsKInner, RestLoops;
  std::vector<std::string> TileVars;
  std::vector<lir::IExprPtr> BoxLo;
  std::vector<int64_t> BoxSize;
  int RowDim = -1, ColDim = -1;
  bool Rectangular = false;
  /// U(T): the contraction indices of the tile product of tile T, over
  /// [tile coordinates..., k...] (isl), and its text for the comments.
  isl::set U;
  std::string USet;
  lir::IExprPtr CellGuard;
  lir::IExprPtr BoxGuard;
  /// A masked product (see lir::SplitInfo::RowMask); null otherwise.
  lir::IExprPtr RowMask, ColMask;
  /// See lir::SplitInfo::XLoadGuard.
  lir::IExprPtr XLoadGuard, YLoadGuard;
  /// See lir::SplitInfo::RestBox.
  lir::SplitInfo::RestBox XRest, YRest;
  /// See lir::SplitInfo::RestBySource.
  lir::LNodePtr RestBySource;
  /// See lir::SplitInfo::OldLo.
  lir::IExprPtr OldLo, OldHi, OldGuard;
  std::string OldSet;
};

/// What the user may choose of lowering (dpc compile / emit / run).
struct LowerOptions {
  /// Sums of doubles proven >= 0 may become tile products, which add their
  /// terms in another order than the interpreter (--exact-sums: never).
  bool ReassociateSums = true;
  /// The CPU target's lir::CpuTarget::ChunkBytes (--cpu-chunk-bytes; 0:
  /// the target's default).
  int64_t CpuChunkBytes = 0;
};

/// The reductions of tiled groups that are tile products; NotSplit gets a
/// line for each reduction of a tiled group that is not one, and why.
std::vector<SplitPlan> planSplits(const PolyModel &PM, const SchedulePlan &Plan,
                                  const CopyTableInfo &CI,
                                  const InfinityInfo &Inf, const SignInfo &Sg,
                                  const LowerOptions &Opts,
                                  std::vector<std::string> &NotSplit);

/// Loops over the points of S (all its set dims, in order), for a set whose
/// enclosing variables are params. Leaf Stmt nodes have StmtId -2 and the
/// point's coordinates as Args; loop iterators are named Prefix0, ...
lir::LNodePtr loopsOverSet(const isl::set &S, const isl::set &Context,
                           const std::string &Prefix);

/// Lowers statement bodies (and the split reductions' operands) into P.
void lowerBodies(const PolyModel &PM, const SchedulePlan &Plan,
                 const CopyTableInfo &CI, const InfinityInfo &Inf,
                 const std::vector<SplitPlan> &Splits, lir::Program &P);

/// Chooses and checks storage; false (with diagnostics) on a bad layout
/// request.
bool chooseStorage(const PolyModel &PM, const CopyTableInfo &CI,
                   DiagEngine &Diags, lir::Program &P);

/// The declarations of the module as the printers need them.
lir::ModuleInfo describeModule(const ast::Module &M);

/// Maps the finished loop form to the target: fills P.Gpu and P.Cpu.
void mapToTarget(lir::Program &P, const lir::Target &T);

/// A tile kernel's shared-memory array: the tile's copy of table Table of
/// the kernel's group (Split = -1), or split Split's staged remainder box
/// of operand Operand (0: X, 1: Y) of Table's cells. Size: its logical box.
struct SharedArray {
  int Table = -1;
  int Split = -1, Operand = 0;
  std::vector<int64_t> Size;
};

/// The layout of array A of the tile kernel whose annotated body is Body
/// (group G's cells, lanes mapped): the box row-major, its rows padded by
/// the amount that spreads the warps' reads and writes of A over the most
/// banks, as sampled (Lower/ChooseSharedPitch.cpp).
lir::SharedLayout chooseSharedLayout(const lir::Program &P,
                                     const lir::LNode &Body,
                                     const lir::Group &G, const SharedArray &A,
                                     int WarpSize);

/// Picks the tiled groups whose CPU in-tile phase runs row by row with the
/// split reductions' remainders pushed along the rows (lir::CpuRowPush),
/// and says for each tiled group with split reductions why (GroupWhy).
void planCpuRowPush(const PolyModel &PM,
                    const std::vector<SplitPlan> &Splits, lir::Program &P);

/// Decides where a traced GPU run follows its winners (P.Gpu.Traceback):
/// on the device where every traced table's equation is exact integer
/// arithmetic (the device's walk then picks the host's winners), else on
/// the host from the tables.
void planTraceback(lir::Program &P);

/// Loops over the points (cell, then the reduction's own indices) where
/// each reduction takes a term (P.WorkCounts): the generated binaries count
/// them to predict a run's work (--explain, the notice before a long run).
void countWork(const PolyModel &PM, lir::Program &P);

/// Marks the alignment-like groups (Group::ShortUniform) whose reads of
/// their own tables are all at constant band offsets in {0, 1} x {0, 1},
/// with a cell order of their tables: Group::Strip, StripWhy, StripTables.
void findLaneStrips(lir::Program &P);

/// For each lane strip group, the tiles whose whole box lies in one case of
/// every strip table (isl) and those cases: Group::InteriorGuard,
/// InteriorStmts, InteriorWhy.
void findInteriorTiles(const PolyModel &PM, lir::Program &P);

/// For each lane strip group, the input elements its cells read with how
/// often each changes along the sweep, and whether a cell can be computed
/// branch-free (every arm evaluated, the arm chosen by its guard):
/// Group::StripLeaves, BranchFree, BranchFreeWhy.
void planStripCells(lir::Program &P);

/// For each lane strip group, the reductions over the rows of its tables
/// (`R[i] = max j : H[i, j]` over exactly row i's cells, isl) that its
/// sweep can compute as it goes: Group::RowReductions, RowReductionWhy.
void findRowReductions(const PolyModel &PM, lir::Program &P);

/// After the target plans: the strip tables that a run needing none of
/// their cells afterwards stores as two rolling rows (Storage::Ring,
/// RingRowLen, RingWhy).
void chooseRingStorage(lir::Program &P);

/// For each GPU strip kernel, whether it gets an instance with int32 index
/// arithmetic and the bound a run's sizes must meet for it
/// (GpuKernel::Narrow, NarrowS, NarrowC, NarrowBoxS, NarrowBoxC).
void chooseIndexWidth(lir::Program &P);

/// After the GPU plan: for each register-blocked int32 max-plus (min-plus)
/// tile product, whether it has an int16x2 instance and the condition on a
/// run's params under which the operands' proven ranges make it exact
/// (GpuProduct::S16, S16Cond, S16Why).
void chooseProductWidth(lir::Program &P);

/// The whole middle end. Null (after diagnostics) on failure.
std::unique_ptr<lir::Program> lowerModule(const PolyModel &PM,
                                          DiagEngine &Diags,
                                          const LowerOptions &Opts = {});

} // namespace dpc
