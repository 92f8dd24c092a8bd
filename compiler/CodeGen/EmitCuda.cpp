//===- EmitCuda.cpp - NAME_cuda.cu: the tiled schedule on the GPU ---------===//
//
// Prints the GPU plan (LIR/TargetPlan.h) as CUDA: the host loops with
// their launches, and each kernel of the plan as its family prescribes. A
// tile-wavefront kernel runs one tile per block: first the tile products
// (in the form the plan gives: register-blocked max-plus products staged
// through shared memory, using Hopper's DPX instructions on sm_90, split
// over k in a kernel of their own, or generic), then the tile's cells one
// point-wavefront step at a time, the cells of a step spread over the
// threads as the plan says, __syncthreads() between steps. Every constant
// (threads, lanes, chunk sizes, shared-memory offsets) comes from the plan.
//
//===----------------------------------------------------------------------===//
#include "CodeGen/Emitters.h"
#include "CodeGen/EmitUtil.h"

#include "Basic/Diagnostics.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

using namespace dpc;
using namespace dpc::lir;

namespace {

struct CudaPrinter {
  const Program &P;
  const ModuleInfo &M;
  const GpuPlan &G;

  explicit CudaPrinter(const Program &P) : P(P), M(P.M), G(P.Gpu) {}

  // ---- device code ----

  const GpuKernel *Cur = nullptr; // the kernel being printed
  /// Threads per cell in the point loop being printed (1 outside one).
  int CurLanes = 1;
  /// The split-K kernel being printed computes a part of its k
  /// (GpuKernel::Overlap: dpc_part).
  bool Overlap = false;
  /// The index type of the kernel being printed: dpc_ix in one with an
  /// int32 instance (GpuKernel::Narrow), int64_t otherwise.
  std::string IX = "int64_t";

  /// The group whose tile the kernel being printed copies (null if none).
  const Group *curGroup() const {
    return Cur && Cur->Group >= 0 ? &P.Groups[Cur->Group] : nullptr;
  }

  std::string call(const LNode &N) {
    std::string A;
    for (auto &X : N.Args)
      A += ", " + iexpr(X);
    std::string Accs;
    std::vector<int> Splits = P.splitsOf(N.Ref);
    for (int S : Splits)
      Accs += ", dpc_acc" + std::to_string(S);
    if (const Group *Gr = curGroup()) {
      for (int T : Gr->Tables)
        Accs += ", dpc_cur_" + M.Tables[T].Name;
      for (auto &R : restCopies(P, N.Ref))
        Accs += ", " + R.Name;
      if (!Splits.empty())
        Accs += CurLanes == 1 ? std::string(", 0, 1")
                              : fmt::format(", int(threadIdx.x % {0}), {0}",
                                            CurLanes);
      return "tc_stmt_" + P.Stmts[N.Ref].Name + "<" + IX +
             ">(dpc_p, dpc_in, dpc_t" +
             A + Accs + ", dpc_err);";
    }
    if (CurLanes > 1 && G.LaneCells[N.Ref])
      return fmt::format("ln_stmt_{}(dpc_p, dpc_in, dpc_t{}, int(threadIdx.x "
                         "% {}), {}, dpc_err);",
                         P.Stmts[N.Ref].Name, A, CurLanes, CurLanes);
    return "stmt_" + P.Stmts[N.Ref].Name + "(dpc_p, dpc_in, dpc_t" + A +
           Accs + ", dpc_err);";
  }

  /// Loads of an operand of a tile product, as an expression of the
  /// variables bound around it.
  std::string rawLoad(const VExpr &L) {
    return "dpc_t." + P.Storages[L.Table].Buffer + "[" +
           cellOffset(P, L.Table, L.Idx, false, IX) + "]";
  }

