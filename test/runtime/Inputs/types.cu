// f16 (through an unsigned short view), u32 and f64 operands in one site.
#include <cuda_fp16.h>

extern "C" __global__ void types(__half *h, unsigned *u, double *d) {
  __half hv = h[0];
  unsigned uv = u[0];
  double dv = d[0], dr;
  asm("{\n\t.reg .b16 %%_x0;\n\t.reg .u32 %%_x1;\n\t.reg .f64 %%_x2;\n\t"
      ".reg .f64 %%_x3;\n\t"
      "mov.b16 %%_x0, %0;\n\tmov.u32 %%_x1, %1;\n\tmov.f64 %%_x3, %3;\n\t"
      "// PTX_INJECT_START mixed\n\t"
      "// _x0 m b16 F16 hv\n\t"
      "// _x1 m u32 U32 uv\n\t"
      "// _x2 o f64 F64 dr\n\t"
      "// _x3 i f64 F64 dv\n\t"
      "// PTX_INJECT_END\n\t"
      "mov.b16 %0, %%_x0;\n\tmov.u32 %1, %%_x1;\n\tmov.f64 %2, %%_x2;\n\t}"
      : "+h"(*(unsigned short *)&hv), "+r"(uv), "=d"(dr)
      : "d"(dv));
  h[1] = hv;
  u[1] = uv;
  d[1] = dr;
}
