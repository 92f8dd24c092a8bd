//===- EmitUtil.h - what every printer of generated code shares -----------===//
//
// Names and types of generated code, and the ValueEmitter, which prints a
// statement body (lir::VExpr) as C++ statements with the language's exact
// value semantics (runtime/dpc_values.h). The OpenMP, CUDA, reference and
// traceback printers all print bodies through it; none of them looks at the
// schedule beyond the loop form they are given.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "CodeGen/CodeWriter.h"
#include "LIR/Program.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <array>
#include <map>
#include <tuple>
#include <set>
#include <string>
#include <vector>

namespace dpc {

/// C type a table stores.
std::string storeType(ScalarType T);
/// C type equations of a table are evaluated in (int64 for integers).
std::string evalType(ScalarType T);
/// Largest finite magnitude generated code keeps for an integer type.
std::string limitOf(ScalarType T);
/// Identity of a reduction in the evaluation type.
std::string identityOf(RedOp Op, ScalarType T);
/// Identity in the stored type (tile-product accumulators).
std::string storedIdentityOf(RedOp Op, ScalarType T);
/// What a masked product (lir::SplitInfo::RowMask, int32 and SoftInf) reads
/// for an operand whose mask fails: the clamped infinity (-2^30 for max,
/// 2^30 - 1 for min).
std::string maskedOperand(const lir::SplitInfo &Sp);
/// A tile product's operand value V as the product reads it: clamped for
/// SplitInfo::SoftInf (dpc::soft_neg / soft_pos), else V; with Wide (an
/// int local), clamped by dpc::soft_neg_w / soft_pos_w, which set it where
/// a finite operand lies outside +-dpc::SoftNarrow.
std::string productOperand(const lir::SplitInfo &Sp, const std::string &V,
                           const std::string &Wide = "");

/// The function that combines a product's candidate into its accumulator:
/// dpc::vmax, dpc::vmin or (a sum) dpc::vadd.
const char *productCombine(RedOp Op);
/// The fused update of a register-blocked product (acc, x, y): max(x + y,
/// acc), min(x + y, acc) or acc + x * y, by device and CPU vector helpers
/// of these names prefixed dpc_ (CUDA) or in dpc::cpu: addmax, addmin,
/// mulsum.
const char *productStep(RedOp Op);

/// The candidate a tile product's update combines into its accumulator,
/// as an expression in the stored type, for operand values X and Y: `X +
/// Y` (a sum: `X * Y`), or, with terms that depend on k
/// (SplitInfo::KTerms), `(X + Y) (+|- t)*` (a sum: `(X * Y) (* t)*`) as
/// the cell's statement evaluates it (ints in the checked sentinel
/// arithmetic, kept in the stored type by dpc::keep). The terms'
/// statements go to W; the cell's indices, the k's and the params must be
/// bound, and dpc_in and dpc_err visible.
/// With Flag (an unsigned local; ints only, the split's operands and terms
/// proven finite), overflows set Flag instead of failing (branch-free: the
/// caller recomputes the product with the checked arithmetic where Flag is
/// set).
std::string productUpdate(const lir::Program &P, const lir::SplitInfo &Sp,
                          const std::string &X, const std::string &Y,
                          CodeWriter &W, const std::string &Flag = "");
std::string iexpr(const lir::IExprPtr &E);

/// The header of a loop node: `for (int64_t i = lo; i <= hi; i++)` (Ty:
/// the counter's type).
std::string forHead(const lir::LNode &N, const std::string &Ty = "int64_t");

/// Prints a loop tree's control structure: a For as `forHead { kids }`, an
/// If as if/else, a Block or Mark as its children in order. Visit sees every
/// node first: it may print a prefix (a pragma, a comment) and return false
/// to let this printing go on, or print the node itself and return true.
/// Visit must claim every Stmt; Where names the tree in the internal error;
/// Ty is the loop counters' type.
void printLoopTree(const lir::LNode &N, CodeWriter &W,
                   llvm::function_ref<bool(const lir::LNode &)> Visit,
                   const char *Where, const std::string &Ty = "int64_t");

/// A table's indices as trailing parameters: ", int64_t i, int64_t j" (Ty:
/// their type).
std::string idxParams(const lir::TableInfo &T, const std::string &Ty = "int64_t");

/// Declarations of the params and `let` constants as locals (of type Ty:
/// a strip kernel's index type).
void emitParamLocals(const lir::ModuleInfo &M, CodeWriter &W,
                     const std::string &P = "dpc_p",
                     const std::string &Ty = "int64_t");

/// Offset of a cell (index expressions) in a table's buffer, or in its
/// reference box. Ty: the index type of the code it is printed in; dpc_ix
/// (a tile kernel's instance) computes the offset in that type where the
/// table's Storage::Offset32 allows (the instance's host test checks it).
std::string cellOffset(const lir::Program &P, int Table,
                       const std::vector<lir::IExprPtr> &Idx, bool Reference,
                       const std::string &Ty = "int64_t");
/// Offset, in a ring-stored table's buffer (lir::Storage::Ring, in a run
/// with Params::dpc_ring), of column Col of ring row Slot (an expression
/// that is 0 or 1).
std::string ringOffset(const lir::Program &P, int Table,
                       const std::string &Slot, const lir::IExprPtr &Col);
/// The offset of output O's cell in its table's buffer (the first output's:
/// after the two rows of a ring table that keeps it, in a run with
/// Params::dpc_ring).
std::string outputOffset(const lir::Program &P, size_t O);
/// In a run with rolling rows, the store of value Val of ring table T that
/// holds the output cell into the output's element, where Cond holds
/// (nothing for other tables).
void emitRingOutputStore(const lir::Program &P, int T, const std::string &Cond,
                         const std::string &Val, CodeWriter &W);
/// The first output's cell's band members (dpc_m0, dpc_m1 of 2-D strip
/// group G), as expressions in the params.
std::vector<std::string> outputMembers(const lir::Program &P,
                                       const lir::Group &G);
/// Whether a table of strip group G keeps the output cell after its rows.
bool ringKeepsOutput(const lir::Program &P, const lir::Group &G);
/// Whether some table is kept as two rolling rows in score-only runs.
bool anyRingTable(const lir::Program &P);
/// Whether some GPU kernel has an int32 index instance (GpuKernel::Narrow):
/// Params::dpc_wide (--wide-indices) and the size tests exist.
bool anyNarrowKernel(const lir::Program &P);
/// Whether some table may stay as rows in a traced run, its traceback
/// recomputing rows from checkpoints (lir::Storage::Checkpoint).
bool anyCheckpointTable(const lir::Program &P);
/// The group whose tables those are (at most one: Lower/
/// ChooseRingStorage.cpp), or null.
const lir::Group *checkpointGroup(const lir::Program &P);
/// The runtime's name of an input alphabet: `dpc_rt::Alpha::RNA`, ...
const char *rtAlpha(Alphabet A);
/// An input's dpc_rt::InputSpec: `{"seq", dpc_rt::Alpha::RNA}`, a matrix
/// `{"D", dpc_rt::Alpha::Int, 2}`.
std::string rtInputSpec(const lir::InputInfo &I);
/// Whether a table of strip group G is.
bool groupHasRing(const lir::Program &P, const lir::Group &G);
/// When a strip is done: the value Val of row reduction RR (a fused row
/// reduction of strip group G) for the row at band member 0 Mem0 (band
/// member 1 dpc_lo1), stored where the row lies in RR's table's domain.
/// The value is one of the row's stored cells, of the same type: no check.
void emitRowReductionStore(const lir::Program &P, const lir::Group &G,
                           const lir::RowReduction &RR,
                           const std::string &Mem0, const std::string &Val,
                           CodeWriter &W);
/// A strip sweep's first run of interior blocks (Group::InteriorBlockGuard,
/// blocks of G.InteriorCols columns): declares dpc_nb (NBlocks, the
/// strip's blocks) and dpc_i0, dpc_i1 (the run, relative block indices;
/// dpc_nb when there is none) and the loop over dpc_b that finds them,
/// where Setup declares the guard's variables for block dpc_b.
void emitInteriorBlockRun(const lir::Group &G, const std::string &NBlocks,
                          const std::vector<std::string> &Setup,
                          const std::string &Guard, CodeWriter &W,
                          const std::string &Ty = "int64_t");
/// Whether GPU kernel K sweeps a table kept as two rolling rows in such
/// runs (it is then a template on DPC_RING, one instance per mode).
bool keepsRings(const lir::Program &P, int K);
/// An output's cell's indices as expressions.
std::vector<lir::IExprPtr> outputIndex(const lir::OutputInfo &O);
/// The guard "cell Idx lies in table T's domain".
lir::IExprPtr domainGuard(const lir::ModuleInfo &M, int Table,
                          const std::vector<lir::IExprPtr> &Idx);

/// Declares table Tab's indices (`const int64_t i = ...;`) for the cell at
/// band members (Mem0, Mem1) of 2-D strip group G (member = sign * index +
/// shift) and returns them as expressions.
std::vector<lir::IExprPtr> declareBandIndices(const lir::Group &G,
                                              const lir::TableInfo &Tab,
                                              const std::string &Mem0,
                                              const std::string &Mem1,
                                              CodeWriter &W,
                                              const std::string &Ty = "int64_t");

/// Local index of cell X (the statement's indices) in split S's tile
/// accumulator.
lir::IExprPtr accIndex(const lir::Program &P, const lir::SplitInfo &S,
                       const std::vector<lir::IExprPtr> &X);

struct ValueStyle {
  bool UseSplits = true;   // split reductions read their tile accumulator
  /// With UseSplits: the accumulator holds the whole reduction (the CPU's
  /// rows with pushes, lir::CpuRowPush): no remainder loops.
  bool AccOnly = false;
  bool Reference = false;  // loads read the reference tables
  std::string T = "dpc_t"; // tables (or reference tables)
  /// CUDA in-tile phase: the tiling of the statement's group. Reads of a
  /// table of that group that fall in the tile of the cell being computed
  /// come from the tile's shared-memory copy `dpc_cur_<table>`, whose box
  /// starts at `dpc_lo<d>` (set up by tileCachePreamble).
  const lir::Group *TileCache = nullptr;
  /// The type of the index variables the printed code declares (reduction
  /// and remainder loops, their bindings): dpc_ix in a tile kernel's cell
  /// statement (a template on it, GpuKernel::Narrow), int64_t elsewhere.
  std::string IndexType = "int64_t";
  /// With TileCache: the staged boxes of what the statement's remainder
  /// loops read outside the tile (GpuProduct::StageRest): the remainder's
  /// reads there come from the shared-memory copy Name, whose dim d starts
  /// at Name_lo<d> (set up by restCopyPreamble).
  struct RestCopy {
    int Table = -1;
    std::string Name;
    std::vector<int64_t> Extents; // its layout (lir::SharedLayout)
  };
  std::vector<RestCopy> RestCopies;
  /// With TileCache, while printing a piece of split RestSplit's remainder
  /// loops (lir::SplitInfo::RestBySource): where its X (RestSrc[0]) and Y
  /// (RestSrc[1]) reads lie, a lir::RestSource each; they read there
  /// without a test (a box that is not staged reads the table).
  int RestSplit = -1;
  std::array<int, 2> RestSrc = {0, 0};
  /// CUDA in-tile phase: dpc_lanes consecutive threads (dpc_lane = 0, 1,
  /// ...) compute one cell together; each runs every dpc_lanes-th iteration
  /// of the innermost remainder loops of the split reductions (max / min:
  /// a point run twice does no harm), and a shuffle combines them.
  bool Lanes = false;
  /// CUDA grid and block kernels (`ln_stmt_`): dpc_lanes threads compute
  /// one cell; each runs every dpc_lanes-th iteration of the innermost loop
  /// of the cell's outermost generic reductions (max, min, integer sums:
  /// each point once), and a shuffle combines them.
  bool LaneReduce = false;
  /// With LaneReduce: integer sums are shared too (else only max and min,
  /// whose value is the same in any order of their points).
  bool LaneShareSums = true;
  /// CUDA strip kernels (`st_stmt_`): reads of a table of this group at a
  /// constant offset in {0, 1} x {0, 1} of the band (Program::stripRead;
  /// StripIndices are the cell's indices) come from the lane's registers,
  /// passed as `dpc_nb_<table>` (dpc::StripNb), or from memory where the
  /// lane does not hold them (a tile boundary).
  const lir::Group *Strip = nullptr;
  std::vector<std::string> StripIndices;
  /// Branch-free strip cells (GpuKernel::BranchFree), printed inline in the
  /// kernel: StripRegs names the locals holding the group's reads at a
  /// constant band offset, by (table, d0, d1) as lir::StripRead gives
  /// them; Leaves the locals holding hoisted input elements, by
  /// lir::StripLeaf::Key. With Speculative, every other read of an input or
  /// a table is guarded by its bounds or domain (an arm may be evaluated
  /// where it is not chosen), nested cases become selects, and every check
  /// sets a bit of the unsigned FlagVar (runtime *_flag helpers) instead of
  /// failing.
  std::map<std::array<int, 3>, std::string> StripRegs;
  const std::map<std::string, std::string> *Leaves = nullptr;
  bool Speculative = false;
  std::string FlagVar;
  /// With FlagVar: the int values are proven finite (no sentinel), and +,
  /// - and * that could overflow int64 keep their overflow in FlagVar
  /// (dpc::add_finite_flag ...) instead of the checked sentinel arithmetic:
  /// branch-free; a flagged result is recomputed by the caller.
  bool FiniteFlags = false;
  /// Score lookups read from shared-memory copies: score id -> the array
  /// (int32 for int scores; the ids in SentinelScores hold their infinities
  /// as int32 sentinels, dpc::lane32_of).
  std::map<int, std::string> SharedScores;
  std::set<int> SentinelScores;
  /// Strip kernels: score lookups whose row's entries a lane keeps in two
  /// registers (GpuKernel::ScoreRows): (score id, position of the row's
  /// symbol, the row element's lir::StripLeaf::Key) -> the uint2 local; a
  /// lookup of that score with that row element and a column's element as
  /// its other symbol is one byte permute of it (dpc::score_row8).
  std::map<std::tuple<int, int, std::string>, std::string> ScoreRows;
  /// The host's traceback: reads of a table a traced run may keep as rows
  /// (lir::Storage::Checkpoint) come from `dpc_rows` (its RowCheckpoints)
  /// where that is not null.
  bool RowCheckpoints = false;
};

/// The C type of an input's elements (symbol codes or int values).
std::string inputElemType(const lir::InputInfo &I);
/// The entry index of score S for argument expressions Args (one per
/// parameter, symbol codes): the first parameter most significant, as the
/// header's score_<name>_index computes it (`y + 4 * x`).
std::string scoreIndexExpr(const lir::ScoreInfo &S,
                           const std::vector<std::string> &Args);

/// Tables of a group whose cells a cached statement reads or writes in
/// shared memory (copy tables map to their source).
bool inTileCache(const lir::Program &P, const lir::Group &G, int Table);
/// Declares dpc_lo<d> (of index type Ty): the lowest cell of the tile of
/// cell X.
void tileCachePreamble(const lir::Group &G, const std::vector<std::string> &X,
                       CodeWriter &W, const std::string &Ty = "int64_t");
/// "y in the current tile" and its local index in the tile's box.
/// The shared-memory copy of split S's staged remainder box O (0: X, 1: Y):
/// `dpc_rs<S><x|y>` (its start per dim: that name + `_lo<d>`).
std::string restCopyName(int S, int O);
/// The boxes of what statement SI's remainder loops read outside its tile
/// that the GPU plan stages (GpuProduct::StageRest), named dpc_rs<split><x|y>
/// (the in-tile statement's parameters and the kernel's shared memory).
std::vector<ValueStyle::RestCopy> restCopies(const lir::Program &P, int SI);
/// Where RestCopies are read: the tile of the cell X (its coordinates
/// dpc_tile<d>) and each box's start, Name_lo<d>.
void restCopyPreamble(const lir::Program &P, const lir::Group &G, int SI,
                      const std::vector<std::string> &X, CodeWriter &W,
                      const std::string &Ty = "int64_t");
/// At the start of tile Tile (its coordinates): loads the boxes of
/// restCopies(P, SI) for every statement of G into shared memory (cells
/// inside their tables; the others are never read).
void emitRestLoad(const lir::Program &P, const lir::Group &G,
                  const std::vector<lir::IExprPtr> &Tile, CodeWriter &W,
                  const std::string &Ty = "int64_t");
std::string inTileCond(const lir::Group &G, const std::vector<lir::IExprPtr> &Y);
/// The offset in table Table's tile copy (laid out as P.Gpu.CopyLayout
/// says) of cell Y, the tile's lowest cell being dpc_lo0, dpc_lo1, ...
std::string tileLocal(const lir::Program &P, int Table,
                      const std::vector<lir::IExprPtr> &Y);
/// The row-major offset over Extents of Y's cell, the array's lowest cell
/// being Lo (the names of its indices' lowest values).
std::string pitchedOffset(const std::vector<int64_t> &Extents,
                          const std::vector<lir::IExprPtr> &Y,
                          const std::vector<std::string> &Lo);

/// Prints value expressions as statements; each call returns the name of a
/// local holding the value (in the evaluation type of its table).
class ValueEmitter {
public:
  ValueEmitter(const lir::Program &P, ValueStyle S, CodeWriter &W)
      : P(P), S(S), W(W) {}
  std::string emit(const lir::VExpr &E);
  /// Turns ValueStyle::LaneReduce on or off for what is printed next (the
  /// device traceback prints a reduction's body inside loops its lanes
  /// already share).
  void setLaneReduce(bool On) { S.LaneReduce = On; }
  /// E as emit prints it inside an int32-evaluated expression (the
  /// CPU strip sweeps compute the rest of such an expression as lane
  /// vectors): int32_t and unchecked for ints whose bound allows it.
  std::string emitInInt32(const lir::VExpr &E);
  /// Int E of a strip cell (Strip, StripIndices set; FlagVar for the
  /// checks) as an int32 that carries the infinities as the stored
  /// sentinels (lir::GpuKernel::Sentinels): its spine operation by
  /// operation (dpc::sadd32 ... where an operand may be infinite), each
  /// leaf that is not proven small computed wide and entering with
  /// dpc::to_lane32 (a flag beyond the range kept for int), as
  /// lir::stripLaneMagnitude bounds it.
  std::string emitSentinel32(const lir::VExpr &E);
  /// A table load as an expression in evaluation type Ty.
  std::string load(const lir::VExpr &E, ScalarType Ty);
  std::string fresh(const char *Stem = "v");
  /// The cell a load reads: its Idx, or, for subscripts that read input
  /// values (VExpr::DynIdx), locals holding them, printed with the check
  /// that fails with the read's error code where the cell is outside the
  /// table's domain (the caller must then not touch it: dataCellGuard).
  std::vector<lir::IExprPtr> dataCell(const lir::VExpr &Load);
  /// "the cell Idx of Load's table lies in its domain" (for dataCell's).
  std::string dataCellGuard(const lir::VExpr &Load,
                            const std::vector<lir::IExprPtr> &Idx) const;
  /// Prints the choice of the first arm of cases E whose guard holds:
  /// Arm(a) inside arm a's block, None() where no arm holds (no block for
  /// it when None is empty). Comparisons
  /// that read input values (VExpr::DataGuards) are evaluated only where
  /// the arms before failed and the arm's affine guard holds.
  void caseChain(const lir::VExpr &E,
                 llvm::function_ref<void(size_t)> Arm,
                 llvm::function_ref<void()> None = {});

private:
  std::string emitReduce(const lir::VExpr &E, bool UseAcc);
  /// Whether generic reduction E runs as a flagged loop (emitReduce): a
  /// max or min over one index, in plain host/device statement code, whose
  /// body is int, proven finite, reads no input-dependent subscript, has
  /// no cases or reductions inside, and has checks (not a sum of two
  /// finite loads).
  bool flaggedReduce(const lir::VExpr &E) const;
  std::string emitSoftCombine(const lir::VExpr &E, const std::string &A,
                              const std::string &Wide, const std::string &R);
  /// Opens a loop per binding of reduction E, outermost first (the caller
  /// closes them); with ShareLast the innermost runs this lane's
  /// iterations (dpc_lane of dpc_lanes).
  void openBindingLoops(const lir::VExpr &E, bool ShareLast);
  /// The remainder loops of SplitReduce E: in the GPU's in-tile phase cut
  /// by where the operands read (lir::SplitInfo::RestBySource).
  const lir::LNode &restTree(const lir::VExpr &E) const;
  std::string emitLoops(const lir::LNode &N, const lir::VExpr &Red,
                        const std::string &Acc, bool Lanes = false);
  void accumulate(const lir::VExpr &Red, const std::string &Acc);
  /// CUDA: the lanes sharing a cell combine their partial R (of type Ty).
  void combineLanes(const lir::VExpr &E, const std::string &R,
                    bool Sum = false);
  std::string convertScore(const lir::VExpr &E);
  /// A read of element Ix of input In (dpc::ro), or its hoisted leaf;
  /// guarded by the input's bounds when speculative.
  std::string inputRead(int In, const lir::IExprPtr &Ix);
  /// `dpc::Fn<TArg>(Args, dpc_err)`, or its flag form
  /// `dpc::Fn_flag<TArg>(Args, FlagVar)` for speculative cells.
  std::string check(const std::string &Fn, const std::string &TArg,
                    const std::string &Args) const;
  /// Integer results of arithmetic must stay in the declared type.
  std::string checkedInt(const std::string &V, ScalarType Ty) const;
  /// E in int32, unchecked (Int32Eval).
  std::string emitInt32(const lir::VExpr &E);
  /// A max / min chain, and the first case whose guard holds, in type ET
  /// (the operands through emit, which follows Int32Eval).
  std::string emitMinMax(const lir::VExpr &E, const std::string &ET);
  std::string emitCases(const lir::VExpr &E, const std::string &ET);

  const lir::Program &P;
  ValueStyle S;
  CodeWriter &W;
  int Next = 0;
  /// While printing a remainder accumulated in the stored type: that type.
  std::string NarrowType;
  /// Set while printing a SoftInf split's remainder in clamped int32
  /// (emitSoftCombine): the int holding the remainder's wide flag; each
  /// term is `soft(X) + soft(Y)` of its two stored operands.
  std::string SoftWide;
  /// While printing an int expression whose magnitude fits int32
  /// (lir::finiteMagnitude): values are int32_t and unchecked, the store
  /// checks the result.
  bool Int32Eval = false;
  /// While printing a streamed reduction loop: each operand's offset at
  /// k = 0 (a variable name), read as buffer[offset + k].
  std::map<const lir::VExpr *, std::string> StreamAt;
};

/// The start of a tile (a TileStart statement with the tile coordinates as
/// Args): copies the tile's cells of every table of group G into
/// dpc_cur_<table>. On the device the threads share the copy.
void emitTileLoad(const lir::Program &P, const lir::Group &G,
                  const std::vector<lir::IExprPtr> &Tile, bool Device,
                  CodeWriter &W, const std::string &Ty = "int64_t");

} // namespace dpc