  /// With Split, the block computes part blockIdx.y of gridDim.y of each
  /// innermost k range and combines its registers into the tile's slot of
  /// the global accumulator dpc_gacc with atomics.
  void productRegisterBlocked(int SI, CodeWriter &W, int64_t StageOff,
                              bool Split = false) {
    const SplitInfo &Sp = P.Splits[SI];
    const GpuProduct &GP = G.Products[SI];
    const TableInfo &Tab = M.Tables[P.Stmts[Sp.Stmt].Table];
    std::string T = storeType(Sp.Ty);
    const int64_t BR = GP.Rows, BC = GP.Cols;
    const int64_t RB = GP.RowsPerThread, CB = GP.ColsPerThread;
    const int64_t KChunk = GP.KChunk;
    const int Threads = GP.ThreadsX * GP.ThreadsY;
    std::string Id = std::to_string(SI);
    bool Max = Sp.Op == RedOp::Max;
    std::string Ident = storedIdentityOf(Sp.Op, Sp.Ty);
    W.comment("Tile product " + Id + ", register-blocked: a " +
              std::to_string(BR) + " x " + std::to_string(BC) +
              " tile of accumulators, " + std::to_string(RB) + " x " +
              std::to_string(CB) +
              " per thread,\nk staged through shared memory " +
              std::to_string(KChunk) + " at a time; acc[x] = " +
              redOpName(Sp.Op) + " over k in U(tile) of " +
              Sp.BodyText + "\nU(tile) = " + Sp.USet);
    W.open("");
    W.line("{} (*dpc_sx{})[{}] = reinterpret_cast<{} (*)[{}]>(dpc_smem + {});", T,
           Id, GP.PitchX, T, GP.PitchX, StageOff);
    W.line("{} (*dpc_sy{})[{}] = reinterpret_cast<{} (*)[{}]>(dpc_smem + {});", T,
           Id, GP.PitchY, T, GP.PitchY,
           StageOff + KChunk * GP.PitchX * typeBytes(Sp.Ty));
    if (GP.S16)
      W.line("int16_t (*dpc_sy{}_16)[{}] = reinterpret_cast<int16_t (*)[{}]>("
             "dpc_smem + {}); // Y as int16 (the int16x2 form)",
             Id, GP.PitchY, GP.PitchY,
             StageOff + KChunk * GP.PitchX * typeBytes(Sp.Ty));
    W.line("const int dpc_tx = threadIdx.x % {0}, dpc_ty = threadIdx.x / {0};",
           GP.ThreadsX);
    W.line("{} dpc_reg[{}][{}];", T, RB, CB);
    // The int16x2 instance (GpuProduct::S16) while its loops are printed:
    // X staged as int16 in both lanes, Y as int16, two columns per update.
    bool In16 = false;
    // The exact soft-infinity instance (GpuProduct::SoftExact) while its
    // loops are printed: the elements staged as loaded.
    bool Exact = false;
    if (Sp.SoftInf)
      W.line("int dpc_wide = 0; // a finite operand beyond +-dpc::SoftNarrow "
             "was read");
    // Split over the chunks of several k loops (an outer contraction index
    // around the chunked one): the blocks take them in turn.
    const bool Cyclic = Split && Sp.KVars.size() > 1;
    if (Split)
      W.line("bool dpc_did = false; // this block's part of k is not empty");
    if (Cyclic)
      W.line("int dpc_cphase = 0; // the chunks of the product's k loops so "
             "far, modulo gridDim.y");
    W.line("#pragma unroll");
    W.line("for (int q = 0; q < {}; ++q)", RB);
    W.line("#pragma unroll");
    W.line("for (int r = 0; r < {}; ++r) dpc_reg[q][r] = {};", CB, Ident);
    const std::string &KL = Sp.KVars.back();
    const std::string Wide = Sp.SoftInf ? "dpc_wide" : "";
    // Binds the cell indices (rows / cols / fixed dims) and k's.
    auto Bind = [&](const LNode &Leaf, const std::string &Row,
                    const std::string &Col, const std::string &KLast) {
      for (size_t D = 0; D < Tab.Indices.size(); ++D) {
        std::string V = static_cast<int>(D) == Sp.RowDim   ? Row
                        : static_cast<int>(D) == Sp.ColDim ? Col
                                                           : iexpr(Sp.BoxLo[D]);
        W.line("const {} {} = {}; (void){};", IX, Tab.Indices[D], V,
               Tab.Indices[D]);
      }
      for (size_t K = 0; K + 1 < Sp.KVars.size(); ++K)
        W.line("const {} {} = {}; (void){};", IX, Sp.KVars[K],
               iexpr(Leaf.Args[K]), Sp.KVars[K]);
      // (unused where the body's terms and the guard do not name k)
      W.line("const {} {} = {}; (void){};", IX, KL, KLast, KL);
    };
    std::string RowLo = iexpr(Sp.BoxLo[Sp.RowDim]);
    std::string ColLo = iexpr(Sp.BoxLo[Sp.ColDim]);
    auto Chunked = [&](const LNode &N) {
      if (!isChunkLoop(N))
        return false;
      const LNode *Leaf = leafOf(N);
      // Double buffering: the next chunk's operands are loaded into
      // registers while the current chunk is combined from shared memory.
      const int64_t MX = GP.XPerThread, MY = GP.YPerThread;
      const bool XK = GP.XAlongK, YC = GP.YAlongCols;
      auto XIdx = [&] {
        W.line("const int dpc_kk = {}, dpc_rr = {};",
               XK ? "dpc_e % " + std::to_string(KChunk)
                  : "dpc_e / " + std::to_string(BR),
               XK ? "dpc_e / " + std::to_string(KChunk)
                  : "dpc_e % " + std::to_string(BR));
      };
      auto YIdx = [&] {
        W.line("const int dpc_kk = {}, dpc_cc = {};",
               YC ? "dpc_e / " + std::to_string(BC)
                  : "dpc_e % " + std::to_string(KChunk),
               YC ? "dpc_e % " + std::to_string(BC)
                  : "dpc_e / " + std::to_string(KChunk));
      };
      // A loop over one thread's share (Count elements) of a staged
      // operand chunk: dpc_e is the element.
      auto OpenStaged = [&](int64_t Count) {
        W.line("#pragma unroll");
        W.open("for (int dpc_m = 0; dpc_m < " + std::to_string(Count) +
               "; ++dpc_m)");
        W.line("const int dpc_e = threadIdx.x + {} * dpc_m;", Threads);
      };
      // One staged operand element: Pad where k is past the loop, the
      // masked value where its mask (if any) fails, else the load.
      // (LoadGuard: lowering's simplified condition, the mask included)
      // A clamped operand (SoftInf) is clamped where it is stored into
      // shared memory, after the chunk's updates, not where it is loaded:
      // the load's latency then overlaps them; the element's bit in Bits
      // says that it was loaded (the pads and masked values are stored as
      // they are).
      const bool Defer = Sp.SoftInf && !Exact;
      DPC_ASSERT(!Defer || (GP.XPerThread <= 32 && GP.YPerThread <= 32),
                 "more staged elements a thread than bits in its load mask");
      auto Stage = [&](const char *Var, const std::string &Pad,
                       const IExprPtr &Mask, const IExprPtr &LoadGuard,
                       const VExpr &Rd, const char *Bits) {
        W.line("{} {} = {};", T, Var, Pad);
        // (a clamped operand is clamped where it is stored, Stored below:
        // the load itself is the value in every form)
        std::string Val = rawLoad(Rd);
        if (Defer)
          Val = fmt::format("({} |= 1u << dpc_m, {})", Bits, Val);
        std::string Guard;
        if (LoadGuard)
          Guard = LoadGuard->isInt(1) ? "" : iexpr(LoadGuard);
        else if (Mask)
          Guard = "(" + iexpr(Mask) + ") && (" +
                  iexpr(domainGuard(M, Rd.Table, Rd.Idx)) + ")";
        else
          Guard = iexpr(domainGuard(M, Rd.Table, Rd.Idx));
        if (Mask)
          W.line("if ({} <= dpc_khi) {} = {}{};", KL, Var,
                 Guard.empty() ? "" : "(" + Guard + ") ? ",
                 Guard.empty() ? Val : Val + " : " + maskedOperand(Sp));
        else
          W.line("if ({} <= dpc_khi{}) {} = {};", KL,
                 Guard.empty() ? "" : " && " + Guard, Var, Val);
      };
      auto Prefetch = [&](const std::string &Base) {
        if (Defer)
          W.line("dpc_pxl = dpc_pyl = 0u;");
        OpenStaged(MX);
        XIdx();
        Bind(*Leaf, RowLo + " + dpc_rr", ColLo, Base + " + dpc_kk");
        Stage("dpc_x", Ident, Sp.RowMask, Sp.XLoadGuard, *Sp.X, "dpc_pxl");
        W.line("dpc_px[dpc_m] = dpc_x;");
        W.close();
        OpenStaged(MY);
        YIdx();
        Bind(*Leaf, RowLo, ColLo + " + dpc_cc", Base + " + dpc_kk");
        Stage("dpc_y", T + "(0)", Sp.ColMask, Sp.YLoadGuard, *Sp.Y, "dpc_pyl");
        W.line("dpc_py[dpc_m] = dpc_y;");
        W.close();
      };
      // The staged element's value in shared memory (clamped if loaded).
      auto Stored = [&](const char *Arr, const char *Bits) -> std::string {
        if (!Defer)
          return fmt::format("{}[dpc_m]", Arr);
        return fmt::format("({} >> dpc_m & 1u) ? {} : {}[dpc_m]", Bits,
                           productOperand(Sp, fmt::format("{}[dpc_m]", Arr),
                                          Wide),
                           Arr);
      };
      W.open("");
      if (Cyclic) {
        // (no 64-bit modulo per loop: the count of chunks before is kept
        // modulo gridDim.y)
        W.comment("this block's chunks of this k loop: every gridDim.y-th "
                  "chunk of the\nproduct's loops, counted across them "
                  "(dpc_cphase: the chunks of the loops before,\nmodulo "
                  "gridDim.y)");
        W.line("const {} dpc_kall = {}, dpc_kend = {};", IX, iexpr(N.Lo),
               iexpr(N.Hi));
        W.line("const int dpc_parts_y = gridDim.y;");
        W.line("const int dpc_first = int(blockIdx.y) - dpc_cphase + "
               "(int(blockIdx.y) < dpc_cphase ? dpc_parts_y : 0);");
        W.line("const {0} dpc_klo = dpc_kall + {0}(dpc_first) * {1}, "
               "dpc_khi = dpc_kend;",
               IX, KChunk);
        W.open("if (dpc_kend >= dpc_kall)");
        W.line("const int dpc_n = int(((dpc_kend - dpc_kall) / {} + 1) % "
               "dpc_parts_y);",
               KChunk);
        W.line("dpc_cphase += dpc_n - (dpc_cphase + dpc_n >= dpc_parts_y ? "
               "dpc_parts_y : 0);");
        W.close();
        W.line("dpc_did |= dpc_klo <= dpc_khi;");
      } else if (Split && Overlap) {
        W.comment("this block's part of the k range: dpc_part 1, the k whose "
                  "reads lie two wavefront\nsteps back or more, whole chunks, "
                  "part blockIdx.y of gridDim.y; dpc_part 2, the\nothers: "
                  "block y = 0 those below them, y = 1 those above; 0, all");
        W.line("{} dpc_kall = {}, dpc_kend = {};", IX, iexpr(N.Lo),
               iexpr(N.Hi));
        W.line("const bool dpc_old = {};", iexpr(Sp.OldGuard));
        W.line("const {} dpc_olo = dpc_old ? {} : dpc_kend + 1, "
               "dpc_ohi = dpc_old ? {} : dpc_kend;",
               IX, iexpr(Sp.OldLo), iexpr(Sp.OldHi));
        W.open("if (dpc_part == 1)");
        W.line("dpc_kall = dpc_olo;");
        W.line("dpc_kend = dpc_ohi;");
        W.close();
        W.open("else if (dpc_part == 2)");
        W.line("if (blockIdx.y == 0) dpc_kend = dpc_min(dpc_kend, dpc_olo - 1);");
        W.line("else dpc_kall = dpc_max(dpc_kall, dpc_ohi + 1);");
        W.close();
        W.line("const {0} dpc_span = dpc_part == 2 ? dpc_kend - dpc_kall + "
               "1 : (dpc_kend - dpc_kall + {1} * {0}(gridDim.y)) / ({1} * "
               "{0}(gridDim.y)) * {1};",
               IX, KChunk);
        W.line("const {0} dpc_klo = dpc_kall + (dpc_part == 2 ? 0 : "
               "{0}(blockIdx.y) * dpc_span), dpc_khi = dpc_min(dpc_kend, "
               "dpc_klo + dpc_span - 1);",
               IX);
        W.line("dpc_did |= dpc_klo <= dpc_khi;");
      } else if (Split) {
        W.comment("this block's part of the k range: whole chunks, part "
                  "blockIdx.y of gridDim.y");
        W.line("const {} dpc_kall = {}, dpc_kend = {};", IX, iexpr(N.Lo),
               iexpr(N.Hi));
        W.line("const {0} dpc_span = (dpc_kend - dpc_kall + {1} * "
               "{0}(gridDim.y)) / ({1} * {0}(gridDim.y)) * {1};",
               IX, KChunk);
        W.line("const {0} dpc_klo = dpc_kall + {0}(blockIdx.y) * "
               "dpc_span, dpc_khi = dpc_min(dpc_kend, dpc_klo + dpc_span - 1);",
               IX);
        W.line("dpc_did |= dpc_klo <= dpc_khi;");
      } else {
        W.line("const {} dpc_klo = {}, dpc_khi = {};", IX, iexpr(N.Lo),
               iexpr(N.Hi));
      }
      if (Split) {
        // (block-uniform: the barriers inside are skipped by the whole block)
        W.comment("none of this loop's chunks is this block's: skip its "
                  "loads and barriers");
        W.open("if (dpc_klo <= dpc_khi)");
      }
      W.line("{} dpc_px[{}], dpc_py[{}];", T, MX, MY);
      if (Defer)
        W.line("unsigned dpc_pxl, dpc_pyl; // the elements loaded (clamped "
               "when stored)");
      W.comment("X padding holds the identity, Y padding 0 (identity + 0 = "
                "identity)");
      if (Sp.RowMask)
        W.comment("masked: an operand whose row (X) or column (Y) has no term "
                  "at k reads\n" +
                  maskedOperand(Sp) + ", so the sum never wins over a term");
      Prefetch("dpc_klo");
      // (the next chunk of this block)
      const std::string KStep =
          Cyclic ? std::to_string(KChunk) + " * dpc_parts_y"
                 : std::to_string(KChunk);
      W.open("for (" + IX + " dpc_k0 = dpc_klo; dpc_k0 <= dpc_khi; dpc_k0 += " +
             KStep + ")");
      OpenStaged(MX);
      XIdx();
      if (In16)
        W.line("dpc_sx{}[dpc_kk][dpc_rr] = int32_t(dpc_to16x2(dpc_px[dpc_m]));",
               Id);
      else
        W.line("dpc_sx{}[dpc_kk][dpc_rr] = {};", Id,
               Stored("dpc_px", "dpc_pxl"));
      W.close();
      OpenStaged(MY);
      YIdx();
      if (In16)
        W.line("dpc_sy{}_16[dpc_kk][dpc_cc] = dpc_to16(dpc_py[dpc_m]);", Id);
      else
        W.line("dpc_sy{}[dpc_kk][dpc_cc] = {};", Id,
               Stored("dpc_py", "dpc_pyl"));
      W.close();
      W.line("__syncthreads();");
      W.open("if (dpc_k0 + " + KStep + " <= dpc_khi)");
      Prefetch("dpc_k0 + " + KStep);
      W.close();
      W.line("__syncthreads();");
      W.line("#pragma unroll");
      W.open("for (int dpc_kk = 0; dpc_kk < " + std::to_string(KChunk) +
             "; ++dpc_kk)");
      if (In16) {
        W.line("{} dpc_a[{}]; // its rows' X, int16 in both lanes", T, RB);
        W.line("uint32_t dpc_b2[{}]; // its columns' Y, two a register", CB / 2);
      } else {
        W.line("{} dpc_a[{}], dpc_b[{}];", T, RB, CB);
      }
      // Each thread owns RB consecutive rows and CB consecutive columns.
      std::string Vec = T == "int32_t" ? "int4" : "float4";
      auto Fetch = [&](const char *Dst, const char *Src, const char *Who,
                       int64_t Count, int Width) {
        if (Width == 4) {
          W.line("#pragma unroll");
          W.open("for (int q = 0; q < " + std::to_string(Count) + "; q += 4)");
          W.line("const {} dpc_v = *reinterpret_cast<const {} *>(&{}{}[dpc_kk][{} "
                 "* {} + q]);",
                 Vec, Vec, Src, Id, Who, Count);
          W.line("{}[q] = dpc_v.x; {}[q + 1] = dpc_v.y; {}[q + 2] = dpc_v.z; "
                 "{}[q + 3] = dpc_v.w;",
                 Dst, Dst, Dst, Dst);
          W.close();
        } else {
          W.line("#pragma unroll");
          W.line("for (int q = 0; q < {}; ++q) {}[q] = {}{}[dpc_kk][{} * {} + q];",
                 Count, Dst, Src, Id, Who, Count);
        }
      };
      Fetch("dpc_a", "dpc_sx", "dpc_ty", RB, GP.VectorRows);
      if (In16) {
        W.line("#pragma unroll");
        if (CB % 4 == 0) {
          W.open("for (int q = 0; q < " + std::to_string(CB) + "; q += 4)");
          W.line("const uint2 dpc_v = *reinterpret_cast<const uint2 *>("
                 "&dpc_sy{}_16[dpc_kk][dpc_tx * {} + q]);",
                 Id, CB);
          W.line("dpc_b2[q / 2] = dpc_v.x; dpc_b2[q / 2 + 1] = dpc_v.y;");
          W.close();
        } else {
          W.line("for (int q = 0; q < {}; ++q) dpc_b2[q] = *reinterpret_cast<"
                 "const uint32_t *>(&dpc_sy{}_16[dpc_kk][dpc_tx * {} + 2 * q]);",
                 CB / 2, Id, CB);
        }
        W.line("#pragma unroll");
        W.line("for (int q = 0; q < {}; ++q)", RB);
        W.line("#pragma unroll");
        W.line("for (int r = 0; r < {}; ++r) dpc_r2[q][r] = dpc_{}16x2("
               "uint32_t(dpc_a[q]), dpc_b2[r], dpc_r2[q][r]);",
               CB / 2, productStep(Sp.Op));
      } else if (Sp.KTerms.empty()) {
        Fetch("dpc_b", "dpc_sy", "dpc_tx", CB, GP.VectorCols);
        W.line("#pragma unroll");
        W.line("for (int q = 0; q < {}; ++q)", RB);
        W.line("#pragma unroll");
        W.line("for (int r = 0; r < {}; ++r) dpc_reg[q][r] = dpc_{}(dpc_a[q], "
               "dpc_b[r], dpc_reg[q][r]);",
               CB, productStep(Sp.Op));
      } else {
        Fetch("dpc_b", "dpc_sy", "dpc_tx", CB, GP.VectorCols);
        // The terms that depend on k are evaluated where the statement
        // evaluates them: k in range (not the chunk's padding) and a cell
        // of the reduction's domain (the box may reach outside it).
        W.comment("the body's terms that depend on k, at every update of a "
                  "cell of the\n"
                  "reduction's domain");
        W.open("if (dpc_k0 + dpc_kk <= dpc_khi)");
        W.line("#pragma unroll");
        W.open("for (int q = 0; q < " + std::to_string(RB) + "; ++q)");
        W.line("#pragma unroll");
        W.open("for (int r = 0; r < " + std::to_string(CB) + "; ++r)");
        Bind(*Leaf, RowLo + " + dpc_ty * " + std::to_string(RB) + " + q",
             ColLo + " + dpc_tx * " + std::to_string(CB) + " + r",
             "dpc_k0 + dpc_kk");
        W.open("if (" + iexpr(Sp.CellGuard) + ")");
        std::string U = productUpdate(P, Sp, "dpc_a[q]", "dpc_b[r]", W);
        W.line("dpc_reg[q][r] = dpc::{}(dpc_reg[q][r], {});",
               productCombine(Sp.Op), U);
        W.close();
        W.close();
        W.close();
        W.close();
      }
      W.close();
      W.line("__syncthreads();");
      W.close();
      if (Split)
        W.close();
      W.close();
      return true;
    };
    if (GP.S16) {
      W.comment(fmt::format(
          "int16x2 where this problem's sizes keep the operands' proven "
          "ranges within\n+-{} (dpc_int16_product{}): two columns per "
          "instruction; int32 otherwise",
          S16Kept, Id));
      W.open("if (dpc_int16_product" + Id + "(dpc_p))");
      W.line("uint32_t dpc_r2[{}][{}];", RB, CB / 2);
      W.line("#pragma unroll");
      W.line("for (int q = 0; q < {}; ++q)", RB);
      W.line("#pragma unroll");
      W.line("for (int r = 0; r < {}; ++r) dpc_r2[q][r] = {};", CB / 2,
             Max ? "0x80008000u" : "0x7fff7fffu");
      In16 = true;
      printLoopTree(*Sp.ProductLoops, W, Chunked,
                    "tile-product loops outside the chunked loop", IX);
      In16 = false;
      W.comment("the int16 lanes back to int32 (the int16 identity to the "
                "int32 one)");
      W.line("#pragma unroll");
      W.line("for (int q = 0; q < {}; ++q)", RB);
      W.line("#pragma unroll");
      W.open("for (int r = 0; r < " + std::to_string(CB / 2) + "; ++r)");
      W.line("dpc_reg[q][2 * r] = dpc_from16(dpc_r2[q][r], false, {});",
             Max ? "true" : "false");
      W.line("dpc_reg[q][2 * r + 1] = dpc_from16(dpc_r2[q][r], true, {});",
             Max ? "true" : "false");
      W.close();
      W.close();
      W.open("else");
    }
    if (GP.SoftExact) {
      W.comment(fmt::format(
          "operands staged as loaded where this problem's sizes keep their "
          "proven ranges\nwithin +-2^28 (dpc_soft_exact_product{}): finite, "
          "and a masked operand's sums stay\nbelow -2^29; clamped and "
          "tracked for the exact fallback otherwise",
          Id));
      W.open("if (dpc_soft_exact_product" + Id + "(dpc_p))");
      Exact = true;
      printLoopTree(*Sp.ProductLoops, W, Chunked,
                    "tile-product loops outside the chunked loop", IX);
      Exact = false;
      W.close();
      W.open("else");
    }
    printLoopTree(*Sp.ProductLoops, W, Chunked,
                  "tile-product loops outside the chunked loop", IX);
    if (GP.SoftExact)
      W.close();
    if (GP.S16)
      W.close();
    // Registers -> the tile's accumulator (row-major over the tile box).
    std::string Cell = fmt::format("(dpc_ty * {} + q) * {} + (dpc_tx * {} + r) * {}",
                                   RB, GP.RowStride, CB, GP.ColStride);
    if (Split) {
      DPC_ASSERT(Sp.Op != RedOp::Sum, "a sum split over k (atomics would "
                                      "add the parts in any order)");
      W.comment("registers -> this tile's slot of the global accumulator, "
                "combined with the\nother parts");
      W.open("if (dpc_did)");
      W.line("{} *dpc_g = {};", T, gaccSlot(SI));
      W.line("#pragma unroll");
      W.line("for (int q = 0; q < {}; ++q)", RB);
      W.line("#pragma unroll");
      W.line("for (int r = 0; r < {}; ++r) {}(&dpc_g[{}], dpc_reg[q][r]);", CB,
             Sp.Ty == ScalarType::Int32 ? (Max ? "atomicMax" : "atomicMin")
                                        : (Max ? "dpc_rt::atomic_max"
                                               : "dpc_rt::atomic_min"),
             Cell);
      if (Sp.SoftInf)
        W.line("if (dpc_wide) dpc_g[{}] = 1; // the slot's wide flag (the "
               "identity: none)",
               softWideIndex(Sp));
      W.close();
      W.close();
      return;
    }
    W.line("#pragma unroll");
    W.line("for (int q = 0; q < {}; ++q)", RB);
    W.line("#pragma unroll");
    W.line("for (int r = 0; r < {}; ++r) dpc_acc{}[{}] = dpc_reg[q][r];", CB,
           Id, Cell);
    if (Sp.SoftInf)
      W.line("if (__syncthreads_or(dpc_wide) && threadIdx.x == 0) "
             "dpc_acc{}[{}] = 1;",
             Id, softWideIndex(Sp));
    W.line("__syncthreads();");
    W.close();
  }

