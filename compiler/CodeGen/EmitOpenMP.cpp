//===- EmitOpenMP.cpp - NAME_openmp.cpp: the tiled schedule on the CPU ----===//
//
// Prints the CPU plan (LIR/TargetPlan.h) as C++: the tile-wavefront loop
// runs step by step, the loops the plan gives to OpenMP threads run in
// parallel (dynamic schedule), each tile first runs its tile products into
// a per-tile accumulator, in the form the plan chose (register-blocked for
// the tiles that read inside the tables; else a row of accumulators over
// the last cell index, or one reduction per cell over k), then its cells in
// wavefront order, reading the tables in place.
//
//===----------------------------------------------------------------------===//
#include "CodeGen/Emitters.h"
#include "CodeGen/EmitUtil.h"

#include "Basic/Diagnostics.h"

#include <optional>
#include <set>

using namespace dpc;
using namespace dpc::lir;

namespace {

struct CpuPrinter {
  const Program &P;
  CodeWriter &W;
  int ProgressPart = 0; // the LNode::Progress loops printed so far
  /// The tile coordinates of the current tile's products, by split.
  std::map<int, std::vector<IExprPtr>> TileArgs;

  /// The group's entry in the CPU plan's RowPush, or null.
  const CpuRowPush *rowPushOf(int Group) const {
    for (auto &R : P.Cpu.RowPush)
      if (R.Group == Group)
        return &R;
    return nullptr;
  }

  /// The group whose statements the loops below N compute (-1: none).
  int groupBelow(const LNode &N) const {
    int G = -1;
    walkNodes(N, [&](const LNode &X) {
      if (G < 0 && X.K == LNode::Stmt && X.SKind == StmtKind::Cell &&
          P.groupOf(X.Ref))
        G = static_cast<int>(P.groupOf(X.Ref) - P.Groups.data());
      return G < 0;
    });
    return G;
  }

  void stmtCall(const LNode &N) {
    std::string A;
    for (auto &X : N.Args)
      A += ", " + iexpr(X);
    if (N.isTileStart())
      return; // the CPU reads a tile's cells in place: nothing to load
    if (N.SKind == StmtKind::Sweep) {
      W.text("#if DPC_CPU_STRIPS");
      emitCpuSweep(P, N, W);
      W.text("#else");
      W.comment("Without AVX-512 (runtime/dpc_cpu_simd.h, DPC_CPU_STRIPS): "
                "the tiled wavefront.");
      node(*N.Kids[0], false);
      W.text("#endif");
      return;
    }
    if (N.isProduct()) {
      int S = N.Ref;
      W.line("tile_product{}(dpc_p, dpc_in, dpc_t{}, dpc_acc{}{});", S, A, S,
             P.Splits[S].KTerms.empty() ? "" : ", dpc_err");
      return;
    }
    std::string Accs;
    for (size_t S = 0; S < P.Splits.size(); ++S)
      if (P.Splits[S].Stmt == N.Ref)
        Accs += ", dpc_acc" + std::to_string(S);
    W.line("stmt_{}(dpc_p, dpc_in, dpc_t{}{}, dpc_err);", P.Stmts[N.Ref].Name,
           A, Accs);
  }

  /// The work of one tile: its products need accumulators. (Unlike the
  /// GPU, which copies a tile's cells into shared memory, the CPU reads them
  /// in place: the tile is in cache, and a copy would put a test on every
  /// read of the remainder loops.)
  void tileBody(const LNode &N) {
    std::set<int> Splits;
    collectSplits(P, N, Splits);
    TileArgs.clear();
    walkNodes(N, [&](const LNode &X) {
      if (X.K == LNode::Stmt && X.isProduct())
        TileArgs[X.Ref] = X.Args;
      return true;
    });
    W.open("");
    for (int S : Splits) {
      const SplitInfo &Sp = P.Splits[S];
      W.line("{} dpc_acc{}[{}]; // tile product accumulator{}",
             storeType(Sp.Ty), S, accElements(Sp),
             Sp.SoftInf ? " (and its wide flag)" : "");
      W.line("for (int64_t dpc_e = 0; dpc_e < {}; ++dpc_e) dpc_acc{}[dpc_e] = {};",
             boxVolume(Sp), S, storedIdentityOf(Sp.Op, Sp.Ty));
      if (Sp.SoftInf)
        W.line("dpc_acc{}[{}] = 0; // no product read a wide operand yet", S,
               softWideIndex(Sp));
    }
    node(N, true, false);
    W.close();
  }

