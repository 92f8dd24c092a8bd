//===- RunCommand.cpp - `dpc run`, `dpc cache`, recurrences by name -------===//
//
//   dpc run [--cache-dir DIR] [--isl-max-ops N] [--exact-sums] [--verbose] [--rebuild]
//           FILE.dp|NAME [options of the generated binary...]
//   dpc cache clean|path [--cache-dir DIR]
//
// `dpc run` compiles the recurrence into a folder of the cache (keyed by the
// SHA-256 of the .dp text, dpc's version, a hash of the dpc executable and
// the compile options), builds it with the folder's own CMakeLists.txt
// (Ninja when found), then replaces itself with the binary, which gets the
// remaining options and whose exit status is the run's. A complete entry
// holds `.dpc-run-ok`, written last: a later run finds it and starts the
// binary at once, with no compiler, cmake or build step. A missing entry is
// built under a lock (`ENTRY.lock`, flock), so that concurrent runs of the
// same file build it once and never see half of it.
//
// Backend: the binary's `--backend` when given; else, when the build found
// nvcc, `--backend=auto` (the binary takes CUDA when a GPU answers as its
// CUDA context starts, else OpenMP: no second start to probe it), else the
// binary's default (OpenMP).
//
//===----------------------------------------------------------------------===//
#include "Driver/Commands.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <thread>
#include <unistd.h>

using namespace dpc;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

#ifndef DPC_VERSION
#define DPC_VERSION "unknown"
#endif
#ifndef DPC_RECURRENCES_DIR
#define DPC_RECURRENCES_DIR ""
#endif

std::string dpc::versionString() { return std::string("dpc ") + DPC_VERSION; }

//===-- recurrences by name -----------------------------------------------===//

static std::vector<std::string> recurrenceDirs() {
  std::vector<std::string> Dirs;
  if (const char *E = std::getenv("DPC_RECURRENCES")) {
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    llvm::StringRef(E).split(Parts, ':', -1, false);
    for (auto P : Parts)
      Dirs.push_back(P.str());
  }
  if (*DPC_RECURRENCES_DIR)
    Dirs.push_back(DPC_RECURRENCES_DIR);
  return Dirs;
}

bool dpc::resolveRecurrence(const std::string &Arg, std::string &Path,
                            std::string &Err) {
  if (Arg == "-" || fs::exists(Arg)) {
    Path = Arg;
    return true;
  }
  std::vector<std::string> Dirs = recurrenceDirs();
  llvm::StringRef Name(Arg);
  // A path (a/b.dp) names a file only.
  if (!Name.contains('/')) {
    std::string File = Name.ends_with(".dp") ? Arg : Arg + ".dp";
    for (auto &D : Dirs) {
      llvm::SmallString<256> P(D);
      path::append(P, File);
      if (fs::is_regular_file(P)) {
        Path = std::string(P);
        return true;
      }
    }
  }
  std::set<std::string> Known;
  for (auto &D : Dirs) {
    std::error_code EC;
    for (fs::directory_iterator It(D, EC), End; !EC && It != End;
         It.increment(EC))
      if (path::extension(It->path()) == ".dp")
        Known.insert(path::stem(It->path()).str());
  }
  Err = "cannot read '" + Arg + "': no such file";
  if (Name.contains('/'))
    return false;
  Err += ", and no recurrence named '" + Name.str() + "'";
  if (Dirs.empty()) {
    Err += " (no folder of recurrences: set DPC_RECURRENCES)";
    return false;
  }
  Err += " in " + llvm::join(Dirs, ", ");
  if (Known.empty())
    Err += " (none there)";
  else
    Err += "; known names: " + llvm::join(Known, ", ");
  return false;
}

//===-- the cache ---------------------------------------------------------===//

static std::string defaultCacheDir() {
  if (const char *X = std::getenv("XDG_CACHE_HOME"); X && *X)
    return std::string(X) + "/dpc";
  llvm::SmallString<256> Home;
  if (path::home_directory(Home))
    return std::string(Home) + "/.cache/dpc";
  return "";
}

