//===- EmitOpenMP.cpp - NAME_openmp.cpp: the tiled schedule on the CPU ----===//
//
// Prints the loop form as C++: the tile-wavefront loop runs step by step,
// the tiles of a step run in parallel (OpenMP, dynamic schedule), each tile
// first runs its tile products (k outer, cells inner, the innermost loop
// vectorised) into a per-tile accumulator, then its cells in wavefront
// order.
//
//===----------------------------------------------------------------------===//
#include "CodeGen/Emitters.h"
#include "CodeGen/EmitUtil.h"

#include <set>

using namespace dpc;
using namespace dpc::lir;

namespace {

struct CpuPrinter {
  const Program &P;
  CodeWriter &W;

  void stmtCall(const LNode &N) {
    std::string A;
    for (auto &X : N.Args)
      A += ", " + iexpr(X);
    if (isTileStart(N.StmtId)) {
      if (Cached) {
        W.comment("start of the tile: a copy of its cells");
        emitTileLoad(P, *Cached, N.Args, false, W);
      }
      return;
    }
    if (isProductStmt(N.StmtId)) {
      int S = N.StmtId - ProductStmtBase;
      W.line("tile_product{}(dpc_p, dpc_in, dpc_t{}, dpc_acc{});", S, A, S);
      return;
    }
    std::string Accs;
    for (size_t S = 0; S < P.Splits.size(); ++S)
      if (P.Splits[S].Stmt == N.StmtId)
        Accs += ", dpc_acc" + std::to_string(S);
    if (Cached) {
      for (int T : Cached->Tables)
        Accs += ", dpc_cur_" + P.M->Tables[T].Name;
      W.line("tc_stmt_{}(dpc_p, dpc_in, dpc_t{}{}, dpc_err);",
             P.Stmts[N.StmtId].Name, A, Accs);
      return;
    }
    W.line("stmt_{}(dpc_p, dpc_in, dpc_t{}{}, dpc_err);", P.Stmts[N.StmtId].Name,
           A, Accs);
  }

  const Group *Cached = nullptr; // the tile being printed keeps a copy

  /// The work of one tile: its products need accumulators, its cells a
  /// local copy of the tile.
  void tileBody(const LNode &N) {
    std::set<int> Splits;
    collectSplits(P, N, Splits);
    W.open("");
    Cached = cachedGroupOf(P, N);
    if (Cached) {
      int64_t Vol = 1;
      for (auto T : Cached->TileSizes)
        Vol *= T;
      for (int T : Cached->Tables)
        W.line("{} dpc_cur_{}[{}]; // this tile's cells of {}",
               storeType(P.M->Tables[T].Type), P.M->Tables[T].Name, Vol,
               P.M->Tables[T].Name);
    }
    for (int S : Splits) {
      const SplitInfo &Sp = P.Splits[S];
      W.line("{} dpc_acc{}[{}]; // tile product accumulator", storeType(Sp.Ty),
             S, boxVolume(Sp));
      W.line("for (int64_t dpc_e = 0; dpc_e < {}; ++dpc_e) dpc_acc{}[dpc_e] = {};",
             boxVolume(Sp), S, storedIdentityOf(Sp.Op, Sp.Ty));
    }
    node(N, true, false);
    Cached = nullptr;
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
      bool Par = N.Role == LoopRole::ParallelTiles && !InParallel;
      if (N.Role == LoopRole::TileWavefront)
        W.comment("one step of the tile wavefront: the tiles below are "
                  "independent");
      if (Par)
        W.text("#pragma omp parallel for schedule(dynamic, 1) "
               "num_threads(dpc_threads)");
      W.open(forHead(N));
      for (auto &K : N.Kids)
        node(*K, InParallel || Par, InTiles);
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
      if (N.MarkName == "points")
        W.comment("the cells of this tile, one anti-diagonal after another");
      for (auto &K : N.Kids)
        node(*K, InParallel, InTiles);
      return;
    case LNode::Stmt:
      stmtCall(N);
      return;
    }
  }
};

