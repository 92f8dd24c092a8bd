//===- ChooseCpuProductOrder.cpp - loop order of the CPU tile products ----===//
//
// Takes the split reductions with both CPU loop forms and the chosen
// storage; keeps, per split, the form whose innermost loop reads memory
// contiguously (see Lowering.h).
//
//===----------------------------------------------------------------------===//
#include "Lower/Lowering.h"

using namespace dpc;
using namespace dpc::lir;

void dpc::chooseCpuProductOrder(Program &P) {
  for (SplitInfo &Sp : P.Splits) {
    LNodePtr KInner = std::move(Sp.CpuLoopsKInner);
    Sp.CpuLoopsKInner = nullptr;
    const std::string &Last = P.M->Tables[P.Stmts[Sp.Stmt].Table].Indices.back();
    auto Streams = [&](const std::string &Var) {
      return accessAlong(P, *Sp.X, Var) != Access::Other &&
             accessAlong(P, *Sp.Y, Var) != Access::Other;
    };
    if (Streams(Last) || !KInner || !Streams(Sp.KVars.back()))
      continue;
    Sp.CpuLoops = std::move(KInner);
    Sp.CpuKInner = true;
  }
}
