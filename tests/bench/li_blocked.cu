// li-blocked / li-packed - Li, Ranka & Sahni's (2014, seeds/003) blocked GPU
// algorithm (their Algorithm 2) with the register-blocked maxKernel
// (Algorithm 3), for Chang et al.'s simplified recurrence (seeds/003 eq. 3,
// written with the upper triangle only):
//
//   C(i,i) = 0, C(i,i+1) = base(i) (0 in --mode=chang, bond(a_i,a_{i+1}) in
//   --mode=nussinov), C(i,j) = max(C(i+1,j-1) + bond(a_i,a_j),
//                                  max_{i<=k<j} C(i,k) + C(k+1,j)).
//
// The upper triangle is cut into 32 x 32 tiles; tile (I,J) holds rows
// 32I.., columns 32J... Tile diagonals D = J - I run one launch each:
//
//   D = 0   the triangular tiles, one 32-thread block each, filled in
//           diagonal order in shared memory.
//   D >= 1  one 32 x 2 thread block per tile (Algorithm 2). For
//           blk = 1 .. D-1 it loads the A tile (rows 32I.., columns
//           32(I+blk)-1 ..) into shared memory and runs maxKernel against
//           the B tile (rows 32(I+blk).., columns 32J..) read from global
//           memory: thread (tx, ty) keeps the 16 partial maxima of column tx,
//           rows 16ty .. 16ty+15, in registers and streams B's column tx
//           through four registers r0..r3 (Algorithm 3). These k,
//           32(I+1)-1 <= k <= 32J-2, are valid for every cell of the tile.
//           Then the partials go to shared memory and the tile is finished
//           in diagonal order (63 steps): the pairing term and the k that
//           fall in the diagonal tiles (I,I) and (J,J) ("Finish remaining
//           computation", Algorithm 2 lines 17-22), then written back.
//
// Layouts (--layout; li-blocked defaults to full, li-packed to tile):
//   full  the n x n row-major array (the paper's "Ours1").
//   row   the upper triangle packed row-major, row i holding columns i..
//         (the paper's "Ours2", half the memory). Rows start unaligned.
//   tile  the upper triangle of tiles packed row-major: row i holds columns
//         32*floor(i/32) .. n-1, so every row starts 128-byte aligned and
//         the memory is n(n+32)/2 ints.
//
// Deviations from the paper, none of which changes the algorithm: n is
// padded to a multiple of 32 with a letter that never pairs (the padded cells
// are computed and ignored; no real cell reads one), instead of the paper's
// non-square edge tiles; the A tile is kept k-major in shared memory
// (sA[k][row], rows padded to 36) so a thread's 16 A values for one k are
// four 128-bit broadcast loads instead of sixteen scalar ones.
//
// Timed (CUDA events): all kernels and copying the answer C(0, n-1) back.
// Not timed: context creation, cudaMalloc and a cudaMemset of the table (the
// algorithm reads no cell before writing it), copying the sequence in. The
// table is never copied to the host.
#include "cuda_common.cuh"

#ifndef LI_PACKED
#define LI_PACKED 0
#endif

