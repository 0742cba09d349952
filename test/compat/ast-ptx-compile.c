// AST PTX host code written as the reference's documentation shows it
// (ast_ptx.h, ast_ptx_instructions.h, measure then compile); its stub must
// equal the native API's for the same expression, routines included, and
// bad programs give the reference's result codes.
// RUN: %cc-stack %s -o %t %runtime-libs
// RUN: %t | FileCheck %s --match-full-lines
// CHECK:      {
// CHECK-NEXT: .reg .f32 %ast<2>;
// CHECK-NEXT: mul.ftz.f32 %ast0, %x, %y;
// CHECK-NEXT: add.ftz.f32 %ast1, %ast0, 0f3f800000;
// CHECK-NEXT: mov.f32 %z, %ast1;
// CHECK-NEXT: }
// CHECK-NEXT: seed program equals native: yes
// CHECK-NEXT: routine program equals native: yes
// CHECK-NEXT: input out of range: 5
// CHECK-NEXT: instruction out of range: 6
// CHECK-NEXT: argument count not the instruction's: 3
// CHECK-NEXT: more than four arguments: 9
// CHECK-NEXT: routine out of range: 11
// CHECK-NEXT: routine arg in the program: 12
// CHECK-NEXT: routines nested 9 deep: 13
// CHECK-NEXT: routines nested 8 deep: 0
// CHECK-NEXT: underflow: 8
// CHECK-NEXT: instruction type 0: 4
// CHECK-NEXT: small buffer: 2
// Measure and allocate as the reference: the measure excludes the NUL, a
// buffer of that length is one short, bytes_written may be NULL, and the
// count and buffer are cleared even when an argument is bad.
// CHECK-NEXT: measure = strlen: yes
// CHECK-NEXT: measured size: 2
// CHECK-NEXT: measured size + 1: 0
// CHECK-NEXT: bytes_written NULL: 0 0
// CHECK-NEXT: NULL program: 3 written=0 buffer=""
// CHECK-NEXT: NULL inputs, input read: 5
// Register names are bare ("x" is written %x): "%x" would be %%x in the
// stub, which only ptxas would refuse. The reference code is INVALID_VALUE
// (3), the native one INVALID_ARGUMENT (2).
// CHECK-NEXT: output %z: 3
// CHECK-NEXT: input %x: 3
// CHECK-NEXT: empty input: 3
// CHECK-NEXT: native input %x: 2
// A too small buffer is left as the reference leaves it (these lines are its
// own output for this program): it prints the stub's body (the instructions
// and the closing brace) before the declarations, so the buffer holds the
// body as far as it fits with its NUL; the count is the body's length up to
// the end of the printf that did not fit (one that leaves no room for its
// NUL does not), or the whole body's (85) once only the declarations do not
// fit. A buffer of 0 bytes is not written; nothing past the NUL ever is.
// CHECK-NEXT: short 0: 2 written=17 untouched
// CHECK-NEXT: short 1: 2 written=17 ""
// CHECK-NEXT: short 17: 2 written=17 "mul.ftz.f32 %ast"
// CHECK-NEXT: short 18: 2 written=19 "mul.ftz.f32 %ast0"
// CHECK-NEXT: short 77: 2 written=77 "mul.ftz.f32 %ast0, %x, %y;\nadd.ftz.f32 %ast1, %ast0, 0f3f800000;\nmov.f32 %z,"
// CHECK-NEXT: short 78: 2 written=82 "mul.ftz.f32 %ast0, %x, %y;\nadd.ftz.f32 %ast1, %ast0, 0f3f800000;\nmov.f32 %z, "
// CHECK-NEXT: short 85: 2 written=85 "mul.ftz.f32 %ast0, %x, %y;\nadd.ftz.f32 %ast1, %ast0, 0f3f800000;\nmov.f32 %z, %ast1;\n"
// CHECK-NEXT: short 86: 2 written=85 "mul.ftz.f32 %ast0, %x, %y;\nadd.ftz.f32 %ast1, %ast0, 0f3f800000;\nmov.f32 %z, %ast1;\n}"
// CHECK-NEXT: short 106: 2 written=85 "mul.ftz.f32 %ast0, %x, %y;\nadd.ftz.f32 %ast1, %ast0, 0f3f800000;\nmov.f32 %z, %ast1;\n}"
// CHECK-NEXT: short 107: 0 written=106 "{\n.reg .f32 %ast<2>;\nmul.ftz.f32 %ast0, %x, %y;\nadd.ftz.f32 %ast1, %ast0, 0f3f800000;\nmov.f32 %z, %ast1;\n}"
#include <ast_ptx.h>
#include <ast_ptx_instructions.h>

#include <ast_ptx_native.h>
#include "ast_ptx_fast_instructions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { INPUT_X, INPUT_Y, INPUT_COUNT };
static const char *const inputs[INPUT_COUNT] = {"x", "y"};

