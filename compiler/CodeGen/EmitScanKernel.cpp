//===- EmitScanKernel.cpp - a scan kernel of the GPU plan as CUDA ---------===//
//
// Prints a kernel of family Scan (LIR/TargetPlan.h): the sequential loop
// `for c = lo .. hi { X[c] = op(X[c - 1], e(c)) }`, op max or min, as a
// prefix op over one block per problem. Each thread folds e over a run of
// consecutive c; the block scans the runs' results in shared memory; each
// thread then folds its run again starting from op(X[lo - 1], the runs
// before it) and stores every X[c] of the run, with the store's check.
// Max and min of ints (infinities included) are associative, so every
// stored value is the one the loop stores; e(c) is evaluated twice with
// the statement's checks (the same errors).
//
//===----------------------------------------------------------------------===//
#include "CodeGen/Emitters.h"
#include "CodeGen/EmitUtil.h"

#include "Basic/Diagnostics.h"

using namespace dpc;
using namespace dpc::lir;

void dpc::emitScanKernel(const Program &P, int KI, CodeWriter &W) {
  const GpuKernel &K = P.Gpu.Kernels[KI];
  const LNode &Loop = *K.Body;
  DPC_ASSERT(Loop.K == LNode::For && K.ScanStmt >= 0 && K.ScanTerm,
             "a scan kernel without its loop");
  const lir::Statement &St = P.Stmts[K.ScanStmt];
  const TableInfo &Tab = P.M.Tables[St.Table];
  const VExpr &Body = *St.Body;
  const std::string ET = evalType(Body.Ty);
  const std::string Id = identityOf(K.ScanOp, Body.Ty);
  const char *Op = K.ScanOp == RedOp::Max ? "dpc::vmax" : "dpc::vmin";
  const std::string &I = St.Indices[0];
  W.comment(St.EquationText);
  W.comment(fmt::format(
      "{0} for {1} in [dpc_lo, dpc_hi], as a scan: thread t folds the terms "
      "of its run\n[dpc_from, dpc_to], the block scans the runs' results, "
      "and t folds its run again\nfrom {2}({3}[dpc_lo - 1], the runs before "
      "it), storing each {3}[{1}].",
      cellText(Tab), Loop.Iter, redOpName(K.ScanOp), Tab.Name));
  W.line("const int64_t dpc_lo = {}, dpc_hi = {};", iexpr(Loop.Lo),
         iexpr(Loop.Hi));
  W.line("const int64_t dpc_per = dpc_hi >= dpc_lo ? (dpc_hi - dpc_lo + "
         "blockDim.x) / blockDim.x : 0;");
  W.line("const int64_t dpc_from = dpc_lo + int64_t(threadIdx.x) * dpc_per;");
  W.line("const int64_t dpc_to = dpc_min(dpc_hi, dpc_from + dpc_per - 1);");
  ValueStyle VS;
  VS.UseSplits = false;
  // e(c) for the loop's c, in the statement's index.
  auto Term = [&](const std::string &Acc) {
    W.open(fmt::format("for (int64_t {0} = dpc_from; {0} <= dpc_to; ++{0})",
                       Loop.Iter));
    // (a term need not read its index: a constant of the recurrence)
    W.line("[[maybe_unused]] const int64_t {} = {};", I, Loop.Iter);
    ValueEmitter VE(P, VS, W);
    std::string E = VE.emit(*K.ScanTerm);
    W.line("{0} = {1}({0}, {2});", Acc, Op, E);
  };
  W.line("{} dpc_run = {};", ET, Id);
  Term("dpc_run");
  W.close();
  W.comment("an inclusive scan of the runs' results (Hillis-Steele)");
  W.line("__shared__ {} dpc_part[{}];", ET, K.Threads);
  W.line("dpc_part[threadIdx.x] = dpc_run;");
  W.line("__syncthreads();");
  W.open("for (unsigned dpc_d = 1; dpc_d < blockDim.x; dpc_d *= 2)");
  W.line("const {} dpc_o = threadIdx.x >= dpc_d ? dpc_part[threadIdx.x - "
         "dpc_d] : {};",
         ET, Id);
  W.line("__syncthreads();");
  W.line("dpc_part[threadIdx.x] = {}(dpc_part[threadIdx.x], dpc_o);", Op);
  W.line("__syncthreads();");
  W.close();
  W.open("if (dpc_from <= dpc_to)");
  W.line("{} dpc_acc;", ET);
  W.open("");
  W.comment(fmt::format("{}[dpc_lo - 1], read as the statement reads it",
                        Tab.Name));
  W.line("const int64_t {} = dpc_lo;", I);
  {
    ValueEmitter VE(P, VS, W);
    W.line("dpc_acc = {};", VE.load(*Body.Kids[K.ScanSelf], Body.Ty));
  }
  W.close();
  W.line("if (threadIdx.x > 0) dpc_acc = {}(dpc_acc, dpc_part[threadIdx.x - "
         "1]);",
         Op);
  Term("dpc_acc");
  W.line("const {} dpc_v = {}<{}>(dpc_acc, dpc_err);", storeType(Tab.Type),
         isSmallFinite(P, Body) ? "dpc::narrow_finite" : "dpc::narrow",
         storeType(Tab.Type));
  emitCellStores(P, K.ScanStmt, {IExpr::var(I)}, "dpc_t", false, W);
  W.close();
  W.close();
}
