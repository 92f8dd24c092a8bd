//===- LoopIR.h - the backend-neutral loop form ---------------------------===//
//
// What the middle end hands to the printers (with LIR/Program.h, which
// gathers it, and LIR/TargetPlan.h, the mapping decisions). It holds, for
// one recurrence: what the printers need of the source (names, types,
// domains, inputs, scores: the ModuleInfo below, so that no printer reads
// the AST), the storage of every table (buffers and offset functions), the
// statements (one per table case) with their bodies lowered to value
// expressions over storage, the matrix-product reductions split into tile
// products, and the loop trees produced by isl's AST generator from the
// verified, tiled, wavefronted schedule. Loops carry their role (wavefront
// step, parallel tiles, point wavefront, parallel points, parallel or
// sequential members of untiled bands) and statement instances their kind,
// so that the OpenMP and CUDA printers only print: they never re-derive
// the schedule.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Basic/Affine.h"
#include "Basic/Types.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace dpc::lir {

//===-- integer (index) expressions ---------------------------------------===//

struct IExpr;
using IExprPtr = std::shared_ptr<const IExpr>;

/// Integer expressions: loop bounds, guards, indices, offsets. Built from
/// isl AST expressions and from affine forms.
struct IExpr {
  enum Op {
    Int, Var,                 // literal; iterator / param / index name
    Add, Sub, Mul, Neg,
    FloorDiv,                 // floor(a / b), b > 0 constant
    CeilDiv,                  // ceil(a / b), b > 0 constant
    ExactDiv,                 // a / b known to be exact
    Mod,                      // a mod b in [0, b), b > 0 constant
    Min, Max,
    Select,                   // a ? b : c
    Eq, Le, Lt, Ge, Gt, And, Or, Not,
  } K;
  int64_t Val = 0;
  std::string Name;
  std::vector<IExprPtr> Args;

  static IExprPtr num(int64_t V);
  static IExprPtr var(const std::string &N);
  static IExprPtr op(Op K, std::vector<IExprPtr> Args);
  static IExprPtr fromAffine(const Affine &A);
  bool isInt(int64_t V) const { return K == Int && Val == V; }
};

IExprPtr operator+(IExprPtr A, IExprPtr B);
/// Evaluates an integer expression (names looked up in Env).
int64_t evalIExpr(const IExpr &E,
                  const std::function<int64_t(const std::string &)> &Env);
/// Replaces variables by expressions.
IExprPtr substitute(const IExprPtr &E,
                    const std::map<std::string, IExprPtr> &Sub);
IExprPtr operator-(IExprPtr A, IExprPtr B);
IExprPtr operator*(IExprPtr A, IExprPtr B);
/// The coefficient of variable V when E is affine in V (E = c * V + terms
/// without V); nullopt when V occurs otherwise (in a product with another
/// variable, a division, a min, ...).
std::optional<int64_t> coeffOf(const IExpr &E, const std::string &V);
/// E's value when it has no variables (literals only), else nullopt.
std::optional<int64_t> constantOf(const IExpr &E);
/// Whether variable V occurs in E at all.
bool mentions(const IExpr &E, const std::string &V);

//===-- loop trees --------------------------------------------------------===//

enum class LoopRole {
  Plain,          // sequential loop
  TileWavefront,  // sequential: one step of the tile wavefront per iteration
  ParallelTiles,  // iterations independent: tiles of one wavefront step
  PointWavefront, // sequential inside a tile: one anti-diagonal of cells
  ParallelPoints, // iterations independent within a point wavefront step
  Parallel,       // a member of an untiled band that carries no dependence:
                  // its iterations are independent (isl)
  Sequential,     // a member of an untiled band that carries a dependence
};
const char *loopRoleName(LoopRole R);

/// How a loop's iterations map to threads: set by MapToTarget on a target's
/// own copy of a loop tree (LIR/TargetPlan.h), None in the program's trees.
enum class ThreadMap {
  None,       // every thread that reaches it runs it (GPU), or one thread (CPU)
  Block,      // GPU: iterations spread over the block's threads, Lanes each
  Grid,       // GPU: iterations spread over every thread of the grid, Lanes each
  OmpThreads, // CPU: `omp parallel for`, dynamic schedule (tiles: uneven work)
  OmpStatic,  // CPU: `omp parallel for`, static schedule (independent cells)
};

