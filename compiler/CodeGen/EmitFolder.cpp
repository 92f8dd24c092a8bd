//===- EmitFolder.cpp - the standalone generated folder -------------------===//
#include "CodeGen/Emitters.h"
#include "CodeGen/FormatAndCheck.h"

#include "Basic/Diagnostics.h"

#include <algorithm>
#include <atomic>
#include <thread>

#include "llvm/ADT/StringRef.h"

using namespace dpc;

std::vector<GenFile> dpc::emitAll(const lir::Program &P,
                                  const std::string &Source, bool CheckSyntax) {
  const std::string &N = P.M.Name;
  std::vector<GenFile> F = {
      {N + ".h", emitHeader(P)},
      {N + "_host.h", emitHostHeader(P)},
      {N + "_host.cpp", emitHostSource(P)},
      {N + "_api.h", emitApiHeader(P)},
      {N + "_api.cpp", emitApiSource(P)},
      {N + "_openmp.cpp", emitOpenMP(P)},
      {N + "_reference.cpp", emitReference(P)},
      {N + "_traceback.cpp", emitTraceback(P)},
      {N + "_main.cpp", emitMain(P)},
      {N + "_cuda.cu", emitCuda(P)},
      {"CMakeLists.txt", emitCMake(P), false},
      {"README.md", emitReadme(P, Source), false},
      {N + ".dp", Source, false},
  };
  for (auto &G : F)
    if (G.Format)
      G.Text = formatCode(G.Text, G.Name);
  if (!CheckSyntax)
    return F;
  // Every C++ file must parse before it is handed out. Each parse is its
  // own clang instance (about a second each: the standard headers), so
  // they run side by side; the first failure in file order is reported.
  std::vector<std::pair<std::string, std::string>> Headers = runtimeFiles();
  std::vector<const GenFile *> Sources;
  for (auto &G : F) {
    llvm::StringRef Name(G.Name);
    if (Name.ends_with(".h"))
      Headers.push_back({G.Name, G.Text});
    else if (Name.ends_with(".cpp"))
      Sources.push_back(&G);
  }
  std::vector<std::string> Diag(Sources.size());
  std::atomic<size_t> Next{0};
  auto Work = [&] {
    for (size_t I; (I = Next++) < Sources.size();)
      Diag[I] = checkSyntax(Sources[I]->Text, Sources[I]->Name, Headers);
  };
  size_t NThreads = std::min<size_t>(
      Sources.size(), std::max(1u, std::thread::hardware_concurrency()));
  std::vector<std::thread> Pool;
  for (size_t T = 1; T < NThreads; ++T)
    Pool.emplace_back(Work);
  Work();
  for (auto &T : Pool)
    T.join();
  for (size_t I = 0; I < Sources.size(); ++I)
    if (!Diag[I].empty())
      DPC_ICE("the emitted " + Sources[I]->Name + " does not parse:\n" +
              Diag[I]);
  return F;
}
