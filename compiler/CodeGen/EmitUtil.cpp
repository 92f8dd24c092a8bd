//===- EmitUtil.cpp -------------------------------------------------------===//
#include "CodeGen/EmitUtil.h"
#include "CodeGen/Emitters.h"

#include "Basic/Diagnostics.h"

#include <optional>

using namespace dpc;
using namespace dpc::lir;

std::string dpc::storeType(ScalarType T) {
  switch (T) {
  case ScalarType::Int16: return "int16_t";
  case ScalarType::Int32: return "int32_t";
  case ScalarType::Int64: return "int64_t";
  case ScalarType::Float: return "float";
  case ScalarType::Double: return "double";
  }
  return "?";
}

std::string dpc::evalType(ScalarType T) {
  if (isIntType(T))
    return "int64_t";
  return storeType(T);
}

std::string dpc::limitOf(ScalarType T) {
  return "dpc::Limits<" + storeType(T) + ">::Max";
}

std::string dpc::identityOf(RedOp Op, ScalarType T) {
  if (Op == RedOp::Sum)
    return evalType(T) + "(0)";
  if (Op == RedOp::LogSumExp) // never an integer (Sema)
    return evalType(T) + "(-INFINITY)";
  bool Max = Op == RedOp::Max;
  if (isIntType(T))
    return Max ? "dpc::NEG" : "dpc::POS";
  return evalType(T) + (Max ? "(-INFINITY)" : "(INFINITY)");
}

std::string dpc::storedIdentityOf(RedOp Op, ScalarType T) {
  if (Op == RedOp::Sum)
    return storeType(T) + "(0)";
  if (Op == RedOp::LogSumExp)
    return storeType(T) + "(-INFINITY)";
  bool Max = Op == RedOp::Max;
  if (isIntType(T))
    return "dpc::Limits<" + storeType(T) + (Max ? ">::Neg" : ">::Pos");
  return storeType(T) + (Max ? "(-INFINITY)" : "(INFINITY)");
}

std::string dpc::maskedOperand(const SplitInfo &Sp) {
  DPC_ASSERT(Sp.SoftInf, "a masked product without the clamped combine");
  return Sp.Op == RedOp::Max ? "int32_t(-(1 << 30))" : "int32_t((1 << 30) - 1)";
}

std::string dpc::productOperand(const SplitInfo &Sp, const std::string &V,
                               const std::string &Wide) {
  if (!Sp.SoftInf)
    return V;
  if (!Wide.empty())
    return std::string(Sp.Op == RedOp::Max ? "dpc::soft_neg_w("
                                           : "dpc::soft_pos_w(") +
           V + ", " + Wide + ")";
  return std::string(Sp.Op == RedOp::Max ? "dpc::soft_neg(" : "dpc::soft_pos(") +
         V + ")";
}


const char *dpc::productCombine(RedOp Op) {
  switch (Op) {
  case RedOp::Max: return "vmax";
  case RedOp::Min: return "vmin";
  case RedOp::Sum: return "vadd";
  case RedOp::LogSumExp: return "vlse";
  }
  DPC_ICE("an unknown reduction");
}

const char *dpc::productStep(RedOp Op) {
  switch (Op) {
  case RedOp::Max: return "addmax";
  case RedOp::Min: return "addmin";
  case RedOp::Sum: return "mulsum";
  case RedOp::LogSumExp: return "addlse";
  }
  DPC_ICE("an unknown reduction");
}

std::string dpc::productUpdate(const Program &P, const SplitInfo &Sp,
                               const std::string &X, const std::string &Y,
                               CodeWriter &W, const std::string &Flag) {
  std::string T = storeType(Sp.Ty);
  if (Sp.Op == RedOp::Sum) {
    // (X * Y) (* t)*: floating point (SplitReductions), terms never
    // infinite; each product rounded as the interpreter rounds it
    std::string U = T + "(" + X + " * " + Y + ")";
    if (Sp.KTerms.empty())
      return U;
    ValueStyle VS;
    VS.UseSplits = false;
    ValueEmitter VE(P, VS, W);
    for (auto &[Sub, Term] : Sp.KTerms) {
      DPC_ASSERT(!Sub, "a divided term of a sum product");
      U = T + "(" + U + " * " + VE.emit(*Term) + ")";
    }
    return U;
  }
  if (Sp.KTerms.empty())
    return T + "(" + X + " + " + Y + ")";
  ValueStyle VS;
  VS.UseSplits = false;
  bool Int = isIntType(Sp.Ty);
  DPC_ASSERT(Flag.empty() || (Int && !Sp.SoftInf),
             "flagged updates of a product that may read infinities");
  VS.FlagVar = Flag;
  VS.FiniteFlags = !Flag.empty();
  ValueEmitter VE(P, VS, W);
  std::string U = VE.fresh("u");
  if (Int && !Flag.empty())
    W.line("int64_t {} = dpc::add_finite_flag(int64_t({}), int64_t({}), {});",
           U, X, Y, Flag);
  else if (Int)
    W.line("int64_t {} = dpc::add(dpc::widen<{}>({}), dpc::widen<{}>({}), "
           "dpc_err);",
           U, T, X, T, Y);
  else
    W.line("{} {} = {} + {};", evalType(Sp.Ty), U, X, Y);
  for (auto &[Sub, Term] : Sp.KTerms) {
    std::string V = VE.emit(*Term);
    if (Int && !Flag.empty())
      W.line("{} = dpc::{}_finite_flag({}, {}, {});", U, Sub ? "sub" : "add", U,
             V, Flag);
    else if (Int)
      W.line("{} = dpc::{}({}, {}, dpc_err);", U, Sub ? "sub" : "add", U, V);
    else
      W.line("{} = {} {} {};", U, U, Sub ? "-" : "+", V);
  }
  return Int ? "dpc::keep<" + T + ">(" + U + ")" : T + "(" + U + ")";
}

std::string dpc::iexpr(const IExprPtr &E) { return iexprToString(*E); }

std::string dpc::idxParams(const TableInfo &T, const std::string &Ty) {
  std::string S;
  for (auto &I : T.Indices)
    S += ", " + Ty + " " + I;
  return S;
}

std::string dpc::forHead(const LNode &N, const std::string &Ty) {
  return "for (" + Ty + " " + N.Iter + " = " + iexpr(N.Lo) + "; " + N.Iter +
         " <= " + iexpr(N.Hi) + "; " + N.Iter +
         (N.Step == 1 ? "++" : " += " + std::to_string(N.Step)) + ")";
}

void dpc::printLoopTree(const LNode &N, CodeWriter &W,
                        llvm::function_ref<bool(const LNode &)> Visit,
                        const char *Where, const std::string &Ty) {
  if (Visit(N))
    return;
  switch (N.K) {
  case LNode::For:
    W.open(forHead(N, Ty));
    for (auto &K : N.Kids)
      printLoopTree(*K, W, Visit, Where, Ty);
    W.close();
    return;
  case LNode::If:
    W.open("if (" + iexpr(N.Cond) + ")");
    printLoopTree(*N.Then, W, Visit, Where, Ty);
    W.close();
    if (N.Else) {
      W.open("else");
      printLoopTree(*N.Else, W, Visit, Where, Ty);
      W.close();
    }
    return;
  case LNode::Block:
  case LNode::Mark:
    for (auto &K : N.Kids)
      printLoopTree(*K, W, Visit, Where, Ty);
    return;
  case LNode::Stmt:
    DPC_ICE(std::string("unexpected statement in ") + Where);
  }
}

void dpc::emitParamLocals(const ModuleInfo &M, CodeWriter &W,
                          const std::string &P, const std::string &Ty) {
  auto Local = [&](const std::string &Name) {
    if (Ty == "int64_t")
      W.line("const int64_t {} = {}.{};", Name, P, Name);
    else
      W.line("const {0} {1} = {0}({2}.{1});", Ty, Name, P);
  };
  for (auto &Pr : M.Params)
    Local(Pr.Name);
  for (auto &L : M.Lets)
    Local(L.Name);
  if (!M.Params.empty() || !M.Lets.empty()) {
    std::string Void;
    for (auto &Pr : M.Params)
      Void += "(void)" + Pr.Name + "; ";
    for (auto &L : M.Lets)
      Void += "(void)" + L.Name + "; ";
    W.text(Void);
  }
}

std::string dpc::cellOffset(const Program &P, int Table,
                            const std::vector<IExprPtr> &Idx, bool Reference,
                            const std::string &Ty) {
  const bool Narrow =
      !Reference && Ty != "int64_t" && P.Storages[Table].Offset32;
  std::string S = (Reference ? "ref_" : "") + P.M.Tables[Table].Name +
                  "_at" + (Narrow ? "<" + Ty + ">" : "") + "(dpc_p";
  for (auto &I : Idx)
    S += ", " + iexpr(I);
  return S + ")";
}

std::string dpc::ringOffset(const Program &P, int Table,
                            const std::string &Slot, const IExprPtr &Col) {
  DPC_ASSERT(P.Storages[Table].Ring, "a ring offset of a table not stored as rows");
  return iexpr(lir::ringOffset(P, Table, IExpr::var("(" + Slot + ")"), Col));
}