struct LNode;
using LNodePtr = std::shared_ptr<LNode>;

/// What a statement instance (a Stmt node) runs.
enum class StmtKind {
  Cell,        // one cell of a table case: Ref = statement, Args = its indices
  TileStart,   // the start of a tile of group Ref: Args = tile coordinates
  TileProduct, // the tile product of split Ref: Args = tile coordinates
  Point,       // a point of a set being enumerated (loopsOverSet, the
               // remainder and product loops): Args = its coordinates
  Launch,      // (GPU host trees only) the kernel Ref of the target plan
  Sweep,       // (CPU plan only) the strip sweep Ref of the CPU plan
};

struct LNode {
  enum Kind { For, If, Block, Stmt, Mark } K;
  // For: for (Iter = Lo; Iter <= Hi; Iter += Step)
  std::string Iter;
  IExprPtr Lo, Hi;
  int64_t Step = 1;
  LoopRole Role = LoopRole::Plain;
  // If
  IExprPtr Cond;
  LNodePtr Then, Else;
  // Block
  std::vector<LNodePtr> Kids;
  // Stmt: a statement instance (see StmtKind)
  StmtKind SKind = StmtKind::Point;
  int Ref = -1;
  std::vector<IExprPtr> Args;
  bool isCell() const { return K == Stmt && SKind == StmtKind::Cell; }
  bool isProduct() const { return K == Stmt && SKind == StmtKind::TileProduct; }
  bool isTileStart() const { return K == Stmt && SKind == StmtKind::TileStart; }
  // Mark: a named region (its body is Kids[0]): "tiles", "parallel_tiles",
  // "points", "parallel_points"
  std::string MarkName;
  // Target plans only (see ThreadMap):
  ThreadMap Map = ThreadMap::None;
  int Lanes = 1;             // threads sharing one iteration
  bool BarrierAfter = false; // GPU: the block's threads meet after this node
  /// CPU plan: a sequential loop outside every parallel one, after each of
  /// whose iterations the compute reports a step of its progress.
  bool Progress = false;
};

//===-- value expressions (statement bodies) ------------------------------===//

struct VExpr;
using VExprPtr = std::shared_ptr<const VExpr>;

/// The cells of a box of these extents (their product; 1 for none).
inline int64_t boxVolume(const std::vector<int64_t> &Sizes) {
  int64_t V = 1;
  for (int64_t S : Sizes)
    V *= S;
  return V;
}

struct Binding {
  std::string Var;
  IExprPtr Lo, Hi; // inclusive
};

/// A traceback event (`@NAME(args)`) attached to a term.
struct EventInfo {
  std::string Name;
  std::vector<IExprPtr> Args;
};

/// A comparison of a case guard that reads input values (ast::DataCond):
/// L and R are int64 values (InputLoad of an int input, or of a sequence
/// input: its symbol's code), evaluated once the arm's affine guard holds.
struct DataCmp {
  VExprPtr L, R;
  CmpOp Op = CmpOp::Eq;
};

/// A statement body over storage. Index variables are the statement's
/// domain indices (named as the table's indices) and enclosing reduction
/// indices.
struct VExpr {
  enum Kind {
    Const,      // IntVal / FloatVal, or an infinity (Inf = +1 / -1)
    Index,      // an integer index expression used as a value
    Load,       // Table[Idx...]
    InputLoad,  // int input[Idx[0]]
    Score,      // score lookup; Args: (input, position) pairs in SeqArgs
    Neg, Add, Sub, Mul,
    Max, Min,   // n-ary
    Exp, Log,   // exp(x), log(x) of a float or double
    Reduce,     // generic reduction: loops from Bindings over Kids[0]
    SplitReduce,// tile-split reduction: combine the tile product's
                // accumulator with the remainder loops Rest over Kids[0]
    Cases,      // first arm whose guard holds (Guards[i] null = else)
  } K;
  ScalarType Ty = ScalarType::Int32; // evaluation type
  int64_t IntVal = 0;
  double FloatVal = 0;
  int Inf = 0;
  IExprPtr Ix;                       // Index value; InputLoad position
  int Table = -1;                    // Load
  int Input = -1;                    // InputLoad
  int ScoreId = -1;                  // Score
  std::vector<std::pair<int, IExprPtr>> SeqArgs;
  std::vector<IExprPtr> Idx;         // Load
  std::vector<VExprPtr> Kids;
  RedOp Op = RedOp::Max;             // Reduce / SplitReduce
  std::vector<Binding> Bindings;     // Reduce
  int Split = -1;                    // SplitReduce: index into Splits
  LNodePtr Rest;                     // SplitReduce: loops over the
                                     // remainder; leaf Stmt nodes mark
                                     // where the body is accumulated
  std::vector<IExprPtr> Guards;      // Cases
  /// Cases: per arm, its comparisons that read input values (empty for
  /// most): the arm holds when Guards[a] and all of them hold.
  std::vector<std::vector<DataCmp>> DataGuards;
  /// Load: per index, its int64 value expression when the subscript reads
  /// input values (null: Idx[d]; Idx[d] is then the placeholder variable
  /// `dpc_data`, which no printer must print): the cell is checked against
  /// the table's domain when read, failing with error code
  /// lir::ReadSiteErrBase + ReadSite (Program::ReadSites names the read).
  std::vector<VExprPtr> DynIdx;
  int ReadSite = -1;
  std::vector<EventInfo> Events;     // events of this term (traceback)
  /// True if this Load's table is proven to hold only finite values.
  bool FiniteOperands = false;
};