/// The CPU form of a tile product: the tile's rows, then k, then the
/// contiguous last index innermost (vectorised).
void product(const Program &P, int SI, CodeWriter &W) {
  const SplitInfo &Sp = P.Splits[SI];
  const ast::Module &M = *P.M;
  const ast::TableDecl &Tab = M.Tables[P.Stmts[Sp.Stmt].Table];
  std::string Args;
  for (auto &T : Sp.TileVars)
    Args += ", int64_t " + T;
  W.comment("Tile product " + std::to_string(SI) + " for " +
            P.Stmts[Sp.Stmt].Name + ": for every cell x of the tile,\n  acc[x] = " +
            redOpName(Sp.Op) + " over k in U(tile) of " +
            ast::exprToString(*Sp.Red->Args[0]) +
            "\nwhere U(tile) holds the k whose reads, for every cell of the "
            "tile, were\ncomputed in earlier wavefront steps:\n  " + Sp.USet);
  W.open("static void tile_product" + std::to_string(SI) +
         "(const Params &dpc_p, const Inputs &dpc_in, const Tables &dpc_t" +
         Args + ", " + storeType(Sp.Ty) + " *dpc_acc" + std::to_string(SI) + ")");
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
  const VExpr &XL = *Sp.X, &YL = *Sp.Y;
  std::string XV = "dpc_t." + P.Storages[XL.Table].Buffer + "[" +
                   cellOffset(P, XL.Table, XL.Idx, false) + "]";
  std::string YV = "dpc_t." + P.Storages[YL.Table].Buffer + "[" +
                   cellOffset(P, YL.Table, YL.Idx, false) + "]";
  std::string T = storeType(Sp.Ty);
  const char *F = Sp.Op == RedOp::Max ? "vmax" : "vmin";
  auto Visit = [&](const LNode &N) {
    if (N.K == LNode::For) {
      // The loop right above the statement vectorises.
      bool Inner = !hasRole(*N.Kids[0], LoopRole::Plain) ||
                   N.Kids[0]->K == LNode::Stmt;
      if (Inner)
        W.text("DPC_SIMD");
      return false;
    }
    if (N.K != LNode::Stmt)
      return false;
    W.open("");
    size_t A = 0, NX = Tab.Indices.size();
    for (size_t D = 0; D + 1 < NX; ++D)
      W.line("const int64_t {} = {};", Tab.Indices[D], iexpr(N.Args[A++]));
    for (auto &K : Sp.KVars)
      W.line("const int64_t {} = {};", K, iexpr(N.Args[A++]));
    W.line("const int64_t {} = {};", Tab.Indices[NX - 1], iexpr(N.Args[A++]));
    W.line("{} &dpc_a = dpc_acc{}[{}];", T, SI, AccIdx);
    W.line("dpc_a = dpc::{}(dpc_a, {}({} + {}));", F, T, XV, YV);
    W.close();
    return true;
  };
  printLoopTree(*Sp.CpuLoops, W, Visit, "the CPU tile-product loops");
  W.close();
}

} // namespace

std::string dpc::emitOpenMP(const Program &P) {
  const ast::Module &M = *P.M;
  CodeWriter W;
  W.text(fileBanner(P, M.Name + "_openmp.cpp: the tiled wavefront schedule "
                        "on the CPU (serial and OpenMP backends)."));
  W.text("#include \"" + M.Name + ".h\"");
  W.text("#include \"" + M.Name + "_host.h\"");
  W.blank();
  W.text("#if defined(_OPENMP)");
  W.text("#define DPC_SIMD _Pragma(\"omp simd\")");
  W.text("#else");
  W.text("#define DPC_SIMD");
  W.text("#endif");

  W.blank();
  W.open("namespace " + M.Name);
  W.blank();
  for (size_t S = 0; S < P.Splits.size(); ++S) {
    product(P, static_cast<int>(S), W);
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
  W.open("void compute_tiled(const Params &dpc_p, const Inputs &dpc_in, const "
         "Tables &dpc_t, int dpc_threads, int *dpc_err)");
  emitParamLocals(M, W);
  W.line("(void)dpc_threads;");
  CpuPrinter CP{P, W};
  CP.node(*P.Loops, false);
  W.close();
  W.blank();
  W.close("} // namespace " + M.Name);
  return W.str();
}