  /// A value that kernel S's int32 and int64 instances take apart (a
  /// split-over-k kernel's blocks per SM): V32 where Is32 (the printed test
  /// of the instance) holds, else V64; V64 alone for a kernel without an
  /// int32 instance.
  static std::string perIndexWidth(const GpuKernel &S, int V32, int V64,
                                   const std::string &Is32) {
    if (!S.Narrow)
      return std::to_string(V64);
    if (V32 == V64)
      return std::to_string(V32);
    return fmt::format("{} ? {} : {}", Is32, V32, V64);
  }

  /// Tile product SI's slot of the global accumulator for this block's
  /// tile (blockIdx.x: the tile's place in the step's list), where the
  /// split-over-k kernel's parts combine and the tile kernel reads it.
  std::string gaccSlot(int SI) const {
    return fmt::format("dpc_gacc{} + int64_t(blockIdx.x) * {}", SI,
                       accElements(P.Splits[SI]));
  }

  /// The tile's product when another kernel computed it (split over k):
  /// read from the tile's slot of the global accumulator, which is reset to
  /// the identity for the next step.
  void productFromGlobal(int SI, CodeWriter &W) {
    const SplitInfo &Sp = P.Splits[SI];
    std::string Id = std::to_string(SI);
    if (G.Products[SI].AccInPlace) {
      W.comment("Tile product " + Id + ": computed by dpc_product kernel " +
                "(split over k); the cells read\n"
                "it in place from the tile's "
                "slot (dpc_acc" + Id + "), reset when they are done");
      return;
    }
    W.comment("Tile product " + Id + ": computed by dpc_product kernel " +
              "(split over k); taken from\nglobal memory, which is reset to "
              "the identity for the next step");
    W.open("");
    W.line("{} *dpc_g = {};", storeType(Sp.Ty), gaccSlot(SI));
    W.open("for (int dpc_e = threadIdx.x; dpc_e < " +
           std::to_string(boxVolume(Sp)) + "; dpc_e += blockDim.x)");
    W.line("dpc_acc{}[dpc_e] = dpc_g[dpc_e];", Id);
    W.line("dpc_g[dpc_e] = {};", storedIdentityOf(Sp.Op, Sp.Ty));
    W.close();
    if (Sp.SoftInf) {
      // (the slot's flag is the identity where no part read a wide operand)
      const std::string F = fmt::format("dpc_g[{}]", softWideIndex(Sp));
      W.open("if (threadIdx.x == 0)");
      W.line("dpc_acc{}[{}] = {} != {};", Id, softWideIndex(Sp), F,
             storedIdentityOf(Sp.Op, Sp.Ty));
      W.line("{} = {};", F, storedIdentityOf(Sp.Op, Sp.Ty));
      W.close();
    }
    W.line("__syncthreads();");
    W.close();
  }

  /// The split-K kernel's body: the loops and conditions of the tile's
  /// work that lead to its product SI, and the product (the tile's other
  /// products run in the tile's kernel).
  void productOnly(const LNode &N, int SI, CodeWriter &W) {
    auto Has = [&](const LNode &X) {
      bool Found = false;
      walkNodes(X, [&](const LNode &Y) {
        Found |= Y.isProduct() && Y.Ref == SI;
        return !Found;
      });
      return Found;
    };
    printLoopTree(
        N, W,
        [&](const LNode &X) {
          if (!Has(X))
            return true; // nothing of it is printed
          if (X.K != LNode::Stmt)
            return false;
          W.open("");
          bindTileVars(X, W);
          productRegisterBlocked(X.Ref, W, 0, true);
          W.close();
          return true;
        },
        "the loops around a tile product");
  }

  /// A product statement's tile coordinates, as its split names them.
  void bindTileVars(const LNode &N, CodeWriter &W) {
    const SplitInfo &Sp = P.Splits[N.Ref];
    for (size_t D = 0; D < Sp.TileVars.size(); ++D)
      W.line("const {} {} = {}; (void){};", IX, Sp.TileVars[D],
             iexpr(N.Args[D]), Sp.TileVars[D]);
  }

  void productGeneric(int SI, CodeWriter &W) {
    const SplitInfo &Sp = P.Splits[SI];
    const TableInfo &Tab = M.Tables[P.Stmts[Sp.Stmt].Table];
    std::string T = storeType(Sp.Ty);
    std::string Id = std::to_string(SI);
    int64_t Vol = boxVolume(Sp);
    W.comment("Tile product " + Id + " (generic form): acc[x] = " +
              redOpName(Sp.Op) + " over k in U(tile) of " +
              Sp.BodyText +
              ", the tile's cells spread over the threads\nU(tile) = " + Sp.USet);
    W.open("");
    const std::string Wide = Sp.SoftInf ? "dpc_wide" : "";
    if (Sp.SoftInf)
      W.line("int dpc_wide = 0; // a finite operand beyond +-dpc::SoftNarrow "
             "was read");
    // Each thread owns the cells threadIdx.x + Threads * m of the box, one
    // after another: its guard once (SplitInfo::CellGuard is over the
    // cell's indices alone), then the k loops with its running value in a
    // register (an accumulator in shared memory would serialise the loads),
    // so that the loads of successive k wait behind no test (but the masks)
    // and can be in flight together (the plan's why says so); the value is
    // combined into the tile's accumulator when its loops are done.
    DPC_ASSERT(Cur, "a generic tile product outside a kernel");
    const int64_t Threads = Cur->Threads;
    const int64_t Per = (Vol + Threads - 1) / Threads;
    W.line("#pragma unroll");
    W.open("for (int dpc_m = 0; dpc_m < " + std::to_string(Per) +
           "; ++dpc_m)");
    W.line("const int dpc_e = threadIdx.x + {} * dpc_m;", Threads);
    int64_t Stride = Vol;
    for (size_t D = 0; D < Tab.Indices.size(); ++D) {
      Stride /= Sp.BoxSize[D];
      W.line("const {} {} = {} + (dpc_e / {}) % {};", IX, Tab.Indices[D],
             iexpr(Sp.BoxLo[D]), Stride, Sp.BoxSize[D]);
    }
    W.open("if (" +
           (Vol % Threads ? "dpc_e < " + std::to_string(Vol) + " && "
                          : std::string()) +
           "(" + iexpr(Sp.CellGuard) + "))");
    W.line("{} dpc_a = {};", T, storedIdentityOf(Sp.Op, Sp.Ty));
    auto Inner = [&](const LNode &N) {
      if (N.K != LNode::Stmt)
        return false;
      W.open("");
      for (size_t K = 0; K < Sp.KVars.size(); ++K)
        W.line("const {} {} = {};", IX, Sp.KVars[K], iexpr(N.Args[K]));
      if (Sp.RowMask) // masked: no term at k
        W.open("if ((" + iexpr(Sp.RowMask) + ") && (" + iexpr(Sp.ColMask) +
               "))");
      std::string U =
          productUpdate(P, Sp, productOperand(Sp, rawLoad(*Sp.X), Wide),
                        productOperand(Sp, rawLoad(*Sp.Y), Wide), W);
      W.line("dpc_a = dpc::{}(dpc_a, {});", productCombine(Sp.Op), U);
      if (Sp.RowMask)
        W.close();
      W.close();
      return true;
    };
    printLoopTree(*Sp.ProductLoops, W, Inner, "tile-product loops", IX);
    W.line("dpc_acc{0}[dpc_e] = dpc::{1}(dpc_acc{0}[dpc_e], dpc_a);", Id,
           productCombine(Sp.Op));
    W.close();
    W.close();
    if (Sp.SoftInf)
      W.line("if (__syncthreads_or(dpc_wide) && threadIdx.x == 0) "
             "dpc_acc{}[{}] = 1;",
             Id, softWideIndex(Sp));
    W.line("__syncthreads();");
    W.close();
  }

