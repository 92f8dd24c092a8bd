//===- Dump.cpp - the loop trees and the target plans as text -------------===//
#include "LIR/Program.h"

#include "llvm/Support/raw_ostream.h"

using namespace dpc;
using namespace dpc::lir;

//===-- dump (dpc emit --stage=loops) -------------------------------------===//

static void dumpNode(const Program &P, const LNode &N, llvm::raw_ostream &OS,
                     unsigned D) {
  auto Ind = [&] { OS.indent(2 * D); };
  switch (N.K) {
  case LNode::For:
    Ind();
    OS << "for " << N.Iter << " = " << iexprToString(*N.Lo) << " .. "
       << iexprToString(*N.Hi);
    if (N.Step != 1)
      OS << " step " << N.Step;
    OS << "  [" << loopRoleName(N.Role) << "]\n";
    for (auto &K : N.Kids)
      dumpNode(P, *K, OS, D + 1);
    break;
  case LNode::If:
    Ind();
    OS << "if " << iexprToString(*N.Cond) << "\n";
    dumpNode(P, *N.Then, OS, D + 1);
    if (N.Else) {
      Ind();
      OS << "else\n";
      dumpNode(P, *N.Else, OS, D + 1);
    }
    break;
  case LNode::Block:
    for (auto &K : N.Kids)
      dumpNode(P, *K, OS, D);
    break;
  case LNode::Mark:
    Ind();
    OS << "// " << N.MarkName << "\n";
    for (auto &K : N.Kids)
      dumpNode(P, *K, OS, D);
    break;
  case LNode::Stmt: {
    Ind();
    switch (N.SKind) {
    case StmtKind::TileStart: OS << "tile_start" << N.Ref << "("; break;
    case StmtKind::TileProduct: OS << "tile_product" << N.Ref << "("; break;
    case StmtKind::Cell: OS << P.Stmts[N.Ref].Name << "("; break;
    case StmtKind::Point: OS << "body("; break;
    case StmtKind::Launch: OS << "launch kernel" << N.Ref << "("; break;
    case StmtKind::Sweep: OS << "sweep strips" << N.Ref << "("; break;
    }
    for (size_t I = 0; I < N.Args.size(); ++I)
      OS << (I ? ", " : "") << iexprToString(*N.Args[I]);
    OS << ")\n";
    break;
  }
  }
}

void lir::dumpLoops(const Program &P, llvm::raw_ostream &OS) {
  for (size_t G = 0; G < P.Groups.size(); ++G) {
    const Group &Gr = P.Groups[G];
    OS << "group " << G << ":";
    for (int S : Gr.Stmts)
      OS << " " << P.Stmts[S].Name;
    OS << "\n  schedule " << Gr.ScheduleText << "\n  tiles";
    for (auto T : Gr.TileSizes)
      OS << " " << T;
    OS << "\n";
  }
  OS << "loops:\n";
  if (P.Loops)
    dumpNode(P, *P.Loops, OS, 1);
  for (size_t S = 0; S < P.Splits.size(); ++S) {
    const SplitInfo &Sp = P.Splits[S];
    OS << "tile_product" << S << " (" << P.Stmts[Sp.Stmt].Name
       << "): U = " << Sp.USet << "\n";
    if (Sp.ProductLoops)
      dumpNode(P, *Sp.ProductLoops, OS, 1);
  }
}

//===-- dump (dpc emit --stage=schedule) ----------------------------------===//