/// Creates the cache folder, tagged (https://bford.info/cachedir/) so that
/// backup tools skip it and `dpc cache clean` knows it is one.
static bool makeCacheDir(const std::string &Dir) {
  if (std::error_code EC = fs::create_directories(Dir)) {
    llvm::errs() << "dpc run: error: cannot create the cache folder '" << Dir
                 << "': " << EC.message() << "\n";
    return false;
  }
  std::string Tag = Dir + "/CACHEDIR.TAG";
  if (!fs::exists(Tag)) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Tag, EC);
    if (!EC)
      OS << "Signature: 8a477f597d28d172789f06886806bc55\n"
            "# This file is a cache directory tag created by dpc (dpc run).\n"
            "# `dpc cache clean` empties it.\n";
  }
  return true;
}

/// The hash of the running dpc executable: a rebuilt dpc never reuses what
/// an older one compiled, even at the same version.
static std::string executableHash(const char *Argv0) {
  static int Anchor;
  std::string Exe = fs::getMainExecutable(Argv0, &Anchor);
  auto Buf = llvm::MemoryBuffer::getFile(Exe, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Buf)
    return "?";
  return llvm::utohexstr(llvm::xxh3_64bits(
      llvm::arrayRefFromStringRef((*Buf)->getBuffer())));
}

/// An entry name keeps the file's stem readable: letters, digits, _ and -.
static std::string entryStem(llvm::StringRef File) {
  std::string S = path::stem(File).str();
  for (char &C : S)
    if (!llvm::isAlnum(C) && C != '_' && C != '-')
      C = '_';
  return S.empty() ? "recurrence" : S;
}

static bool isEntryName(llvm::StringRef N) {
  // STEM-<16 hex digits>, optionally .lock
  N.consume_back(".lock");
  size_t Dash = N.rfind('-');
  if (Dash == llvm::StringRef::npos || N.size() - Dash - 1 != 16)
    return false;
  return llvm::all_of(N.substr(Dash + 1), llvm::isHexDigit);
}

//===-- running programs --------------------------------------------------===//

static std::string findProgram(std::initializer_list<const char *> Names) {
  for (const char *N : Names)
    if (auto P = llvm::sys::findProgramByName(N))
      return *P;
  return "";
}

/// Runs Args (Args[0] the program) with stdout and stderr into Log; the
/// exit status, or -1 if it could not run (ErrMsg).
static int runLogged(const std::vector<std::string> &Args,
                     const std::string &Log, std::string &ErrMsg) {
  std::vector<llvm::StringRef> A(Args.begin(), Args.end());
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""),
                                                llvm::StringRef(Log),
                                                llvm::StringRef(Log)};
  bool Failed = false;
  int RC = llvm::sys::ExecuteAndWait(Args[0], A, std::nullopt, Redirects, 0, 0,
                                     &ErrMsg, &Failed);
  return Failed ? -1 : RC;
}

/// What a failed step's log shows first: from the first error (a FAILED
/// ninja edge, a compiler's "error:", a CMake Error) at most Lines lines,
/// else its last Lines lines.
static std::string excerptOf(const std::string &Path, size_t Lines) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return "";
  llvm::SmallVector<llvm::StringRef, 0> L;
  (*Buf)->getBuffer().rtrim().split(L, '\n');
  size_t First = L.size() > Lines ? L.size() - Lines : 0;
  for (size_t I = 0; I < L.size(); ++I)
    if (L[I].starts_with("FAILED:") || L[I].contains("error:") ||
        L[I].starts_with("CMake Error")) {
      First = I;
      break;
    }
  size_t Last = std::min(L.size(), First + Lines);
  std::string R;
  for (size_t I = First; I < Last; ++I)
    R += L[I].str() + "\n";
  if (Last < L.size())
    R += "... (" + std::to_string(L.size() - Last) + " more lines in the log)\n";
  return R;
}