/// Calls Fn on E and on every expression below it, parents first (guards
/// and index expressions are IExprs: not visited).
void forEachVExpr(const VExpr &E, const std::function<void(const VExpr &)> &Fn);
/// Whether E reads table T anywhere (a Load of T).
bool readsTableIn(const VExpr &E, int T);
/// Whether A and B are loads of the same table at the same indices (as
/// printed; none with subscripts computed from input values).
bool sameLoad(const VExpr &A, const VExpr &B);

/// Error codes of generated code for a read whose subscripts read input
/// values and leave the table's domain: this plus the read's site.
constexpr int ReadSiteErrBase = 16;
/// Whether E reads a table at a subscript computed from input values, or
/// chooses a case by input values, anywhere inside it.
bool readsData(const VExpr &E);

//===-- storage -----------------------------------------------------------===//

/// How the cells of a table map to a buffer. The dims are split into
/// groups of one or two consecutive dims; groups are laid out row-major.
/// A one-dim group spans [Lo, Hi]; a two-dim (triangle) group stores, for
/// each row r in [Lo, Hi], the columns [ColLo(r), ColHi(r)] contiguously.
/// A two-dim band group stores each row r in [Lo, Hi] as BandWidth cells,
/// column c at c - (r + BandShift): the cells whose diagonal c - r lies in
/// [BandShift, BandShift + BandWidth - 1], which isl proved holds every
/// cell for every size (BandShift and BandWidth are affine in the `let` /
/// `const` constants only).
struct StorageGroup {
  std::vector<int> Dims;            // one or two table dims
  IExprPtr Lo, Hi;                  // of the first dim (params only)
  IExprPtr ColLo, ColHi;            // two-dim groups: bounds of the second
                                    // dim, in the first dim's name and params
  bool Triangle = false;            // two-dim with varying column bounds
  // Row length ColHi - ColLo + 1 = RowA * r + RowB (affine in r, with
  // params), used for the closed-form row start.
  Affine RowLen;
  Affine ColLoA;                    // ColLo as an affine form (band: r + s)
  bool Band = false;                // two-dim band (skewed box)
  Affine BandShift, BandWidth;      // s and the row length (constants only)
};