static char ref_buffer[4096], nat_buffer[4096];

static AstPtxResult compile_ref(const AstPtxInstruction *program,
                                const AstPtxInstruction *const *routines, size_t num_routines,
                                char *buffer, size_t size) {
  size_t written = 0;
  return ast_ptx_compile("z", inputs, INPUT_COUNT, ast_ptx_ptx_instruction_names,
                         ast_ptx_ptx_instruction_num_args, AST_PTX_PTX_INSTRUCTION_NUM_ENUMS,
                         routines, num_routines, program, buffer, size, &written);
}

static int equals_native(const AstPtxInstruction *program, const AstPtxInstruction *const *routines,
                         const AstPtxFastInstruction *native,
                         const AstPtxFastInstruction *const *native_routines, size_t num_routines) {
  size_t written = 0;
  if (compile_ref(program, routines, num_routines, ref_buffer, sizeof ref_buffer))
    return 0;
  if (ast_ptx_fast_compile("z", inputs, INPUT_COUNT, ast_ptx_fast_instruction_names,
                           ast_ptx_fast_instruction_num_args, AST_PTX_FAST_INSTRUCTION_NUM_ENUMS,
                           native_routines, num_routines, native, nat_buffer, sizeof nat_buffer,
                           &written))
    return 0;
  return strcmp(ref_buffer, nat_buffer) == 0 && strlen(ref_buffer) > 20;
}

// Compiles into a buffer of SIZE bytes inside a larger one filled with '#',
// and prints the result, the count and the text up to the NUL, which must
// be the last byte written.
static void short_buffer(const AstPtxInstruction *program, size_t size) {
  static char buffer[256];
  memset(buffer, '#', sizeof buffer);
  size_t written = 99;
  AstPtxResult r = ast_ptx_compile("z", inputs, INPUT_COUNT, ast_ptx_ptx_instruction_names,
                                   ast_ptx_ptx_instruction_num_args,
                                   AST_PTX_PTX_INSTRUCTION_NUM_ENUMS, NULL, 0, program, buffer,
                                   size, &written);
  printf("short %zu: %d written=%zu ", size, (int)r, written);
  size_t end = 0;
  while (end < sizeof buffer && buffer[end] != '\0')
    ++end;
  if (end == sizeof buffer) {
    printf("%s\n", buffer[0] == '#' && buffer[sizeof buffer - 1] == '#' ? "untouched" : "no NUL");
    return;
  }
  putchar('"');
  for (size_t i = 0; i < end; ++i)
    fputs(buffer[i] == '\n' ? "\\n" : (char[2]){buffer[i], 0}, stdout);
  putchar('"');
  if (end >= size)
    printf(" NUL past the buffer");
  for (size_t i = end + 1; i < sizeof buffer; ++i)
    if (buffer[i] != '#') {
      printf(" written past the NUL");
      break;
    }
  putchar('\n');
}

