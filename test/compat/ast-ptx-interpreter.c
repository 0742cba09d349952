// ast_ptx_interpret, the reference's CPU interpreter for AST PTX programs
// (ast_ptx_interpreter.h): values of programs with routines and routine
// arguments, and the reference's result code for each kind of bad program.
// Values are what the GPU computes: copysign.f32 a, b copies a's sign onto
// b, as PTX defines it (the reference's interpreter computes C's
// copysignf(a, b) instead, -2 below).
// RUN: %cc-stack %s -o %t %runtime-libs -lm
// RUN: %t | FileCheck %s --match-full-lines
// CHECK:      (x * y) + 1 = 13
// CHECK-NEXT: fma(x, y, sq(x - y)) = 13
// CHECK-NEXT: hyp(x, y) = 5
// CHECK-NEXT: copysign.f32 2, -y = 4
// CHECK-NEXT: no inputs, constant = 2.5
// CHECK-NEXT: input out of range: 5
// CHECK-NEXT: routine arg in the program: 12
// CHECK-NEXT: routine arg past the call's count: 12
// CHECK-NEXT: routine out of range: 11
// CHECK-NEXT: argument count not the instruction's: 9
// CHECK-NEXT: more than four arguments: 9
// CHECK-NEXT: instruction past the catalog: 10
// CHECK-NEXT: underflow: 8
// CHECK-NEXT: two values at the return: 3
// CHECK-NEXT: no return: 4
// CHECK-NEXT: routine calling itself: 13
// CHECK-NEXT: NULL output: 3
// CHECK-NEXT: NULL inputs with a count: 3
// CHECK-NEXT: 16 calls a level, 7 levels: 7
#include <ast_ptx.h>
#include <ast_ptx_instructions.h>
#include <ast_ptx_interpreter.h>

#include <stdio.h>

#define IN(i) ast_ptx_encode_input(i)
#define ARG(i) ast_ptx_encode_routine_arg(i)
#define C(v) ast_ptx_encode_constant(v)
#define RET ast_ptx_encode_return

enum { ROUTINE_SQUARE, ROUTINE_HYPOT, ROUTINE_SELF, NUM_ROUTINES };

static const float xy[] = {3.0f, 4.0f};

static void value(const char *what, const AstPtxInstruction *program,
                  const AstPtxInstruction *const *routines) {
  float out = -1.0f;
  AstPtxResult r =
      ast_ptx_interpret(program, routines, NUM_ROUTINES, xy, 2, &out);
  if (r != AST_PTX_SUCCESS)
    printf("%s: error %d\n", what, (int)r);
  else
    printf("%s = %g\n", what, out);
}

static void code(const char *what, const AstPtxInstruction *program,
                 const AstPtxInstruction *const *routines) {
  float out = 0.0f;
  printf("%s: %d\n", what,
         (int)ast_ptx_interpret(program, routines, NUM_ROUTINES, xy, 2, &out));
}