  void node(const LNode &N, bool InParallel, bool InTiles = false) {
    if (InTiles && !isTileLevel(N)) {
      tileBody(N);
      return;
    }
    if (N.K == LNode::Mark && N.MarkName == "parallel_tiles")
      InTiles = true;
    switch (N.K) {
    case LNode::For: {
      bool Par = N.Map == ThreadMap::OmpThreads || N.Map == ThreadMap::OmpStatic;
      if (N.Role == LoopRole::TileWavefront)
        W.comment("one step of the tile wavefront: the tiles below are "
                  "independent");
      if (N.Map == ThreadMap::OmpStatic)
        W.comment("iterations independent (isl): shared by the threads");
      else if (Par && N.Role == LoopRole::Parallel)
        W.comment("iterations independent (isl), of different work (the "
                  "loops inside\ndepend on " + N.Iter +
                  "): shared by the threads one at a time");
      if (Par)
        W.text(std::string("#pragma omp parallel for ") +
               (N.Map == ThreadMap::OmpStatic ? "schedule(static)"
                                              : "schedule(dynamic, 1)") +
               " num_threads(dpc_threads)");
      W.open(forHead(N));
      for (auto &K : N.Kids)
        node(*K, InParallel || Par, InTiles);
      if (N.Progress) {
        // (lowering marked it: an outermost sequential loop)
        const std::string Lo = iexpr(N.Lo), St = std::to_string(N.Step);
        W.line("if (dpc_prog) dpc_prog->step(\"{}\", {}, {}, ({} - ({})) / {} "
               "+ 1, ({} - ({})) / {} + 1);",
               N.Role == LoopRole::TileWavefront ? "wavefront step" : "step",
               ProgressPart++, P.Cpu.ProgressLoops, N.Iter, Lo, St,
               iexpr(N.Hi), Lo, St);
      }
      W.close();
      return;
    }
    case LNode::If:
      W.open("if (" + iexpr(N.Cond) + ")");
      node(*N.Then, InParallel, InTiles);
      W.close();
      if (N.Else) {
        W.open("else");
        node(*N.Else, InParallel, InTiles);
        W.close();
      }
      return;
    case LNode::Block:
      for (auto &K : N.Kids)
        node(*K, InParallel, InTiles);
      return;
    case LNode::Mark:
      if (N.MarkName == "fused_into_sweep") {
        W.text("#if !DPC_CPU_STRIPS");
        W.comment("Row reductions that the strip sweep computes as it goes "
                  "(lir::CpuStrip::RowReductions):\ntheir own pass only "
                  "where the sweep is not compiled.");
        for (auto &K : N.Kids)
          node(*K, InParallel, InTiles);
        W.text("#endif");
        return;
      }
      if (N.MarkName == "points") {
        int G = groupBelow(N);
        if (const CpuRowPush *R = G >= 0 ? rowPushOf(G) : nullptr) {
          auto It = TileArgs.find(R->Splits[0].Index);
          DPC_ASSERT(It != TileArgs.end(),
                     "rows with pushes in a tile without its product");
          emitCpuRowPushTile(P, *R, It->second, W);
          return;
        }
      }
      if (N.MarkName == "points")
        W.comment("the cells of this tile, one point-wavefront step (an anti-diagonal,\nor a row where one member carries every dependence) after another");
      for (auto &K : N.Kids)
        node(*K, InParallel, InTiles);
      return;
    case LNode::Stmt:
      stmtCall(N);
      return;
    }
  }
};

/// The register-blocked CPU tile product, for the tiles where BoxGuard
/// holds: every cell of the box is computed (those outside the statement's
/// domain fill accumulators that no cell reads), B.Rows rows x all columns
/// of accumulators in vector registers while k runs; per k, one row segment
/// of Y is loaded and each row's X value is added to it.
void productBlocked(const Program &P, const SplitInfo &Sp, int SI,
                    const CpuBlock &B, CodeWriter &W) {
  const ModuleInfo &M = P.M;
  const TableInfo &Tab = M.Tables[P.Stmts[Sp.Stmt].Table];
  std::string T = storeType(Sp.Ty);
  int64_t BC = Sp.BoxSize[Sp.ColDim];
  const std::string &KL = Sp.KVars.back();
  const std::string &RowV = Tab.Indices[Sp.RowDim], &ColV = Tab.Indices[Sp.ColDim];
  const VExpr &XL = *Sp.X, &YL = *Sp.Y;
  std::string XB = "dpc_t." + P.Storages[XL.Table].Buffer;
  std::string YB = "dpc_t." + P.Storages[YL.Table].Buffer;
  bool XK = accessAlong(P, XL, KL) == Access::Contiguous;
  const char *F = productStep(Sp.Op);
  W.text("#if DPC_CPU_VECTORS");
  if (B.Guarded)
    W.comment(fmt::format(
        "Every tile: {} rows x {} columns of accumulators held in vector "
        "registers while k\nruns, {} values of k at a time; each chunk "
        "first packs X's rows and Y's columns,\nan element read (clamped) "
        "where its load guard holds (inside the table{}),\nelse {}.",
        B.Rows, BC, B.KChunk, Sp.RowMask ? ", and the mask" : "",
        maskedOperand(Sp)));
  else if (B.KVec)
    W.comment(fmt::format(
        "Tiles whose whole box reads only cells of the operand tables (isl): "
        "every cell\nof the box is computed, in blocks of {} x {} cells, "
        "each with a vector of\npartial results along k ({} values of k "
        "at a time).",
        B.Rows, B.Cols, B.Lanes));
  else
    W.comment(fmt::format(
        "Tiles whose whole box reads only cells of the operand tables (isl): "
        "every cell\nof the box is computed, {} rows x {} columns of "
        "accumulators held in vector\nregisters while k runs; k in chunks "
        "of {}, every block of rows over one chunk\nbefore the next (Y's "
        "chunk stays in cache).",
        B.Rows, BC, B.KChunk));
  if (B.Guarded)
    W.open("");
  else
    W.open("if (" + iexpr(Sp.BoxGuard) + ")");
  // Binds the cell indices other than the row's and the column's (their
  // box is one wide) and the outer contraction indices.
  auto BindCells = [&] {
    for (size_t D = 0; D < Tab.Indices.size(); ++D)
      if (static_cast<int>(D) != Sp.RowDim && static_cast<int>(D) != Sp.ColDim)
        W.line("const int64_t {} = {}; (void){};", Tab.Indices[D],
               iexpr(Sp.BoxLo[D]), Tab.Indices[D]);
  };
  auto BindOthers = [&](const LNode &Leaf) {
    BindCells();
    for (size_t K = 0; K + 1 < Sp.KVars.size(); ++K)
      W.line("const int64_t {} = {}; (void){};", Sp.KVars[K],
             iexpr(Leaf.Args[K]), Sp.KVars[K]);
  };
  std::string RowLo = iexpr(Sp.BoxLo[Sp.RowDim]);
  std::string ColLo = iexpr(Sp.BoxLo[Sp.ColDim]);
  // Name[Idx] = the offset of operand L at k = 0 for the Count rows (or
  // columns) Var = Lo + Base + Idx of the block.
  auto At = [&](const char *Name, const char *Idx, int64_t Count,
                const std::string &Var, const std::string &Lo, const char *Base,
                const VExpr &L) {
    W.line("int64_t {}[{}]; // {}[...] of {} lies at {}[{}] + {}", Name, Count,
           M.Tables[L.Table].Name, Var, Name, Idx, KL);
    W.open(fmt::format("for (int {0} = 0; {0} < {1}; ++{0})", Idx, Count));
    W.line("const int64_t {} = {} + {} + {};", Var, Lo, Base, Idx);
    W.line("const int64_t {} = 0;", KL);
    W.line("{}[{}] = {};", Name, Idx, cellOffset(P, L.Table, L.Idx, false));
    W.close();
  };
  // The k-vector form: per block of cells, each operand row's offset at
  // k = 0, then k runs Lanes at a time; the last few k one by one.
  auto KVecChunk = [&](const LNode &N) {
    bool Max = Sp.Op == RedOp::Max;
    W.open(fmt::format("for (int64_t dpc_r0 = 0; dpc_r0 < {}; dpc_r0 += {})",
                       Sp.BoxSize[Sp.RowDim], B.Rows));
    W.open(fmt::format("for (int64_t dpc_c0 = 0; dpc_c0 < {}; dpc_c0 += {})",
                       BC, B.Cols));
    BindOthers(*leafOf(N));
    At("dpc_x_at", "dpc_r", B.Rows, RowV, RowLo, "dpc_r0", XL);
    At("dpc_y_at", "dpc_c", B.Cols, ColV, ColLo, "dpc_c0", YL);
    W.line("dpc::cpu::vec<{}> dpc_a[{}][{}];", T, B.Rows, B.Cols);
    W.line("for (int dpc_r = 0; dpc_r < {}; ++dpc_r)", B.Rows);
    W.line("  for (int dpc_c = 0; dpc_c < {}; ++dpc_c)", B.Cols);
    W.line("    dpc_a[dpc_r][dpc_c] = dpc::cpu::splat<{}>({});", T,
           storedIdentityOf(Sp.Op, Sp.Ty));
    W.line("const int64_t dpc_khi = {};", iexpr(N.Hi));
    W.line("int64_t {} = {};", KL, iexpr(N.Lo));
    W.open(fmt::format("for (; {0} + {1} <= dpc_khi; {0} += {2})", KL,
                       B.Lanes - 1, B.Lanes));
    W.line("dpc::cpu::vec<{}> dpc_x[{}], dpc_y[{}];", T, B.Rows, B.Cols);
    W.line("for (int dpc_r = 0; dpc_r < {}; ++dpc_r) dpc_x[dpc_r] = "
           "dpc::cpu::load(&{}[dpc_x_at[dpc_r] + {}]);",
           B.Rows, XB, KL);
    W.line("for (int dpc_c = 0; dpc_c < {}; ++dpc_c) dpc_y[dpc_c] = "
           "dpc::cpu::load(&{}[dpc_y_at[dpc_c] + {}]);",
           B.Cols, YB, KL);
    W.line("for (int dpc_r = 0; dpc_r < {}; ++dpc_r)", B.Rows);
    W.line("  for (int dpc_c = 0; dpc_c < {}; ++dpc_c)", B.Cols);
    W.line("    dpc_a[dpc_r][dpc_c] = dpc::cpu::{}_vv<{}>(dpc_a[dpc_r][dpc_c], "
           "dpc_x[dpc_r], dpc_y[dpc_c]);",
           Max ? "addmax" : "addmin", T);
    W.close();
    W.comment("each cell: its lanes, the last k one by one, into the "
              "accumulator");
    W.open(fmt::format("for (int dpc_r = 0; dpc_r < {}; ++dpc_r)", B.Rows));
    W.open(fmt::format("for (int dpc_c = 0; dpc_c < {}; ++dpc_c)", B.Cols));
    W.line("{} dpc_s = dpc::cpu::reduce_{}<{}>(dpc_a[dpc_r][dpc_c]);", T,
           Max ? "max" : "min", T);
    W.line("for (int64_t dpc_k = {}; dpc_k <= dpc_khi; ++dpc_k)", KL);
    W.line("  dpc_s = dpc::{}(dpc_s, {}({}[dpc_x_at[dpc_r] + dpc_k] + "
           "{}[dpc_y_at[dpc_c] + dpc_k]));",
           Max ? "vmax" : "vmin", T, XB, YB);
    W.line("{} &dpc_acc = dpc_acc{}[(dpc_r0 + dpc_r) * {} + dpc_c0 + dpc_c];", T,
           SI, BC);
    W.line("dpc_acc = dpc::{}(dpc_acc, dpc_s);", Max ? "vmax" : "vmin");
    W.close();
    W.close();
    W.close();
    W.close();
    return true;
  };
  // The rows x vectors forms' accumulators, rows dpc_r0 .. + Rows of the
  // box: into registers (dpc_a) and back.
  const std::string RowAcc = fmt::format(
      "dpc_acc{}[(dpc_r0 + dpc_r) * {} + dpc_v * {}]", SI, BC, B.Lanes);
  auto EachRowAcc = [&](const std::string &Body) {
    W.line("for (int dpc_r = 0; dpc_r < {}; ++dpc_r)", B.Rows);
    W.line("  for (int dpc_v = 0; dpc_v < {}; ++dpc_v)", B.NV);
    W.line("    {}", Body);
  };
  auto LoadRowAccs = [&] {
    W.line("dpc::cpu::vec<{}> dpc_a[{}][{}];", T, B.Rows, B.NV);
    EachRowAcc(
        fmt::format("dpc_a[dpc_r][dpc_v] = dpc::cpu::load(&{});", RowAcc));
  };
  auto StoreRowAccs = [&] {
    EachRowAcc(
        fmt::format("dpc::cpu::store(&{}, dpc_a[dpc_r][dpc_v]);", RowAcc));
  };
  // The guarded form: per chunk of KChunk k, Y's columns (dpc_ys[k][c])
  // and X's rows (dpc_xs[r][k]) packed as their load guards say, then the
  // rows x vectors updates from the packs. A pack along a contiguous run
  // (Y along the columns, X along k: CpuBlock::Guarded) computes the guard
  // of each element into a lane mask, then loads the lanes it sets only
  // (dpc::cpu::load_where) and clamps them (soft_where), the lanes that
  // read a wide operand ORed into dpc_wv.
  auto GuardedBody = [&] {
    const int64_t BR = Sp.BoxSize[Sp.RowDim], KC = B.KChunk, L = B.Lanes;
    const bool Max = Sp.Op == RedOp::Max;
    auto GuardOf = [&](const IExprPtr &G) {
      return G->isInt(1) ? std::string("true") : iexpr(G);
    };
    // Count lanes from Src (contiguous) into Dst, where Mask says; where
    // the problem's sizes keep the operands within +-2^28 (dpc_exact,
    // CpuProduct::SoftExact), as loaded (the masked value elsewhere).
    const bool Exact = P.Cpu.Products[SI].SoftExact;
    auto PackLanes = [&](const std::string &Dst, const std::string &Src,
                         const std::string &Mask, int64_t Count) {
      if (Exact) {
        W.line("if (dpc_exact)");
        W.line("  for (int dpc_v = 0; dpc_v < {}; ++dpc_v)", Count / L);
        W.line("    dpc::cpu::store(&{}[dpc_v * {}], dpc::cpu::masked_where<{}>("
               "dpc::cpu::load_where({} + dpc_v * {}, dpc::cpu::load(&{}[dpc_v "
               "* {}])), dpc::cpu::load(&{}[dpc_v * {}])));",
               Dst, L, Max ? "true" : "false", Src, L, Mask, L, Mask, L);
        W.line("else");
      }
      W.line("for (int dpc_v = 0; dpc_v < {}; ++dpc_v)", Count / L);
      W.line("  dpc::cpu::store(&{}[dpc_v * {}], dpc::cpu::soft_where<{}>("
             "dpc::cpu::load_where({} + dpc_v * {}, dpc::cpu::load(&{}[dpc_v "
             "* {}])), dpc::cpu::load(&{}[dpc_v * {}]), dpc_wv));",
             Dst, L, Max ? "true" : "false", Src, L, Mask, L, Mask, L);
    };
    // The row this pack reads, at the next value of the outer contraction
    // index (CpuBlock::PrefetchOuter), into the cache for the next call.
    auto PrefetchNext = [&](const std::string &Buf, const VExpr &L,
                            int64_t Count) {
      if (B.PrefetchOuter.empty())
        return;
      std::map<std::string, lir::IExprPtr> Next{
          {B.PrefetchOuter,
           lir::IExpr::var(B.PrefetchOuter) + lir::IExpr::num(1)}};
      std::vector<lir::IExprPtr> Idx;
      for (auto &I : L.Idx)
        Idx.push_back(lir::substitute(I, Next));
      W.line("dpc::cpu::prefetch_row<{}, {}>({}, {}); // at {} + 1", T, Count,
             Buf, cellOffset(P, L.Table, Idx, false), B.PrefetchOuter);
    };
    std::string Params;
    for (size_t K = 0; K + 1 < Sp.KVars.size(); ++K)
      Params += "const int64_t " + Sp.KVars[K] + ", ";
    W.line("dpc::cpu::vec<int32_t> dpc_wv = {{}}; // lanes that read a wide "
           "operand");
    if (Exact)
      W.line("const bool dpc_exact = dpc_soft_exact_product{}(dpc_p); // the "
             "operands within +-2^28: packed as loaded",
             SI);
    W.comment(fmt::format("One loop of the product over {} = dpc_klo .. "
                          "dpc_khi (the outer contraction indices given),\n"
                          "{} values of {} at a time.",
                          KL, KC, KL));
    // (always inlined: GCC kept it out of line, where it measured slower)
    W.open("auto dpc_k_loop = [&](" + Params +
           "const int64_t dpc_klo, const int64_t dpc_khi) "
           "__attribute__((always_inline))");
    for (size_t K = 0; K + 1 < Sp.KVars.size(); ++K)
      W.line("(void){};", Sp.KVars[K]);
    BindCells();
    W.open(fmt::format("for (int64_t dpc_kb = dpc_klo; dpc_kb <= dpc_khi; "
                       "dpc_kb += {})",
                       KC));
    W.line("const int dpc_kn = int(dpc_min(int64_t({}), dpc_khi - dpc_kb + 1));",
           KC);
    W.line("alignas(64) {} dpc_ys[{}][{}]; // {}[...] at k = dpc_kb + "
           "[k], columns {} + [c]",
           T, KC, BC, M.Tables[YL.Table].Name, ColLo);
    W.open("for (int dpc_kk = 0; dpc_kk < dpc_kn; ++dpc_kk)");
    W.line("const int64_t {} = dpc_kb + dpc_kk;", KL);
    W.line("int64_t dpc_y_at;");
    W.open("");
    W.line("const int64_t {} = {};", ColV, ColLo);
    W.line("dpc_y_at = {};", cellOffset(P, YL.Table, YL.Idx, false));
    PrefetchNext(YB, YL, BC);
    W.close();
    W.line("alignas(64) int32_t dpc_m[{}]; // the load guard of each column",
           BC);
    W.text("DPC_SIMD");
    W.open(fmt::format("for (int dpc_c = 0; dpc_c < {}; ++dpc_c)", BC));
    W.line("const int64_t {} = {} + dpc_c; (void){};", ColV, ColLo, ColV);
    W.line("dpc_m[dpc_c] = ({}) ? -1 : 0;", GuardOf(Sp.YLoadGuard));
    W.close();
    PackLanes("dpc_ys[dpc_kk]", YB + " + dpc_y_at", "dpc_m", BC);
    W.close();
    W.line("alignas(64) {} dpc_xs[{}][{}]; // {}[...] of rows {} + [r] at "
           "k = dpc_kb + [k]",
           T, BR, KC, M.Tables[XL.Table].Name, RowLo);
    W.open(fmt::format("for (int dpc_r = 0; dpc_r < {}; ++dpc_r)", BR));
    W.line("const int64_t {} = {} + dpc_r;", RowV, RowLo);
    DPC_ASSERT(XK, "a guarded pack of X, which does not run along k");
    W.line("int64_t dpc_x_at;");
    W.open("");
    W.line("const int64_t {} = dpc_kb;", KL);
    W.line("dpc_x_at = {};", cellOffset(P, XL.Table, XL.Idx, false));
    PrefetchNext(XB, XL, KC);
    W.close();
    W.line("alignas(64) int32_t dpc_m[{}]; // the load guard at each k "
           "(none past the chunk)",
           KC);
    W.text("DPC_SIMD");
    W.open(fmt::format("for (int dpc_kk = 0; dpc_kk < {}; ++dpc_kk)", KC));
    W.line("const int64_t {} = dpc_kb + dpc_kk;", KL);
    W.line("dpc_m[dpc_kk] = dpc_kk < dpc_kn && ({}) ? -1 : 0;",
           GuardOf(Sp.XLoadGuard));
    W.close();
    PackLanes("dpc_xs[dpc_r]", XB + " + dpc_x_at", "dpc_m", KC);
    W.close();
    W.open(fmt::format("for (int64_t dpc_r0 = 0; dpc_r0 < {}; dpc_r0 += {})",
                       BR, B.Rows));
    LoadRowAccs();
    W.open("for (int dpc_kk = 0; dpc_kk < dpc_kn; ++dpc_kk)");
    W.line("dpc::cpu::vec<{}> dpc_b[{}];", T, B.NV);
    W.line("for (int dpc_v = 0; dpc_v < {}; ++dpc_v) dpc_b[dpc_v] = "
           "dpc::cpu::load(&dpc_ys[dpc_kk][dpc_v * {}]);",
           B.NV, B.Lanes);
    W.line("for (int dpc_r = 0; dpc_r < {}; ++dpc_r)", B.Rows);
    W.line("  for (int dpc_v = 0; dpc_v < {}; ++dpc_v)", B.NV);
    W.line("    dpc_a[dpc_r][dpc_v] = dpc::cpu::{}(dpc_a[dpc_r][dpc_v], "
           "dpc_xs[dpc_r0 + dpc_r][dpc_kk], dpc_b[dpc_v]);",
           F);
    W.close();
    StoreRowAccs();
    W.close();
    W.close();
    W.close("};");
  };
  // A loop of the product's k: one call of the guarded form's dpc_k_loop.
  auto GuardedChunk = [&](const LNode &N) {
    const LNode *Leaf = leafOf(N);
    std::string Args;
    for (size_t K = 0; K + 1 < Sp.KVars.size(); ++K)
      Args += iexpr(Leaf->Args[K]) + ", ";
    W.line("dpc_k_loop({}{}, {});", Args, iexpr(N.Lo), iexpr(N.Hi));
    return true;
  };
  auto Chunked = [&](const LNode &N) {
    if (!isChunkLoop(N))
      return false;
    if (B.Guarded)
      return GuardedChunk(N);
    if (B.KVec)
      return KVecChunk(N);
    const LNode *Leaf = leafOf(N);
    // k in chunks of KChunk, every block of rows over one chunk before the
    // next (Y's chunk stays in cache)
    W.open(fmt::format("for (int64_t dpc_k0 = {0}; dpc_k0 <= {1}; dpc_k0 += {2})",
                       iexpr(N.Lo), iexpr(N.Hi), B.KChunk));
    W.line("const int64_t dpc_k1 = dpc_min({}, dpc_k0 + {});", iexpr(N.Hi),
           B.KChunk - 1);
    W.open("for (int64_t dpc_r0 = 0; dpc_r0 < " +
           std::to_string(Sp.BoxSize[Sp.RowDim]) + "; dpc_r0 += " +
           std::to_string(B.Rows) + ")");
    BindOthers(*Leaf);
    W.line("const int64_t {} = {}; (void){};", ColV, ColLo, ColV);
    LoadRowAccs();
    // X of each row: from its offset at k = 0 when contiguous along k.
    if (XK)
      At("dpc_x_at", "dpc_r", B.Rows, RowV, RowLo, "dpc_r0", XL);
    W.open(fmt::format("for (int64_t {0} = dpc_k0; {0} <= dpc_k1; ++{0})",
                       N.Iter));
    W.open("");
    W.line("const int64_t {} = {};", KL, N.Iter);
    W.line("const {} *dpc_y = &{}[{}]; // {}[..., {} = {}...]", T, YB,
           cellOffset(P, YL.Table, YL.Idx, false), M.Tables[YL.Table].Name,
           ColV, ColLo);
    W.line("dpc::cpu::vec<{}> dpc_b[{}];", T, B.NV);
    W.line("for (int dpc_v = 0; dpc_v < {}; ++dpc_v) dpc_b[dpc_v] = "
           "dpc::cpu::load(dpc_y + dpc_v * {});",
           B.NV, B.Lanes);
    W.open("for (int dpc_r = 0; dpc_r < " + std::to_string(B.Rows) +
           "; ++dpc_r)");
    if (XK) {
      W.line("const {} dpc_x = {}[dpc_x_at[dpc_r] + {}];", T, XB, KL);
    } else {
      W.line("{} dpc_x;", T);
      W.open("");
      W.line("const int64_t {} = {} + dpc_r0 + dpc_r;", RowV, RowLo);
      W.line("dpc_x = {}[{}];", XB, cellOffset(P, XL.Table, XL.Idx, false));
      W.close();
    }
    W.line("for (int dpc_v = 0; dpc_v < {}; ++dpc_v)", B.NV);
    W.line("  dpc_a[dpc_r][dpc_v] = dpc::cpu::{}(dpc_a[dpc_r][dpc_v], dpc_x, "
           "dpc_b[dpc_v]);",
           F);
    W.close();
    W.close();
    W.close();
    StoreRowAccs();
    W.close();
    W.close();
    return true;
  };
  if (B.Guarded)
    GuardedBody();
  printLoopTree(*Sp.ProductLoops, W, Chunked,
                "the blocked CPU tile-product loops");
  if (B.Guarded)
    W.line("if (dpc::cpu::any_lane(dpc_wv)) dpc_wide = 1;");
  if (Sp.SoftInf)
    W.line("if (dpc_wide) dpc_acc{}[{}] = 1;", SI, softWideIndex(Sp));
  W.line("return;");
  W.close();
  W.text("#endif");
}

/// The CPU form of a tile product: the register-blocked form for the tiles
/// where it applies; else the tile's rows, then k, then the contiguous last
/// index innermost (vectorised), or each cell's reduction along k. An int
/// product with terms that depend on k (CpuProduct::Flagged) is printed
/// twice: its updates with overflows kept in a flag (branch-free, so that
/// the loops vectorise), and, where the flag is set, the checked form.
void productBody(const Program &P, int SI, CodeWriter &W, bool Flagged);

void product(const Program &P, int SI, CodeWriter &W) {
  const SplitInfo &Sp = P.Splits[SI];
  const CpuProduct &CP = P.Cpu.Products[SI];
  std::string Args, Pass;
  for (auto &T : Sp.TileVars) {
    Args += ", int64_t " + T;
    Pass += ", " + T;
  }
  std::string Acc = "dpc_acc" + std::to_string(SI);
  std::string Sig = "(const Params &dpc_p, const Inputs &dpc_in, const Tables &dpc_t" +
                    Args + ", " + storeType(Sp.Ty) + " *" + Acc +
                    (Sp.KTerms.empty() ? "" : ", int *dpc_err") + ")";
  std::string Name = "tile_product" + std::to_string(SI);
  W.comment("Tile product " + std::to_string(SI) + " for " +
            P.Stmts[Sp.Stmt].Name + ": for every cell x of the tile,\n  acc[x] = " +
            redOpName(Sp.Op) + " over k in U(tile) of " +
            Sp.BodyText +
            "\nwhere U(tile) holds the k whose reads, for every cell of the "
            "tile, were\ncomputed in earlier wavefront steps:\n  " + Sp.USet);
  if (!CP.Flagged) {
    W.open("static void " + Name + Sig);
    productBody(P, SI, W, false);
    W.close();
    return;
  }
  W.comment("The checked form (each update's overflow fails at once).");
  W.open("static void " + Name + "_checked" + Sig);
  productBody(P, SI, W, false);
  W.close();
  W.blank();
  W.comment("The fast form: every overflow of an update sets dpc_bad instead "
            "(no branch:\nthe loops vectorise); where one did, the checked "
            "form computes the tile again.");
  W.open("static void " + Name + Sig);
  W.line("unsigned dpc_bad = 0;");
  productBody(P, SI, W, true);
  W.open("if (dpc_bad)");
  W.line("for (int64_t dpc_e = 0; dpc_e < {}; ++dpc_e) {}[dpc_e] = {};",
         accElements(Sp), Acc, storedIdentityOf(Sp.Op, Sp.Ty));
  W.line("{}_checked(dpc_p, dpc_in, dpc_t{}, {}, dpc_err);", Name, Pass, Acc);
  W.close();
  W.close();
}

void productBody(const Program &P, int SI, CodeWriter &W, bool Flagged) {
  const SplitInfo &Sp = P.Splits[SI];
  const ModuleInfo &M = P.M;
  const TableInfo &Tab = M.Tables[P.Stmts[Sp.Stmt].Table];
  const std::string Flag = Flagged ? "dpc_bad" : "";
  emitParamLocals(M, W);
  W.line("(void)dpc_in;");
  // The tile's box, and each cell's place in the accumulator (linear in
  // the indices, so the innermost loop vectorises).
  std::string AccIdx = "0";
  for (size_t D = 0; D < Tab.Indices.size(); ++D) {
    W.line("const int64_t dpc_lo{} = {};", D, iexpr(Sp.BoxLo[D]));
    AccIdx = "(" + AccIdx + ") * " + std::to_string(Sp.BoxSize[D]) + " + (" +
             Tab.Indices[D] + " - dpc_lo" + std::to_string(D) + ")";
  }
  const CpuProduct &CP = P.Cpu.Products[SI];
  DPC_ASSERT(!(Flagged && CP.Block), "a flagged register-blocked product");
  // SoftInf: whether a finite operand beyond +-dpc::SoftNarrow was read
  // (an OR over the vector loops), into the accumulator's wide flag
  DPC_ASSERT(!Sp.SoftInf || !CP.Block || CP.Block->Guarded,
             "a register-blocked SoftInf product without guarded packs");
  const std::string Wide = Sp.SoftInf ? "dpc_wide" : "";
  const std::string Simd = Sp.SoftInf ? "DPC_SIMD_OR(dpc_wide)"
                           : Flagged  ? "DPC_SIMD_OR(dpc_bad)"
                                      : "DPC_SIMD";
  if (Sp.SoftInf)
    W.line("int dpc_wide = 0;");
  if (CP.Block)
    productBlocked(P, Sp, SI, *CP.Block, W);
  const VExpr &XL = *Sp.X, &YL = *Sp.Y;
  std::string XV = "dpc_t." + P.Storages[XL.Table].Buffer + "[" +
                   cellOffset(P, XL.Table, XL.Idx, false) + "]";
  std::string YV = "dpc_t." + P.Storages[YL.Table].Buffer + "[" +
                   cellOffset(P, YL.Table, YL.Idx, false) + "]";
  std::string T = storeType(Sp.Ty);
  const char *F = productCombine(Sp.Op);
  // A logsumexp accumulates as a running maximum (the accumulator) and the
  // sum of exp(x - max) (dpc_lsum), one exp an update as the term-by-term
  // form takes (dpc::lse_push), not an exp and a log1p (dpc::vlse); what
  // the accumulator held before counts as one term.
  const bool Lse = Sp.Op == RedOp::LogSumExp;
  if (Lse) {
    W.line("{} dpc_lsum[{}];", T, boxVolume(Sp));
    W.line("for (int64_t dpc_e = 0; dpc_e < {}; ++dpc_e) dpc_lsum[dpc_e] = "
           "dpc_acc{}[dpc_e] == {}(-INFINITY) ? {}(0) : {}(1);",
           boxVolume(Sp), SI, T, T, T);
  }
  auto Update = [&](const std::string &U) {
    if (Lse)
      W.line("dpc::lse_push(dpc_a, dpc_lsum[{}], {});", AccIdx, U);
    else
      W.line("dpc_a = dpc::{}(dpc_a, {});", F, U);
  };
  // The variables the leaf's Args give, in loop order.
  std::vector<std::string> Order(Tab.Indices.begin(), Tab.Indices.end() - 1);
  if (CP.KInner)
    Order.push_back(Tab.Indices.back());
  Order.insert(Order.end(), Sp.KVars.begin(), Sp.KVars.end());
  if (!CP.KInner)
    Order.push_back(Tab.Indices.back());
  const std::string &Inner = Order.back();
  const Access XA = accessAlong(P, XL, Inner), YA = accessAlong(P, YL, Inner);
  auto Bind = [&](const LNode &Leaf, size_t Count) {
    for (size_t A = 0; A < Count; ++A)
      W.line("const int64_t {} = {};", Order[A], iexpr(Leaf.Args[A]));
  };
  // An operand fixed along the innermost loop is read once; one contiguous
  // along it is addressed from its offset at Inner = 0.
  auto Operand = [&](const VExpr &L, Access How, const char *Name) {
    std::string Buf = "dpc_t." + P.Storages[L.Table].Buffer;
    std::string Text = M.Tables[L.Table].Name + "[";
    for (size_t D = 0; D < L.Idx.size(); ++D)
      Text += (D ? ", " : "") + iexpr(L.Idx[D]);
    Text += "]";
    if (How == Access::Fixed) {
      W.line("const {} {} = {}; // {}, the same along {}", T, Name,
             productOperand(Sp,
                            Buf + "[" + cellOffset(P, L.Table, L.Idx, false) +
                                "]",
                            Wide),
             Text, Inner);
      return std::string(Name);
    }
    std::vector<IExprPtr> At0;
    for (auto &I : L.Idx)
      At0.push_back(substitute(I, {{Inner, IExpr::num(0)}}));
    W.line("const int64_t {}_at = {}; // {} lies at {}[{}_at + {}]", Name,
           cellOffset(P, L.Table, At0, false), Text, Buf, Name, Inner);
    return productOperand(
        Sp, Buf + "[" + std::string(Name) + "_at + " + Inner + "]", Wide);
  };
  // The innermost loop when both operands stream along it: with the last
  // cell index innermost, a row of accumulators; with k innermost, one
  // cell's reduction. Plain loads then (where the per-element offset
  // function would make the compiler gather), vectorised.
  auto Stream = [&](const LNode &N) {
    const LNode *Leaf = leafOf(N);
    if (!Leaf || N.Step != 1 || XA == Access::Other || YA == Access::Other)
      return false;
    for (size_t A = 0; A < Leaf->Args.size(); ++A)
      if (coeffOf(*Leaf->Args[A], N.Iter) !=
          std::optional<int64_t>(A + 1 == Order.size() ? 1 : 0))
        return false;
    W.open("if (" + iexpr(N.Lo) + " <= " + iexpr(N.Hi) + ")");
    Bind(*Leaf, Order.size() - 1);
    std::string XS = Operand(XL, XA, "dpc_x"), YS = Operand(YL, YA, "dpc_y");
    // The loop counts from 0 (GCC gathers when the induction variable
    // starts at an expression), binding the iterator and Inner.
    auto OpenLoop = [&](const std::string &Pragma) {
      W.line("const int64_t dpc_lo = {}, dpc_n = {} - dpc_lo + 1;", iexpr(N.Lo),
             iexpr(N.Hi));
      if (!Pragma.empty())
        W.text(Pragma);
      W.open("for (int64_t dpc_d = 0; dpc_d < dpc_n; ++dpc_d)");
      W.line("const int64_t {} = dpc_lo + dpc_d;", N.Iter);
      W.line("const int64_t {} = {};", Inner, iexpr(Leaf->Args.back()));
    };
    if (CP.KInner) {
      W.line("{} &dpc_a = dpc_acc{}[{}];", T, SI, AccIdx);
      W.line("{} dpc_r = dpc_a;", T);
      if (Lse)
        W.line("{} &dpc_s = dpc_lsum[{}];\n{} dpc_rs = dpc_s;", T, AccIdx, T);
      // No `omp simd reduction` here: GCC then privatises dpc_r in memory
      // and gathers; its own vectoriser handles a max/min reduction well.
      OpenLoop("");
      if (Lse)
        W.line("dpc::lse_push(dpc_r, dpc_rs, {});",
               productUpdate(P, Sp, XS, YS, W, Flag));
      else
        W.line("dpc_r = dpc::{}(dpc_r, {});", F,
               productUpdate(P, Sp, XS, YS, W, Flag));
      W.close();
      W.line("dpc_a = dpc_r;");
      if (Lse)
        W.line("dpc_s = dpc_rs;");
    } else {
      OpenLoop(Lse ? "" : Simd);
      W.line("{} &dpc_a = dpc_acc{}[{}];", T, SI, AccIdx);
      Update(productUpdate(P, Sp, XS, YS, W, Flag));
      W.close();
    }
    W.close();
    return true;
  };
  auto Visit = [&](const LNode &N) {
    if (N.K == LNode::For) {
      if (Stream(N))
        return true;
      // The loop right above the statement vectorises. (Not a reduction
      // over k: its iterations all update one cell.)
      bool Innermost = !hasRole(*N.Kids[0], LoopRole::Plain) ||
                       N.Kids[0]->K == LNode::Stmt;
      if (Innermost && !CP.KInner)
        W.text(Simd);
      return false;
    }
    if (N.K != LNode::Stmt)
      return false;
    W.open("");
    Bind(N, Order.size());
    W.line("{} &dpc_a = dpc_acc{}[{}];", T, SI, AccIdx);
    Update(productUpdate(P, Sp, productOperand(Sp, XV, Wide),
                         productOperand(Sp, YV, Wide), W, Flag));
    W.close();
    return true;
  };
  printLoopTree(*CP.Loops, W, Visit, "the CPU tile-product loops");
  if (Lse) {
    W.comment("each accumulator back to log(e^max * sum)");
    W.line("for (int64_t dpc_e = 0; dpc_e < {}; ++dpc_e) dpc_acc{}[dpc_e] = "
           "dpc::lse_value(dpc_acc{}[dpc_e], dpc_lsum[dpc_e]);",
           boxVolume(Sp), SI, SI);
  }
  if (Sp.SoftInf)
    W.line("if (dpc_wide) dpc_acc{}[{}] = 1;", SI, softWideIndex(Sp));
}

} // namespace

