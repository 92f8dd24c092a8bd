// dpc_driver.h - the command line, output and timing of a generated binary.
// Header-only C++17; copied into every generated folder.
//
//   NAME [--in NAME=VALUE ...] [FASTA files...]
//        [--backend=serial|openmp|cuda|auto]
//        [--threads N] [--device N|N,M|all] [--format=F] [--json]
//        [--events=none|summary|all] [--traceback] [--verify] [--explain]
//        [--timing] [--set NAME=V] [--dump-table T] [--memory-budget B]
//        [--strict] [--quiet] [--backends]
//
// Output formats (--format; print_header, print_result): text (RNAfold's
// layout: `>name`, the sequence, `STRUCTURE (SCORE)`; or `NAME: CELL =
// VALUE` and the events), json (one object per problem), tsv (a header
// line, then one line per problem), ct and bpseq (the RNA connectivity
// table and base-pair formats; only for a recurrence whose traceback gives
// a base-pair structure over one sequence). `dpc interp` prints the same
// formats with the same functions.
//
// Exit status: 0 ok, 1 an input or program error, 2 a usage error (an
// unknown option, a missing or bad option value: UsageError).
//
// Many problems (a FASTA file of many records) run as batches: consecutive
// problems whose tables fit the memory budget are computed together (on
// the GPU, all in one set of launches; on CPU threads, one problem per
// thread, large ones tile-parallel: plan_cpu_batch) and their results are
// printed in input order.
#ifndef DPC_DRIVER_H
#define DPC_DRIVER_H

#include "dpc_io.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <new>
#include <pthread.h>
#include <unistd.h>
#include <charconv>
#include <string>
#include <vector>

