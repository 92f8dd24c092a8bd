//===- Program.h - the whole loop form of one recurrence ------------------===//
//
// What lowerModule (Lower/Lowering.h) gives and every printer takes: the
// declarations (ModuleInfo), storage, statements, split reductions, groups,
// the tiled and reference loop trees, and the GPU and CPU plans
// (LIR/TargetPlan.h). Also the questions printers ask of storage (a cell's
// offset, a buffer's size, how a load moves along a loop), answered from
// the storage maps alone, and the dumps of `dpc emit`.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "LIR/LoopIR.h"
#include "LIR/TargetPlan.h"

#include <set>

namespace llvm {
class raw_ostream;
}

namespace dpc::lir {

/// The problem axis: how many independent problems (inputs) one run of the
/// loop form solves, and how the targets spread them. Every loop of the
/// program runs inside it, per problem. Today one problem per run (the
/// generated binaries loop over a batch on the host); batching fills it.
/// How the problems of a run share the device: the run is cut into
/// batches of consecutive records whose tables fit the memory budget
/// (dpc_rt::batch_ranges); the problem is one more parallel dimension of
/// every launch of a batch.
struct ProblemAxis {
  std::string Why =
      "every problem of a batch in each launch: the problems of a run are "
      "cut into batches of consecutive records whose tables fit the memory "
      "budget (dpc_rt::batch_ranges), each problem's host loops list their "
      "launches and the same launch of every problem of the batch is one "
      "launch, the problem being the first value of each of its items; a "
      "pipelined strip kernel takes every problem's first strips, then "
      "their second ones, and so on, so that no warp waits on the strip "
      "above; on the CPU a problem with at least a thread's share of the "
      "batch's work runs alone over all threads (tile-parallel), the others "
      "one per thread, largest first (dpc_rt::plan_cpu_batch)";
};

struct Program {
  ModuleInfo M;                     // the declarations
  ProblemAxis Problems;
  std::vector<Storage> Storages;    // one per table
  std::vector<Statement> Stmts;
  /// Per table (copy tables too): the whole equation body, with generic
  /// reductions, for the traceback.
  std::vector<VExprPtr> TableBodies;
  std::vector<Group> Groups;        // in execution order
  LNodePtr Loops;                   // the tiled, wavefronted loop tree
  LNodePtr Reference;               // the untiled loop tree (reference path)
  /// Per table: loops over its domain in lexicographic order (Point leaves
  /// carry the cell's indices), for dumps and checks.
  std::vector<LNodePtr> DomainLoops;
  std::vector<SplitInfo> Splits;
  /// Per reduction of every statement: loops over the points where it
  /// takes a term (the statement's cell, then the reduction's own indices,
  /// outermost first), and how deep they are. The generated binaries count
  /// these points to predict the work of a run (Lower/CountWork.cpp).
  struct WorkCount {
    std::string Stmt;  // the statement whose body holds the reduction
    std::string What;  // `max over k`
    LNodePtr Loops;
    unsigned Depth = 0;
  };
  std::vector<WorkCount> WorkCounts;
  /// A line per reduction of a tiled group that is not a tile product: the
  /// reduction, its statement and why (`dpc emit --stage=schedule`).
  std::vector<std::string> NotProducts;
  std::vector<bool> FiniteTable;    // values proven finite (no +-inf)
  /// Per table: the traceback (host and device) finds a cell's winners by
  /// its stored value: the first alternative of a max / min, and the first
  /// point of a reduction, whose value equals the cell's win, the later
  /// ones are not computed (Lower/PlanTraceback.cpp); TraceByValueWhy says
  /// why, or why not.
  std::vector<bool> TraceByValue;
  std::string TraceByValueWhy;
  std::vector<bool> MayNegInf, MayPosInf; // per table: can hold -inf / +inf
  /// Per table: proven bounds on its values (Lower/AnalyzeRanges.cpp).
  std::vector<TableRange> Ranges;
  std::vector<bool> CopyTable;      // stored as a mirror of another table
  std::vector<int> CopySource;      // copy tables: the table they copy
  std::vector<std::vector<int>> CopyPerm; // copy dim d = source dim perm[d]
  std::string ParamContext;         // isl notation
  /// Reads whose subscripts read input values, as error messages name
  /// them (`C[i - 1, c - w[i - 1]] in the equation of C`): VExpr::ReadSite.
  std::vector<std::string> ReadSites;
  Target Machine;                   // what the plans were made for
  GpuPlan Gpu;
  CpuPlan Cpu;

