// One inject of five operand kinds and types (an f32 out, an f32 in, a u64
// mod, a predicate in, an f16 mod), at two sites: the helper is inlined
// into both branches. In the rewritten (asm) form.

__device__ __forceinline__ void mixed(float x, int p, float &z,
                                      unsigned long long &a,
                                      unsigned short &h) {
  asm("{\n"
      ".reg .f32 %%_x0;\n"
      ".reg .f32 %%_x1;\n"
      ".reg .u64 %%_x2;\n"
      ".reg .pred %%_x3;\n"
      ".reg .b16 %%_x4;\n"
      "mov.f32 %%_x1, %3;\n"
      "mov.u64 %%_x2, %1;\n"
      "setp.ne.s32 %%_x3, %4, 0;\n"
      "mov.b16 %%_x4, %2;\n"
      "// PTX_INJECT_START mixed\n"
      "// _x0 o f32 F32 z\n"
      "// _x1 i f32 F32 x\n"
      "// _x2 m u64 U64 a\n"
      "// _x3 i pred PRED p\n"
      "// _x4 m b16 F16 h\n"
      "// PTX_INJECT_END\n"
      "mov.f32 %0, %%_x0;\n"
      "mov.u64 %1, %%_x2;\n"
      "mov.b16 %2, %%_x4;\n"
      "}\n"
      : "=f"(z), "+l"(a), "+h"(h)
      : "f"(x), "r"(p));
}

extern "C" __global__ void k_mixed(const float *xs, unsigned long long *as,
                                   unsigned short *hs, float *zs, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float z = 0.0f;
  unsigned long long a = as[i];
  unsigned short h = hs[i];
  if (i & 1)
    mixed(xs[i], i & 2, z, a, h);
  else
    mixed(xs[i] * 2.0f, i & 4, z, a, h);
  zs[i] = z;
  as[i] = a;
  hs[i] = h;
}
