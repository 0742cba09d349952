//===- semiring.cu - A tile-config-templated semiring product (bench input) -===//
//
// The shape of a semiring/distance kernel library built on CuTe: one kernel
// template over a tile configuration, two inject sites per inner step,
// "combine" (t = a (x) b) and "reduce" (acc = acc (+) t), whose operand types
// come from the configuration (untyped operands: the front end types them).
// Instantiated for two configurations, as a search over tile shapes would.
// Used by utils/bench/frontend-real; not a tuned kernel.
//
//===----------------------------------------------------------------------===//
#include <cute/tensor.hpp>
#include <ptx_inject.h>

namespace semiring {

template <int BM, int BN, int BK, int TM, int TN, class Elem>
struct TileConfig {
  using T = Elem;
  using Tile = cute::Shape<cute::Int<BM>, cute::Int<BN>, cute::Int<BK>>;
  using SmemA = cute::Layout<cute::Shape<cute::Int<BM>, cute::Int<BK>>>;
  using SmemB = cute::Layout<cute::Shape<cute::Int<BN>, cute::Int<BK>>>;
  using LoadA = cute::Layout<cute::Shape<cute::Int<(TM * TN) / BK>, cute::Int<BK>>>;
  using LoadB = cute::Layout<cute::Shape<cute::Int<(TM * TN) / BK>, cute::Int<BK>>>;
  using Threads = cute::Layout<cute::Shape<cute::Int<TM>, cute::Int<TN>>>;
  static constexpr int NumThreads = TM * TN;
};

template <class Config>
__device__ void product(int M, int N, int K, typename Config::T const *A,
                        typename Config::T const *B, typename Config::T *C) {
  using namespace cute;
  using T = typename Config::T;
  Tensor mA = make_tensor(make_gmem_ptr(A), make_shape(M, K), make_stride(Int<1>{}, M));
  Tensor mB = make_tensor(make_gmem_ptr(B), make_shape(N, K), make_stride(Int<1>{}, N));
  Tensor mC = make_tensor(make_gmem_ptr(C), make_shape(M, N), make_stride(Int<1>{}, M));
  auto Coord = make_coord(blockIdx.x, blockIdx.y, _);
  Tensor gA = local_tile(mA, typename Config::Tile{}, Coord, Step<_1, X, _1>{});
  Tensor gB = local_tile(mB, typename Config::Tile{}, Coord, Step<X, _1, _1>{});
  Tensor gC = local_tile(mC, typename Config::Tile{}, Coord, Step<_1, _1, X>{});

  __shared__ T SA[cosize_v<typename Config::SmemA>];
  __shared__ T SB[cosize_v<typename Config::SmemB>];
  Tensor sA = make_tensor(make_smem_ptr(SA), typename Config::SmemA{});
  Tensor sB = make_tensor(make_smem_ptr(SB), typename Config::SmemB{});
  Tensor tAgA = local_partition(gA, typename Config::LoadA{}, threadIdx.x);
  Tensor tAsA = local_partition(sA, typename Config::LoadA{}, threadIdx.x);
  Tensor tBgB = local_partition(gB, typename Config::LoadB{}, threadIdx.x);
  Tensor tBsB = local_partition(sB, typename Config::LoadB{}, threadIdx.x);
  Tensor tCsA = local_partition(sA, typename Config::Threads{}, threadIdx.x, Step<_1, X>{});
  Tensor tCsB = local_partition(sB, typename Config::Threads{}, threadIdx.x, Step<X, _1>{});
  Tensor tCgC = local_partition(gC, typename Config::Threads{}, threadIdx.x, Step<_1, _1>{});
  Tensor tCrA = make_fragment_like(tCsA(_, 0));
  Tensor tCrB = make_fragment_like(tCsB(_, 0));
  Tensor tCrC = make_fragment_like(tCgC);
  clear(tCrC);

  for (int KTile = 0; KTile < size<2>(tAgA); ++KTile) {
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
          T Term;
          PTX_INJECT("combine", PTX_IN(tCrA(I)), PTX_IN(tCrB(J)), PTX_OUT(Term));
          PTX_INJECT("reduce", PTX_IN(Term), PTX_MOD(tCrC(I, J)));
        }
      }
    }
    __syncthreads();
  }
  copy(tCrC, tCgC);
}

} // namespace semiring

using Small = semiring::TileConfig<64, 64, 8, 8, 16, float>;
using Large = semiring::TileConfig<128, 128, 8, 16, 16, float>;

extern "C" __global__ void __launch_bounds__(Small::NumThreads)
    semiring_small(int M, int N, int K, float const *A, float const *B, float *C) {
  semiring::product<Small>(M, N, K, A, B, C);
}

extern "C" __global__ void __launch_bounds__(Large::NumThreads)
    semiring_large(int M, int N, int K, float const *A, float const *B, float *C) {
  semiring::product<Large>(M, N, K, A, B, C);
}