static bool writeAtomically(const std::string &Path, const std::string &Text) {
  std::string Tmp = Path + ".tmp" + std::to_string(::getpid());
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Tmp, EC);
    if (EC)
      return false;
    OS << Text;
    OS.close();
    if (OS.has_error())
      return false;
  }
  return !fs::rename(Tmp, Path);
}

namespace {
/// What `.dpc-run-ok` records about a complete entry.
struct Entry {
  std::string Dir, Binary;
  bool HasCuda = false;
  bool read() {
    auto Buf = llvm::MemoryBuffer::getFile(Dir + "/.dpc-run-ok");
    if (!Buf)
      return false;
    llvm::SmallVector<llvm::StringRef, 4> Lines;
    (*Buf)->getBuffer().split(Lines, '\n', -1, false);
    Binary.clear();
    for (auto L : Lines) {
      if (L.consume_front("binary="))
        Binary = Dir + "/" + L.str();
      else if (L.consume_front("cuda="))
        HasCuda = L == "1";
    }
    return !Binary.empty() && fs::can_execute(Binary);
  }
};

struct RunArgs {
  std::string CacheDir, File;
  unsigned long IslMaxOps = DefaultIslMaxOps;
  bool Verbose = false, Rebuild = false, BackendGiven = false;
  bool ExactSums = false;
  std::vector<std::string> Pass; // to the binary
};
} // namespace

static void runHelp(llvm::raw_ostream &OS) {
  OS << R"(USAGE: dpc run [options] FILE.dp|NAME [options of the generated program]

Compiles the recurrence (FILE.dp, or NAME: recurrences/NAME.dp, see below),
builds it with CMake into the cache and runs it; the options after the file
go to the generated program (--in NAME=VALUE, FASTA files, --json,
--traceback, --verify, --backend=serial|openmp|cuda, ...: `dpc run FILE
--help` lists them) and its exit status is dpc's. A later run of the same
text with the same dpc starts the built program at once.

The backend is CUDA when nvcc was found when building and the program sees
a GPU, else OpenMP; --backend=... after the file overrides it.

OPTIONS (before the file; --cache-dir and --isl-max-ops also after it):
  --cache-dir DIR    the cache (default: $XDG_CACHE_HOME/dpc, else ~/.cache/dpc)
  --isl-max-ops N    isl operation budget of the compilation (0: none)
  --exact-sums       keep every floating-point sum in the written order
                     (no tile products for sums: the interpreter's bits)
  --rebuild          compile and build again even if the cache has it
  -v, --verbose      say which cache entry and backend are used
  -h, --help         this help

NAME: when FILE is not a file, NAME.dp is looked for in the folders of
$DPC_RECURRENCES (':' separated), then in dpc's recurrences/ folder.

Exit status: the program's (0 ok, 1 an input or program error, 2 a usage
error); 1 when compiling or building fails (the message and the folder to
inspect are printed), 2 for a usage error of dpc run itself.
)";
}

/// --opt VALUE or --opt=VALUE at Args[I]; advances I past the value.
static bool takeValue(const std::vector<std::string> &Args, size_t &I,
                      llvm::StringRef Flag, std::string &Out, bool &Missing) {
  llvm::StringRef A = Args[I];
  if (A == Flag) {
    if (I + 1 >= Args.size()) {
      Missing = true;
      return true;
    }
    Out = Args[++I];
    return true;
  }
  if (A.starts_with(Flag) && A.size() > Flag.size() && A[Flag.size()] == '=') {
    Out = A.substr(Flag.size() + 1).str();
    return true;
  }
  return false;
}

static int usageError(const std::string &Msg) {
  llvm::errs() << "dpc run: error: " << Msg
               << "\nusage: dpc run [options] FILE.dp|NAME [program options] "
                  "(dpc run --help)\n";
  return ExitUsage;
}

