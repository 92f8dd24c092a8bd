// fold_rnas: folds RNAs with the Nussinov recurrence through the library
// that dpc generates for it (nussinov_api.h; docs/library.md).
//
//   fold_rnas [--backend=openmp|serial|cuda] [NAME=]SEQUENCE ...
//
// Prints, for every sequence, what `dpc interp recurrences/nussinov.dp`
// prints for it (RNAfold's layout): `>NAME` when it has a name, the
// sequence, then the structure and the number of base pairs. A sequence that
// cannot be folded is reported on stderr; the others are still folded (exit
// status 1). Without sequences it folds three examples.
#include "nussinov_api.h"

#include <cstdio>
#include <string>
#include <vector>

namespace api = nussinov::api;

// A problem: a name (it may be empty) and the sequence, the recurrence's
// input `seq`.
static api::Problem problem(const std::string &name, const std::string &seq) {
  api::Problem p;
  p.name = name;
  p.seq = seq;
  return p;
}

int main(int argc, char **argv) {
  api::Options options; // OpenMP on every core, with the traceback
  std::vector<api::Problem> problems;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--backend=openmp") {
      options.backend = api::Backend::OpenMP;
    } else if (arg == "--backend=serial") {
      options.backend = api::Backend::Serial;
    } else if (arg == "--backend=cuda") {
      options.backend = api::Backend::CUDA;
    } else if (!arg.empty() && arg[0] == '-') {
      std::fprintf(stderr, "usage: %s [--backend=openmp|serial|cuda] [NAME=]SEQUENCE ...\n",
                   argv[0]);
      return 2;
    } else {
      // NAME=SEQUENCE or SEQUENCE
      const size_t eq = arg.find('=');
      if (eq == std::string::npos)
        problems.push_back(problem("", arg));
      else
        problems.push_back(problem(arg.substr(0, eq), arg.substr(eq + 1)));
    }
  }
  if (problems.empty()) {
    problems.push_back(problem("hairpin", "GGGAAACCC"));
    problems.push_back(problem("tRNA-Phe", "GCGGAUUUAGCUCAGUUGGGAGAGCGCCAGACUGAAGAUCUGGAGGUCCUG"
                                           "UGUUCGAUCCACAGAAUUCGCACCA"));
    problems.push_back(problem("two-hairpins", "GGGGAAAACCCCAUGCAUGC"));
  }

  // Every problem in one call: they are computed together (a batch), and
  // a bad one fails alone.
  const std::vector<api::Result> results = api::solve_batch(problems, options);
  int status = 0;
  for (const api::Result &r : results) {
    if (!r.ok()) {
      std::fprintf(stderr, "fold_rnas: error: %s\n", r.error.c_str());
      status = 1;
      continue;
    }
    if (!r.name.empty()) std::printf(">%s\n", r.name.c_str());
    std::printf("%s\n%s (%s)\n", r.sequences[0].c_str(), r.structure.c_str(),
                r.output.c_str());
  }
  return status;
}