std::string dpc::outputOffset(const Program &P, size_t O) {
  const int T = P.M.Outputs[O].Table;
  std::string Full = cellOffset(P, T, outputIndex(P.M.Outputs[O]), false);
  const Storage &S = P.Storages[T];
  if (O != 0 || !S.RingOutput) // (only the first output's cell is kept)
    return Full;
  return fmt::format("(dpc_p.dpc_ring ? 2 * ({}) : {})", iexpr(S.RingRowLen),
                     Full);
}

void dpc::emitRingOutputStore(const Program &P, int T, const std::string &Cond,
                              const std::string &Val, CodeWriter &W) {
  const Storage &S = P.Storages[T];
  if (!S.RingOutput)
    return;
  W.line("{}dpc_t.{}[2 * ({})] = {}; // the output cell",
         Cond == "true" ? "" : "if (" + Cond + ") ", S.Buffer,
         iexpr(S.RingRowLen), Val);
}

std::vector<std::string> dpc::outputMembers(const Program &P, const Group &G) {
  std::vector<IExprPtr> OX = outputIndex(P.M.Outputs[0]);
  std::vector<std::string> Mem;
  for (int D = 0; D < 2; ++D)
    Mem.push_back(
        iexpr(IExpr::num(G.Signs[D]) * OX[D] + IExpr::num(G.Shifts[D])));
  return Mem;
}

bool dpc::ringKeepsOutput(const Program &P, const Group &G) {
  for (int T : G.StripTables)
    if (P.Storages[T].RingOutput)
      return true;
  return false;
}

bool dpc::anyRingTable(const Program &P) {
  for (auto &S : P.Storages)
    if (S.Ring)
      return true;
  return false;
}

bool dpc::anyNarrowKernel(const Program &P) {
  for (const GpuKernel &K : P.Gpu.Kernels)
    if (K.Narrow)
      return true;
  return false;
}

bool dpc::anyCheckpointTable(const Program &P) {
  return checkpointGroup(P) != nullptr;
}

const Group *dpc::checkpointGroup(const Program &P) {
  const Group *G = nullptr;
  for (const Group &Gr : P.Groups)
    if (!Gr.Tables.empty() && P.Storages[Gr.Tables[0]].Checkpoint) {
      DPC_ASSERT(!G, "checkpointed tables in two groups");
      G = &Gr;
    }
  return G;
}

bool dpc::groupHasRing(const Program &P, const Group &G) {
  for (int T : G.StripTables)
    if (P.Storages[T].Ring)
      return true;
  return false;
}

bool dpc::keepsRings(const Program &P, int K) {
  const GpuKernel &Kn = P.Gpu.Kernels[K];
  return Kn.Family == KernelFamily::Strip && Kn.Group >= 0 &&
         groupHasRing(P, P.Groups[Kn.Group]);
}

void dpc::emitInteriorBlockRun(const Group &G, const std::string &NBlocks,
                               const std::vector<std::string> &Setup,
                               const std::string &Guard, CodeWriter &W,
                               const std::string &Ty) {
  W.comment(fmt::format(
      "The first run of interior blocks [dpc_i0, dpc_i1) of the strip's "
      "blocks of {} columns\n(isl: their whole box lies in one case of "
      "every table); the steps [dpc_fa, dpc_fb)\nwhere every lane is in that "
      "run have no guards.",
      G.InteriorCols));
  W.line("const {} dpc_nb = {};", Ty, NBlocks);
  W.line("{} dpc_i0 = dpc_nb, dpc_i1 = dpc_nb;", Ty);
  W.open(fmt::format("for ({} dpc_b = 0; dpc_b < dpc_nb; ++dpc_b)", Ty));
  for (const std::string &L : Setup)
    W.line("{}", L);
  W.open("if (" + Guard + ")");
  W.line("if (dpc_i0 == dpc_nb) dpc_i0 = dpc_b;");
  W.close();
  W.open("else if (dpc_i0 < dpc_nb)");
  W.line("dpc_i1 = dpc_b;");
  W.line("break;");
  W.close();
  W.close();
}

void dpc::emitRowReductionStore(const Program &P, const Group &G,
                                const RowReduction &RR,
                                const std::string &Mem0,
                                const std::string &Val, CodeWriter &W) {
  const TableInfo &R = P.M.Tables[RR.Table];
  auto X = declareBandIndices(G, P.M.Tables[RR.Source], Mem0, "dpc_lo1", W);
  std::vector<IExprPtr> XR = {X[0]};
  W.open("if (" + iexpr(domainGuard(P.M, RR.Table, XR)) + ")");
  W.line("const {} dpc_v = {};", storeType(R.Type), Val);
  emitCellStores(P, RR.Stmt, XR, "dpc_t", false, W);
  W.close();
}

std::vector<IExprPtr> dpc::outputIndex(const OutputInfo &O) {
  std::vector<IExprPtr> X;
  for (auto &A : O.Index)
    X.push_back(IExpr::fromAffine(A));
  return X;
}

IExprPtr dpc::domainGuard(const ModuleInfo &M, int Table,
                          const std::vector<IExprPtr> &Idx) {
  const TableInfo &T = M.Tables[Table];
  std::map<std::string, IExprPtr> Sub;
  for (size_t D = 0; D < T.Indices.size(); ++D)
    Sub[T.Indices[D]] = Idx[D];
  IExprPtr G;
  for (auto &C : T.Domain) {
    IExprPtr E = IExpr::op(C.IsEq ? IExpr::Eq : IExpr::Ge,
                           {substitute(IExpr::fromAffine(C.E), Sub),
                            IExpr::num(0)});
    G = G ? IExpr::op(IExpr::And, {G, E}) : E;
  }
  return G ? G : IExpr::num(1);
}

IExprPtr dpc::accIndex(const Program &P, const SplitInfo &S,
                       const std::vector<IExprPtr> &X) {
  const Group *G = nullptr;
  for (auto &Gr : P.Groups)
    if (std::count(Gr.Stmts.begin(), Gr.Stmts.end(), S.Stmt))
      G = &Gr;
  DPC_ASSERT(G, "split statement in no group");
  std::map<std::string, IExprPtr> Tiles;
  for (size_t D = 0; D < X.size(); ++D) {
    IExprPtr B = (G->Signs[D] < 0 ? IExpr::op(IExpr::Neg, {X[D]}) : X[D]) +
                 IExpr::num(G->Shifts[D]);
    Tiles[S.TileVars[D]] =
        G->TileSizes[D] == 1
            ? B
            : IExpr::op(IExpr::FloorDiv, {B, IExpr::num(G->TileSizes[D])});
  }
  IExprPtr Off = IExpr::num(0);
  for (size_t D = 0; D < X.size(); ++D) {
    IExprPtr Lo = substitute(S.BoxLo[D], Tiles);
    Off = Off * IExpr::num(S.BoxSize[D]) + (X[D] - Lo);
  }
  return Off;
}


std::string ValueEmitter::fresh(const char *Stem) {
  return std::string("dpc_") + Stem + std::to_string(Next++);
}

static std::string bufferOf(const Program &P, int Table, bool Reference) {
  return Reference ? P.M.Tables[Table].Name : P.Storages[Table].Buffer;
}

bool dpc::inTileCache(const Program &P, const Group &G, int Table) {
  int T = effectiveTable(P, Table);
  return !G.Stmts.empty() && P.tileCopied(G.Stmts.front()) &&
         std::count(G.Tables.begin(), G.Tables.end(), T);
}

void dpc::tileCachePreamble(const Group &G, const std::vector<std::string> &X,
                            CodeWriter &W, const std::string &Ty) {
  for (size_t D = 0; D < X.size(); ++D) {
    int64_t B = G.TileSizes[D];
    std::string Mem = (G.Signs[D] < 0 ? "-" : "") + X[D] + " + " +
                      std::to_string(G.Shifts[D]);
    std::string T = B == 1 ? "(" + Mem + ")"
                           : "dpc_floordiv(" + Mem + ", " + std::to_string(B) + ")";
    std::string Lo = std::to_string(B) + " * " + T + " - " +
                     std::to_string(G.Shifts[D]);
    if (G.Signs[D] < 0)
      Lo = "-(" + Lo + " + " + std::to_string(B - 1) + ")";
    W.line("const {} dpc_lo{} = {};", Ty, D, Lo);
  }
}

std::string dpc::inTileCond(const Group &G, const std::vector<IExprPtr> &Y) {
  std::string C;
  for (size_t D = 0; D < Y.size(); ++D) {
    std::string V = "(" + iexpr(Y[D]) + ")";
    C += (C.empty() ? "" : " && ") + V + " >= dpc_lo" + std::to_string(D) +
         " && " + V + " <= dpc_lo" + std::to_string(D) + " + " +
         std::to_string(G.TileSizes[D] - 1);
  }
  return C;
}

std::string dpc::pitchedOffset(const std::vector<int64_t> &Extents,
                               const std::vector<IExprPtr> &Y,
                               const std::vector<std::string> &Lo) {
  std::string L = "0";
  for (size_t D = 0; D < Y.size(); ++D)
    L = "(" + L + ") * " + std::to_string(Extents[D]) + " + ((" +
        iexpr(Y[D]) + ") - " + Lo[D] + ")";
  return L;
}

