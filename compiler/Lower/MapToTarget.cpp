//===- MapToTarget.cpp - the GPU and CPU plans ----------------------------===//
//
// Takes the finished loop form (schedule, splits, storage) and a Target and
// gives P.Gpu and P.Cpu (LIR/TargetPlan.h): which code runs in which
// kernel, with how many threads, how threads share cells, the shared-memory
// layout and the form of every tile product on the GPU; which loops OpenMP
// threads share and the form of every tile product on the CPU. Each choice
// records why it was made. The printers only print these decisions.
//
//===----------------------------------------------------------------------===//
#include "Lower/Lowering.h"

#include "Basic/Diagnostics.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>

using namespace dpc;
using namespace dpc::lir;

/// Whether E is a literal, or a max (Op = Max) / min (Op = Min) with a
/// literal operand, within the range kept for int: E's value cannot fall
/// below (rise above) it.
static bool boundedBy(const VExpr &E, VExpr::Kind Op) {
  auto InRange = [](const VExpr &K) {
    return K.K == VExpr::Const && !K.Inf && K.IntVal >= -IntKept &&
           K.IntVal <= IntKept;
  };
  if (InRange(E))
    return true;
  if (E.K != Op)
    return false;
  for (auto &K : E.Kids)
    if (InRange(*K))
      return true;
  return false;
}

namespace {

/// N past Block wrappers with one kid.
const LNode *unwrap(const LNode *N) {
  while (N && N->K == LNode::Block && N->Kids.size() == 1)
    N = N->Kids[0].get();
  return N;
}

/// Whether E is exactly CA * A + CB * B.
bool onlyTerms(const IExprPtr &E, const std::string &A, int64_t CA,
               const std::string &B, int64_t CB) {
  return coeffOf(*E, A) == CA && coeffOf(*E, B) == CB &&
         constantOf(*substitute(E, {{A, IExpr::num(0)}, {B, IExpr::num(0)}})) ==
             0;
}

/// Threads of a tile-wavefront block: 8 warps, enough to hide latency with
/// two blocks per SM, few enough to keep 128 registers per thread.
constexpr int TileThreads = 256;
/// Threads per block of a parallel-grid kernel.
constexpr int GridThreads = 256;
/// Threads of the block that walks sequential cells with reductions
/// (KernelFamily::SequentialBlock, laneCells).
constexpr int SequentialCellThreads = 512;
/// k values staged per round of a register-blocked product.
constexpr int64_t KChunk = 32;
/// The most blocks that share one tile's product (split over k).
constexpr int MaxParts = 32;
/// Thread grid of a register-blocked product: 16 x 16 threads, each with a
/// (rows / 16) x (cols / 16) block of accumulators.
constexpr int ProductThreadsSide = 16;
/// A split-K product's kernel (no tile kernel's threads to share) gives
/// each thread this many rows and columns of accumulators where the tile
/// allows it, with as many threads as that takes (at least two warps): 16
/// updates per two vector loads of shared memory, against 4 per four
/// scalar ones at 2 x 2. BPMax's 32 x 32 double reduction at 128 x 128:
/// 0.173 -> 0.153 s (gpu-runs/2026-11-28e/call5; 2.4x was predicted: its
/// time is not in the shared loads but in staging its short k2 chunks
/// anew for every k1); its k chunk shrinks with the threads (a larger one
/// spilled more and ran slower there).
constexpr int64_t OwnKernelBlock = 4;
constexpr int OwnKernelMinThreads = 64;
/// The registers a thread of such a kernel is given, per value it keeps
/// live (its accumulators, one k step's operands, the elements it stages
/// per chunk): the rest holds the staged elements' addresses, load guards
/// and the k loops' bounds, two registers each in the int64 instance. Its
/// blocks per SM follow from the budget. BPMax's 4 x 4, k chunk 8 kernel
/// (32 values), int32 instance, at 128, 96 and 80 registers (8, 10, 12
/// blocks per SM): 0.165, 0.153, 0.160 s at N = M = 128, 1.04, 0.92, 0.96 s
/// at 192 (gpu-runs/2026-11-29d calls 1-2): latency-bound (17% achieved
/// occupancy at 8), so more warps win until spills (24 bytes at 96, 104 at
/// 80) cost more than they hide. Its int64 instance (--wide-indices) at 96
/// spills 480 bytes and ran 1.24 s at 192 against 1.15 at 128 (call 3).
constexpr int OwnKernelRegsPerValue = 3, OwnKernelRegsPerValue64 = 4;

int64_t align16(int64_t X) { return (X + 15) / 16 * 16; }

//===-- the GPU ------------------------------------------------------------===//

struct GpuMapper {
  Program &P;
  const GpuTarget &T;
  GpuPlan &G;

  /// Whether a split's product can be register-blocked: a rectangular
  /// product whose row and column extents are multiples of the thread grid
  /// (at most 128, so a thread's block fits in registers), whose staged
  /// chunks divide evenly among the threads, and whose U(T) loops end in
  /// chunkable k loops.
  std::string whyNotRegisterBlocked(const SplitInfo &Sp) const {
    if (!Sp.Rectangular)
      return "the product is not rectangular (rows read only by X, columns "
             "only by Y, the last k by both)";
    int64_t BR = Sp.BoxSize[Sp.RowDim], BC = Sp.BoxSize[Sp.ColDim];
    if (BR % ProductThreadsSide || BC % ProductThreadsSide || BR > 128 ||
        BC > 128)
      return fmt::format("its {} x {} tile is not a multiple of the {} x {} "
                         "thread grid or exceeds 128",
                         BR, BC, ProductThreadsSide, ProductThreadsSide);
    if ((BR * KChunk) % TileThreads || (BC * KChunk) % TileThreads)
      return "the staged chunks do not divide among the threads";
    if (!allChunkable(*Sp.ProductLoops))
      return "U(T) has points outside a loop over the last contraction index";
    return "";
  }

  /// OwnKernel: the product runs in a kernel of its own (split over k),
  /// whose block may be smaller than a tile kernel's (OwnKernelBlock).
  GpuProduct registerBlocked(const SplitInfo &Sp, bool OwnKernel = false) const {
    GpuProduct R;
    R.Form = GpuProductForm::RegisterBlocked;
    R.Rows = Sp.BoxSize[Sp.RowDim];
    R.Cols = Sp.BoxSize[Sp.ColDim];
    R.ThreadsX = R.ThreadsY = ProductThreadsSide;
    int64_t KC = KChunk;
    std::string Small;
    if (OwnKernel && R.Rows % OwnKernelBlock == 0 &&
        R.Cols % OwnKernelBlock == 0) {
      const int64_t TY = R.Rows / OwnKernelBlock, TX = R.Cols / OwnKernelBlock;
      const int64_t N = TX * TY;
      // (the k chunk shrinks with the threads, so that a thread stages as
      // many elements as in a tile kernel's block: more would need
      // registers for their addresses and values)
      const int64_t C = KChunk * N / TileThreads;
      if (N >= OwnKernelMinThreads && N < TileThreads && C >= 8 &&
          (R.Rows * C) % N == 0 && (R.Cols * C) % N == 0) {
        R.ThreadsX = static_cast<int>(TX);
        R.ThreadsY = static_cast<int>(TY);
        const int64_t Values = OwnKernelBlock * OwnKernelBlock +
                               2 * OwnKernelBlock + (R.Rows + R.Cols) * C / N;
        auto BlocksPerSM = [&](int64_t PerValue, int64_t &Regs) {
          // (allocated in units of 8 registers a thread)
          Regs = (PerValue * Values + 7) / 8 * 8;
          return static_cast<int>(std::min<int64_t>(
              T.MaxThreadsPerSM / N, T.RegistersPerSM / (N * Regs)));
        };
        int64_t Regs = 0, Regs64 = 0;
        R.PartsBlocksPerSM = BlocksPerSM(OwnKernelRegsPerValue, Regs);
        R.PartsBlocksPerSM64 = BlocksPerSM(OwnKernelRegsPerValue64, Regs64);
        KC = C;
        Small = fmt::format(
            "; {} threads a block (its own kernel: {} x {} accumulators a "
            "thread, {} live values a thread given {} registers: {} blocks "
            "per SM; {} and {} with int64 indices)",
            N, OwnKernelBlock, OwnKernelBlock, Values, Regs,
            R.PartsBlocksPerSM, Regs64, R.PartsBlocksPerSM64);
      }
    }
    const int Threads = R.ThreadsX * R.ThreadsY;
    R.RowsPerThread = R.Rows / R.ThreadsY;
    R.ColsPerThread = R.Cols / R.ThreadsX;
    R.KChunk = KC;
    R.XPerThread = R.Rows * KC / Threads;
    R.YPerThread = R.Cols * KC / Threads;
    const std::string &KL = Sp.KVars.back();
    const std::string &ColVar =
        P.M.Tables[P.Stmts[Sp.Stmt].Table].Indices[Sp.ColDim];
    R.XAlongK = accessAlong(P, *Sp.X, KL) == Access::Contiguous;
    R.YAlongCols = accessAlong(P, *Sp.Y, ColVar) == Access::Contiguous;
    bool Vec4 = Sp.Ty == ScalarType::Int32 || Sp.Ty == ScalarType::Float;
    R.VectorRows = Vec4 && R.RowsPerThread % 4 == 0 ? 4 : 1;
    R.VectorCols = Vec4 && R.ColsPerThread % 4 == 0 ? 4 : 1;
    R.PitchX = R.Rows + 4;
    R.PitchY = R.Cols + 4;
    R.StageBytes = KC * (R.PitchX + R.PitchY) * typeBytes(Sp.Ty);
    for (size_t D = Sp.RowDim + 1; D < Sp.BoxSize.size(); ++D)
      R.RowStride *= Sp.BoxSize[D];
    for (size_t D = Sp.ColDim + 1; D < Sp.BoxSize.size(); ++D)
      R.ColStride *= Sp.BoxSize[D];
    R.MaxParts = MaxParts;
    R.Why = fmt::format("rectangular {} x {} product: {} x {} threads, {} x {} "
                        "accumulators each in registers, k staged {} at a time",
                        R.Rows, R.Cols, R.ThreadsY, R.ThreadsX, R.RowsPerThread,
                        R.ColsPerThread, R.KChunk) +
            Small;
    return R;
  }

