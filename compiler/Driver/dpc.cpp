//===- dpc.cpp - the dpc command line -------------------------------------===//
//
//   dpc check FILE.dp
//   dpc interp FILE.dp [FASTA files...] --in NAME=VALUE ... [--set NAME=V]
//                      [--format=text|json|tsv|ct|bpseq] [--json]
//                      [--events=none|summary|all] [--dump-table T]
//   dpc emit FILE.dp --stage=ast|domains|deps|schedule|storage|loops|
//                            plan|openmp|cuda
//   dpc compile FILE.dp -o DIR [--force]
//   dpc run [options] FILE.dp [options of the generated program]
//   dpc cache clean|path
//
// FILE.dp may be a NAME of recurrences/ (resolveRecurrence). Exit status: 0
// ok, 1 an input or program error, 2 a usage error.
//
//===----------------------------------------------------------------------===//
#include "Driver/Frontend.h"
#include "Driver/Commands.h"
#include "dpc_driver.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Config/llvm-config.h"
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
// Parsed by hand (their options go on to the generated program); declared
// here so that `dpc --help` lists them.
static cl::SubCommand RunCmd("run", "Compile, build (cached) and run a "
                                    "recurrence: dpc run FILE.dp --in ...");
static cl::SubCommand CacheCmd("cache", "Clean the cache of dpc run (dpc "
                                        "cache clean|path)");

static cl::opt<std::string> InputFile(cl::Positional, cl::desc("<FILE.dp|NAME>"),
                                      cl::Required, cl::sub(CheckCmd),
                                      cl::sub(InterpCmd), cl::sub(EmitCmd),
                                      cl::sub(CompileCmd), cl::cat(DpcCat));

static cl::list<std::string>
    InterpFiles(cl::Positional, cl::desc("[FASTA files...]"),
                cl::sub(InterpCmd), cl::cat(DpcCat));
static cl::list<std::string>
    Inputs("in", cl::desc("Bind an input: NAME=SEQUENCE, NAME=1,2,3 or NAME=@file.fa"),
           cl::value_desc("NAME=VALUE"), cl::sub(InterpCmd), cl::cat(DpcCat));
static cl::list<std::string>
    Sets("set", cl::desc("Override a 'let' constant"),
         cl::value_desc("NAME=V"), cl::sub(InterpCmd), cl::cat(DpcCat));
static cl::opt<bool> Json("json", cl::desc("Print the result as JSON (--format=json)"),
                          cl::sub(InterpCmd), cl::cat(DpcCat));
static cl::opt<std::string>
    Format("format",
           cl::desc("Output format: text (like RNAfold), json, tsv, ct, bpseq "
                    "(as the generated programs)"),
           cl::value_desc("F"), cl::init(""), cl::sub(InterpCmd),
           cl::cat(DpcCat));
static cl::opt<std::string>
    Events("events",
           cl::desc("Events to print: none, summary (a count per kind), all "
                    "(default: all; none for ct, bpseq and tsv with a structure "
                    "column)"),
           cl::value_desc("E"), cl::init(""), cl::sub(InterpCmd),
           cl::cat(DpcCat));
static cl::opt<std::string>
    Unknown("unknown",
            cl::desc("A letter not in its input's alphabet: error (the "
                     "default), skip (left out) or as=X (read as X), as the "
                     "generated programs take it"),
            cl::value_desc("P"), cl::init("error"), cl::sub(InterpCmd),
            cl::cat(DpcCat));
static cl::opt<bool>
    TracePath("path",
         cl::desc("Say where the traceback went: the lowest and highest index "
                  "of each dimension over the cells it visited in the tables "
                  "of the most dimensions (an alignment's first and last "
                  "cell), as the generated programs"),
         cl::sub(InterpCmd), cl::cat(DpcCat));
static cl::list<std::string>
    DumpTables("dump-table", cl::desc("Print every cell of table T"),
               cl::value_desc("T"), cl::sub(InterpCmd), cl::cat(DpcCat));

