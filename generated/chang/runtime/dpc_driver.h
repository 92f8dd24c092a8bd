// dpc_driver.h - the command line, output and timing of a generated binary.
// Header-only C++17; copied into every generated folder.
//
//   NAME [--in NAME=VALUE ...] [FASTA files...] [--backend=serial|openmp|cuda]
//        [--threads N] [--device N] [--json] [--traceback] [--verify]
//        [--timing] [--set NAME=V] [--dump-table T]
#ifndef DPC_DRIVER_H
#define DPC_DRIVER_H

#include "dpc_io.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <pthread.h>
#include <string>
#include <vector>

namespace dpc_rt {

struct Options {
  std::vector<std::string> Inputs, Sets, Files, DumpTables;
  std::string Backend = "openmp";
  int Threads = 0; // 0: all cores
  int Device = 0;
  bool Json = false, Traceback = false, Verify = false, Timing = false;
};

inline void usage(const char *Name, FILE *To) {
  std::fprintf(To,
               "usage: %s [--in NAME=VALUE ...] [FASTA files...]\n"
               "          [--backend=serial|openmp|cuda] [--threads N] "
               "[--device N]\n"
               "          [--json] [--traceback] [--verify] [--timing]\n"
               "          [--set NAME=V] [--dump-table T]\n"
               "  VALUE is a sequence (ACGU...), a comma list for int inputs, "
               "or @file.\n"
               "  --verify recomputes with the untiled reference code and "
               "compares every table.\n",
               Name);
}

inline Options parse_args(int argc, char **argv,
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
      bool Known = false;
      for (auto &B : Backends)
        Known |= B == O.Backend;
      if (!Known) {
        std::string L;
        for (auto &B : Backends)
          L += (L.empty() ? "" : ", ") + B;
        throw InputError("unknown backend '" + O.Backend +
                         "' (this binary has: " + L + ")");
      }
    } else if (Is(A, "--threads")) {
      int64_t T = parse_int(Value(I, "--threads"), "--threads");
      if (T < 1 || T > 4096)
        throw InputError("--threads must be between 1 and 4096");
      O.Threads = static_cast<int>(T);
    } else if (Is(A, "--device")) {
      int64_t D = parse_int(Value(I, "--device"), "--device");
      if (D < 0)
        throw InputError("--device must be >= 0");
      O.Device = static_cast<int>(D);
    } else if (A == "--json") {
      O.Json = true;
    } else if (A == "--traceback") {
      O.Traceback = true;
    } else if (A == "--verify") {
      O.Verify = true;
    } else if (A == "--timing") {
      O.Timing = true;
    } else if (!A.empty() && A[0] == '-') {
      throw InputError("unknown option '" + A + "' (see --help)");
    } else {
      O.Files.push_back(A);
    }
  }
  return O;
}

struct Event {
  std::string Name;
  std::vector<int64_t> Args;
};

struct Result {
  std::string Recurrence;
  std::vector<std::pair<std::string, int64_t>> Params; // sorted by name
  std::string Output;       // "3", "-inf", "0.25"
  bool OutputIsNumber = true;
  std::string OutputCell;   // "C[0, N - 1]"
  bool Traced = false;
  std::vector<Event> Events;
  bool HasStructure = false;
  std::string Structure;
  std::vector<std::string> Sequences; // for the RNAfold-style text output
  double Seconds = -1;
};

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
inline std::string result_json(const Result &R, bool Timing) {
  std::string S = "{";
  if (R.Traced) {
    S += "\"events\":[";
    for (size_t I = 0; I < R.Events.size(); ++I) {
      S += (I ? ",[" : "[") + json_string(R.Events[I].Name);
      for (int64_t A : R.Events[I].Args)
        S += "," + std::to_string(A);
      S += "]";
    }
    S += "],";
  }
  S += "\"output\":" +
       (R.OutputIsNumber ? R.Output : json_string(R.Output)) + ",";
  S += "\"params\":{";
  for (size_t I = 0; I < R.Params.size(); ++I)
    S += (I ? "," : "") + json_string(R.Params[I].first) + ":" +
         std::to_string(R.Params[I].second);
  S += "},\"recurrence\":" + json_string(R.Recurrence);
  if (Timing) {
    char B[64];
    std::snprintf(B, sizeof B, "%.6f", R.Seconds);
    S += std::string(",\"seconds\":") + B;
  }
  if (R.Traced && R.HasStructure)
    S += ",\"structure\":" + json_string(R.Structure);
  return S + "}";
}

inline void print_result(const Result &R, const Options &O) {
  if (O.Json) {
    std::printf("%s\n", result_json(R, O.Timing).c_str());
    return;
  }
  if (R.Traced && R.HasStructure) {
    for (auto &S : R.Sequences)
      std::printf("%s\n", S.c_str());
    std::printf("%s (%s)\n", R.Structure.c_str(), R.Output.c_str());
  } else {
    std::printf("%s: %s = %s\n", R.Recurrence.c_str(), R.OutputCell.c_str(),
                R.Output.c_str());
    if (R.Traced && !R.Events.empty()) {
      std::printf("events:");
      for (auto &E : R.Events) {
        std::printf(" %s(", E.Name.c_str());
        for (size_t I = 0; I < E.Args.size(); ++I)
          std::printf("%s%lld", I ? ", " : "", static_cast<long long>(E.Args[I]));
        std::printf(")");
      }
      std::printf("\n");
    }
  }
  if (O.Timing)
    std::printf("time: %.6f s\n", R.Seconds);
}

/// Wall-clock timer.
struct Timer {
  std::chrono::steady_clock::time_point T0 = std::chrono::steady_clock::now();
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
        .count();
  }
};

/// Runs F on a thread with a large stack (tracebacks recurse as deep as the
/// longest chain of cells).
inline void run_with_large_stack(const std::function<void()> &F) {
  struct Box {
    const std::function<void()> *F;
    bool Threw = false;
    std::string What;
  } B{&F};
  pthread_attr_t Attr;
  pthread_attr_init(&Attr);
  pthread_attr_setstacksize(&Attr, size_t(1) << 30);
  pthread_t T;
  auto Run = [](void *Arg) -> void * {
    Box *Bx = static_cast<Box *>(Arg);
    try {
      (*Bx->F)();
    } catch (const std::exception &E) {
      Bx->Threw = true;
      Bx->What = E.what();
    }
    return nullptr;
  };
  if (pthread_create(&T, &Attr, Run, &B) != 0) {
    pthread_attr_destroy(&Attr);
    F();
    return;
  }
  pthread_join(T, nullptr);
  pthread_attr_destroy(&Attr);
  if (B.Threw)
    throw InputError(B.What);
}

/// Checks that Bytes of host memory are available before allocating.
inline void check_host_memory(double Bytes, const std::string &What) {
  uint64_t Avail = available_memory_bytes();
  if (Avail && Bytes > 0.9 * static_cast<double>(Avail))
    throw InputError(What + " needs " + format_bytes(Bytes) +
                     " of memory, but only " +
                     format_bytes(static_cast<double>(Avail)) +
                     " is available");
}

inline const char *error_text(int Code) {
  switch (Code) {
  case 1:
    return "overflow: a value left the range the generated code keeps for "
           "its table's type (+-(2^30-1) for int); the reference "
           "interpreter (dpc interp) reports the exact cell";
  case 2:
    return "undefined arithmetic: inf - inf or inf * 0";
  default:
    return "unknown error";
  }
}

} // namespace dpc_rt

#endif // DPC_DRIVER_H
