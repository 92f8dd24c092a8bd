// Checks a generated folder's work estimate (estimate_work) against the
// exact counts at the same sizes (table_cells, reduction_terms run at full
// size). Built against the folder's library with
//   -DDPC_HOST='"NAME_host.h"' -DDPC_NS=NAME
// Arguments: the Params fields in order (params, then lets; all int64).
// Prints both and exits 1 if a count differs or an extrapolation is off by
// more than 5%.
#include DPC_HOST

#include <cmath>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  DPC_NS::Params P{};
  int64_t *F = reinterpret_cast<int64_t *>(&P);
  for (int I = 1; I < argc; ++I)
    F[I - 1] = std::atoll(argv[I]);
  double Cells[64] = {0};
  DPC_NS::table_cells(P, Cells);
  double AllCells = 0;
  for (double C : Cells)
    AllCells += C;
  const double Terms = DPC_NS::reduction_terms(P);
  const dpc_rt::WorkEstimate W = DPC_NS::estimate_work(P);
  auto Off = [](double Est, double Ex) {
    return Ex == 0 ? std::fabs(Est) : std::fabs(Est - Ex) / Ex;
  };
  // (counted: the same loops, so equal; extrapolated: within 5%)
  const double Tol = W.Exact ? 0.0 : 0.05;
  const bool Ok = Off(W.Terms, Terms) <= Tol && Off(W.Cells, AllCells) <= Tol;
  std::printf("%s: terms %.6g estimated %.6g, cells %.6g estimated %.6g, %s\n",
              W.Exact ? "counted" : "extrapolated", Terms, W.Terms, AllCells,
              W.Cells, Ok ? "within 5%" : "OFF BY MORE THAN 5%");
  return Ok ? 0 : 1;
}
