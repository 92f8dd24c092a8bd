//===- EmitCommand.cpp - `dpc emit` and `dpc compile` ---------------------===//
#include "Driver/Commands.h"
#include "Lower/Lowering.h"

#include "llvm/Support/raw_ostream.h"

using namespace dpc;

int dpc::runEmit(Frontend &FE, const std::string &Stage,
                 const std::vector<std::string> &Sets) {
  llvm::raw_ostream &OS = llvm::outs();
  if (Stage == "ast") {
    ast::dumpModule(*FE.M, OS);
    return 0;
  }
  if (Stage == "domains") {
    OS << "context: " << islStr(FE.PM->paramContext()) << "\n";
    for (size_t T = 0; T < FE.M->Tables.size(); ++T)
      OS << "table " << FE.M->Tables[T].Name << ": "
         << islStr(FE.PM->tableDomain(static_cast<int>(T))) << "\n";
    for (auto &S : FE.PM->statements())
      OS << "statement " << S.Name << ": " << islStr(S.Domain) << "\n";
    return 0;
  }
  if (Stage == "deps") {
    for (auto &S : FE.PM->statements())
      for (auto &R : S.Reads) {
        isl::union_map D = FE.PM->dependencesOf(S, R).coalesce();
        if (D.is_empty())
          continue;
        OS << "read " << ast::exprToString(*R.Read) << " in " << S.Name
           << ":\n";
        D.foreach_map([&](isl::map Mp) { OS << "  " << islStr(Mp) << "\n"; });
      }
    return 0;
  }
  auto P = lowerModule(*FE.PM, FE.Diags);
  if (!P)
    return 1;
  if (Stage == "schedule") {
    for (size_t G = 0; G < P->Groups.size(); ++G) {
      const lir::Group &Gr = P->Groups[G];
      OS << "group " << G << ": " << Gr.ScheduleText << "\n  "
         << (Gr.Tiled ? "tiled" : "not tiled") << ", tile sizes";
      for (auto T : Gr.TileSizes)
        OS << " " << T;
      OS << "\n";
    }
    for (size_t S = 0; S < P->Splits.size(); ++S) {
      auto &Sp = P->Splits[S];
      OS << "tile product " << S << " in " << P->Stmts[Sp.Stmt].Name
         << ": reduction " << ast::exprToString(*Sp.Red) << "\n  U(T) = "
         << Sp.USet << "\n  "
         << (Sp.Rectangular ? "register-blocked on the GPU"
                            : "generic on the GPU")
         << "\n";
    }
    return 0;
  }
  if (Stage == "storage") {
    for (auto &S : P->Storages)
      OS << S.Description << "\n  size: " << S.SizeFormula << "\n";
    return 0;
  }
  if (Stage == "loops") {
    lir::dumpLoops(*P, OS);
    return 0;
  }
  FE.Diags.error("unknown stage '" + Stage +
                 "' (ast, domains, deps, schedule, storage, loops, openmp, "
                 "cuda)");
  return 1;
}

int dpc::runCompile(Frontend &FE, const std::string &Dir) {
  FE.Diags.error("dpc compile is not implemented yet");
  return 1;
}