/// Compiles, configures and builds entry E from the .dp at Path. False
/// after printing what failed and where to look.
static bool buildEntry(Entry &E, const std::string &Path, const RunArgs &RA) {
  (void)fs::remove_directories(E.Dir); // an interrupted or failed build
  llvm::errs() << "dpc run: compiling and building " << Path << " in "
               << E.Dir << " (once; later runs start at once)\n";
  Frontend FE;
  FE.IslMaxOps = RA.IslMaxOps;
  FE.ExactSums = RA.ExactSums;
  if (!FE.load(Path) || !writeFolder(FE, E.Dir)) {
    (void)fs::remove_directories(E.Dir);
    return false;
  }
  const std::string &Name = FE.M->Name;
  std::string CMake = findProgram({"cmake"});
  if (CMake.empty()) {
    llvm::errs() << "dpc run: error: cmake is not on PATH; the generated "
                    "folder is "
                 << E.Dir << "\n";
    return false;
  }
  std::string Ninja = findProgram({"ninja", "ninja-build"});
  std::vector<std::string> Configure = {CMake, "-S", E.Dir, "-B",
                                        E.Dir + "/build",
                                        "-DCMAKE_BUILD_TYPE=Release"};
  if (!Ninja.empty()) {
    Configure.push_back("-G");
    Configure.push_back("Ninja");
    Configure.push_back("-DCMAKE_MAKE_PROGRAM=" + Ninja);
  }
  unsigned Jobs = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::string> Build = {CMake, "--build", E.Dir + "/build",
                                    "--parallel", std::to_string(Jobs)};
  struct Step {
    const char *What;
    std::vector<std::string> *Args;
    std::string Log;
  } Steps[] = {{"configuring (cmake)", &Configure, E.Dir + "/configure.log"},
               {"building", &Build, E.Dir + "/build.log"}};
  for (auto &S : Steps) {
    if (RA.Verbose)
      llvm::errs() << "dpc run: " << llvm::join(*S.Args, " ") << "\n";
    std::string Err;
    int RC = runLogged(*S.Args, S.Log, Err);
    if (RC != 0) {
      llvm::errs() << excerptOf(S.Log, 40) << "dpc run: error: " << S.What
                   << " the generated program failed"
                   << (RC < 0 ? " (" + Err + ")" : "") << "; the log is "
                   << S.Log << ", the folder to inspect " << E.Dir << "\n";
      return false;
    }
  }
  // Did the folder's CMake find nvcc?
  bool Cuda = false;
  if (auto Cache = llvm::MemoryBuffer::getFile(E.Dir + "/build/CMakeCache.txt")) {
    llvm::SmallVector<llvm::StringRef, 0> Lines;
    (*Cache)->getBuffer().split(Lines, '\n');
    for (auto L : Lines)
      if (L.consume_front("CMAKE_CUDA_COMPILER:")) {
        llvm::StringRef V = L.split('=').second.trim();
        Cuda = !V.empty() && !V.ends_with("NOTFOUND");
      }
  }
  if (!writeAtomically(E.Dir + "/.dpc-run-ok",
                       "binary=build/" + Name + "\ncuda=" + (Cuda ? "1" : "0") +
                           "\n") ||
      !E.read()) {
    llvm::errs() << "dpc run: error: the build of " << E.Dir
                 << " gave no program build/" << Name << "\n";
    return false;
  }
  return true;
}