struct Storage {
  int Table = -1;
  std::string Buffer;               // buffer name (shared buffers repeat it)
  std::string Kind;                 // "box", "triangle", "band", "mirror"
  std::vector<StorageGroup> Groups; // primary layout
  /// For a table stored inside another's buffer (mirror of a copy table):
  /// the cell map into the host table's cells (CT[j, i] -> C[i, j] means
  /// CT lives at C's layout position of (j, i)).
  int HostTable = -1;
  std::vector<int> HostPerm;        // host dim d takes this table's dim
  std::string Description;          // one line for comments
  std::string SizeFormula;          // bytes, as a function of the params
  /// Why two-dim groups are stored as they are (bands: the diagonal range
  /// isl found and the comparison with the box), a line each; printed by
  /// `dpc emit --stage=storage`.
  std::vector<std::string> LayoutWhy;
  /// Strip tables (Lower/ChooseRingStorage.cpp): in a run that reads no
  /// cell of the table after its sweep (no traceback, --verify or
  /// --dump-table: Params::dpc_ring), only two rows of it are stored, the
  /// bottom rows of the last two strips (strip k's in ring row k % 2, as
  /// wide as the table's box), and the output cell if it holds it: the
  /// sweep reads no other cell of it, and no other group reads it.
  /// RingRowLen: the elements of a row; RingWhy: why it is, or is not.
  bool Ring = false;
  IExprPtr RingRowLen;
  /// The first column of a ring row (lir::ringOffset): ring element
  /// slot * RingRowLen + (c - RingColLo) holds column c.
  IExprPtr RingColLo;
  std::string RingWhy;
  /// A ring table holding the output cell keeps it too, after its two
  /// rows (element 2 * RingRowLen).
  bool RingOutput = false;
  /// A ring table whose run asks for a traceback may still be kept as rows
  /// (Lower/ChooseRingStorage.cpp): the traceback then rebuilds the rows it
  /// reads from checkpointed rows, segment by segment, with the reference
  /// statements of its group (Group::RowsReference; Params::dpc_ring in a
  /// traced run). Checkpoint: whether it can; CheckpointWhy: why (or not).
  bool Checkpoint = false;
  std::string CheckpointWhy;
  /// The reference path stores every table in a plain box: per dim, the
  /// lowest and highest index (functions of the params).
  std::vector<IExprPtr> BoxLo, BoxHi;
  /// Whether the element offset is built of operations the host's interval
  /// test (<table>_at_fits32: sums, products, divisions by constants,
  /// min/max) bounds, so that an int32 kernel instance may compute it in
  /// int32 where that test passes (Lower/ChooseIndexWidth.cpp).
  bool Offset32 = false;
};

//===-- tile-split reductions ---------------------------------------------===//

