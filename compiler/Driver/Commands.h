//===- Commands.h - the subcommands of dpc --------------------------------===//
#pragma once

#include "Driver/Frontend.h"

#include <string>
#include <vector>

namespace dpc {

struct InterpOptions {
  std::vector<std::string> Inputs;
  /// FASTA files (positional), as the generated programs take them.
  std::vector<std::string> Files;
  std::vector<std::string> Sets;
  /// --format (text, json, tsv, ct, bpseq; --json is json) and --events
  /// (none, summary, all; "" for the format's default), as the generated
  /// programs take them (runtime/dpc_driver.h).
  std::string Format = "text";
  std::string Events;
  std::vector<std::string> DumpTables;
  /// --unknown (error, skip, as=X), as the generated programs take it.
  std::string Unknown = "error";
  /// --path: say where the traceback went (dpc_rt::PathBox).
  bool Path = false;
};

/// `dpc interp`: evaluates with the reference interpreter and prints the
/// result (text like RNAfold, JSON, tsv, ct, bpseq), or the dumped tables.
int runInterp(Frontend &FE, const InterpOptions &O);
/// `dpc emit --stage=S`.
int runEmit(Frontend &FE, const std::string &Stage);
/// `dpc compile -o DIR`: refuses a folder that holds files and is not a
/// dpc folder, unless Force.
int runCompile(Frontend &FE, const std::string &Dir, bool Force);
/// Writes the generated folder of FE's recurrence into Dir (created); false
/// after printing diagnostics.
bool writeFolder(Frontend &FE, const std::string &Dir);
/// True if Dir is a folder dpc generated (its CMakeLists.txt says so).
bool isDpcFolder(const std::string &Dir);

/// `dpc run [options] FILE|NAME [binary options]`; Args are the words after
/// `run`. Returns the exit status (or does not return: the binary replaces
/// dpc and its status is the run's).
int runRun(const std::vector<std::string> &Args, const char *Argv0);
/// `dpc cache clean|path [--cache-dir DIR]`.
int runCache(const std::vector<std::string> &Args);

/// Where a FILE argument is: the file itself when it exists, else the
/// recurrence NAME (NAME.dp) in the folders of $DPC_RECURRENCES (':'
/// separated) and then dpc's own recurrences/. False with Err (listing the
/// known names) when there is none.
bool resolveRecurrence(const std::string &Arg, std::string &Path,
                       std::string &Err);

/// "dpc 0.5.0"; the version printed by --version and keyed into the cache.
std::string versionString();

/// Exit statuses of dpc (README.md): 0 ok, 1 an input or program error, 2 a
/// usage error (unknown option, missing argument).
enum ExitStatus { ExitOk = 0, ExitError = 1, ExitUsage = 2 };

} // namespace dpc