/// The offset over Extents of element dpc_e of a dense row-major box of
/// Size (dpc_e itself when they agree).
static std::string denseToPitched(const std::vector<int64_t> &Size,
                                  const std::vector<int64_t> &Extents) {
  if (Size == Extents)
    return "dpc_e";
  std::string L;
  int64_t Dense = 1, Pitched = 1;
  for (size_t D = Size.size(); D-- > 0;) {
    if (Size[D] == 1) { // (index 0 along it)
      Pitched *= Extents[D];
      continue;
    }
    std::string Idx = Dense == 1 ? "dpc_e" : fmt::format("dpc_e / {}", Dense);
    if (D > 0)
      Idx = fmt::format("({}) % {}", Idx, Size[D]);
    L = (Pitched == 1 ? Idx : fmt::format("({}) * {}", Idx, Pitched)) +
        (L.empty() ? "" : " + " + L);
    Dense *= Size[D];
    Pitched *= Extents[D];
  }
  return L;
}

std::string dpc::tileLocal(const Program &P, int Table,
                           const std::vector<IExprPtr> &Y) {
  auto It = P.Gpu.CopyLayout.find(Table);
  DPC_ASSERT(It != P.Gpu.CopyLayout.end(), "a tile copy without a layout");
  std::vector<std::string> Lo;
  for (size_t D = 0; D < Y.size(); ++D)
    Lo.push_back("dpc_lo" + std::to_string(D));
  return pitchedOffset(It->second.Extents, Y, Lo);
}

/// A stored value of a table read: from the tile's shared-memory copy when
/// the cell lies in the current tile, else from the table's buffer.
static std::string rawLoad(const Program &P, const ValueStyle &S,
                           const VExpr &E) {
  std::string Global = S.T + "." + bufferOf(P, E.Table, S.Reference) + "[" +
                       cellOffset(P, E.Table, E.Idx, S.Reference,
                                  S.IndexType) +
                       "]";
  if (S.RowCheckpoints && P.Storages[E.Table].Checkpoint) {
    std::string A;
    for (auto &X : E.Idx)
      A += (A.empty() ? "" : ", ") + iexpr(X);
    return "(dpc_rows ? dpc_rows->" + P.M.Tables[E.Table].Name + "(" + A +
           ") : " + Global + ")";
  }
  if (S.Strip)
    if (auto R = P.stripRead(*S.Strip, S.StripIndices, E)) {
      if (!S.StripRegs.empty())
        return S.StripRegs.at({R->Table, R->D0, R->D1});
      std::string Nb = "dpc_nb_" + P.M.Tables[R->Table].Name;
      if (R->D0 == 0 && R->D1 == 0)
        return Nb + ".here";
      const char *Which = R->D1 == 0 ? "up" : R->D0 == 0 ? "left" : "diag";
      return fmt::format("({0}.has_{1} ? {0}.{1} : {2})", Nb, Which, Global);
    }
  if (S.Speculative) // the arm may not be chosen here: read inside the table
    return "((" + iexpr(domainGuard(P.M, E.Table, E.Idx)) + ") ? " + Global +
           " : " + storeType(P.M.Tables[E.Table].Type) + "(0))";
  if (!S.TileCache)
    return Global;
  auto Y = effectiveCell(P, E.Table, E.Idx);
  // (only for a table of the tile's group: its cells have the tile's dims)
  auto Cur = [&] {
    int T = effectiveTable(P, E.Table);
    return "dpc_cur_" + P.M.Tables[T].Name + "[" + tileLocal(P, T, Y) + "]";
  };
  // A split's remainder operand in a piece of its loops whose reads lie in
  // one place (lir::SplitInfo::RestBySource): read there, no test.
  if (S.RestSplit >= 0) {
    const SplitInfo &Sp = P.Splits[S.RestSplit];
    for (int O = 0; O < 2; ++O) {
      if (!sameLoad(E, O ? *Sp.Y : *Sp.X))
        continue;
      switch (static_cast<RestSource>(S.RestSrc[O])) {
      case RestSource::Tile:
        return Cur();
      case RestSource::Box:
        for (auto &R : S.RestCopies) {
          if (R.Name != restCopyName(S.RestSplit, O))
            continue;
          std::vector<std::string> Lo;
          for (size_t D = 0; D < Y.size(); ++D)
            Lo.push_back(R.Name + "_lo" + std::to_string(D));
          return R.Name + "[" + pitchedOffset(R.Extents, Y, Lo) + "]";
        }
        return Global; // (not staged)
      case RestSource::Global:
        return Global;
      }
    }
  }
  if (!inTileCache(P, *S.TileCache, E.Table))
    return Global;
  return "((" + inTileCond(*S.TileCache, Y) + ") ? " + Cur() + " : " + Global +
         ")";
}

std::string dpc::restCopyName(int S, int O) {
  return fmt::format("dpc_rs{}{}", S, O ? 'y' : 'x');
}

std::vector<ValueStyle::RestCopy> dpc::restCopies(const Program &P, int SI) {
  std::vector<ValueStyle::RestCopy> Out;
  for (int S : P.splitsOf(SI))
    for (int O = 0; O < 2; ++O) {
      if (!P.Gpu.Products[S].StageRest[O])
        continue;
      const SplitInfo::RestBox &B = P.Splits[S].rest(O);
      Out.push_back({B.Table, restCopyName(S, O),
                     P.Gpu.Products[S].RestLayout[O].Extents});
    }
  return Out;
}

/// Box O (0: X, 1: Y) of split S: its start per dim, the tile's coordinates
/// given.
static std::vector<IExprPtr> restBoxLo(const Program &P, int S, int O,
                                       const std::vector<IExprPtr> &Tile) {
  const SplitInfo &Sp = P.Splits[S];
  std::map<std::string, IExprPtr> Sub;
  for (size_t D = 0; D < Sp.TileVars.size() && D < Tile.size(); ++D)
    Sub[Sp.TileVars[D]] = Tile[D];
  std::vector<IExprPtr> Lo;
  for (auto &L : Sp.rest(O).Lo)
    Lo.push_back(substitute(L, Sub));
  return Lo;
}

void dpc::restCopyPreamble(const Program &P, const Group &G, int SI,
                           const std::vector<std::string> &X, CodeWriter &W,
                           const std::string &Ty) {
  if (restCopies(P, SI).empty())
    return;
  std::vector<IExprPtr> Tile;
  for (size_t D = 0; D < G.TileSizes.size() && D < X.size(); ++D) {
    std::string Mem = (G.Signs[D] < 0 ? "-" : "") + X[D] + " + " +
                      std::to_string(G.Shifts[D]);
    std::string Name = "dpc_tile" + std::to_string(D);
    Tile.push_back(IExpr::var(Name));
    W.line("const {} {} = dpc_floordiv({}, {}); // the tile's coordinate", Ty,
           Name, Mem, G.TileSizes[D]);
  }
  for (int S : P.splitsOf(SI))
    for (int O = 0; O < 2; ++O) {
      if (!P.Gpu.Products[S].StageRest[O])
        continue;
      std::vector<IExprPtr> Lo = restBoxLo(P, S, O, Tile);
      for (size_t D = 0; D < Lo.size(); ++D)
        W.line("const {} {}_lo{} = {};", Ty, restCopyName(S, O), D,
               iexpr(Lo[D]));
    }
}

void dpc::emitRestLoad(const Program &P, const Group &G,
                       const std::vector<IExprPtr> &Tile, CodeWriter &W,
                       const std::string &Ty) {
  const ModuleInfo &M = P.M;
  for (int SI : G.Stmts)
    for (int S : P.splitsOf(SI))
      for (int O = 0; O < 2; ++O) {
        if (!P.Gpu.Products[S].StageRest[O])
          continue;
        const SplitInfo::RestBox &B = P.Splits[S].rest(O);
        const TableInfo &Tab = M.Tables[B.Table];
        std::vector<IExprPtr> Lo = restBoxLo(P, S, O, Tile);
        W.comment(fmt::format("what tile product {}'s remainder loops read of "
                              "{} outside the tile{}",
                              S, O ? "Y" : "X",
                              B.Table == (O ? P.Splits[S].Y : P.Splits[S].X)->Table
                                  ? ""
                                  : " (cells of " + Tab.Name +
                                        ": it reads a copy table of it)"));
        W.open(fmt::format("for ({} dpc_e = threadIdx.x; dpc_e < {}; "
                           "dpc_e += blockDim.x)",
                           Ty, B.volume()));
        int64_t Stride = B.volume();
        std::vector<IExprPtr> X;
        for (size_t D = 0; D < Tab.Indices.size(); ++D) {
          Stride /= B.Size[D];
          W.line("const {} {} = {} + (dpc_e / {}) % {};", Ty, Tab.Indices[D],
                 iexpr(Lo[D]), Stride, B.Size[D]);
          X.push_back(IExpr::var(Tab.Indices[D]));
        }
        W.line("if ({}) {}[{}] = dpc_t.{}[{}];",
               iexpr(domainGuard(M, B.Table, X)), restCopyName(S, O),
               denseToPitched(B.Size, P.Gpu.Products[S].RestLayout[O].Extents),
               P.Storages[B.Table].Buffer,
               cellOffset(P, B.Table, X, false, Ty));
        W.close();
      }
}

