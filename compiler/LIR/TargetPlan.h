//===- TargetPlan.h - how the loop form maps to a GPU and to CPU threads --===//
//
// The mapping decisions, made by Lower/MapToTarget.cpp and printed by
// `dpc emit --stage=plan`, the generated README and the printers (which
// only print them). Its input is a Target (what the machines offer); its
// output, per program, a GpuPlan and a CpuPlan:
//   - the GPU plan: the host loops with the kernel launches in them, each
//     kernel's family, body, threads, launch bounds, lanes per cell and
//     shared-memory layout, and the form of every tile product (register-
//     blocked, split over k between blocks, or generic) with its shape;
//   - the CPU plan: the loops that OpenMP threads share, and the form of
//     every tile product (register-blocked block shape, loop order).
// Every choice carries the reason it was made (`Why`), in plain words.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "LIR/LoopIR.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dpc::lir {

//===-- the input: what the machines offer --------------------------------===//

struct GpuTarget {
  std::string Arch = "sm_90"; // Hopper (H100, H200)
  int WarpSize = 32;
  int MaxThreadsPerBlock = 1024;
  int64_t SharedPerBlockDefault = 48 * 1024; // without opting in
  int64_t SharedPerBlockMax = 227 * 1024;    // after cudaFuncSetAttribute
  int64_t SharedPerSM = 228 * 1024;          // all resident blocks'
  int64_t SharedReservedPerBlock = 1024;     // the system's share per block
  int RegistersPerSM = 65536;
  int MaxThreadsPerSM = 2048;
  /// Hopper's DPX instructions: max(a + b, c) in one instruction.
  bool HasAddMax = true;
};

struct CpuTarget {
  /// The widest vector the generated code asks for (GCC/Clang vector
  /// extensions; a narrower machine splits it, correctly).
  int VectorBytes = 64;
  int VectorRegisters = 32;
  /// The bytes of an operand's chunk that the register-blocked products
  /// re-read from cache once per block of rows: within the L2 cache of one
  /// core (1-2 MiB on the hosts measured) beside the other operand's rows.
  int64_t ChunkBytes = 128 * 1024;
};

struct Target {
  GpuTarget Gpu;
  CpuTarget Cpu;
  /// The default: an H100-class GPU and an AVX-512-class CPU.
  static Target standard() { return Target{}; }
};

//===-- the GPU plan ------------------------------------------------------===//

/// How a tile kernel's shared-memory array (a tile's copy of a table, a
/// staged remainder box) lays out its logical box: row-major over Extents,
/// per dim at least the box's size, the last one padded where that spreads
/// a warp's reads over more banks (Lower/ChooseSharedPitch.cpp). Empty
/// Extents: the array is not laid out (no such copy).
struct SharedLayout {
  std::vector<int64_t> Extents;
  std::string Why;          // the banks' count behind the padding, or none
  int64_t volume() const { return boxVolume(Extents); }
};

enum class GpuProductForm {
  /// Accumulators in registers, operands staged through shared memory, in
  /// the block of the tile.
  RegisterBlocked,
  /// The register-blocked form in a kernel of its own that runs before the
  /// tile's kernel, k split between several blocks per tile (the host
  /// picks how many per step), combined with atomic max / min.
  SplitK,
  /// Each thread accumulates cells of the tile, operands from global memory.
  Generic,
};
const char *gpuProductFormName(GpuProductForm F);

/// The largest operand magnitude an int16x2 tile product keeps (GpuProduct::S16):
/// a sum of two such values never wraps int16.
constexpr int64_t S16Kept = (int64_t(1) << 14) - 1;
/// The largest operand magnitude a soft-infinity product's exact instance
/// keeps (GpuProduct::SoftExact): dpc::SoftNarrow in the runtime.
constexpr int64_t SoftNarrowKept = int64_t(1) << 28;

