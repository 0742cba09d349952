// Two kernels of two sites each (k_a: inject_0, inject_1; k_b: inject_2,
// inject_3) and a helper kernel without sites, in the rewritten (asm) form:
// a module whose programs fill only k_a's sites leaves k_b out and keeps
// the helper.

extern "C" __global__ void k_a(const float *__restrict__ xs, float *__restrict__ zs,
                              int n) {
  int i = blockIdx.y * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = xs[i];
  float z = 0.0f;
  switch (blockIdx.x) {
  case 0:
    asm("{\n"
        ".reg .f32 %%_x0;\n"
        ".reg .f32 %%_x1;\n"
        "mov.f32 %%_x1, %1;\n"
        "// PTX_INJECT_START inject_0\n"
        "// _x0 o f32 F32 z\n"
        "// _x1 i f32 F32 x\n"
        "// PTX_INJECT_END\n"
        "mov.f32 %0, %%_x0;\n"
        "}\n"
        : "=f"(z) : "f"(x));
    break;
  case 1:
    asm("{\n"
        ".reg .f32 %%_x0;\n"
        ".reg .f32 %%_x1;\n"
        "mov.f32 %%_x1, %1;\n"
        "// PTX_INJECT_START inject_1\n"
        "// _x0 o f32 F32 z\n"
        "// _x1 i f32 F32 x\n"
        "// PTX_INJECT_END\n"
        "mov.f32 %0, %%_x0;\n"
        "}\n"
        : "=f"(z) : "f"(x));
    break;
  }
  zs[blockIdx.x * n + i] = z;
}

extern "C" __global__ void k_b(const float *__restrict__ xs, float *__restrict__ zs,
                              int n) {
  int i = blockIdx.y * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = xs[i];
  float z = 0.0f;
  switch (blockIdx.x) {
  case 0:
    asm("{\n"
        ".reg .f32 %%_x0;\n"
        ".reg .f32 %%_x1;\n"
        "mov.f32 %%_x1, %1;\n"
        "// PTX_INJECT_START inject_2\n"
        "// _x0 o f32 F32 z\n"
        "// _x1 i f32 F32 x\n"
        "// PTX_INJECT_END\n"
        "mov.f32 %0, %%_x0;\n"
        "}\n"
        : "=f"(z) : "f"(x));
    break;
  case 1:
    asm("{\n"
        ".reg .f32 %%_x0;\n"
        ".reg .f32 %%_x1;\n"
        "mov.f32 %%_x1, %1;\n"
        "// PTX_INJECT_START inject_3\n"
        "// _x0 o f32 F32 z\n"
        "// _x1 i f32 F32 x\n"
        "// PTX_INJECT_END\n"
        "mov.f32 %0, %%_x0;\n"
        "}\n"
        : "=f"(z) : "f"(x));
    break;
  }
  zs[blockIdx.x * n + i] = z;
}

extern "C" __global__ void k_helper(float *__restrict__ zs, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    zs[i] = 0.0f;
}
