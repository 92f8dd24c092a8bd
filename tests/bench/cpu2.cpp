// cpu2 - see nussinov_cpu.h (Li, Ranka & Sahni 2014, Algorithm 1 and variants).
// Build: g++ -O3 -march=native -fopenmp -o cpu2 cpu2.cpp
#include "nussinov_cpu.h"

int main(int argc, char **argv) {
  return bench::cpu_main(argc, argv, bench::CpuImpl::CPU2, "cpu2");
}