std::string dpc::emitOpenMP(const Program &P) {
  const ModuleInfo &M = P.M;
  CodeWriter W;
  W.text(fileBanner(P, M.Name + "_openmp.cpp: the tiled wavefront schedule "
                        "on the CPU (serial and OpenMP backends)."));
  W.text("#include \"" + M.Name + ".h\"");
  W.text("#include \"" + M.Name + "_host.h\"");
  W.text("#include \"dpc_cpu_simd.h\"");
  W.blank();
  W.text("#if defined(_OPENMP)");
  W.text("#define DPC_SIMD _Pragma(\"omp simd\")");
  W.text("#define DPC_PRAGMA(x) _Pragma(#x)");
  W.text("#define DPC_SIMD_OR(v) DPC_PRAGMA(omp simd reduction(| : v))");
  W.text("#else");
  W.text("#define DPC_SIMD");
  W.text("#define DPC_SIMD_OR(v)");
  W.text("#endif");

  W.blank();
  W.open("namespace " + M.Name);
  W.blank();
  for (size_t S = 0; S < P.Splits.size(); ++S) {
    product(P, static_cast<int>(S), W);
    W.blank();
  }
  // The statements of the groups with rows and pushes whose reductions the
  // tile accumulators hold whole.
  for (auto &R : P.Cpu.RowPush)
    for (int S : P.Groups[R.Group].Stmts)
      if (!P.splitsOf(S).empty()) {
        emitStatement(P, S, StmtVariant::HostAccOnly, W);
        W.blank();
      }
  std::string Sched;
  for (size_t G = 0; G < P.Groups.size(); ++G) {
    const Group &Gr = P.Groups[G];
    Sched += "\n  group " + std::to_string(G) + ": " + Gr.ScheduleText;
    if (Gr.Tiled) {
      Sched += ", tiles";
      for (auto T : Gr.TileSizes)
        Sched += " " + std::to_string(T);
    } else {
      Sched += ", not tiled";
    }
  }
  W.comment("Computes every table with the tiled schedule (isl, verified "
            "against all\ndependences):" + Sched);
  if (anyRingTable(P)) {
    W.comment("Whether the lane strips are compiled: only they keep tables "
              "as two rolling rows\n(Params::dpc_ring).");
    W.line("bool cpu_sweeps_compiled() {{ return DPC_CPU_STRIPS != 0; }}");
    W.blank();
  }
  W.open("void compute_tiled(const Params &dpc_p, const Inputs &dpc_in, const "
         "Tables &dpc_t, int dpc_threads, int *dpc_err, dpc_rt::Progress "
         "*dpc_prog)");
  emitParamLocals(M, W);
  W.line("(void)dpc_threads;");
  W.line("(void)dpc_prog; // (null: no progress reported)");
  CpuPrinter CP{P, W};
  CP.node(*P.Cpu.Loops, false);
  W.close();
  W.blank();
  W.close("} // namespace " + M.Name);
  return W.str();
}
