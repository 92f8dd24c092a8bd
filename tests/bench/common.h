// common.h - shared by the hand-written benchmark baselines (tests/bench/).
//
// Header-only C++17, no dependencies, usable from g++ and nvcc host code:
// command-line parsing, sequence input (FASTA or one raw sequence), the
// Nussinov pairing table, host-memory checks, a wall clock and the one-line
// JSON result every baseline prints.
//
// Sequence alphabet: A C G U (case-insensitive, T reads as U), codes 0..3, as
// in dpc's runtime/dpc_io.h. Any other letter is an error naming its position.
#ifndef DPC_BENCH_COMMON_H
#define DPC_BENCH_COMMON_H

#include <cctype>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace bench {

[[noreturn]] inline void die(const std::string &Msg) {
  std::fprintf(stderr, "error: %s\n", Msg.c_str());
  std::exit(1);
}

enum { A = 0, C = 1, G = 2, U = 3 };

/// Nussinov / Chang bond: 1 for AU UA GC CG GU UG, else 0.
inline int bond(int a, int b) {
  return (a == A && b == U) || (a == U && b == A) || (a == G && b == C) ||
                 (a == C && b == G) || (a == G && b == U) || (a == U && b == G)
             ? 1
             : 0;
}

struct Options {
  std::string Seq, Seq2;
  std::string Mode = "chang";   // chang | nussinov
  int Threads = 0;              // 0: OpenMP default (all cores)
  std::vector<std::pair<std::string, std::string>> Extra; // --key=value
};

/// Parses --seq FILE, --seq2 FILE, --mode=M (or --mode M), --threads T
/// (or --threads=T) and any --key=value listed in `Known` (kept in Extra).
inline Options parse_args(int argc, char **argv, bool TwoSeqs,
                          const std::vector<std::string> &Known = {},
                          const char *Usage = nullptr) {
  Options O;
  auto Value = [&](int &I, const std::string &Arg,
                   const std::string &Name) -> std::string {
    if (Arg.size() > Name.size() && Arg[Name.size()] == '=')
      return Arg.substr(Name.size() + 1);
    if (I + 1 >= argc)
      die(Name + " needs a value");
    return argv[++I];
  };
  auto Is = [](const std::string &Arg, const std::string &Name) {
    return Arg == Name ||
           (Arg.size() > Name.size() && Arg.compare(0, Name.size(), Name) == 0 &&
            Arg[Name.size()] == '=');
  };
  for (int I = 1; I < argc; ++I) {
    std::string Arg = argv[I];
    if (Arg == "--help" || Arg == "-h") {
      std::printf("usage: %s %s\n", argv[0],
                  Usage ? Usage
                        : (TwoSeqs ? "--seq FILE1 --seq2 FILE2 [--threads T]"
                                   : "--seq FILE [--mode=chang|nussinov] "
                                     "[--threads T]"));
      std::exit(0);
    } else if (Is(Arg, "--seq")) {
      O.Seq = Value(I, Arg, "--seq");
    } else if (Is(Arg, "--seq2")) {
      O.Seq2 = Value(I, Arg, "--seq2");
    } else if (Is(Arg, "--mode")) {
      O.Mode = Value(I, Arg, "--mode");
    } else if (Is(Arg, "--threads")) {
      std::string V = Value(I, Arg, "--threads");
      char *End = nullptr;
      long T = std::strtol(V.c_str(), &End, 10);
      if (V.empty() || *End || T < 1 || T > 4096)
        die("--threads expects a positive integer, got '" + V + "'");
      O.Threads = static_cast<int>(T);
    } else {
      bool Found = false;
      for (const auto &K : Known)
        if (Is(Arg, K)) {
          O.Extra.push_back({K, Value(I, Arg, K)});
          Found = true;
        }
      if (!Found)
        die("unknown argument '" + Arg + "' (try --help)");
    }
  }
  if (O.Mode != "chang" && O.Mode != "nussinov")
    die("--mode must be chang or nussinov, got '" + O.Mode + "'");
  if (O.Seq.empty())
    die(TwoSeqs ? "--seq FILE1 and --seq2 FILE2 are required"
                : "--seq FILE is required");
  if (TwoSeqs && O.Seq2.empty())
    die("--seq2 FILE2 is required");
  return O;
}

inline std::string extra(const Options &O, const std::string &Key,
                         const std::string &Default) {
  for (const auto &KV : O.Extra)
    if (KV.first == Key)
      return KV.second;
  return Default;
}