struct GpuProduct {
  GpuProductForm Form = GpuProductForm::Generic;
  std::string Why;
  // Register-blocked and split-K forms:
  int64_t Rows = 0, Cols = 0;            // the accumulator tile
  int ThreadsX = 0, ThreadsY = 0;        // threads along the columns, rows
  int64_t RowsPerThread = 0, ColsPerThread = 0;
  int64_t KChunk = 0;                    // k staged per round
  int64_t XPerThread = 0, YPerThread = 0; // staged elements per thread
  bool XAlongK = false;   // X's staging order: k fastest (else rows fastest)
  bool YAlongCols = false; // Y's staging order: columns fastest (else k)
  int VectorRows = 1, VectorCols = 1; // elements per shared-memory load of
                                      // a thread's rows / columns (4: int4)
  /// Staged rows of X and Y, in elements: padded (+4) so that each thread
  /// reads its run with 16-byte loads without bank conflicts.
  int64_t PitchX = 0, PitchY = 0;
  int64_t StageBytes = 0; // the staged operands: KChunk x (PitchX + PitchY)
  /// Accumulator strides of a row / column step (row-major over the box).
  int64_t RowStride = 1, ColStride = 1;
  int MaxParts = 1;       // split-K: the most blocks that share one tile
  int PartsBlocksPerSM = 2; // split-K: blocks per SM a step aims to fill
  int PartsBlocksPerSM64 = 2; // the same for its int64 instance
  /// GpuKernel::Overlap: the blocks per SM a step's older part aims at
  /// (split_parts, at most MaxParts a tile): short blocks, so that the next
  /// tile kernel is not held behind them.
  int OverlapBlocksPerSM = 0;
  /// The in-tile phase's remainder loops read X's (0) / Y's (1) cells
  /// outside the tile from a copy of SplitInfo::XRest / YRest in shared
  /// memory (GpuKernel::RestOffset), loaded at the tile's start.
  std::array<bool, 2> StageRest = {false, false};
  /// The staged boxes' layouts (GpuProduct::StageRest), X's and Y's.
  std::array<SharedLayout, 2> RestLayout;
  /// Register-blocked int32 max (min) products (Lower/ChooseProductWidth.cpp):
  /// an int16x2 instance, two columns per DPX instruction, run for a
  /// problem whose params satisfy S16Cond (its operands' proven ranges
  /// within +-(2^14 - 1)); the int32 form otherwise. S16Why: that, or why
  /// there is no such instance.
  bool S16 = false;
  IExprPtr S16Cond;
  std::string S16Why;
  /// Register-blocked products with the soft-infinity combine
  /// (SplitInfo::SoftInf) whose operand tables hold only finite values (a
  /// masked product): an instance that stages the loaded values as they
  /// are, without the clamp and the test for operands beyond
  /// +-dpc::SoftNarrow, run for a problem whose params satisfy
  /// SoftExactCond (the operands' proven ranges within +-2^28, so the
  /// masked value's sums stay below -2^29 and no result needs the exact
  /// fallback); the tracking form otherwise (Lower/ChooseProductWidth.cpp).
  bool SoftExact = false;
  IExprPtr SoftExactCond;
  std::string SoftExactWhy;
  /// Split-K form: the tile kernel's cells read the product's accumulator
  /// in place, from the tile's slot of the split kernel's global buffer
  /// (each cell reads its element once), instead of a copy in shared
  /// memory (no GpuKernel::AccOffset for it); the tile kernel resets the
  /// slot to the identity when its cells are done. Not with SoftInf (the
  /// slot's wide flag is read differently).
  bool AccInPlace = false;
};

enum class KernelFamily {
  /// One thread block per tile of a wavefront step; the host enumerates the
  /// step's tiles; products first, then the tile's cells anti-diagonal by
  /// anti-diagonal with a barrier between them.
  TileWavefront,
  /// Independent instances spread over the whole grid (isl found that the
  /// loop carries no dependence); outer sequential loops stay on the host.
  ParallelGrid,
  /// One block runs a sequential loop; each cell's reductions are shared by
  /// the block's threads (one warp), combined with shuffles.
  SequentialBlock,
  /// One thread: the loops carry dependences and the cells have no
  /// reduction to share (proven sequential).
  Serial,
  /// A sequential loop that is a running max or min (a scan): `for c {
  /// X[c] = op(X[c - 1], e(c)) }`, op max or min, e not reading X. One
  /// block per problem: each thread folds a run of the e(c), the block
  /// scans the runs' results, each thread folds its run again from the
  /// value before it and stores X (GpuKernel::Scan*).
  Scan,
  /// Alignment-like groups (Group::Strip): one warp per tile of a
  /// wavefront step; lane l owns LaneRows consecutive rows of the tile and
  /// walks its columns one step behind lane l - 1, keeping its cells in
  /// registers; the row above comes from lane l - 1 by a shuffle. No
  /// barrier and no shared memory.
  Strip,
};
const char *kernelFamilyName(KernelFamily F);