namespace {

using bench::dbond;

constexpr int BS = 32;
constexpr int NEG = INT_MIN / 4; // below every value; NEG + value never overflows

struct FullLayout {
  long long Np;
  __host__ __device__ long long idx(int i, int j) const { return (long long)i * Np + j; }
  // idx(i0 + kk, j) - idx(i0, j), i0 a multiple of 32, 0 <= kk < 32.
  __host__ __device__ long long step(int i0, int kk) const { (void)i0; return kk * Np; }
  static long long total(long long Np) { return Np * Np; }
};

struct TileLayout {
  long long Np;
  __host__ __device__ long long idx(int i, int j) const {
    const long long R = i >> 5, r = i & 31;
    return 32 * (R * Np - 16 * R * (R - 1)) + r * (Np - 32 * R) + (j - 32 * R);
  }
  __host__ __device__ long long step(int i0, int kk) const { return kk * (Np - i0); }
  static long long total(long long Np) { return Np * (Np + 32) / 2; }
};

struct RowLayout {
  long long Np;
  __host__ __device__ long long idx(int i, int j) const {
    const long long ii = i;
    return ii * Np - ii * (ii - 1) / 2 + (j - ii);
  }
  __host__ __device__ long long step(int i0, int kk) const {
    return (long long)kk * (Np - i0 - 1) - (long long)kk * (kk - 1) / 2;
  }
  static long long total(long long Np) { return Np * (Np + 1) / 2; }
};

// D = 0: triangular tile (I, I), one warp, diagonal order.
template <class L>
__global__ void __launch_bounds__(BS) k_diag_tiles(int *C, const int8_t *S, L lay, int nussinov) {
  __shared__ int sT[BS][BS + 1];
  const int r = threadIdx.x, base = blockIdx.x * BS;
  sT[r][r] = 0;
  if (r + 1 < BS)
    sT[r][r + 1] = nussinov ? dbond(S[base + r], S[base + r + 1]) : 0;
  __syncthreads();
  for (int s = 2; s < BS; ++s) {
    if (r + s < BS) {
      const int c = r + s, i = base + r, j = base + c;
      int v = sT[r + 1][c - 1] + dbond(S[i], S[j]);
      for (int kk = r; kk < c; ++kk)
        v = max(v, sT[r][kk] + sT[kk + 1][c]);
      sT[r][c] = v;
    }
    __syncthreads();
  }
  for (int rr = 0; rr <= r; ++rr) // column r, rows 0..r
    C[lay.idx(base + rr, base + r)] = sT[rr][r];
}

// Algorithm 3: reg[k] = max(reg[k], A[16ty+k][kk] + B[kk][tx]) for kk < 32.
// sA is k-major (sA[kk][row]); B = column `col` of rows b0 .. b0+31, read
// from global memory four rows ahead (r0..r3).
template <class L>
__device__ __forceinline__ void max_kernel(int (&reg)[16], const int (*sA)[BS + 4],
                                           const int *__restrict__ C, const L &lay,
                                           int b0, int col, int ty) {
  const int *B = C + lay.idx(b0, col);
  int rq[4];
#pragma unroll
  for (int q = 0; q < 4; ++q)
    rq[q] = B[lay.step(b0, q)];
#pragma unroll
  for (int jj = 0; jj < 8; ++jj) {
#pragma unroll
    for (int q = 0; q < 4; ++q) {
      const int kk = jj * 4 + q;
      const int4 *a4 = reinterpret_cast<const int4 *>(&sA[kk][ty * 16]);
#pragma unroll
      for (int v4 = 0; v4 < 4; ++v4) {
        const int4 a = a4[v4];
        reg[4 * v4 + 0] = max(reg[4 * v4 + 0], rq[q] + a.x);
        reg[4 * v4 + 1] = max(reg[4 * v4 + 1], rq[q] + a.y);
        reg[4 * v4 + 2] = max(reg[4 * v4 + 2], rq[q] + a.z);
        reg[4 * v4 + 3] = max(reg[4 * v4 + 3], rq[q] + a.w);
      }
      if (jj < 7)
        rq[q] = B[lay.step(b0, kk + 4)];
    }
  }
}

// D >= 1: tile (I, I + D), 32 x 2 threads (Algorithm 2).
template <class L>
__global__ void __launch_bounds__(2 * BS) k_tiles(int *C, const int8_t *S, L lay, int D, int nussinov) {
  __shared__ __align__(16) int sA[BS][BS + 4];
  __shared__ int sT[BS][BS + 1];
  __shared__ int sDI[BS][BS + 1];
  __shared__ int sDJ[BS][BS + 1];
  __shared__ int sLeft[BS];
  __shared__ int sBelow[BS];
  const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * BS + tx;
  const int I = blockIdx.x, J = I + D;
  const int rowI = I * BS, colJ = J * BS;

  int reg[16];
#pragma unroll
  for (int k = 0; k < 16; ++k)
    reg[k] = NEG;
  for (int blk = 1; blk < D; ++blk) {
    const int a0 = (I + blk) * BS - 1; // first A column (the paper's aCol + blk*BS)
    const int b0 = (I + blk) * BS;     // first B row (bRow + blk*BS)
    for (int e = tid; e < BS * BS; e += 2 * BS) {
      const int rr = e >> 5, cc = e & 31;
      sA[cc][rr] = C[lay.idx(rowI + rr, a0 + cc)];
    }
    __syncthreads();
    max_kernel(reg, sA, C, lay, b0, colJ + tx, ty);
    __syncthreads(); // before the next A tile overwrites sA
  }

  // Finish the tile in shared memory.
#pragma unroll
  for (int k = 0; k < 16; ++k)
    sT[ty * 16 + k][tx] = reg[k];
  for (int e = tid; e < BS * BS; e += 2 * BS) {
    const int r = e >> 5, c = e & 31;
    if (c >= r) {
      sDI[r][c] = C[lay.idx(rowI + r, rowI + c)];
      sDJ[r][c] = C[lay.idx(colJ + r, colJ + c)];
    }
  }
  if (ty == 0) {
    sLeft[tx] = C[lay.idx(rowI + tx, colJ - 1)]; // C(i, 32J-1), tile (I, J-1)
  } else {
    const int rb = rowI + BS, cb = colJ - 1 + tx; // C(32(I+1), j-1) for row 31
    sBelow[tx] = rb <= cb ? C[lay.idx(rb, cb)] : 0; // rb > cb only for the j = i+1 cell
  }
  __syncthreads();
  for (int s = 0; s < 2 * BS - 1; ++s) { // cells with c - r = s - 31
    if (ty == 0) {
      const int r = tx, c = r + s - (BS - 1);
      if (c >= 0 && c < BS) {
        const int i = rowI + r, j = colJ + c;
        int v;
        if (j - i == 1) {
          v = nussinov ? dbond(S[i], S[j]) : 0;
        } else {
          v = sT[r][c];
          const int p = r < BS - 1 ? (c > 0 ? sT[r + 1][c - 1] : sLeft[r + 1]) : sBelow[c];
          v = max(v, p + dbond(S[i], S[j]));
          for (int kk = r; kk < BS - 1; ++kk) // k = i .. 32(I+1)-2
            v = max(v, sDI[r][kk] + sT[kk + 1][c]);
          v = max(v, sLeft[r] + sDJ[0][c]);   // k = 32J-1
          for (int cc = 0; cc < c; ++cc)      // k = 32J .. j-1
            v = max(v, sT[r][cc] + sDJ[cc + 1][c]);
        }
        sT[r][c] = v;
      }
    }
    __syncthreads();
  }
  for (int e = tid; e < BS * BS; e += 2 * BS) {
    const int r = e >> 5, c = e & 31;
    C[lay.idx(rowI + r, colJ + c)] = sT[r][c];
  }
}

template <class L>
double run(const std::vector<int8_t> &Seq, bool Nussinov, int &Answer,
           long long &MiB) {
  using namespace bench;
  const int n = static_cast<int>(Seq.size());
  const int Nt = (n + BS - 1) / BS;
  const long long Np = static_cast<long long>(Nt) * BS;
  L lay{Np};
  const long long Total = L::total(Np);
  MiB = Total * 4 >> 20;
  int *dC = device_alloc<int>(Total, "the table");
  int8_t *dS = device_alloc<int8_t>(Np, "the sequence");
  std::vector<int8_t> Padded(Seq);
  Padded.resize(Np, 4); // 4: a letter that never pairs
  CUDA_CHECK(cudaMemcpy(dS, Padded.data(), Np, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dC, 0, Total * sizeof(int)));
  CUDA_CHECK(cudaDeviceSynchronize());

  EventTimer Timer;
  Timer.start();
  k_diag_tiles<L><<<Nt, BS>>>(dC, dS, lay, Nussinov ? 1 : 0);
  LAUNCH_CHECK();
  for (int D = 1; D < Nt; ++D) {
    k_tiles<L><<<Nt - D, dim3(BS, 2)>>>(dC, dS, lay, D, Nussinov ? 1 : 0);
    LAUNCH_CHECK();
  }
  CUDA_CHECK(cudaMemcpy(&Answer, dC + lay.idx(0, n - 1), sizeof(int),
                        cudaMemcpyDeviceToHost));
  const double Seconds = Timer.stop();
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(dC));
  CUDA_CHECK(cudaFree(dS));
  return Seconds;
}

} // namespace