std::vector<IExprPtr> dpc::declareBandIndices(const Group &G,
                                              const TableInfo &Tab,
                                              const std::string &Mem0,
                                              const std::string &Mem1,
                                              CodeWriter &W,
                                              const std::string &Ty) {
  std::vector<IExprPtr> X;
  const std::string *Mem[2] = {&Mem0, &Mem1};
  for (int D = 0; D < 2; ++D) {
    // band member = sign * x + shift
    std::string V = "(" + *Mem[D] + ")";
    if (G.Shifts[D])
      V += " - " + std::to_string(G.Shifts[D]);
    if (G.Signs[D] < 0)
      V = "-(" + V + ")";
    // (a branch-free cell or a hoisted value may not use every index)
    W.line("[[maybe_unused]] const {} {} = {};", Ty, Tab.Indices[D], V);
    X.push_back(IExpr::var(Tab.Indices[D]));
  }
  return X;
}

std::vector<IExprPtr> ValueEmitter::dataCell(const VExpr &E) {
  if (E.DynIdx.empty())
    return E.Idx;
  DPC_ASSERT(!S.Speculative && S.FlagVar.empty() && !S.Strip,
             "a read at a subscript computed from input values in a strip");
  std::vector<IExprPtr> Idx = E.Idx;
  for (size_t D = 0; D < E.DynIdx.size(); ++D)
    if (E.DynIdx[D]) {
      bool Was = Int32Eval;
      Int32Eval = false;
      Idx[D] = IExpr::var(emit(*E.DynIdx[D]));
      Int32Eval = Was;
    }
  W.line("if (!({})) dpc::fail(dpc_err, {}); // {} outside its table",
         dataCellGuard(E, Idx), ReadSiteErrBase + E.ReadSite,
         P.ReadSites[E.ReadSite]);
  return Idx;
}

std::string ValueEmitter::dataCellGuard(const VExpr &E,
                                        const std::vector<IExprPtr> &Idx) const {
  return iexpr(domainGuard(P.M, E.Table, Idx));
}

std::string ValueEmitter::load(const VExpr &E, ScalarType Ty) {
  ScalarType TT = P.M.Tables[E.Table].Type;
  std::string Raw;
  if (!E.DynIdx.empty()) {
    // a cell computed from input values: read only inside the table (the
    // check above failed the problem otherwise)
    VExpr C = E;
    C.Idx = dataCell(E);
    C.DynIdx.clear();
    Raw = "((" + dataCellGuard(E, C.Idx) + ") ? " + rawLoad(P, S, C) + " : " +
          storeType(TT) + "(0))";
  } else {
    Raw = rawLoad(P, S, E);
  }
  if (!isIntType(TT))
    return evalType(Ty) + "(" + Raw + ")";
  // A finite table holds no sentinel: no widening logic.
  std::string W = isSmallFinite(P, E)
                      ? "int64_t(" + Raw + ")"
                      : "dpc::widen<" + storeType(TT) + ">(" + Raw + ")";
  if (!isIntType(Ty))
    return "dpc::itof<" + evalType(Ty) + ">(" + W + ")";
  if (typeBytes(Ty) < typeBytes(TT))
    return check("fit", "", W + ", " + limitOf(Ty));
  return W;
}

std::string dpc::inputElemType(const InputInfo &I) {
  return I.Alpha == Alphabet::Int ? "int64_t" : "int8_t";
}

std::string dpc::scoreIndexExpr(const ScoreInfo &S,
                                const std::vector<std::string> &Args) {
  std::string Index;
  size_t Stride = 1;
  for (size_t A = S.Params.size(); A-- > 0;) {
    Index = (Index.empty() ? "" : Index + " + ") +
            (Stride == 1 ? "" : std::to_string(Stride) + " * ") + Args[A];
    Stride *= alphabetSymbols(S.Params[A].second).size();
  }
  return Index;
}

std::string ValueEmitter::inputRead(int In, const IExprPtr &Ix) {
  const InputInfo &I = P.M.Inputs[In];
  if (S.Leaves && S.Strip) {
    auto It = S.Leaves->find(stripLeafKey(
        I.Name, toBandMembers(*S.Strip, S.StripIndices, Ix)));
    if (It != S.Leaves->end())
      return It->second;
  }
  std::string X = "dpc::ro(dpc_in." + I.Name + "[" + iexpr(Ix) + "])";
  if (!S.Speculative)
    return X;
  return fmt::format("(({0} >= 0 && {0} < {1}) ? {2} : {3}(0))", iexpr(Ix),
                     iexpr(I.length()), X, inputElemType(I));
}

std::string ValueEmitter::check(const std::string &Fn, const std::string &TArg,
                                const std::string &Args) const {
  std::string T = TArg.empty() ? "" : "<" + TArg + ">";
  if (!S.FlagVar.empty())
    return "dpc::" + Fn + "_flag" + T + "(" + Args + ", " + S.FlagVar + ")";
  return "dpc::" + Fn + T + "(" + Args + ", dpc_err)";
}

/// The local holding score lookup E's row entries (ValueStyle::ScoreRows),
/// and its column symbol's position, where it has one: its one symbol is
/// that row's element, its other an element of the cell's column.
static std::optional<std::pair<std::string, int>>
scoreRowOf(const Program &P, const ValueStyle &S, const VExpr &E) {
  if (S.ScoreRows.empty() || !S.Strip || E.SeqArgs.size() != 2)
    return std::nullopt;
  std::string Key[2];
  for (int A = 0; A < 2; ++A)
    Key[A] = stripLeafKey(
        P.M.Inputs[E.SeqArgs[A].first].Name,
        toBandMembers(*S.Strip, S.StripIndices, E.SeqArgs[A].second));
  for (int RowArg = 0; RowArg < 2; ++RowArg) {
    auto It = S.ScoreRows.find({E.ScoreId, RowArg, Key[RowArg]});
    if (It == S.ScoreRows.end())
      continue;
    for (const StripLeaf &L : S.Strip->StripLeaves)
      if (L.Key == Key[1 - RowArg] && L.Lev == StripLeaf::Col)
        return std::make_pair(It->second, 1 - RowArg);
  }
  return std::nullopt;
}

std::string ValueEmitter::convertScore(const VExpr &E) {
  const ScoreInfo &Sc = P.M.Scores[E.ScoreId];
  std::string Args;
  std::vector<std::string> ArgText;
  for (size_t A = 0; A < E.SeqArgs.size(); ++A) {
    ArgText.push_back(inputRead(E.SeqArgs[A].first, E.SeqArgs[A].second));
    Args += std::string(A ? ", " : "") + ArgText.back();
  }
  auto Shared = S.SharedScores.find(E.ScoreId);
  std::string Call;
  if (auto Row = scoreRowOf(P, S, E))
    Call = "dpc::score_row8(" + Row->first + ", " + ArgText[Row->second] + ")";
  else if (Shared == S.SharedScores.end())
    Call = "score_" + Sc.Name + "(" + Args + ")";
  else if (S.SentinelScores.count(E.ScoreId))
    Call = "dpc::widen<int32_t>(" + Shared->second + "[score_" + Sc.Name +
           "_index(" + Args + ")])";
  else
    Call = Shared->second + "[score_" + Sc.Name + "_index(" + Args + ")]";
  if (isIntType(Sc.Type) && !isIntType(E.Ty))
    return "dpc::itof<" + evalType(E.Ty) + ">(" + Call + ")";
  if (!isIntType(Sc.Type))
    return evalType(E.Ty) + "(" + Call + ")";
  if (typeBytes(E.Ty) < typeBytes(Sc.Type))
    return check("fit", "", Call + ", " + limitOf(E.Ty));
  return Call;
}

std::string ValueEmitter::checkedInt(const std::string &V, ScalarType Ty) const {
  if (Ty == ScalarType::Int64)
    return V;
  // speculative cells are finite (PlanStripCells): no sentinel to let by
  if (!S.FlagVar.empty())
    return check("check_finite", storeType(Ty), V);
  return "dpc::check_type<" + storeType(Ty) + ">(" + V + ", dpc_err)";
}