  /// Threads sharing a cell of a point loop: when every cell under it has
  /// split reductions, all max or min, the block's threads spread over the
  /// cells of an anti-diagonal (at most the tile's longest side) and the
  /// rest share each cell's remainder loops. (A sum's remainder stays on
  /// one thread, in k order, so that the GPU adds its terms in the order
  /// the CPU does.)
  int lanesOf(const LNode &N, const Group &Gr) const {
    bool All = true, Any = false;
    walkNodes(N, [&](const LNode &X) {
      if (X.isCell()) {
        Any = true;
        std::vector<int> Splits = P.splitsOf(X.Ref);
        All = All && !Splits.empty();
        for (int S : Splits)
          All = All && P.Splits[S].Op != RedOp::Sum &&
                P.Splits[S].Op != RedOp::LogSumExp;
      }
      return true;
    });
    if (!Any || !All)
      return 1;
    int64_t Side = 1;
    for (auto S : Gr.TileSizes)
      Side = std::max(Side, S);
    int L = 1;
    while (L < T.WarpSize && L * 2 * Side <= TileThreads)
      L *= 2;
    return L;
  }

  /// Annotates the body of a tile kernel: point loops spread over the
  /// block's threads (lanes per cell); a point step whose wavefront loop
  /// isl removed (one iteration) ends with a barrier.
  void annotateTile(LNode &N, const Group *Gr, bool InWave) {
    if (N.K == LNode::For && N.Role == LoopRole::PointWavefront) {
      // (a barrier ends every step of a point wavefront)
      for (auto &K : N.Kids)
        annotateTile(*K, Gr, true);
      return;
    }
    if (N.K == LNode::For && N.Role == LoopRole::ParallelPoints) {
      N.Map = ThreadMap::Block;
      N.Lanes = Gr ? lanesOf(N, *Gr) : 1;
      N.BarrierAfter = !InWave;
      return; // the loops below run per cell
    }
    if (N.K == LNode::Stmt && N.isCell())
      N.BarrierAfter = !InWave; // a single cell, run by thread 0
    for (auto &K : N.Kids)
      annotateTile(*K, Gr, InWave);
    if (N.Then)
      annotateTile(*N.Then, Gr, InWave);
    if (N.Else)
      annotateTile(*N.Else, Gr, InWave);
  }

  int newKernel(GpuKernel K) {
    G.Kernels.push_back(std::move(K));
    return static_cast<int>(G.Kernels.size()) - 1;
  }

  LNodePtr launch(int K) {
    auto L = std::make_shared<LNode>();
    L->K = LNode::Stmt;
    L->SKind = StmtKind::Launch;
    L->Ref = K;
    return L;
  }

  /// Whether every cell under N can share its reductions between lanes:
  /// no tile products, at least one reduction, each a max, a min or an
  /// integer sum (reassociating them gives the same value), none nested
  /// in another.
  bool laneCells(const LNode &N) const {
    bool Ok = true, Any = false;
    walkNodes(N, [&](const LNode &X) {
      if (!X.isCell())
        return true;
      Any = true;
      if (!P.splitsOf(X.Ref).empty()) {
        Ok = false;
        return false;
      }
      int Reds = 0;
      std::function<void(const VExpr &, int)> Visit = [&](const VExpr &E,
                                                          int Depth) {
        if (E.K == VExpr::Reduce) {
          ++Reds;
          // (a float sum or a logsumexp would round differently)
          bool Exact = E.Op == RedOp::Max || E.Op == RedOp::Min ||
                       (E.Op == RedOp::Sum && isIntType(E.Ty));
          Ok = Ok && Depth == 0 && Exact;
          ++Depth;
        }
        for (auto &K : E.Kids)
          Visit(*K, Depth);
      };
      Visit(*P.Stmts[X.Ref].Body, 0);
      Ok = Ok && Reds > 0;
      return Ok;
    });
    return Ok && Any;
  }

  /// The isl reasons for the loops of the untiled group of the cells
  /// under N (member by member).
  std::string groupReasons(const LNode &N) const {
    const Group *Gr = nullptr;
    walkNodes(N, [&](const LNode &X) {
      if (X.isCell() && !Gr)
        Gr = P.groupOf(X.Ref);
      return !Gr;
    });
    if (!Gr || Gr->ParallelWhy.empty())
      return "";
    std::string R;
    for (size_t D = 0; D < Gr->ParallelWhy.size(); ++D)
      R += fmt::format("{}member {}: {}", R.empty() ? "" : "; ", D,
                       Gr->ParallelWhy[D]);
    return R;
  }

  static void barrierAfterCells(LNode &N) {
    N.BarrierAfter |= N.isCell();
    for (auto &K : N.Kids)
      barrierAfterCells(*K);
    if (N.Then)
      barrierAfterCells(*N.Then);
    if (N.Else)
      barrierAfterCells(*N.Else);
  }

  void markLaneCells(const LNode &N) {
    walkNodes(N, [&](const LNode &X) {
      if (X.isCell())
        G.LaneCells[X.Ref] = true;
      return true;
    });
  }

  /// A loop whose iterations are independent: spread over the whole grid
  /// (grid-stride), a warp per iteration where the cells reduce.
  LNodePtr gridSite(const LNode &N, const std::vector<std::string> &H) {
    GpuKernel K;
    K.Family = KernelFamily::ParallelGrid;
    K.Body = cloneTree(N);
    K.Body->Map = ThreadMap::Grid;
    K.Body->Lanes = laneCells(N) ? T.WarpSize : 1;
    if (K.Body->Lanes > 1)
      markLaneCells(N);
    K.HostIters = H;
    K.Threads = GridThreads;
    K.BlocksPerSM = T.MaxThreadsPerSM / GridThreads;
    K.Why = fmt::format(
        "loop {} ({}): its iterations spread over the "
        "grid, {} blocks of {} threads per SM at most, grid-stride{}",
        N.Iter, groupReasons(N), K.BlocksPerSM, GridThreads,
        K.Body->Lanes > 1
            ? "; a warp per iteration: its lanes share the cell's reduction "
              "and combine it with shuffles"
            : "");
    return launch(newKernel(std::move(K)));
  }

  /// Marks the parallel loops under a sequential one for a single block.
  bool blockLoops(LNode &N) {
    if (N.K == LNode::For && N.Role == LoopRole::Parallel) {
      N.Map = ThreadMap::Block;
      N.Lanes = laneCells(N) ? T.WarpSize : 1;
      if (N.Lanes > 1)
        markLaneCells(N);
      N.BarrierAfter = true;
      return true;
    }
    bool Any = false;
    for (auto &K : N.Kids)
      Any |= blockLoops(*K);
    if (N.Then)
      Any |= blockLoops(*N.Then);
    if (N.Else)
      Any |= blockLoops(*N.Else);
    return Any;
  }

  /// Why a SequentialBlock body (after blockLoops) cannot be shared by
  /// several blocks of a problem ("" if it can; Wide gets the trip counts
  /// of its block loops, times their lanes): every cell must lie in a block
  /// loop (a cell run by one thread would need a barrier of its own), and
  /// the block loops' bounds must not depend on the kernel's own loops (the
  /// host sizes the launch from them before it starts).
  static std::string whyNotSharedSequence(const LNode &Body,
                                          std::vector<IExprPtr> &Wide) {
    std::string Not;
    std::vector<std::string> Iters;
    std::function<void(const LNode &, bool)> Walk = [&](const LNode &N,
                                                        bool InBlock) {
      if (!Not.empty())
        return;
      if (N.K == LNode::Stmt && !InBlock) {
        Not = "a cell outside its parallel loops runs on one thread";
        return;
      }
      bool Block = N.K == LNode::For && N.Map == ThreadMap::Block;
      if (Block) {
        for (auto &I : Iters)
          if (mentions(*N.Lo, I) || mentions(*N.Hi, I)) {
            Not = "the bounds of loop " + N.Iter + " depend on loop " + I;
            return;
          }
        Wide.push_back((N.Hi - N.Lo + IExpr::num(1)) * IExpr::num(N.Lanes));
      }
      if (N.K == LNode::For)
        Iters.push_back(N.Iter);
      for (auto &K : N.Kids)
        Walk(*K, InBlock || Block);
      if (N.Then)
        Walk(*N.Then, InBlock || Block);
      if (N.Else)
        Walk(*N.Else, InBlock || Block);
      if (N.K == LNode::For)
        Iters.pop_back();
    };
    Walk(Body, false);
    if (!Not.empty())
      Wide.clear();
    return Not;
  }

  /// A loop `for c = lo .. hi (step 1) { X_case(c) }` over one statement of
  /// a 1-D int table X whose body is max / min(X[i - 1], e...) with no other
  /// read of X: a running max / min, computed as a scan (KernelFamily::Scan;
  /// fills K's Scan fields). Max and min of ints, infinities included, are
  /// associative, so the scan stores exactly what the loop would, and
  /// evaluates each e(c) with the same checks (twice: idempotent).
  bool scanOf(const LNode &N, GpuKernel &K) const {
    if (N.K != LNode::For || N.Step != 1 || N.Kids.size() != 1)
      return false;
    const LNode *L = N.Kids[0].get();
    while (L && (L->K == LNode::Mark || L->K == LNode::Block) &&
           L->Kids.size() == 1)
      L = L->Kids[0].get();
    if (!L || !L->isCell() || L->Args.size() != 1 ||
        L->Args[0]->K != IExpr::Var || L->Args[0]->Name != N.Iter)
      return false;
    const lir::Statement &St = P.Stmts[L->Ref];
    const TableInfo &Tab = P.M.Tables[St.Table];
    const VExpr &B = *St.Body;
    if (Tab.Indices.size() != 1 || !isIntType(Tab.Type) ||
        !St.MirrorTables.empty() || (B.K != VExpr::Max && B.K != VExpr::Min))
      return false;
    // X[i - 1] once, as an operand; no other read of X in the others.
    IExprPtr Prev = IExpr::var(St.Indices[0]) - IExpr::num(1);
    std::function<bool(const VExpr &)> ReadsX = [&](const VExpr &E) {
      if (E.K == VExpr::Load && effectiveTable(P, E.Table) == St.Table)
        return true;
      for (auto &Kd : E.Kids)
        if (ReadsX(*Kd))
          return true;
      return false;
    };
    int Self = -1;
    std::vector<VExprPtr> Rest;
    for (size_t I = 0; I < B.Kids.size(); ++I) {
      const VExpr &Kd = *B.Kids[I];
      if (Self < 0 && Kd.K == VExpr::Load && Kd.Table == St.Table &&
          Kd.Idx.size() == 1 &&
          iexprToString(*Kd.Idx[0]) == iexprToString(*Prev)) {
        Self = static_cast<int>(I);
        continue;
      }
      if (ReadsX(Kd))
        return false;
      Rest.push_back(B.Kids[I]);
    }
    if (Self < 0 || Rest.empty())
      return false;
    K.ScanStmt = L->Ref;
    K.ScanSelf = Self;
    K.ScanOp = B.K == VExpr::Max ? RedOp::Max : RedOp::Min;
    if (Rest.size() == 1) {
      K.ScanTerm = Rest[0];
    } else {
      auto E = std::make_shared<VExpr>(B);
      E->Kids = Rest;
      E->Events.clear();
      K.ScanTerm = E;
    }
    return true;
  }

