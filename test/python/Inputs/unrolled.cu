// A stable-dialect site in a loop that #pragma unroll copies four times.
extern "C" __global__ void unrolled(float *out) {
  float acc = out[0];
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    float v = out[i + 1];
    asm("{\n\t.reg .f32 %%_x0;\n\t.reg .f32 %%_x1;\n\t"
        "mov.f32 %%_x0, %0;\n\tmov.f32 %%_x1, %1;\n\t"
        "// PTX_INJECT_START step\n\t"
        "// _x0 m f32 F32 acc\n\t"
        "// _x1 i f32 F32 out[i + 1]\n\t"
        "// PTX_INJECT_END\n\t"
        "mov.f32 %0, %%_x0;\n\t}"
        : "+f"(acc)
        : "f"(v));
  }
  out[0] = acc;
}