int main(void) {
  const AstPtxInstruction square[] = {
      ARG(0), ARG(0), ast_ptx_encode_ptx_instruction_mul_ftz_f32, RET};
  const AstPtxInstruction hypot[] = {
      ARG(0), ast_ptx_encode_routine(ROUTINE_SQUARE, 1),
      ARG(1), ast_ptx_encode_routine(ROUTINE_SQUARE, 1),
      ast_ptx_encode_ptx_instruction_add_ftz_f32,
      ast_ptx_encode_ptx_instruction_sqrt_approx_ftz_f32, RET};
  const AstPtxInstruction self[] = {ast_ptx_encode_routine(ROUTINE_SELF, 0),
                                    RET};
  const AstPtxInstruction *const routines[NUM_ROUTINES] = {square, hypot,
                                                           self};

  const AstPtxInstruction mul_add[] = {
      IN(0), IN(1), ast_ptx_encode_ptx_instruction_mul_ftz_f32, C(1.0f),
      ast_ptx_encode_ptx_instruction_add_ftz_f32, RET};
  const AstPtxInstruction fma_sq[] = {
      IN(0), IN(1), IN(0), IN(1), ast_ptx_encode_ptx_instruction_sub_ftz_f32,
      ast_ptx_encode_routine(ROUTINE_SQUARE, 1),
      ast_ptx_encode_ptx_instruction_fma_rn_ftz_f32, RET};
  const AstPtxInstruction hyp[] = {
      IN(0), IN(1), ast_ptx_encode_routine(ROUTINE_HYPOT, 2), RET};
  const AstPtxInstruction sign[] = {
      C(2.0f), IN(1), ast_ptx_encode_ptx_instruction_neg_ftz_f32,
      ast_ptx_encode_ptx_instruction_copysign_f32, RET};
  value("(x * y) + 1", mul_add, routines);
  value("fma(x, y, sq(x - y))", fma_sq, routines);
  value("hyp(x, y)", hyp, routines);
  value("copysign.f32 2, -y", sign, routines);
  {
    const AstPtxInstruction constant[] = {C(2.5f), RET};
    float out = 0.0f;
    ast_ptx_interpret(constant, NULL, 0, NULL, 0, &out);
    printf("no inputs, constant = %g\n", out);
  }

  const AstPtxInstruction bad_input[] = {IN(2), RET};
  const AstPtxInstruction arg_in_program[] = {ARG(0), RET};
  const AstPtxInstruction arg_past_count[] = {
      IN(0), ast_ptx_encode_routine(ROUTINE_HYPOT, 1), RET};
  const AstPtxInstruction bad_routine[] = {IN(0),
                                           ast_ptx_encode_routine(7, 1), RET};
  const AstPtxInstruction wrong_arity[] = {
      IN(0), IN(1),
      ast_ptx_encode_ptx_instruction(AST_PTX_PTX_INSTRUCTION_NEG_FTZ_F32, 2),
      RET};
  const AstPtxInstruction five_args[] = {
      IN(0),
      ast_ptx_encode_ptx_instruction(AST_PTX_PTX_INSTRUCTION_ADD_FTZ_F32, 5),
      RET};
  const AstPtxInstruction past_catalog[] = {
      IN(0), IN(1),
      ast_ptx_encode_ptx_instruction(AST_PTX_PTX_INSTRUCTION_NUM_ENUMS, 2),
      RET};
  const AstPtxInstruction underflow[] = {
      IN(0), ast_ptx_encode_ptx_instruction_add_ftz_f32, RET};
  const AstPtxInstruction two_values[] = {IN(0), IN(1), RET};
  const AstPtxInstruction no_return[] = {IN(0), {0}};
  const AstPtxInstruction recursion[] = {
      ast_ptx_encode_routine(ROUTINE_SELF, 0), RET};
  code("input out of range", bad_input, routines);
  code("routine arg in the program", arg_in_program, routines);
  code("routine arg past the call's count", arg_past_count, routines);
  code("routine out of range", bad_routine, routines);
  code("argument count not the instruction's", wrong_arity, routines);
  code("more than four arguments", five_args, routines);
  code("instruction past the catalog", past_catalog, routines);
  code("underflow", underflow, routines);
  code("two values at the return", two_values, routines);
  code("no return", no_return, routines);
  code("routine calling itself", recursion, routines);
  printf("NULL output: %d\n",
         (int)ast_ptx_interpret(mul_add, routines, NUM_ROUTINES, xy, 2, NULL));
  {
    float out;
    printf("NULL inputs with a count: %d\n",
           (int)ast_ptx_interpret(mul_add, routines, NUM_ROUTINES, NULL, 2,
                                  &out));
  }
  {
    /* Routine k adds up 16 calls of routine k + 1: 16^7 frames in all, cut
       off by the work bound instead of running for minutes. */
    enum { LEVELS = 7, CALLS = 16 };
    static AstPtxInstruction bodies[LEVELS][2 * CALLS + 1];
    const AstPtxInstruction *chain[LEVELS];
    for (int k = 0; k < LEVELS; ++k) {
      int n = 0;
      for (int c = 0; c < CALLS; ++c) {
        AstPtxInstruction leaf = C(1.0f), call = ast_ptx_encode_routine(k + 1, 0);
        bodies[k][n++] = k + 1 < LEVELS ? call : leaf;
        if (c > 0) {
          AstPtxInstruction add = ast_ptx_encode_ptx_instruction_add_ftz_f32;
          bodies[k][n++] = add;
        }
      }
      AstPtxInstruction ret = RET;
      bodies[k][n] = ret;
      chain[k] = bodies[k];
    }
    const AstPtxInstruction program[] = {ast_ptx_encode_routine(0, 0), RET};
    float out = 0.0f;
    printf("16 calls a level, 7 levels: %d\n",
           (int)ast_ptx_interpret(program, chain, LEVELS, NULL, 0, &out));
  }
  return 0;
}