int main(int argc, char **argv) {
  using namespace bench;
  const char *Name = LI_PACKED ? "li-packed" : "li-blocked";
  Options O = parse_args(argc, argv, false, {"--layout"},
                         "--seq FILE [--mode=chang|nussinov] [--layout=full|tile|row]");
  const std::string Layout = extra(O, "--layout", LI_PACKED ? "tile" : "full");
  if (Layout != "full" && Layout != "tile" && Layout != "row")
    die("--layout must be full, tile or row");
  std::vector<int8_t> Seq = read_sequence(O.Seq);
  if (Seq.size() > 46000)
    die("n = " + std::to_string(Seq.size()) + " is too long (at most 46000)");
  Device Dev = init_device();
  const bool Nussinov = O.Mode == "nussinov";
  int Answer = 0;
  long long MiB = 0;
  double Seconds = Layout == "full"   ? run<FullLayout>(Seq, Nussinov, Answer, MiB)
                   : Layout == "tile" ? run<TileLayout>(Seq, Nussinov, Answer, MiB)
                                      : run<RowLayout>(Seq, Nussinov, Answer, MiB);
  char Extra[512];
  std::snprintf(Extra, sizeof Extra,
                "\"mode\":\"%s\",\"device\":\"%s\",\"layout\":\"%s\",\"table_mib\":%lld",
                O.Mode.c_str(), json_escape(Dev.Name).c_str(), Layout.c_str(), MiB);
  print_result(Name, "cuda", static_cast<long long>(Seq.size()), Answer, Seconds, Extra);
  return 0;
}