  /// Start of a tile: load its cells (as far as earlier kernels computed
  /// them) into the shared-memory copies the in-tile statements read.
  void tileStart(const LNode &N, CodeWriter &W) {
    const Group *Gr = curGroup();
    if (!Gr)
      return;
    W.comment("start of the tile: its cells into shared memory (those "
              "computed here are\n written there as well)");
    emitTileLoad(P, *Gr, N.Args, true, W, IX);
    emitRestLoad(P, *Gr, N.Args, W, IX);
    W.line("__syncthreads();");
  }

  void device(const LNode &N, CodeWriter &W, bool Distributed, bool InWave) {
    switch (N.K) {
    case LNode::For: {
      if (N.Role == LoopRole::PointWavefront) {
        W.comment("point wavefront: one step of the tile's cells per iteration (an\nanti-diagonal, or a row where one member carries every dependence)");
        W.open(forHead(N, IX));
        for (auto &K : N.Kids)
          device(*K, W, Distributed, true);
        W.line("__syncthreads();");
        W.close();
        return;
      }
      if (N.Map == ThreadMap::Grid ||
          (N.Map == ThreadMap::Block && Cur && Cur->SharedSequence)) {
        // Spread over several blocks: the whole grid, or the blocks that
        // share this problem's sequential loop (its parts).
        bool Grid = N.Map == ThreadMap::Grid;
        int L = N.Lanes;
        std::string Who = Grid ? "grid-stride: " : "shared by the problem's blocks: ";
        W.comment(Who + (L > 1 ? fmt::format("{} threads (lanes) per iteration", L)
                               : std::string("a thread per iteration")));
        W.open(fmt::format(
            "for (int64_t {0} = {1} + (int64_t({4}) * blockDim.x + "
            "threadIdx.x) / {3}; {0} <= {2}; {0} += int64_t({5}) * "
            "blockDim.x / {3})",
            N.Iter, iexpr(N.Lo), iexpr(N.Hi), L,
            Grid ? "blockIdx.x" : "dpc_part", Grid ? "gridDim.x" : "dpc_parts"));
        CurLanes = L;
        for (auto &K : N.Kids)
          device(*K, W, true, InWave);
        CurLanes = 1;
        W.close();
        if (!Grid && N.BarrierAfter)
          W.line("dpc::sequence_barrier(dpc_bar, dpc_parts);");
        return;
      }
      if (N.Map == ThreadMap::Block) {
        int L = N.Lanes;
        if (L > 1) {
          W.comment(fmt::format("{} threads per cell: they share its remainder "
                                "loops", L));
          W.open(fmt::format("for ({4} {0} = {1} + threadIdx.x / {3}; {0} "
                             "<= {2}; {0} += blockDim.x / {3})",
                             N.Iter, iexpr(N.Lo), iexpr(N.Hi), L, IX));
        } else {
          W.open("for (" + IX + " " + N.Iter + " = " + iexpr(N.Lo) +
                 " + threadIdx.x; " + N.Iter + " <= " + iexpr(N.Hi) + "; " +
                 N.Iter + " += blockDim.x)");
        }
        CurLanes = L;
        for (auto &K : N.Kids)
          device(*K, W, true, InWave);
        CurLanes = 1;
        W.close();
        if (N.BarrierAfter)
          W.line("__syncthreads();");
        return;
      }
      W.open(forHead(N, IX));
      for (auto &K : N.Kids)
        device(*K, W, Distributed, InWave);
      W.close();
      return;
    }
    case LNode::If:
      W.open("if (" + iexpr(N.Cond) + ")");
      device(*N.Then, W, Distributed, InWave);
      W.close();
      if (N.Else) {
        W.open("else");
        device(*N.Else, W, Distributed, InWave);
        W.close();
      }
      return;
    case LNode::Block:
      for (auto &K : N.Kids)
        device(*K, W, Distributed, InWave);
      return;
    case LNode::Mark:
      if (N.MarkName == "points")
        W.comment("the tile's cells");
      for (auto &K : N.Kids)
        device(*K, W, Distributed, InWave);
      return;
    case LNode::Stmt:
      if (N.isTileStart()) {
        tileStart(N, W);
        return;
      }
      if (N.isProduct()) {
        int S = N.Ref;
        W.open("");
        bindTileVars(N, W);
        switch (G.Products[S].Form) {
        case GpuProductForm::SplitK:
          DPC_ASSERT(Cur && Cur->SplitK == S, "split-K product outside its kernel");
          productFromGlobal(S, W);
          break;
        case GpuProductForm::RegisterBlocked:
          productRegisterBlocked(S, W, Cur->StageOffset);
          break;
        case GpuProductForm::Generic:
          productGeneric(S, W);
          break;
        }
        W.close();
        return;
      }
      if (Distributed) {
        W.text(call(N));
        if (N.BarrierAfter && Cur)
          W.text(std::string(Cur->Threads <= 32 ? "__syncwarp();" : "__syncthreads();") +
                 " // the cell, stored by lane 0, is read next");
      } else {
        W.line("if (threadIdx.x == 0) {}", call(N));
        if (N.BarrierAfter)
          W.line("__syncthreads();");
      }
      return;
    }
  }

  /// Values per item of a kernel's list: a tile kernel's item is a tile
  /// (the problem, then the tile's coordinates); a parallel-grid kernel's
  /// the problem and the blocks it wants; the others' the problem.
  static size_t itemSize(const GpuKernel &S) {
    if (S.Pipelined) // the problem, the strip, the item of the strip above
      return 3;
    if (S.perTile())
      return 1 + S.TileIters.size();
    return S.Family == KernelFamily::ParallelGrid || S.SharedSequence ? 2 : 1;
  }

  /// A kernel's host-loop parameters: ", int64_t c0, ..." (the int32
  /// instance of a kernel with one names them dpc_host_c0, ...: bindProblem
  /// declares c0 ... as dpc_ix).
  static std::string hostIterParams(const GpuKernel &S) {
    std::string Args;
    for (auto &I : S.HostIters)
      Args += ", int64_t " + (S.Narrow ? "dpc_host_" + I : I);
    return Args;
  }

  /// A kernel's start: which problem of the batch its block works on (from
  /// its item), that problem's sizes, inputs, tables and error flag, and
  /// (tile kernels) the tile's coordinates; in the kernel's int32 instance
  /// (GpuKernel::Narrow) these and its host loops' values are of type
  /// dpc_ix.
  void bindProblem(const GpuKernel &S, CodeWriter &W) {
    const bool Narrow = S.Narrow;
    size_t NI = itemSize(S);
    std::string Block =
        S.Family == KernelFamily::ParallelGrid || S.SharedSequence
            ? "blockIdx.y"
            : "blockIdx.x";
    if (S.Pipelined) {
      W.comment("Strips are taken in item order (a ticket), so that the strip "
                "above\nthis one (its item: dpc_item[2], -1 for none) is always "
                "running or done.");
      W.line("__shared__ int dpc_ticket_s;");
      W.line("if (threadIdx.x == 0) dpc_ticket_s = atomicAdd(dpc_pipe, 1);");
      W.line("__syncwarp();");
      W.line("const int dpc_ticket = dpc_ticket_s;");
      Block = "dpc_ticket";
    }
    W.line("const int64_t *dpc_item = dpc_tiles + int64_t({}) * {};", Block, NI);
    W.line("const BatchProblem &dpc_prob = dpc_probs[dpc_item[0]];");
    W.line("[[maybe_unused]] const Params dpc_p = dpc_prob.p;");
    W.line("[[maybe_unused]] const Inputs dpc_in = dpc_prob.in;");
    W.line("[[maybe_unused]] const Tables dpc_t = dpc_prob.t;");
    W.line("[[maybe_unused]] int *const dpc_err = dpc_errs + dpc_item[0];");
    emitParamLocals(M, W, "dpc_p", Narrow ? "dpc_ix" : "int64_t");
    for (size_t I = 0; I < S.TileIters.size(); ++I)
      if (Narrow)
        W.line("const dpc_ix {0} = dpc_ix(dpc_item[{1}]); (void){0};",
               S.TileIters[I], I + 1);
      else
        W.line("const int64_t {0} = dpc_item[{1}]; (void){0};",
               S.TileIters[I], I + 1);
    if (Narrow)
      for (auto &I : S.HostIters)
        W.line("const dpc_ix {0} = dpc_ix(dpc_host_{0}); (void){0};", I);
    if (S.SharedSequence) {
      W.comment("this block is part x of the problem's gridDim.x; the parts "
                "meet at the problem's\nbarrier (a count and a generation)");
      W.line("const unsigned dpc_part = blockIdx.x, dpc_parts = gridDim.x;");
      W.line("int *const dpc_bar = dpc_bars + 2 * dpc_item[0];");
    }
  }

  /// Kernel K's instances as the host launches them, in order: the
  /// condition under which it runs each (empty: otherwise) and its
  /// template arguments (DPC_RING: Params::dpc_ring; dpc_ix: the index
  /// type, dpc_nar; DPC_BLOCKS: a step of many tiles per SM).
  std::vector<std::pair<std::string, std::string>> instances(int K) {
    const GpuKernel &S = G.Kernels[K];
    std::vector<std::pair<std::string, std::string>> R;
    if (S.BusyBlocksPerSM) {
      const std::string Busy = fmt::format(
          "dpc_n >= size_t({}) * size_t(dpc_sms)", S.BusyBlocksPerSM);
      for (const auto &[OC, OA] :
           {std::pair<std::string, int64_t>{Busy, S.BusyBlocksPerSM},
            std::pair<std::string, int64_t>{"", S.MinBlocksPerSM}}) {
        if (!S.Narrow) {
          R.push_back({OC, fmt::format("<{}>", OA)});
          continue;
        }
        R.push_back({OC.empty() ? "dpc_nar" : OC + " && dpc_nar",
                     fmt::format("<{}, int32_t>", OA)});
        R.push_back({OC, fmt::format("<{}, int64_t>", OA)});
      }
      return R;
    }
    std::vector<std::pair<std::string, std::string>> Ring = {{"", ""}};
    if (keepsRings(P, K))
      Ring = {{"dpc_ps[0].dpc_ring", "true"}, {"", "false"}};
    for (const auto &[RC, RA] : Ring) {
      if (!S.Narrow) {
        R.push_back({RC, RA.empty() ? "" : "<" + RA + ">"});
        continue;
      }
      const std::string Pre = RA.empty() ? "" : RA + ", ";
      R.push_back({RC.empty() ? "dpc_nar" : RC + " && dpc_nar",
                   "<" + Pre + "int32_t>"});
      R.push_back({RC, "<" + Pre + "int64_t>"});
    }
    return R;
  }

