//===- fuzz_check.cpp - libFuzzer harness over the front of `dpc check` ---===//
//
// Each input is a .dp file: lexed, parsed, type-checked, turned into the
// isl model and run through the three proofs (Frontend::loadBuffer), as
// `dpc check` does. A small isl operation budget (DPC_FUZZ_ISL_OPS, default
// 300000) ends pathological programs fast with the "too complex to prove"
// diagnostic. Anything but a diagnostic (a crash, a sanitizer report, an
// internal compiler error, which aborts) is a finding.
//
//===----------------------------------------------------------------------===//
#include "Driver/Frontend.h"

#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <cstdlib>

static unsigned long islBudget() {
  static unsigned long N = [] {
    const char *E = std::getenv("DPC_FUZZ_ISL_OPS");
    return E ? std::strtoul(E, nullptr, 10) : 300000UL;
  }();
  return N;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  dpc::Frontend F;
  F.IslMaxOps = islBudget();
  F.Diags.setErrorLimit(5);
  auto Buf = llvm::MemoryBuffer::getMemBufferCopy(
      llvm::StringRef(reinterpret_cast<const char *>(Data), Size), "fuzz.dp");
  F.loadBuffer(std::move(Buf));
  return 0;
}