struct GpuKernel {
  KernelFamily Family = KernelFamily::Serial;
  std::string Why;
  /// The kernel's work: one tile (TileWavefront), the grid's loop
  /// (ParallelGrid), or the whole subtree. A copy of the program's loops,
  /// with ThreadMap / Lanes / BarrierAfter set.
  LNodePtr Body;
  std::vector<std::string> HostIters; // enclosing host loops, passed by value
  std::vector<std::string> TileIters; // TileWavefront: from the tile list
  int Threads = 1;
  int MinBlocksPerSM = 0;             // __launch_bounds__ (0: not given)
  /// TileWavefront: a second instance of the kernel with launch bounds
  /// (Threads, BusyBlocksPerSM) (0: none), launched instead of the first
  /// for a step with at least BusyBlocksPerSM tiles per SM (template
  /// argument DPC_BLOCKS).
  int BusyBlocksPerSM = 0;
  int Group = -1;                     // whose tile its cells read (tile copy)
  // Dynamic shared memory, byte offsets.
  std::map<int, int64_t> AccOffset;   // split -> tile-product accumulator
  std::map<int, int64_t> CurOffset;   // table -> the tile's copy of its cells
  /// (split, 0 for X / 1 for Y) -> the staged box of what the split's
  /// remainder loops read outside the tile (GpuProduct::StageRest)
  std::map<std::pair<int, int>, int64_t> RestOffset;
  int64_t StageOffset = 0;            // staged operands of in-block products
  int64_t SharedBytes = 0;
  bool SharedOptIn = false;           // more than the default per block
  /// The split-K product kernel that runs before it (split index, -1: none).
  int SplitK = -1;
  int64_t SplitKBytes = 0;
  int SplitKMinBlocksPerSM = 2;       // the split-K kernel's launch bounds
  int SplitKMinBlocksPerSM64 = 2;     // the same for its int64 instance
  /// The split-K product's older k (lir::SplitInfo::OldLo: reads of tiles
  /// two wavefront steps back or more) run on a second stream beside the
  /// previous step's tile kernel; the rest, then the tile kernel, on the
  /// main one (dpc_rt::StepOverlap). One host loop: the tile wavefront.
  bool Overlap = false;
  /// ParallelGrid: the most blocks worth launching per SM.
  int BlocksPerSM = 0;
  /// SequentialBlock around parallel loops (ThreadMap::Block): a problem's
  /// sequential steps may be shared by several blocks (its parts), chosen
  /// per launch by the host: as many as the widest of the parallel loops
  /// wants (Wide: their trip counts, in params and host iterators only),
  /// at most the blocks resident at once over the problems of the launch.
  /// The blocks of a problem split each parallel loop and meet at a
  /// barrier in global memory after it instead of __syncthreads (one part:
  /// __syncthreads alone); a launch of several parts is cooperative, so
  /// every block is resident.
  bool SharedSequence = false;
  std::vector<IExprPtr> Wide;
  /// Strip: rows of the tile each lane owns (tile rows / warp size).
  int LaneRows = 0;
  /// Strip, pipelined (MapToTarget): one launch for the whole wavefront
  /// instead of one per step. Its items are strips (the problem, then the
  /// strip's first tile coordinate, dpc_t0 = WaveIter - TileIter); each
  /// block takes the next strip in item order (a ticket) and walks the
  /// wavefront loop WaveIter in [WaveLo, WaveHi] itself, running the tile
  /// TileIter = WaveIter - dpc_t0 where it lies in [TileLo, TileHi]; before
  /// a tile it waits until the strip above has finished the step before
  /// (a progress flag per strip), after it publishes its own progress.
  bool Pipelined = false;
  /// Pipelined: the warp sweeps its strip's columns without draining its
  /// lanes between tiles, and waits on (publishes) the strip above's
  /// (its own) progress every SyncCols columns, a divisor of the tile's
  /// columns: the strip below can start a chunk SyncCols + 31 lane steps
  /// after the strip above did, not a whole tile later.
  int SyncCols = 0;
  /// Pipelined: a strip's steps run a whole chunk (SyncCols steps) at a
  /// time where the chunk lies in one phase (interior or guarded), with
  /// the wait on the strip above and the publication of the chunk before
  /// at fixed offsets (no test per step), the steps between them unrolled
  /// by ChunkUnroll (a divisor of their count).
  int ChunkUnroll = 0;
  /// Pipelined, branch-free: a strip without interior blocks (a boundary
  /// row: row 0, or rows past the last) runs its first run of blocks where
  /// each cell's case depends on its row alone (Group::RowBlockGuard) with
  /// each lane's rows' cases chosen once at the run's start: no column
  /// test, no domain test per cell, only a select on the row's case.
  bool RowDecidedRuns = false;
  /// Pipelined: the step of a chunk after which the last lane (Threads - 1
  /// steps behind lane 0) has left the chunk before: its publication.
  int chunkLeaveStep() const { return (Threads - 1 + SyncCols - 1) % SyncCols; }
  /// Pipelined: the whole warp waits for the strip above with acquire loads
  /// of its flag (sleeping between them) and a strip publishes its progress
  /// with a release store, instead of lane 0 polling a volatile flag with a
  /// fence on each side (branch-free cells; kernels whose cells dispatch on
  /// their case keep the fences: measured slower otherwise).
  bool WarpWaits = false;
  std::string WaveIter, TileIter;
  IExprPtr WaveLo, WaveHi, TileLo, TileHi;
  /// Strip: the cells are printed inline, branch-free (Group::BranchFree):
  /// every arm evaluated from registers and hoisted leaves, the arm chosen
  /// by a select, errors in a flag per lane reported at the strip's end.
  bool BranchFree = false;
  /// Strip, branch-free: int values that may be infinite are computed as
  /// int32 with the infinities as the stored sentinels (INT32_MIN /
  /// INT32_MAX): +, - and negation keep them (dpc::sadd32 ...), no
  /// operation can meet inf - inf and no finite intermediate can wrap
  /// (Group::BranchFreeWithSentinels), so only the store checks a value.
  bool Sentinels = false;
  /// Strip, branch-free, every arm of every table finite int32: the
  /// store's range check of a cell (dpc::narrow_finite_flag32) is made on
  /// each lane's running maximum and minimum of its cells (in the domain),
  /// once when the strip is done, instead of per cell: the first value
  /// out of range is computed from values in range, so it is among them.
  bool DeferredChecks = false;
  /// DeferredChecks: whether the running minimum (maximum) is needed: not
  /// where every arm is a max (min) with a literal operand in the range
  /// (both false without DeferredChecks).
  bool DeferredLow = false, DeferredHigh = false;
  /// Strip, pipelined and branch-free: the cells go into a shared-memory
  /// ring of two sync chunks per table and are written back when a chunk is
  /// published, a warp writing SyncCols consecutive columns of a row at a
  /// time (coalesced), instead of one scattered store per cell.
  bool StageStores = false;
  /// Strip, staged, with tables kept as rolling rows in a score-only run
  /// (Storage::Ring; the kernel's DPC_RING instance): that instance writes
  /// back only the strip's bottom row and the output's row of such a
  /// table, so its staging ring holds those two rows (slot 0 the bottom
  /// row, slot 1 the output's) instead of the tile's, and more warps fit
  /// an SM (a batch of score-only problems is bound by resident warps).
  bool RingStagesTwoRows = false;
  /// Strip (Lower/ChooseIndexWidth.cpp): the kernel has a second instance
  /// whose index arithmetic (params, lets, band members, table indices,
  /// tile coordinates and the affine expressions of them it evaluates) is
  /// int32, run where the run's sizes keep every such value there: with P
  /// the largest |param| or |let|, every member within NarrowBoxS * P +
  /// NarrowBoxC and every value within NarrowS * X + NarrowC, X = 2 *
  /// max(P, that). NarrowWhy: that, or why there is no such instance.
  bool Narrow = false;
  int64_t NarrowS = 0, NarrowC = 0, NarrowBoxS = 0, NarrowBoxC = 0;
  std::string NarrowWhy;
  /// A tile kernel's int32 instance also computes the element offsets
  /// (<table>_at) of the tables whose Storage::Offset32 holds in int32; its
  /// host test then asks too that every intermediate of those offsets stays
  /// in int32 over the table's box for the run's sizes (dpc_offsets32).
  bool NarrowOffsets = false;
  /// Scan: the statement of X[c], the operand of its max / min that reads
  /// X[c - 1], the operation, and e(c): the other operands (one, or their
  /// max / min), read as the statement reads them.
  int ScanStmt = -1;
  int ScanSelf = -1;
  RedOp ScanOp = RedOp::Max;
  VExprPtr ScanTerm;
  /// Strip, pipelined: the row reductions of the group's tables it
  /// computes as it goes (Group::RowReductions): each lane keeps its rows'
  /// running max (min) and stores them when the strip is done; the kernel
  /// that would compute them in a second pass over the table is not made.
  std::vector<RowReduction> RowReductions;
  /// Strip: score tables copied into shared memory at the kernel's start
  /// (small int or float lookups), read there by the cells; with Sentinels,
  /// int scores with infinite entries too, as int32 sentinels.
  std::vector<int> SharedScores;
  /// Strip, branch-free: the group's score rows (Group::StripScoreRows,
  /// by position) each lane keeps in two registers per row (uint2, filled
  /// when it takes a strip); a cell's score is then one byte permute of
  /// them by the column's symbol (dpc::score_row8), not a read of the
  /// table.
  std::vector<int> ScoreRows;
  /// One block per tile of a wavefront step, from the host's tile list.
  bool perTile() const {
    return Family == KernelFamily::TileWavefront || Family == KernelFamily::Strip;
  }
};

