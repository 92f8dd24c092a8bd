// Call 3 (2026-11-29c): what a CUDA process's exit costs. Starts the
// context (cudaFree(0)), allocates argv[1] MiB of device memory (and
// touches it with a memset), optionally frees it (argv[2] = "free") or
// destroys the context first (argv[2] = "reset"), then leaves by _Exit as
// the generated binaries do. The caller times the process from outside;
// this prints its own start and allocation times.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
int main(int argc, char **argv) {
  auto T0 = std::chrono::steady_clock::now();
  auto S = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - T0).count(); };
  cudaFree(0);
  double Start = S();
  size_t MiB = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 0;
  void *P = nullptr;
  if (MiB) {
    if (cudaMalloc(&P, MiB << 20) != cudaSuccess) return 1;
    cudaMemset(P, 0, MiB << 20);
    cudaDeviceSynchronize();
  }
  double Alloc = S();
  const char *Mode = argc > 2 ? argv[2] : "";
  if (!std::strcmp(Mode, "free")) cudaFree(P);
  if (!std::strcmp(Mode, "reset")) cudaDeviceReset();
  std::fprintf(stderr, "exit_cost: %zu MiB %s: start %.3f alloc %.3f teardown-in-main %.3f\n", MiB, Mode, Start, Alloc - Start, S() - Alloc);
  std::fflush(stderr);
  std::_Exit(0);
}