int dpc::runRun(const std::vector<std::string> &Args, const char *Argv0) {
  RunArgs RA;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    std::string V;
    bool Missing = false;
    if (takeValue(Args, I, "--cache-dir", RA.CacheDir, Missing) ||
        takeValue(Args, I, "--isl-max-ops", V, Missing)) {
      if (Missing)
        return usageError(A.str() + " needs a value");
      if (!V.empty() && !llvm::to_integer(V, RA.IslMaxOps))
        return usageError("--isl-max-ops needs a number, not '" + V + "'");
      continue;
    }
    if (!RA.File.empty()) {
      RA.Pass.push_back(A.str());
      RA.BackendGiven |= A == "--backend" || A.starts_with("--backend=");
      continue;
    }
    if (A == "-h" || A == "--help") {
      runHelp(llvm::outs());
      return ExitOk;
    }
    if (A == "-v" || A == "--verbose")
      RA.Verbose = true;
    else if (A == "--rebuild")
      RA.Rebuild = true;
    else if (A == "--exact-sums")
      RA.ExactSums = true;
    else if (A.starts_with("-") && A != "-")
      return usageError("unknown option '" + A.str() +
                        "' (the generated program's options come after the "
                        "file)");
    else
      RA.File = A.str();
  }
  if (RA.File.empty())
    return usageError("no recurrence given");
  if (RA.File == "-")
    return usageError("dpc run compiles a file or a NAME, not standard input "
                      "(save it first)");

  std::string Path, Err;
  if (!resolveRecurrence(RA.File, Path, Err)) {
    llvm::errs() << "dpc run: error: " << Err << "\n";
    return ExitError;
  }
  auto Text = llvm::MemoryBuffer::getFile(Path);
  if (!Text) {
    llvm::errs() << "dpc run: error: cannot read '" << Path
                 << "': " << Text.getError().message() << "\n";
    return ExitError;
  }
  if (RA.CacheDir.empty())
    RA.CacheDir = defaultCacheDir();
  if (RA.CacheDir.empty()) {
    llvm::errs() << "dpc run: error: no cache folder (neither XDG_CACHE_HOME "
                    "nor a home folder); give --cache-dir DIR\n";
    return ExitError;
  }
  if (!makeCacheDir(RA.CacheDir))
    return ExitError;

  // The key: everything the generated folder depends on.
  llvm::SHA256 H;
  H.update("dpc run entry 1\n");
  H.update(versionString() + "\n" + executableHash(Argv0) + "\n");
  H.update("isl-max-ops=" + std::to_string(RA.IslMaxOps) + "\n");
  if (RA.ExactSums)
    H.update("exact-sums\n");
  H.update((*Text)->getBuffer());
  std::array<uint8_t, 32> Digest = H.final();
  std::string Key = llvm::toHex(llvm::ArrayRef(Digest).take_front(8), true);
  std::string Name = entryStem(Path) + "-" + Key;
  Entry E;
  E.Dir = RA.CacheDir + "/" + Name;

  if (RA.Rebuild || !E.read()) {
    // Built under the entry's lock: a concurrent run of the same file waits
    // here, then finds the entry complete.
    std::string LockPath = RA.CacheDir + "/" + Name + ".lock";
    int FD = -1;
    if (std::error_code EC = fs::openFileForReadWrite(
            LockPath, FD, fs::CD_OpenAlways, fs::OF_None)) {
      llvm::errs() << "dpc run: error: cannot open '" << LockPath
                   << "': " << EC.message() << "\n";
      return ExitError;
    }
    if (fs::tryLockFile(FD, std::chrono::milliseconds(0))) {
      llvm::errs() << "dpc run: waiting for another dpc run building "
                   << E.Dir << "\n";
      (void)fs::lockFile(FD);
    }
    bool OK = (!RA.Rebuild && E.read()) || buildEntry(E, Path, RA);
    (void)fs::unlockFile(FD);
    ::close(FD);
    if (!OK)
      return ExitError;
  } else if (RA.Verbose) {
    llvm::errs() << "dpc run: cached: " << E.Dir << "\n";
  }

  std::vector<std::string> Argv = {"dpc run " + RA.File};
  if (!RA.BackendGiven && E.HasCuda) {
    Argv.push_back("--backend=auto");
    if (RA.Verbose)
      llvm::errs() << "dpc run: backend auto (cuda if a GPU answers, else "
                      "openmp)\n";
  } else if (RA.Verbose && !RA.BackendGiven) {
    llvm::errs() << "dpc run: backend openmp (built without nvcc)\n";
  }
  Argv.insert(Argv.end(), RA.Pass.begin(), RA.Pass.end());
  std::vector<char *> P;
  for (auto &S : Argv)
    P.push_back(S.data());
  P.push_back(nullptr);
  llvm::outs().flush();
  llvm::errs().flush();
  ::execv(E.Binary.c_str(), P.data());
  llvm::errs() << "dpc run: error: cannot run '" << E.Binary
               << "': " << std::strerror(errno) << "\n";
  return ExitError;
}