  /// Code outside any tiled group that is not a parallel loop: one block
  /// when a sequential loop encloses parallel ones (the block's threads
  /// share them, a barrier after each), else one thread, with the reason.
  LNodePtr serialSite(const LNode &N, const std::vector<std::string> &H) {
    GpuKernel K;
    K.Body = cloneTree(N);
    K.HostIters = H;
    std::string Why = groupReasons(N);
    if (blockLoops(*K.Body)) {
      K.Family = KernelFamily::SequentialBlock;
      K.Threads = T.MaxThreadsPerBlock;
      std::string Not = whyNotSharedSequence(*K.Body, K.Wide);
      K.SharedSequence = Not.empty();
      if (K.SharedSequence)
        K.Why = "a sequential loop around loops whose iterations are "
                "independent (" + Why + "): blocks of " +
                std::to_string(K.Threads) +
                " threads share those, as many per problem as the widest "
                "loop wants and the GPU holds at once (chosen per launch; "
                "a cooperative launch), meeting at a barrier in global "
                "memory after each (one block: __syncthreads)";
      else
        K.Why = "one block: a sequential loop around loops whose iterations "
                "are independent (" + Why + "); its threads share those, a "
                "barrier after each (not shared by several blocks: " + Not +
                ")";
      return launch(newKernel(std::move(K)));
    }
    if (laneCells(N)) {
      // Sequential cells that reduce: one block walks them in order, its
      // threads sharing each cell's reduction (lane 0 stores; the block
      // syncs before the next cell reads it). A block, not a warp: the
      // reduction's loads are latency-bound, and eight warps keep eight
      // times as many in flight (segment at n = 20000: one warp 2.24 s,
      // 256 threads 0.355 s, 512 0.255 s, 1024 0.251 s: sixteen warps).
      K.Family = KernelFamily::SequentialBlock;
      K.Threads = SequentialCellThreads;
      K.Body->Lanes = SequentialCellThreads;
      markLaneCells(N);
      barrierAfterCells(*K.Body);
      K.Why = fmt::format("one block of {} threads: ", SequentialCellThreads) +
              (Why.empty() ? std::string("sequential") : "proven sequential (" + Why + ")") +
              ", each cell's reduction shared by the block's threads (shuffles, "
              "then shared memory), cells in order";
      return launch(newKernel(std::move(K)));
    }
    if (scanOf(N, K)) {
      K.Family = KernelFamily::Scan;
      K.Threads = T.MaxThreadsPerBlock;
      const lir::Statement &St = P.Stmts[K.ScanStmt];
      K.Why = fmt::format(
          "loop {} is sequential ({}), but it is a running {} (a scan): {} = "
          "{}({}[{} - 1], terms that do not read {}); one block of {} "
          "threads per problem folds runs of the terms, scans the runs' "
          "results and folds each run again from the value before it",
          N.Iter, Why.empty() ? std::string("a loop outside any group") : Why,
          redOpName(K.ScanOp), cellText(P.M.Tables[St.Table]),
          redOpName(K.ScanOp), P.M.Tables[St.Table].Name, St.Indices[0],
          P.M.Tables[St.Table].Name, K.Threads);
      return launch(newKernel(std::move(K)));
    }
    K.Family = KernelFamily::Serial;
    K.Threads = 1;
    K.Why = N.K == LNode::For
                ? "proven sequential: " +
                      (Why.empty() ? std::string("a loop outside any group")
                                   : Why)
                : "a single cell (no loop)";
    return launch(newKernel(std::move(K)));
  }

  /// Alignment-like groups (Group::Strip) whose tile rows are a whole
  /// number of warp lanes: one warp per tile, each lane owning a run of
  /// rows in registers (KernelFamily::Strip). False (K untouched) if not.
  bool runsAsStrips(const Group &Gr) const {
    return Gr.Strip && Gr.TileSizes.size() == 2 &&
           Gr.TileSizes[0] % T.WarpSize == 0;
  }
  bool stripKernel(const Group &Gr, GpuKernel &K) {
    if (!runsAsStrips(Gr))
      return false;
    K.Family = KernelFamily::Strip;
    K.Threads = T.WarpSize;
    K.LaneRows = static_cast<int>(Gr.TileSizes[0] / T.WarpSize);
    // Registers: each lane holds two columns of LaneRows cells per table;
    // 16 warps per SM leave up to 128 registers per thread.
    K.MinBlocksPerSM = 16;
    K.Why = fmt::format(
        "alignment-like ({}): one warp per {} x {} tile of a wavefront step, "
        "each lane owning {} rows in registers and running one column behind "
        "the lane above, whose bottom row it takes by a shuffle; the row "
        "above the tile read once into shared memory, no barrier",
        Gr.StripWhy, Gr.TileSizes[0], Gr.TileSizes[1], K.LaneRows);
    K.BranchFree = Gr.BranchFree || Gr.BranchFreeWithSentinels;
    K.Sentinels = !Gr.BranchFree && Gr.BranchFreeWithSentinels;
    if (Gr.BranchFree)
      K.Why += fmt::format(
          "; branch-free cells ({}), the inputs each row reads once per "
          "strip and those each column reads once per step",
          Gr.BranchFreeWhy);
    else if (K.Sentinels)
      K.Why += fmt::format(
          "; branch-free cells in int32 with -inf / +inf carried as the "
          "stored sentinels: no operation can meet inf - inf and the finite "
          "values stay within int32, so +, - and negation keep the "
          "sentinels and only the store checks a value (the checked form "
          "would dispatch on the case: {}); the inputs each row reads once "
          "per strip and those each column reads once per step",
          Gr.BranchFreeWhy);
    else
      K.Why += "; cells dispatch on their case (" + Gr.BranchFreeWhy + ")";
    // Every cell of every table finite int32 (each arm's value bounded by
    // the values it reads and its constants): a cell's store check (within
    // the range kept for int, so that the next cells' int32 arithmetic
    // cannot wrap) is the same check on the lane's running extremes, once
    // when the strip is done; the first value out of range is computed
    // from values in range and is among them.
    // A side needs no check where every arm is a max (min) with a literal
    // operand inside the range: its value cannot leave the range that way.
    K.DeferredChecks = K.BranchFree;
    K.DeferredLow = K.DeferredHigh = false;
    for (int Tb : Gr.StripTables) {
      if (P.M.Tables[Tb].Type != ScalarType::Int32)
        K.DeferredChecks = false;
      for (int S : P.armsOf(Tb)) {
        if (S < 0)
          continue;
        const VExpr &B = *P.Stmts[S].Body;
        if (!evaluatesInInt32(P, B))
          K.DeferredChecks = false;
        K.DeferredLow |= !boundedBy(B, VExpr::Max);
        K.DeferredHigh |= !boundedBy(B, VExpr::Min);
      }
    }
    if (!K.DeferredChecks)
      K.DeferredLow = K.DeferredHigh = false;
    else
      K.Why += fmt::format(
          "; the cells' range check (finite int32 values within the range "
          "kept for int) on each lane's running {}, once when its strip is "
          "done, instead of a test per cell",
          K.DeferredLow && K.DeferredHigh
              ? "maximum and minimum"
              : K.DeferredHigh ? "maximum (every cell is a max with a literal "
                                 "in the range: none can fall below it)"
              : K.DeferredLow ? "minimum (every cell is a min with a literal "
                                "in the range: none can rise above it)"
                              : "extremes (none needed: every cell is a max "
                                "and a min with literals in the range)");
    // Small score lookups in shared memory: a cell's lookup is then a
    // shared-memory read instead of a global one behind its symbols.
    std::set<int> Scores;
    for (int S : Gr.Stmts)
      walkScores(*P.Stmts[S].Body, Scores);
    for (int Sc : Scores) {
      const ScoreInfo &Info = P.M.Scores[Sc];
      int64_t Bytes = static_cast<int64_t>(Info.Lookup.size()) *
                      (isIntType(Info.Type) ? 4 : typeBytes(Info.Type));
      if (K.BranchFree && Bytes <= SharedScoreBytes &&
          (finiteInt32(Info) || (K.Sentinels && laneInt32(Info))))
        K.SharedScores.push_back(Sc);
    }
    if (!K.SharedScores.empty())
      K.Why += fmt::format("; {} score table(s) copied into shared memory "
                           "(at most {} bytes each)",
                           K.SharedScores.size(), SharedScoreBytes);
    // Score rows in registers: a row's entries for every column symbol
    // (at most 8 bytes) in two registers per lane row, a cell's score one
    // byte permute (prmt) by its column's symbol: no shared-memory read
    // and no index arithmetic per cell.
    if (K.BranchFree)
      for (size_t I = 0; I < Gr.StripScoreRows.size(); ++I) {
        const StripScoreRow &SR = Gr.StripScoreRows[I];
        K.ScoreRows.push_back(static_cast<int>(I));
        K.Why += fmt::format(
            "; score {}'s entries for each of the lane's rows' {} kept in "
            "two registers (every column symbol, one byte each): a cell's "
            "score is one byte permute by its column's symbol, not a read "
            "of the table",
            P.M.Scores[SR.Score].Name, Gr.StripLeaves[SR.RowLeaf].Key);
      }
    return true;
  }