void lir::dumpSchedule(const Program &P, llvm::raw_ostream &OS) {
  for (size_t G = 0; G < P.Groups.size(); ++G) {
    const Group &Gr = P.Groups[G];
    OS << "group " << G << ": " << Gr.ScheduleText << "\n  "
       << (Gr.Tiled ? "tiled" : "not tiled") << ", tile sizes";
    for (auto T : Gr.TileSizes)
      OS << " " << T;
    OS << "\n";
    if (!Gr.TileWhy.empty())
      OS << "  tile sizes: " << Gr.TileWhy << "\n";
    if (!Gr.PointWhy.empty())
      OS << "  points: " << Gr.PointWhy << "\n";
    if (!Gr.PatternWhy.empty())
      OS << "  dependence pattern: "
         << (Gr.ShortUniform ? "short uniform" : "general") << ", "
         << Gr.PatternWhy << "\n";
    if (Gr.ShortUniform)
      OS << "  lane strips: " << (Gr.Strip ? "yes" : "no") << ", "
         << Gr.StripWhy << "\n";
    if (Gr.Strip) {
      OS << "  interior tiles: " << Gr.InteriorWhy << "\n";
      if (!Gr.RowBlockWhy.empty())
        OS << "  row-decided blocks: " << Gr.RowBlockWhy << "\n";
      OS << "  strip cells: " << (Gr.BranchFree ? "branch-free" : "case dispatch")
         << ", " << Gr.BranchFreeWhy << "\n";
      for (auto &L : Gr.StripLeaves)
        OS << "  strip input " << L.Key << ": read "
           << stripLeafLevelName(L.Lev) << "\n";
      for (auto &SR : Gr.StripScoreRows)
        OS << "  score row: " << P.M.Scores[SR.Score].Name
           << "'s entries for each " << Gr.StripLeaves[SR.RowLeaf].Key
           << " and every column symbol fit two registers (8 bytes)\n";
      for (auto &W : Gr.ScoreRowWhy)
        OS << "  score row: not for " << W << "\n";
      for (auto &RR : Gr.RowReductions)
        OS << "  row reduction: " << P.M.Tables[RR.Table].Name << " = "
           << redOpName(RR.Op) << " over each row of "
           << P.M.Tables[RR.Source].Name << " (group " << RR.Group
           << "), computable by the sweep\n";
      for (auto &W : Gr.RowReductionWhy)
        OS << "  row reduction: " << W << "\n";
    }
    for (int S : Gr.Stmts)
      if (readsData(*P.Stmts[S].Body))
        OS << "  input values: " << P.Stmts[S].Name
           << " reads a table at a subscript computed from input values or "
              "chooses its case by them: the proofs and the schedule take "
              "every cell along such a subscript (and both outcomes of such "
              "a guard), each such read is checked against its table's "
              "domain at run time; its reductions are not tile products, "
              "and its group runs no lane strips\n";
    if (Gr.Tiled)
      OS << "  parallelism: the tiles of a wavefront step, and the cells "
            "of a step of a tile's point wavefront, are independent\n";
    for (size_t D = 0; D < Gr.Parallel.size(); ++D)
      OS << "  member " << D << ": "
         << (Gr.Parallel[D] ? "parallel" : "sequential") << ", "
         << Gr.ParallelWhy[D] << "\n";
  }
  for (size_t K = 0; K < P.Gpu.Kernels.size(); ++K) {
    const GpuKernel &Kn = P.Gpu.Kernels[K];
    if (Kn.Family != KernelFamily::TileWavefront)
      OS << "kernel " << K << " (" << kernelFamilyName(Kn.Family)
         << "): " << Kn.Why << "\n";
  }
  for (size_t S = 0; S < P.Splits.size(); ++S) {
    auto &Sp = P.Splits[S];
    bool Max = Sp.Op == RedOp::Max;
    OS << "tile product " << S << " in " << P.Stmts[Sp.Stmt].Name
       << ": reduction " << Sp.RedText << "\n";
    if (!Sp.FactoredText.empty())
      OS << "  product " << Sp.BodyText << "; terms that do not depend on "
         << "the reduction's indices added to its result:" << Sp.FactoredText
         << "\n";
    if (!Sp.KTerms.empty())
      OS << "  the product's body " << Sp.BodyText
         << " has terms after its pair that depend on the reduction's "
            "indices: evaluated at every update\n";
    OS << "  U(T) = " << Sp.USet << "\n  "
       << gpuProductFormName(P.Gpu.Products[S].Form)
       << " on the GPU; on the CPU, "
       << (P.Cpu.Products[S].KInner
               ? "k innermost (one reduction per cell)"
               : "the last index innermost (a row of accumulators)")
       << "\n";
    if (Sp.OldLo)
      OS << "  reads two wavefront steps back or more: " << Sp.OldSet << "\n";
    for (int O = 0; O < 2; ++O) {
      const SplitInfo::RestBox &B = Sp.rest(O);
      if (B.Table < 0)
        continue;
      OS << "  the remainder's reads of " << (O ? "Y" : "X")
         << " outside the tile: a box of ";
      for (size_t D = 0; D < B.Size.size(); ++D)
        OS << (D ? " x " : "") << B.Size[D];
      OS << " cells of " << P.M.Tables[B.Table].Name << " from [";
      for (size_t D = 0; D < B.Lo.size(); ++D)
        OS << (D ? ", " : "") << iexprToString(*B.Lo[D]);
      OS << "]"
         << (P.Gpu.Products.size() > S && P.Gpu.Products[S].StageRest[O]
                 ? "; copied into shared memory at the tile's start on the GPU"
                 : "")
         << "\n";
    }
    if (Sp.RowMask)
      OS << "  masked: U(T) holds every k at which some cell of the tile has "
            "a term; a cell has one where its row passes "
         << iexprToString(*Sp.RowMask) << " and its column passes "
         << iexprToString(*Sp.ColMask)
         << "; an operand that fails reads as the absorbing value\n";
    if (Sp.SoftInf)
      OS << "  operands may be " << (Max ? "-inf" : "+inf")
         << ": read clamped to " << (Max ? "-2^30" : "2^30 - 1")
         << "; where every finite operand a tile's product read lies within "
            "+-2^28, a result "
         << (Max ? "of -2^29 or more" : "of 2^29 or less")
         << " is exact and any other is " << (Max ? "-inf" : "+inf")
         << " (every term read one); where one does not, a result "
         << (Max ? "below 0" : "of 0 or more")
         << " makes the cell recompute its whole reduction exactly\n";
    if (Sp.BoxGuard && P.Cpu.Products[S].Block)
      OS << "  whole box reads inside the tables (register-blocked on the "
            "CPU) where: "
         << iexprToString(*Sp.BoxGuard) << "\n";
    if (Sp.Op == RedOp::Sum)
      OS << "  a sum of double terms >= 0: the product adds its part of k "
            "before the rest, in another order than the written one (each "
            "cell's result within a small relative change; --exact-sums "
            "keeps the written order)\n";
    if (Sp.Op == RedOp::LogSumExp)
      OS << "  a logsumexp (the log semiring: lse(c, x + y) per update, "
            "log(e^c + e^t) = max + log1p(e^-|c - t|)): the product combines "
            "its part of k before the rest, in another order than the "
            "written one (each cell's result within a small relative change; "
            "--exact-sums keeps the written order); on the GPU an update is "
            "an exp and a log1p, on the CPU one exp (a running maximum and "
            "a scaled sum per accumulator)\n";
  }
  for (auto &Why : P.NotProducts)
    OS << Why << "\n";
}

