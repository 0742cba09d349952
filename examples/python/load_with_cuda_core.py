"""Load a cubin made by ptxinject with cuda.core and run it on the GPU.

    pip install cuda-core numpy && python examples/python/load_with_cuda_core.py

Skipped, with the reason, when cuda.core or a GPU is missing; the cubin is
still built so the rest of the pipeline runs everywhere.
"""

import sys

import numpy as np

import ptxinject
from cuda_source import cuda_to_ptx

SOURCE = r"""
#include <ptx_inject.h>
extern "C" __global__ void apply(const float *xs, float *ys, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = xs[i], y;
  PTX_INJECT("f", PTX_IN(x), PTX_OUT(y));
  ys[i] = y;
}
"""

module = ptxinject.Module.parse(cuda_to_ptx(SOURCE))
f = module["f"]
x, y = f["x"].register, f["y"].register
stub = ptxinject.stack.compile(f"{x} {x} mul.ftz.f32 1.0 add.ftz.f32", [(x, "F32"), (y, "F32")], [y])  # y = x*x + 1
cubin = ptxinject.compile_ptx(module.render({"f": stub}), arch="sm_80")
print(f"cubin of {len(cubin)} bytes")

try:
    from cuda.core.experimental import Device, LaunchConfig, LegacyPinnedMemoryResource, ObjectCode, launch
except ImportError:
    try:
        from cuda.core import Device, LaunchConfig, LegacyPinnedMemoryResource, ObjectCode, launch
    except ImportError:
        print("skipped loading: cuda.core is not installed (pip install cuda-core)")
        sys.exit(0)
try:
    dev = Device()
    dev.set_current()
except Exception as e:  # no driver or no GPU
    print(f"skipped loading: no usable GPU ({e})")
    sys.exit(0)

arch = "sm_" + "".join(str(v) for v in dev.compute_capability)
if arch != "sm_80":
    cubin = ptxinject.compile_ptx(module.render({"f": stub}), arch=arch)
kernel = ObjectCode.from_cubin(cubin).get_kernel("apply")

# Pinned host memory: the kernel reads and writes it directly, numpy views it.
n = 1024
pinned = LegacyPinnedMemoryResource()
buf_x, buf_y = pinned.allocate(4 * n), pinned.allocate(4 * n)
xs = np.from_dlpack(buf_x).view(np.float32)
ys = np.from_dlpack(buf_y).view(np.float32)
xs[:] = np.arange(n, dtype=np.float32) / n
stream = dev.create_stream()
launch(stream, LaunchConfig(grid=(n + 255) // 256, block=256), kernel, buf_x, buf_y, np.int32(n))
stream.sync()
assert np.allclose(ys, xs * xs + 1, rtol=1e-6), "kernel result differs from x*x + 1"
print(f"ran on {dev.name}: y = x*x + 1 for {n} values")
