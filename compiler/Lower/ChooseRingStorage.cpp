//===- ChooseRingStorage.cpp - strip tables as two rolling rows -----------===//
//
// Takes the program after the target plans and gives, per table of a lane
// strip group, whether a run that reads none of its cells afterwards (no
// traceback, no --verify, no --dump-table) stores it as two rows instead
// of all of them (lir::Storage::Ring, RingRowLen, RingColLo, RingWhy):
// the bottom row of strip k in ring row k % 2, as wide as the table's box
// (whatever the table's own layout: box or band), which the strip below
// reads as its row above, the only cell of the table a sweep reads from
// memory. That is safe when
//   - both plans sweep the group with their progress flags (the OpenMP
//     lane strips and one pipelined GPU strip kernel): strip k + 2, which
//     overwrites strip k's row, starts a chunk of columns only after strip
//     k + 1 has finished it, so after strip k + 1 read that part of the row
//     (the diagonal of the next chunk's first column is kept in a
//     register, or read with the chunk's row before the chunk is
//     published);
//   - no statement of another group reads the table, but row reductions
//     that both sweeps compute (Group::RowReductions);
//   - it has two indices and no mirrored copy.
// The first output's cell, when the table holds it, is kept after the two
// rows (Storage::RingOutput); a table holding another output's cell is
// kept whole.
// The classic array contraction, for the schedule the plans fixed: a
// score-only local alignment of N x M then stores O(N + M) of its table.
// The generated program picks it per run (Params::dpc_ring) and falls
// back to the whole table when a run needs the cells; `dpc emit
// --stage=storage` prints the choice and why. A staged GPU strip kernel
// whose tables include such a table keeps, in its score-only instance, a
// staging ring of the two rows that instance writes back
// (GpuKernel::RingStagesTwoRows).
// A traced run may keep such tables as rows too (Storage::Checkpoint)
// where their group's rows follow from the row above alone: the host's
// traceback then keeps every K-th row and recomputes the rows it reads, a
// segment at a time, with the group's reference statements
// (Group::RowsReference): O(N / K + K) rows instead of N.
//
//===----------------------------------------------------------------------===//
#include "Lower/Lowering.h"

#include <fmt/format.h>

#include <algorithm>

using namespace dpc;
using namespace dpc::lir;

namespace {

bool fusedIn(const std::vector<RowReduction> &RRs, int Stmt) {
  return std::any_of(RRs.begin(), RRs.end(),
                     [&](const RowReduction &R) { return R.Stmt == Stmt; });
}

/// Why table T of strip group GI cannot be stored as two rows ("" if it
/// can).
std::string whyNotRing(const Program &P, int GI, int T) {
  const Group &G = P.Groups[GI];
  const Storage &S = P.Storages[T];
  if (S.HostTable >= 0)
    return "it lives in another table's buffer";
  if (S.BoxLo.size() != 2)
    return "it does not have two indices";
  for (size_t C = 0; C < P.CopyTable.size(); ++C)
    if (P.CopyTable[C] && P.CopySource[C] == T)
      return "it has a mirrored copy";
  auto Strip = std::find_if(P.Cpu.Strips.begin(), P.Cpu.Strips.end(),
                            [&](const CpuStrip &St) { return St.Group == GI; });
  if (Strip == P.Cpu.Strips.end())
    return "the CPU plan does not sweep its group";
  const GpuKernel *Kn = nullptr;
  int Kernels = 0;
  for (auto &K : P.Gpu.Kernels)
    if (K.Group == GI) {
      Kn = &K;
      ++Kernels;
    }
  if (Kernels != 1 || Kn->Family != KernelFamily::Strip || !Kn->Pipelined)
    return "the GPU plan does not sweep its group with one pipelined strip "
           "kernel";

  for (size_t St = 0; St < P.Stmts.size(); ++St) {
    if (std::count(G.Stmts.begin(), G.Stmts.end(), static_cast<int>(St)) ||
        !readsTableIn(*P.Stmts[St].Body, T))
      continue;
    if (!fusedIn(Strip->RowReductions, static_cast<int>(St)) ||
        !fusedIn(Kn->RowReductions, static_cast<int>(St)))
      return P.Stmts[St].Name + " reads it after the sweep";
  }
  for (size_t O = 1; O < P.M.Outputs.size(); ++O)
    if (P.M.Outputs[O].Table == T)
      return "it holds the cell of output '" + P.M.Outputs[O].Name +
             "' (beside the rows only the first output's cell is kept)";
  return "";
}

/// Why a traceback cannot rebuild the rows of strip group GI's tables from
/// checkpointed rows ("" if it can): every table of the group is kept as
/// rows, the group's reference loops can be restricted to a run of rows,
/// its rows are swept in increasing order of the first index (a cell reads
/// its own row and the one above) and its statements read no table of
/// another group.
std::string whyNotCheckpoint(const Program &P, int GI) {
  const Group &G = P.Groups[GI];
  for (int T : G.Tables)
    if (!P.Storages[T].Ring)
      return P.M.Tables[T].Name + " is not kept as rows";
  if (!G.RowsReference)
    return "its statements do not all have two indices";
  if (G.Signs.empty() || G.Signs[0] < 0)
    return "its rows are swept in decreasing order of the first index";
  for (int St : G.Stmts)
    for (size_t T = 0; T < P.M.Tables.size(); ++T)
      if (!std::count(G.Tables.begin(), G.Tables.end(), static_cast<int>(T)) &&
          readsTableIn(*P.Stmts[St].Body, static_cast<int>(T)))
        return P.Stmts[St].Name + " reads " + P.M.Tables[T].Name +
               ", a table of another group";
  return "";
}

} // namespace

