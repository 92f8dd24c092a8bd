//===- InterpCommand.cpp - `dpc interp` -----------------------------------===//
//
// Binds the problems given on the command line, evaluates each with the
// reference interpreter, and prints the result: text like RNAfold (the
// sequence, then the structure and the score) or one JSON object per
// problem, or the cells of the tables asked for with --dump-table.
//
//===----------------------------------------------------------------------===//
#include "Driver/Commands.h"
#include "Interp/Interpreter.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace dpc;
using namespace dpc::ast;

/// The dot-bracket structure, if the recurrence has one rna input and the
/// traceback has `pair` events.
static std::optional<std::string>
structureOf(const Module &M, const dpc_rt::Problem &P,
            const std::vector<TraceEvent> &Events) {
  int Rna = ast::structureInput(M);
  if (Rna < 0)
    return std::nullopt;
  std::vector<std::pair<int64_t, int64_t>> Pairs;
  for (auto &E : Events)
    if (E.Name == "pair" && E.Args.size() == 2)
      Pairs.push_back({E.Args[0], E.Args[1]});
  return dpc_rt::dot_bracket(P[Rna].length(), Pairs);
}

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
    Specs.push_back(
        {I.Name, static_cast<dpc_rt::Alpha>(runtimeAlphaIndex(I.Alpha))});
  std::vector<dpc_rt::Problem> Problems;
  std::vector<std::pair<std::string, int64_t>> Lets;
  try {
    Problems = dpc_rt::assemble_problems(Specs, O.Inputs, O.Files);
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
  for (auto &Prob : Problems) {
    try {
      Interp.bind(Prob, Lets);
    } catch (const dpc_rt::InputError &E) {
      // Like an evaluation error: this problem fails, the others still run.
      FE.Diags.error(E.what());
      Status = 1;
      continue;
    }
    std::string Out;
    llvm::raw_string_ostream OS(Out);
    try {
      runWithLargeStack([&] {
        if (!Dumps.empty()) {
          for (int T : Dumps)
            Interp.dumpTable(T, OS);
          return;
        }
        Num V = Interp.output();
        std::vector<TraceEvent> Events = Interp.traceback();
        std::string Val = Interp.formatOutput(V);
        auto Struct = structureOf(M, Prob, Events);
        bool IsInt = isIntType(M.Tables[M.Output->TableIdx].Type);
        if (O.Json) {
          llvm::json::Object Obj;
          Obj["recurrence"] = M.Name;
          llvm::json::Object Params;
          for (auto &[N, PV] : Interp.params())
            Params[N] = PV;
          Obj["params"] = std::move(Params);
          Obj["output"] = jsonNum(Val, IsInt);
          llvm::json::Array Evs;
          for (auto &E : Events) {
            llvm::json::Array A;
            A.push_back(E.Name);
            for (int64_t X : E.Args)
              A.push_back(X);
            Evs.push_back(std::move(A));
          }
          Obj["events"] = std::move(Evs);
          if (Struct)
            Obj["structure"] = *Struct;
          OS << llvm::json::Value(std::move(Obj)) << "\n";
          return;
        }
        if (Struct) {
          for (auto &In : Prob)
            if (!In.Text.empty())
              OS << In.Text << "\n";
          OS << *Struct << " (" << Val << ")\n";
          return;
        }
        OS << M.Name << ": " << M.Output->Table << "[";
        for (size_t I = 0; I < M.Output->Index.size(); ++I)
          OS << (I ? ", " : "") << M.Output->Index[I].str();
        OS << "] = " << Val << "\n";
        if (!Events.empty()) {
          OS << "events:";
          for (auto &E : Events) {
            OS << " " << E.Name << "(";
            for (size_t I = 0; I < E.Args.size(); ++I)
              OS << (I ? ", " : "") << E.Args[I];
            OS << ")";
          }
          OS << "\n";
        }
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
  }
  return Status;
}
