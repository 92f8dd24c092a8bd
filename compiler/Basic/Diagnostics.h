//===- Diagnostics.h - user-facing diagnostics over llvm::SourceMgr -------===//
//
// Takes source ranges and messages; prints them as `file:line:col: error:
// message`, the source line, and a caret under the range (llvm::SourceMgr).
// User errors go through here; internal invariants use dpc_unreachable /
// assert with context instead.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/Twine.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

namespace dpc {

class DiagEngine {
public:
  explicit DiagEngine(llvm::SourceMgr &SM) : SM(SM) {}

  void error(llvm::SMRange R, const llvm::Twine &Msg);
  void warning(llvm::SMRange R, const llvm::Twine &Msg);
  void note(llvm::SMRange R, const llvm::Twine &Msg);
  /// An error that has no source position (bad command-line input, ...).
  void error(const llvm::Twine &Msg);

  unsigned numErrors() const { return Errors; }
  bool hadError() const { return Errors != 0; }
  llvm::SourceMgr &sourceMgr() { return SM; }

  /// Stop printing errors after this many (the count still goes up).
  void setErrorLimit(unsigned N) { Limit = N; }

private:
  void emit(llvm::SMRange R, llvm::SourceMgr::DiagKind K, const llvm::Twine &M);
  llvm::SourceMgr &SM;
  unsigned Errors = 0;
  unsigned Limit = 50;
};

/// Internal compiler error: a broken invariant, never a user mistake.
[[noreturn]] void internalError(const llvm::Twine &What, const char *File,
                                int Line);
#define DPC_ICE(msg) ::dpc::internalError((msg), __FILE__, __LINE__)
#define DPC_ASSERT(cond, msg)                                                  \
  do {                                                                         \
    if (!(cond))                                                               \
      ::dpc::internalError(llvm::Twine("assertion `" #cond "` failed: ") +    \
                               (msg),                                          \
                           __FILE__, __LINE__);                                \
  } while (0)

} // namespace dpc