void dpc::chooseRingStorage(Program &P) {
  for (auto &S : P.Storages) {
    S.Checkpoint = false;
    S.CheckpointWhy.clear();
    S.Ring = false;
    S.RingRowLen = S.RingColLo = nullptr;
    S.RingWhy.clear();
  }
  for (size_t GI = 0; GI < P.Groups.size(); ++GI) {
    const Group &G = P.Groups[GI];
    if (!G.Strip)
      continue;
    for (int T : G.StripTables) {
      Storage &S = P.Storages[T];
      std::string Why = whyNotRing(P, static_cast<int>(GI), T);
      if (!Why.empty()) {
        S.RingWhy = "whole table in every run: " + Why;
        continue;
      }
      S.Ring = true;
      S.RingOutput = P.M.Outputs[0].Table == T;
      S.RingRowLen = S.BoxHi[1] - S.BoxLo[1] + IExpr::num(1);
      S.RingColLo = S.BoxLo[1];
      S.RingWhy = fmt::format(
          "two rolling rows (2 * ({}){} elements) in a run that reads none of "
          "its cells afterwards (no traceback, --verify or --dump-table): the "
          "bottom rows of the last two strips, the only cells the sweep "
          "reads from memory and no other group reads{}",
          iexprToString(*S.RingRowLen), S.RingOutput ? " + 1" : "",
          S.RingOutput ? ", and the output cell" : "");
    }
  }
  // Traced runs: a group whose tables are all kept as rows may keep them so
  // when a traceback is asked for too, where its rows can be recomputed
  // from the row above alone: the traceback checkpoints every K-th row and
  // recomputes the segment of rows it reads (Storage::Checkpoint).
  bool Checkpointed = false;
  for (size_t GI = 0; GI < P.Groups.size(); ++GI) {
    const Group &G = P.Groups[GI];
    if (!G.Strip || G.StripTables.empty())
      continue;
    std::string Why = whyNotCheckpoint(P, static_cast<int>(GI));
    if (Why.empty() && Checkpointed)
      Why = "the tables of another group are checkpointed (one group is)";
    Checkpointed |= Why.empty();
    for (int T : G.StripTables) {
      Storage &S = P.Storages[T];
      if (!S.Ring)
        continue;
      S.Checkpoint = Why.empty();
      S.CheckpointWhy =
          Why.empty()
              ? "kept as rows in a traced run too, where the whole tables "
                "exceed the memory budget (or with --checkpoint-rows): the "
                "traceback keeps every K-th row (K ~ sqrt of the rows), and "
                "recomputes the K rows it reads from the row above them with "
                "the reference statements of the group"
              : "a traced run keeps the whole table: " + Why;
    }
  }
  // A staged strip kernel's score-only instance writes back only the
  // bottom row (and the output's row) of a ring table: its staging ring
  // keeps those two rows (GpuKernel::RingStagesTwoRows).
  for (auto &K : P.Gpu.Kernels) {
    K.RingStagesTwoRows = false;
    if (K.Family != KernelFamily::Strip || !K.StageStores)
      continue;
    for (int T : P.Groups[K.Group].StripTables)
      K.RingStagesTwoRows |= P.Storages[T].Ring;
    if (K.RingStagesTwoRows)
      K.Why += fmt::format(
          "; in a score-only run the staging ring of a table kept as rolling "
          "rows holds only the two rows written back (the bottom one and the "
          "output's) instead of {}: less shared memory, more warps per SM "
          "for a batch",
          P.Groups[K.Group].TileSizes[0]);
  }
}
