// chang3k - Chang, Kimmer & Ouyang's (2010, seeds/000) three-kernel GPU
// method for the simplified, transposed Nussinov recurrence (their eq. 3):
//
//   C(i,j) = max(C(i+1,j-1) + bond(a_i,a_j), max_{i<=k<j} C(i,k) + C(j,k+1))
//
// with C(i,i) = 0, C(i,i+1) = base(i) (0 in --mode=chang; bond(a_i,a_{i+1})
// in --mode=nussinov), on an n x n row-major int32 array whose lower triangle
// holds the transpose (C(j,i) = C(i,j)) so both reduction operands are rows
// and reads are coalesced. The diagonals d = j - i = 2 .. n-1 are filled in
// order, each by one of three kernels (their Fig. 1.f):
//
//   initial  reduction length d < T1: one thread per cell, 128-thread blocks,
//            ceil(L/128) blocks, one launch per diagonal (L = n - d cells).
//   middle   otherwise, while the diagonal holds at least T2 cells: one
//            block per cell, the block strides over k and reduces in shared
//            memory (Harris's parallel reduction; the last warp with
//            shuffles); one launch per diagonal.
//   final    diagonals with fewer than T2 cells: the whole grid per cell, one
//            launch per cell; each block reduces its share of k, then the
//            per-block maxima are reduced with atomicMax into the (zeroed)
//            cell and its transposed copy (the "second reduction").
//
// Thresholds, adapted from the paper to an H100 (override with --t1, --t2,
// --block): T2 = the number of SMs (the paper: the middle kernel is kept
// while the diagonal has at least one cell per multiprocessor; 132 on an
// H100 SXM). T1 = 128: the paper switches to the block reduction "as soon as
// there is enough work for a block of threads" (32 on 8-lane-per-SM Teslas,
// 64 on the 32-lane C2050); an H100 SM has 4 x 32 lanes, and the middle
// block has 128 threads, so the switch is at one k per thread of the block.
//
// Timed (CUDA events): zeroing the table, setting the second diagonal, all
// kernels and copying the one answer C(0, n-1) back. Not timed: context
// creation, cudaMalloc, copying the sequence in. The table itself is never
// copied to the host: the method only needs it on the device.
#include "cuda_common.cuh"

namespace {

using bench::dbond;

constexpr int InitialBlock = 128;

__global__ void k_second_diagonal(int *C, const int8_t *S, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) {
    int b = dbond(S[i], S[i + 1]);
    C[(size_t)i * n + i + 1] = b;
    C[(size_t)(i + 1) * n + i] = b;
  }
}

// Initial segment: one thread per cell of diagonal d.
__global__ void k_initial(int *C, const int8_t *S, int n, int d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n - d)
    return;
  int j = i + d;
  const int *Ri = C + (size_t)i * n;
  const int *Rj = C + (size_t)j * n;
  int m = C[(size_t)(i + 1) * n + j - 1] + dbond(S[i], S[j]);
  for (int k = i; k < j; ++k)
    m = max(m, Ri[k] + Rj[k + 1]);
  C[(size_t)i * n + j] = m;
  C[(size_t)j * n + i] = m;
}

// Shared-memory tree reduction of one value per thread (Harris, sequential
// addressing), blockDim.x = B a power of two >= 64; the last 32 with
// shuffles. Thread 0 gets the result.
template <int B> __device__ __forceinline__ int smem_reduce_max(int v) {
  __shared__ int Sh[B];
  const int t = threadIdx.x;
  Sh[t] = v;
  __syncthreads();
#pragma unroll
  for (int s = B / 2; s >= 32; s >>= 1) {
    if (t < s)
      Sh[t] = max(Sh[t], Sh[t + s]);
    __syncthreads();
  }
  if (t < 32) {
    v = Sh[t];
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
      v = max(v, __shfl_down_sync(0xffffffffu, v, o));
  }
  return v;
}

// Middle segment: block b computes cell (b, b + d).
template <int B> __global__ void k_middle(int *C, const int8_t *S, int n, int d) {
  const int i = blockIdx.x, j = i + d;
  const int *Ri = C + (size_t)i * n;
  const int *Rj = C + (size_t)j * n + 1;
  int m = 0; // every C value is >= 0, so 0 is a neutral start
  for (int k = i + threadIdx.x; k < j; k += B)
    m = max(m, Ri[k] + Rj[k]);
  m = smem_reduce_max<B>(m);
  if (threadIdx.x == 0) {
    m = max(m, C[(size_t)(i + 1) * n + j - 1] + dbond(S[i], S[j]));
    C[(size_t)i * n + j] = m;
    C[(size_t)j * n + i] = m;
  }
}