//===-- dpc cache ---------------------------------------------------------===//

static void cacheHelp(llvm::raw_ostream &OS) {
  OS << R"(USAGE: dpc cache clean|path [--cache-dir DIR]

  clean   remove every entry of the cache (the programs `dpc run` built)
  path    print the cache folder

OPTIONS:
  --cache-dir DIR    the cache (default: $XDG_CACHE_HOME/dpc, else ~/.cache/dpc)
  -h, --help         this help
)";
}

int dpc::runCache(const std::vector<std::string> &Args) {
  std::string Action, Dir;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    bool Missing = false;
    if (takeValue(Args, I, "--cache-dir", Dir, Missing)) {
      if (Missing) {
        llvm::errs() << "dpc cache: error: --cache-dir needs a value\n";
        return ExitUsage;
      }
    } else if (A == "-h" || A == "--help") {
      cacheHelp(llvm::outs());
      return ExitOk;
    } else if (Action.empty() && (A == "clean" || A == "path")) {
      Action = A.str();
    } else {
      llvm::errs() << "dpc cache: error: unexpected '" << A
                   << "'\nusage: dpc cache clean|path [--cache-dir DIR] (dpc "
                      "cache --help)\n";
      return ExitUsage;
    }
  }
  if (Action.empty()) {
    llvm::errs() << "dpc cache: error: clean or path?\nusage: dpc cache "
                    "clean|path [--cache-dir DIR] (dpc cache --help)\n";
    return ExitUsage;
  }
  if (Dir.empty())
    Dir = defaultCacheDir();
  if (Dir.empty()) {
    llvm::errs() << "dpc cache: error: no cache folder (neither "
                    "XDG_CACHE_HOME nor a home folder); give --cache-dir\n";
    return ExitError;
  }
  if (Action == "path") {
    llvm::outs() << Dir << "\n";
    return ExitOk;
  }
  if (!fs::exists(Dir)) {
    llvm::outs() << "dpc cache: " << Dir << " is empty\n";
    return ExitOk;
  }
  if (!fs::exists(Dir + "/CACHEDIR.TAG")) {
    llvm::errs() << "dpc cache: error: " << Dir
                 << " is not a dpc cache (no CACHEDIR.TAG); nothing removed\n";
    return ExitError;
  }
  // Only what dpc run made (STEM-KEY and STEM-KEY.lock); an entry being
  // built (its lock held) is left alone.
  unsigned Removed = 0, Busy = 0;
  std::error_code EC;
  std::vector<std::string> Names;
  for (fs::directory_iterator It(Dir, EC), End; !EC && It != End;
       It.increment(EC))
    if (isEntryName(path::filename(It->path())) &&
        !llvm::StringRef(It->path()).ends_with(".lock"))
      Names.push_back(It->path());
  for (auto &P : Names) {
    int FD = -1;
    std::string Lock = P + ".lock";
    bool Locked = false;
    if (!fs::openFileForReadWrite(Lock, FD, fs::CD_OpenAlways, fs::OF_None)) {
      if (fs::tryLockFile(FD, std::chrono::milliseconds(0))) {
        ::close(FD);
        ++Busy;
        continue;
      }
      Locked = true;
    }
    if (!fs::remove_directories(P))
      ++Removed;
    (void)fs::remove(Lock);
    if (Locked) {
      (void)fs::unlockFile(FD);
      ::close(FD);
    }
  }
  llvm::outs() << "dpc cache: removed " << Removed << " entr"
               << (Removed == 1 ? "y" : "ies") << " from " << Dir;
  if (Busy)
    llvm::outs() << " (" << Busy << " being built, left)";
  llvm::outs() << "\n";
  return ExitOk;
}
