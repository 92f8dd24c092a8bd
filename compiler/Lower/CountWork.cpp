//===- CountWork.cpp - the points where reductions take their terms -------===//
//
// Takes the polyhedral model; gives lir::Program::WorkCounts: per reduction,
// isl's loops over the set where it takes a term (PolyModel's reduction
// Inner set: the statement's cell, then the reduction's own indices). The
// generated binaries count these points (reduction_terms) to predict a
// run's work before it starts: exactly at small sizes, and at large ones
// from three scaled-down sizes (dpc_rt::estimate_work). A reduction inside
// an arm whose guard reads input values is counted over the arm's whole
// affine domain (an upper bound).
//
//===----------------------------------------------------------------------===//

#include "Lower/Lowering.h"

using namespace dpc;

void dpc::countWork(const PolyModel &PM, lir::Program &P) {
  P.WorkCounts.clear();
  const isl::set Ctx = PM.paramContext();
  int Id = 0;
  for (auto &[E, RS] : PM.reductions()) {
    lir::Program::WorkCount W;
    W.Stmt = tupleName(RS.Inner);
    W.What = std::string(redOpName(E->Op)) + " over";
    for (auto &B : E->Bindings)
      W.What += " " + B.Var;
    W.Depth = static_cast<unsigned>(RS.InnerVars.size());
    W.Loops = loopsOverSet(RS.Inner, Ctx, "w" + std::to_string(Id++) + "_");
    P.WorkCounts.push_back(std::move(W));
  }
}
