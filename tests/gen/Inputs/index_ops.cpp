// The index helpers of runtime/dpc_values.h in both widths: an int32 kernel
// instance's (int, int) operands compute in int32, any wider operand in
// int64, with floor semantics for negative operands in each.
#include "dpc_values.h"

#include <cstdio>
#include <initializer_list>
#include <type_traits>

static_assert(std::is_same_v<decltype(dpc_floordiv(int32_t(1), 2)), int32_t>);
static_assert(std::is_same_v<decltype(dpc_min(int32_t(1), int32_t(2))), int32_t>);
static_assert(std::is_same_v<decltype(dpc_floordiv(int64_t(1), 2)), int64_t>);
static_assert(std::is_same_v<decltype(dpc_max(int32_t(1), int64_t(2))), int64_t>);
static_assert(std::is_same_v<decltype(dpc_mod(int32_t(1), 2u)), int64_t>);

int main() {
  int Bad = 0;
  for (int32_t A = -200; A <= 200; ++A)
    for (int32_t B : {1, 3, 64, -5}) {
      Bad += dpc_floordiv(A, B) != dpc_floordiv(int64_t(A), int64_t(B));
      Bad += dpc_ceildiv(A, B) != dpc_ceildiv(int64_t(A), int64_t(B));
      Bad += dpc_mod(A, B) != dpc_mod(int64_t(A), int64_t(B));
      Bad += dpc_min(A, B) != dpc_min(int64_t(A), int64_t(B));
      Bad += dpc_max(A, B) != dpc_max(int64_t(A), int64_t(B));
    }
  std::printf("int32 against int64: %d differ\n", Bad);
  return Bad != 0;
}
