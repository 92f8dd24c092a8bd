//===- EmitFolder.cpp - the standalone generated folder -------------------===//
#include "CodeGen/Emitters.h"
#include "CodeGen/FormatAndCheck.h"

#include "Basic/Diagnostics.h"

using namespace dpc;

std::vector<GenFile> dpc::emitAll(const lir::Program &P,
                                  const std::string &Source) {
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
  // Every C++ file must parse before it is handed out.
  std::vector<std::pair<std::string, std::string>> Headers = runtimeFiles();
  for (auto &G : F)
    if (G.Name.size() > 2 && G.Name.substr(G.Name.size() - 2) == ".h")
      Headers.push_back({G.Name, G.Text});
  for (auto &G : F) {
    if (G.Name.size() < 4 || G.Name.substr(G.Name.size() - 4) != ".cpp")
      continue;
    std::string D = checkSyntax(G.Text, G.Name, Headers);
    if (!D.empty())
      DPC_ICE("the emitted " + G.Name + " does not parse:\n" + D);
  }
  return F;
}
