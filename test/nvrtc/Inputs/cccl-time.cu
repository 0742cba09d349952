// CCCL headers whose NVRTC path declares time_t as long long, as NVRTC does.
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/std/atomic>
#include <cuda/std/chrono>
#include <ptx_inject.h>

__global__ void tick(float *v, long long *t) {
  cuda::std::atomic_ref<long long> stamp(*t);
  stamp.fetch_add(1);
  float x = v[0], y;
  PTX_INJECT("tick", PTX_IN(x), PTX_OUT(y));
  v[1] = y;
}