namespace dpc_rt {

struct Options {
  std::vector<std::string> Inputs, Sets, Files, DumpTables;
  std::string Backend = "openmp";
  int Threads = 0; // 0: all cores
  int Device = 0;            // the first of Devices
  std::vector<int> Devices{0}; // --device N, N,M,... or all ({-1})
  /// text, json, tsv, ct or bpseq (--format; --json is --format=json).
  std::string Format = "text";
  /// none, summary or all (--events); "" until given: then the format's
  /// default (events_mode).
  std::string Events;
  bool Traceback = false, Verify = false, Timing = false;
  /// Print the plan for the sizes of the input(s) and exit (--explain).
  bool Explain = false;
  /// Bytes of tables a batch may hold (0: from the free device memory and
  /// the available host memory).
  double MemoryBudget = 0;
  /// A bad record stops the run before anything is computed (else it is
  /// reported and skipped, and the exit status is 1).
  bool Strict = false;
  /// No progress line on stderr (nor the notes of --unknown).
  bool Quiet = false;
  /// Letters not in an input's alphabet (--unknown=error|skip|as=X).
  UnknownLetters Unknown;
  /// Print the backends that can run here and exit (`dpc run` asks).
  bool ListBackends = false;
  /// GPU runs: trace back on the host from the tables, not on the device
  /// (lir::GpuTraceback), and the records each problem's device walk may
  /// hold (0: from its input lengths; past them it is traced on the host).
  bool HostTraceback = false;
  int64_t TraceRecords = 0;
  /// GPU runs: the int64 instance of every kernel that has an int32 one
  /// (GpuKernel::Narrow), whatever the sizes (to check the two agree).
  bool WideIndices = false;
  /// --progress[=S]: every problem says its estimate before it runs and
  /// how far it is every S seconds (on stderr; -1: only problems predicted
  /// to take over 5 s, and their progress only on a terminal).
  double ProgressEvery = -1;
  /// Report where the traceback went (PathBox): a traceback on the host.
  bool Path = false;
  /// A traced run keeps the tables that allow it as rows and traces back
  /// from checkpointed rows (recomputed) at any size, not only where the
  /// whole tables exceed the memory budget (--checkpoint-rows).
  bool CheckpointRows = false;
  bool json() const { return Format == "json"; }
  /// Which events a result lists: --events, else the format's default:
  /// text lists them only with --traceback (and then, for a recurrence
  /// with a structure, shows the structure instead), json all, tsv all
  /// unless it has a structure column, ct and bpseq none.
  std::string events_mode(bool HasStructure) const {
    if (!Events.empty())
      return Events;
    if (Format == "text")
      return Traceback ? "all" : "none";
    if (Format == "tsv")
      return HasStructure ? "none" : "all";
    return Format == "json" ? "all" : "none";
  }
  /// Whether the results are traced back (and so show the structure, when
  /// the recurrence has one): with --traceback; never with --events=none
  /// for a recurrence without a structure (nothing the traceback finds is
  /// printed, in any format); else always for json, tsv, ct and bpseq; in
  /// text, with --events=summary|all, and by default when the recurrence
  /// has a structure (as `dpc interp` prints it). Without a traceback only
  /// the output cell is needed: on a GPU no table comes back, and tables
  /// that allow it keep two rolling rows (Params::dpc_ring).
  bool needs_traceback(bool HasStructure) const {
    if (Traceback || Path)
      return true;
    if (Events == "none" && !HasStructure)
      return false;
    if (Format != "text")
      return true;
    if (!Events.empty())
      return Events != "none";
    return HasStructure;
  }
};

/// The values --format and --events take.
inline const std::vector<std::string> &output_formats() {
  static const std::vector<std::string> F = {"text", "json", "tsv", "ct",
                                             "bpseq"};
  return F;
}
inline const std::vector<std::string> &event_modes() {
  static const std::vector<std::string> E = {"none", "summary", "all"};
  return E;
}

/// A bad command line (exit status 2).
struct UsageError : InputError {
  explicit UsageError(const std::string &M) : InputError(M) {}
};

/// V if it is one of Allowed, else an error naming Flag and the values
/// it takes (--format, --events; also dpc interp's).
inline std::string one_of(const std::string &V, const char *Flag,
                          const std::vector<std::string> &Allowed) {
  std::string L;
  for (auto &X : Allowed) {
    if (X == V)
      return V;
    L += (L.empty() ? "" : ", ") + X;
  }
  throw InputError(std::string(Flag) + ": unknown value '" + printable(V) +
                   "' (expected one of " + L + ")");
}

/// "512M", "2G", "1000000": bytes (K, M, G, T: powers of 1024).
inline double parse_bytes(const std::string &S, const std::string &What) {
  if (S.empty())
    throw InputError(What + " needs a value");
  double Mul = 1;
  std::string Num = S;
  switch (std::toupper(static_cast<unsigned char>(S.back()))) {
  case 'K': Mul = 1024.0; break;
  case 'M': Mul = 1024.0 * 1024; break;
  case 'G': Mul = 1024.0 * 1024 * 1024; break;
  case 'T': Mul = 1024.0 * 1024 * 1024 * 1024; break;
  default: break;
  }
  if (Mul != 1)
    Num.pop_back();
  int64_t V = parse_int(Num, What);
  if (V <= 0)
    throw InputError(What + " must be positive, not '" + S + "'");
  return static_cast<double>(V) * Mul;
}

inline void usage(const char *Name, FILE *To) {
  std::fprintf(To,
               "usage: %s [--in NAME=VALUE ...] [FASTA files...]\n"
               "          [--backend=serial|openmp|cuda|auto] [--threads N] "
               "[--device N|N,M|all]\n"
               "          [--format=text|json|tsv|ct|bpseq] [--json] "
               "[--events=none|summary|all]\n"
               "          [--traceback] [--verify] [--explain] [--timing]\n"
               "          [--set NAME=V] [--dump-table T] [--memory-budget B] "
               "[--strict] [--quiet]\n"
               "          [--unknown=error|skip|as=X] [--host-traceback] "
               "[--trace-records N]\n"
               "          [--progress[=S]] [--path] [--checkpoint-rows] "
               "[--wide-indices]\n"
               "  VALUE is a sequence (ACGU...), a comma list for int inputs, "
               "or @file.\n"
               "  --unknown: a letter not in its input's alphabet (N, IUPAC "
               "codes, X, a final *)\n"
               "  is an error (the default), left out (skip) or read as the "
               "letter X (as=X);\n"
               "  skip and as=X say on stderr how many letters they changed "
               "(not with --quiet).\n"
               "  --verify recomputes with the untiled reference code and "
               "compares every table.\n"
               "  --format: text (like RNAfold; the default), json (one object "
               "per problem; --json\n"
               "  is the same), tsv (a header line, then one line per problem: "
               "name, params,\n"
               "  output, structure or events), ct and bpseq (RNA base-pair "
               "formats, for a\n"
               "  recurrence whose traceback pairs bases of one sequence). "
               "FASTA record names\n"
               "  appear in every format.\n"
               "  --events: none, summary (a count per event kind) or all "
               "(default: all for json,\n"
               "  and tsv without a structure column; none for ct and bpseq; "
               "for text, all with\n"
               "  --traceback, else none).\n"
               "  --traceback traces back every result (text: the structure, "
               "or the events).\n"
               "  Text shows the structure of a recurrence that has one "
               "unless --events=none\n"
               "  (the output cell only, no traceback: fastest).\n"
               "  --explain prints the plan (groups, kernels and why, tiles, "
               "storage, bytes and\n"
               "  cells for the sizes of the first problem) and exits "
               "without computing.\n"
               "  Many problems (FASTA files of many records) run in batches: "
               "the problems of a\n"
               "  batch are computed together (GPU: one set of launches for "
               "all; CPU: one\n"
               "  problem per thread, large ones over all threads); results "
               "come in input order.\n"
               "  --memory-budget B (bytes, or 512M, 4G) bounds the tables of "
               "one batch (default:\n"
               "  90%% of the free device memory, half the available host "
               "memory).\n"
               "  A bad record is reported with its name and line and skipped "
               "(exit status 1);\n"
               "  --strict stops before computing anything instead.\n"
               "  --device all (or a list) spreads the batches over several "
               "GPUs, one host thread\n"
               "  each; a GPU listed twice runs two batches at a time (one's "
               "copies overlap the\n"
               "  other's compute).\n"
               "  --timing prints each problem's time (its batch's, in a "
               "batch) and a summary\n"
               "  line on stderr. Runs over 2 s show a progress line on stderr "
               "when it is a\n"
               "  terminal; --quiet turns it off.\n"
               "  A problem predicted to take over 5 s (its work counted from "
               "the plan, at\n"
               "  nominal rates) first prints that estimate on stderr, then, "
               "on a terminal, how\n"
               "  far its computation is; --progress[=S] does both for every "
               "problem, every S\n"
               "  seconds (default 1), also when stderr is not a terminal.\n"
               "  --path traces back and says where the traceback went: the "
               "lowest and highest\n"
               "  index of each dimension over the cells it visited in the "
               "tables of the most\n"
               "  dimensions (an alignment's first and last cell): text "
               "`path: H[i,j] .. H[k,l]`,\n"
               "  json \"path\", a tsv column (traced on the host, also on "
               "a GPU).\n"
               "  On a GPU the traceback runs on the device where the plan "
               "says so (exact\n"
               "  integer equations): only events cross PCIe. --host-traceback "
               "brings the\n"
               "  tables back and traces on the host instead; --trace-records N "
               "bounds a\n"
               "  problem's device walk (default: from its input lengths; a "
               "problem past it is\n"
               "  traced on the host).\n"
               "  A traced problem whose whole tables exceed the memory budget "
               "keeps the tables\n"
               "  that allow it as rows (`dpc emit --stage=storage`: traced "
               "runs) and traces\n"
               "  back on the host, recomputing the rows it reads from "
               "checkpointed rows\n"
               "  (about 2 * sqrt(rows) rows each); --checkpoint-rows does so "
               "at any size.\n"
               "  --wide-indices: GPU kernels with an int32 index instance run "
               "their int64 one\n"
               "  at every size (`--explain` says which each takes).\n"
               "  --backend=auto: cuda when a GPU answers, else openmp (the "
               "default: openmp).\n"
               "  --backends prints the backends that can run here (cuda only "
               "when a GPU is\n"
               "  usable), one per line, and exits.\n"
               "  Exit status: 0 ok, 1 an input or program error, 2 a usage "
               "error.\n",
               Name);
}

inline Options parse_options(int argc, char **argv,
                             const std::vector<std::string> &Backends) {
  Options O;
  auto Value = [&](int &I, const char *Flag) -> std::string {
    std::string A = argv[I];
    size_t L = std::strlen(Flag);
    if (A.size() > L && A[L] == '=')
      return A.substr(L + 1);
    if (I + 1 >= argc)
      throw InputError(std::string(Flag) + " needs a value");
    return argv[++I];
  };
  auto Is = [&](const std::string &A, const char *Flag) {
    size_t L = std::strlen(Flag);
    return A == Flag || (A.compare(0, L, Flag) == 0 && A.size() > L && A[L] == '=');
  };
  for (int I = 1; I < argc; ++I) {
    std::string A = argv[I];
    if (A == "-h" || A == "--help") {
      usage(argv[0], stdout);
      std::exit(0);
    } else if (Is(A, "--in")) {
      O.Inputs.push_back(Value(I, "--in"));
    } else if (Is(A, "--set")) {
      O.Sets.push_back(Value(I, "--set"));
    } else if (Is(A, "--dump-table")) {
      O.DumpTables.push_back(Value(I, "--dump-table"));
    } else if (Is(A, "--backend")) {
      O.Backend = Value(I, "--backend");
      bool Known = O.Backend == "auto"; // cuda if a GPU answers, else openmp
      for (auto &B : Backends)
        Known |= B == O.Backend;
      if (!Known) {
        std::string L;
        for (auto &B : Backends)
          L += (L.empty() ? "" : ", ") + B;
        throw InputError("unknown backend '" + O.Backend +
                         "' (this binary has: " + L + "; or auto)");
      }
    } else if (Is(A, "--threads")) {
      int64_t T = parse_int(Value(I, "--threads"), "--threads");
      if (T < 1 || T > 4096)
        throw InputError("--threads must be between 1 and 4096");
      O.Threads = static_cast<int>(T);
    } else if (Is(A, "--device")) {
      std::string V = Value(I, "--device");
      O.Devices.clear();
      if (V == "all") {
        O.Devices.push_back(-1);
      } else {
        for (int64_t D : parse_int_list(V, "--device")) {
          if (D < 0 || D > 1024)
            throw InputError("--device: " + std::to_string(D) +
                             " is not a device number (0, 1, ...)");
          O.Devices.push_back(static_cast<int>(D));
        }
        if (O.Devices.empty())
          throw InputError("--device needs a device number, a list or 'all'");
      }
      O.Device = O.Devices[0] < 0 ? 0 : O.Devices[0];
    } else if (A == "--json") {
      O.Format = "json";
    } else if (Is(A, "--format")) {
      O.Format = one_of(Value(I, "--format"), "--format", output_formats());
    } else if (Is(A, "--events")) {
      O.Events = one_of(Value(I, "--events"), "--events", event_modes());
    } else if (A == "--explain") {
      O.Explain = true;
    } else if (A == "--traceback") {
      O.Traceback = true;
    } else if (A == "--verify") {
      O.Verify = true;
    } else if (A == "--timing") {
      O.Timing = true;
    } else if (Is(A, "--memory-budget")) {
      O.MemoryBudget = parse_bytes(Value(I, "--memory-budget"), "--memory-budget");
    } else if (Is(A, "--unknown")) {
      O.Unknown = parse_unknown(Value(I, "--unknown"));
    } else if (A == "--strict") {
      O.Strict = true;
    } else if (A == "--quiet") {
      O.Quiet = true;
    } else if (A == "--path") {
      O.Path = true;
    } else if (A == "--checkpoint-rows") {
      O.CheckpointRows = true;
    } else if (A == "--progress") {
      O.ProgressEvery = 1.0;
    } else if (A.rfind("--progress=", 0) == 0) {
      const std::string V = A.substr(11);
      char *End = nullptr;
      const double S = std::strtod(V.c_str(), &End);
      if (V.empty() || *End || !(S >= 0) || S > 1e6)
        throw InputError("--progress=" + V +
                         ": expected a number of seconds between 0 and 1e6");
      O.ProgressEvery = S;
    } else if (A == "--backends") {
      O.ListBackends = true;
    } else if (A == "--host-traceback") {
      O.HostTraceback = true;
    } else if (A == "--wide-indices") {
      O.WideIndices = true;
    } else if (Is(A, "--trace-records")) {
      O.TraceRecords = parse_int(Value(I, "--trace-records"), "--trace-records");
      if (O.TraceRecords < 1 || O.TraceRecords > (int64_t(1) << 32))
        throw InputError("--trace-records must be between 1 and 2^32");
    } else if (!A.empty() && A[0] == '-') {
      throw InputError("unknown option '" + A + "' (see --help)");
    } else {
      O.Files.push_back(A);
    }
  }
  return O;
}

/// The options of argv; a bad one throws UsageError.
inline Options parse_args(int argc, char **argv,
                          const std::vector<std::string> &Backends) {
  try {
    return parse_options(argc, argv, Backends);
  } catch (const InputError &E) {
    throw UsageError(E.what());
  }
}

struct Event {
  std::string Name;
  std::vector<int64_t> Args;
};

/// One output of a result: its name as the recurrence declares it (the
/// cell "C[0, N - 1]", "best" of `output best = ...`, or the expression as
/// written) and its value as text ("3", "-inf", "0.25").
struct OutputValue {
  std::string Name;
  std::string Text;
  bool IsNumber = true; // not "inf" / "-inf" (a JSON number)
  OutputValue() = default;
  OutputValue(std::string N, std::string T)
      : Name(std::move(N)), Text(std::move(T)),
        IsNumber(Text != "inf" && Text != "-inf") {}
};

/// Where a traceback went (--path): the lowest and highest value of each
/// index over the cells it visited in the recurrence's tables of the most
/// dimensions (for an alignment path, its first and last cell), and those
/// tables, in the order first visited.
struct PathBox {
  std::vector<std::string> Tables;
  std::vector<int64_t> Lo, Hi;
  void visit(const char *Table, const int64_t *Idx, size_t N) {
    if (Lo.empty()) {
      Lo.assign(Idx, Idx + N);
      Hi = Lo;
    } else {
      for (size_t D = 0; D < N && D < Lo.size(); ++D) {
        Lo[D] = std::min(Lo[D], Idx[D]);
        Hi[D] = std::max(Hi[D], Idx[D]);
      }
    }
    if (std::find(Tables.begin(), Tables.end(), Table) == Tables.end())
      Tables.push_back(Table);
  }
  void visit(const char *Table, std::initializer_list<int64_t> Idx) {
    visit(Table, Idx.begin(), Idx.size());
  }
  /// `H[2,0] .. H[10,9]` (tables joined with '/': `E/F/H[...]`).
  std::string text(const char *Sep = " .. ") const {
    std::string T;
    for (auto &N : Tables)
      T += (T.empty() ? "" : "/") + N;
    auto Cell = [&](const std::vector<int64_t> &X) {
      std::string C = T + "[";
      for (size_t D = 0; D < X.size(); ++D)
        C += (D ? "," : "") + std::to_string(X[D]);
      return C + "]";
    };
    return Lo.empty() ? std::string("none") : Cell(Lo) + Sep + Cell(Hi);
  }
};

/// The traceback's count of visited cells (dpc::TraceCellLimit) and, with
/// --path, the box of the cells it visited.
struct TraceCells {
  int64_t N = 0;
  PathBox *Box = nullptr;
  int64_t operator++() { return ++N; }
};

struct Result {
  std::string Recurrence;
  std::string Name;         // the FASTA record name(s) (problem_name), or ""
  std::vector<std::pair<std::string, int64_t>> Params; // sorted by name
  /// Every output, in declaration order; the first is the one traced back
  /// (its value goes with the structure, ct's and bpseq's SCORE).
  std::vector<OutputValue> Outputs;
  bool Traced = false;
  std::vector<Event> Events;
  bool HasStructure = false;
  std::string Structure;    // dot-bracket
  std::vector<int64_t> Partners; // pair_partners: the same pairs, for ct/bpseq
  std::vector<std::string> Sequences; // for the RNAfold-style text output
  double Seconds = -1;
  bool HasPath = false; // --path: Path filled by the traceback
  PathBox Path;
};

/// Fills a traced result's structure from its `pair` events over the
/// sequence of length N (the same pairs in every format).
inline void set_structure(Result &R, size_t N) {
  std::vector<std::pair<int64_t, int64_t>> Pairs;
  for (auto &E : R.Events)
    if (E.Name == "pair" && E.Args.size() == 2)
      Pairs.push_back({E.Args[0], E.Args[1]});
  R.HasStructure = true;
  R.Structure = dot_bracket(N, Pairs);
  R.Partners = pair_partners(N, Pairs);
}

/// A --format that needs a base-pair structure (ct, bpseq) for a
/// recurrence without one is a usage error.
inline void check_format(const Options &O, bool HasStructure,
                         const std::string &Recurrence) {
  if ((O.Format == "ct" || O.Format == "bpseq") && !HasStructure)
    throw UsageError("--format=" + O.Format + ": recurrence '" + Recurrence +
                     "' gives no base-pair structure (that needs one rna "
                     "input and pair(i, j) events); use text, json or tsv");
}

/// The number of events of each kind, by name.
inline std::vector<std::pair<std::string, size_t>>
event_counts(const std::vector<Event> &Events) {
  std::vector<std::pair<std::string, size_t>> C;
  for (auto &E : Events) {
    auto It = std::find_if(C.begin(), C.end(),
                           [&](auto &X) { return X.first == E.Name; });
    if (It == C.end())
      C.push_back({E.Name, 1});
    else
      ++It->second;
  }
  std::sort(C.begin(), C.end());
  return C;
}

/// An event as `name(a, b)` (Sep between the arguments).
inline std::string event_text(const Event &E, const char *Sep) {
  std::string S = E.Name + "(";
  for (size_t I = 0; I < E.Args.size(); ++I)
    S += (I ? Sep : "") + std::to_string(E.Args[I]);
  return S + ")";
}

inline std::string json_string(const std::string &S) {
  std::string R = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      R += '\\', R += C;
    else if (static_cast<unsigned char>(C) < 0x20) {
      char B[8];
      std::snprintf(B, sizeof B, "\\u%04x", C);
      R += B;
    } else
      R += C;
  }
  return R + "\"";
}

