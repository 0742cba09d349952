// The reference system's Philox RNG sites: PTX_PHILOX(state) is the six
// words of a curandStatePhilox4_32_10_t-shaped state, typed PHILOX (u32)
// with the reference's labels; the counter's low word is a mod, the rest are
// ins. Plain nvcc, nvrtc, the rewriter and the plugin give equal tables, and
// a stub that draws from the state renders into PTX that ptxas accepts.
// REQUIRES: nvcc, nvrtc, rewriter, plugin, ptxas
// RUN: %nvcc-ptx %s -o %t.nvcc.ptx
// RUN: %nvrtc-ptx %s -o %t.nvrtc.ptx
// RUN: %ptxinject-rewrite %s -o %t.rw.cu
// RUN: %nvcc-ptx %t.rw.cu -o %t.rw.ptx
// RUN: %clang-cuda -O3 -fplugin=%plugin -S %s -o %t.plugin.ptx
// RUN: %ptxinject inspect --json %t.nvcc.ptx | grep -v '"line"' > %t.nvcc.json
// RUN: %ptxinject inspect --json %t.nvrtc.ptx | grep -v '"line"' > %t.nvrtc.json
// RUN: %ptxinject inspect --json %t.rw.ptx | grep -v '"line"' > %t.rw.json
// RUN: %ptxinject inspect --json %t.plugin.ptx | grep -v '"line"' > %t.plugin.json
// RUN: diff %t.nvcc.json %t.nvrtc.json
// RUN: diff %t.nvcc.json %t.rw.json
// RUN: diff %t.nvcc.json %t.plugin.json
// RUN: FileCheck %s --input-file=%t.nvcc.ptx --check-prefix=MARKERS
// RUN: %ptxinject render %t.nvcc.ptx -o %t.rendered.ptx \
// RUN:   --stub-text 'philox_u32=xor.b32 %%_x1, %%_x3, %%_x5; add.u32 %%_x0, %%_x0, 1;' \
// RUN:   --stub-text 'philox_uniform=cvt.rn.f32.u32 %%_x1, %%_x6; add.u32 %%_x0, %%_x0, 1;'
// RUN: %ptxas %t.rendered.ptx -o %t.cubin

// MARKERS:      // PTX_INJECT_START philox_u32
// MARKERS-NEXT: // _x0 m u32 PHILOX philox_ctr_x
// MARKERS-NEXT: // _x1 o u32 U32 bits
// MARKERS-NEXT: // _x2 i u32 PHILOX philox_key_x
// MARKERS-NEXT: // _x3 i u32 PHILOX philox_key_y
// MARKERS-NEXT: // _x4 i u32 PHILOX philox_ctr_y
// MARKERS-NEXT: // _x5 i u32 PHILOX philox_ctr_z
// MARKERS-NEXT: // _x6 i u32 PHILOX philox_ctr_w
// MARKERS-NEXT: // PTX_INJECT_END
// MARKERS:      // PTX_INJECT_START philox_uniform
// MARKERS-NEXT: // _x0 m u32 PHILOX philox_ctr_x
// MARKERS-NEXT: // _x1 o f32 F32 uniform
// MARKERS-NEXT: // _x2 i u32 PHILOX philox_key_x
// MARKERS-NEXT: // _x3 i u32 PHILOX philox_key_y
// MARKERS-NEXT: // _x4 i u32 PHILOX philox_ctr_y
// MARKERS-NEXT: // _x5 i u32 PHILOX philox_ctr_z
// MARKERS-NEXT: // _x6 i u32 PHILOX philox_ctr_w
// MARKERS-NEXT: // PTX_INJECT_END

#include <ptx_inject.h>

// The layout of cuRAND's Philox state: what PTX_PHILOX reads is key and ctr.
struct PhiloxState {
  uint4 ctr;
  uint4 output;
  uint2 key;
  int state_idx;
};

extern "C" __global__ void draw(PhiloxState *states, unsigned *bits_out,
                                float *uniform_out) {
  PhiloxState state = states[threadIdx.x];
  unsigned bits;
  float uniform;
  PTX_INJECT("philox_u32", PTX_PHILOX(state), PTX_OUT(U32, bits, bits));
  PTX_INJECT("philox_uniform", PTX_PHILOX(state),
             PTX_OUT(F32, uniform, uniform));
  bits_out[threadIdx.x] = bits;
  uniform_out[threadIdx.x] = uniform;
  states[threadIdx.x] = state;
}
