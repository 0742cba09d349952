// Operand order of the reference API: an instruction takes its operands from
// the top of the stack down and leaves its first result on top, so `a b sub`
// is b - a. Two and three operands of one stack, operands on two stacks
// (selp), a vector result (the first element on top) and vector operands
// (mma). The expected file is the reference library's own output for these
// programs (built from this source against its stack_ptx.h and this
// project's generated tables), character for character.
// RUN: %cc-stack %s -o %t %runtime-libs
// RUN: %t > %t.out
// RUN: diff %S/Inputs/stack-ptx-order.expected %t.out
#include <stdio.h>
#include <stdlib.h>
#include <stack_ptx.h>
#include <stack_ptx_default_info.h>
#include "generated/stack_ptx_descriptions.h"
enum { A, B, C, U, V, O, OU, OU2, NREG };
static const StackPtxRegister registers[] = {
  {"a", STACK_PTX_STACK_TYPE_F32}, {"b", STACK_PTX_STACK_TYPE_F32}, {"c", STACK_PTX_STACK_TYPE_F32},
  {"u", STACK_PTX_STACK_TYPE_U32}, {"v", STACK_PTX_STACK_TYPE_U32}, {"o", STACK_PTX_STACK_TYPE_F32},
  {"ou", STACK_PTX_STACK_TYPE_U32}, {"ou2", STACK_PTX_STACK_TYPE_U32}};
#define I(x) stack_ptx_encode_input(x)
#define P(x) stack_ptx_encode_ptx_instruction_##x
static void run(const char *name, const StackPtxInstruction *p, const size_t *req, size_t nreq) {
  size_t ws; static char out[1<<16]; size_t n;
  if (stack_ptx_compile_workspace_size(&compiler_info, &stack_ptx_stack_info, &ws)) abort();
  void *w = malloc(ws);
  StackPtxResult r = stack_ptx_compile(&compiler_info, &stack_ptx_stack_info, p, registers, NREG, NULL, 0, req, nreq, 100, w, ws, out, sizeof out, &n);
  free(w);
  printf("== %s: %s\n%s\n", name, stack_ptx_result_to_string(r), r ? "" : out);
}
int main(void) {
  size_t o[] = {O}, ou[] = {OU}, ou2[] = {OU, OU2};
  { StackPtxInstruction p[] = {I(A), I(B), P(sub_ftz_f32), stack_ptx_encode_return}; run("sub", p, o, 1); }
  { StackPtxInstruction p[] = {I(A), I(B), I(C), P(fma_rn_ftz_f32), stack_ptx_encode_return}; run("fma", p, o, 1); }
  { StackPtxInstruction p[] = {I(A), I(B), I(C), I(A), P(setp_lt_ftz_f32), P(selp_f32), stack_ptx_encode_return}; run("selp", p, o, 1); }
  { StackPtxInstruction p[] = {I(U), P(u32_to_v4_u8), P(cvt_u32_u8), stack_ptx_encode_return}; run("vec-ret", p, ou, 1); }
  { StackPtxInstruction p[] = {I(U), I(V), I(U), P(mad_lo_u32), I(V), P(sub_u32), stack_ptx_encode_return}; run("mad", p, ou2, 2); }
  { StackPtxInstruction p[] = {I(A), I(B), I(C), I(A), P(cvt_rna_tf32_f32), I(B), P(cvt_rna_tf32_f32), I(C), P(cvt_rna_tf32_f32),
      I(A), I(B), I(C), I(A), P(mma_sync_aligned_m16n8k4_row_col_f32_tf32_tf32_f32), P(sub_ftz_f32), stack_ptx_encode_return}; run("mma", p, o, 1); }
  return 0;
}
