//===- fuzz_inputs.cpp - libFuzzer harness over the runtime's input readers -===//
//
// The first byte picks a reader, the rest is its input:
//   0  a FASTA file read as positional files (streamed, ProblemStream::next)
//   1  a FASTA file bound with --in NAME=@file (read at once)
//   2  an integer list file bound with --in NAME=@file
//   3  a command line (arguments split at newlines): parse_args, then the
//      --set bindings and the --in values as a generated main reads them
// Every malformed input must end as a dpc_rt::InputError; anything else (a
// crash, a sanitizer report, another exception) is a finding. The harness
// opens no file but its own: arguments naming files are dropped.
//
//===----------------------------------------------------------------------===//
#include "dpc_driver.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <unistd.h>
#include <vector>

using namespace dpc_rt;

static const std::string &scratch() {
  static const std::string P =
      std::string(access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp") +
      "/dpc-fuzz-inputs-" + std::to_string(getpid());
  return P;
}

static void writeScratch(const uint8_t *D, size_t N) {
  FILE *F = std::fopen(scratch().c_str(), "wb");
  if (!F)
    std::abort();
  if (N)
    std::fwrite(D, 1, N, F);
  std::fclose(F);
}

// Reads every problem of a stream in small chunks, touching what a
// generated main uses.
static size_t drain(ProblemStream &S, size_t Chunk, size_t Bytes) {
  std::vector<Problem> Out;
  size_t Sum = 0;
  while (S.next(Out, Chunk, Bytes))
    for (size_t I = 0; I < Out.size(); ++I) {
      Sum += problem_label(Out[I], S.first() + I, true).size();
      Sum += problem_error(Out[I]).size();
      for (auto &V : Out[I])
        Sum += V.length();
    }
  return Sum;
}

static const std::vector<InputSpec> &specs(uint8_t Which) {
  static const std::vector<std::vector<InputSpec>> All = {
      {{"seq", Alpha::RNA}},
      {{"a", Alpha::DNA}, {"b", Alpha::Protein}},
      {{"s", Alpha::RNA}, {"w", Alpha::Int}},
  };
  return All[Which % All.size()];
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size < 2)
    return 0;
  const uint8_t Mode = Data[0] % 4, Opt = Data[1];
  const uint8_t *D = Data + 2;
  const size_t N = Size - 2;
  const bool KeepBad = Opt & 0x80;
  try {
    switch (Mode) {
    case 0: {
      writeScratch(D, N);
      std::vector<std::string> Bindings;
      if (specs(Opt).size() == 2 && specs(Opt)[1].Kind == Alpha::Int)
        Bindings.push_back("w=3,1,2");
      ProblemStream S(specs(Opt), Bindings, {scratch(), scratch()}, KeepBad);
      drain(S, 1 + (Opt >> 2) % 4, 1 + (Opt >> 4) % 8);
      break;
    }
    case 1: {
      writeScratch(D, N);
      const auto &Sp = specs(Opt);
      std::vector<std::string> Bindings = {Sp[0].Name + "=@" + scratch()};
      if (Sp.size() == 2)
        Bindings.push_back(Sp[1].Kind == Alpha::Int ? "w=7" : "b=ACDW");
      ProblemStream S(Sp, Bindings, {}, KeepBad);
      drain(S, 3, SIZE_MAX);
      break;
    }
    case 2: {
      writeScratch(D, N);
      ProblemStream S(specs(2), {"s=ACGU", "w=@" + scratch()}, {}, KeepBad);
      drain(S, 1, SIZE_MAX);
      break;
    }
    case 3: {
      std::vector<std::string> Args = {"prog"};
      std::string Cur;
      for (size_t I = 0; I < N; ++I) {
        if (D[I] == '\n') {
          Args.push_back(Cur);
          Cur.clear();
        } else {
          Cur += static_cast<char>(D[I]);
        }
      }
      Args.push_back(Cur);
      std::vector<char *> Argv;
      for (auto &A : Args) {
        A = std::string(A.c_str()); // an argument ends at a NUL, as in argv
        if (A == "-h" || A == "--help") // prints the usage and exits
          return 0;
        Argv.push_back(&A[0]);
      }
      Argv.push_back(nullptr);
      Options O = parse_args(static_cast<int>(Args.size()), Argv.data(),
                             {"serial", "openmp"});
      for (auto &S : O.Sets) { // as a generated main reads them
        auto NV = split_binding(S, "--set");
        parse_int(NV.second, "--set " + NV.first);
      }
      std::vector<std::string> In;
      for (auto &B : O.Inputs)
        if (B.find('@') == std::string::npos) // no files named by the input
          In.push_back(B);
      ProblemStream S(specs(Opt), In, {}, KeepBad);
      drain(S, 2, SIZE_MAX);
      break;
    }
    }
  } catch (const InputError &) {
    // a diagnostic: the expected outcome of bad input
  }
  return 0;
}
