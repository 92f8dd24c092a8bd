// Calls the generated tests of bpmax's int16x2 tile products
// (dpc_int16_product<S>, in the folder's bpmax.h) on sizes around their
// bounds (S1 <= 3/2*N, S2 <= 3/2*M, F <= 3/2*N + 3/2*M, each within
// +-16383), and prints the answers.
#include "bpmax.h"

#include <cstdint>
#include <cstdio>
#include <initializer_list>

int main() {
  struct Case {
    int64_t N, M;
  };
  for (Case C : {Case{10, 10}, Case{10922, 1}, Case{10923, 1},
                 Case{5000, 5922}, Case{5000, 5923}, Case{int64_t(1) << 40, 1},
                 Case{int64_t(1) << 62, 1}}) {
    bpmax::Params P{};
    P.N = C.N;
    P.M = C.M;
    std::printf("N=%lld M=%lld: 0 %s, 1 %s, 3 %s, 4 %s\n", (long long)C.N,
                (long long)C.M, bpmax::dpc_int16_product0(P) ? "int16" : "int32",
                bpmax::dpc_int16_product1(P) ? "int16" : "int32",
                bpmax::dpc_int16_product3(P) ? "int16" : "int32",
                bpmax::dpc_int16_product4(P) ? "int16" : "int32");
  }
}