/// One JSON object on one line, keys in sorted order (as `dpc interp`).
/// Events (Mode): all as arrays [name, args...], summary as an object of
/// counts, none: no key.
inline std::string result_json(const Result &R, bool Timing,
                               const std::string &Mode) {
  std::string S = "{";
  if (R.Traced && Mode == "all") {
    // (appended in place, each name escaped once: a batch's results may
    // hold millions of events)
    S += "\"events\":[";
    const std::string *Last = nullptr;
    std::string Quoted;
    char Num[24];
    for (size_t I = 0; I < R.Events.size(); ++I) {
      const Event &E = R.Events[I];
      if (!Last || *Last != E.Name)
        Quoted = json_string(E.Name);
      Last = &E.Name;
      S += I ? ",[" : "[";
      S += Quoted;
      for (int64_t A : E.Args) {
        S += ',';
        S.append(Num, std::to_chars(Num, Num + sizeof Num, A).ptr);
      }
      S += ']';
    }
    S += "],";
  } else if (R.Traced && Mode == "summary") {
    S += "\"events\":{";
    const auto C = event_counts(R.Events);
    for (size_t I = 0; I < C.size(); ++I)
      S += (I ? "," : "") + json_string(C[I].first) + ":" +
           std::to_string(C[I].second);
    S += "},";
  }
  if (!R.Name.empty())
    S += "\"name\":" + json_string(R.Name) + ",";
  auto Value = [](const OutputValue &O) {
    return O.IsNumber ? O.Text : json_string(O.Text);
  };
  S += "\"output\":" + Value(R.Outputs[0]) + ",";
  if (R.Outputs.size() > 1) {
    std::vector<const OutputValue *> ByName;
    for (auto &O : R.Outputs)
      ByName.push_back(&O);
    std::sort(ByName.begin(), ByName.end(),
              [](auto *A, auto *B) { return A->Name < B->Name; });
    S += "\"outputs\":{";
    for (size_t I = 0; I < ByName.size(); ++I)
      S += (I ? "," : "") + json_string(ByName[I]->Name) + ":" +
           Value(*ByName[I]);
    S += "},";
  }
  S += "\"params\":{";
  for (size_t I = 0; I < R.Params.size(); ++I)
    S += (I ? "," : "") + json_string(R.Params[I].first) + ":" +
         std::to_string(R.Params[I].second);
  S += "}";
  if (R.Traced && R.HasPath) {
    S += ",\"path\":{\"from\":[";
    for (size_t D = 0; D < R.Path.Lo.size(); ++D)
      S += (D ? "," : "") + std::to_string(R.Path.Lo[D]);
    S += "],\"tables\":[";
    for (size_t I = 0; I < R.Path.Tables.size(); ++I)
      S += (I ? "," : "") + json_string(R.Path.Tables[I]);
    S += "],\"to\":[";
    for (size_t D = 0; D < R.Path.Hi.size(); ++D)
      S += (D ? "," : "") + std::to_string(R.Path.Hi[D]);
    S += "]}";
  }
  S += ",\"recurrence\":" + json_string(R.Recurrence);
  if (Timing) {
    char B[64];
    std::snprintf(B, sizeof B, "%.6f", R.Seconds);
    S += std::string(",\"seconds\":") + B;
  }
  if (R.Traced && R.HasStructure)
    S += ",\"structure\":" + json_string(R.Structure);
  return S + "}";
}