  void kernel(int K, CodeWriter &W) {
    const GpuKernel &S = G.Kernels[K];
    const std::string Args = hostIterParams(S);
    W.comment(fmt::format("Kernel {} ({}): {}.", K,
                          kernelFamilyName(S.Family), S.Why));
    if (S.Narrow) {
      DPC_ASSERT(!S.BusyBlocksPerSM || !keepsRings(P, K),
                 "a kernel with rings and two occupancies");
      W.comment(fmt::format("{}{}dpc_ix: int32_t where the run's sizes keep "
                            "the index arithmetic in it\n(dpc_narrow{}, in "
                            "the header), else int64_t",
                            keepsRings(P, K)
                                ? "Params::dpc_ring: a kernel for each; "
                                : "",
                            S.BusyBlocksPerSM
                                ? fmt::format("DPC_BLOCKS: blocks per SM, {} "
                                              "or, for a step of many tiles, "
                                              "{}; ",
                                              S.MinBlocksPerSM,
                                              S.BusyBlocksPerSM)
                                : "",
                            K));
      W.line("template <{}typename dpc_ix>",
             keepsRings(P, K)    ? "bool DPC_RING, "
             : S.BusyBlocksPerSM ? "int DPC_BLOCKS, "
                                 : "");
    } else if (keepsRings(P, K)) {
      W.line("template <bool DPC_RING> // Params::dpc_ring: a kernel for each");
    }
    if (S.BusyBlocksPerSM && !S.Narrow)
      W.line("template <int DPC_BLOCKS> // blocks per SM: {} or, for a step "
             "of many tiles, {}",
             S.MinBlocksPerSM, S.BusyBlocksPerSM);
    W.open("__global__ void __launch_bounds__(" + std::to_string(S.Threads) +
           (S.BusyBlocksPerSM ? std::string(", DPC_BLOCKS")
            : S.MinBlocksPerSM ? ", " + std::to_string(S.MinBlocksPerSM)
                               : std::string()) +
           ") dpc_kernel" + std::to_string(K) +
           "(const BatchProblem *dpc_probs" + Args +
           ", const int64_t *dpc_tiles" + gaccParam(S) +
           (S.Pipelined ? ", int *dpc_pipe" : "") +
           (S.SharedSequence ? ", int *dpc_bars" : "") + ", int *dpc_errs)");
    bindProblem(S, W);
    if (S.Family == KernelFamily::Serial) {
      // Every loop runs sequentially on the one thread.
      printLoopTree(
          *S.Body, W,
          [&](const LNode &N) {
            if (N.K != LNode::Stmt)
              return false;
            W.text(call(N));
            return true;
          },
          "a serial kernel");
      W.close();
      return;
    }
    if (S.Family == KernelFamily::ParallelGrid ||
        S.Family == KernelFamily::SequentialBlock) {
      // Lanes on the root (a sequential body whose cells reduce): every
      // thread runs every cell, sharing its reductions.
      bool Warp = S.Body->Map == ThreadMap::None && S.Body->Lanes > 1;
      Cur = &S;
      CurLanes = Warp ? S.Body->Lanes : 1;
      device(*S.Body, W, S.Family == KernelFamily::ParallelGrid || Warp, false);
      CurLanes = 1;
      Cur = nullptr;
      W.close();
      return;
    }
    if (S.Family == KernelFamily::Strip) {
      emitStripKernel(P, K, W);
      W.close();
      return;
    }
    if (S.Family == KernelFamily::Scan) {
      emitScanKernel(P, K, W);
      W.close();
      return;
    }
    W.line("extern __shared__ __align__(16) unsigned char dpc_smem[];");
    const bool InPlace = S.SplitK >= 0 && G.Products[S.SplitK].AccInPlace;
    if (InPlace) {
      const SplitInfo &SI = P.Splits[S.SplitK];
      W.line("{} *const dpc_acc{} = {}; // tile product {}: its slot",
             storeType(SI.Ty), S.SplitK, gaccSlot(S.SplitK), S.SplitK);
    }
    for (auto &[Sp, Off] : S.AccOffset) {
      const SplitInfo &SI = P.Splits[Sp];
      W.line("{} *dpc_acc{} = reinterpret_cast<{} *>(dpc_smem + {}); // tile "
             "product accumulator",
             storeType(SI.Ty), Sp, storeType(SI.Ty), Off);
      W.line("for (int dpc_e = threadIdx.x; dpc_e < {}; dpc_e += blockDim.x) "
             "dpc_acc{}[dpc_e] = {};",
             boxVolume(SI), Sp, storedIdentityOf(SI.Op, SI.Ty));
      if (SI.SoftInf)
        W.line("if (threadIdx.x == 0) dpc_acc{}[{}] = 0; // wide flag: no "
               "product read a wide operand yet",
               Sp, softWideIndex(SI));
    }
    for (auto &[T, Off] : S.CurOffset)
      W.line("{} *dpc_cur_{} = reinterpret_cast<{} *>(dpc_smem + {}); // "
             "this tile's cells of {}",
             storeType(M.Tables[T].Type), M.Tables[T].Name,
             storeType(M.Tables[T].Type), Off, M.Tables[T].Name);
    for (auto &[SO, Off] : S.RestOffset) {
      const SplitInfo &SI = P.Splits[SO.first];
      int T = SI.rest(SO.second).Table;
      W.line("{} *{} = reinterpret_cast<{} *>(dpc_smem + {}); // what "
             "tile product {}'s remainder reads of {} outside the tile",
             storeType(M.Tables[T].Type), restCopyName(SO.first, SO.second),
             storeType(M.Tables[T].Type), Off, SO.first,
             SO.second ? "Y" : "X");
    }
    if (!S.AccOffset.empty())
      W.line("__syncthreads();");
    Cur = &S;
    IX = S.Narrow ? "dpc_ix" : "int64_t";
    device(*S.Body, W, false, false);
    IX = "int64_t";
    Cur = nullptr;
    if (InPlace) {
      const SplitInfo &SI = P.Splits[S.SplitK];
      W.comment("every cell has read its part of tile product " +
                std::to_string(S.SplitK) +
                ": the slot back to the identity for the next step");
      W.line("__syncthreads();");
      W.line("for (int dpc_e = threadIdx.x; dpc_e < {}; dpc_e += blockDim.x) "
             "dpc_acc{}[dpc_e] = {};",
             boxVolume(SI), S.SplitK, storedIdentityOf(SI.Op, SI.Ty));
    }
    W.close();
  }

  /// The host's buffer of a kernel's split tile products.
  std::string gaccBuffer(const GpuKernel &S) {
    return "dpc_gacc_k" + std::to_string(&S - G.Kernels.data());
  }

  std::string gaccParam(const GpuKernel &S) {
    if (S.SplitK < 0)
      return "";
    return fmt::format(", {} *dpc_gacc{}", storeType(P.Splits[S.SplitK].Ty),
                       S.SplitK);
  }

  /// The split-K kernel of a tile kernel: block (x, y) computes part y of
  /// the tile product of tile x of the step's list.
  void splitKernel(int K, CodeWriter &W) {
    const GpuKernel &S = G.Kernels[K];
    const GpuProduct &GP = G.Products[S.SplitK];
    const std::string Args = hostIterParams(S);
    W.comment(fmt::format(
        "Kernel {0}'s tile product, split over k: block (x, y) computes part "
        "y of gridDim.y of\nthe product of tile x of the list, into the "
        "tile's slot of dpc_gacc{1} (atomic\n{2}); kernel {0} then reads it. "
        "The host picks gridDim.y per step so that the step\nfills the GPU "
        "(1 when it has tiles enough).",
        K, S.SplitK, P.Splits[S.SplitK].Op == RedOp::Max ? "max" : "min"));
    if (S.Narrow) {
      W.comment(fmt::format("dpc_ix: kernel {}'s index type (dpc_narrow{}, "
                            "in the header): the host launches\nthe same "
                            "instance of both",
                            K, K));
      W.line("template <typename dpc_ix>");
    }
    W.open("__global__ void __launch_bounds__(" +
           std::to_string(GP.ThreadsX * GP.ThreadsY) + ", " +
           perIndexWidth(S, S.SplitKMinBlocksPerSM, S.SplitKMinBlocksPerSM64,
                         "sizeof(dpc_ix) == 4") +
           ") dpc_product" +
           std::to_string(K) + "(const BatchProblem *dpc_probs" +
           Args + ", const int64_t *dpc_tiles" + gaccParam(S) +
           (S.Overlap ? ", int dpc_part" : "") + ", int *dpc_errs)");
    bindProblem(S, W);
    W.line("extern __shared__ __align__(16) unsigned char dpc_smem[];");
    Overlap = S.Overlap;
    IX = S.Narrow ? "dpc_ix" : "int64_t";
    productOnly(*S.Body, S.SplitK, W);
    IX = "int64_t";
    Overlap = false;
    W.close();
  }

  // ---- host code ----
  //
  // The host runs a batch of problems (one, or many records of a FASTA
  // file) as one set of launches: dpc_launches walks one problem's host
  // loops and adds each launch (a tile list, or the problem) to a
  // dpc_rt::LaunchList under its position in the loops; compute_cuda_batch
  // merges the problems' lists and launches each entry once, for all the
  // problems that have it. The problem index is one more parallel
  // dimension: the first value of every item of a kernel's list.

  /// Where each launch of the host loops happens (LaunchList's key): for
  /// each enclosing loop, its pre-order position and its iterator; then
  /// the position of the launch (or of the parallel-tiles mark it is in).
  /// Pre-order positions follow the execution order of disjoint subtrees,
  /// so the keys' order is the loops' order.
  std::map<const LNode *, std::string> Keys;
  /// Per parallel-tiles mark: the key of its enclosing loop (the wavefront)
  /// without that loop's iteration: where a pipelined strip kernel, one
  /// launch for the whole wavefront, adds its strips.
  std::map<const LNode *, std::string> WaveKeys;
  std::string OuterKey;
  void keyLaunches(const LNode &N, const std::string &Prefix, int &Pos) {
    switch (N.K) {
    case LNode::For: {
      std::string Own = Prefix + std::to_string(Pos++);
      std::string In = Own + ", " + N.Iter + ", ";
      std::string Saved = std::exchange(OuterKey, Own);
      for (auto &K : N.Kids)
        keyLaunches(*K, In, Pos);
      OuterKey = Saved;
      return;
    }
    case LNode::If:
      keyLaunches(*N.Then, Prefix, Pos);
      if (N.Else)
        keyLaunches(*N.Else, Prefix, Pos);
      return;
    case LNode::Mark:
      if (N.MarkName == "parallel_tiles") {
        Keys[&N] = Prefix + std::to_string(Pos++);
        WaveKeys[&N] = OuterKey;
        return;
      }
      [[fallthrough]];
    case LNode::Block:
      for (auto &K : N.Kids)
        keyLaunches(*K, Prefix, Pos);
      return;
    case LNode::Stmt:
      if (N.SKind == StmtKind::Launch)
        Keys[&N] = Prefix + std::to_string(Pos++);
      return;
    }
  }

  static std::string hostIterList(const GpuKernel &S) {
    std::string L;
    for (auto &I : S.HostIters)
      L += (L.empty() ? "" : ", ") + I;
    return L;
  }

  /// A launch outside the tile wavefronts, added to the list: one item per
  /// problem (a parallel-grid kernel's item also says how many blocks the
  /// problem's iterations want).
  void addLaunch(int K, const std::string &Key, CodeWriter &W) {
    const GpuKernel &S = G.Kernels[K];
    std::string Add = fmt::format("dpc_l.add({{{}}}, {}, {{{}}}, ", Key, K,
                                  hostIterList(S));
    if (S.SharedSequence) {
      // the blocks its widest parallel loop wants
      W.open("");
      W.line("int64_t dpc_wide = 1;");
      for (auto &Wd : S.Wide)
        W.line("dpc_wide = std::max<int64_t>(dpc_wide, {});", iexpr(Wd));
      W.line("{}{{dpc_b, (dpc_wide + {} - 1) / {}}});", Add, S.Threads,
             S.Threads);
      W.close();
      return;
    }
    if (S.Family == KernelFamily::ParallelGrid) {
      const LNode &L = *S.Body;
      W.open("");
      W.line("const int64_t dpc_iters = ({}) - ({}) + 1;", iexpr(L.Hi),
             iexpr(L.Lo));
      W.line("if (dpc_iters > 0) {}{{dpc_b, (dpc_iters * {} + {} - 1) / {}}});",
             Add, L.Lanes, S.Threads, S.Threads);
      W.close();
      return;
    }
    W.line("{}{{dpc_b}});", Add);
  }