std::string ValueEmitter::emit(const VExpr &E) {
  // (PlanStripCells lets only finite ints be evaluated speculatively, or,
  // for the CPU strips, ints whose sentinel arithmetic can never meet
  // inf - inf: the sentinel arithmetic fails as it goes)
  DPC_ASSERT(!S.Speculative || !isIntType(E.Ty) || isSmallFinite(P, E) ||
                 E.K == VExpr::Const || undefinedFree(P, E),
             "a speculative cell with the sentinel arithmetic");
  // A finite int expression whose every intermediate fits int32 runs in
  // int32 with no check: the store checks the range it keeps.
  if (!Int32Eval && E.Ty == ScalarType::Int32 && isOperation(E) &&
      evaluatesInInt32(P, E)) {
    Int32Eval = true;
    std::string V = emit(E);
    Int32Eval = false;
    return "int64_t(" + V + ")";
  }
  if (Int32Eval)
    return emitInt32(E);
  std::string ET = evalType(E.Ty);
  bool Int = isIntType(E.Ty);
  std::string V;
  switch (E.K) {
  case VExpr::Const:
    if (E.Inf)
      V = Int ? (E.Inf < 0 ? "dpc::NEG" : "dpc::POS")
              : ET + (E.Inf < 0 ? "(-INFINITY)" : "(INFINITY)");
    else if (Int)
      V = "int64_t(" + std::to_string(E.IntVal) + ")";
    else
      V = ET + "(" + fmt::format("{:.17g}", E.FloatVal) + ")";
    return V;
  case VExpr::Index:
    V = Int ? checkedInt("int64_t(" + iexpr(E.Ix) + ")", E.Ty)
            : ET + "(" + iexpr(E.Ix) + ")";
    break;
  case VExpr::Load:
    V = load(E, E.Ty);
    break;
  case VExpr::InputLoad: {
    std::string X = inputRead(E.Input, E.Ix);
    V = Int ? checkedInt(X, E.Ty) : ET + "(" + X + ")";
    break;
  }
  case VExpr::Score:
    V = convertScore(E);
    break;
  case VExpr::Neg: {
    std::string A = emit(*E.Kids[0]);
    if (Int && isSmallFinite(P, E)) // no sentinel, no int64 overflow
      V = check("check_finite", storeType(E.Ty), "-" + A);
    else if (Int && S.FiniteFlags) // finite: -A cannot wrap
      V = checkedInt("-" + A, E.Ty);
    else
      V = Int ? checkedInt("dpc::neg(" + A + ")", E.Ty) : "-" + A;
    break;
  }
  case VExpr::Add:
  case VExpr::Sub:
  case VExpr::Mul: {
    std::string A = emit(*E.Kids[0]), B = emit(*E.Kids[1]);
    const char *F = E.K == VExpr::Add ? "add" : E.K == VExpr::Sub ? "sub" : "mul";
    const char *Op = E.K == VExpr::Add ? " + " : E.K == VExpr::Sub ? " - " : " * ";
    if (Int && isSmallFinite(P, E)) // no sentinel, no int64 overflow
      V = check("check_finite", storeType(E.Ty), A + Op + B);
    else if (Int && S.FiniteFlags) // finite, overflow into the flag
      V = checkedInt(fmt::format("dpc::{}_finite_flag({}, {}, {})", F, A, B,
                                 S.FlagVar),
                     E.Ty);
    else
      V = Int ? checkedInt(std::string("dpc::") + F + "(" + A + ", " + B +
                               ", dpc_err)",
                           E.Ty)
              : ET + "(" + A + Op + B + ")";
    break;
  }
  case VExpr::Exp:
  case VExpr::Log:
    // dpc::fexp / dpc::flog: exp/expf and log/logf by the type, on host
    // and device alike
    V = std::string(E.K == VExpr::Exp ? "dpc::fexp(" : "dpc::flog(") +
        emit(*E.Kids[0]) + ")";
    break;
  case VExpr::Max:
  case VExpr::Min:
    return emitMinMax(E, ET);
  case VExpr::Reduce:
    return emitReduce(E, false);
  case VExpr::SplitReduce:
    return emitReduce(E, S.UseSplits);
  case VExpr::Cases:
    return emitCases(E, ET);
  }
  std::string N = fresh();
  W.line("const {} {} = {};", ET, N, V);
  return N;
}

std::string ValueEmitter::emitMinMax(const VExpr &E, const std::string &ET) {
  std::string Acc = emit(*E.Kids[0]);
  for (size_t I = 1; I < E.Kids.size(); ++I) {
    std::string B = emit(*E.Kids[I]);
    std::string N = fresh();
    W.line("const {} {} = dpc::{}({}, {});", ET, N,
           E.K == VExpr::Max ? "vmax" : "vmin", Acc, B);
    Acc = N;
  }
  return Acc;
}

/// Whether an arm of cases E has comparisons that read input values.
static bool readsDataGuard(const VExpr &E) {
  for (auto &G : E.DataGuards)
    if (!G.empty())
      return true;
  return false;
}

/// The select of a speculative cases expression E: arm a's value Vs[a] where
/// its guard holds, the first such arm (Vs holds the arms up to the first
/// without a guard; Zero where none holds).
static std::string selectArms(const VExpr &E, const std::vector<std::string> &Vs,
                              const std::string &Zero) {
  const size_t K = Vs.size();
  const bool Else = K > 0 && !E.Guards[K - 1];
  std::string Sel = Else ? Vs.back() : Zero;
  for (size_t A = Else ? K - 1 : K; A-- > 0;)
    Sel = "(" + iexpr(E.Guards[A]) + ") ? " + Vs[A] + " : " + Sel;
  return Sel;
}

std::string ValueEmitter::emitCases(const VExpr &E, const std::string &ET) {
  DPC_ASSERT(!S.Speculative || !readsDataGuard(E),
             "a guard on input values in a speculative cell");
  std::string R = fresh("r");
  if (S.Speculative) {
    // every arm evaluated (each may be where it is not chosen), one selected
    std::vector<std::string> Vs;
    for (size_t K = 0; K < E.Kids.size(); ++K) {
      Vs.push_back(emit(*E.Kids[K]));
      if (!E.Guards[K])
        break;
    }
    W.line("const {} {} = {};", ET, R, selectArms(E, Vs, ET + "(0)"));
    return R;
  }
  W.line("{} {};", ET, R);
  if (readsDataGuard(E)) {
    caseChain(
        E,
        [&](size_t A) {
          std::string B = emit(*E.Kids[A]);
          W.line("{} = {};", R, B);
        },
        [&] {
          W.line("{} = {}; // unreachable: the cases cover the domain", R,
                 ET + "(0)");
        });
    return R;
  }
  bool HasElse = false;
  for (size_t A = 0; A < E.Kids.size(); ++A) {
    if (!E.Guards[A]) {
      W.open(A ? "else" : "");
      HasElse = true;
    } else {
      W.open(std::string(A ? "else if (" : "if (") + iexpr(E.Guards[A]) + ")");
    }
    std::string B = emit(*E.Kids[A]);
    W.line("{} = {};", R, B);
    W.close();
    if (HasElse)
      break;
  }
  if (!HasElse) {
    W.open("else");
    W.line("{} = {}; // unreachable: the cases cover the domain", R,
           ET + "(0)");
    W.close();
  }
  return R;
}

void ValueEmitter::caseChain(const VExpr &E,
                             llvm::function_ref<void(size_t)> Arm,
                             llvm::function_ref<void()> None) {
  if (!readsDataGuard(E)) {
    bool HasElse = false;
    for (size_t A = 0; A < E.Kids.size() && !HasElse; ++A) {
      if (!E.Guards[A]) {
        W.open(A ? "else" : "");
        HasElse = true;
      } else {
        W.open(std::string(A ? "else if (" : "if (") + iexpr(E.Guards[A]) +
               ")");
      }
      Arm(A);
      W.close();
    }
    if (!HasElse && None) {
      W.open("else");
      None();
      W.close();
    }
    return;
  }
  // Nested: an arm's comparisons on input values are evaluated only where
  // it is tried (its operands may be read only there).
  size_t Open = 0;
  size_t A = 0;
  for (; A < E.Kids.size(); ++A) {
    if (!E.Guards[A]) {
      W.open("");
      Arm(A);
      W.close();
      break;
    }
    std::string Cond = iexpr(E.Guards[A]);
    if (A < E.DataGuards.size() && !E.DataGuards[A].empty()) {
      std::string H = fresh("g");
      W.line("bool {} = {};", H, Cond);
      bool Was = Int32Eval;
      Int32Eval = false;
      for (const DataCmp &C : E.DataGuards[A]) {
        W.open("if (" + H + ")");
        std::string L = emit(*C.L), R = emit(*C.R);
        W.line("{} = {} {} {};", H, L,
               C.Op == CmpOp::Eq ? "==" : cmpOpName(C.Op), R);
        W.close();
      }
      Int32Eval = Was;
      Cond = H;
    }
    W.open("if (" + Cond + ")");
    Arm(A);
    W.close();
    W.open("else");
    ++Open;
  }
  if (A == E.Kids.size() && None)
    None();
  for (size_t K = 0; K < Open; ++K)
    W.close();
}

std::string ValueEmitter::emitInInt32(const VExpr &E) {
  bool Was = Int32Eval;
  Int32Eval = true;
  std::string V = emitInt32(E);
  Int32Eval = Was;
  return V;
}