/// The events of a result as one line (text: "events: ..."; tsv field):
/// every event, or the count of each kind (summary).
inline std::string events_line(const Result &R, const std::string &Mode,
                               bool Tsv) {
  std::string S;
  if (Mode == "summary") {
    for (auto &[Name, N] : event_counts(R.Events))
      S += (S.empty() ? "" : Tsv ? ";" : ", ") + Name +
           (Tsv ? "=" : " ") + std::to_string(N);
    return S;
  }
  for (auto &E : R.Events)
    S += (S.empty() ? "" : Tsv ? ";" : " ") + event_text(E, Tsv ? "," : ", ");
  return S;
}

/// What comes before the first result: tsv's header line (the columns:
/// name, the params (ParamNames, sorted), output (with several outputs, one
/// column per output, headed by its name: OutputNames), structure when
/// the recurrence has one, events unless --events=none, seconds with
/// --timing).
inline void print_header(const Options &O,
                         const std::vector<std::string> &ParamNames,
                         const std::vector<std::string> &OutputNames,
                         bool HasStructure) {
  if (O.Format != "tsv")
    return;
  std::string H = "name";
  for (auto &P : ParamNames)
    H += "\t" + P;
  if (OutputNames.size() == 1)
    H += "\toutput";
  else
    for (auto &N : OutputNames)
      H += "\t" + printable(N);
  if (HasStructure)
    H += "\tstructure";
  if (O.events_mode(HasStructure) != "none")
    H += "\tevents";
  if (O.Path)
    H += "\tpath";
  if (O.Timing)
    H += "\tseconds";
  std::printf("%s\n", H.c_str());
}

/// The title of a ct or bpseq record: the name, else the recurrence's.
inline std::string structure_title(const Result &R) {
  return printable(R.Name.empty() ? R.Recurrence : R.Name);
}