//===-- dump (dpc emit --stage=plan) --------------------------------------===//

static std::string iters(const std::vector<std::string> &V) {
  std::string S;
  for (auto &X : V)
    S += (S.empty() ? "" : ", ") + X;
  return S;
}

/// The loops of a kernel body that are mapped to threads, and barriers.
static void dumpMapped(const LNode &N, llvm::raw_ostream &OS) {
  walkNodes(N, [&](const LNode &X) {
    if (X.K == LNode::For && X.Map != ThreadMap::None) {
      OS << "      loop " << X.Iter << " [" << loopRoleName(X.Role) << "]: ";
      switch (X.Map) {
      case ThreadMap::Block: OS << "spread over the block's threads"; break;
      case ThreadMap::Grid: OS << "spread over the grid's threads"; break;
      case ThreadMap::OmpThreads: OS << "OpenMP threads, dynamic schedule"; break;
      case ThreadMap::OmpStatic: OS << "OpenMP threads, static schedule"; break;
      case ThreadMap::None: break;
      }
      OS << ", " << X.Lanes << (X.Lanes == 1 ? " thread" : " threads")
         << " per iteration" << (X.BarrierAfter ? ", barrier after" : "")
         << "\n";
    }
    return true;
  });
}

void lir::dumpStorage(const Program &P, llvm::raw_ostream &OS) {
  for (auto &S : P.Storages) {
    OS << S.Description << "\n  size: " << S.SizeFormula << "\n";
    for (auto &W : S.LayoutWhy)
      OS << "  " << W << "\n";
    if (!S.RingWhy.empty())
      OS << "  score-only runs: " << S.RingWhy << "\n";
    if (!S.CheckpointWhy.empty())
      OS << "  traced runs: " << S.CheckpointWhy << "\n";
  }
}