/// A reduction `op_k X[f(x,k)] + Y[g(x,k)]` split, per tile T, into a tile
/// product over the contraction set U(T) (reads only cells of earlier
/// wavefront steps) and a per-cell remainder K(x) \ U(tile(x)).
struct SplitInfo {
  int Stmt = -1;                 // the statement whose body holds it
  std::string RedText;           // the reduction, as written (comments)
  std::string BodyText;          // its product `X[..] + Y[..]` (comments)
  /// Terms of the body outside the product (` - MULTI`), added to the
  /// reduction's result: `op_k (X + Y) - MULTI`; empty when none.
  std::string FactoredText;
  /// int32 operands that may hold the reduction's absorbing infinity (-inf
  /// for max, +inf for min; never the other): the products read them
  /// clamped to -2^30 (2^30 - 1 for min), so no sum wraps and a term with
  /// an infinite operand is below 0 (at least 0 for min), since finite
  /// values lie within +-(2^30 - 1). A tile product result >= 0 (< 0 for
  /// min) is then exact;
  /// any other result makes the cell recompute its whole reduction with
  /// the sentinel arithmetic.
  bool SoftInf = false;
  RedOp Op = RedOp::Max;
  ScalarType Ty = ScalarType::Int32;
  std::vector<std::string> KVars;   // contraction indices, outermost first
  VExprPtr X, Y;                    // the two loads (over cell and K vars)
  /// Terms of the product's body after `X + Y` that depend on k and read
  /// only inputs, indices, params and scores (`+ p[i] * p[k+1] * p[j+1]`):
  /// every update computes `(X + Y) (+|- t)*` in the order written (Sub:
  /// the term is subtracted). Never infinite; int terms checked as the
  /// cell's statement checks them.
  std::vector<std::pair<bool, VExprPtr>> KTerms;
  int RowDim = -1, ColDim = -1;     // table dims of the matrix rows / cols
  /// Loops over U(T) for one tile: tile coordinates are the variables
  /// TileVars; the leaf Stmt (StmtId = -2) has Args = KVars values.
  LNodePtr ProductLoops;
  std::vector<std::string> TileVars;
  /// The tile's cell box: per table dim, lowest cell and size.
  std::vector<IExprPtr> BoxLo;
  std::vector<int64_t> BoxSize;
  /// Loops over U(T) x (the tile's cells in the statement's domain), for
  /// the CPU: (x..., k..., x_last), a row of accumulators kept hot over k
  /// with the last index innermost, and (x..., k...), each cell's reduction
  /// innermost (the CPU plan picks one). Leaf Args follow the loop order.
  LNodePtr CpuLoops;
  LNodePtr CpuLoopsKInner;
  std::string USet;                 // U(T) in isl notation, for comments
  /// Rows read only by X, columns only by Y, the last contraction index by
  /// both (RowDim, ColDim set): the shape register-blocked forms need.
  bool Rectangular = false;
  /// True for the cells x where the reduction is evaluated (x named by the
  /// table's indices): the generic GPU product skips the others.
  IExprPtr CellGuard;
  /// True for the tiles T whose whole box, for every k in U(T), reads
  /// cells inside both operand tables (isl); null when no tile does.
  IExprPtr BoxGuard;
  /// A masked product: U(T) holds every k at which some cell of T has a
  /// term (not only the k of every cell), and the cell x has a term at k
  /// exactly where RowMask (over x's row index, the other cell indices
  /// fixed by the tile, and k) and ColMask (over its column index and k)
  /// both hold. A product form that computes whole boxes reads an operand
  /// whose mask fails as the absorbing value (maskedOperand: -2^30 for an
  /// int32 max, with SoftInf's combine; int32 only for now); a form that
  /// visits cells skips their terms. Null when the product is not masked.
  IExprPtr RowMask, ColMask;
  /// The register-blocked form's staged loads of X (over the cell indices
  /// but the column, and k) and of Y (but the row): the condition under
  /// which the element is loaded -- its read inside the table and, for a
  /// masked product, its mask -- simplified (isl gist) where the loads are
  /// evaluated (k in U(T), any cell of the tile's box); else the masked
  /// value (masked products) or the padding. Null: the table's whole
  /// domain (and the mask) are tested.
  IExprPtr XLoadGuard, YLoadGuard;
  /// What the remainder loops of one tile read of an operand, outside the
  /// tile's own cells where the operand is a table of the tile's group
  /// (those the GPU reads from the tile's shared-memory copy): cells of
  /// the operand's effective table (a copy table's read as its source)
  /// inside the box Lo + [0, Size) per dim, Lo over TileVars. isl proves
  /// it: the per-dim minimum of the read cells is one affine function of
  /// the tile, the extent a constant. Table -1: no such box (or no read).
  struct RestBox {
    int Table = -1;
    std::vector<IExprPtr> Lo;
    std::vector<int64_t> Size;
    int64_t volume() const { return boxVolume(Size); }
  };
  RestBox XRest, YRest; // X's reads, Y's reads
  /// Operand O's box: X's (O = 0) or Y's (O = 1).
  const RestBox &rest(int O) const { return O ? YRest : XRest; }
  RestBox &rest(int O) { return O ? YRest : XRest; }
  /// The remainder loops (the statement's SplitReduce Rest) cut by where
  /// each operand's read lies, for the GPU's in-tile phase: a Block of
  /// Marks "rest_sources", each over its piece of (cell, k), whose Ref is
  /// 3 * X's RestSource + Y's, so that each read comes from one place
  /// without a test.
  LNodePtr RestBySource;
  /// The k of U(T) whose X and Y reads lie in tiles at least two wavefront
  /// steps before T's (isl, with the group's step map): the interval
  /// [OldLo, OldHi] (over TileVars) for the tiles where OldGuard holds, no
  /// k elsewhere; null when they are not one interval (or the product has
  /// several contraction indices, or reads another group's table). A GPU
  /// plan may compute them beside the previous step's tile kernel.
  IExprPtr OldLo, OldHi, OldGuard;
  std::string OldSet; // isl notation, for the dumps
};

/// Where a read of a split's remainder lies (SplitInfo::RestBySource).
enum class RestSource {
  Global = 0, // elsewhere: the table's buffer
  Tile = 1,   // the tile's own cells (the GPU's copy of the tile)
  Box = 2,    // SplitInfo::XRest / YRest, outside the tile
};

//===-- the program -------------------------------------------------------===//

struct Statement {
  std::string Name;      // `C_case2`
  int Table = -1;
  int Arm = -1;
  std::vector<std::string> Indices; // domain indices = table indices
  VExprPtr Body;
  /// Copy tables stored with this statement's table (mirror writes).
  std::vector<int> MirrorTables;
  std::string DomainText;           // isl notation, for comments
  std::string EquationText;         // source text of the case, for comments
};

