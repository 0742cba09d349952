// Two injects in one kernel, stable dialect: 'scale' (v mod) then
// 'combine' (r out, a and b in).
extern "C" __global__ void two_injects(float *out) {
  float v = out[0], a = out[1], b = out[2], r;
  asm volatile("{\n\t.reg .f32 %%_x0;\n\tmov.f32 %%_x0, %0;\n\t"
               "// PTX_INJECT_START scale\n\t"
               "// _x0 m f32 F32 v\n\t"
               "// PTX_INJECT_END\n\t"
               "mov.f32 %0, %%_x0;\n\t}"
               : "+f"(v));
  asm volatile("{\n\t.reg .f32 %%_x0;\n\t.reg .f32 %%_x1;\n\t.reg .f32 %%_x2;\n\t"
               "mov.f32 %%_x1, %1;\n\tmov.f32 %%_x2, %2;\n\t"
               "// PTX_INJECT_START combine\n\t"
               "// _x0 o f32 F32 r\n\t"
               "// _x1 i f32 F32 a\n\t"
               "// _x2 i f32 F32 b\n\t"
               "// PTX_INJECT_END\n\t"
               "mov.f32 %0, %%_x0;\n\t}"
               : "=f"(r)
               : "f"(a), "f"(b));
  out[3] = v + r;
}
