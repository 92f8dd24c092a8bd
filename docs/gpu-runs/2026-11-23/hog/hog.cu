// Holds GIB GiB of device memory until killed (reliability tests: a GPU
// whose memory another process took).
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <cuda_runtime.h>
int main(int argc, char **argv) {
  size_t gib = argc > 1 ? strtoull(argv[1], nullptr, 10) : 70;
  void *p = nullptr;
  if (cudaMalloc(&p, gib << 30) != cudaSuccess) { printf("hog: cudaMalloc failed\n"); return 1; }
  cudaMemset(p, 1, gib << 30); cudaDeviceSynchronize();
  printf("ready\n"); fflush(stdout);
  sleep(120);
  return 0;
}
