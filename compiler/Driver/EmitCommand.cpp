//===- EmitCommand.cpp - `dpc emit` and `dpc compile` ---------------------===//
#include "Driver/Commands.h"

#include "llvm/Support/raw_ostream.h"

using namespace dpc;

int dpc::runEmit(Frontend &FE, const std::string &Stage,
                 const std::vector<std::string> &Sets) {
  if (Stage == "ast") {
    ast::dumpModule(*FE.M, llvm::outs());
    return 0;
  }
  if (Stage == "domains") {
    for (auto &S : FE.PM->statements())
      llvm::outs() << S.Name << ": " << islStr(S.Domain) << "\n";
    return 0;
  }
  if (Stage == "deps") {
    isl::union_map D = FE.PM->dependences().coalesce();
    D.foreach_map([](isl::map Mp) { llvm::outs() << islStr(Mp) << "\n"; });
    return 0;
  }
  FE.Diags.error("unknown stage '" + Stage + "'");
  return 1;
}

int dpc::runCompile(Frontend &FE, const std::string &Dir) {
  FE.Diags.error("dpc compile is not implemented yet");
  return 1;
}