std::string ValueEmitter::emitSentinel32(const VExpr &E) {
  DPC_ASSERT(S.Strip && isIntType(E.Ty) && !S.FlagVar.empty(),
             "sentinel int32 outside a strip cell");
  const InfSigns F = infSigns(P, E);
  if (!F.Neg && !F.Pos && evaluatesInInt32(P, E))
    return emitInInt32(E);
  if (E.K == VExpr::Const && E.Inf)
    return E.Inf < 0 ? "dpc::Limits<int32_t>::Neg" : "dpc::Limits<int32_t>::Pos";
  auto MayInf = [&](const VExpr &K) {
    InfSigns G = infSigns(P, K);
    return G.Neg || G.Pos;
  };
  std::string N = fresh();
  if (!P.readsStripNeighbour(*S.Strip, S.StripIndices, E)) {
    // a leaf: a score lookup in a sentinel copy is such an int32 already;
    // anything else is computed wide and enters within the range kept
    auto Shared = S.SharedScores.find(E.ScoreId);
    if (E.K == VExpr::Score && E.Ty == ScalarType::Int32 &&
        Shared != S.SharedScores.end() && S.SentinelScores.count(E.ScoreId)) {
      std::string Args;
      for (size_t A = 0; A < E.SeqArgs.size(); ++A)
        Args += std::string(A ? ", " : "") +
                inputRead(E.SeqArgs[A].first, E.SeqArgs[A].second);
      W.line("const int32_t {} = {}[score_{}_index({})];", N, Shared->second,
             P.M.Scores[E.ScoreId].Name, Args);
      return N;
    }
    W.line("const int32_t {} = {};", N, check("to_lane32", "", emit(E)));
    return N;
  }
  std::string V;
  switch (E.K) {
  case VExpr::Load: {
    const ScalarType Ty = P.M.Tables[effectiveTable(P, E.Table)].Type;
    DPC_ASSERT(E.DynIdx.empty(), "a checked read in a sentinel cell");
    V = Ty == ScalarType::Int32
            ? "int32_t(" + rawLoad(P, S, E) + ")"
            : check("to_lane32", "", load(E, ScalarType::Int64));
    break;
  }
  case VExpr::Neg: {
    std::string A = emitSentinel32(*E.Kids[0]);
    V = MayInf(*E.Kids[0]) ? "dpc::sneg32(" + A + ")" : "-" + A;
    break;
  }
  case VExpr::Add:
  case VExpr::Sub:
  case VExpr::Mul: {
    std::string A = emitSentinel32(*E.Kids[0]), B = emitSentinel32(*E.Kids[1]);
    const bool Inf = MayInf(*E.Kids[0]) || MayInf(*E.Kids[1]);
    // (lir::undefinedFree: * never meets an infinity)
    DPC_ASSERT(E.K != VExpr::Mul || !Inf, "an infinity in a sentinel product");
    if (Inf)
      V = fmt::format("dpc::{}({}, {})", E.K == VExpr::Add ? "sadd32" : "ssub32",
                      A, B);
    else
      V = A + (E.K == VExpr::Add ? " + " : E.K == VExpr::Sub ? " - " : " * ") +
          B;
    break;
  }
  case VExpr::Max:
  case VExpr::Min: {
    // the sentinels order as the infinities do
    std::string Acc = emitSentinel32(*E.Kids[0]);
    for (size_t I = 1; I < E.Kids.size(); ++I) {
      std::string B = emitSentinel32(*E.Kids[I]), M = fresh();
      W.line("const int32_t {} = dpc::{}({}, {});", M,
             E.K == VExpr::Max ? "vmax" : "vmin", Acc, B);
      Acc = M;
    }
    return Acc;
  }
  case VExpr::Cases: {
    // every arm evaluated (each may be where it is not chosen), one selected
    DPC_ASSERT(S.Speculative && !readsDataGuard(E),
               "cases in a sentinel cell that are not selects");
    std::vector<std::string> Vs;
    for (size_t K = 0; K < E.Kids.size(); ++K) {
      Vs.push_back(emitSentinel32(*E.Kids[K]));
      if (!E.Guards[K])
        break;
    }
    V = selectArms(E, Vs, "int32_t(0)");
    break;
  }
  default:
    DPC_ICE("a neighbour read under an operation the sentinel lanes lack");
  }
  W.line("const int32_t {} = {};", N, V);
  return N;
}

std::string ValueEmitter::emitInt32(const VExpr &E) {
  std::string V;
  switch (E.K) {
  case VExpr::Const:
    return "int32_t(" + std::to_string(E.IntVal) + ")";
  // indices and inputs: checked against the range kept for int
  case VExpr::Index:
    V = check("narrow_finite", "int32_t", "int64_t(" + iexpr(E.Ix) + ")");
    break;
  case VExpr::InputLoad:
    V = check("narrow_finite", "int32_t", inputRead(E.Input, E.Ix));
    break;
  case VExpr::Load:
    DPC_ASSERT(E.DynIdx.empty(), "a checked read in an int32 expression");
    V = "int32_t(" + rawLoad(P, S, E) + ")";
    break;
  case VExpr::Score:
    V = "int32_t(" + convertScore(E) + ")";
    break;
  case VExpr::Neg:
    V = "-" + emitInt32(*E.Kids[0]);
    break;
  case VExpr::Add:
  case VExpr::Sub:
  case VExpr::Mul: {
    std::string A = emitInt32(*E.Kids[0]), B = emitInt32(*E.Kids[1]);
    V = A + (E.K == VExpr::Add ? " + " : E.K == VExpr::Sub ? " - " : " * ") + B;
    break;
  }
  case VExpr::Max:
  case VExpr::Min:
    return emitMinMax(E, "int32_t");
  case VExpr::Cases:
    return emitCases(E, "int32_t");
  case VExpr::Exp:
  case VExpr::Log:
    DPC_ICE("exp or log in an int32 expression");
  case VExpr::Reduce:
  case VExpr::SplitReduce:
    DPC_ICE("a reduction in an int32 expression");
  }
  std::string N = fresh();
  W.line("const int32_t {} = {};", N, V);
  return N;
}

void ValueEmitter::accumulate(const VExpr &Red, const std::string &Acc) {
  const VExpr &Body = *Red.Kids[0];
  bool Int = isIntType(Red.Ty);
  bool MaxMin = Red.Op == RedOp::Max || Red.Op == RedOp::Min;
  if (!SoftWide.empty()) {
    // a SoftInf remainder term: both operands clamped as the product reads
    // them (their sum cannot wrap), the wide flag set by a finite operand
    // beyond +-dpc::SoftNarrow
    bool Max = Red.Op == RedOp::Max;
    auto Soft = [&](const VExpr &L) {
      return std::string(Max ? "dpc::soft_neg_w(" : "dpc::soft_pos_w(") +
             rawLoad(P, S, L) + ", " + SoftWide + ")";
    };
    W.line("{} = dpc::{}({}, int32_t({} + {}));", Acc, Max ? "vmax" : "vmin",
           Acc, Soft(*Body.Kids[0]), Soft(*Body.Kids[1]));
    return;
  }
  if (isFastSum(Body) && MaxMin) {
    // Finite operands: plain arithmetic is exact.
    ScalarType TX = P.M.Tables[Body.Kids[0]->Table].Type;
    ScalarType TY = P.M.Tables[Body.Kids[1]->Table].Type;
    auto Operand = [&](const VExpr &L) {
      auto It = StreamAt.find(&L);
      if (It == StreamAt.end())
        return rawLoad(P, S, L);
      return S.T + "." + bufferOf(P, L.Table, S.Reference) + "[" + It->second +
             (accessAlong(P, L, Red.Bindings.back().Var) == Access::Fixed
                  ? ""
                  : " + " + Red.Bindings.back().Var) +
             "]";
    };
    std::string X = Operand(*Body.Kids[0]);
    std::string Y = Operand(*Body.Kids[1]);
    std::string ET = evalType(Red.Ty);
    std::string Sum = !NarrowType.empty()
                          ? NarrowType + "(" + X + " + " + Y + ")"
                      : Int ? "int64_t(" + X + ") + int64_t(" + Y + ")"
                            : ET + "(" + X + ") + " + ET + "(" + Y + ")";
    (void)TX;
    (void)TY;
    W.line("{} = dpc::{}({}, {});", Acc, Red.Op == RedOp::Max ? "vmax" : "vmin",
           Acc, Sum);
    return;
  }
  std::string V = emit(Body);
  switch (Red.Op) {
  case RedOp::Max: W.line("{} = dpc::vmax({}, {});", Acc, Acc, V); break;
  case RedOp::Min: W.line("{} = dpc::vmin({}, {});", Acc, Acc, V); break;
  case RedOp::Sum:
    if (Int)
      W.line("{} = {};", Acc,
             checkedInt("dpc::add(" + Acc + ", " + V + ", dpc_err)", Red.Ty));
    else
      W.line("{} = {} + {};", Acc, Acc, V);
    break;
  case RedOp::LogSumExp: // Acc is a dpc::LogSumExp (emitReduce)
    W.line("{}.push({});", Acc, V);
    break;
  }
}


const LNode &ValueEmitter::restTree(const VExpr &E) const {
  if (S.TileCache && E.Split >= 0 && P.Splits[E.Split].RestBySource)
    return *P.Splits[E.Split].RestBySource;
  return *E.Rest;
}

