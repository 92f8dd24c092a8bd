// api_outputs [--backend=serial] ROWS ...: solves, through triangulation_api.h,
// one problem per argument (the distance matrix D as rows separated by ';',
// values by ','), and prints what `dpc interp` prints for it: every output
// as `triangulation: NAME = VALUE` (Result::outputs), then the events; a
// problem that fails prints its message on stdout, `error: ...`. Checks that
// output / is_number / value are the first output's.
#include "triangulation_api.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace api = triangulation::api;

static std::vector<std::vector<int64_t>> rows(const std::string &s) {
  std::vector<std::vector<int64_t>> r;
  std::stringstream rs(s);
  for (std::string row; std::getline(rs, row, ';');) {
    r.emplace_back();
    std::stringstream vs(row);
    for (std::string v; std::getline(vs, v, ',');)
      r.back().push_back(std::atoll(v.c_str()));
  }
  return r;
}

int main(int argc, char **argv) {
  api::Options options;
  std::vector<api::Problem> problems;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--backend=serial") {
      options.backend = api::Backend::Serial;
      continue;
    }
    api::Problem p;
    p.D = rows(argv[i]);
    problems.push_back(p);
  }
  std::printf("outputs:");
  for (const char *n : api::output_names)
    std::printf(" %s", n);
  std::printf("\n");
  for (const api::Result &r : api::solve_batch(problems, options)) {
    if (!r.ok()) {
      std::printf("error: %s\n", r.error.c_str());
      continue;
    }
    if (r.outputs.empty() || r.output != r.outputs[0].text ||
        r.is_number != r.outputs[0].is_number ||
        r.value != r.outputs[0].value) {
      std::printf("output, is_number, value are not the first output's\n");
      return 1;
    }
    for (const api::Output &o : r.outputs)
      std::printf("%s: %s = %s%s\n", api::recurrence, o.name.c_str(),
                  o.text.c_str(),
                  o.is_number && o.value != std::atof(o.text.c_str())
                      ? " (value differs)"
                      : "");
    std::string ev;
    for (const api::Event &e : r.events) {
      ev += " " + e.name + "(";
      for (size_t a = 0; a < e.args.size(); ++a)
        ev += (a ? ", " : "") + std::to_string(e.args[a]);
      ev += ")";
    }
    if (!ev.empty()) // (as dpc interp: no line without events)
      std::printf("events:%s\n", ev.c_str());
  }
  return 0;
}