/// One result in the format of O. Names are printed as printable() text
/// (a hostile record name cannot reach a terminal raw), except in json,
/// which escapes them.
inline void print_result(const Result &R, const Options &O,
                         bool HasStructure) {
  const std::string Mode = O.events_mode(HasStructure);
  const std::string Seq = R.Sequences.empty() ? "" : R.Sequences[0];
  if (O.Format == "json") {
    std::printf("%s\n", result_json(R, O.Timing, Mode).c_str());
  } else if (O.Format == "tsv") {
    std::string L = printable(R.Name);
    for (auto &P : R.Params)
      L += "\t" + std::to_string(P.second);
    for (auto &Out : R.Outputs)
      L += "\t" + Out.Text;
    if (HasStructure)
      L += "\t" + R.Structure;
    if (Mode != "none")
      L += "\t" + events_line(R, Mode, true);
    if (O.Path)
      L += "\t" + (R.HasPath ? R.Path.text("..") : std::string("none"));
    if (O.Timing) {
      char B[64];
      std::snprintf(B, sizeof B, "\t%.6f", R.Seconds);
      L += B;
    }
    std::printf("%s\n", L.c_str());
  } else if (O.Format == "ct") {
    // The connectivity table (mfold, RNAstructure): a header line (the
    // length, then the title), then per base: its number, letter, the
    // previous and next numbers (0 past the ends), its partner (0:
    // unpaired) and its number again.
    const size_t N = R.Partners.size();
    std::printf("%5zu  SCORE = %s  %s\n", N, R.Outputs[0].Text.c_str(),
                structure_title(R).c_str());
    for (size_t I = 0; I < N; ++I)
      std::printf("%5zu %c %5zu %5zu %5lld %5zu\n", I + 1,
                  I < Seq.size() ? Seq[I] : 'N', I, I + 1 < N ? I + 2 : 0,
                  static_cast<long long>(R.Partners[I] + 1), I + 1);
  } else if (O.Format == "bpseq") {
    // BPSEQ: per base its number, letter and partner (0: unpaired), after a
    // comment line with the title and the score.
    const size_t N = R.Partners.size();
    std::printf("# %s  SCORE = %s\n", structure_title(R).c_str(),
                R.Outputs[0].Text.c_str());
    for (size_t I = 0; I < N; ++I)
      std::printf("%zu %c %lld\n", I + 1, I < Seq.size() ? Seq[I] : 'N',
                  static_cast<long long>(R.Partners[I] + 1));
  } else {
    if (!R.Name.empty())
      std::printf(">%s\n", printable(R.Name).c_str());
    // The structure with the first output's value, or `REC: NAME = VALUE`;
    // then the other outputs as the latter.
    const bool Struct = R.Traced && R.HasStructure;
    if (Struct) {
      for (auto &S : R.Sequences)
        std::printf("%s\n", S.c_str());
      std::printf("%s (%s)\n", R.Structure.c_str(), R.Outputs[0].Text.c_str());
    }
    for (size_t I = Struct ? 1 : 0; I < R.Outputs.size(); ++I)
      std::printf("%s: %s = %s\n", R.Recurrence.c_str(),
                  R.Outputs[I].Name.c_str(), R.Outputs[I].Text.c_str());
    // With a structure, the events only when --events asks for them.
    if (R.Traced && Mode != "none" && !R.Events.empty() &&
        (!Struct || !O.Events.empty()))
      std::printf("%s %s\n", Mode == "summary" ? "event counts:" : "events:",
                  events_line(R, Mode, false).c_str());
    if (R.Traced && R.HasPath)
      std::printf("path: %s\n", R.Path.text().c_str());
    if (O.Timing)
      std::printf("time: %.6f s\n", R.Seconds);
  }
}

/// Wall-clock timer.
struct Timer {
  std::chrono::steady_clock::time_point T0 = std::chrono::steady_clock::now();
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
        .count();
  }
};

/// Runs F(0), ..., F(N - 1) on up to Threads threads, each with a large
/// stack (tracebacks recurse as deep as the longest chain of cells), taking
/// the next index as they finish (dynamic). An exception stops its thread
/// and is rethrown here as an InputError.
template <typename Body>
void run_parallel_with_large_stack(size_t N, int Threads, Body Fn) {
  if (N == 0)
    return;
  size_t T = std::min<size_t>(N, static_cast<size_t>(std::max(1, Threads)));
  std::atomic<size_t> Next{0};
  std::vector<std::string> Errors(T);
  std::vector<std::function<void()>> Work(T);
  for (size_t W = 0; W < T; ++W)
    Work[W] = [&, W] {
      try {
        for (size_t I; (I = Next.fetch_add(1)) < N;)
          Fn(I);
      } catch (const std::exception &E) {
        Errors[W] = E.what();
        Next = N; // the others stop too
      }
    };
  struct Box {
    std::function<void()> *F;
  };
  std::vector<pthread_t> Ids(T);
  std::vector<bool> Started(T, false);
  std::vector<Box> Boxes(T);
  pthread_attr_t Attr;
  pthread_attr_init(&Attr);
  pthread_attr_setstacksize(&Attr, size_t(1) << 30);
  for (size_t W = 0; W < T; ++W) {
    Boxes[W].F = &Work[W];
    auto Run = [](void *A) -> void * {
      (*static_cast<Box *>(A)->F)();
      return nullptr;
    };
    Started[W] = pthread_create(&Ids[W], &Attr, Run, &Boxes[W]) == 0;
  }
  pthread_attr_destroy(&Attr);
  bool Any = false;
  for (size_t W = 0; W < T; ++W)
    if (Started[W]) {
      pthread_join(Ids[W], nullptr);
      Any = true;
    }
  if (!Any) // no thread could start: here, on this stack
    Work[0]();
  for (auto &E : Errors)
    if (!E.empty())
      throw InputError(E);
}

/// N zeroed elements of T (a table of the CPU path). From calloc: a large
/// block comes from fresh pages the kernel zeroes when first touched, so
/// the threads that compute the table fault its pages in, in parallel,
/// instead of one thread zeroing the whole table up front (std::vector's
/// value-initialisation: seconds for a table of gigabytes). (Huge pages
/// are not requested: where the kernel compacts memory for them on a
/// fault, the faults got slower, not faster.)
template <class T> class ZeroedArray {
  T *P = nullptr;
  size_t N = 0;

public:
  explicit ZeroedArray(size_t N) : N(N) {
    if (N == 0)
      return;
    P = static_cast<T *>(std::calloc(N, sizeof(T)));
    if (!P)
      throw std::bad_alloc();
  }
  ZeroedArray(ZeroedArray &&O) noexcept : P(O.P), N(O.N) {
    O.P = nullptr;
    O.N = 0;
  }
  ZeroedArray &operator=(ZeroedArray &&O) noexcept {
    std::swap(P, O.P);
    std::swap(N, O.N);
    return *this;
  }
  /// Faults the pages in on Threads threads (each page written with the
  /// zero it holds), so that the table's first touch is not counted in the
  /// compute time that follows; small tables are left alone.
  void touch(int Threads) {
    const size_t Bytes = N * sizeof(T), Page = 4096;
    if (Bytes < (size_t(64) << 20))
      return;
    volatile unsigned char *B = reinterpret_cast<unsigned char *>(P);
    const long Pages = long((Bytes + Page - 1) / Page);
    // (the generated folders build with OpenMP; dpc itself includes this
    // header without it and never touches a table)
#if defined(_OPENMP)
#pragma omp parallel for schedule(static) num_threads(Threads > 0 ? Threads : 1)
#endif
    for (long I = 0; I < Pages; ++I)
      B[size_t(I) * Page] = 0;
  }
  ZeroedArray(const ZeroedArray &) = delete;
  ZeroedArray &operator=(const ZeroedArray &) = delete;
  ~ZeroedArray() { std::free(P); }
  T *data() const { return P; }
};

