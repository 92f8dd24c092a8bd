//===- EmitCommand.cpp - `dpc emit` and `dpc compile` ---------------------===//
#include "Driver/Commands.h"
#include "CodeGen/Emitters.h"
#include "CodeGen/FormatAndCheck.h"
#include "Lower/Lowering.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace dpc;

int dpc::runEmit(Frontend &FE, const std::string &Stage) {
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
      if (!Gr.TileWhy.empty())
        OS << "  tile sizes: " << Gr.TileWhy << "\n";
      if (!Gr.PatternWhy.empty())
        OS << "  dependence pattern: "
           << (Gr.ShortUniform ? "short uniform" : "general") << ", "
           << Gr.PatternWhy << "\n";
      if (Gr.ShortUniform)
        OS << "  lane strips: " << (Gr.Strip ? "yes" : "no") << ", "
           << Gr.StripWhy << "\n";
      if (Gr.Strip)
        OS << "  interior tiles: " << Gr.InteriorWhy << "\n";
      if (Gr.Tiled)
        OS << "  parallelism: the tiles of a wavefront step, and the cells "
              "of an anti-diagonal of a tile, are independent\n";
      for (size_t D = 0; D < Gr.Parallel.size(); ++D)
        OS << "  member " << D << ": "
           << (Gr.Parallel[D] ? "parallel" : "sequential") << ", "
           << Gr.ParallelWhy[D] << "\n";
    }
    for (size_t K = 0; K < P->Gpu.Kernels.size(); ++K) {
      const lir::GpuKernel &Kn = P->Gpu.Kernels[K];
      if (Kn.Family != lir::KernelFamily::TileWavefront)
        OS << "kernel " << K << " (" << lir::kernelFamilyName(Kn.Family)
           << "): " << Kn.Why << "\n";
    }
    for (size_t S = 0; S < P->Splits.size(); ++S) {
      auto &Sp = P->Splits[S];
      OS << "tile product " << S << " in " << P->Stmts[Sp.Stmt].Name
         << ": reduction " << Sp.RedText << "\n";
      if (!Sp.FactoredText.empty())
        OS << "  product " << Sp.BodyText << "; terms that do not depend on "
           << "the reduction's indices added to its result:" << Sp.FactoredText
           << "\n";
      OS << "  U(T) = " << Sp.USet << "\n  "
         << lir::gpuProductFormName(P->Gpu.Products[S].Form)
         << " on the GPU; on the CPU, "
         << (P->Cpu.Products[S].KInner
                 ? "k innermost (one reduction per cell)"
                 : "the last index innermost (a row of accumulators)")
         << "\n";
      if (Sp.SoftInf)
        OS << "  operands may be " << (Sp.Op == RedOp::Max ? "-inf" : "+inf")
           << ": read clamped to " << (Sp.Op == RedOp::Max ? "-2^30" : "2^30 - 1")
           << "; a product result " << (Sp.Op == RedOp::Max ? "below 0" : "of 0 or more")
           << " makes the cell recompute its whole reduction exactly\n";
      if (Sp.BoxGuard && P->Cpu.Products[S].Block)
        OS << "  whole box reads inside the tables (register-blocked on the "
              "CPU) where: "
           << lir::iexprToString(*Sp.BoxGuard) << "\n";
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
  if (Stage == "plan") {
    lir::dumpPlan(*P, OS);
    return 0;
  }
  if (Stage == "openmp" || Stage == "cuda") {
    const std::string &N = FE.M->Name;
    OS << formatCode(emitHeader(*P), N + ".h") << "\n";
    if (Stage == "openmp")
      OS << formatCode(emitOpenMP(*P), N + "_openmp.cpp");
    else
      OS << formatCode(emitCuda(*P), N + "_cuda.cu");
    return 0;
  }
  FE.Diags.error("unknown stage '" + Stage +
                 "' (ast, domains, deps, schedule, storage, loops, plan, "
                 "openmp, cuda)");
  return 1;
}

static bool writeFile(const std::string &Path, const std::string &Text,
                      DiagEngine &Diags) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC) {
    Diags.error("cannot write '" + Path + "': " + EC.message());
    return false;
  }
  OS << Text;
  return true;
}

bool dpc::isDpcFolder(const std::string &Dir) {
  auto Buf = llvm::MemoryBuffer::getFile(Dir + "/CMakeLists.txt");
  return Buf && (*Buf)->getBuffer().starts_with("# Generated by dpc");
}

bool dpc::writeFolder(Frontend &FE, const std::string &Dir) {
  auto P = lowerModule(*FE.PM, FE.Diags);
  if (!P)
    return false;
  std::string Source =
      FE.SM.getMemoryBuffer(FE.SM.getMainFileID())->getBuffer().str();
  std::vector<GenFile> Files = emitAll(*P, Source);
  for (const char *Sub : {"", "runtime"}) {
    llvm::SmallString<256> D(Dir);
    llvm::sys::path::append(D, Sub);
    if (std::error_code EC = llvm::sys::fs::create_directories(D)) {
      FE.Diags.error("cannot create '" + D + "': " + EC.message());
      return false;
    }
  }
  for (auto &F : Files)
    if (!writeFile(Dir + "/" + F.Name, F.Text, FE.Diags))
      return false;
  for (auto &[Name, Text] : runtimeFiles())
    if (!writeFile(Dir + "/runtime/" + Name, Text, FE.Diags))
      return false;
  return true;
}

/// True if Dir exists and holds anything.
static bool nonEmptyFolder(const std::string &Dir) {
  std::error_code EC;
  llvm::sys::fs::directory_iterator It(Dir, EC);
  return !EC && It != llvm::sys::fs::directory_iterator();
}

int dpc::runCompile(Frontend &FE, const std::string &Dir, bool Force) {
  if (!Force && llvm::sys::fs::exists(Dir)) {
    if (!llvm::sys::fs::is_directory(Dir)) {
      FE.Diags.error("'" + Dir + "' exists and is not a folder");
      return 1;
    }
    if (nonEmptyFolder(Dir) && !isDpcFolder(Dir)) {
      FE.Diags.error("'" + Dir +
                     "' holds files and is not a folder generated by dpc (its "
                     "CMakeLists.txt would be overwritten); choose another "
                     "folder, or give --force to write into it anyway");
      return 1;
    }
  }
  if (!writeFolder(FE, Dir))
    return 1;
  llvm::outs() << "dpc: wrote " << Dir
               << "/; build it with:\n  cmake -S " << Dir
               << " -B " << Dir << "/build && cmake --build " << Dir
               << "/build\n";
  return 0;
}