  /// One problem's host loops, with its launches added to the list.
  void enumerate(const LNode &Root, CodeWriter &W) {
    printLoopTree(
        Root, W,
        [&](const LNode &N) {
          if (N.K == LNode::Stmt && N.SKind == StmtKind::Launch) {
            addLaunch(N.Ref, Keys.at(&N), W);
            return true;
          }
          if (N.K == LNode::Mark && N.MarkName == "parallel_tiles") {
            const std::string &Key = Keys.at(&N);
            bool Pipe = false;
            walkNodes(N, [&](const LNode &X) {
              Pipe |= X.K == LNode::Stmt && X.SKind == StmtKind::Launch &&
                      G.Kernels[X.Ref].Pipelined;
              return true;
            });
            W.comment(Pipe ? "the tiles of this step name their strips: one "
                             "item per strip (the problem,\nthen the strip), "
                             "one launch for the whole wavefront"
                           : "the tiles of this step: one item each (the "
                             "problem, then the tile)");
            auto Tile = [&](const LNode &X) {
              if (X.K != LNode::Stmt || X.SKind != StmtKind::Launch)
                return false;
              const GpuKernel &S = G.Kernels[X.Ref];
              if (S.Pipelined) {
                W.line("dpc_l.add_strip({{{}}}, {}, {{{}}}, dpc_b, {} - {});",
                       WaveKeys.at(&N), X.Ref, hostIterList(S), S.WaveIter,
                       S.TileIter);
                return true;
              }
              std::string T = "dpc_b";
              for (auto &I : S.TileIters)
                T += ", " + I;
              W.line("dpc_l.add({{{}, {}}}, {}, {{{}}}, {{{}}});", Key, X.Ref,
                     X.Ref, hostIterList(S), T);
              return true;
            };
            printLoopTree(N, W, Tile, "the tile loops");
            return true;
          }
          if (N.K == LNode::For && N.Role == LoopRole::TileWavefront)
            W.comment("one step of the tile wavefront");
          return false;
        },
        "host code, outside any kernel");
  }

  /// The launch of tile kernel K over the entry's dpc_n tiles on the main
  /// stream, the instance its condition picks (GpuKernel::BusyBlocksPerSM,
  /// Narrow); Extra: the arguments after the items.
  void tileLaunch(int K, const std::string &Args, const std::string &Extra,
                  CodeWriter &W) {
    const GpuKernel &S = G.Kernels[K];
    std::vector<std::pair<std::string, std::string>> Inst = instances(K);
    for (size_t I = 0; I < Inst.size(); ++I)
      W.line("{}dpc_kernel{}{}<<<static_cast<unsigned>(dpc_n), {}, {}, "
             "dpc_stream>>>({}, dpc_items{}, dpc_derrs.get());",
             instanceBranch(Inst, I), K, Inst[I].second, S.Threads,
             S.SharedBytes, Args, Extra);
    W.line("DPC_CUDA_CHECK(cudaGetLastError());");
  }

  /// The `if (cond) ` / `else if (cond) ` / `else ` before the launch of
  /// instance I of Inst (conditions and template arguments, as instances()
  /// gives them; none for a kernel with one instance).
  static std::string
  instanceBranch(const std::vector<std::pair<std::string, std::string>> &Inst,
                 size_t I) {
    if (Inst.size() == 1)
      return "";
    if (Inst[I].first.empty())
      return "else ";
    return fmt::format("{}if ({}) ", I ? "else " : "", Inst[I].first);
  }

  /// The launch of tile kernel K's split-over-k product kernel on Stream
  /// with Grid and the arguments Args (dpc_derrs after them): the instance
  /// of the tile kernel's index type (dpc_nar) where it has two.
  void productLaunch(int K, const std::string &Grid, const std::string &Stream,
                     const std::string &Args, CodeWriter &W) {
    const GpuKernel &S = G.Kernels[K];
    const GpuProduct &GP = G.Products[S.SplitK];
    std::vector<std::pair<std::string, std::string>> Inst = {{"", ""}};
    if (S.Narrow)
      Inst = {{"dpc_nar", "<int32_t>"}, {"", "<int64_t>"}};
    for (size_t I = 0; I < Inst.size(); ++I)
      W.line("{}dpc_product{}{}<<<{}, {}, {}, {}>>>({}, dpc_derrs.get());",
             instanceBranch(Inst, I), K, Inst[I].second, Grid,
             GP.ThreadsX * GP.ThreadsY, S.SplitKBytes, Stream, Args);
    W.line("DPC_CUDA_CHECK(cudaGetLastError());");
  }

  /// One entry of the merged list: kernel K over the entry's items.
  void launch(int K, CodeWriter &W) {
    const GpuKernel &S = G.Kernels[K];
    W.open(fmt::format("case {}:", K));
    for (size_t I = 0; I < S.HostIters.size(); ++I)
      W.line("const int64_t {} = dpc_L.HostIters[{}];", S.HostIters[I], I);
    std::string Args = "dpc_dprobs.get()";
    for (auto &I : S.HostIters)
      Args += ", " + I;
    std::string Gacc = S.SplitK >= 0 ? ", " + gaccBuffer(S) + ".get()" : "";
    size_t NI = itemSize(S);
    W.line("const size_t dpc_n = dpc_L.Items.size() / {};", NI);
    if (S.Narrow) {
      W.comment(fmt::format("the int32 instance where every problem of the "
                            "launch keeps the index\narithmetic in it "
                            "(dpc_narrow{})",
                            K));
      W.line("bool dpc_nar = true;");
      W.line("for (size_t dpc_q = 0; dpc_q < dpc_n && dpc_nar; ++dpc_q) "
             "dpc_nar = dpc_narrow{}_ok[dpc_L.Items[{} * dpc_q]];",
             K, NI);
    }
    if (S.perTile() && S.Overlap) {
      const GpuProduct &GP = G.Products[S.SplitK];
      const std::string &Wave = S.HostIters[0];
      std::string Ov = fmt::format("dpc_ov_k{}", K);
      W.comment("one block per tile of the step, of every problem");
      W.comment("the tile products: the k whose reads lie two wavefront "
                "steps back or more on the\nside stream, beside the previous "
                "step's tile kernel; the others (two blocks a\ntile, the k "
                "below and above them) on this stream, then the tile kernel; "
                "the\nproducts' buffer alternates launch by launch");
      W.line("{} *dpc_gk = {}[{}.count() % 2].get();",
             storeType(P.Splits[S.SplitK].Ty), gaccBuffer(S), Ov);
      W.line("{}.beforeOld({});", Ov, Wave);
      W.comment(fmt::format("(parts for {} blocks per SM: short blocks, so "
                            "that the tile kernel's blocks, on\nthe stream of "
                            "higher priority, get SMs as they free up)",
                            GP.OverlapBlocksPerSM));
      W.line("const unsigned dpc_parts = dpc_rt::split_parts(dpc_n, "
             "dpc_sms, {}, {});",
             GP.OverlapBlocksPerSM, GP.MaxParts);
      productLaunch(K, "dim3(static_cast<unsigned>(dpc_n), dpc_parts)",
                    Ov + ".side()", Args + ", dpc_items, dpc_gk, 1", W);
      W.line("{}.afterOld();", Ov);
      productLaunch(K, "dim3(static_cast<unsigned>(dpc_n), 2)", "dpc_stream",
                    Args + ", dpc_items, dpc_gk, 2", W);
      W.line("{}.beforeTile();", Ov);
      tileLaunch(K, Args, ", dpc_gk", W);
      W.line("{}.afterTile({});", Ov, Wave);
    } else if (S.perTile()) {
      W.comment("one block per tile of the step, of every problem");
      if (S.SplitK >= 0) {
        const SplitInfo &Sp = P.Splits[S.SplitK];
        const GpuProduct &GP = G.Products[S.SplitK];
        std::string GB = gaccBuffer(S);
        W.comment("the tile products first, each split over k so that the "
                  "step fills the GPU");
        W.open(fmt::format("if ({}.size() < dpc_n * {})", GB, accElements(Sp)));
        W.line("{} = dpc_rt::DeviceBuffer<{}>(2 * dpc_n * {});", GB,
               storeType(Sp.Ty), accElements(Sp));
        W.line("dpc_rt::fill({}.get(), {}.size(), {}, dpc_stream);", GB, GB,
               storedIdentityOf(Sp.Op, Sp.Ty));
        W.close();
        W.line("const unsigned dpc_parts = dpc_rt::split_parts(dpc_n, "
               "dpc_sms, {}, {});",
               perIndexWidth(S, GP.PartsBlocksPerSM, GP.PartsBlocksPerSM64,
                             "dpc_nar"),
               GP.MaxParts);
        productLaunch(K, "dim3(static_cast<unsigned>(dpc_n), dpc_parts)",
                      "dpc_stream", Args + ", dpc_items" + Gacc, W);
      }
      if (S.Pipelined) {
        W.comment("pipelined strips: the ticket counter, then each strip's "
                  "progress");
        W.line("dpc_rt::DeviceBuffer<int> dpc_pipe(dpc_n + 1);");
        W.line("DPC_CUDA_CHECK(cudaMemsetAsync(dpc_pipe.get(), 0, (dpc_n + 1) "
               "* sizeof(int), dpc_stream));");
        Gacc += ", dpc_pipe.get()";
      }
      if (S.BusyBlocksPerSM)
        W.comment(fmt::format("(a step of at least {} tiles per SM: the "
                              "instance at {} blocks per SM)",
                              S.BusyBlocksPerSM, S.BusyBlocksPerSM));
      // (every problem of a run keeps its ring tables alike)
      tileLaunch(K, Args, Gacc, W);
    } else if (S.Family == KernelFamily::ParallelGrid) {
      W.comment("the problems along y (at most 65535 per launch), each "
                "spread along x over\nat most its share of the SMs, "
                "grid-stride beyond");
      W.line("int64_t dpc_want = 1;");
      W.line("for (size_t dpc_q = 0; dpc_q < dpc_n; ++dpc_q) dpc_want = "
             "std::max(dpc_want, dpc_L.Items[2 * dpc_q + 1]);");
      W.line("const int64_t dpc_cap = std::max<int64_t>(1, int64_t(dpc_sms) * "
             "{} / int64_t(dpc_n));",
             S.BlocksPerSM);
      W.open("for (size_t dpc_q = 0; dpc_q < dpc_n; dpc_q += 65535)");
      W.line("const dim3 dpc_grid(static_cast<unsigned>(std::min(dpc_want, "
             "dpc_cap)), static_cast<unsigned>(std::min<size_t>(65535, dpc_n - "
             "dpc_q)));");
      W.line("dpc_kernel{}<<<dpc_grid, {}, 0, dpc_stream>>>({}, dpc_items + 2 * "
             "dpc_q{}, dpc_derrs.get());",
             K, S.Threads, Args, Gacc);
      W.line("DPC_CUDA_CHECK(cudaGetLastError());");
      W.close();
    } else if (S.SharedSequence) {
      W.comment("the problems along y, each over dpc_parts blocks along x: "
                "as many as the\nwidest loop wants, at most the blocks "
                "resident at once (a cooperative launch)");
      W.line("int64_t dpc_want = 1;");
      W.line("for (size_t dpc_q = 0; dpc_q < dpc_n; ++dpc_q) dpc_want = "
             "std::max(dpc_want, dpc_L.Items[2 * dpc_q + 1]);");
      W.line("const unsigned dpc_parts = dpc_rt::sequence_parts("
             "reinterpret_cast<const void *>(&dpc_kernel{}), {}, dpc_n, "
             "dpc_want);",
             K, S.Threads);
      W.open("if (dpc_parts > 1)");
      W.line("dpc_rt::launch_cooperative(&dpc_kernel{}, dim3(dpc_parts, "
             "static_cast<unsigned>(dpc_n)), {}, dpc_stream, {}, dpc_items{}, "
             "dpc_bars.get(), dpc_derrs.get());",
             K, S.Threads, Args, Gacc);
      W.close();
      W.open("else");
      W.open("for (size_t dpc_q = 0; dpc_q < dpc_n; dpc_q += 65535)");
      W.line("dpc_kernel{}<<<dim3(1, static_cast<unsigned>(std::min<size_t>("
             "65535, dpc_n - dpc_q))), {}, 0, dpc_stream>>>({}, dpc_items + 2 "
             "* dpc_q{}, dpc_bars.get(), dpc_derrs.get());",
             K, S.Threads, Args, Gacc);
      W.line("DPC_CUDA_CHECK(cudaGetLastError());");
      W.close();
      W.close();
    } else {
      W.comment(S.Family == KernelFamily::Serial
                    ? "one thread per problem (its block)"
                    : "one block per problem");
      W.line("dpc_kernel{}<<<static_cast<unsigned>(dpc_n), {}, 0, "
             "dpc_stream>>>({}, dpc_items{}, dpc_derrs.get());",
             K, S.Threads, Args, Gacc);
      W.line("DPC_CUDA_CHECK(cudaGetLastError());");
    }
    W.line("break;");
    W.close();
  }

