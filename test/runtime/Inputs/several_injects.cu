// Three differently named injects in one kernel, one with a spaced label.
extern "C" __global__ void several_injects(float *out, int *idx) {
  float a = out[0], b = out[1], c;
  int i = idx[0], j;
  asm("{\n\t.reg .f32 %%_x0;\n\t.reg .f32 %%_x1;\n\t"
      "mov.f32 %%_x1, %1;\n\t"
      "// PTX_INJECT_START first\n\t"
      "// _x0 o f32 F32 c\n\t"
      "// _x1 i f32 F32 a\n\t"
      "// PTX_INJECT_END\n\t"
      "mov.f32 %0, %%_x0;\n\t}"
      : "=f"(c)
      : "f"(a));
  asm("{\n\t.reg .s32 %%_x0;\n\t.reg .s32 %%_x1;\n\t"
      "mov.s32 %%_x1, %1;\n\t"
      "// PTX_INJECT_START second\n\t"
      "// _x0 o s32 S32 j\n\t"
      "// _x1 i s32 S32 idx[0]\n\t"
      "// PTX_INJECT_END\n\t"
      "mov.s32 %0, %%_x0;\n\t}"
      : "=r"(j)
      : "r"(i));
  asm("{\n\t.reg .f32 %%_x0;\n\t.reg .f32 %%_x1;\n\t"
      "mov.f32 %%_x0, %0;\n\tmov.f32 %%_x1, %1;\n\t"
      "// PTX_INJECT_START third\n\t"
      "// _x0 m f32 F32 c\n\t"
      "// _x1 i f32 F32 b * 2\n\t"
      "// PTX_INJECT_END\n\t"
      "mov.f32 %0, %%_x0;\n\t}"
      : "+f"(c)
      : "f"(b * 2));
  out[2] = c;
  idx[1] = j;
}