/// Checks that Bytes of host memory are available before allocating.
inline void check_host_memory(double Bytes, const std::string &What) {
  uint64_t Avail = available_memory_bytes();
  if (Avail && Bytes > 0.9 * static_cast<double>(Avail))
    throw InputError(What + ": " + format_bytes(Bytes) +
                     " of memory needed, but only " +
                     format_bytes(static_cast<double>(Avail)) +
                     " available (nothing was allocated)");
}

inline const char *error_text(int Code) {
  switch (Code) {
  case 1:
    return "overflow: a value left the range the generated code keeps for "
           "its table's type (+-(2^30-1) for int)";
  case 2:
    return "undefined arithmetic: inf - inf or inf * 0";
  case 3:
    return "internal error: a pipelined strip waited more than 10 s for the "
           "strip above it (please report it; --backend=openmp computes the "
           "same tables)";
  case 4:
    return "the traceback visits more than 10^8 cells; giving up (it follows "
           "every operand of a sum of table reads; --events=none prints the "
           "output without it)";
  case 5:
    return "internal error: a sweep read a cell of a table kept as two "
           "rolling rows outside them (please report it; --verify or "
           "--dump-table keep the whole table)";
  case 6:
    return "the traceback's checkpointed rows do not fit in host memory "
           "(about 2 * sqrt(rows) rows of each table kept as rows)";
  default:
    return "unknown error";
  }
}

//===-- batches -----------------------------------------------------------===//

/// Host memory that the GPU path fills with a batch's tables: page-locked
/// when the CUDA code could get it (a copy from the device then runs at
/// PCIe speed), else plain. Free is set by whoever allocated it.
struct HostBuffer {
  unsigned char *P = nullptr;
  size_t N = 0;
  void (*Free)(unsigned char *) = nullptr;
  HostBuffer() = default;
  HostBuffer(const HostBuffer &) = delete;
  HostBuffer &operator=(const HostBuffer &) = delete;
  ~HostBuffer() { release(); }
  void release() {
    if (P && Free)
      Free(P);
    P = nullptr;
    N = 0;
  }
};

/// Consecutive runs of problems [first, last) whose bytes sum to at most
/// Budget (a problem over the budget alone is a run of its own).
inline std::vector<std::pair<size_t, size_t>>
batch_ranges(const std::vector<double> &Bytes, double Budget) {
  std::vector<std::pair<size_t, size_t>> R;
  size_t First = 0;
  double Sum = 0;
  for (size_t I = 0; I < Bytes.size(); ++I) {
    if (I > First && Sum + Bytes[I] > Budget) {
      R.push_back({First, I});
      First = I;
      Sum = 0;
    }
    Sum += Bytes[I];
  }
  if (First < Bytes.size())
    R.push_back({First, Bytes.size()});
  return R;
}

/// How a batch runs on Threads CPU threads. A problem with at least a
/// Threads-th of the batch's work would keep one thread busy after the
/// others finish: those run one after another, each over all threads (tile
/// parallel); the rest run one per thread, largest first (dynamic).
struct CpuBatchPlan {
  std::vector<size_t> Alone;  // tile-parallel, in this order
  std::vector<size_t> Shared; // one per thread, largest first
};

/// The indices of Work, largest first (ties in input order).
inline std::vector<size_t> largest_first(const std::vector<double> &Work) {
  std::vector<size_t> Order(Work.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    return Work[A] != Work[B] ? Work[A] > Work[B] : A < B;
  });
  return Order;
}

inline CpuBatchPlan plan_cpu_batch(const std::vector<double> &Work,
                                   int Threads) {
  CpuBatchPlan P;
  double Total = 0;
  for (double W : Work)
    Total += W;
  for (size_t I : largest_first(Work))
    (Threads <= 1 || Work.size() == 1 || Work[I] * Threads >= Total
         ? P.Alone
         : P.Shared)
        .push_back(I);
  return P;
}

/// Runs Run(i, threads) for every problem of the plan.
template <typename F>
void run_cpu_batch(const CpuBatchPlan &P, int Threads, F Run) {
  for (size_t I : P.Alone)
    Run(I, Threads);
  const int64_t N = static_cast<int64_t>(P.Shared.size());
  (void)N;
#if defined(_OPENMP)
#pragma omp parallel for schedule(dynamic, 1) num_threads(Threads)
#endif
  for (int64_t K = 0; K < N; ++K)
    Run(P.Shared[static_cast<size_t>(K)], 1);
}

/// --explain's last part: the backend this run chose and how it would
/// batch the problems of the first chunk it read (Bytes: their tables),
/// from the same functions the run uses (batch_ranges, plan_cpu_batch),
/// and whether it traces back (Traced).
inline void explain_run(FILE *Out, const Options &O, int Threads,
                        const std::vector<int> &Devices, double Budget,
                        const std::vector<double> &Bytes, bool Traced) {
  std::fprintf(Out, "\nthis run:\n  backend: %s", O.Backend.c_str());
  if (O.Backend == "cuda") {
    std::string L;
    for (int D : Devices)
      L += (L.empty() ? "" : ",") + std::to_string(D);
    std::fprintf(Out, " on GPU(s) %s\n", L.c_str());
  } else {
    std::fprintf(Out, " on %d CPU thread(s)\n", Threads);
  }
  const auto Ranges = batch_ranges(Bytes, Budget);
  std::fprintf(Out,
               "  batches: consecutive problems whose tables fit %s run "
               "together; the first %zu problem(s) read make %zu batch(es)\n",
               format_bytes(Budget).c_str(), Bytes.size(), Ranges.size());
  if (O.Backend != "cuda" && !Ranges.empty()) {
    const CpuBatchPlan P = plan_cpu_batch(
        std::vector<double>(Bytes.begin() + Ranges[0].first,
                            Bytes.begin() + Ranges[0].second),
        Threads);
    std::fprintf(Out,
                 "  first batch: %zu problem(s) tile-parallel over all "
                 "threads, %zu one per thread\n",
                 P.Alone.size(), P.Shared.size());
  }
  std::fprintf(Out, "  traceback: %s\n",
               Traced ? "yes (the format or --events/--traceback asks for it)"
                      : "no (only the output cell is printed)");
}

