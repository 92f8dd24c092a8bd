//===- dpc.cpp - the dpc command line -------------------------------------===//
//
//   dpc check FILE.dp
//   dpc interp FILE.dp --in NAME=VALUE ... [--set NAME=V] [--json]
//                      [--dump-table T]
//   dpc emit FILE.dp --stage=ast|domains|deps|schedule|storage|loops|
//                            plan|openmp|cuda
//   dpc compile FILE.dp -o DIR
//
//===----------------------------------------------------------------------===//
#include "Driver/Frontend.h"
#include "Driver/Commands.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace dpc;
namespace cl = llvm::cl;

static cl::OptionCategory DpcCat("dpc options");

static cl::SubCommand CheckCmd("check", "Parse a recurrence and prove it sound");
static cl::SubCommand InterpCmd("interp",
                                "Evaluate a recurrence with the reference "
                                "interpreter");
static cl::SubCommand EmitCmd("emit", "Print one stage of the compilation");
static cl::SubCommand CompileCmd("compile",
                                 "Generate a standalone folder (OpenMP C++ "
                                 "and CUDA)");

static cl::opt<std::string> InputFile(cl::Positional, cl::desc("<file.dp>"),
                                      cl::Required, cl::sub(CheckCmd),
                                      cl::sub(InterpCmd), cl::sub(EmitCmd),
                                      cl::sub(CompileCmd), cl::cat(DpcCat));

static cl::list<std::string>
    Inputs("in", cl::desc("Bind an input: NAME=SEQUENCE, NAME=1,2,3 or NAME=@file.fa"),
           cl::value_desc("NAME=VALUE"), cl::sub(InterpCmd), cl::cat(DpcCat));
static cl::list<std::string>
    Sets("set", cl::desc("Override a 'let' constant"),
         cl::value_desc("NAME=V"), cl::sub(InterpCmd), cl::sub(EmitCmd),
         cl::cat(DpcCat));
static cl::opt<bool> Json("json", cl::desc("Print the result as JSON"),
                          cl::sub(InterpCmd), cl::cat(DpcCat));
static cl::list<std::string>
    DumpTables("dump-table", cl::desc("Print every cell of table T"),
               cl::value_desc("T"), cl::sub(InterpCmd), cl::cat(DpcCat));

static cl::opt<std::string>
    Stage("stage",
          cl::desc("ast | domains | deps | schedule | storage | loops | "
                   "plan | openmp | cuda"),
          cl::init("ast"), cl::sub(EmitCmd), cl::cat(DpcCat));

static cl::opt<std::string> OutDir("o", cl::desc("Output folder"),
                                   cl::value_desc("DIR"), cl::sub(CompileCmd),
                                   cl::cat(DpcCat));

static cl::opt<unsigned long> IslMaxOps(
    "isl-max-ops",
    cl::desc("isl operation budget of the run (0: none); past it dpc reports "
             "the program too complex instead of running on"),
    cl::value_desc("N"), cl::init(DefaultIslMaxOps), cl::sub(CheckCmd),
    cl::sub(InterpCmd), cl::sub(EmitCmd), cl::sub(CompileCmd),
    cl::cat(DpcCat));

int main(int argc, char **argv) {
  llvm::InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(DpcCat);
  cl::ParseCommandLineOptions(argc, argv,
                              "dpc: dynamic-programming recurrence compiler\n");

  Frontend FE;
  FE.IslMaxOps = IslMaxOps;
  if (CheckCmd) {
    if (!FE.load(InputFile))
      return 1;
    llvm::outs() << InputFile << ": ok: " << FE.M->Tables.size()
                 << " table(s), " << FE.PM->statements().size()
                 << " statement(s); cases cover every domain, every read is "
                    "in bounds, dependences are well founded\n";
    return 0;
  }
  if (InterpCmd) {
    if (!FE.load(InputFile))
      return 1;
    InterpOptions O;
    O.Inputs = std::vector<std::string>(Inputs.begin(), Inputs.end());
    O.Sets = std::vector<std::string>(Sets.begin(), Sets.end());
    O.Json = Json;
    O.DumpTables = std::vector<std::string>(DumpTables.begin(), DumpTables.end());
    return runInterp(FE, O);
  }
  if (EmitCmd) {
    if (!FE.load(InputFile))
      return 1;
    return runEmit(FE, Stage, std::vector<std::string>(Sets.begin(), Sets.end()));
  }
  if (CompileCmd) {
    if (OutDir.empty()) {
      llvm::errs() << "dpc compile: missing '-o DIR'\n";
      return 1;
    }
    if (!FE.load(InputFile))
      return 1;
    return runCompile(FE, OutDir);
  }
  cl::PrintHelpMessage();
  return 1;
}