std::string ValueEmitter::emitLoops(const LNode &N, const VExpr &Red,
                                    const std::string &Acc, bool Lanes) {
  // An innermost loop over the last reduction index whose operands are
  // contiguous (or fixed) along it, outside the GPU's tile cache: each
  // operand addressed from its offset at k = 0, the loop counted from 0 (so
  // that the C++ compiler vectorises it with plain loads).
  auto Streamed = [&](const LNode &X) {
    const VExpr &Body = *Red.Kids[0];
    const LNode *Leaf = X.K == LNode::For ? leafOf(X) : nullptr;
    if (Lanes || S.TileCache || S.Reference || !Leaf || X.Step != 1 ||
        !isFastSum(Body) ||
        (Red.Op != RedOp::Max && Red.Op != RedOp::Min) || hasInnerFor(X))
      return false;
    const std::string &KV = Red.Bindings.back().Var;
    const IExpr &Last = *Leaf->Args.back();
    if (Last.K != IExpr::Var || Last.Name != X.Iter)
      return false;
    for (size_t I = 0; I + 1 < Leaf->Args.size(); ++I)
      if (coeffOf(*Leaf->Args[I], X.Iter) != std::optional<int64_t>(0))
        return false;
    for (auto &K : Body.Kids)
      if (accessAlong(P, *K, KV) == Access::Other)
        return false;
    W.open("");
    for (size_t I = 0; I + 1 < Red.Bindings.size(); ++I)
      W.line("const {} {} = {};", S.IndexType, Red.Bindings[I].Var,
             iexpr(Leaf->Args[I]));
    for (auto &K : Body.Kids) {
      std::vector<IExprPtr> At0;
      for (auto &I : K->Idx)
        At0.push_back(substitute(I, {{KV, IExpr::num(0)}}));
      std::string At = fresh("at");
      W.line("const int64_t {} = {}; // {}[...] at {} = 0", At,
             cellOffset(P, K->Table, At0, false), P.M.Tables[K->Table].Name, KV);
      StreamAt[K.get()] = At;
    }
    W.line("const {} dpc_lo = {}, dpc_n = {} - dpc_lo + 1;", S.IndexType,
           iexpr(X.Lo), iexpr(X.Hi));
    W.open("for (" + S.IndexType + " dpc_d = 0; dpc_d < dpc_n; ++dpc_d)");
    W.line("const {} {} = dpc_lo + dpc_d;", S.IndexType, X.Iter);
    return true;
  };
  std::function<bool(const LNode &)> Visit = [&](const LNode &X) {
    if (Streamed(X)) {
      for (auto &K : X.Kids)
        printLoopTree(*K, W, Visit, "reduction loops", S.IndexType);
      W.close();
      W.close();
      StreamAt.clear();
      return true;
    }
    if (X.K == LNode::For && Lanes && !hasInnerFor(X)) {
      // this lane's iterations of an innermost loop
      W.text("DPC_UNROLL");
      W.open(fmt::format("for ({4} {0} = {1} + dpc_lane * {3}; {0} <= {2}; "
                         "{0} += dpc_lanes * {3})",
                         X.Iter, iexpr(X.Lo), iexpr(X.Hi), X.Step,
                         S.IndexType));
      for (auto &K : X.Kids)
        printLoopTree(*K, W, Visit, "reduction loops", S.IndexType);
      W.close();
      return true;
    }
    if (X.K == LNode::Mark && X.MarkName == "rest_sources") {
      // a piece of the remainder whose operands each read one place
      static const char *const Where[] = {"the table", "the tile's copy",
                                          "the staged box"};
      auto From = [&](int O, int Src) {
        // (a box the plan does not stage is read in the table)
        return Where[Src == int(RestSource::Box) &&
                             !P.Gpu.Products[Red.Split].StageRest[O]
                         ? 0
                         : Src];
      };
      W.comment(fmt::format("X from {}, Y from {}", From(0, X.Ref / 3),
                            From(1, X.Ref % 3)));
      int SavedSplit = S.RestSplit;
      std::array<int, 2> SavedSrc = S.RestSrc;
      S.RestSplit = Red.Split;
      S.RestSrc = {X.Ref / 3, X.Ref % 3};
      printLoopTree(*X.Kids[0], W, Visit, "reduction loops", S.IndexType);
      S.RestSplit = SavedSplit;
      S.RestSrc = SavedSrc;
      return true;
    }
    if (X.K == LNode::For)
      W.text("DPC_UNROLL");
    if (X.K != LNode::Stmt)
      return false;
    W.open("");
    for (size_t I = 0; I < Red.Bindings.size(); ++I)
      W.line("const {} {} = {};", S.IndexType, Red.Bindings[I].Var,
             iexpr(X.Args[I]));
    accumulate(Red, Acc);
    W.close();
    return true;
  };
  printLoopTree(N, W, Visit, "reduction loops", S.IndexType);
  return Acc;
}

/// The combine of a SoftInf split (lir::SplitInfo::SoftInf), its result A
/// and the tile's wide flag Wide (softWideIndex). The remainder's terms are
/// computed as the product computes its own: operands clamped (-inf read as
/// -2^30 for max, +inf as 2^30 - 1 for min), summed in int32, their wide
/// flag ORed into the tile's. Where no operand of the product or the
/// remainder was a finite value beyond +-dpc::SoftNarrow, a result within
/// +-dpc::SoftExact is exact and any other means that every term read the
/// absorbing infinity; else a result on the far side of 0 from that
/// infinity is exact. Otherwise a term may have read an infinity, and the
/// cell's whole reduction is recomputed with the sentinel arithmetic. The
/// lanes of a cell combine their results and flags before deciding, so
/// they take the same branch.
std::string ValueEmitter::emitSoftCombine(const VExpr &E, const std::string &A,
                                          const std::string &Wide,
                                          const std::string &R) {
  std::string ET = evalType(E.Ty);
  bool Max = E.Op == RedOp::Max;
  std::string RN = R + "n", RW = R + "w";
  W.line("int32_t {} = {}; // the product's part, then the remainder's", RN, A);
  W.line("int {} = {} != 0; // a finite operand beyond +-dpc::SoftNarrow", RW,
         Wide);
  SoftWide = RW;
  emitLoops(restTree(E), E, RN, S.Lanes);
  SoftWide.clear();
  if (S.Lanes) {
    combineLanes(E, RN);
    W.line("{} = dpc_combine_lanes<dpc::LaneMax>({}, dpc_lanes);", RW, RW);
  }
  W.line("{} {};", ET, R);
  W.open("if (!" + RW + ")");
  W.comment("narrow operands: the terms that read no infinity decide it, or "
            "every term read one");
  W.line("{} = {} {} ? dpc::widen<int32_t>({}) : {};", R, RN,
         Max ? ">= -dpc::SoftExact" : "<= dpc::SoftExact", RN,
         Max ? "dpc::NEG" : "dpc::POS");
  W.close();
  W.open(fmt::format("else if ({} {} 0)", RN, Max ? ">=" : "<"));
  W.line("{} = dpc::widen<int32_t>({}); // exact: no term with an infinity "
         "comes this far",
         R, RN);
  W.close();
  W.open("else");
  W.comment(std::string("a term may have read ") + (Max ? "-inf" : "+inf") +
            ": the whole reduction, with the sentinel arithmetic");
  W.line("{} = {};", R, identityOf(E.Op, E.Ty));
  openBindingLoops(E, S.Lanes);
  accumulate(E, R);
  for (size_t I = 0; I < E.Bindings.size(); ++I)
    W.close();
  if (S.Lanes)
    combineLanes(E, R);
  W.close();
  return R;
}

bool ValueEmitter::flaggedReduce(const VExpr &E) const {
  if ((E.Op != RedOp::Max && E.Op != RedOp::Min) || !isIntType(E.Ty) ||
      E.Bindings.size() != 1 || S.LaneReduce || S.Lanes || S.TileCache ||
      S.Strip || S.Speculative || !S.FlagVar.empty() || S.Reference ||
      !NarrowType.empty())
    return false;
  const VExpr &Body = *E.Kids[0];
  InfSigns I = infSigns(P, Body);
  // (a sum of two finite loads has no check to flag: it is branch-free)
  if (I.Neg || I.Pos || readsData(Body) || isFastSum(Body))
    return false;
  bool Ok = true;
  forEachVExpr(Body, [&](const VExpr &X) {
    Ok = Ok && X.K != VExpr::Cases && X.K != VExpr::Reduce &&
         X.K != VExpr::SplitReduce && isIntType(X.Ty);
  });
  return Ok;
}

void ValueEmitter::openBindingLoops(const VExpr &E, bool ShareLast) {
  for (size_t I = 0; I < E.Bindings.size(); ++I) {
    const Binding &B = E.Bindings[I];
    bool Last = I + 1 == E.Bindings.size();
    if (Last && ShareLast) {
      W.open(fmt::format("for ({3} {0} = {1} + dpc_lane; {0} <= {2}; {0} "
                         "+= dpc_lanes)",
                         B.Var, iexpr(B.Lo), iexpr(B.Hi), S.IndexType));
      continue;
    }
    if (Last)
      W.text("DPC_UNROLL");
    W.open("for (" + S.IndexType + " " + B.Var + " = " + iexpr(B.Lo) + "; " + B.Var +
           " <= " + iexpr(B.Hi) + "; ++" + B.Var + ")");
  }
}

void ValueEmitter::combineLanes(const VExpr &E, const std::string &R,
                                bool Sum) {
  // (MapToTarget shares only max, min and integer sums between lanes)
  DPC_ASSERT(E.Op != RedOp::LogSumExp, "a logsumexp shared between lanes");
  W.comment("combine the lanes of this cell (consecutive, aligned threads)");
  W.line("{} = dpc_combine_lanes<dpc::{}>({}, dpc_lanes);", R,
         Sum ? "LaneSum" : E.Op == RedOp::Max ? "LaneMax" : "LaneMin", R);
}