  static constexpr int64_t SharedScoreBytes = 8192;
  static void walkScores(const VExpr &E, std::set<int> &Out) {
    if (E.K == VExpr::Score)
      Out.insert(E.ScoreId);
    for (auto &K : E.Kids)
      walkScores(*K, Out);
  }
  /// An int score whose entries are all finite and fit int32 (float and
  /// double scores are copied as they are).
  static bool finiteInt32(const ScoreInfo &S) {
    if (!isIntType(S.Type))
      return true;
    for (auto &V : S.Lookup)
      if (V.K != ScoreValue::Finite || V.I < INT32_MIN || V.I > INT32_MAX)
        return false;
    return true;
  }

  /// An int score whose finite entries lie within the range kept for int
  /// (its infinities become int32 sentinels: GpuKernel::Sentinels).
  static bool laneInt32(const ScoreInfo &S) {
    for (auto &V : S.Lookup)
      if (V.K == ScoreValue::Finite && (V.I < -IntKept || V.I > IntKept))
        return false;
    return true;
  }

  /// Whether a pipelined, branch-free strip kernel stages its stores in
  /// shared memory (GpuKernel::StageStores), and why (not).
  std::string whyNotStaged(const GpuKernel &K) const {
    const Group &Gr = P.Groups[K.Group];
    if (!K.BranchFree)
      return "its cells are not branch-free";
    if (K.SyncCols != T.WarpSize)
      return "its sync chunk is not a warp's width";
    if (Gr.Signs[1] < 0)
      return "its columns run backwards";
    int64_t Bytes = 0;
    for (int Tb : Gr.StripTables) {
      if (!unitStrideIn(P, Tb, 1))
        return P.M.Tables[Tb].Name + "'s columns are not contiguous";
      Bytes += Gr.TileSizes[0] * (2 * K.SyncCols + 1) *
               typeBytes(P.M.Tables[Tb].Type);
    }
    for (int S : Gr.Stmts)
      if (!P.Stmts[S].MirrorTables.empty())
        return "it stores copy tables";
    if (Bytes > StageBytesMax)
      return fmt::format("the ring would take {} bytes of shared memory", Bytes);
    return "";
  }
  static constexpr int64_t StageBytesMax = 40 * 1024;

  /// The work of one tile of a parallel-tiles region.
  LNodePtr tileSite(const LNode &N, const std::vector<std::string> &H,
                    const std::vector<std::string> &TI) {
    GpuKernel K;
    K.Family = KernelFamily::TileWavefront;
    K.Body = cloneTree(N);
    K.HostIters = H;
    K.TileIters = TI;
    K.Threads = TileThreads;
    const Group *Gr = tiledGroupOf(P, N);
    if (Gr)
      K.Group = static_cast<int>(Gr - P.Groups.data());
    if (Gr && stripKernel(*Gr, K))
      return launch(newKernel(std::move(K)));
    annotateTile(*K.Body, Gr, false);
    std::set<int> Splits;
    collectSplits(P, N, Splits);
    // The tile's dominant register-blocked int32 or int64 product (atomicMax
    // / Min combine the parts): its own kernel, split over k, so that a step
    // with few tiles still fills the GPU. Dominant: the tile's only product,
    // or the one with more contraction indices than every other (its work
    // grows with a range the tile does not bound: BPMax's k1).
    int Dominant = -1;
    if (hasProduct(N)) {
      for (int S : Splits) {
        size_t KS = P.Splits[S].KVars.size();
        bool Above = true;
        for (int O : Splits)
          Above &= O == S || P.Splits[O].KVars.size() < KS;
        if (Above)
          Dominant = S;
      }
    }
    if (Dominant >= 0) {
      int S = Dominant;
      const SplitInfo &Sp = P.Splits[S];
      if (whyNotRegisterBlocked(Sp).empty() &&
          (Sp.Ty == ScalarType::Int32 || Sp.Ty == ScalarType::Int64)) {
        K.SplitK = S;
        GpuProduct &GP = G.Products[S];
        GP = registerBlocked(Sp, /*OwnKernel=*/true);
        GP.Form = GpuProductForm::SplitK;
        K.SplitKMinBlocksPerSM = GP.PartsBlocksPerSM;
        K.SplitKMinBlocksPerSM64 = GP.PartsBlocksPerSM64;
        GP.Why += std::string(Splits.size() == 1
                                  ? "; the tile's only product"
                                  : "; the tile's dominant product (more "
                                    "contraction indices than the others)") +
                  ", of ints: a kernel of its own, k split between up to " +
                  std::to_string(MaxParts) +
                  " blocks per tile so that steps with few tiles fill the GPU "
                  "(atomic " +
                  std::string(redOpName(Sp.Op)) + " combines the parts)" +
                  (Sp.KVars.size() > 1
                       ? "; the blocks take the chunks of all its k loops in "
                         "turn (the outer contraction indices are split too)"
                       : "");
        K.SplitKBytes = GP.StageBytes;
        // (the host's launches are keyed by the wavefront step alone)
        if (Sp.OldLo && K.HostIters.size() == 1 && Sp.KVars.size() == 1) {
          // Short blocks: a block of the older part holds its SM's
          // registers until it ends, and the tile kernel's blocks (the
          // critical path) wait for SMs; in parts for 16 blocks per SM (8
          // rounds of two; at most MaxParts a tile) they free up often
          // (n = 16000: 0.156 s at the parts that fill the GPU once, 0.129
          // s at 32 a tile; 2026-11-28 calls 8-10), and a step of many
          // small tiles (a batch) is not cut into empty blocks.
          K.Overlap = true;
          GP.OverlapBlocksPerSM = 16;
          GP.Why += fmt::format(
              "; the k whose reads lie two wavefront steps back or more (isl) "
              "on a second stream of lower priority, beside the previous "
              "step's tile kernel, in parts for {} blocks per SM (short "
              "blocks free SMs for the tile kernel); the others (the k "
              "reading the previous step's tiles) just before the tile kernel",
              GP.OverlapBlocksPerSM);
        }
      }
    }
    // Shared memory: accumulators, then the staging buffers of in-block
    // register-blocked products (one runs at a time), then the tile copy.
    // The split-K product's accumulator stays in its global slot: each cell
    // reads its element once, so a shared copy only costs the block shared
    // memory (16 KB of Nussinov's 70: three blocks per SM instead of four
    // for a batch's steps of many tiles) and a pass over the tile.
    int64_t Off = 0;
    for (int S : Splits) {
      if (S == K.SplitK && !P.Splits[S].SoftInf) {
        if (!G.Products[S].AccInPlace)
          G.Products[S].Why += "; the tile kernel's cells read its "
                               "accumulator in place from the tile's global "
                               "slot (no shared copy)";
        G.Products[S].AccInPlace = true;
        continue;
      }
      K.AccOffset[S] = Off;
      Off = align16(Off + accElements(P.Splits[S]) * typeBytes(P.Splits[S].Ty));
    }
    int64_t Stage = 0;
    for (int S : Splits)
      if (S != K.SplitK && G.Products[S].Form == GpuProductForm::RegisterBlocked)
        Stage = std::max(Stage, G.Products[S].StageBytes);
    K.StageOffset = Off;
    Off = align16(Off + Stage);
    // The tile's copy of each table, its rows padded where that spreads
    // the warps' reads over more banks (Lower/ChooseSharedPitch.cpp), the
    // layout chosen at the group's first kernel.
    auto Fits = [&](int64_t End) {
      return 2 * (End + T.SharedReservedPerBlock) <= T.SharedPerSM;
    };
    if (Gr)
      for (int Tb : Gr->Tables) {
        auto [It, New] = G.CopyLayout.try_emplace(Tb);
        SharedLayout &L = It->second;
        if (New) {
          L = chooseSharedLayout(P, *K.Body, *Gr,
                                 SharedArray{Tb, -1, 0, Gr->TileSizes},
                                 T.WarpSize);
          if (L.volume() != boxVolume(Gr->TileSizes) &&
              !Fits(Off + L.volume() * typeBytes(P.M.Tables[Tb].Type)) &&
              Fits(Off + boxVolume(Gr->TileSizes) *
                             typeBytes(P.M.Tables[Tb].Type))) {
            L.Why += "; unpadded: padded, two blocks would not fit an SM";
            L.Extents = Gr->TileSizes;
          }
        }
        K.CurOffset[Tb] = Off;
        Off = align16(Off + L.volume() * typeBytes(P.M.Tables[Tb].Type));
      }
    // What the remainder loops of a tile read outside it (SplitInfo::XRest
    // / YRest: a box isl bounds per tile), copied into shared memory at the
    // tile's start where two blocks per SM still fit: the remainder's k
    // loops then read shared memory only, not a global load each (~180
    // cycles an iteration of Nussinov's, gpu-runs/2026-11-28/call1).
    std::string RestWhy;
    if (Gr)
      for (int S : Splits) {
        const SplitInfo &Sp = P.Splits[S];
        if (!G.TileCopy[K.Group] ||
            !std::count(Gr->Stmts.begin(), Gr->Stmts.end(), Sp.Stmt))
          continue;
        for (int O = 0; O < 2; ++O) {
          const SplitInfo::RestBox &B = Sp.rest(O);
          if (B.Table < 0)
            continue;
          const int64_t Bytes = typeBytes(P.M.Tables[B.Table].Type);
          SharedLayout &L = G.Products[S].RestLayout[O];
          if (!G.Products[S].StageRest[O]) {
            L = chooseSharedLayout(P, *K.Body, *Gr,
                                   SharedArray{B.Table, S, O, B.Size},
                                   T.WarpSize);
            if (!Fits(align16(Off + L.volume() * Bytes)) &&
                L.volume() != B.volume()) {
              L.Why += "; unpadded: padded, two blocks would not fit an SM";
              L.Extents = B.Size;
            }
          }
          int64_t End = align16(Off + L.volume() * Bytes);
          // (a statement's copy of the box is in every kernel of its group)
          if (!G.Products[S].StageRest[O] && !Fits(End)) {
            L = SharedLayout{};
            continue;
          }
          K.RestOffset[{S, O}] = Off;
          Off = End;
          G.Products[S].StageRest[O] = true;
          std::string Box;
          for (int64_t Sz : B.Size)
            Box += (Box.empty() ? "" : " x ") + std::to_string(Sz);
          RestWhy += fmt::format("{}{} of tile product {} ({} cells of {})",
                                 RestWhy.empty() ? "" : ", ", O ? "Y" : "X",
                                 S, Box, P.M.Tables[B.Table].Name);
        }
      }
    K.SharedBytes = std::max<int64_t>(Off, 16);
    K.SharedOptIn = K.SharedBytes > T.SharedPerBlockDefault;
    // Two blocks per SM, so that one block's latency hides behind the
    // other's work -- unless several tile products need the registers, or
    // one register-blocked product of 64-bit values evaluates terms that
    // depend on k at every update (ptxas spills 288 bytes per thread of
    // matrix chain's at the 128 registers two blocks allow, none at 243).
    auto Wide = [&](int S) {
      return !P.Splits[S].KTerms.empty() && typeBytes(P.Splits[S].Ty) == 8;
    };
    bool WideTerms = false;
    for (int S : Splits)
      WideTerms |= Wide(S) && G.Products[S].Form == GpuProductForm::RegisterBlocked;
    if (K.SplitK >= 0 && Wide(K.SplitK)) {
      K.SplitKMinBlocksPerSM = K.SplitKMinBlocksPerSM64 = 1;
      G.Products[K.SplitK].Why +=
          "; one block per SM in its launch bounds: its 64-bit updates with "
          "terms that depend on k need more than 128 registers a thread";
    }
    // (two blocks need twice the shared memory: where it does not fit, one
    // block per SM, and the registers of two for it)
    bool OneFits = 2 * (K.SharedBytes + T.SharedReservedPerBlock) > T.SharedPerSM;
    // Two blocks also where the products left in the block are small (at
    // most 2 x 2 accumulators a thread, or generic): BPMax's tile kernel,
    // its double reduction in a kernel of its own, ran 13% faster at the
    // 128 registers two blocks allow (68 bytes spilled) than at its 172
    // (gpu-runs/2026-11-26b/call8).
    size_t InBlock = 0;
    bool Small = true;
    for (int S : Splits) {
      if (S == K.SplitK)
        continue;
      ++InBlock;
      const GpuProduct &GP = G.Products[S];
      Small &= GP.Form != GpuProductForm::RegisterBlocked ||
               GP.RowsPerThread * GP.ColsPerThread <= 4;
    }
    // A second instance at four blocks per SM where no product is left in
    // the block, or only small ones (as above), and their shared memory
    // fits: such a block runs mostly the in-tile phase, a chain of
    // barrier-separated steps bound by latency, so with many tiles in a
    // step (a batch of small problems) resident blocks hide it (the
    // 2000-RNA batch of generated/nussinov 28.7 -> 21.9 ms), while a step
    // of few tiles wants each block fast (chang n = 16000 0.186 -> 0.206 s
    // at four, nussinov_weighted n = 8000 0.070 -> 0.075 s: the registers
    // of two blocks): the host launches the four-block instance for a step
    // of at least four tiles per SM (gpu-runs/2026-11-26c/call8). BPMax's F
    // tile kernel (2 x 2 and generic products left in it) at four blocks:
    // 63 registers, no spills, 0.128 -> 0.118 s at N = M = 128, 0.787 ->
    // 0.729 s at 192 (every launch at four there; gpu-runs/2026-11-29d
    // call 6).
    const bool FourFit =
        4 * (K.SharedBytes + T.SharedReservedPerBlock) <= T.SharedPerSM &&
        4 * TileThreads <= T.MaxThreadsPerSM;
    K.MinBlocksPerSM =
        WideTerms || OneFits ? 1 : Splits.size() <= 1 || (InBlock > 0 && Small) ? 2 : 0;
    K.BusyBlocksPerSM =
        !WideTerms && !OneFits && (InBlock == 0 || Small) && FourFit ? 4 : 0;
    K.Why = std::string("one block of ") + std::to_string(TileThreads) +
            " threads per tile of a wavefront step" +
            (K.MinBlocksPerSM == 2 ? ", two blocks per SM" : "") +
            (K.BusyBlocksPerSM
                 ? fmt::format(
                       "; a second instance at {0} blocks per SM for steps of "
                       "at least {0} tiles per SM ({1}: its in-tile phase, "
                       "barrier-separated steps bound by latency, wants "
                       "resident blocks where a step has many tiles, "
                       "registers where it has few)",
                       K.BusyBlocksPerSM,
                       InBlock == 0 ? "no product left in the block"
                                    : "only small products left in the "
                                      "block")
                 : "") +
            (WideTerms ? "; one block per SM in its launch bounds: the "
                         "product's 64-bit updates with terms that depend on "
                         "k need more than 128 registers a thread"
                       : "") +
            (OneFits && !WideTerms
                 ? fmt::format("; one block per SM in its launch bounds: two "
                               "blocks' {} bytes of shared memory do not fit "
                               "in an SM's {}",
                               K.SharedBytes, T.SharedPerSM)
                 : "") +
            (Gr ? "; the tile's cells copied into shared memory" : "") +
            (RestWhy.empty()
                 ? ""
                 : "; what the remainder loops read outside the tile too: " +
                       RestWhy);
    return launch(newKernel(std::move(K)));
  }

