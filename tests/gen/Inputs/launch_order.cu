// The items of a pipelined strip launch (dpc_rt::LaunchList::flatten): the
// strips of every problem, rank by rank across the problems, each naming
// the item of its problem's strip above. Host code only (no GPU needed).
#include "dpc_values.h"
#include "dpc_cuda.h"

#include <cstdio>

int main() {
  dpc_rt::LaunchList L;
  // problem 0: strips 0..3; problem 1: strips 2..3 (its first named strip
  // is 2); problem 2: strip 0 only; problem 3: strips 0..1, named out of
  // order
  for (int64_t S : {0, 1, 2, 3})
    L.add_strip({0}, 0, {}, 0, S);
  for (int64_t S : {3, 2})
    L.add_strip({0}, 0, {}, 1, S);
  L.add_strip({0}, 0, {}, 2, 0);
  for (int64_t S : {1, 0, 1})
    L.add_strip({0}, 0, {}, 3, S);
  const std::vector<int64_t> All = L.flatten();
  int Bad = 0;
  for (size_t I = 0; I < All.size() / 3; ++I) {
    const int64_t B = All[3 * I], S = All[3 * I + 1], Up = All[3 * I + 2];
    std::printf("item %zu: problem %lld strip %lld above %lld\n", I,
                static_cast<long long>(B), static_cast<long long>(S),
                static_cast<long long>(Up));
    if (Up >= 0 && (Up >= static_cast<int64_t>(I) || All[3 * Up] != B ||
                    All[3 * Up + 1] != S - 1)) {
      std::printf("BAD: item %zu's strip above\n", I);
      ++Bad;
    }
  }
  std::printf("%zu items, %d bad\n", All.size() / 3, Bad);
  return Bad != 0;
}