static cl::opt<std::string>
    Stage("stage",
          cl::desc("ast | domains | deps | schedule | storage | loops | "
                   "plan | openmp | cuda"),
          cl::init("ast"), cl::sub(EmitCmd), cl::cat(DpcCat));

static cl::opt<std::string> OutDir("o", cl::desc("Output folder (required)"),
                                   cl::value_desc("DIR"), cl::sub(CompileCmd),
                                   cl::cat(DpcCat));
static cl::opt<bool>
    Force("force",
          cl::desc("Write into DIR even if it holds files and is not a "
                   "folder dpc generated"),
          cl::sub(CompileCmd), cl::cat(DpcCat));

static cl::opt<unsigned long> IslMaxOps(
    "isl-max-ops",
    cl::desc("isl operation budget of the run (0: none); past it dpc reports "
             "the program too complex instead of running on"),
    cl::value_desc("N"), cl::init(DefaultIslMaxOps), cl::sub(CheckCmd),
    cl::sub(InterpCmd), cl::sub(EmitCmd), cl::sub(CompileCmd),
    cl::cat(DpcCat));

static cl::opt<bool> ExactSums(
    "exact-sums",
    cl::desc("Keep every floating-point sum and logsumexp in the written "
             "order: no tile products for them (the generated results are "
             "then the interpreter's bit for bit; see docs/language.md)"),
    cl::sub(EmitCmd), cl::sub(CompileCmd), cl::cat(DpcCat));

static cl::opt<unsigned long> CpuChunkBytes(
    "cpu-chunk-bytes",
    cl::desc("Bytes of an operand's chunk of k that a register-blocked CPU "
             "tile product re-reads from cache for each block of rows "
             "(default 131072: within one core's L2 cache; 1024 to 2^30)"),
    cl::value_desc("B"), cl::init(0), cl::sub(EmitCmd), cl::sub(CompileCmd),
    cl::cat(DpcCat));

static cl::opt<bool> NoSyntaxCheck(
    "no-syntax-check",
    cl::desc("Write the folder without parsing its C++ files with clang "
             "first (by default an emission bug is an internal error of "
             "dpc; without the check the folder's own build reports it)"),
    cl::sub(CompileCmd), cl::cat(DpcCat));

static void printVersion(llvm::raw_ostream &OS) {
  OS << versionString() << " (LLVM " << LLVM_VERSION_STRING << ")\n";
}

/// A usage error of a subcommand parsed by LLVM's cl: the message and where
/// to find help; exit status 2.
static int usage(const char *Sub, const llvm::Twine &Msg) {
  llvm::errs() << "dpc" << (*Sub ? " " : "") << Sub << ": error: " << Msg
               << "\nsee 'dpc" << (*Sub ? " " : "") << Sub << " --help'\n";
  return ExitUsage;
}

