// api_rows MODE A B [A B ...]: aligns each pair (a, b) through
// sw_local_api.h with a traceback and prints every result: its output and
// its events, one per line. MODE: whole (the defaults: the whole table),
// rows (Options::checkpoint_rows: H kept as rows, its rows recomputed from
// checkpoints) or budget (Options::memory_budget of 1 KiB: the whole
// tables exceed it, so H is kept as rows). tests/gen/checkpoint.test
// compares the three.
#include "sw_local_api.h"

#include <cstdio>
#include <string>
#include <vector>

namespace api = sw_local::api;

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  const std::string mode = argv[1];
  api::Options options;
  if (mode == "rows")
    options.checkpoint_rows = true;
  else if (mode == "budget")
    options.memory_budget = 1024;
  else if (mode != "whole")
    return 2;
  std::vector<api::Problem> problems;
  for (int i = 2; i + 1 < argc; i += 2) {
    api::Problem p;
    p.a = argv[i];
    p.b = argv[i + 1];
    problems.push_back(p);
  }
  for (const api::Result &r : api::solve_batch(problems, options)) {
    if (!r.ok()) {
      std::printf("error: %s\n", r.error.c_str());
      continue;
    }
    std::printf("output %s, %zu events\n", r.output.c_str(), r.events.size());
    for (const api::Event &e : r.events) {
      std::printf("%s", e.name.c_str());
      for (int64_t a : e.args)
        std::printf(" %lld", static_cast<long long>(a));
      std::printf("\n");
    }
  }
  return 0;
}
