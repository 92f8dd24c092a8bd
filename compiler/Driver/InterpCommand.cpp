//===- InterpCommand.cpp - `dpc interp` -----------------------------------===//
//
// Binds the problems given on the command line, evaluates each with the
// reference interpreter, and prints the result in the format asked for
// (--format: text like RNAfold, JSON, tsv, ct, bpseq; the printers of the
// generated programs, runtime/dpc_driver.h, except JSON, built here with
// llvm::json), or the cells of the tables asked for with --dump-table.
//
//===----------------------------------------------------------------------===//
#include "Driver/Commands.h"
#include "Interp/Interpreter.h"

#include "dpc_driver.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace dpc;
using namespace dpc::ast;

static llvm::json::Value jsonNum(const std::string &S, bool IsInt) {
  if (S == "inf" || S == "-inf")
    return S;
  if (IsInt)
    return static_cast<int64_t>(std::stoll(S));
  return std::stod(S);
}

int dpc::runInterp(Frontend &FE, const InterpOptions &O) {
  const Module &M = *FE.M;
  std::vector<dpc_rt::InputSpec> Specs;
  for (auto &I : M.Inputs)
    Specs.push_back({I.Name,
                     static_cast<dpc_rt::Alpha>(runtimeAlphaIndex(I.Alpha)),
                     static_cast<int>(I.Sizes.size())});
  // The output options, as a generated program takes them: the interpreter
  // prints the events by default (as --traceback), and with --events=none
  // in text only the output cell, as a generated program does.
  dpc_rt::Options Out;
  Out.Format = O.Format;
  Out.Events = O.Events;
  Out.Traceback = O.Events != "none";
  Out.Path = O.Path;
  const int Rna = ast::structureInput(M);
  const bool HasStructure = Rna >= 0;
  try {
    dpc_rt::check_format(Out, HasStructure, M.Name);
  } catch (const dpc_rt::UsageError &E) {
    llvm::errs() << "dpc interp: error: " << E.what() << "\n";
    return ExitUsage;
  }
  const std::string Mode = Out.events_mode(HasStructure);
  std::vector<dpc_rt::Problem> Problems;
  std::vector<std::pair<std::string, int64_t>> Lets;
  try {
    Problems = dpc_rt::assemble_problems(Specs, O.Inputs, O.Files,
                                         /*KeepBad=*/false,
                                         dpc_rt::parse_unknown(O.Unknown));
    for (auto &P : Problems)
      for (auto &N : dpc_rt::problem_notes(P))
        llvm::errs() << "dpc interp: warning: " << N << "\n";
    for (auto &S : O.Sets) {
      auto [N, V] = dpc_rt::split_binding(S, "--set");
      Lets.push_back({N, dpc_rt::parse_int(V, "--set " + N)});
    }
  } catch (const dpc_rt::InputError &E) {
    FE.Diags.error(E.what());
    return 1;
  }
  std::vector<int> Dumps;
  for (auto &T : O.DumpTables) {
    int Ti = M.findTable(T);
    if (Ti < 0) {
      FE.Diags.error("--dump-table " + T + ": the recurrence has no table '" +
                     T + "'");
      return 1;
    }
    Dumps.push_back(Ti);
  }
  if (!Dumps.empty() && Problems.size() != 1) {
    FE.Diags.error("--dump-table needs exactly one problem, not " +
                   std::to_string(Problems.size()));
    return 1;
  }

  Interpreter Interp(M, *FE.PM);
  int Status = 0;
  if (Dumps.empty()) {
    std::vector<std::string> ParamNames;
    for (auto &P : M.Params)
      ParamNames.push_back(P.Name);
    std::sort(ParamNames.begin(), ParamNames.end());
    llvm::outs().flush(); // (print_header writes to stdout)
    std::vector<std::string> OutputNames;
    for (auto &O : M.Outputs)
      OutputNames.push_back(O.Text);
    dpc_rt::print_header(Out, ParamNames, OutputNames, HasStructure);
    std::fflush(stdout);
  }
  for (auto &Prob : Problems) {
    try {
      Interp.bind(Prob, Lets);
    } catch (const dpc_rt::InputError &E) {
      // Like an evaluation error: this problem fails, the others still run.
      FE.Diags.error(E.what());
      Status = 1;
      continue;
    }
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    dpc_rt::Result R;
    bool Printed = false; // R filled for the runtime's printer
    try {
      runWithLargeStack([&] {
        if (!Dumps.empty()) {
          for (int T : Dumps)
            Interp.dumpTable(T, OS);
          return;
        }
        for (size_t O = 0; O < M.Outputs.size(); ++O)
          R.Outputs.push_back(
              {M.Outputs[O].Text, Interp.formatOutput(O, Interp.output(O))});
        std::vector<TraceEvent> Events =
            Interp.traceback(O.Path ? &R.Path : nullptr);
        R.HasPath = O.Path;
        R.Recurrence = M.Name;
        R.Name = dpc_rt::problem_name(Prob);
        for (auto &[N, PV] : Interp.params())
          R.Params.push_back({N, PV});
        std::sort(R.Params.begin(), R.Params.end());
        for (auto &In : Prob)
          if (!In.Text.empty())
            R.Sequences.push_back(In.Text);
        R.Traced = Out.needs_traceback(HasStructure);
        for (auto &E : Events)
          R.Events.push_back({E.Name, E.Args});
        if (HasStructure)
          dpc_rt::set_structure(R, Prob[Rna].length());
        if (Out.Format != "json") {
          Printed = true;
          return;
        }
        auto OutputJson = [&](size_t O) {
          return jsonNum(R.Outputs[O].Text,
                         isIntType(M.Tables[M.Outputs[O].TableIdx].Type));
        };
        llvm::json::Object Obj;
        Obj["recurrence"] = M.Name;
        if (!R.Name.empty())
          Obj["name"] = R.Name;
        llvm::json::Object Params;
        for (auto &[N, PV] : Interp.params())
          Params[N] = PV;
        Obj["params"] = std::move(Params);
        Obj["output"] = OutputJson(0);
        if (M.Outputs.size() > 1) {
          llvm::json::Object Outs;
          for (size_t O = 0; O < M.Outputs.size(); ++O)
            Outs[R.Outputs[O].Name] = OutputJson(O);
          Obj["outputs"] = std::move(Outs);
        }
        if (Mode == "all") {
          llvm::json::Array Evs;
          for (auto &E : Events) {
            llvm::json::Array A;
            A.push_back(E.Name);
            for (int64_t X : E.Args)
              A.push_back(X);
            Evs.push_back(std::move(A));
          }
          Obj["events"] = std::move(Evs);
        } else if (Mode == "summary") {
          llvm::json::Object Counts;
          for (auto &[N, C] : dpc_rt::event_counts(R.Events))
            Counts[N] = static_cast<int64_t>(C);
          Obj["events"] = std::move(Counts);
        }
        if (HasStructure)
          Obj["structure"] = R.Structure;
        if (O.Path) {
          llvm::json::Object Path;
          llvm::json::Array From(R.Path.Lo), To(R.Path.Hi), Tables;
          for (auto &T : R.Path.Tables)
            Tables.push_back(T);
          Path["from"] = std::move(From);
          Path["to"] = std::move(To);
          Path["tables"] = std::move(Tables);
          Obj["path"] = std::move(Path);
        }
        OS << llvm::json::Value(std::move(Obj)) << "\n";
      });
    } catch (const EvalError &E) {
      std::string At;
      for (auto &[N, V] : Interp.params())
        At += (At.empty() ? "" : ", ") + N + " = " + std::to_string(V);
      FE.Diags.error(E.Range, std::string(E.what()) + " (problem with " + At +
                                  ")");
      Status = 1;
      continue;
    }
    llvm::outs() << OS.str();
    if (Printed) {
      llvm::outs().flush(); // print_result writes to stdout
      dpc_rt::print_result(R, Out, HasStructure);
      std::fflush(stdout);
    }
  }
  return Status;
}
