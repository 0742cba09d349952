// One inject with u32 operands, so that U32 special registers such as
// %aggr_smem_size (sm_90 and later only) can reach its stub. Written in the
// marker form the front end emits, so nvcc alone compiles it.
extern "C" __global__ void smem_size_kernel(unsigned *out) {
  unsigned seed = threadIdx.x;
  unsigned result = 0;
  asm("{\n"
      ".reg .u32 %%_x0;\n"
      ".reg .u32 %%_x1;\n"
      "mov.u32 %%_x1, %1;\n"
      "// PTX_INJECT_START smem\n"
      "// _x0 o u32 U32 result\n"
      "// _x1 i u32 U32 seed\n"
      "// PTX_INJECT_END\n"
      "mov.u32 %0, %%_x0;\n"
      "}\n"
      : "=r"(result) : "r"(seed));
  out[threadIdx.x] = result;
}
