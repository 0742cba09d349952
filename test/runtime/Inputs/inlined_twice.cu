// A __device__ function with a site, inlined at two call places: one inject,
// two sites with the same stable registers.
__device__ __forceinline__ float scale(float v, float k) {
  float r;
  asm("{\n\t.reg .f32 %%_x0;\n\t.reg .f32 %%_x1;\n\t.reg .f32 %%_x2;\n\t"
      "mov.f32 %%_x1, %1;\n\tmov.f32 %%_x2, %2;\n\t"
      "// PTX_INJECT_START scale\n\t"
      "// _x0 o f32 F32 r\n\t"
      "// _x1 i f32 F32 v\n\t"
      "// _x2 i f32 F32 k\n\t"
      "// PTX_INJECT_END\n\t"
      "mov.f32 %0, %%_x0;\n\t}"
      : "=f"(r)
      : "f"(v), "f"(k));
  return r;
}

extern "C" __global__ void inlined_twice(float *out) {
  out[0] = scale(out[1], out[2]);
  out[3] = scale(out[4], out[5]);
}
