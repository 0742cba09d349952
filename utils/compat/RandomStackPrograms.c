/* Random Stack PTX programs compiled through the reference library's C API
   (stack_ptx.h), one stub per program on stdout. Built twice by
   utils/compat/stack-ptx-vs-reference: against the reference library and
   against this project, which must give the same stubs up to temporary names.
   The programs draw inputs, constants, two-stack instructions (setp, selp,
   cvt), every meta instruction, stores and loads, routine calls and special
   registers; every third one runs under a short execution limit. Instructions
   are named, not numbered, so both builds run the same programs. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#define STACK_PTX_IMPLEMENTATION
#include <stack_ptx.h>
#include <stack_ptx_default_info.h>
#include <stack_ptx_example_descriptions.h>
#define F32 STACK_PTX_STACK_TYPE_F32
#define U32 STACK_PTX_STACK_TYPE_U32
#define P(x) stack_ptx_encode_ptx_instruction_##x
static const StackPtxRegister registers[] = {
    {"a", F32}, {"b", F32}, {"u", U32}, {"v", U32}, {"o", F32}, {"ou", U32}};
static uint64_t st;
static uint64_t nx(void) {
  uint64_t z = (st += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
#define RET(x)                                                                 \
  do {                                                                         \
    StackPtxInstruction t_ = x;                                                \
    return t_;                                                                 \
  } while (0)
static StackPtxInstruction pick(int allow_routine) {
  static StackPtxInstruction ptx[16];
  static int init = 0;
  if (!init) {
    StackPtxInstruction t[] = {P(add_ftz_f32),
                               P(sub_ftz_f32),
                               P(mul_ftz_f32),
                               P(fma_rn_ftz_f32),
                               P(div_approx_ftz_f32),
                               P(min_ftz_f32),
                               P(copysign_f32),
                               P(neg_ftz_f32),
                               P(setp_lt_ftz_f32),
                               P(selp_f32),
                               P(sub_u32),
                               P(mad_lo_u32),
                               P(add_u32),
                               P(cvt_rn_f32_u32),
                               P(sin_approx_ftz_f32),
                               P(setp_ne_u32)};
    for (int i = 0; i < 16; ++i)
      ptx[i] = t[i];
    init = 1;
  }
  unsigned r = nx() % 100;
  int s = nx() & 1 ? F32 : U32;
  if (r < 15)
    RET(stack_ptx_encode_input(nx() % 4));
  if (r < 22) {
    if (nx() & 1)
      RET(stack_ptx_encode_constant_f32((float)(nx() % 7)));
    RET(stack_ptx_encode_constant_u32(nx() % 7));
  }
  if (r < 55)
    return ptx[nx() % 16];
  if (r < 62)
    RET(stack_ptx_encode_meta_constant(nx() % 4));
  if (r < 84) {
    switch (nx() % 9) {
    case 0:
      RET(stack_ptx_encode_meta_dup(s));
    case 1:
      RET(stack_ptx_encode_meta_yank_dup(s));
    case 2:
      RET(stack_ptx_encode_meta_swap(s));
    case 3:
      RET(stack_ptx_encode_meta_swap_with(s));
    case 4:
      RET(stack_ptx_encode_meta_replace(s));
    case 5:
      RET(stack_ptx_encode_meta_drop(s));
    case 6:
      RET(stack_ptx_encode_meta_rotate(s));
    case 7:
      RET(stack_ptx_encode_meta_reverse(s));
    default:
      RET(stack_ptx_encode_meta_clear(s));
    }
  }
  if (r < 89)
    RET(stack_ptx_encode_store(s, nx() % 4));
  if (r < 94)
    RET(stack_ptx_encode_load(nx() % 4));
  if (r < 97 && allow_routine)
    RET(stack_ptx_encode_routine(nx() % 2));
  RET(stack_ptx_encode_special_register_tid_x);
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  size_t ws;
  if (stack_ptx_compile_workspace_size(&compiler_info, &stack_ptx_stack_info,
                                       &ws))
    abort();
  void *w = malloc(ws);
  static char out[1 << 16];
  static const size_t requests[] = {4, 5};
  for (int k = 0; k < n; ++k) {
    st = 1000 + k;
    StackPtxInstruction prog[33], r0[9], r1[9];
    for (int i = 0; i < 32; ++i)
      prog[i] = pick(1);
    {
      StackPtxInstruction t_ = stack_ptx_encode_return;
      prog[32] = t_;
      r0[8] = t_;
      r1[8] = t_;
    }
    for (int i = 0; i < 8; ++i)
      r0[i] = pick(0), r1[i] = pick(1);

    const StackPtxInstruction *routines[] = {r0, r1};
    size_t lim = (k % 3 == 0) ? 20 + nx() % 30 : 1000;
    size_t written = 0;
    StackPtxResult res = stack_ptx_compile(
        &compiler_info, &stack_ptx_stack_info, prog, registers, 6, routines, 2,
        requests, 2, lim, w, ws, out, sizeof out, &written);
    printf("== %d %d\n%s\n", k, (int)res, res ? "" : out);
  }
  return 0;
}
