// Generated from gemm.cu by ptxinject-rewrite; do not edit (test/e2e/cute-gemm-rewrite.test checks it is current).
//===- gemm.cu - CuTe SIMT f32 GEMM with an injectable multiply-accumulate -===//
//
// C = alpha * (A (x) B) + beta * C for column-major A (M x K), B^T (N x K)
// and C (M x N), written with CuTe the way its SIMT tutorials are: 128x128x8
// block tiles, 256 threads, gmem -> smem with cute::copy, smem -> registers
// through a 16x16 thread layout, each thread owning an 8x8 block of C.
//
// The multiply-accumulate is one PTX_INJECT site, "mma" (in a, in b, mod c),
// so one compiled PTX serves any semiring: inject `fma.rn.f32 c, a, b, c`
// for the ordinary GEMM, `sub/abs/add` for an L1 distance, `max/min` for a
// tropical product... The unrolled loops copy the site 8 x 8 x 8 = 512 times;
// the runtime sees them as one inject with 512 sites.
//
// Launch: grid (M/128, N/128), 256 threads. M and N must be multiples of 128
// and K of 8 (no bounds predication, as in the tutorial it follows).
//
// Rewrite with ptxinject-rewrite (gemm.asm.cu is the committed result, for
// nvcc/nvrtc builds that cannot run the front end) and compile with
// -I<cutlass include> (utils/install-cute).
//
//===----------------------------------------------------------------------===//
#include <cute/tensor.hpp>
#include <ptx_inject.h>

namespace cute_gemm {

template <class BlockTile, class SmemLayoutA, class SmemLayoutB,
          class CopyThreadsA, class CopyThreadsB, class MmaThreads>
__device__ void semiringGemmNT(int M, int N, int K, float alpha,
                               float const *A, int ldA, float const *B,
                               int ldB, float beta, float *C, int ldC) {
  using namespace cute;

  Tensor mA = make_tensor(make_gmem_ptr(A), make_shape(M, K),
                          make_stride(Int<1>{}, ldA)); // (M,K)
  Tensor mB = make_tensor(make_gmem_ptr(B), make_shape(N, K),
                          make_stride(Int<1>{}, ldB)); // (N,K)
  Tensor mC = make_tensor(make_gmem_ptr(C), make_shape(M, N),
                          make_stride(Int<1>{}, ldC)); // (M,N)

  // This block's tiles; the k mode stays whole for the main loop.
  auto BlockCoord = make_coord(blockIdx.x, blockIdx.y, _);
  Tensor gA = local_tile(mA, BlockTile{}, BlockCoord, Step<_1, X, _1>{}); // (BM,BK,k)
  Tensor gB = local_tile(mB, BlockTile{}, BlockCoord, Step<X, _1, _1>{}); // (BN,BK,k)
  Tensor gC = local_tile(mC, BlockTile{}, BlockCoord, Step<_1, _1, X>{}); // (BM,BN)

  __shared__ float SmemA[cosize_v<SmemLayoutA>];
  __shared__ float SmemB[cosize_v<SmemLayoutB>];
  Tensor sA = make_tensor(make_smem_ptr(SmemA), SmemLayoutA{}); // (BM,BK)
  Tensor sB = make_tensor(make_smem_ptr(SmemB), SmemLayoutB{}); // (BN,BK)

  // Loading a k-tile: the copy layouts rake over the tiles so neighbouring
  // threads read neighbouring addresses (coalesced).
  Tensor tAgA = local_partition(gA, CopyThreadsA{}, threadIdx.x); // (4,1,k)
  Tensor tAsA = local_partition(sA, CopyThreadsA{}, threadIdx.x); // (4,1)
  Tensor tBgB = local_partition(gB, CopyThreadsB{}, threadIdx.x);
  Tensor tBsB = local_partition(sB, CopyThreadsB{}, threadIdx.x);

  // Computing: a thread's rows of sA and columns of sB are the projections of
  // its place in MmaThreads; its block of C is the product of the two.
  Tensor tCsA = local_partition(sA, MmaThreads{}, threadIdx.x, Step<_1, X>{}); // (8,BK)
  Tensor tCsB = local_partition(sB, MmaThreads{}, threadIdx.x, Step<X, _1>{}); // (8,BK)
  Tensor tCgC = local_partition(gC, MmaThreads{}, threadIdx.x, Step<_1, _1>{}); // (8,8)

  // Register fragments: one column of the thread's A rows and one row of its
  // B columns per k step, and the accumulators.
  Tensor tCrA = make_fragment_like(tCsA(_, 0)); // (8)
  Tensor tCrB = make_fragment_like(tCsB(_, 0)); // (8)
  Tensor tCrC = make_fragment_like(tCgC);       // (8,8)
  clear(tCrC);

  int NumKTiles = size<2>(tAgA);
  for (int KTile = 0; KTile < NumKTiles; ++KTile) {
    copy(tAgA(_, _, KTile), tAsA);
    copy(tBgB(_, _, KTile), tBsB);
    __syncthreads();

    CUTE_UNROLL
    for (int KStep = 0; KStep < size<1>(tCsA); ++KStep) {
      copy(tCsA(_, KStep), tCrA);
      copy(tCsB(_, KStep), tCrB);
      CUTE_UNROLL
      for (int I = 0; I < size(tCrA); ++I) {
        CUTE_UNROLL
        for (int J = 0; J < size(tCrB); ++J) {
          asm volatile("{\n\t" ".reg .f32 %%_x0;\n\t" ".reg .f32 %%_x1;\n\t" ".reg .f32 %%_x2;\n\t" "mov.f32 %%_x0, %0;\n\t" "mov.f32 %%_x1, %1;\n\t" "mov.f32 %%_x2, %2;\n\t" "// PTX_INJECT_START mma\n\t" "// _x0 m f32 F32 c\n\t" "// _x1 i f32 F32 a\n\t" "// _x2 i f32 F32 b\n\t" "// PTX_INJECT_END\n\t" "mov.f32 %0, %%_x0;\n\t" "}" : "+f"(tCrC(I, J)) : "f"(tCrA(I)), "f"(tCrB(J)))
;
        }
      }
    }
    // The next k-tile overwrites shared memory others may still be reading.
    __syncthreads();
  }

  axpby(alpha, tCrC, beta, tCgC);
}

} // namespace cute_gemm

extern "C" __global__ void __launch_bounds__(256)
    cute_gemm_nt_f32(int M, int N, int K, float alpha, float const *A,
                     int ldA, float const *B, int ldB, float beta, float *C,
                     int ldC) {
  using namespace cute;
  using BlockTile = Shape<_128, _128, _8>;
  // M-major (and N-major) shared tiles, matching the column-major inputs.
  using SmemLayoutA = Layout<Shape<_128, _8>>;
  using SmemLayoutB = Layout<Shape<_128, _8>>;
  using CopyThreadsA = Layout<Shape<_32, _8>>;
  using CopyThreadsB = Layout<Shape<_32, _8>>;
  using MmaThreads = Layout<Shape<_16, _16>>;
  cute_gemm::semiringGemmNT<BlockTile, SmemLayoutA, SmemLayoutB, CopyThreadsA,
                            CopyThreadsB, MmaThreads>(M, N, K, alpha, A, ldA,
                                                      B, ldB, beta, C, ldC);
}
