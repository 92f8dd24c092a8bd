//===- PlanTraceback.cpp - where a traced GPU run follows its winners -----===//
//
// Takes the finished program (its tables' whole equations, TableBodies) and
// gives P.Gpu.Traceback: whether a traced run on the GPU walks its winners
// on the device (only the events cross PCIe) or brings the tables back for
// the host's traceback, the tables and events the walk's records name,
// and why.
//
// The device walk recomputes, from the GPU's tables, the same values the
// host's traceback recomputes, and must pick the same winners (the first
// alternative and the first reduction index on ties, as `dpc interp`
// does). With integer equations every value is exact, so it does; with
// floating point the device's rounding (contracted multiply-adds, its own
// exp and log) could break a near tie differently, so those runs trace on
// the host.
//
// It also gives P.TraceByValue: the tables whose cells' winners both walks
// find by the cell's stored value. A cell of an integer table proven to
// hold no infinity stores exactly the value of its equation, so the first
// alternative (and the first reduction point) equal to it is the one the
// first-best rule picks; the walk compares the alternatives with it in
// order and computes none after the winner. Nussinov's cell computes its
// split reduction only where no pairing or unpaired base explains it, and
// then in one pass (the first k that gives the value) instead of two (the
// maximum, then the first k reaching it).
//
//===----------------------------------------------------------------------===//
#include "Lower/Lowering.h"

#include <algorithm>

using namespace dpc;
using namespace dpc::lir;

/// P.TraceByValue and its why (see the header).
static void planTraceByValue(Program &P) {
  const ModuleInfo &M = P.M;
  P.TraceByValue.assign(M.Tables.size(), false);
  std::string Yes, No;
  for (size_t T = 0; T < M.Tables.size(); ++T) {
    bool Exact = isIntType(M.Tables[T].Type);
    forEachVExpr(*P.TableBodies[T], [&](const VExpr &X) {
      Exact = Exact && isIntType(X.Ty);
    });
    const bool Finite = T < P.FiniteTable.size() && P.FiniteTable[T];
    P.TraceByValue[T] = Exact && Finite;
    std::string &L = P.TraceByValue[T] ? Yes : No;
    L += (L.empty() ? "" : ", ") + M.Tables[T].Name;
    if (!P.TraceByValue[T])
      L += Exact ? " (may hold an infinity)" : " (not integer arithmetic)";
  }
  P.TraceByValueWhy =
      (Yes.empty() ? std::string("none")
                   : "a cell's winners by its stored value for " + Yes +
                         " (integers proven finite: the cell holds exactly "
                         "its equation's value, so the first alternative "
                         "and the first reduction point equal to it win, "
                         "as the first best would, and none after it is "
                         "computed)") +
      (No.empty() ? "" : "; by computing every alternative for " + No);
}

void dpc::planTraceback(Program &P) {
  planTraceByValue(P);
  GpuTraceback &TB = P.Gpu.Traceback;
  TB = GpuTraceback();
  const ModuleInfo &M = P.M;
  if (M.Outputs.empty()) {
    TB.Why = "no output to trace back from";
    return;
  }
  // The walk expands the output's cell and every cell of a table whose
  // cells record events (the others are not followed, as on the host).
  const int Out = M.Outputs[0].Table;
  for (size_t T = 0; T < M.Tables.size(); ++T)
    if (static_cast<int>(T) == Out || M.Tables[T].RecordsEvents)
      TB.Tables.push_back(static_cast<int>(T));
  size_t Words = 0;
  std::string Inexact;
  for (int T : TB.Tables) {
    Words = std::max(Words, M.Tables[T].Indices.size());
    if (!isIntType(M.Tables[T].Type) && Inexact.empty())
      Inexact = M.Tables[T].Name;
    forEachVExpr(*P.TableBodies[T], [&](const VExpr &X) {
      if (!isIntType(X.Ty) && Inexact.empty())
        Inexact = M.Tables[T].Name;
      for (const EventInfo &E : X.Events) {
        std::pair<std::string, int> Key{E.Name,
                                        static_cast<int>(E.Args.size())};
        if (std::find(TB.Events.begin(), TB.Events.end(), Key) ==
            TB.Events.end())
          TB.Events.push_back(Key);
        Words = std::max(Words, E.Args.size());
      }
    });
  }
  TB.RecordWords = static_cast<int>(Words) + 1;
  if (!Inexact.empty()) {
    TB.Why = "the equation of " + Inexact +
             " computes in floating point: the device's rounding could "
             "break a near tie differently from the host's, so the tables "
             "cross PCIe and the host traces back";
    return;
  }
  TB.OnDevice = true;
  TB.Why =
      "every traced equation is exact integer arithmetic, so a walk on the "
      "device picks the host's winners: one warp per problem follows them "
      "from the output cell with a stack in device memory (the reductions "
      "that pick a winner shared by the lanes, the first index on ties), "
      "and only the events cross PCIe, not the tables; a problem whose "
      "walk outgrows its buffer (--trace-records) is traced on the host "
      "from its tables, and --host-traceback traces every problem there";
  // One warp walks a cell's reduction 32 terms at a time, its loads of a
  // column uncoalesced: Nussinov's walk at n = 16000 took 65 ms of a 0.43 s
  // run (gpu-runs/2026-11-28e/call7) with the rest of the GPU idle.
  TB.BlockLanes = 256;
  TB.BlockProblemsPerSM = 1;
  TB.WarpsPerBlock = 4;
  TB.Why += "; a batch of at most one problem per SM gives each problem a "
            "block of 256 threads instead (its reductions 256 terms at a "
            "time, the warps' choices combined in shared memory)";
}