/// Where a traced run follows its winners (the traceback) when it runs on
/// the GPU. OnDevice: one warp per problem walks the winners from the
/// output cell with an explicit stack in device memory (the reductions
/// that pick a winner shared by the warp's lanes, the first index on ties
/// as on the host), and only the events cross PCIe; a problem whose walk
/// outgrows its buffer is traced on the host from its tables. Else the
/// tables cross PCIe and the host traces (Why says why).
struct GpuTraceback {
  bool OnDevice = false;
  /// The tables whose cells the walk expands (the output's and every
  /// table recording events): a cell record's tag is its position here.
  std::vector<int> Tables;
  /// The events, by (name, number of arguments): an event record's tag is
  /// Tables.size() + its position here.
  std::vector<std::pair<std::string, int>> Events;
  /// Words (int64) of a record: the tag, then the indices or arguments.
  int RecordWords = 0;
  /// A batch of at most BlockProblemsPerSM problems per SM walks each
  /// problem with a block of BlockLanes threads instead of a warp (the
  /// reductions that pick a winner shared by more threads: more of their
  /// loads in flight); a larger batch a warp each, WarpsPerBlock warps a
  /// block.
  int BlockLanes = 0;
  int BlockProblemsPerSM = 1;
  int WarpsPerBlock = 4;
  std::string Why;
};

