//===- Frontend.h - load, parse, check and prove a .dp file ---------------===//
//
// Takes a path; gives a checked ast::Module (and its polyhedral model when
// the proofs are asked for), or null after printing diagnostics.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Basic/Diagnostics.h"
#include "Parse/AST.h"
#include "Lower/Lowering.h"
#include "Poly/PolyModel.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>

namespace dpc {

struct Frontend {
  llvm::SourceMgr SM;
  DiagEngine Diags{SM};
  IslContext Isl;
  std::unique_ptr<ast::Module> M;
  std::unique_ptr<PolyModel> PM;
  /// The isl operation budget of the whole run (--isl-max-ops).
  unsigned long IslMaxOps = DefaultIslMaxOps;
  /// --exact-sums: every floating-point sum keeps the written order (no
  /// tile products for sums; generated results bit for bit the
  /// interpreter's).
  bool ExactSums = false;
  /// --cpu-chunk-bytes (0: the CPU target's default).
  int64_t CpuChunkBytes = 0;
  /// dpc compile's --no-syntax-check clears it: the emitted C++ files are
  /// then written without clang's parse of them.
  bool SyntaxCheck = true;

  /// Parses and type-checks Path; with Prove, also builds the polyhedral
  /// model and runs the three proofs. False if anything failed.
  bool load(llvm::StringRef Path, bool Prove = true);
  /// The lowering options the command line chose.
  LowerOptions lowerOptions() const {
    LowerOptions O;
    O.ReassociateSums = !ExactSums;
    O.CpuChunkBytes = CpuChunkBytes;
    return O;
  }
  /// The same, for a file already in memory (named by its identifier).
  bool loadBuffer(std::unique_ptr<llvm::MemoryBuffer> Buf, bool Prove = true);
};

} // namespace dpc