  /// Inside a parallel-tiles region: the host enumerates tile-level nodes;
  /// any other node is the body of a kernel run by one block per tile.
  LNodePtr tileHost(const LNode &N, const std::vector<std::string> &H,
                    std::vector<std::string> &TI) {
    if (!isTileLevel(N))
      return tileSite(N, H, TI);
    auto C = std::make_shared<LNode>(N);
    switch (N.K) {
    case LNode::For:
      TI.push_back(N.Iter);
      for (auto &K : C->Kids)
        K = tileHost(*K, H, TI);
      TI.pop_back();
      break;
    case LNode::If:
      C->Then = tileHost(*N.Then, H, TI);
      if (N.Else)
        C->Else = tileHost(*N.Else, H, TI);
      break;
    default:
      for (auto &K : C->Kids)
        K = tileHost(*K, H, TI);
      break;
    }
    return C;
  }

  /// Host level: tiled groups run their wavefront loops on the host; code
  /// outside any tiled group runs in a kernel of its own.
  LNodePtr host(const LNode &N, std::vector<std::string> &H, bool InTiles) {
    if (N.K == LNode::Mark && N.MarkName == "parallel_tiles") {
      std::vector<std::string> TI;
      if (isTileLevel(N))
        return tileHost(N, H, TI);
      // One tile per step (isl removed the tile loop): the mark stays on
      // the host, around the launch of that tile.
      auto C = std::make_shared<LNode>(N);
      C->Kids = {tileSite(N, H, TI)};
      return C;
    }
    auto C = std::make_shared<LNode>(N);
    switch (N.K) {
    case LNode::Mark:
      for (auto &K : C->Kids)
        K = host(*K, H, InTiles || N.MarkName == "tiles");
      return C;
    case LNode::Block:
      for (auto &K : C->Kids)
        K = host(*K, H, InTiles);
      return C;
    case LNode::If:
      C->Then = host(*N.Then, H, InTiles);
      if (N.Else)
        C->Else = host(*N.Else, H, InTiles);
      return C;
    case LNode::For:
      if (InTiles) {
        H.push_back(N.Iter);
        for (auto &K : C->Kids)
          K = host(*K, H, InTiles);
        H.pop_back();
        return C;
      }
      if (N.Role == LoopRole::Parallel)
        return gridSite(N, H);
      return serialSite(N, H);
    case LNode::Stmt:
      return serialSite(N, H);
    }
    return C;
  }

  void run() {
    G.Products.assign(P.Splits.size(), GpuProduct{});
    for (size_t S = 0; S < P.Splits.size(); ++S) {
      std::string Not = whyNotRegisterBlocked(P.Splits[S]);
      if (Not.empty()) {
        G.Products[S] = registerBlocked(P.Splits[S]);
      } else {
        G.Products[S].Form = GpuProductForm::Generic;
        G.Products[S].Why = "generic: " + Not;
        // The cell guard is over the cell's indices alone (SplitInfo::
        // CellGuard), so a thread tests it once per cell and runs the k
        // loops inside: its loads at successive k do not wait behind a
        // test each (BPMax's S1[i1, k1] + F[k1 + 1, ...]: the tile
        // kernel's most sampled stalls, docs/benchmarks.md).
        G.Products[S].Why +=
            "; each thread's cells one after another, the cell's guard "
            "tested once and the k loops inside (no test per k" +
            std::string(P.Splits[S].RowMask ? " but the masks" : "") + ")";
      }
    }
    // A tiled group with a wavefront computes its tiles from a shared-memory
    // copy of the tile; its statements with split reductions share a cell's
    // remainder between lanes.
    G.LaneCells.assign(P.Stmts.size(), false);
    G.LaneShared.assign(P.Stmts.size(), false);
    for (auto &Gr : P.Groups) {
      G.TileCopy.push_back(Gr.Tiled && !Gr.Signs.empty() && !runsAsStrips(Gr));
      for (int S : Gr.Stmts) {
        G.LaneShared[S] = G.TileCopy.back() && !P.splitsOf(S).empty();
      }
    }
    std::vector<std::string> H;
    G.Host = host(*P.Loops, H, false);
    pipelineStrips(*G.Host);
    fuseRowReductions();
  }

