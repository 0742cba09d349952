// One site of the stable dialect: y is mod, z out, x in (canonical order).
extern "C" __global__ void single_site(float *out) {
  float x = out[1], y = out[2], z;
  asm("{\n\t.reg .f32 %%_x0;\n\t.reg .f32 %%_x1;\n\t.reg .f32 %%_x2;\n\t"
      "mov.f32 %%_x0, %0;\n\tmov.f32 %%_x2, %2;\n\t"
      "// PTX_INJECT_START func\n\t"
      "// _x0 m f32 F32 y\n\t"
      "// _x1 o f32 F32 z\n\t"
      "// _x2 i f32 F32 x\n\t"
      "// PTX_INJECT_END\n\t"
      "mov.f32 %0, %%_x0;\n\tmov.f32 %1, %%_x1;\n\t}"
      : "+f"(y), "=f"(z)
      : "f"(x));
  out[0] = y + z;
}