void lir::dumpPlan(const Program &P, llvm::raw_ostream &OS) {
  const GpuTarget &GT = P.Machine.Gpu;
  OS << "target: GPU " << GT.Arch << " (warp " << GT.WarpSize << ", "
     << GT.SharedPerBlockMax / 1024 << " KiB shared memory per block"
     << (GT.HasAddMax ? ", DPX max-plus" : "") << "); CPU vectors of "
     << P.Machine.Cpu.VectorBytes << " bytes\n";
  OS << "problems: " << P.Problems.Why << "\n";
  for (size_t T = 0; T < P.Ranges.size(); ++T) {
    const TableRange &R = P.Ranges[T];
    if (!isIntType(P.M.Tables[T].Type))
      continue;
    OS << "range " << P.M.Tables[T].Name << ": ";
    if (!R.Known) {
      OS << "no proven range (" << R.Why << ")\n";
      continue;
    }
    auto List = [&](const std::vector<ParamBound> &Bs, const char *Op) {
      std::string S;
      for (auto &B : Bs)
        S += (S.empty() ? "" : std::string(", ")) + B.str();
      return Bs.size() == 1 ? S : std::string(Op) + "(" + S + ")";
    };
    OS << List(R.Lower, "max") << " <= " << P.M.Tables[T].Name
       << " <= " << List(R.Upper, "min") << (R.AtLetDefaults ? " (lets at "
       "their declared values)" : "") << "\n";
  }
  OS << "gpu:\n  host:\n";
  if (P.Gpu.Host)
    dumpNode(P, *P.Gpu.Host, OS, 2);
  for (size_t K = 0; K < P.Gpu.Kernels.size(); ++K) {
    const GpuKernel &Kn = P.Gpu.Kernels[K];
    OS << "  kernel " << K << ": " << kernelFamilyName(Kn.Family) << ", "
       << Kn.Threads << (Kn.Threads == 1 ? " thread" : " threads");
    if (Kn.MinBlocksPerSM)
      OS << ", launch bounds (" << Kn.Threads << ", " << Kn.MinBlocksPerSM
         << ")";
    if (Kn.BusyBlocksPerSM)
      OS << " or, for a step of at least " << Kn.BusyBlocksPerSM
         << " tiles per SM, (" << Kn.Threads << ", " << Kn.BusyBlocksPerSM
         << ")";
    if (Kn.Group >= 0)
      OS << ", group " << Kn.Group;
    OS << "\n    why: " << Kn.Why << "\n";
    if (Kn.Group >= 0) {
      const Group &Gr = P.Groups[Kn.Group];
      bool Data = false;
      for (int S : Gr.Stmts)
        Data |= readsData(*P.Stmts[S].Body);
      if (Data)
        OS << "    input values: the group reads tables at subscripts "
              "computed from input values or chooses cases by them (each "
              "such read checked at run time): no tile products for such "
              "reductions, "
           << (Gr.ShortUniform ? "no lane strips (" + Gr.StripWhy + ")"
                               : std::string("no lane strips"))
           << "\n";
    }
    if (!Kn.NarrowWhy.empty())
      OS << "    index width: " << Kn.NarrowWhy << "\n";
    if (!Kn.HostIters.empty())
      OS << "    host loops: " << iters(Kn.HostIters) << "\n";
    if (!Kn.TileIters.empty())
      OS << "    tile list: " << iters(Kn.TileIters) << "\n";
    if (Kn.SharedBytes) {
      OS << "    shared memory: " << Kn.SharedBytes << " bytes";
      for (auto &[S, Off] : Kn.AccOffset)
        OS << "; accumulator " << S << " at " << Off;
      if (Kn.StageOffset)
        OS << "; staging at " << Kn.StageOffset;
      for (auto &[T, Off] : Kn.CurOffset)
        OS << "; tile of " << P.M.Tables[T].Name << " at " << Off;
      for (auto &[SO, Off] : Kn.RestOffset)
        OS << "; product " << SO.first << "'s remainder reads of "
           << (SO.second ? "Y" : "X") << " at " << Off;
      OS << (Kn.SharedOptIn ? " (opt-in above the default)" : "") << "\n";
      auto Layout = [&](const std::string &What, const SharedLayout &L) {
        if (L.Why.empty())
          return;
        OS << "    " << What << ": ";
        for (size_t D = 0; D < L.Extents.size(); ++D)
          OS << (D ? " x " : "") << L.Extents[D];
        OS << "; " << L.Why << "\n";
      };
      for (auto &[T, Off] : Kn.CurOffset) {
        auto It = P.Gpu.CopyLayout.find(T);
        if (It != P.Gpu.CopyLayout.end())
          Layout("tile copy of " + P.M.Tables[T].Name, It->second);
      }
      for (auto &[SO, Off] : Kn.RestOffset)
        Layout("product " + std::to_string(SO.first) + "'s staged " +
                   (SO.second ? "Y" : "X") + " box",
               P.Gpu.Products[SO.first].RestLayout[SO.second]);
    }
    if (Kn.SplitK >= 0)
      OS << "    tile product " << Kn.SplitK
         << " runs before it in kernel dpc_product" << K << " ("
         << Kn.SplitKBytes << " bytes of shared memory)\n";
    dumpMapped(*Kn.Body, OS);
  }
  for (size_t S = 0; S < P.Gpu.Products.size(); ++S) {
    const GpuProduct &G = P.Gpu.Products[S];
    OS << "  tile product " << S << ": " << gpuProductFormName(G.Form);
    if (G.Form != GpuProductForm::Generic)
      OS << ", " << G.Rows << " x " << G.Cols << " accumulators, "
         << G.ThreadsY << " x " << G.ThreadsX << " threads of "
         << G.RowsPerThread << " x " << G.ColsPerThread << ", k chunk "
         << G.KChunk << ", " << G.StageBytes << " bytes staged"
         << (G.Form == GpuProductForm::SplitK
                 ? ", up to " + std::to_string(G.MaxParts) + " blocks per tile"
                 : "");
    OS << "\n    why: " << G.Why << "\n";
    if (G.S16)
      OS << "    int16x2 where: " << iexprToString(*G.S16Cond) << "\n";
    if (!G.S16Why.empty())
      OS << "    width: " << G.S16Why << "\n";
    if (G.SoftExact)
      OS << "    exact operands where: " << iexprToString(*G.SoftExactCond)
         << "\n";
    if (!G.SoftExactWhy.empty())
      OS << "    soft infinity: " << G.SoftExactWhy << "\n";
  }
  const GpuTraceback &TB = P.Gpu.Traceback;
  OS << "  traceback: " << (TB.OnDevice ? "on the GPU" : "on the host");
  if (TB.OnDevice)
    OS << ", one warp per problem (a block of " << TB.BlockLanes
       << " threads where the batch has at most "
       << (TB.BlockProblemsPerSM == 1 ? std::string("one")
                                      : std::to_string(TB.BlockProblemsPerSM))
       << " per SM), records of " << TB.RecordWords << " words";
  OS << "\n    why: " << TB.Why << "\n";
  OS << "    winners: " << P.TraceByValueWhy << "\n";
  OS << "cpu:\n";
  for (size_t G = 0; G < P.Cpu.GroupWhy.size(); ++G) {
    OS << "  group " << G << ": " << P.Cpu.GroupWhy[G] << "\n";
    for (int S : P.Groups[G].Stmts)
      if (readsData(*P.Stmts[S].Body)) {
        OS << "    input values: " << P.Stmts[S].Name
           << " reads at subscripts computed from input values or chooses "
              "its case by them: the general path (no lane strips or tile "
              "products), each such read checked at run time\n";
        break;
      }
  }
  dumpMapped(*P.Cpu.Loops, OS);
  for (size_t S = 0; S < P.Cpu.Products.size(); ++S) {
    const CpuProduct &C = P.Cpu.Products[S];
    OS << "  tile product " << S << ": "
       << (C.Block ? (C.Block->KVec ? "register-blocked (cells x k vectors)"
                                    : "register-blocked (rows x vectors)")
                   : "plain loops")
       << ", " << (C.KInner ? "k innermost" : "last index innermost");
    if (C.Block)
      OS << ", " << C.Block->Rows << " rows"
         << (C.Block->KVec ? " x " + std::to_string(C.Block->Cols) + " columns"
                           : " x " + std::to_string(C.Block->NV) + " vectors")
         << " of " << C.Block->Lanes << " lanes";
    if (C.Block && C.Block->KChunk)
      OS << ", k chunk " << C.Block->KChunk;
    OS << "\n    why: " << C.Why << "\n";
    if (C.SoftExact)
      OS << "    packed as loaded where: " << iexprToString(*C.SoftExactCond)
         << " (the operands' proven ranges within +-2^28: no clamp, no wide "
            "test)\n";
  }
}

//===-- explain (the generated programs' --explain) -----------------------===//

void lir::explainPlan(const Program &P, llvm::raw_ostream &OS) {
  const ModuleInfo &M = P.M;
  OS << "recurrence " << M.Name << " (" << M.FileName << "): the plan dpc "
     << "chose when it compiled it\n";
  OS << "(dpc emit --stage=schedule, storage and plan print the same)\n\n";
  OS << "schedule: groups, tile sizes, dependence pattern\n";
  dumpSchedule(P, OS);
  OS << "\nstorage: a map per table\n";
  dumpStorage(P, OS);
  OS << "\nvalues:";
  for (size_t T = 0; T < M.Tables.size(); ++T)
    OS << (T ? ", " : " ") << M.Tables[T].Name << " "
       << typeName(M.Tables[T].Type)
       << (P.FiniteTable[T] ? " (proven finite)" : "");
  OS << "\n\n";
  dumpPlan(P, OS);
}