/// Calls Fn on N and on every node below it (kids, then an If's branches),
/// parents first; where Fn returns false, the node's subtree is skipped.
template <class F> void walkNodes(const LNode &N, F &&Fn) {
  if (!Fn(N))
    return;
  for (auto &K : N.Kids)
    walkNodes(*K, Fn);
  if (N.Then)
    walkNodes(*N.Then, Fn);
  if (N.Else)
    walkNodes(*N.Else, Fn);
}
/// The coordinates of the first start of a tile of group G in a loop tree
/// (TileStart's Args), or none.
std::vector<IExprPtr> tileStartArgs(const LNode &N, int G);
/// A deep copy of a loop tree (target plans annotate their own copies).
LNodePtr cloneTree(const LNode &N);

/// An input element that the cells of a strip group read (a symbol of a
/// score lookup, or an int input's value), at a position affine in the band
/// members `dpc_m0` (the strip's rows) and `dpc_m1` (its columns): the strip
/// printers read it once for all cells where it is the same (Lower/
/// PlanStripCells.cpp).
struct StripLeaf {
  enum Level {
    Fixed, // no band member: once per strip
    Row,   // member 0 only: once per row of a strip
    Col,   // member 1 only: once per column (a step of the sweep)
    Cell,  // both: per cell
  };
  Level Lev = Cell;
  int Input = -1;
  IExprPtr Pos;    // in dpc_m0, dpc_m1 and the params
  IExprPtr Guard;  // 0 <= Pos < the input's length
  std::string Key; // lir::stripLeafKey of the read
};
const char *stripLeafLevelName(StripLeaf::Level L);

/// A score lookup of a strip group whose one symbol is an element of the
/// cell's row (a Row or Fixed leaf) and whose other is an element of its
/// column (a Col leaf), where the column symbol's alphabet has at most 8
/// symbols and every entry of the score is a finite int in [-128, 127]
/// (Lower/PlanStripCells.cpp): the entries of a row's symbol for every
/// column symbol fit 8 bytes, two 32-bit registers, so that a lane can keep
/// them for each of its rows and take a cell's score by one byte permute
/// instead of a read of the table.
struct StripScoreRow {
  int Score = -1;
  int RowArg = 0;   // the position of the row's symbol in the lookup
  int RowLeaf = -1; // the row's element (Group::StripLeaves)
};

/// A reduction over the rows of a strip table that a sweep can compute as
/// it goes (Lower/FindRowReductions.cpp): statement Stmt, the whole body of
/// 1-D table Table, is `Op j : Source[i, j]` over exactly the cells of row
/// i of strip table Source (isl), every row i of Table's domain holding at
/// least one; it is the only statement of group Group. A lane keeps its
/// row's running Op and stores Table[i] when the strip is done, instead of
/// a second pass over Source.
struct RowReduction {
  int Stmt = -1, Table = -1, Source = -1, Group = -1;
  RedOp Op = RedOp::Max;
};

