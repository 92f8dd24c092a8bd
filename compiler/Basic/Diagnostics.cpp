//===- Diagnostics.cpp ----------------------------------------------------===//
#include "Basic/Diagnostics.h"

#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace dpc;

void DiagEngine::emit(llvm::SMRange R, llvm::SourceMgr::DiagKind K,
                      const llvm::Twine &M) {
  if (K == llvm::SourceMgr::DK_Error && ++Errors > Limit)
    return;
  if (!R.isValid()) {
    SM.PrintMessage(llvm::SMLoc(), K, M);
    return;
  }
  // A caret under the whole range; an empty range gets a single caret.
  llvm::SmallVector<llvm::SMRange, 1> Ranges;
  if (R.Start.getPointer() != R.End.getPointer())
    Ranges.push_back(R);
  SM.PrintMessage(R.Start, K, M, Ranges);
}

void DiagEngine::error(llvm::SMRange R, const llvm::Twine &Msg) {
  emit(R, llvm::SourceMgr::DK_Error, Msg);
}
void DiagEngine::warning(llvm::SMRange R, const llvm::Twine &Msg) {
  emit(R, llvm::SourceMgr::DK_Warning, Msg);
}
void DiagEngine::note(llvm::SMRange R, const llvm::Twine &Msg) {
  emit(R, llvm::SourceMgr::DK_Note, Msg);
}
void DiagEngine::error(const llvm::Twine &Msg) {
  ++Errors;
  llvm::WithColor::error(llvm::errs(), "dpc") << Msg << "\n";
}

void dpc::internalError(const llvm::Twine &What, const char *File, int Line) {
  llvm::errs() << "dpc: internal compiler error: " << What << "\n  at " << File
               << ":" << Line
               << "\n  (this is a bug in dpc, not in your recurrence)\n";
  std::abort();
}