struct GpuPlan {
  /// The host's loops: the program's loops down to the kernels, which are
  /// Launch statements (Ref = kernel). Inside a `parallel_tiles` mark, a
  /// Launch adds the current tile to the kernel's list, and the kernels of
  /// the mark launch after its loops, one block per listed tile.
  LNodePtr Host;
  std::vector<GpuKernel> Kernels;
  std::vector<GpuProduct> Products; // per split reduction
  /// Per statement of a TileCopy group (Program::tileCopied): whether
  /// several threads (lanes) share one cell's tile-product remainder and
  /// combine it with warp shuffles.
  std::vector<bool> LaneShared;
  /// Per statement: whether a ParallelGrid or SequentialBlock kernel runs
  /// its cells with several lanes each (an `ln_stmt_` variant in the .cu
  /// strides its reduction over the lanes and combines them).
  std::vector<bool> LaneCells;
  /// Per group: whether its tiles are copied into shared memory (its
  /// statements get a `tc_stmt_` variant in the .cu that reads them there).
  std::vector<bool> TileCopy;
  /// Per table of a TileCopy group: the layout of its tile's copy (the
  /// same in every kernel of the group).
  std::map<int, SharedLayout> CopyLayout;
  GpuTraceback Traceback;
};

//===-- the CPU plan ------------------------------------------------------===//

