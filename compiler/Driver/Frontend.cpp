//===- Frontend.cpp -------------------------------------------------------===//
#include "Driver/Frontend.h"

#include "Parse/Parser.h"
#include "Poly/Checks.h"
#include "Sema/Sema.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace dpc;

bool Frontend::load(llvm::StringRef Path, bool Prove) {
  auto Buf = llvm::MemoryBuffer::getFileOrSTDIN(Path);
  if (!Buf) {
    Diags.error("cannot read '" + Path + "': " + Buf.getError().message());
    return false;
  }
  return loadBuffer(std::move(*Buf), Prove);
}

bool Frontend::loadBuffer(std::unique_ptr<llvm::MemoryBuffer> Buf,
                          bool Prove) {
  std::string Path = Buf->getBufferIdentifier().str();
  unsigned Id = SM.AddNewSourceBuffer(std::move(Buf), llvm::SMLoc());
  M = parseFile(SM, Id, Diags);
  if (!M)
    return false;
  if (!checkSemantics(*M, Diags))
    return false;
  if (!Prove)
    return true;
  Isl.setMaxOperations(IslMaxOps);
  try {
    PM = std::make_unique<PolyModel>(*M, Isl);
    // The three proofs; each reports every failure it finds.
    if (!checkParamConstraints(*PM, Diags))
      return false;
    bool OK = checkCoverage(*PM, Diags);
    OK &= checkBounds(*PM, Diags);
    if (OK)
      OK &= checkWellFounded(*PM, Diags);
    return OK;
  } catch (const isl::exception_quota &) {
    Diags.error(islBudgetMessage(Isl, "too complex to prove",
                                 "'" + Path + "' sound"));
    return false;
  } catch (const isl::exception &E) {
    // A raw isl call of Poly/Isl.cpp that ran out of budget returns null;
    // the next call throws on that null.
    if (islBudgetExceeded(Isl)) {
      Diags.error(islBudgetMessage(Isl, "too complex to prove",
                                   "'" + Path + "' sound"));
      return false;
    }
    DPC_ICE(llvm::Twine("isl failed while proving '") + Path +
            "' sound: " + E.what());
  }
}
