// Four injects of one shape (z out, x and y in), block x selects which one
// runs: the layout packed variant compiles use.
#define SLOT(NAME)                                                             \
  asm volatile("{\n\t.reg .f32 %%_x0;\n\t.reg .f32 %%_x1;\n\t.reg .f32 %%_x2;\n\t" \
               "mov.f32 %%_x1, %1;\n\tmov.f32 %%_x2, %2;\n\t"                   \
               "// PTX_INJECT_START " NAME "\n\t"                              \
               "// _x0 o f32 F32 z\n\t"                                        \
               "// _x1 i f32 F32 x\n\t"                                        \
               "// _x2 i f32 F32 y\n\t"                                        \
               "// PTX_INJECT_END\n\t"                                         \
               "mov.f32 %0, %%_x0;\n\t}"                                       \
               : "=f"(z)                                                       \
               : "f"(x), "f"(y))

extern "C" __global__ void four_slots(const float *xs, const float *ys, float *zs) {
  int i = threadIdx.x;
  float x = xs[i], y = ys[i], z = 0.0f;
  switch (blockIdx.x) {
  case 0: SLOT("slot_0"); break;
  case 1: SLOT("slot_1"); break;
  case 2: SLOT("slot_2"); break;
  case 3: SLOT("slot_3"); break;
  }
  zs[blockIdx.x * blockDim.x + i] = z;
}