/// The --timing summary of a run (stderr).
/// Where the wall time went: reading and binding the input, starting the
/// device (CUDA), running the batches (uploads, compute, tables or outputs
/// back), of which the compute itself (GPU: CUDA events) and the
/// tracebacks run on the device (their kernel and the events' copy back),
/// the tracebacks on the host, and the rest (verification, printing).
struct RunSummary {
  size_t Problems = 0, Failed = 0, Batches = 0, Alone = 0;
  double Compute = 0, Read = 0, Device = 0, Run = 0, Trace = 0, DeviceTrace = 0;
  Timer Wall;
  bool ShowedProgress = false;
  /// The progress line (stderr, rewritten in place): after each batch of a
  /// run over 2 s, when stderr is a terminal and --quiet is not given.
  void progress(const char *Name, size_t Done, bool Enabled) {
    const double W = Wall.seconds();
    if (!Enabled || W < 2.0 || !isatty(2))
      return;
    std::fprintf(stderr, "\r%s: %zu problem(s) done, %.0f/s, %.1f s   ", Name,
                 Done, Done / W, W);
    std::fflush(stderr);
    ShowedProgress = true;
  }
  /// Ends the progress line, if one was shown.
  void endProgress() {
    if (ShowedProgress)
      std::fprintf(stderr, "\n");
    ShowedProgress = false;
  }
  void print(const char *Name, const std::string &Backend) const {
    const double W = Wall.seconds();
    std::fprintf(stderr,
                 "%s: timing: %zu problem(s) in %zu batch(es), %zu failed; "
                 "compute %.6f s (%s)%s; wall %.6f s = read %.3f + device "
                 "start %.3f + batches %.3f (of it compute %.3f, device "
                 "traceback %.3f) + traceback %.3f + rest %.3f\n",
                 Name, Problems, Batches, Failed, Compute, Backend.c_str(),
                 Alone && Backend != "cuda"
                     ? (", " + std::to_string(Alone) + " tile-parallel").c_str()
                     : "",
                 W, Read, Device, Run, Compute, DeviceTrace, Trace,
                 std::max(0.0, W - Read - Device - Run - Trace));
  }
};

/// A size of the work estimate's scaled problems: one that scales (a
/// param or `let` that grows with the problem: estimate_work decides)
/// becomes 4 round(v f / 4), at least 4, halved H times (its ratios to the
/// others' kept exactly); the others (small constants, a short input,
/// scores) are kept.
inline int64_t scale_size(int64_t V, double F, int H, bool Scales = true) {
  if (!Scales)
    return V;
  const int64_t S = 4 * std::max<int64_t>(1, std::llround(V * F / 4));
  return std::max<int64_t>(1, S >> H);
}

/// What one problem's run will do: the cells of its tables and the terms
/// its reductions take, counted at its sizes (Exact) or predicted from
/// smaller ones.
struct WorkEstimate {
  double Cells = 0, Terms = 0;
  bool Exact = true;
};

/// The counts at some sizes (table_cells, reduction_terms).
struct WorkCount {
  double Cells = 0, Terms = 0;
};

/// The work of a problem whose params and `let`s are Sizes (the params
/// first, NParams of them), from Count(f, h, scaled): the counts at the
/// sizes scaled by f and halved h times, those marked in scaled
/// (scale_size; f = 1, h = 0: the sizes themselves). Its loops nest Depth
/// deep, the innermost summed in closed form: counted exactly while the
/// params' geometric mean is at most L, L^(Depth - 1) = 2^25 2^(Depth - 2)
/// (8192 for two outer loops, 56 for five); past it the params that would
/// not scale below 32 and the lets over 16 are scaled so that the mean is
/// about L, counted there and at its half and quarter, and extrapolated.
/// Scaling those sizes alike scales the domains (polyhedra in the sizes;
/// windows and capacities scale with the lengths, so the shape stays), so
/// a count is a polynomial in the scale: its degree D is the local exponent
/// between the two largest counts, rounded, and the polynomial a s^D + b
/// s^(D-1) + c s^(D-2) through the three counts gives it at the real scale
/// (two terms through two counts, or the power law, where that fit fails).
/// A prediction, not a count.
template <typename F>
WorkEstimate estimate_work(const std::vector<int64_t> &Sizes, size_t NParams,
                           int Depth, F Count) {
  WorkEstimate W;
  const int Outer = std::max(1, Depth - 1);
  const double L = std::max(
      16.0, std::floor(std::pow(33554432.0 * std::pow(2.0, Outer - 1), 1.0 / Outer)));
  // The params' geometric mean, and the scale F0 that brings it to L: a
  // param that would scale below 32 (a short second input) is kept as it is
  // (scaled, its rounding would change the problem's shape), and F0 is
  // taken over the others.
  std::vector<char> Scaled(Sizes.size(), 0);
  double LogAll = 0;
  int N = 0;
  for (size_t I = 0; I < NParams && I < Sizes.size(); ++I)
    if (Sizes[I] > 0) {
      LogAll += std::log(static_cast<double>(Sizes[I]));
      ++N;
      Scaled[I] = Sizes[I] > 16;
    }
  double F0 = 1, LogScaled = 0;
  int K = 0;
  for (bool Changed = true; Changed;) {
    Changed = false;
    double LogFixed = 0;
    LogScaled = 0;
    K = 0;
    for (size_t I = 0; I < NParams && I < Sizes.size(); ++I)
      if (Sizes[I] > 0)
        (Scaled[I] ? (++K, LogScaled) : LogFixed) +=
            std::log(static_cast<double>(Sizes[I]));
    if (!K)
      break;
    F0 = std::exp((N * std::log(L) - LogFixed - LogScaled) / K);
    for (size_t I = 0; I < NParams && I < Sizes.size(); ++I)
      if (Scaled[I] && Sizes[I] * F0 < 32) {
        Scaled[I] = 0;
        Changed = true;
      }
  }
  if (N == 0 || K == 0 || LogAll <= N * std::log(L) || F0 >= 1) {
    const WorkCount C = Count(1.0, 0, Scaled);
    W.Cells = C.Cells;
    W.Terms = C.Terms;
    return W;
  }
  for (size_t I = NParams; I < Sizes.size(); ++I)
    Scaled[I] = Sizes[I] > 16; // lets: windows, capacities scale along
  // The scale f in [F0/2, F0] at which the scaled sizes round best (their
  // halves and quarters then keep their ratios exactly, and the scaled
  // problems have the shape of the real one).
  double Fbest = F0, Ebest = 1e300;
  for (int J = 0; J <= 64; ++J) {
    const double F1 = F0 * (1 - J / 128.0);
    double E = 0;
    for (size_t I = 0; I < Sizes.size(); ++I)
      if (Scaled[I])
        E = std::max(E, std::fabs(scale_size(Sizes[I], F1, 0) - Sizes[I] * F1) /
                            (Sizes[I] * F1));
    if (E < Ebest - 1e-12) {
      Ebest = E;
      Fbest = F1;
    }
  }
  // the scale of each counted problem: the scaled params' geometric mean
  auto scaleOf = [&](double F1, int H) {
    double Lg = 0;
    for (size_t I = 0; I < NParams && I < Sizes.size(); ++I)
      if (Scaled[I])
        Lg += std::log(static_cast<double>(scale_size(Sizes[I], F1, H)));
    return std::exp(Lg / K);
  };
  const WorkCount C[3] = {Count(Fbest, 0, Scaled), Count(Fbest, 1, Scaled),
                          Count(Fbest, 2, Scaled)};
  const double X[3] = {scaleOf(Fbest, 0), scaleOf(Fbest, 1), scaleOf(Fbest, 2)};
  const double S = std::exp(LogScaled / K);
  auto fit = [&](const double *Y) {
    if (Y[0] <= 0)
      return 0.0;
    if (Y[1] <= 0 || X[0] <= X[1])
      return Y[0] * std::pow(S / X[0], Outer + 1);
    const double E = std::log(Y[0] / Y[1]) / std::log(X[0] / X[1]);
    const double D = std::round(E);
    if (D >= 2 && std::fabs(E - D) < 0.5 && Y[2] > 0 && X[1] > X[2]) {
      // Cramer's rule on the rows (x^D, x^(D-1), x^(D-2)) = y
      double M[3][3];
      for (int I = 0; I < 3; ++I)
        for (int J = 0; J < 3; ++J)
          M[I][J] = std::pow(X[I], D - J);
      auto det = [](double A[3][3]) {
        return A[0][0] * (A[1][1] * A[2][2] - A[1][2] * A[2][1]) -
               A[0][1] * (A[1][0] * A[2][2] - A[1][2] * A[2][0]) +
               A[0][2] * (A[1][0] * A[2][1] - A[1][1] * A[2][0]);
      };
      const double Dt = det(M);
      double Co[3];
      for (int J = 0; J < 3; ++J) {
        double Mj[3][3];
        for (int I = 0; I < 3; ++I)
          for (int Q = 0; Q < 3; ++Q)
            Mj[I][Q] = Q == J ? Y[I] : M[I][Q];
        Co[J] = det(Mj) / Dt;
      }
      const double Fit = Co[0] * std::pow(S, D) + Co[1] * std::pow(S, D - 1) +
                         Co[2] * std::pow(S, D - 2);
      if (Dt != 0 && Co[0] > 0 && Fit >= Y[0])
        return Fit;
    }
    if (D >= 1 && std::fabs(E - D) < 0.5) {
      const double Pa = std::pow(X[0], D - 1), Pb = std::pow(X[1], D - 1);
      const double Det = X[0] * Pa * Pb - X[1] * Pb * Pa;
      const double Aa = (Y[0] * Pb - Y[1] * Pa) / Det;
      const double Bb = (X[0] * Pa * Y[1] - X[1] * Pb * Y[0]) / Det;
      const double Fit = Aa * std::pow(S, D) + Bb * std::pow(S, D - 1);
      if (Aa > 0 && Fit >= Y[0])
        return Fit;
    }
    return Y[0] * std::pow(S / X[0], E);
  };
  const double Cells[3] = {C[0].Cells, C[1].Cells, C[2].Cells};
  const double Terms[3] = {C[0].Terms, C[1].Terms, C[2].Terms};
  W.Cells = fit(Cells);
  W.Terms = fit(Terms);
  W.Exact = false;
  return W;
}