/// The register-blocked CPU tile product: Rows x NV vectors of Lanes
/// accumulators (a row of accumulators), or, with KVec, a Rows x Cols block
/// of cells each with a vector of partial results along k.
struct CpuBlock {
  int64_t Lanes = 0, NV = 0, Rows = 0;
  bool KVec = false;
  int64_t Cols = 0;
  /// Rows x vectors in every tile, its operands packed KChunk values of k
  /// at a time first: each element read where its load guard holds
  /// (SplitInfo::XLoadGuard / YLoadGuard: inside the table, and the mask
  /// of a masked product), clamped (SoftInf), else the masked value. For
  /// products whose operands may be infinite, where no BoxGuard applies;
  /// X runs along k and Y along the columns (whole-vector packs).
  bool Guarded = false;
  /// The values of k of one pass: the guarded form packs this many; the
  /// plain rows x vectors form runs all its blocks of rows over one chunk
  /// of k before the next, so that Y's chunk (KChunk rows of the box's
  /// columns) is re-read from cache, not memory.
  int64_t KChunk = 0;
  /// The guarded form with two or more contraction indices: the outer one
  /// (its loop calls the packs' k loop once a value) whose next value's
  /// rows each pack prefetches as it packs this one's (an operand of
  /// another table plane each value: BPMax's F[i1, k1, ...] and
  /// F[k1 + 1, j1, ...]); empty where none.
  std::string PrefetchOuter;
};

struct CpuProduct {
  /// The loop order of the plain form: (x..., k..., x_last) with a row of
  /// accumulators over the last cell index, or, with KInner, each cell's
  /// reduction innermost (x..., k...).
  bool KInner = false;
  LNodePtr Loops;
  /// The register-blocked form, for the tiles where the split's BoxGuard
  /// holds (none: the plain form everywhere).
  std::optional<CpuBlock> Block;
  /// An int product with terms that depend on k (their operands and terms
  /// proven finite): its updates keep their overflows in a flag, without a
  /// branch (the loops vectorise), and a tile whose flag is set is
  /// computed again with the checked arithmetic.
  bool Flagged = false;
  /// A register-blocked product with the soft-infinity combine and guarded
  /// packs: the packs of a problem whose params satisfy SoftExactCond (the
  /// GPU's GpuProduct::SoftExact condition) store the loaded lanes as they
  /// are, without the clamp and the wide test
  /// (Lower/ChooseProductWidth.cpp).
  bool SoftExact = false;
  IExprPtr SoftExactCond;
  std::string Why;
};