  /// The batch: arena layout, uploads, the merged launches, the tables
  /// back into host memory.
  void batchHost(CodeWriter &W) {
    std::vector<const InputInfo *> Ins;
    for (auto &I : M.Inputs)
      Ins.push_back(&I);
    std::vector<int> Bufs; // tables with a buffer of their own
    for (size_t Tb = 0; Tb < M.Tables.size(); ++Tb)
      if (P.Storages[Tb].HostTable < 0)
        Bufs.push_back(static_cast<int>(Tb));
    auto InTy = [](const InputInfo &I) {
      return std::string(I.Alpha == Alphabet::Int ? "int64_t" : "int8_t");
    };
    size_t NIn = Ins.size(), NTb = Bufs.size();

    W.comment("The launches of one problem: its host loops, each launch added "
              "to the batch's list\nunder its position in the loops (see "
              "dpc_rt::LaunchList).");
    W.open("void dpc_launches(const Params &dpc_p, int64_t dpc_b, "
           "dpc_rt::LaunchList &dpc_l)");
    emitParamLocals(M, W);
    W.line("(void)dpc_b; (void)dpc_l;");
    int Pos = 0;
    keyLaunches(*G.Host, "", Pos);
    enumerate(*G.Host, W);
    W.close();
    W.blank();

    W.open("double cuda_start_devices(const std::vector<int> &dpc_want, "
           "std::vector<int> &dpc_devices)");
    W.line("return dpc_rt::start_devices(dpc_want, dpc_devices);");
    W.close();
    W.blank();

    // Every output's cell of every problem, gathered for a run that needs
    // no table on the host: output O into dpc_outO.
    const size_t NOut = M.Outputs.size();
    auto OutTy = [&](size_t O) {
      return storeType(M.Tables[M.Outputs[O].Table].Type);
    };
    std::string OutParams, OutNames, OutArgs, OutTexts;
    for (size_t O = 0; O < NOut; ++O) {
      OutParams += fmt::format(", {} *dpc_out{}", OutTy(O), O);
      OutNames += (O ? ", " : "") + M.Outputs[O].Name;
      OutArgs += fmt::format(", dpc_dout{}.get()", O);
      OutTexts += fmt::format("{}output_text(dpc_hout{}[b])", O ? ", " : "", O);
    }
    W.comment("The output cells (" + OutNames +
              ") of every problem of the batch, gathered: when the run "
              "needs no table\non the host (no traceback, verification or "
              "dump), only these cross PCIe.");
    W.open("__global__ void dpc_outputs(const BatchProblem *dpc_probs, size_t "
           "dpc_n" + OutParams + ")");
    W.open("for (size_t dpc_b = blockIdx.x * size_t(blockDim.x) + threadIdx.x; "
           "dpc_b < dpc_n; dpc_b += size_t(gridDim.x) * blockDim.x)");
    W.line("const Params dpc_p = dpc_probs[dpc_b].p;");
    W.line("const Tables dpc_t = dpc_probs[dpc_b].t;");
    emitParamLocals(M, W);
    for (size_t O = 0; O < NOut; ++O)
      W.line("dpc_out{}[dpc_b] = dpc_t.{}[{}];", O,
             P.Storages[M.Outputs[O].Table].Buffer, outputOffset(P, O));
    W.close();
    W.close();
    W.blank();

    W.open("double compute_cuda_batch(const std::vector<Params> &dpc_ps, "
           "const std::vector<const HostInputs *> &dpc_ins, int dpc_device, "
           "bool dpc_back, int64_t dpc_trace, dpc_rt::HostBuffer &dpc_host, "
           "std::vector<Tables> &dpc_ht, std::vector<std::vector<std::string>> "
           "&dpc_outs, std::vector<int> &dpc_errs, "
           "std::vector<std::vector<dpc_rt::Event>> &dpc_evs, "
           "std::vector<char> &dpc_traced, double &dpc_trace_seconds, "
           "dpc_rt::Progress *dpc_prog)");
    W.line("const size_t dpc_nb = dpc_ps.size();");
    W.comment("the batch's device arena: every problem's inputs, then every "
              "problem's tables\n(256-byte aligned)");
    W.line("auto dpc_align = [](size_t x) {{ return (x + 255) / 256 * 256; }};");
    W.line("std::vector<size_t> dpc_in_off(dpc_nb * {}), dpc_t_off(dpc_nb * "
           "{});",
           NIn, NTb);
    W.line("std::vector<double> dpc_size(dpc_nb);");
    W.line("size_t dpc_in_bytes = 0, dpc_t_bytes = 0;");
    W.open("for (size_t b = 0; b < dpc_nb; ++b)");
    for (size_t I = 0; I < NIn; ++I)
      W.line("dpc_in_off[b * {0} + {1}] = dpc_in_bytes; dpc_in_bytes += "
             "dpc_align(dpc_ins[b]->{2}.size() * sizeof({3}));",
             NIn, I, Ins[I]->Name, InTy(*Ins[I]));
    for (size_t T = 0; T < NTb; ++T) {
      const TableInfo &Tab = M.Tables[Bufs[T]];
      W.line("dpc_t_off[b * {0} + {1}] = dpc_t_bytes; dpc_t_bytes += "
             "dpc_align(size_t({2}_size(dpc_ps[b])) * sizeof({3}));",
             NTb, T, Tab.Name, storeType(Tab.Type));
    }
    W.line("dpc_size[b] = table_bytes(dpc_ps[b]);");
    W.close();
    W.line("dpc_rt::select_device_and_check(dpc_device, double(dpc_in_bytes + "
           "dpc_t_bytes), dpc_nb == 1 ? std::string(\"the tables of this "
           "problem\") : \"the tables of a batch of \" + std::to_string(dpc_nb) "
           "+ \" problems\", \"the storage maps are printed by `dpc emit "
           "--stage=storage`\");");
    W.line("if (dpc_prog) dpc_prog->begin(); // (the notice before a long run)");
    W.line("dpc_rt::Stream dpc_stream;");
    W.line("dpc_rt::DeviceBuffer<unsigned char> dpc_arena(dpc_in_bytes + "
           "dpc_t_bytes);");
    W.line("unsigned char *const dpc_dtables = dpc_arena.get() + dpc_in_bytes;");
    W.line("std::vector<unsigned char> dpc_stage(dpc_in_bytes);");
    W.line("std::vector<BatchProblem> dpc_hp(dpc_nb);");
    W.open("for (size_t b = 0; b < dpc_nb; ++b)");
    std::string InView, TView;
    for (size_t I = 0; I < NIn; ++I) {
      const std::string &N = Ins[I]->Name;
      W.line("if (!dpc_ins[b]->{0}.empty()) std::memcpy(dpc_stage.data() + "
             "dpc_in_off[b * {1} + {2}], dpc_ins[b]->{0}.data(), "
             "dpc_ins[b]->{0}.size() * sizeof({3}));",
             N, NIn, I, InTy(*Ins[I]));
      InView += fmt::format("{}reinterpret_cast<const {} *>(dpc_arena.get() + "
                            "dpc_in_off[b * {} + {}])",
                            InView.empty() ? "" : ", ", InTy(*Ins[I]), NIn, I);
    }
    for (size_t T = 0; T < NTb; ++T)
      TView += fmt::format("{}reinterpret_cast<{} *>(dpc_dtables + dpc_t_off[b "
                           "* {} + {}])",
                           TView.empty() ? "" : ", ",
                           storeType(M.Tables[Bufs[T]].Type), NTb, T);
    W.line("dpc_hp[b].p = dpc_ps[b];");
    W.line("dpc_hp[b].in = Inputs{{{}}};", InView);
    W.line("dpc_hp[b].t = Tables{{{}}};", TView);
    W.close();
    W.line("if (dpc_in_bytes) DPC_CUDA_CHECK(cudaMemcpyAsync(dpc_arena.get(), "
           "dpc_stage.data(), dpc_in_bytes, cudaMemcpyHostToDevice, "
           "dpc_stream));");
    W.line("dpc_rt::DeviceBuffer<BatchProblem> dpc_dprobs(dpc_nb);");
    W.line("dpc_dprobs.upload(dpc_hp.data(), dpc_nb, dpc_stream);");
    W.comment("every problem's launches, merged; in each launch the largest "
              "problems come first");
    W.line("dpc_rt::LaunchList dpc_list;");
    W.line("for (size_t b : dpc_rt::largest_first(dpc_size)) "
           "dpc_launches(dpc_ps[b], int64_t(b), dpc_list);");
    W.line("const std::vector<int64_t> dpc_all = dpc_list.flatten();");
    W.line("dpc_rt::DeviceBuffer<int64_t> dpc_ditems(dpc_all.size());");
    W.line("dpc_ditems.upload(dpc_all.data(), dpc_all.size(), dpc_stream);");
    W.line("dpc_rt::DeviceBuffer<int> dpc_derrs(dpc_nb);");
    W.line("DPC_CUDA_CHECK(cudaMemsetAsync(dpc_derrs.get(), 0, dpc_nb * "
           "sizeof(int), dpc_stream));");
    if (std::any_of(G.Kernels.begin(), G.Kernels.end(),
                    [](const GpuKernel &S) { return S.SharedSequence; })) {
      W.comment("each problem's barrier for the blocks that share its "
                "sequential loops");
      W.line("dpc_rt::DeviceBuffer<int> dpc_bars(2 * dpc_nb);");
      W.line("DPC_CUDA_CHECK(cudaMemsetAsync(dpc_bars.get(), 0, 2 * dpc_nb * "
             "sizeof(int), dpc_stream));");
    }
    bool AnySms = false;
    for (size_t K = 0; K < G.Kernels.size(); ++K) {
      const GpuKernel &S = G.Kernels[K];
      AnySms |= S.Family == KernelFamily::ParallelGrid || S.SplitK >= 0 ||
                S.BusyBlocksPerSM > 0;
      if (S.SplitK >= 0 && S.Overlap) {
        const SplitInfo &Sp = P.Splits[S.SplitK];
        W.comment(fmt::format(
            "kernel {}'s split tile products: two buffers, one slot per tile "
            "of its largest step,\nalternating launch by launch (a step's "
            "older part runs beside the step before)",
            K));
        W.line("size_t dpc_maxn_k{} = 0;", K);
        W.line("for (const auto &dpc_kv : dpc_list.launches()) if "
               "(dpc_kv.second.Kernel == {0}) dpc_maxn_k{0} = "
               "std::max(dpc_maxn_k{0}, dpc_kv.second.Items.size() / {1});",
               K, itemSize(S));
        W.line("dpc_rt::DeviceBuffer<{0}> {1}[2] = {{dpc_rt::DeviceBuffer<{0}>("
               "dpc_maxn_k{2} * {3}), dpc_rt::DeviceBuffer<{0}>(dpc_maxn_k{2} "
               "* {3})}};",
               storeType(Sp.Ty), gaccBuffer(S), K, accElements(Sp));
        W.line("for (auto &dpc_b : {}) dpc_rt::fill(dpc_b.get(), dpc_b.size(), "
               "{}, dpc_stream);",
               gaccBuffer(S), storedIdentityOf(Sp.Op, Sp.Ty));
      } else if (S.SplitK >= 0)
        W.line("dpc_rt::DeviceBuffer<{}> {}; // split tile products, "
               "one slot per tile of a step",
               storeType(P.Splits[S.SplitK].Ty), gaccBuffer(S));
    }
    if (AnySms)
      W.line("const int dpc_sms = dpc_rt::sm_count(dpc_device);");
    for (size_t K = 0; K < G.Kernels.size(); ++K)
      if (G.Kernels[K].Narrow) {
        W.comment(fmt::format("each problem's test for kernel {0}'s int32 "
                              "instance (dpc_narrow{0}), once per batch",
                              K));
        W.line("std::vector<char> dpc_narrow{0}_ok(dpc_nb);", K);
        W.line("for (size_t b = 0; b < dpc_nb; ++b) dpc_narrow{0}_ok[b] = "
               "dpc_narrow{0}(dpc_ps[b]);",
               K);
      }
    for (size_t K = 0; K < G.Kernels.size(); ++K)
      if (G.Kernels[K].SharedOptIn)
        for (const auto &[Cond, Inst] : instances(static_cast<int>(K)))
          W.line("DPC_CUDA_CHECK(cudaFuncSetAttribute(dpc_kernel{}{}, "
                 "cudaFuncAttributeMaxDynamicSharedMemorySize, {}));",
                 K, Inst, G.Kernels[K].SharedBytes);
    for (size_t K = 0; K < G.Kernels.size(); ++K)
      if (G.Kernels[K].Overlap)
        W.line("dpc_rt::StepOverlap dpc_ov_k{}(dpc_stream); // its side "
               "stream (after the uploads and fills above)",
               K);
    W.line("dpc_rt::EventTimer dpc_timer;");
    W.line("dpc_timer.start(dpc_stream);");
    W.comment("(with dpc_prog: an event after every hundredth of the "
              "launches, the host waiting\nfor the one four back and "
              "saying how far the batch is)");
    W.line("dpc_rt::LaunchProgress dpc_lp(dpc_prog, dpc_list.launches()."
           "size());");
    W.open("for (const auto &dpc_kv : dpc_list.launches())");
    W.line("const dpc_rt::LaunchList::Launch &dpc_L = dpc_kv.second;");
    W.line("const int64_t *dpc_items = dpc_ditems.get() + dpc_L.Offset;");
    W.open("switch (dpc_L.Kernel)");
    for (size_t K = 0; K < G.Kernels.size(); ++K)
      launch(static_cast<int>(K), W);
    W.line("default:");
    W.line("  break;");
    W.close();
    W.line("dpc_lp.launched(dpc_stream);");
    W.close();
    W.line("const double dpc_seconds = dpc_timer.stop(dpc_stream);");
    W.line("dpc_errs.assign(dpc_nb, 0);");
    W.line("dpc_derrs.download(dpc_errs.data(), dpc_nb, dpc_stream);");
    W.line("dpc_ht.assign(dpc_nb, Tables{{}});");
    W.line("dpc_evs.clear();");
    W.line("dpc_traced.assign(dpc_nb, 0);");
    if (G.Traceback.OnDevice) {
      W.comment("the tracebacks on the device (dpc_trace >= 0): only their "
                "events come back");
      W.open("if (dpc_trace >= 0)");
      W.line("dpc_rt::Timer dpc_trace_timer;");
      W.line("dpc_trace_on_device(dpc_ps, dpc_dprobs.get(), dpc_derrs.get(), "
             "dpc_trace, dpc_stream, dpc_evs, dpc_traced);");
      W.line("dpc_trace_seconds = dpc_trace_timer.seconds();");
      W.close();
    } else {
      W.comment("(the tracebacks run on the host: " + G.Traceback.Why + ")");
      W.line("(void)dpc_trace;");
      W.line("(void)dpc_trace_seconds;");
    }
    W.open("if (!dpc_back)");
    W.comment("only the output cells come back");
    for (size_t O = 0; O < NOut; ++O)
      W.line("dpc_rt::DeviceBuffer<{}> dpc_dout{}(dpc_nb);", OutTy(O), O);
    W.line("dpc_outputs<<<static_cast<unsigned>(std::min<size_t>((dpc_nb + 255) "
           "/ 256, 1024)), 256, 0, dpc_stream>>>(dpc_dprobs.get(), dpc_nb{});",
           OutArgs);
    W.line("DPC_CUDA_CHECK(cudaGetLastError());");
    for (size_t O = 0; O < NOut; ++O) {
      W.line("std::vector<{}> dpc_hout{}(dpc_nb);", OutTy(O), O);
      W.line("dpc_dout{0}.download(dpc_hout{0}.data(), dpc_nb, dpc_stream);",
             O);
    }
    W.line("DPC_CUDA_CHECK(cudaStreamSynchronize(dpc_stream));");
    W.line("dpc_outs.resize(dpc_nb);");
    W.line("for (size_t b = 0; b < dpc_nb; ++b) dpc_outs[b] = {{{}}};",
           OutTexts);
    // Problem b's tables on the host: each buffer at Base + Shift + its
    // offset in the arena (dpc_t_off[b * NTb + T]).
    auto HostView = [&](const std::string &Base, const std::string &Shift) {
      std::string V;
      for (size_t T = 0; T < NTb; ++T)
        V += fmt::format("{}reinterpret_cast<{} *>({} + {}dpc_t_off[b * {} + "
                         "{}]{})",
                         V.empty() ? "" : ", ",
                         storeType(M.Tables[Bufs[T]].Type), Base,
                         Shift.empty() ? "" : "(" + Shift, NTb, T,
                         Shift.empty() ? "" : ")");
      return V;
    };
    if (G.Traceback.OnDevice) {
      // Problem b's tables lie from dpc_t_off[b * NTb] to the next
      // problem's (or the arena's end); copied to dpc_h + dpc_at.
      const std::string HView = HostView("dpc_h", "dpc_at - dpc_lo + ");
      W.comment("problems whose walk outgrew its buffer: their tables back, "
                "for the host's traceback");
      W.line("std::vector<size_t> dpc_host_trace;");
      W.line("for (size_t b = 0; b < dpc_nb; ++b) if (dpc_trace >= 0 && "
             "!dpc_traced[b] && !dpc_errs[b]) dpc_host_trace.push_back(b);");
      W.line("auto dpc_end = [&](size_t b) {{ return b + 1 < dpc_nb ? "
             "dpc_t_off[(b + 1) * {}] : dpc_t_bytes; }};",
             NTb);
      W.line("size_t dpc_hbytes = 0;");
      W.line("for (size_t b : dpc_host_trace) dpc_hbytes += dpc_end(b) - "
             "dpc_t_off[b * {}];",
             NTb);
      W.open("if (dpc_hbytes)");
      W.line("unsigned char *const dpc_h = dpc_rt::host_reserve(dpc_host, "
             "dpc_hbytes);");
      W.line("size_t dpc_at = 0;");
      W.open("for (size_t b : dpc_host_trace)");
      W.line("const size_t dpc_lo = dpc_t_off[b * {}];", NTb);
      W.line("DPC_CUDA_CHECK(cudaMemcpyAsync(dpc_h + dpc_at, dpc_dtables + "
             "dpc_lo, dpc_end(b) - dpc_lo, cudaMemcpyDeviceToHost, "
             "dpc_stream));");
      W.line("dpc_ht[b] = Tables{{{}}};", HView);
      W.line("dpc_at += dpc_end(b) - dpc_lo;");
      W.close();
      W.line("DPC_CUDA_CHECK(cudaStreamSynchronize(dpc_stream));");
      W.close();
    }
    W.line("return dpc_seconds;");
    W.close();
    W.line("dpc_outs.clear();");
    W.comment("the tables back, one copy for the batch, into host memory "
              "(page-locked when granted)");
    W.line("unsigned char *const dpc_htables = dpc_rt::host_reserve(dpc_host, "
           "dpc_t_bytes);");
    W.line("if (dpc_t_bytes) DPC_CUDA_CHECK(cudaMemcpyAsync(dpc_htables, "
           "dpc_dtables, dpc_t_bytes, cudaMemcpyDeviceToHost, dpc_stream));");
    W.line("DPC_CUDA_CHECK(cudaStreamSynchronize(dpc_stream));");
    W.line("for (size_t b = 0; b < dpc_nb; ++b) dpc_ht[b] = Tables{{{}}};",
           HostView("dpc_htables", ""));
    W.line("return dpc_seconds;");
    W.close();
  }

