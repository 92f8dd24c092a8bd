//===- Commands.h - the subcommands of dpc --------------------------------===//
#pragma once

#include "Driver/Frontend.h"

#include <string>
#include <vector>

namespace dpc {

struct InterpOptions {
  std::vector<std::string> Inputs;
  std::vector<std::string> Sets;
  bool Json = false;
  std::vector<std::string> DumpTables;
};

/// `dpc interp`: evaluates with the reference interpreter and prints the
/// result (text like RNAfold, or JSON), or the dumped tables.
int runInterp(Frontend &FE, const InterpOptions &O);
/// `dpc emit --stage=S`.
int runEmit(Frontend &FE, const std::string &Stage,
            const std::vector<std::string> &Sets);
/// `dpc compile -o DIR`.
int runCompile(Frontend &FE, const std::string &Dir);

} // namespace dpc