  /// Pipelined strip kernels compute their group's row reductions
  /// (Group::RowReductions) as they sweep, where the reduction's own
  /// kernel computes nothing else and is the only one that computes it:
  /// that kernel is dropped (its launch becomes a mark saying which kernel
  /// computes it) and the kernels after it renumbered.
  void fuseRowReductions() {
    std::vector<std::set<int>> Computes(G.Kernels.size());
    for (size_t K = 0; K < G.Kernels.size(); ++K)
      walkNodes(*G.Kernels[K].Body, [&](const LNode &N) {
        if (N.K == LNode::Stmt && N.SKind == StmtKind::Cell)
          Computes[K].insert(N.Ref);
        return true;
      });
    std::vector<int> Dropped(G.Kernels.size(), -1); // -> the fusing kernel
    for (size_t K = 0; K < G.Kernels.size(); ++K) {
      GpuKernel &Kn = G.Kernels[K];
      if (Kn.Family != KernelFamily::Strip)
        continue;
      for (const RowReduction &RR : P.Groups[Kn.Group].RowReductions) {
        const std::string &Name = P.M.Tables[RR.Table].Name;
        std::vector<size_t> Own;
        for (size_t O = 0; O < G.Kernels.size(); ++O)
          if (Computes[O].count(RR.Stmt))
            Own.push_back(O);
        std::string Not =
            !Kn.Pipelined ? "the strip kernel is not pipelined (a lane's "
                            "registers do not live across its row's tiles)"
            : Own.size() != 1 || Computes[Own[0]].size() != 1
                ? Name + "'s kernel computes other statements too"
                : "";
        if (!Not.empty()) {
          Kn.Why += "; " + Name + " not computed here: " + Not;
          continue;
        }
        Kn.RowReductions.push_back(RR);
        Dropped[Own[0]] = static_cast<int>(K);
        Kn.Why += fmt::format(
            "; computes {0} = {1} over each row of {2} as it goes (each lane "
            "its rows' running {1}, stored when the strip is done) instead "
            "of a second pass over {2}",
            Name, redOpName(RR.Op), P.M.Tables[RR.Source].Name);
      }
    }
    if (std::count(Dropped.begin(), Dropped.end(), -1) ==
        static_cast<std::ptrdiff_t>(Dropped.size()))
      return;
    for (size_t K = 0; K < G.Kernels.size(); ++K)
      if (Dropped[K] >= 0)
        for (int S : Computes[K])
          G.LaneCells[S] = false; // (no kernel computes it on its own)
    std::vector<int> NewIndex(G.Kernels.size(), -1);
    std::vector<GpuKernel> Kept;
    for (size_t K = 0; K < G.Kernels.size(); ++K)
      if (Dropped[K] < 0) {
        NewIndex[K] = static_cast<int>(Kept.size());
        Kept.push_back(std::move(G.Kernels[K]));
      }
    std::function<void(LNodePtr &)> Renumber = [&](LNodePtr &N) {
      if (N->K == LNode::Stmt && N->SKind == StmtKind::Launch) {
        if (Dropped[N->Ref] >= 0) {
          std::string Names;
          for (int S : Computes[N->Ref])
            Names += (Names.empty() ? "" : ", ") + P.Stmts[S].Name;
          auto Mk = std::make_shared<LNode>();
          Mk->K = LNode::Mark;
          Mk->MarkName = fmt::format("{}: computed by kernel {}'s sweep",
                                     Names, NewIndex[Dropped[N->Ref]]);
          N = Mk;
        } else {
          auto C = std::make_shared<LNode>(*N);
          C->Ref = NewIndex[N->Ref];
          N = C;
        }
        return;
      }
      auto C = std::make_shared<LNode>(*N);
      for (auto &K : C->Kids)
        Renumber(K);
      if (C->Then)
        Renumber(C->Then);
      if (C->Else)
        Renumber(C->Else);
      N = C;
    };
    Renumber(G.Host);
    G.Kernels = std::move(Kept);
  }


  /// Strip kernels whose wavefront is `for c0 { parallel_tiles: for c1 {
  /// launch } }` (unit steps) with the tile at (c0 - c1, c1) become
  /// pipelined (GpuKernel::Pipelined): the strips
  /// (c0 - c1) all run at once, each walking its row of tiles and waiting
  /// on the strip above, instead of one launch per wavefront step.
  void pipelineStrips(const LNode &N) {
    if (N.K == LNode::For && N.Role == LoopRole::TileWavefront &&
        N.Kids.size() == 1) {
      const LNode *M = unwrap(N.Kids[0].get());
      bool IsMark = M->K == LNode::Mark && M->MarkName == "parallel_tiles" &&
                    M->Kids.size() == 1;
      const LNode *Tl = IsMark ? unwrap(M->Kids[0].get()) : nullptr;
      const LNode *L = Tl && Tl->K == LNode::For && Tl->Kids.size() == 1
                           ? unwrap(Tl->Kids[0].get())
                           : nullptr;
      if (L && L->K == LNode::Stmt && L->SKind == StmtKind::Launch) {
        GpuKernel &K = G.Kernels[L->Ref];
        std::vector<IExprPtr> Tile = tileStartArgs(*K.Body, K.Group);
        if (K.Family == KernelFamily::Strip && Tile.size() == 2 &&
            Tl->Step == 1 && N.Step == 1 &&
            onlyTerms(Tile[0], N.Iter, 1, Tl->Iter, -1) &&
            onlyTerms(Tile[1], N.Iter, 0, Tl->Iter, 1) && !K.HostIters.empty() &&
            K.HostIters.back() == N.Iter) {
          K.Pipelined = true;
          K.WaveIter = N.Iter;
          K.TileIter = Tl->Iter;
          K.WaveLo = N.Lo;
          K.WaveHi = N.Hi;
          K.TileLo = Tl->Lo;
          K.TileHi = Tl->Hi;
          K.HostIters.pop_back();
          K.TileIters = {"dpc_t0"};
          // The sync unit: a warp's width of columns (a shorter wait for
          // the strip below) when it divides the tile's columns.
          const int64_t Cols = P.Groups[K.Group].TileSizes[1];
          K.SyncCols = static_cast<int>(Cols % T.WarpSize == 0 ? T.WarpSize
                                                               : Cols);
          K.Why += fmt::format(
              "; pipelined: one launch for the whole wavefront, a warp per "
              "strip of tiles ({} - {}) taken in order, sweeping the strip's "
              "columns without draining its lanes between tiles, waiting on "
              "the strip above and publishing its own progress every {} "
              "columns (a progress flag per strip), so that every strip runs "
              "at once, each {} + {} steps behind the one above",
              N.Iter, Tl->Iter, K.SyncCols, K.SyncCols, T.WarpSize - 1);
          // Whole chunks: lane 0 enters a chunk at its first step, the
          // last lane leaves the chunk before Lanes - 1 steps later
          // (offset Before = chunkLeaveStep in the chunk); the steps between the two events
          // are unrolled by the largest divisor of Before up to 8 (more
          // steps in one block let the compiler overlap their symbol and
          // score loads; a longer body only grows the code).
          // Only branch-free cells (with the warp's wait, WarpWaits): steps
          // that dispatch on their case measured slower with either
          // (gotoh 30000^2: 79 -> 129 ms, banded 45000: 59 -> 96 ms).
          const int Before = K.chunkLeaveStep();
          if (K.BranchFree) {
            K.WarpWaits = true;
            K.ChunkUnroll = 1;
            for (int D = 1; D <= std::min(Before, 8); ++D)
              if (Before % D == 0)
                K.ChunkUnroll = D;
            K.Why += fmt::format(
                "; a whole chunk of {} steps at a time where it lies in one "
                "phase (interior or guarded), its wait and the chunk before's "
                "publication at fixed offsets (no test per step), the steps "
                "between them unrolled by {}",
                K.SyncCols, K.ChunkUnroll);
            K.Why += "; the whole warp waits (sleeping) for the strip "
                     "above, which publishes its progress with a release "
                     "store";
            // A strip with a boundary row (the first, row 0; the last,
            // rows past the end) has no interior block: measured at 1.76x
            // an interior strip's time in the database search (H100,
            // gpu-runs/2026-11-27 call 1), most of it the per-cell column
            // and domain tests a row-decided block does not need.
            if (P.Groups[K.Group].RowBlockGuard && P.Groups[K.Group].InteriorGuard) {
              K.RowDecidedRuns = true;
              K.Why += "; a strip without interior blocks (a boundary row) "
                       "runs its first run of blocks where every cell's case "
                       "depends on its row alone (isl) with each lane's rows' "
                       "cases chosen once at the run's start, not tested per "
                       "cell";
            }
          } else {
            K.Why += "; one step at a time, its chunk's events tested at each, "
                     "lane 0 waiting on the strip above with fences (cells "
                     "that dispatch on their case: whole unrolled chunks and "
                     "the warp's wait measured slower: gotoh 30000^2 79 -> 86 "
                     "ms, banded 59 -> 96 ms)";
          }
          std::string NotStaged = whyNotStaged(K);
          K.StageStores = NotStaged.empty();
          K.Why += K.StageStores
                       ? fmt::format(
                             "; stores staged in a shared-memory ring of two "
                             "{}-column chunks and written back a row of a "
                             "chunk at a time (coalesced) when the chunk is "
                             "published",
                             K.SyncCols)
                       : "; a store per cell (not staged: " + NotStaged + ")";
        }
      }
    }
    for (auto &K : N.Kids)
      pipelineStrips(*K);
    if (N.Then)
      pipelineStrips(*N.Then);
    if (N.Else)
      pipelineStrips(*N.Else);
  }
};

//===-- the CPU ------------------------------------------------------------===//

struct CpuMapper {
  Program &P;
  const CpuTarget &T;
  CpuPlan &C;