int main(int argc, char **argv) {
  llvm::InitLLVM X(argc, argv);
  // run and cache pass their options on; cl would reject them.
  if (argc >= 2 && (llvm::StringRef(argv[1]) == "run" ||
                    llvm::StringRef(argv[1]) == "cache")) {
    std::vector<std::string> Args(argv + 2, argv + argc);
    return llvm::StringRef(argv[1]) == "run" ? runRun(Args, argv[0])
                                             : runCache(Args);
  }
  cl::HideUnrelatedOptions(DpcCat);
  cl::SetVersionPrinter(printVersion);
  std::string ParseErrors;
  llvm::raw_string_ostream ErrOS(ParseErrors);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "dpc: dynamic-programming recurrence compiler\n\n"
          "  A recurrence FILE.dp may be given by NAME: recurrences/NAME.dp "
          "(or a folder of\n  $DPC_RECURRENCES). Exit status: 0 ok, 1 an "
          "input or program error, 2 a usage\n  error.\n",
          &ErrOS)) {
    const char *Sub = CheckCmd     ? "check"
                      : InterpCmd  ? "interp"
                      : EmitCmd    ? "emit"
                      : CompileCmd ? "compile"
                                   : "";
    std::string M = llvm::StringRef(ParseErrors).trim().str();
    // cl's messages start with "dpc: " and end with its own hint.
    llvm::StringRef R(M);
    R.consume_front(llvm::StringRef(argv[0]).str() + ": ");
    R.consume_front("dpc: ");
    M = R.split('\n').first.split(".  Try:").first.str();
    // cl prints an option's bad value itself (on stderr, above)
    if (M.empty())
      M = "an option's value is not valid (see the line above)";
    if (llvm::StringRef(M).starts_with("Not enough positional"))
      M = "no recurrence given (FILE.dp or NAME)";
    return usage(Sub, M);
  }

  Frontend FE;
  FE.IslMaxOps = IslMaxOps;
  FE.ExactSums = ExactSums;
  if (CpuChunkBytes.getNumOccurrences() &&
      (CpuChunkBytes < 1024 || CpuChunkBytes > (1ul << 30)))
    return usage(EmitCmd ? "emit" : "compile",
                 "--cpu-chunk-bytes=" + llvm::Twine(CpuChunkBytes) +
                     " is out of range (1024 to 1073741824)");
  FE.CpuChunkBytes = static_cast<int64_t>(CpuChunkBytes);
  FE.SyntaxCheck = !NoSyntaxCheck;
  std::string Path;
  if (CheckCmd || InterpCmd || EmitCmd || CompileCmd) {
    std::string Err;
    if (!resolveRecurrence(InputFile, Path, Err)) {
      FE.Diags.error(Err);
      return ExitError;
    }
  }
  if (CheckCmd) {
    if (!FE.load(Path))
      return ExitError;
    llvm::outs() << Path << ": ok: " << FE.M->Tables.size()
                 << " table(s), " << FE.PM->statements().size()
                 << " statement(s); cases cover every domain, every read is "
                    "in bounds, dependences are well founded\n";
    return ExitOk;
  }
  if (InterpCmd) {
    InterpOptions O;
    // The values the generated programs take (runtime/dpc_driver.h).
    try {
      if (!Format.empty())
        dpc_rt::one_of(Format, "--format", dpc_rt::output_formats());
      if (!Events.empty())
        dpc_rt::one_of(Events, "--events", dpc_rt::event_modes());
      dpc_rt::parse_unknown(Unknown);
    } catch (const dpc_rt::InputError &E) {
      return usage("interp", E.what());
    }
    if (Json && !Format.empty() && Format != "json")
      return usage("interp", "--json and --format=" + Format + " disagree");
    O.Format = Json ? "json" : Format.empty() ? "text" : Format.getValue();
    O.Events = Events;
    O.Unknown = Unknown;
    O.Path = TracePath;
    if (!FE.load(Path))
      return ExitError;
    O.Inputs = std::vector<std::string>(Inputs.begin(), Inputs.end());
    O.Files = std::vector<std::string>(InterpFiles.begin(), InterpFiles.end());
    O.Sets = std::vector<std::string>(Sets.begin(), Sets.end());
    O.DumpTables = std::vector<std::string>(DumpTables.begin(), DumpTables.end());
    return runInterp(FE, O);
  }
  if (EmitCmd) {
    static const char *Stages[] = {"ast",     "domains", "deps",
                                   "schedule", "storage", "loops",
                                   "plan",    "openmp",  "cuda"};
    if (llvm::find(Stages, Stage.getValue()) == std::end(Stages))
      return usage("emit", "unknown stage '" + Stage +
                               "' (ast, domains, deps, schedule, storage, "
                               "loops, plan, openmp, cuda)");
    if (!FE.load(Path))
      return ExitError;
    return runEmit(FE, Stage);
  }
  if (CompileCmd) {
    if (OutDir.empty())
      return usage("compile", "missing '-o DIR'");
    if (!FE.load(Path))
      return ExitError;
    return runCompile(FE, OutDir, Force);
  }
  cl::PrintHelpMessage();
  return ExitUsage;
}