  /// The group that schedules a statement (null if none).
  const Group *groupOf(int Stmt) const;
  /// Whether the GPU plan copies the tiles of the statement's group into
  /// shared memory (GpuPlan::TileCopy).
  bool tileCopied(int Stmt) const;
  /// The split reductions in a statement's body.
  std::vector<int> splitsOf(int Stmt) const;
  /// A load of a statement of group G (whose indices are Indices) that
  /// reads one of G's own tables at a constant band offset in
  /// {0, 1} x {0, 1} (see lir::StripRead); nullopt otherwise, and for
  /// loads of copy tables.
  std::optional<StripRead> stripRead(const Group &G,
                                     const std::vector<std::string> &Indices,
                                     const VExpr &Load) const;
  /// Whether E (a body of a statement of group G) holds such a read.
  bool readsStripNeighbour(const Group &G,
                           const std::vector<std::string> &Indices,
                           const VExpr &E) const;
  /// The statement of arm A of table T's cases (-1: a body without
  /// cases), or -1 if that arm has no cells.
  int stmtOfArm(int T, int A) const;
  /// The statements of table T's arms in case order, up to its else (-1:
  /// an arm without cells); one entry for a body without cases.
  std::vector<int> armsOf(int T) const;
};

/// An operation of an expression (negation, +, -, *, max, min, cases), not a
/// leaf.
bool isOperation(const VExpr &E);

//===-- storage questions -------------------------------------------------===//

/// Offset of a cell (index expressions) in its table's buffer (a mirrored
/// copy table uses its host's layout), and the number of elements a
/// table's own buffer holds (0 for a mirror).
IExprPtr storageOffset(const Program &P, int Table,
                       const std::vector<IExprPtr> &X);
IExprPtr storageSize(const Program &P, int Table);
/// Per storage group of a table stored in its own buffer: the cell's
/// offset within the group and the group's size. storageOffset is their
/// row-major number, ((o0 * s1 + o1) * s2 + o2) ..., and storageSize the
/// sizes' product.
std::vector<std::pair<IExprPtr, IExprPtr>>
groupOffsets(const Program &P, int Table, const std::vector<IExprPtr> &X);
/// A ring table's (Storage::Ring) element of column Col in ring row Slot
/// (0 or 1), in its two-row buffer of a run with rolling rows.
IExprPtr ringOffset(const Program &P, int Table, IExprPtr Slot, IExprPtr Col);
/// Whether the next cell along table dim Dim is the next element of the
/// buffer, so that a loop along Dim reads memory contiguously.
bool unitStrideIn(const Program &P, int Table, int Dim);

/// How a load moves when loop variable Var advances by one: not at all, to
/// the next buffer element, or otherwise.
enum class Access { Fixed, Contiguous, Other };
Access accessAlong(const Program &P, const VExpr &Load, const std::string &Var);

//===-- loop-tree questions -----------------------------------------------===//

/// Whether a loop of role R, or a tile product, lies in N (N included).
bool hasRole(const LNode &N, LoopRole R);
bool hasProduct(const LNode &N);
/// True if a loop lies below N (N itself not counted).
bool hasInnerFor(const LNode &N);
/// Inside a parallel-tiles region: parallel-tile loops and the ifs, blocks
/// and marks leading to them run once per step; any other node is the work
/// of one tile (its products and cells).
bool isTileLevel(const LNode &N);
/// Splits used by the cells (or computed by the products) of a tree.
void collectSplits(const Program &P, const LNode &N, std::set<int> &Out);
/// The tiled (wavefronted) group whose cells a tree computes, or null.
const Group *tiledGroupOf(const Program &P, const LNode &N);
/// The table whose cells a read of Table touches: a copy table's source
/// (a copy table's cell holds its source cell's value), else Table.
int effectiveTable(const Program &P, int Table);
/// The cell of the effective table a read of Table at Idx touches.
std::vector<IExprPtr> effectiveCell(const Program &P, int Table,
                                    const std::vector<IExprPtr> &Idx);
/// Tile products in chunks of k: a contraction loop whose body is the leaf,
/// with the leaf's last index its iterator, can be processed in chunks;
/// allChunkable says every leaf sits in one.
const LNode *leafOf(const LNode &For);
bool isChunkLoop(const LNode &N);
bool allChunkable(const LNode &N);
/// Cells of a split's tile box.
int64_t boxVolume(const SplitInfo &S);
/// SplitInfo::SoftInf: the tile accumulator has one element more, at index
/// boxVolume (softWideIndex): the tile's wide flag, set where a product of
/// the tile read a finite operand outside +-2^28.
int64_t softWideIndex(const SplitInfo &S);
/// Elements of a split's tile accumulator (the box, and the wide flag of
/// a SoftInf split).
int64_t accElements(const SplitInfo &S);
/// True if a reduction body is `X + Y` of two finite table loads (no
/// sentinel can occur, so plain arithmetic is exact).
bool isFastSum(const VExpr &Body);
/// True if an integer value of type int16 or int32 is proven finite (no
/// +-inf sentinel: loads of finite tables, inputs, indices, finite scores
/// and literals, and +, -, *, max, min, cases of such values) and within
/// its type's range (every such result is checked against its type), so
/// that +, - and * of two of them cannot overflow int64 and need no
/// sentinel logic.
bool isSmallFinite(const Program &P, const VExpr &E);
/// For an isSmallFinite expression: a bound on the magnitude of E and of
/// every sub-expression, from the finite range each stored type keeps
/// (+-(2^30 - 1) for int, +-(2^14 - 1) for int16), the literals and the
/// score entries; int inputs and indices used as values count as the kept
/// range (the int32 evaluation checks them against it where they are read).
/// INT64_MAX when unknown. At most INT32_MAX: E evaluates in int32 with no
/// check but the one at the store (no intermediate can wrap).
int64_t finiteMagnitude(const Program &P, const VExpr &E);
/// The finite range the generated code keeps for int: +-(2^30 - 1).
constexpr int64_t IntKept = (int64_t(1) << 30) - 1;
/// isSmallFinite with every intermediate within int32 (finiteMagnitude):
/// E runs in int32 with no check but the one at the store.
bool evaluatesInInt32(const Program &P, const VExpr &E);
/// Which infinities an integer value may be (-inf, +inf), as the infinity
/// analysis (Lower/AnalyzeInfinity.cpp) judges the source, for a lowered
/// expression: table loads by the table's flags, literals, score entries,
/// and +, -, *, max, min, cases of such values.
struct InfSigns {
  bool Neg = false, Pos = false;
};
InfSigns infSigns(const Program &P, const VExpr &E);
/// True if no +, - or * in E can meet inf - inf or inf * 0 (undefined):
/// E's values then need only the sentinels' propagation, never a check, so
/// evaluating E where its case is not chosen has no effect.
bool undefinedFree(const Program &P, const VExpr &E);
/// finiteMagnitude of E's finite values where E may also be infinite: a
/// bound on the magnitude of every finite value E and its sub-expressions
/// can take (an infinity is carried as a sentinel, not a magnitude).
int64_t finiteMagnitudeBesidesInf(const Program &P, const VExpr &E);
/// A bound on the magnitude of the finite values of strip group G's cell
/// expression E (cell indices Ix) as int32 lanes with sentinels compute it:
/// its spine (the part that reads neighbour cells) operation by operation;
/// a leaf (a sub-expression that reads no neighbour) proven small is exact
/// in int32, any other is kept within +-(2^30 - 1) when it enters a lane (a
/// flag beyond); infinities are sentinels, not magnitudes. At most
/// INT32_MAX - 1: no finite intermediate can wrap or meet a sentinel.
int64_t stripLaneMagnitude(const Program &P, const Group &G,
                           const std::vector<std::string> &Ix, const VExpr &E);

//===-- dumps -------------------------------------------------------------===//

/// The storage maps, their sizes and what score-only runs keep (`dpc emit
/// --stage=storage`, and --explain).
void dumpStorage(const Program &P, llvm::raw_ostream &OS);
/// The loop trees (`dpc emit --stage=loops`).
void dumpLoops(const Program &P, llvm::raw_ostream &OS);
/// The GPU and CPU plans in plain words (`dpc emit --stage=plan`).
void dumpPlan(const Program &P, llvm::raw_ostream &OS);
/// The groups, schedules, tile sizes and their reasons (`dpc emit
/// --stage=schedule`).
void dumpSchedule(const Program &P, llvm::raw_ostream &OS);
/// What a generated program prints for --explain before its size-dependent
/// numbers: the schedule, the storage maps, the value types and the plans,
/// as recorded by lowering (no decision is made here).
void explainPlan(const Program &P, llvm::raw_ostream &OS);

} // namespace dpc::lir