  /// The register-blocked form applies where some tiles read only inside
  /// the operand tables (BoxGuard), the columns are the last cell index
  /// (rows of the accumulator are contiguous), Y runs along them
  /// contiguously and X does not depend on them (or both operands run
  /// contiguously along k instead), and U(T) ends in one chunkable k loop.
  std::optional<CpuBlock> block(const SplitInfo &Sp, std::string &Why) const {
    const TableInfo &Tab = P.M.Tables[P.Stmts[Sp.Stmt].Table];
    size_t Dims = Tab.Indices.size();
    if (!Sp.Rectangular) {
      Why = "not rectangular";
      return std::nullopt;
    }
    // Operands that may be infinite are read clamped, and a masked
    // product's box holds terms outside its cells' ranges: the guarded
    // form packs each operand element as its load guard says.
    const bool Guarded = Sp.SoftInf;
    DPC_ASSERT(!Guarded || Sp.Ty == ScalarType::Int32,
               "clamped operands of a type other than int32");
    if (Guarded && (!Sp.XLoadGuard || !Sp.YLoadGuard)) {
      Why = "the operands may be infinite and an operand is read through a "
            "copy table (no load guard from lowering)";
      return std::nullopt;
    }
    if (Sp.Op == RedOp::LogSumExp) {
      Why = "a logsumexp (no vector form of its log1p and exp)";
      return std::nullopt;
    }
    if (!Sp.KTerms.empty()) {
      Why = "the body has terms that depend on k (evaluated at every update "
            "of a cell of the domain; the blocked form computes whole boxes)";
      return std::nullopt;
    }
    if (!Guarded && !Sp.BoxGuard) {
      Why = "no tile reads only inside the operand tables";
      return std::nullopt;
    }
    if (Sp.ColDim != static_cast<int>(Dims) - 1) {
      Why = "the columns are not the last cell index";
      return std::nullopt;
    }
    if (!allChunkable(*Sp.ProductLoops)) {
      Why = "U(T) has points outside a loop over the last contraction index";
      return std::nullopt;
    }
    for (size_t D = 0; D < Dims; ++D)
      if (static_cast<int>(D) != Sp.RowDim && static_cast<int>(D) != Sp.ColDim &&
          Sp.BoxSize[D] != 1) {
        Why = "the tile box is more than one wide outside its rows and columns";
        return std::nullopt;
      }
    const std::string &Col = Tab.Indices[Sp.ColDim];
    CpuBlock B;
    B.Lanes = T.VectorBytes / typeBytes(Sp.Ty);
    int64_t BR = Sp.BoxSize[Sp.RowDim], BC = Sp.BoxSize[Sp.ColDim];
    const std::string &KL = Sp.KVars.back();
    // (not for a sum: its vector of partial results along k would add the
    // terms in another order than the GPU's product)
    if (Sp.Op != RedOp::Sum && !Guarded &&
        accessAlong(P, *Sp.X, KL) == Access::Contiguous &&
        accessAlong(P, *Sp.Y, KL) == Access::Contiguous && BR % 4 == 0 &&
        BC % 4 == 0 && accessAlong(P, *Sp.Y, Col) != Access::Contiguous) {
      B.KVec = true;
      B.Rows = B.Cols = 4;
      Why = fmt::format("register-blocked where the tile reads inside the "
                        "tables: both operands run along k, so 4 x 4 cells, "
                        "each a vector of {} partial results along k",
                        B.Lanes);
      return B;
    }
    if (accessAlong(P, *Sp.Y, Col) != Access::Contiguous ||
        accessAlong(P, *Sp.X, Col) != Access::Fixed) {
      Why = "Y is not contiguous along the columns, or X moves with them";
      return std::nullopt;
    }
    if (BC % B.Lanes != 0 || BC / B.Lanes > 8) {
      Why = "the columns are not a small multiple of the vector width";
      return std::nullopt;
    }
    B.NV = BC / B.Lanes;
    // About half the vector registers hold accumulators; the rest hold Y
    // and X.
    B.Rows = std::max<int64_t>(1, (T.VectorRegisters / 2) / B.NV);
    while (BR % B.Rows != 0)
      --B.Rows;
    if (Guarded && accessAlong(P, *Sp.X, KL) != Access::Contiguous) {
      Why = "the operands may be infinite and X does not run along k (its "
            "guarded pack would load element by element)";
      return std::nullopt;
    }
    if (Guarded) {
      // Packing a chunk costs about (rows + columns) guarded loads a k
      // against rows x columns updates; two vectors of k at a time (32
      // int32) keep both packs (4 KiB each for a 32 x 32 box) in the L1
      // cache, and X's pack along k whole vectors.
      B.Guarded = true;
      B.KChunk = 2 * B.Lanes;
      // With an outer contraction index the packs read other rows (of
      // another plane of the table) at each of its values: prefetched one
      // value ahead, they come from cache (BPMax N = M = 96, one thread:
      // 4.95 -> 4.33 s by hand, docs/benchmarks.md).
      if (Sp.KVars.size() >= 2)
        B.PrefetchOuter = Sp.KVars[Sp.KVars.size() - 2];
      Why = fmt::format(
          "register-blocked in every tile: {} rows x {} columns of "
          "accumulators in {} vectors of {} lanes; the operands may be "
          "infinite{}, so each chunk of {} k first packs X's rows and Y's "
          "columns, an element clamped where its load guard holds and the "
          "masked value elsewhere{}",
          B.Rows, BC, B.Rows * B.NV, B.Lanes,
          Sp.RowMask ? " and the product is masked" : "", B.KChunk,
          B.PrefetchOuter.empty()
              ? std::string()
              : "; each pack prefetches its rows at the next " +
                    B.PrefetchOuter);
      return B;
    }
    // All blocks of rows pass over one chunk of k before the next: Y's
    // rows of the chunk stay in cache (Nussinov n = 8000 on 16 threads,
    // 0.944 -> 0.617 s with k in chunks of 512, docs/benchmarks.md).
    const int64_t YRowBytes = BC * typeBytes(Sp.Ty);
    B.KChunk = std::max<int64_t>(B.Lanes, T.ChunkBytes / YRowBytes);
    Why = fmt::format("register-blocked where the tile reads inside the "
                      "tables: {} rows x {} columns of accumulators in {} "
                      "vectors of {} lanes; k in chunks of {} (Y's chunk, "
                      "{} KiB, stays in cache while every block of {} rows "
                      "passes over it)",
                      B.Rows, BC, B.Rows * B.NV, B.Lanes, B.KChunk,
                      B.KChunk * YRowBytes / 1024, B.Rows);
    return B;
  }

  /// The loop order of the plain form: the last cell index innermost when
  /// both operands are fixed or contiguous along it (a row of accumulators,
  /// vectorised); else the last contraction index innermost when they are
  /// along that (a vectorised reduction per cell); else the first.
  CpuProduct product(const SplitInfo &Sp) const {
    CpuProduct R;
    const std::string &Last = P.M.Tables[P.Stmts[Sp.Stmt].Table].Indices.back();
    auto Streams = [&](const std::string &Var) {
      return accessAlong(P, *Sp.X, Var) != Access::Other &&
             accessAlong(P, *Sp.Y, Var) != Access::Other;
    };
    R.Loops = Sp.CpuLoops;
    if (!Streams(Last) && Sp.CpuLoopsKInner && Streams(Sp.KVars.back())) {
      R.Loops = Sp.CpuLoopsKInner;
      R.KInner = true;
    }
    std::string Why;
    R.Block = block(Sp, Why);
    R.Flagged = isIntType(Sp.Ty) && !Sp.KTerms.empty() && !Sp.SoftInf;
    R.Why = (R.KInner ? "k innermost (one reduction per cell)"
                      : "the last index innermost (a row of accumulators)") +
            std::string("; ") + (R.Block ? Why : "not register-blocked: " + Why) +
            (R.Flagged ? "; its updates keep their overflows in a flag (no "
                         "branch: the loops vectorise), a tile whose flag is "
                         "set computed again with the checked arithmetic"
                       : "");
    return R;
  }

  /// Whether some loop inside N has a bound that depends on N's iterator:
  /// N's iterations differ in work (the rows of a triangle).
  static bool unevenIterations(const LNode &Body, const std::string &Iter) {
    if (Body.K == LNode::For &&
        (mentions(*Body.Lo, Iter) || mentions(*Body.Hi, Iter)))
      return true;
    for (auto &K : Body.Kids)
      if (unevenIterations(*K, Iter))
        return true;
    return (Body.Then && unevenIterations(*Body.Then, Iter)) ||
           (Body.Else && unevenIterations(*Body.Else, Iter));
  }

  /// The groups of the cells under N.
  void groupsUnder(const LNode &N, std::set<int> &Out) const {
    if (N.isCell())
      if (const Group *G = P.groupOf(N.Ref))
        Out.insert(static_cast<int>(G - P.Groups.data()));
    for (auto &K : N.Kids)
      groupsUnder(*K, Out);
    if (N.Then)
      groupsUnder(*N.Then, Out);
    if (N.Else)
      groupsUnder(*N.Else, Out);
  }

  /// Groups whose parallel loop the threads take in a dynamic schedule
  /// (its iterations differ in work).
  std::set<int> UnevenGroups;

  /// OpenMP threads share the outermost parallel-tiles loop of every path;
  /// a parallel loop of cells statically, unless its iterations differ in
  /// work (then dynamically, one iteration at a time).
  void threads(LNode &N, bool InParallel) {
    bool Par = N.K == LNode::For && !InParallel &&
               (N.Role == LoopRole::ParallelTiles || N.Role == LoopRole::Parallel);
    if (Par && N.Role == LoopRole::Parallel && unevenIterations(N, N.Iter)) {
      N.Map = ThreadMap::OmpThreads;
      groupsUnder(N, UnevenGroups);
    } else if (Par) {
      N.Map = N.Role == LoopRole::Parallel ? ThreadMap::OmpStatic
                                           : ThreadMap::OmpThreads;
    }
    for (auto &K : N.Kids)
      threads(*K, InParallel || Par);
    if (N.Then)
      threads(*N.Then, InParallel);
    if (N.Else)
      threads(*N.Else, InParallel);
  }

  /// Why a cell body cannot run as lane vectors ("" if it can): the part
  /// that depends on neighbour cells (the spine) must be +, -, *, max, min,
  /// negation, cases and literals; the rest (inputs, scores, other tables)
  /// is computed lane by lane.
  std::string whyNotSpine(const Group &Gr, const std::vector<std::string> &Ix,
                          const VExpr &E) const {
    if (!P.readsStripNeighbour(Gr, Ix, E))
      return "";
    if (E.K == VExpr::Exp || E.K == VExpr::Log)
      return "exp or log of a neighbour cell";
    if (E.K != VExpr::Load && !isOperation(E))
      return "a reduction over neighbour cells";
    for (auto &K : E.Kids)
      if (auto W = whyNotSpine(Gr, Ix, *K); !W.empty())
        return W;
    return "";
  }