struct Group {
  std::vector<int> Stmts;           // statements scheduled together
  std::vector<int> Tables;
  std::vector<int64_t> TileSizes;   // per band member (1 = untiled)
  std::vector<int> Signs;           // per band member: +1 / -1 (x or -x)
  std::vector<int64_t> Shifts;      // member = sign * x + shift
  bool Tiled = false;
  /// Untiled groups, per band member: iterations independent (isl), and
  /// why (the witness dependence when not).
  std::vector<bool> Parallel;
  std::vector<std::string> ParallelWhy;
  std::string ScheduleText;         // the band, in isl notation
  /// The dependence pattern of alignment-like recurrences: a two-member
  /// sign band whose dependence distances all lie in {0, 1} x {0, 1}
  /// (isl) and cells without reductions (O(1) work each). PlanSchedule
  /// gives such groups tall, wide tiles (TileWhy).
  bool ShortUniform = false;
  std::string PatternWhy;           // why it is, or is not, that pattern
  std::string TileWhy;              // why these tile sizes
  std::string PointWhy;             // the point wavefront inside a tile
  /// Lane strips (set by Lower/FindLaneStrips.cpp): the pattern above, and
  /// every read of a table of the group is at a constant band offset in
  /// {0, 1} x {0, 1}, so that a lane owning a run of rows keeps its cells
  /// in registers and takes the row above from its neighbour. StripTables:
  /// the group's tables in the order one cell computes them (a read at
  /// offset (0, 0) reads a table computed before in the same cell).
  bool Strip = false;
  std::string StripWhy;             // why it is, or is not, a strip group
  /// Groups whose statements all have two indices (Lower/BuildLoopTrees.cpp):
  /// the reference loops of the group's statements alone, restricted to the
  /// rows dpc_rlo <= i <= dpc_rhi of their first index (two more params);
  /// a checkpointed traceback recomputes a segment of rows with them.
  LNodePtr RowsReference;
  std::vector<int> StripTables;
  /// Strip groups (Lower/FindInteriorTiles.cpp): the tiles whose whole box
  /// lies in one case of every strip table, as a condition on the tile
  /// coordinates dpc_t0, dpc_t1 and the params (isl; null: no such tile),
  /// and that case's statement per StripTables entry. There a strip kernel
  /// runs the cells with no domain guard and no case dispatch.
  IExprPtr InteriorGuard;
  std::vector<int> InteriorStmts;
  std::string InteriorWhy;
  /// The same condition over blocks of InteriorCols columns of a tile (the
  /// tile's columns a multiple of it): dpc_t1 is then the block's index,
  /// block b holding members [InteriorCols * b, InteriorCols * b +
  /// InteriorCols). A sweep finds its interior steps block by block, so
  /// that a tile with a boundary column (j = 0, j = M) has only that
  /// block's steps guarded, not the whole tile's.
  IExprPtr InteriorBlockGuard;
  int64_t InteriorCols = 0;
  /// Blocks of InteriorCols columns where each cell's case (and whether it
  /// lies in the domain) depends on its row alone, for every statement of
  /// every strip table (isl: no row of the block has cells both inside and
  /// outside a statement's domain): RowBlockGuard, over dpc_t0 and the
  /// block dpc_t1. RowBlockSameGuard: the same, and every row in the same
  /// statements as in block dpc_t1 - 1. Over a run of such blocks a lane
  /// chooses its rows' cases once, at the run's first column, instead of
  /// testing every cell (the strips with a boundary row: row 0, or rows
  /// past the last). Null where no block is such.
  IExprPtr RowBlockGuard, RowBlockSameGuard;
  std::string RowBlockWhy;
  /// Strip groups (Lower/PlanStripCells.cpp): the input elements the
  /// cells read, by how often they change along the sweep, and whether a
  /// cell can be computed without a branch: every arm of its table's cases
  /// evaluated from registers, hoisted leaves and guarded reads (no read
  /// outside its array, no error but in a flag), the arm chosen by its
  /// guard (if-conversion), so that boundary strips and tiles run the same
  /// straight-line code as interior ones.
  std::vector<StripLeaf> StripLeaves;
  bool BranchFree = false;
  std::string BranchFreeWhy;
  /// Not BranchFree only because int values may be infinite, no +, - or *
  /// of any arm can meet inf - inf or inf * 0 (lir::undefinedFree), the
  /// tables whose values may be infinite store int32 and their finite
  /// values stay within int32 as lanes compute them
  /// (lir::stripLaneMagnitude): int32 values that carry the infinities as
  /// the stored sentinels without checks (the CPU strips' lane vectors, the
  /// GPU strip kernels' cells) may still evaluate every arm.
  bool BranchFreeWithSentinels = false;
  /// Strip groups (Lower/PlanStripCells.cpp): the score lookups whose
  /// entries for a row's symbol fit two registers (lir::StripScoreRow),
  /// each (score, row element) once; ScoreRowWhy: per other score lookup of
  /// the group, why it is not such (lines of plain words).
  std::vector<StripScoreRow> StripScoreRows;
  std::vector<std::string> ScoreRowWhy;
  /// Strip groups (Lower/FindRowReductions.cpp): the row reductions of
  /// their tables that a sweep can compute, and, per reduction of one of
  /// their tables that it cannot, why (lines of plain words).
  std::vector<RowReduction> RowReductions;
  std::vector<std::string> RowReductionWhy;
};

/// A read of a table of strip group G at a constant band offset (d0, d1),
/// each 0 or 1: which table (effective) and the offset; nullopt for any
/// other read (another group's table, or not at a constant offset).
struct StripRead {
  int Table = -1;
  int D0 = 0, D1 = 0;
};

