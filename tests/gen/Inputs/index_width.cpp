// Calls the generated host test of sw_local's strip kernel int32 instance
// (dpc_narrow0, in the folder's sw_local.h) on sizes around its bound, and
// prints its answer for each.
#include "sw_local.h"

#include <cstdint>
#include <cstdio>
#include <initializer_list>

int main() {
  struct Case {
    int64_t N, M, GAP;
  };
  for (Case C : {Case{1000, 2000, 2}, Case{30000, 30000, 2},
                 Case{8000000, 10, 2}, Case{9000000, 10, 2},
                 Case{10, 10, 100000000}, Case{10, 10, -2},
                 Case{10, 10, INT64_MIN}, Case{int64_t(1) << 40, 1, 2}}) {
    sw_local::Params P{};
    P.N = C.N;
    P.M = C.M;
    P.GAP = C.GAP;
    std::printf("N=%lld M=%lld GAP=%lld: %s\n", (long long)C.N,
                (long long)C.M, (long long)C.GAP,
                sw_local::dpc_narrow0(P) ? "int32" : "int64");
  }
  // --wide-indices (Params::dpc_wide): the int64 instance at any size
  sw_local::Params W{};
  W.N = 1000;
  W.M = 2000;
  W.GAP = 2;
  W.dpc_wide = 1;
  std::printf("N=1000 M=2000 GAP=2 wide: %s\n",
              sw_local::dpc_narrow0(W) ? "int32" : "int64");
}