  /// Why strip group Gr's cells cannot be computed as SIMD lane vectors
  /// ("" if they can); sets Ty to their evaluation type and Sentinels when
  /// int values may be infinite (CpuStrip::Sentinels).
  std::string whyNotLanes(const Group &Gr, ScalarType &Ty,
                          bool &Sentinels) const {
    bool First = true;
    for (int T : Gr.StripTables) {
      const TableInfo &Tab = P.M.Tables[T];
      if (Tab.Type != ScalarType::Int32 && Tab.Type != ScalarType::Float &&
          Tab.Type != ScalarType::Double)
        return Tab.Name + " is not an int, float or double table";
      if (!First && Tab.Type != Ty)
        return "its tables have different types";
      Ty = Tab.Type;
      First = false;
      for (int S : Gr.Stmts) {
        const lir::Statement &St = P.Stmts[S];
        if (St.Table != T)
          continue;
        const VExpr &B = *St.Body;
        if (B.Ty != Tab.Type)
          return St.Name + " evaluates in another type than its table's";
        if (Tab.Type == ScalarType::Int32 &&
            !evaluatesInInt32(P, B)) {
          // infinities as sentinels: no inf - inf, finite values exact
          if (!undefinedFree(P, B))
            return St.Name + "'s values may be infinite and an operation "
                             "may meet inf - inf or inf * 0 (the checked "
                             "scalar form reports it)";
          if (stripLaneMagnitude(P, Gr, Tab.Indices, B) > INT32_MAX - 1)
            return St.Name + "'s finite values are not proven within int32 "
                             "(wide intermediates need the checked scalar "
                             "form)";
          Sentinels = true;
        }
        if (auto W = whyNotSpine(Gr, Tab.Indices, B); !W.empty())
          return St.Name + ": " + W;
      }
    }
    return "";
  }

  /// Replaces the wavefront of every strip group whose cells run as lane
  /// vectors (`for c0 { parallel_tiles: for c1 { tile (c0 - c1, c1) } }`)
  /// by a Sweep statement.
  void sweepStrips(LNodePtr &N) {
    if (N->K == LNode::For && N->Role == LoopRole::TileWavefront &&
        N->Kids.size() == 1 && N->Step == 1) {
      const LNode *M = unwrap(N->Kids[0].get());
      bool IsMark = M->K == LNode::Mark && M->MarkName == "parallel_tiles" &&
                    M->Kids.size() == 1;
      const LNode *Tl = IsMark ? unwrap(M->Kids[0].get()) : nullptr;
      const Group *Gr = tiledGroupOf(P, *N);
      if (Tl && Tl->K == LNode::For && Tl->Step == 1 && Gr && Gr->Strip &&
          Gr->TileSizes.size() == 2) {
        int GI = static_cast<int>(Gr - P.Groups.data());
        std::vector<IExprPtr> Tile = tileStartArgs(*Tl, GI);
        ScalarType Ty = ScalarType::Int32;
        bool Sentinels = false;
        std::string Why = whyNotLanes(*Gr, Ty, Sentinels);
        const int Lanes = T.VectorBytes / typeBytes(Ty);
        if (Why.empty() && Gr->TileSizes[0] % Lanes != 0)
          Why = fmt::format("its tiles' {} rows are not a multiple of {} lanes",
                            Gr->TileSizes[0], Lanes);
        if (Why.empty() &&
            !(Tile.size() == 2 && onlyTerms(Tile[0], N->Iter, 1, Tl->Iter, -1) &&
              onlyTerms(Tile[1], N->Iter, 0, Tl->Iter, 1)))
          Why = "its tiles are not (wavefront - tile, tile)";
        if (!Why.empty()) {
          C.GroupWhy[GI] += "; not swept as lane strips: " + Why;
        } else {
          CpuStrip St;
          St.Group = GI;
          St.Lanes = Lanes;
          St.SyncCols = Gr->TileSizes[1];
          St.LaneType = Ty;
          St.Sentinels = Sentinels;
          St.Hoist = Gr->BranchFree ||
                     (Sentinels && Gr->BranchFreeWithSentinels);
          St.WaveIter = N->Iter;
          St.TileIter = Tl->Iter;
          St.WaveLo = N->Lo;
          St.WaveHi = N->Hi;
          St.TileLo = Tl->Lo;
          St.TileHi = Tl->Hi;
          St.Why = fmt::format(
              "{}: swept as strips of {} rows, one row per "
              "SIMD lane of {}-byte vectors; threads take the strips in order "
              "and sweep their columns, lane l one column behind lane l - 1 "
              "(the row above by a lane shift, the cells of the column before "
              "in registers), waiting on the strip above every {} columns; "
              "{}{}",
              Gr->PatternWhy, Lanes, T.VectorBytes, St.SyncCols,
              Sentinels ? "-inf / +inf carried in the lanes as the stored "
                          "sentinels (no operation can meet inf - inf, so "
                          "none is checked); "
                        : "",
              St.Hoist
                  ? "the inputs and values that are the same along a row, a "
                    "column or the strip read once (per strip; a column's "
                    "for lane 0, shifted one lane a step), the rest lane by "
                    "lane, their checks kept in flags (branch-free cells)"
                  : "inputs, scores and other tables read lane by lane");
          St.RowReductions = Gr->RowReductions;
          for (const RowReduction &RR : St.RowReductions) {
            St.Why += fmt::format(
                "; computes {0} = {1} over each row of {2} as it goes (each "
                "lane its row's running {1}, stored when the strip is done)",
                P.M.Tables[RR.Table].Name, redOpName(RR.Op),
                P.M.Tables[RR.Source].Name);
            C.GroupWhy[RR.Group] =
                fmt::format("computed by group {}'s sweep where the sweep is "
                            "compiled (else: {})",
                            GI, C.GroupWhy[RR.Group]);
          }
          C.GroupWhy[GI] = St.Why;
          auto Sw = std::make_shared<LNode>();
          Sw->K = LNode::Stmt;
          Sw->SKind = StmtKind::Sweep;
          Sw->Ref = static_cast<int>(C.Strips.size());
          Sw->Kids.push_back(N); // the tiled form, for compilers without
                                 // vector extensions
          C.Strips.push_back(St);
          N = Sw;
          return;
        }
      }
    }
    for (auto &K : N->Kids)
      sweepStrips(K);
    if (N->Then)
      sweepStrips(N->Then);
    if (N->Else)
      sweepStrips(N->Else);
  }

  void run() {
    for (auto &Sp : P.Splits)
      C.Products.push_back(product(Sp));
    C.Loops = cloneTree(*P.Loops);
    threads(*C.Loops, false);
    for (size_t GI = 0; GI < P.Groups.size(); ++GI) {
      const Group &Gr = P.Groups[GI];
      C.GroupWhy.push_back(
          Gr.Tiled ? "the tiles of a wavefront step on the threads (dynamic "
                     "schedule)"
          : !std::count(Gr.Parallel.begin(), Gr.Parallel.end(), true)
              ? "not tiled, proven sequential: one thread"
          : UnevenGroups.count(static_cast<int>(GI))
              ? "not tiled: the outermost loop whose iterations are "
                "independent on the threads (dynamic schedule: the loops "
                "inside it depend on its index, so its iterations differ "
                "in work)"
              : "not tiled: the outermost loop whose iterations are "
                "independent on the threads (static schedule)");
    }
    sweepStrips(C.Loops);
    std::set<int> Fused;
    for (auto &St : C.Strips)
      for (auto &RR : St.RowReductions)
        Fused.insert(RR.Stmt);
    if (!Fused.empty())
      markFused(C.Loops, Fused);
    C.ProgressLoops = markProgress(*C.Loops);
  }

  /// Marks the outermost sequential loops (outside every loop the threads
  /// share) as the steps a long run reports (LNode::Progress); gives how
  /// many.
  static int markProgress(LNode &N) {
    switch (N.K) {
    case LNode::For:
      if (N.Map != ThreadMap::None)
        return 0;
      N.Progress = true;
      return 1;
    case LNode::Block:
    case LNode::Mark: {
      int Count = 0;
      for (auto &K : N.Kids)
        Count += markProgress(*K);
      return Count;
    }
    default:
      return 0;
    }
  }

  /// The outermost subtrees whose cells are all row reductions that a
  /// sweep computes: wrapped in a `fused_into_sweep` mark (the OpenMP
  /// printer runs them only where the sweep is not compiled).
  static void markFused(LNodePtr &N, const std::set<int> &Fused) {
    bool Any = false, All = true;
    walkNodes(*N, [&](const LNode &X) {
      if (X.K == LNode::Stmt) {
        bool F = X.SKind == StmtKind::Cell && Fused.count(X.Ref);
        Any |= F;
        All &= F;
      }
      return true;
    });
    if (!Any)
      return;
    if (All) {
      auto Mk = std::make_shared<LNode>();
      Mk->K = LNode::Mark;
      Mk->MarkName = "fused_into_sweep";
      Mk->Kids.push_back(N);
      N = Mk;
      return;
    }
    for (auto &K : N->Kids)
      markFused(K, Fused);
    if (N->Then)
      markFused(N->Then, Fused);
    if (N->Else)
      markFused(N->Else, Fused);
  }
};

} // namespace

const char *lir::gpuProductFormName(GpuProductForm F) {
  switch (F) {
  case GpuProductForm::RegisterBlocked: return "register-blocked";
  case GpuProductForm::SplitK: return "register-blocked, split over k";
  case GpuProductForm::Generic: return "generic";
  }
  return "?";
}

const char *lir::kernelFamilyName(KernelFamily F) {
  switch (F) {
  case KernelFamily::TileWavefront: return "tile-wavefront";
  case KernelFamily::ParallelGrid: return "parallel-grid";
  case KernelFamily::SequentialBlock: return "sequential-block";
  case KernelFamily::Serial: return "serial";
  case KernelFamily::Scan: return "scan";
  case KernelFamily::Strip: return "strip";
  }
  return "?";
}

void dpc::mapToTarget(Program &P, const Target &T) {
  P.Machine = T;
  P.Gpu = GpuPlan{};
  P.Cpu = CpuPlan{};
  GpuMapper{P, T.Gpu, P.Gpu}.run();
  CpuMapper{P, T.Cpu, P.Cpu}.run();
}