/// Reads a FASTA file (">name" header, sequence lines; ';' comments and
/// whitespace ignored) or a file holding one raw sequence; exactly one record.
inline std::vector<int8_t> read_sequence(const std::string &Path) {
  std::ifstream In(Path);
  if (!In)
    die("cannot open sequence file '" + Path + "'");
  std::string Seq, Line;
  int Records = 0;
  long LineNo = 0;
  std::vector<std::pair<long, long>> Where; // (line, column) per letter
  while (std::getline(In, Line)) {
    ++LineNo;
    if (!Line.empty() && Line.back() == '\r')
      Line.pop_back();
    if (!Line.empty() && Line[0] == '>') {
      if (++Records > 1)
        die("'" + Path + "' holds more than one FASTA record; give one");
      continue;
    }
    if (!Line.empty() && Line[0] == ';')
      continue;
    for (size_t Col = 0; Col < Line.size(); ++Col) {
      char Ch = Line[Col];
      if (std::isspace(static_cast<unsigned char>(Ch)))
        continue;
      Seq += Ch;
      Where.push_back({LineNo, static_cast<long>(Col) + 1});
    }
  }
  if (Seq.empty())
    die("'" + Path + "' holds an empty sequence");
  std::vector<int8_t> Codes(Seq.size());
  for (size_t I = 0; I < Seq.size(); ++I) {
    char Ch = static_cast<char>(std::toupper(static_cast<unsigned char>(Seq[I])));
    int Code = Ch == 'A' ? A : Ch == 'C' ? C : Ch == 'G' ? G
             : (Ch == 'U' || Ch == 'T') ? U : -1;
    if (Code < 0) {
      char Buf[64];
      if (std::isprint(static_cast<unsigned char>(Seq[I])))
        std::snprintf(Buf, sizeof Buf, "'%c'", Seq[I]);
      else
        std::snprintf(Buf, sizeof Buf, "byte 0x%02x",
                      static_cast<unsigned char>(Seq[I]));
      die("'" + Path + "' line " + std::to_string(Where[I].first) +
          " column " + std::to_string(Where[I].second) + ": " + Buf +
          " (sequence position " + std::to_string(I + 1) +
          ") is not an RNA letter (expected A, C, G, U or T)");
    }
    Codes[I] = static_cast<int8_t>(Code);
  }
  return Codes;
}

/// MemAvailable from /proc/meminfo in bytes (0 when unknown).
inline unsigned long long mem_available() {
  std::ifstream In("/proc/meminfo");
  std::string Key;
  unsigned long long Val = 0;
  std::string Unit;
  while (In >> Key >> Val) {
    std::getline(In, Unit);
    if (Key == "MemAvailable:")
      return Val * 1024ULL;
  }
  return 0;
}

/// Dies unless `Bytes` fit in the host's available memory (keeps 10% spare).
inline void check_host_memory(unsigned long long Bytes, const std::string &What) {
  unsigned long long Avail = mem_available();
  if (Avail && Bytes > Avail / 10 * 9)
    die("not enough host memory for " + What + ": needs " +
        std::to_string(Bytes >> 20) + " MiB, " + std::to_string(Avail >> 20) +
        " MiB available");
}

/// Allocates Count elements of T after checking the host memory; dies on
/// failure. Zero-initialised.
template <typename T>
inline std::vector<T> alloc_table(unsigned long long Count, const std::string &What) {
  unsigned long long Bytes = Count * sizeof(T);
  if (Count && Bytes / sizeof(T) != Count)
    die("table size overflows for " + What);
  check_host_memory(Bytes, What);
  try {
    return std::vector<T>(static_cast<size_t>(Count), T(0));
  } catch (const std::bad_alloc &) {
    die("cannot allocate " + std::to_string(Bytes >> 20) + " MiB for " + What);
  }
}

inline double now_seconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

/// Prints the one result line:
/// {"impl":..,"backend":..,"n":..,"output":..,"seconds":..,<Extra>}
inline void print_result(const char *Impl, const char *Backend, long long N,
                         long long Output, double Seconds,
                         const std::string &Extra = "") {
  std::printf("{\"impl\":\"%s\",\"backend\":\"%s\",\"n\":%lld,\"output\":%lld,"
              "\"seconds\":%.6f%s%s}\n",
              Impl, Backend, N, Output, Seconds, Extra.empty() ? "" : ",",
              Extra.c_str());
  std::fflush(stdout);
}

} // namespace bench

#endif