std::string ValueEmitter::emitReduce(const VExpr &E, bool UseAcc) {
  std::string ET = evalType(E.Ty);
  std::string R = fresh("r");
  if (UseAcc) {
    const SplitInfo &Sp = P.Splits[E.Split];
    const TableInfo &T = P.M.Tables[P.Stmts[Sp.Stmt].Table];
    std::vector<IExprPtr> X;
    for (auto &I : T.Indices)
      X.push_back(IExpr::var(I));
    std::string A = "dpc_acc" + std::to_string(E.Split) + "[" +
                    iexpr(accIndex(P, Sp, X)) + "]";
    if (S.AccOnly) {
      W.line("// {}: the tile accumulator holds the whole reduction (the "
             "row's updates and pushes)",
             redOpName(E.Op));
      W.line("const {} {} = dpc::widen<{}>({});", ET, R, storeType(Sp.Ty), A);
      return R;
    }
    W.line("// {}: tile product (computed for the whole tile) + remainder",
           redOpName(E.Op));
    if (Sp.SoftInf)
      return emitSoftCombine(E, A,
                             "dpc_acc" + std::to_string(E.Split) + "[" +
                                 std::to_string(softWideIndex(Sp)) + "]",
                             R);
    // An int32 remainder of finite operands adds in int32: a finite value
    // stays within +-(2^30 - 1), so the sum of two cannot overflow, and it
    // never equals a sentinel.
    const VExpr &Body = *E.Kids[0];
    bool Narrow = Sp.Ty == ScalarType::Int32 &&
                  (E.Op == RedOp::Max || E.Op == RedOp::Min) &&
                  isFastSum(Body) &&
                  P.M.Tables[Body.Kids[0]->Table].Type == ScalarType::Int32 &&
                  P.M.Tables[Body.Kids[1]->Table].Type == ScalarType::Int32;
    // (an accumulator read in place from global memory, GpuProduct::
    // AccInPlace: loaded first and taken last, so that its latency hides
    // behind the remainder's loops)
    const bool InPlace = S.TileCache && E.Split < (int)P.Gpu.Products.size() &&
                         P.Gpu.Products[E.Split].AccInPlace;
    if (Narrow) {
      std::string RN = R + "n";
      if (InPlace) {
        W.line("const int32_t {}a = {}; // (global: used last)", RN, A);
        W.line("int32_t {} = {};", RN, storedIdentityOf(E.Op, ScalarType::Int32));
      } else {
        W.line("int32_t {} = {};", RN, A);
      }
      NarrowType = "int32_t";
      emitLoops(restTree(E), E, RN, S.Lanes);
      NarrowType.clear();
      if (S.Lanes)
        combineLanes(E, RN);
      if (InPlace)
        W.line("{0} = dpc::v{1}({0}, {0}a);", RN,
               E.Op == RedOp::Max ? "max" : "min");
      W.line("const {} {} = dpc::widen<int32_t>({});", ET, R, RN);
      return R;
    }
    if (E.Op == RedOp::LogSumExp) {
      // the product's part first, then the remainder's terms, into one
      // running logsumexp (a cell with a logsumexp split runs on one lane,
      // MapToTarget's lanesOf: dpc_lanes is 1 where the lanes' loops are
      // printed, so nothing is combined)
      std::string Acc = R + "l";
      W.line("dpc::LogSumExp<{}> {};", ET, Acc);
      W.line("{}.push({});", Acc, A);
      emitLoops(restTree(E), E, Acc, S.Lanes);
      W.line("const {} {} = {}.value();", ET, R, Acc);
      return R;
    }
    if (isIntType(E.Ty))
      W.line("{} {} = dpc::widen<{}>({});", ET, R, storeType(E.Ty), A);
    else
      W.line("{} {} = {};", ET, R, A);
    emitLoops(restTree(E), E, R, S.Lanes);
    if (S.Lanes)
      combineLanes(E, R);
    return R;
  }
  if (flaggedReduce(E)) {
    // Branch-free: the body's overflows into a flag, so that the loop
    // vectorises (a max / min is exact in any order); where the flag is
    // set, the checked loop again, which fails where the interpreter does.
    const Binding &B = E.Bindings[0];
    std::string FB = fresh("fb");
    W.line("{} {} = {};", ET, R, identityOf(E.Op, E.Ty));
    W.open("");
    W.line("unsigned {} = 0;", FB);
    W.text(fmt::format("DPC_SIMD_REDUCE({}, {}, {})",
                       E.Op == RedOp::Max ? "max" : "min", R, FB));
    W.open("for (int64_t " + B.Var + " = " + iexpr(B.Lo) + "; " + B.Var +
           " <= " + iexpr(B.Hi) + "; ++" + B.Var + ")");
    ValueStyle Saved = S;
    S.FlagVar = FB;
    S.FiniteFlags = true;
    accumulate(E, R);
    S = Saved;
    W.close();
    W.open("if (" + FB + ")");
    W.comment("an overflow, or an operand too wide for the flagged "
              "multiply: the checked loop");
    W.line("{} = {};", R, identityOf(E.Op, E.Ty));
    openBindingLoops(E, false);
    accumulate(E, R);
    W.close();
    W.close();
    W.close();
    return R;
  }
  // A logsumexp accumulates into a dpc::LogSumExp (running max and scaled
  // sum, runtime/dpc_values.h), whose value() is the result.
  bool Lse = E.Op == RedOp::LogSumExp;
  std::string Acc = Lse ? R + "l" : R;
  if (Lse)
    W.line("dpc::LogSumExp<{}> {};", ET, Acc);
  else
    W.line("{} {} = {};", ET, R, identityOf(E.Op, E.Ty));
  // With LaneReduce the innermost loop is shared by the cell's lanes
  // (nested reductions are not).
  const bool Was = S.LaneReduce;
  const bool Share =
      Was && (S.LaneShareSums || E.Op == RedOp::Max || E.Op == RedOp::Min);
  S.LaneReduce = false;
  openBindingLoops(E, Share);
  accumulate(E, Acc);
  for (size_t I = 0; I < E.Bindings.size(); ++I)
    W.close();
  if (Lse)
    W.line("{} {} = {}.value();", ET, R, Acc);
  S.LaneReduce = Was;
  if (Share)
    combineLanes(E, R, E.Op == RedOp::Sum);
  return R;
}






void dpc::emitTileLoad(const Program &P, const Group &G,
                       const std::vector<IExprPtr> &Tile, bool Device,
                       CodeWriter &W, const std::string &Ty) {
  const ModuleInfo &M = P.M;
  W.open("");
  int64_t Vol = 1;
  for (size_t D = 0; D < G.TileSizes.size(); ++D) {
    int64_t B = G.TileSizes[D];
    std::string Lo = std::to_string(B) + " * (" + iexpr(Tile[D]) + ") - " +
                     std::to_string(G.Shifts[D]);
    if (G.Signs[D] < 0)
      Lo = "-(" + Lo + " + " + std::to_string(B - 1) + ")";
    W.line("const {} dpc_tlo{} = {};", Ty, D, Lo);
    Vol *= B;
  }
  for (int T : G.Tables) {
    const TableInfo &Tab = M.Tables[T];
    W.open(Device ? "for (" + Ty + " dpc_e = threadIdx.x; dpc_e < " +
                        std::to_string(Vol) + "; dpc_e += blockDim.x)"
                  : "for (" + Ty + " dpc_e = 0; dpc_e < " + std::to_string(Vol) +
                        "; ++dpc_e)");
    int64_t Stride = Vol;
    std::vector<IExprPtr> X;
    for (size_t D = 0; D < Tab.Indices.size(); ++D) {
      Stride /= G.TileSizes[D];
      W.line("const {} {} = dpc_tlo{} + (dpc_e / {}) % {};", Ty, Tab.Indices[D],
             D, Stride, G.TileSizes[D]);
      X.push_back(IExpr::var(Tab.Indices[D]));
    }
    W.line("if ({}) dpc_cur_{}[{}] = dpc_t.{}[{}];",
           iexpr(domainGuard(M, T, X)), Tab.Name,
           denseToPitched(G.TileSizes, P.Gpu.CopyLayout.at(T).Extents),
           P.Storages[T].Buffer, cellOffset(P, T, X, false, Ty));
    W.close();
  }
  W.close();
}





const char *dpc::rtAlpha(Alphabet A) {
  switch (A) {
  case Alphabet::RNA: return "dpc_rt::Alpha::RNA";
  case Alphabet::DNA: return "dpc_rt::Alpha::DNA";
  case Alphabet::Protein: return "dpc_rt::Alpha::Protein";
  case Alphabet::Int: return "dpc_rt::Alpha::Int";
  }
  return "?";
}

std::string dpc::rtInputSpec(const InputInfo &I) {
  return "{\"" + I.Name + "\", " + rtAlpha(I.Alpha) +
         (I.Sizes.size() == 1 ? std::string("}")
                              : ", " + std::to_string(I.Sizes.size()) + "}");
}