  std::string emit() {
    CodeWriter W;
    W.text(fileBanner(P, M.Name + "_cuda.cu: the tiled wavefront schedule on "
                          "the GPU (--backend=cuda)."));
    W.text("#include \"" + M.Name + ".h\"");
    W.text("#include \"" + M.Name + "_host.h\"");
    W.text("#include \"dpc_cuda.h\"");
    W.blank();
    W.text("#include <algorithm>");
    W.text("#include <cstring>");
    W.text("#include <string>");
    W.text("#include <vector>");
    W.blank();
    W.open("namespace " + M.Name);
    W.blank();
    W.comment("One problem of a batch as the kernels see it: its sizes, and its "
              "inputs and tables\nin the batch's device arena.");
    W.line("struct BatchProblem {{ Params p; Inputs in; Tables t; }};");
    W.blank();
    W.comment("---- the statements for the cells of a tile: reads of the tile "
              "itself come\n from its copy in shared memory");
    for (size_t S = 0; S < P.Stmts.size(); ++S)
      if (P.tileCopied(static_cast<int>(S))) {
        emitStatement(P, static_cast<int>(S), StmtVariant::DeviceTileCache, W);
        W.blank();
      }
    std::set<int> StripGroups;
    for (auto &K : G.Kernels)
      if (K.Family == KernelFamily::Strip && !K.BranchFree) // (else inline)
        StripGroups.insert(K.Group);
    if (!StripGroups.empty())
      W.comment("---- the statements for the cells of lane strips");
    for (int Gr : StripGroups)
      for (int S : P.Groups[Gr].Stmts) {
        emitStatement(P, S, StmtVariant::DeviceStrip, W);
        W.blank();
      }
    if (std::count(G.LaneCells.begin(), G.LaneCells.end(), true))
      W.comment("---- the statements for cells that a warp computes together");
    for (size_t S = 0; S < P.Stmts.size(); ++S)
      if (G.LaneCells[S]) {
        emitStatement(P, static_cast<int>(S), StmtVariant::DeviceLanes, W);
        W.blank();
      }
    for (size_t K = 0; K < G.Kernels.size(); ++K) {
      if (G.Kernels[K].SplitK >= 0) {
        splitKernel(static_cast<int>(K), W);
        W.blank();
      }
      kernel(static_cast<int>(K), W);
      W.blank();
    }
    if (G.Traceback.OnDevice) {
      emitDeviceTraceback(P, W);
      W.blank();
    }
    batchHost(W);
    W.blank();
    W.close("} // namespace " + M.Name);
    return W.str();
  }
};

} // namespace

std::string dpc::emitCuda(const Program &P) { return CudaPrinter(P).emit(); }