int main(void) {
  AstPtxInstruction program[] = {
      ast_ptx_encode_input(INPUT_X), ast_ptx_encode_input(INPUT_Y),
      ast_ptx_encode_ptx_instruction_mul_ftz_f32, ast_ptx_encode_constant(1.0f),
      ast_ptx_encode_ptx_instruction_add_ftz_f32, ast_ptx_encode_return};
  size_t required = 0;
  if (ast_ptx_compile("z", inputs, INPUT_COUNT, ast_ptx_ptx_instruction_names,
                      ast_ptx_ptx_instruction_num_args, AST_PTX_PTX_INSTRUCTION_NUM_ENUMS, NULL,
                      0, program, NULL, 0, &required) != AST_PTX_SUCCESS)
    return 1;
  char *buffer = (char *)malloc(required + 1);
  size_t written = 0;
  if (ast_ptx_compile("z", inputs, INPUT_COUNT, ast_ptx_ptx_instruction_names,
                      ast_ptx_ptx_instruction_num_args, AST_PTX_PTX_INSTRUCTION_NUM_ENUMS, NULL,
                      0, program, buffer, required + 1, &written) != AST_PTX_SUCCESS ||
      written != required)
    return 1;
  puts(buffer);
  free(buffer);

  AstPtxFastInstruction native[] = {
      ast_ptx_fast_encode_input(INPUT_X), ast_ptx_fast_encode_input(INPUT_Y),
      ast_ptx_fast_encode_ptx_instruction_mul_ftz_f32, ast_ptx_fast_encode_constant(1.0f),
      ast_ptx_fast_encode_ptx_instruction_add_ftz_f32, ast_ptx_fast_encode_return};
  printf("seed program equals native: %s\n",
         equals_native(program, NULL, native, NULL, 0) ? "yes" : "no");

  /* square(a) = a * a; program: square(x + y) - y */
  AstPtxInstruction square[] = {ast_ptx_encode_routine_arg(0), ast_ptx_encode_routine_arg(0),
                                ast_ptx_encode_ptx_instruction_mul_ftz_f32,
                                ast_ptx_encode_return};
  const AstPtxInstruction *routines[] = {square};
  AstPtxInstruction with_routine[] = {
      ast_ptx_encode_input(INPUT_X), ast_ptx_encode_input(INPUT_Y),
      ast_ptx_encode_ptx_instruction_add_ftz_f32, ast_ptx_encode_routine(0, 1),
      ast_ptx_encode_input(INPUT_Y), ast_ptx_encode_ptx_instruction_sub_ftz_f32,
      ast_ptx_encode_return};
  AstPtxFastInstruction native_square[] = {
      ast_ptx_fast_encode_routine_arg(0), ast_ptx_fast_encode_routine_arg(0),
      ast_ptx_fast_encode_ptx_instruction_mul_ftz_f32, ast_ptx_fast_encode_return};
  const AstPtxFastInstruction *const native_routines[] = {native_square};
  AstPtxFastInstruction native_with_routine[] = {
      ast_ptx_fast_encode_input(INPUT_X), ast_ptx_fast_encode_input(INPUT_Y),
      ast_ptx_fast_encode_ptx_instruction_add_ftz_f32, ast_ptx_fast_encode_routine(0),
      ast_ptx_fast_encode_input(INPUT_Y), ast_ptx_fast_encode_ptx_instruction_sub_ftz_f32,
      ast_ptx_fast_encode_return};
  printf("routine program equals native: %s\n",
         equals_native(with_routine, routines, native_with_routine, native_routines, 1) ? "yes"
                                                                                        : "no");

  AstPtxInstruction bad_input[] = {ast_ptx_encode_input(2), ast_ptx_encode_return};
  printf("input out of range: %d\n", (int)compile_ref(bad_input, NULL, 0, NULL, 0));
  AstPtxInstruction bad_ptx[] = {ast_ptx_encode_input(0),
                                 ast_ptx_encode_ptx_instruction(AST_PTX_PTX_INSTRUCTION_NUM_ENUMS, 1),
                                 ast_ptx_encode_return};
  printf("instruction out of range: %d\n", (int)compile_ref(bad_ptx, NULL, 0, NULL, 0));
  AstPtxInstruction bad_arity[] = {ast_ptx_encode_input(0),
                                   ast_ptx_encode_ptx_instruction(AST_PTX_PTX_INSTRUCTION_ADD_FTZ_F32, 1),
                                   ast_ptx_encode_return};
  printf("argument count not the instruction's: %d\n",
         (int)compile_ref(bad_arity, NULL, 0, NULL, 0));
  AstPtxInstruction too_many[] = {ast_ptx_encode_input(0),
                                  ast_ptx_encode_ptx_instruction(AST_PTX_PTX_INSTRUCTION_ADD_FTZ_F32, 5),
                                  ast_ptx_encode_return};
  printf("more than four arguments: %d\n", (int)compile_ref(too_many, NULL, 0, NULL, 0));
  AstPtxInstruction bad_routine[] = {ast_ptx_encode_input(0), ast_ptx_encode_routine(1, 1),
                                     ast_ptx_encode_return};
  printf("routine out of range: %d\n", (int)compile_ref(bad_routine, routines, 1, NULL, 0));
  AstPtxInstruction stray_arg[] = {ast_ptx_encode_routine_arg(0), ast_ptx_encode_return};
  printf("routine arg in the program: %d\n", (int)compile_ref(stray_arg, NULL, 0, NULL, 0));

  /* chain[i] calls chain[i + 1]; chain[9] squares its argument. */
  AstPtxInstruction chain[10][3];
  const AstPtxInstruction *chain_ptrs[10];
  for (int i = 0; i < 10; ++i) {
    AstPtxInstruction call[3] = {ast_ptx_encode_routine_arg(0), ast_ptx_encode_routine(i + 1, 1),
                                 ast_ptx_encode_return};
    memcpy(chain[i], call, sizeof call);
    chain_ptrs[i] = chain[i];
  }
  chain_ptrs[9] = square;
  AstPtxInstruction deep9[] = {ast_ptx_encode_input(0), ast_ptx_encode_routine(1, 1),
                               ast_ptx_encode_return};
  printf("routines nested 9 deep: %d\n", (int)compile_ref(deep9, chain_ptrs, 10, NULL, 0));
  AstPtxInstruction deep8[] = {ast_ptx_encode_input(0), ast_ptx_encode_routine(2, 1),
                               ast_ptx_encode_return};
  printf("routines nested 8 deep: %d\n", (int)compile_ref(deep8, chain_ptrs, 10, NULL, 0));
  AstPtxInstruction underflow[] = {ast_ptx_encode_input(0),
                                   ast_ptx_encode_ptx_instruction_add_ftz_f32,
                                   ast_ptx_encode_return};
  printf("underflow: %d\n", (int)compile_ref(underflow, NULL, 0, NULL, 0));
  AstPtxInstruction none[] = {{0}};
  printf("instruction type 0: %d\n", (int)compile_ref(none, NULL, 0, NULL, 0));
  char small[4];
  printf("small buffer: %d\n", (int)compile_ref(program, NULL, 0, small, sizeof small));

  size_t need = 0;
  ast_ptx_compile("z", inputs, INPUT_COUNT, ast_ptx_ptx_instruction_names,
                  ast_ptx_ptx_instruction_num_args, AST_PTX_PTX_INSTRUCTION_NUM_ENUMS, NULL, 0,
                  program, NULL, 0, &need);
  compile_ref(program, NULL, 0, ref_buffer, sizeof ref_buffer);
  printf("measure = strlen: %s\n", need == strlen(ref_buffer) ? "yes" : "no");
  printf("measured size: %d\n", (int)compile_ref(program, NULL, 0, ref_buffer, need));
  printf("measured size + 1: %d\n", (int)compile_ref(program, NULL, 0, ref_buffer, need + 1));
  printf("bytes_written NULL: %d %d\n",
         (int)ast_ptx_compile("z", inputs, INPUT_COUNT, ast_ptx_ptx_instruction_names,
                              ast_ptx_ptx_instruction_num_args,
                              AST_PTX_PTX_INSTRUCTION_NUM_ENUMS, NULL, 0, program, NULL, 0,
                              NULL),
         (int)ast_ptx_compile("z", inputs, INPUT_COUNT, ast_ptx_ptx_instruction_names,
                              ast_ptx_ptx_instruction_num_args,
                              AST_PTX_PTX_INSTRUCTION_NUM_ENUMS, NULL, 0, program, ref_buffer,
                              sizeof ref_buffer, NULL));
  written = 99;
  strcpy(small, "abc");
  AstPtxResult bad = ast_ptx_compile("z", inputs, INPUT_COUNT, ast_ptx_ptx_instruction_names,
                                     ast_ptx_ptx_instruction_num_args,
                                     AST_PTX_PTX_INSTRUCTION_NUM_ENUMS, NULL, 0, NULL, small,
                                     sizeof small, &written);
  printf("NULL program: %d written=%zu buffer=\"%s\"\n", (int)bad, written, small);
  printf("NULL inputs, input read: %d\n",
         (int)ast_ptx_compile("z", NULL, INPUT_COUNT, ast_ptx_ptx_instruction_names,
                              ast_ptx_ptx_instruction_num_args,
                              AST_PTX_PTX_INSTRUCTION_NUM_ENUMS, NULL, 0, program, NULL, 0,
                              &written));
  static const char *const percent_inputs[INPUT_COUNT] = {"%x", "y"};
  static const char *const empty_inputs[INPUT_COUNT] = {"x", ""};
  printf("output %%z: %d\n",
         (int)ast_ptx_compile("%z", inputs, INPUT_COUNT, ast_ptx_ptx_instruction_names,
                              ast_ptx_ptx_instruction_num_args,
                              AST_PTX_PTX_INSTRUCTION_NUM_ENUMS, NULL, 0, program, NULL, 0,
                              &written));
  printf("input %%x: %d\n",
         (int)ast_ptx_compile("z", percent_inputs, INPUT_COUNT, ast_ptx_ptx_instruction_names,
                              ast_ptx_ptx_instruction_num_args,
                              AST_PTX_PTX_INSTRUCTION_NUM_ENUMS, NULL, 0, program, NULL, 0,
                              &written));
  printf("empty input: %d\n",
         (int)ast_ptx_compile("z", empty_inputs, INPUT_COUNT, ast_ptx_ptx_instruction_names,
                              ast_ptx_ptx_instruction_num_args,
                              AST_PTX_PTX_INSTRUCTION_NUM_ENUMS, NULL, 0, program, NULL, 0,
                              &written));
  AstPtxFastInstruction native_x[] = {ast_ptx_fast_encode_input(INPUT_X),
                                      ast_ptx_fast_encode_return};
  printf("native input %%x: %d\n",
         (int)ast_ptx_fast_compile("z", percent_inputs, INPUT_COUNT,
                                   ast_ptx_fast_instruction_names,
                                   ast_ptx_fast_instruction_num_args,
                                   AST_PTX_FAST_INSTRUCTION_NUM_ENUMS, NULL, 0, native_x, NULL,
                                   0, &written));
  size_t sizes[] = {0, 1, 17, 18, 77, 78, 85, 86, 106, 107};
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes; ++i)
    short_buffer(program, sizes[i]);
  return 0;
}