/// A strip group's tile wavefront as one sweep per thread (the CPU form of
/// the pipelined GPU strip kernel): the group's rows are cut into strips
/// of Lanes rows (band member 0), one row per SIMD lane; threads take the
/// strips in order (a ticket) and sweep each strip's columns (band member
/// 1) with lane l computing column S - l at step S, its cells of the step
/// before in a vector register and the row above from lane l - 1 by a lane
/// shift (lane 0: the bottom row of the strip above, from memory). Every
/// SyncCols columns a strip waits for the strip above to publish that far
/// (a progress counter per strip), so all strips run at once.
struct CpuStrip {
  int Group = -1;
  int Lanes = 0;      // rows a strip, one a SIMD lane
  int64_t SyncCols = 0;
  ScalarType LaneType = ScalarType::Int32; // the cells' evaluation type
  /// int lanes whose values may be infinite: the lanes carry -inf / +inf as
  /// the stored sentinels (INT32_MIN / INT32_MAX), +, - and negation keep
  /// them (dpc::cpu::sadd ...), and no operation can meet inf - inf
  /// (lir::undefinedFree), so no operation needs a check.
  bool Sentinels = false;
  /// Every arm of every cell evaluated and selected, the values that do not
  /// change along a row or column read once (Group::BranchFree, or
  /// Group::BranchFreeWithSentinels with Sentinels).
  bool Hoist = false;
  /// The tile wavefront it replaces: tile (WaveIter - TileIter, TileIter)
  /// for TileIter in [TileLo, TileHi], WaveIter in [WaveLo, WaveHi].
  std::string WaveIter, TileIter;
  IExprPtr WaveLo, WaveHi, TileLo, TileHi;
  /// The row reductions of the group's tables the sweep computes as it
  /// goes (Group::RowReductions): each lane keeps its row's running max
  /// (min) and stores it when the strip is done; their own loops run only
  /// where the sweep is not compiled (a `fused_into_sweep` mark).
  std::vector<RowReduction> RowReductions;
  std::string Why;
};

/// A 2-D tiled group whose in-tile phase the CPU runs row by row (the
/// band's own order: rows descending, columns ascending), its split
/// reductions' remainders as vector updates of the tile accumulator's rows
/// (Lower/PlanCpuRowPush.cpp). Each split S is op_k T[r, k + A] + T[k + B, c]
/// over k in [r + Lo, c + Hi] (r, c the cell's row and column). For row r,
/// before its cells: every k of [r + Lo, ColLo - 1 - A] outside U(T) (X's
/// cell left of the tile, final) adds X + Y's row k + B to the row's
/// accumulators of the cells c >= k - Hi; after each cell (r, c): k = c - A
/// (X's cell, just computed) adds it + Y's row k + B to the cells c' >= max(c
/// + 1, k - Hi). Y's rows lie below r (Lo + B >= 1), X's cells left of the
/// receiving cell (A + Hi <= -1), so every read is final when it is made,
/// and max / min's idempotence makes a k counted twice harmless.
struct CpuRowPush {
  struct Split {
    int Index = -1;
    int64_t A = 0, B = 0, Lo = 0, Hi = 0;
    /// Y's indices as a read of the group's table: Y's own, or, where Y
    /// reads a copy table of it (CT[j, i] = C[i, j]), the source cell
    /// that holds the same value (C[k + 1, j] for CT[j, k + 1]).
    std::vector<IExprPtr> YIdx;
    /// U(T) as one interval of k over the tile variables: [ULo, UHi] where
    /// UCond holds (null: always), empty elsewhere.
    IExprPtr UCond, ULo, UHi;
    /// The split's statement's cells in row r: columns [ColMin, ColMax]
    /// where RowCond holds (over the row index and the params), none
    /// elsewhere.
    IExprPtr RowCond, ColMin, ColMax;
  };
  int Group = -1;
  std::vector<Split> Splits;
  /// Per statement of the group (its order): the cell (over the table's
  /// indices and the params) is in its domain.
  std::vector<IExprPtr> StmtDomains;
};

struct CpuPlan {
  /// The program's loops with the loops that OpenMP threads share marked
  /// (ThreadMap::OmpThreads); a strip group's wavefront is one Sweep
  /// statement (Ref: its entry in Strips).
  LNodePtr Loops;
  std::vector<CpuStrip> Strips;
  std::vector<CpuProduct> Products; // per split reduction
  /// Groups whose in-tile phase runs row by row with pushes.
  std::vector<CpuRowPush> RowPush;
  /// Per group: how its loops are shared, in plain words.
  std::vector<std::string> GroupWhy;
  /// The loops marked LNode::Progress, in program order: the outermost
  /// sequential loops (a problem's long run reports its steps).
  int ProgressLoops = 0;
};

} // namespace dpc::lir