// Final segment: the whole grid computes cell (i, j). The cell and its
// transposed copy are 0 (zeroed table) before the launch; every block
// atomicMax-es its partial maximum into both. Launches on one stream are
// ordered, so the next cell's launch sees the finished value.
template <int B> __global__ void k_final(int *C, const int8_t *S, int n, int i, int j) {
  const int *Ri = C + (size_t)i * n;
  const int *Rj = C + (size_t)j * n + 1;
  int m = 0;
  for (int k = i + blockIdx.x * B + threadIdx.x; k < j; k += gridDim.x * B)
    m = max(m, Ri[k] + Rj[k]);
  m = smem_reduce_max<B>(m);
  if (threadIdx.x == 0) {
    if (blockIdx.x == 0)
      m = max(m, C[(size_t)(i + 1) * n + j - 1] + dbond(S[i], S[j]));
    atomicMax(C + (size_t)i * n + j, m);
    atomicMax(C + (size_t)j * n + i, m);
  }
}

template <int B>
void launch_middle(int *C, const int8_t *S, int n, int d, int L) {
  k_middle<B><<<L, B>>>(C, S, n, d);
}

} // namespace

int main(int argc, char **argv) {
  using namespace bench;
  Options O = parse_args(argc, argv, false, {"--t1", "--t2", "--block"},
                         "--seq FILE [--mode=chang|nussinov] [--t1=K] [--t2=L] "
                         "[--block=64|128|256|512]");
  std::vector<int8_t> Seq = read_sequence(O.Seq);
  const long long nl = static_cast<long long>(Seq.size());
  if (nl > 46000)
    die("n = " + std::to_string(nl) + " is too long (int32 indices; at most 46000)");
  const int n = static_cast<int>(nl);
  Device Dev = init_device();
  const int T1 = std::atoi(extra(O, "--t1", "128").c_str());
  const int T2 = std::atoi(extra(O, "--t2", std::to_string(Dev.SMs)).c_str());
  const int MB = std::atoi(extra(O, "--block", "128").c_str());
  if (T1 < 2 || T2 < 1)
    die("--t1 must be >= 2 and --t2 >= 1");
  if (MB != 64 && MB != 128 && MB != 256 && MB != 512)
    die("--block must be 64, 128, 256 or 512");
  constexpr int FinalBlock = 128;
  const int FinalMaxGrid = 4 * Dev.SMs;

  const unsigned long long Cells = static_cast<unsigned long long>(n) * n;
  int *dC = device_alloc<int>(Cells, "the n x n table");
  int8_t *dS = device_alloc<int8_t>(n, "the sequence");
  CUDA_CHECK(cudaMemcpy(dS, Seq.data(), n, cudaMemcpyHostToDevice));

  EventTimer Timer;
  Timer.start();
  CUDA_CHECK(cudaMemsetAsync(dC, 0, Cells * sizeof(int), 0));
  if (O.Mode == "nussinov" && n >= 2) {
    k_second_diagonal<<<(n + 255) / 256, 256>>>(dC, dS, n);
    LAUNCH_CHECK();
  }
  long long Launches = 0, Initial = 0, Middle = 0, Final = 0;
  for (int d = 2; d < n; ++d) {
    const int L = n - d; // cells on diagonal d
    if (d < T1) {
      k_initial<<<(L + InitialBlock - 1) / InitialBlock, InitialBlock>>>(dC, dS, n, d);
      LAUNCH_CHECK();
      ++Launches;
      ++Initial;
    } else if (L >= T2) {
      switch (MB) {
      case 64: launch_middle<64>(dC, dS, n, d, L); break;
      case 128: launch_middle<128>(dC, dS, n, d, L); break;
      case 256: launch_middle<256>(dC, dS, n, d, L); break;
      default: launch_middle<512>(dC, dS, n, d, L); break;
      }
      LAUNCH_CHECK();
      ++Launches;
      ++Middle;
    } else {
      int Grid = (d + FinalBlock - 1) / FinalBlock;
      if (Grid > FinalMaxGrid)
        Grid = FinalMaxGrid;
      for (int i = 0; i < L; ++i) {
        k_final<FinalBlock><<<Grid, FinalBlock>>>(dC, dS, n, i, i + d);
        LAUNCH_CHECK();
        ++Launches;
      }
      ++Final;
    }
  }
  int Answer = 0;
  CUDA_CHECK(cudaMemcpy(&Answer, dC + (n - 1), sizeof(int), cudaMemcpyDeviceToHost));
  const double Seconds = Timer.stop();
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaFree(dC));
  CUDA_CHECK(cudaFree(dS));
  char Extra[512];
  std::snprintf(Extra, sizeof Extra,
                "\"mode\":\"%s\",\"device\":\"%s\",\"t1\":%d,\"t2\":%d,"
                "\"block\":%d,\"diagonals\":{\"initial\":%lld,\"middle\":%lld,"
                "\"final\":%lld},\"launches\":%lld",
                O.Mode.c_str(), json_escape(Dev.Name).c_str(), T1, T2, MB,
                Initial, Middle, Final, Launches);
  print_result("chang3k", "cuda", n, Answer, Seconds, Extra);
  return 0;
}