/// The nominal rates behind the predicted time of a run (per second):
/// between what dpc's tiled code reaches on the seed recurrences (one H100,
/// docs/gpu-runs/2026-11-26e/call1: Nussinov 3.1e12 terms/s at n = 16000
/// and 6.5e12 at 60000, BPMax 3.3e11 at N = M = 128: 1.5e12 is about 4x
/// from both; 5e10 cells; one CPU thread: 3e9 terms, Nussinov 7.5e9 and
/// BPMax 1e9 on this machine's 2 threads, and 1e8 cells). A recurrence far
/// from the seeds' shapes can be further off: the estimate says "about".
inline double predicted_seconds(const WorkEstimate &W, const std::string &Backend,
                                int Threads) {
  const bool Gpu = Backend == "cuda";
  const double T = Gpu ? 1.0 : static_cast<double>(std::max(1, Threads));
  const double TermRate = Gpu ? 1.5e12 : 3e9 * T, CellRate = Gpu ? 5e10 : 1e8 * T;
  return std::max(W.Terms / TermRate, W.Cells / CellRate);
}

/// The estimate of a problem's run: what its work and memory are and
/// about how long this backend takes (the notice before a long run on
/// stderr, a line of --explain), with its newline.
inline std::string estimate_line(const std::string &Prefix,
                                 const std::string &Label, const WorkEstimate &W,
                                 double Bytes, const std::string &Backend,
                                 int Threads, double Seconds) {
  char Time[48];
  if (Seconds >= 7200)
    std::snprintf(Time, sizeof Time, "%.1f hours", Seconds / 3600);
  else if (Seconds >= 120)
    std::snprintf(Time, sizeof Time, "%.0f minutes", Seconds / 60);
  else
    std::snprintf(Time, sizeof Time, "%.2g s", Seconds);
  const std::string On =
      Backend == "cuda" ? std::string("the GPU")
      : Backend == "serial"
          ? std::string("one CPU thread")
          : std::to_string(std::max(1, Threads)) + " OpenMP thread(s)";
  char Work[160];
  std::snprintf(Work, sizeof Work, "%.3g reduction terms and %.3g cells, ",
                W.Terms, W.Cells);
  return Prefix + Label + "estimate: " + (W.Exact ? "" : "about ") + Work +
         format_bytes(Bytes) + " of tables; about " + Time + " on " + On +
         " (at nominal rates)\n";
}

/// How far one long computation is, and the notice before it (begin): its
/// compute loops report each step of their outermost sequential loops (CPU: a wavefront step of a loop nest;
/// GPU: a launch that has finished), and a line on stderr says so, at most
/// every Interval seconds (rewritten in place on a terminal, else one line
/// each). Reported from one thread (the one that runs the loops).
class Progress {
public:
  /// Notice: printed by begin(); Lines: whether steps print anything.
  Progress(const char *Name, std::string Label, double Interval,
           double Predicted, std::string Notice, bool Lines)
      : Name(Name), Label(std::move(Label)), Notice(std::move(Notice)),
        Interval(Interval), Predicted(Predicted), Lines(Lines),
        Terminal(isatty(2)) {}
  /// When the run starts (its memory checked): the notice, once.
  void begin() {
    if (!Notice.empty())
      std::fputs(Notice.c_str(), stderr);
    Notice.clear();
    T = Timer();
  }
  Progress(const Progress &) = delete;
  Progress &operator=(const Progress &) = delete;
  ~Progress() { finish(); }
  /// Step Done of Total of loop nest Part of Parts (0-based Part).
  void step(const char *Unit, int64_t Part, int64_t Parts, int64_t Done,
            int64_t Total) {
    if (!Lines)
      return;
    const double Now = T.seconds();
    const bool Last = Part + 1 >= Parts && Done >= Total;
    if (Now - LastShown < Interval && !Last)
      return;
    LastShown = Now;
    char Nest[64] = "";
    if (Parts > 1)
      std::snprintf(Nest, sizeof Nest, "loop nest %lld of %lld, ",
                    static_cast<long long>(Part + 1),
                    static_cast<long long>(Parts));
    std::fprintf(stderr, "%s%s: %sprogress: %s%s %lld of %lld, %.1f s (about %.3g s predicted)%s",
                 Terminal ? "\r" : "", Name, Label.c_str(), Nest, Unit,
                 static_cast<long long>(Done), static_cast<long long>(Total), Now,
                 Predicted, Terminal ? "   " : "\n");
    std::fflush(stderr);
    Shown = true;
  }
  /// Ends a line rewritten in place.
  void finish() {
    if (Shown && Terminal)
      std::fprintf(stderr, "\n");
    Shown = false;
  }

private:
  const char *Name;
  std::string Label, Notice;
  double Interval, Predicted;
  bool Lines, Terminal;
  Timer T;
  double LastShown = -1e300;
  bool Shown = false;
};

} // namespace dpc_rt

#endif // DPC_DRIVER_H
