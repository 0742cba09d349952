// Two injects, 'scale' and 'offset'; each -D option below makes one change
// that a golden inject table check must report.
//   RENAME  scale is called scale_v2      GONE    offset is not there
//   ADD     scale takes a third operand   REORDER scale's operands swap places
//   KIND    offset's acc is out, not mod  TYPE    scale's x is s32, not f32
//   TWICE   scale has two sites
#ifdef RENAME
#define SCALE_NAME "scale_v2"
#else
#define SCALE_NAME "scale"
#endif

__device__ float scale(float x, float z) {
  float y;
#if defined(ADD)
  asm("{\n\t.reg .f32 %%_x0;\n\t.reg .f32 %%_x1;\n\t.reg .f32 %%_x2;\n\t"
      "mov.f32 %%_x1, %1;\n\tmov.f32 %%_x2, %2;\n\t"
      "// PTX_INJECT_START " SCALE_NAME "\n\t"
      "// _x0 o f32 F32 y\n\t// _x1 i f32 F32 x\n\t// _x2 i f32 F32 z\n\t"
      "// PTX_INJECT_END\n\tmov.f32 %0, %%_x0;\n\t}"
      : "=f"(y) : "f"(x), "f"(z));
#elif defined(REORDER)
  asm("{\n\t.reg .f32 %%_x0;\n\t.reg .f32 %%_x1;\n\t"
      "mov.f32 %%_x0, %1;\n\t"
      "// PTX_INJECT_START " SCALE_NAME "\n\t"
      "// _x0 i f32 F32 x\n\t// _x1 o f32 F32 y\n\t"
      "// PTX_INJECT_END\n\tmov.f32 %0, %%_x1;\n\t}"
      : "=f"(y) : "f"(x));
#elif defined(TYPE)
  int xi = (int)x, yi;
  asm("{\n\t.reg .s32 %%_x0;\n\t.reg .s32 %%_x1;\n\t"
      "mov.s32 %%_x1, %1;\n\t"
      "// PTX_INJECT_START " SCALE_NAME "\n\t"
      "// _x0 o s32 S32 y\n\t// _x1 i s32 S32 x\n\t"
      "// PTX_INJECT_END\n\tmov.s32 %0, %%_x0;\n\t}"
      : "=r"(yi) : "r"(xi));
  y = (float)yi;
#else
  asm("{\n\t.reg .f32 %%_x0;\n\t.reg .f32 %%_x1;\n\t"
      "mov.f32 %%_x1, %1;\n\t"
      "// PTX_INJECT_START " SCALE_NAME "\n\t"
      "// _x0 o f32 F32 y\n\t// _x1 i f32 F32 x\n\t"
      "// PTX_INJECT_END\n\tmov.f32 %0, %%_x0;\n\t}"
      : "=f"(y) : "f"(x));
#endif
  return y;
}

extern "C" __global__ void table_check(float *data) {
  float acc = data[0], b = data[1];
  acc = scale(acc, b);
#ifdef TWICE
  acc = scale(acc, b);
#endif
  data[3] = acc; // scale's result is used in every variant
#ifndef GONE
#ifdef KIND
  asm("{\n\t.reg .f32 %%_x0;\n\t.reg .f32 %%_x1;\n\t"
      "mov.f32 %%_x1, %1;\n\t"
      "// PTX_INJECT_START offset\n\t"
      "// _x0 o f32 F32 acc\n\t// _x1 i f32 F32 b\n\t"
      "// PTX_INJECT_END\n\tmov.f32 %0, %%_x0;\n\t}"
      : "=f"(acc) : "f"(b));
#else
  asm("{\n\t.reg .f32 %%_x0;\n\t.reg .f32 %%_x1;\n\t"
      "mov.f32 %%_x0, %0;\n\tmov.f32 %%_x1, %1;\n\t"
      "// PTX_INJECT_START offset\n\t"
      "// _x0 m f32 F32 acc\n\t// _x1 i f32 F32 b\n\t"
      "// PTX_INJECT_END\n\tmov.f32 %0, %%_x0;\n\t}"
      : "+f"(acc) : "f"(b));
#endif
#endif
  data[2] = acc;
}
