//===- FormatAndCheck.h - clang on the emitted code -----------------------===//
//
// formatCode: lays out emitted C++/CUDA with clang's format library.
// checkSyntax: parses emitted C++ in-process with clang (libTooling,
// -fsyntax-only) against the other emitted files and the runtime headers,
// so malformed emission is an internal error carrying clang's diagnostics,
// never a broken folder.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace dpc {

std::string formatCode(const std::string &Code, const std::string &FileName);

/// Files: (name, text) of every header the file may include. Returns the
/// diagnostics text; empty if the file parses.
std::string
checkSyntax(const std::string &Code, const std::string &FileName,
            const std::vector<std::pair<std::string, std::string>> &Files);

/// The runtime headers compiled into dpc: (file name, text).
const std::vector<std::pair<std::string, std::string>> &runtimeFiles();

} // namespace dpc