/// E (an index expression in a statement's indices Indices) with the
/// indices written as band members dpc_m0, dpc_m1 of 2-D strip group G
/// (index d = sign_d * (dpc_m<d> - shift_d)).
IExprPtr toBandMembers(const Group &G, const std::vector<std::string> &Indices,
                       const IExprPtr &E);
/// The key of a read of input In at position Pos (in band members): the
/// same element read by any table of the group has the same key.
std::string stripLeafKey(const std::string &InputName, const IExprPtr &Pos);
/// How often value E (a part of a body of a statement of strip group G
/// whose indices are Indices, reading no neighbour cell) changes along the
/// sweep: from the band members its index expressions use (positions,
/// indices used as values, other tables' cells, case guards).
StripLeaf::Level stripLevel(const Group &G,
                            const std::vector<std::string> &Indices,
                            const struct VExpr &E);

//===-- what the printers need of the source -------------------------------===//

struct TableInfo {
  std::string Name;
  ScalarType Type = ScalarType::Int32;
  std::vector<std::string> Indices;
  /// The domain: constraints over the indices and params.
  std::vector<Constraint> Domain;
  std::string BodyText; // the equation's right-hand side, as written
  /// Tracing a cell can record an event (ast::tablesRecordingEvents); the
  /// traceback follows reads of the other tables no further.
  bool RecordsEvents = true;
};

/// The position of element Idx of an input of sizes Sizes (one index per
/// size; a matrix row after row): i, or i * columns + j.
IExprPtr rowMajor(const std::vector<Affine> &Sizes,
                  const std::vector<IExprPtr> &Idx);

struct InputInfo {
  std::string Name;
  Alphabet Alpha = Alphabet::RNA;
  /// In the params: the length, or (an int matrix) the rows and columns.
  std::vector<Affine> Sizes;
  /// `N`, or `N, N`: as the declaration's brackets hold them.
  std::string sizeText() const;
  /// The number of its elements (the product of the sizes).
  IExprPtr length() const;
};

struct ParamInfo {
  std::string Name;
  int BoundBy = -1; // the input whose length binds it
  int BoundDim = 0; // ... along this dimension (a matrix's rows 0, columns 1)
};

/// `param N >= 1`: checked by the generated bind_params.
struct ParamConstraintInfo {
  Constraint C;     // C.E >= 0 (or == 0)
  std::string Text; // `N >= 1`, as written
};

struct LetInfo {
  std::string Name;
  int64_t Value = 0;
  bool IsConst = false; // `const`: fixed, --set refuses it
};

struct ScoreInfo {
  std::string Name;
  ScalarType Type = ScalarType::Int32;
  std::vector<std::pair<std::string, Alphabet>> Params;
  /// Values by symbol codes, the first parameter most significant.
  std::vector<ScoreValue> Lookup;
  std::string EntriesText; // `AU = 1, UA = 1, default = 0`
};

/// An output: a cell, named as results print it (`C[0, N - 1]`, `best`
/// of `output best = ...`, or the expression as written, whose table of
/// its own then holds it in its one cell).
struct OutputInfo {
  std::string Name;
  int Table = -1;
  std::vector<Affine> Index;
};

/// The declarations of the recurrence, as the printers need them.
struct ModuleInfo {
  std::string Name;     // `recurrence NAME`
  std::string FileName; // the .dp file it came from
  std::vector<ParamInfo> Params;
  std::vector<ParamConstraintInfo> ParamConstraints;
  std::vector<InputInfo> Inputs;
  std::vector<LetInfo> Lets;
  std::vector<ScoreInfo> Scores;
  std::vector<TableInfo> Tables;
  /// Every output, in declaration order. The first is the one traced back
  /// (events, structure) and the one a table stored as two rolling rows
  /// keeps beside them (Storage::RingOutput).
  std::vector<OutputInfo> Outputs;
  /// The types of the outputs' tables, each once, in order of appearance.
  std::vector<ScalarType> outputTypes() const;
  /// The rna input a dot-bracket structure is drawn over (one sequence
  /// input, of type rna, and `pair` events), or -1.
  int StructureInput = -1;
};

/// `C[i, j]`: a table's cell with its index names.
std::string cellText(const TableInfo &T);

std::string iexprToString(const IExpr &E);

} // namespace dpc::lir
