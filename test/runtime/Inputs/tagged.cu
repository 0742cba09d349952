// The tagged dialect of the reference system: operands are tagged with the
// compiler's own registers, in a loop unrolled twice, so the two sites name
// different registers that the runtime normalizes.
extern "C" __global__ void tagged(float *out) {
  float x = out[0];
  float y = out[1];
  float z;
#pragma unroll
  for (int i = 0; i < 2; i++) {
    asm("// PTX_INJECT_START func\n\t"
        "// %0 mod f32 y\n\t"
        "// %1 out f32 z\n\t"
        "// %2 in f32 x\n\t"
        "// PTX_INJECT_END"
        : "+f"(y), "=f"(z)
        : "f"(x));
    out[2 + i] = z;
  }
  out[1] = y;
}
