/* Random Stack PTX and AST PTX programs compiled through the reference
   library's C API (stack_ptx.h, ast_ptx.h) into buffers of every size from 0
   to the stub's length: per size, the result, the count and what the buffer
   holds. Built twice by utils/compat/short-buffer-vs-reference: against the
   reference library and against this project.

   ShortBuffers stack N | ast N */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define STACK_PTX_IMPLEMENTATION
#define AST_PTX_IMPLEMENTATION
#include "generated/stack_ptx_descriptions.h"
#include <ast_ptx.h>
#include <ast_ptx_instructions.h>
#include <stack_ptx.h>
#include <stack_ptx_default_info.h>

static uint64_t st;
static uint64_t nx(void) {
  uint64_t z = (st += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static char buffer[1 << 16];

/* One line per size: size, result, count, where the NUL is (or "none") and
   the text before it, newlines as '~', then whether any byte past the NUL
   (or, with none, past the buffer) was written. */
static void show(size_t size, int result, size_t count, size_t bound) {
  size_t end = 0;
  while (end < bound && buffer[end] != '\0')
    ++end;
  printf("%zu %d %zu ", size, result, count);
  if (end == bound) {
    printf("none");
  } else {
    printf("%zu ", end);
    for (size_t i = 0; i < end; ++i)
      putchar(buffer[i] == '\n' ? '~' : buffer[i]);
  }
  int past = 0;
  for (size_t i = end == bound ? size : end + 1; i < bound; ++i)
    past |= buffer[i] != '#';
  printf(past ? " WRITTEN-PAST\n" : "\n");
}

#define F32 STACK_PTX_STACK_TYPE_F32
#define U32 STACK_PTX_STACK_TYPE_U32
#define P(x) stack_ptx_encode_ptx_instruction_##x

/* The encoders are initializers: RET returns one. */
#define RET(x)                                                                 \
  do {                                                                         \
    StackPtxInstruction t_ = x;                                                \
    return t_;                                                                 \
  } while (0)

static StackPtxInstruction stack_pick(void) {
  static const StackPtxInstruction ptx[] = {
      P(add_ftz_f32),     P(mul_ftz_f32), P(fma_rn_ftz_f32), P(neg_ftz_f32),
      P(setp_lt_ftz_f32), P(selp_f32),    P(mad_lo_u32),     P(cvt_rn_f32_u32)};
  unsigned r = nx() % 100;
  if (r < 30)
    RET(stack_ptx_encode_input(nx() % 4));
  if (r < 35)
    RET(stack_ptx_encode_constant_f32((float)(nx() % 7)));
  if (r < 40)
    RET(stack_ptx_encode_constant_u32(nx() % 7));
  if (r < 95)
    return ptx[nx() % (sizeof ptx / sizeof *ptx)];
  RET(stack_ptx_encode_special_register_tid_x);
}

static void stack_programs(int n) {
  static const StackPtxRegister registers[] = {
      {"a", F32}, {"b", F32}, {"u", U32}, {"v", U32}, {"o", F32}, {"ou", U32}};
  static const size_t requests[] = {4, 5};
  size_t ws;
  if (stack_ptx_compile_workspace_size(&compiler_info, &stack_ptx_stack_info,
                                       &ws))
    abort();
  void *w = malloc(ws);
  for (int k = 0; k < n; ++k) {
    st = 2000 + k;
    StackPtxInstruction prog[17];
    for (int i = 0; i < 16; ++i)
      prog[i] = stack_pick();
    {
      StackPtxInstruction ret = stack_ptx_encode_return;
      prog[16] = ret;
    }
    size_t need = 0;
    StackPtxResult r = stack_ptx_compile(&compiler_info, &stack_ptx_stack_info,
                                         prog, registers, 6, NULL, 0, requests,
                                         2, 1000, w, ws, NULL, 0, &need);
    printf("== %d %d\n", k, (int)r);
    if (r || need + 64 > sizeof buffer)
      continue;
    for (size_t size = 0; size <= need + 1; ++size) {
      memset(buffer, '#', need + 64);
      size_t count = 777;
      r = stack_ptx_compile(&compiler_info, &stack_ptx_stack_info, prog,
                            registers, 6, NULL, 0, requests, 2, 1000, w, ws,
                            buffer, size, &count);
      show(size, (int)r, count, need + 64);
    }
  }
  free(w);
}

static AstPtxInstruction ast_word(int type, unsigned aux, unsigned idx) {
  AstPtxInstruction i;
  memset(&i, 0, sizeof i);
  i.instruction_type = (uint16_t)type;
  i.aux = (uint16_t)aux;
  i.payload.idx = idx;
  return i;
}

static void ast_programs(int n) {
  static const char *const inputs[3] = {"x", "in_y", "z2"};
  unsigned by_arity[4][64], count_of[4] = {0};
  for (unsigned k = 0; k < AST_PTX_PTX_INSTRUCTION_NUM_ENUMS; ++k) {
    unsigned a = ast_ptx_ptx_instruction_num_args[k];
    if (a >= 1 && a <= 3 && count_of[a] < 64)
      by_arity[a][count_of[a]++] = k;
  }
  /* A routine squaring its argument, called now and then. */
  AstPtxInstruction square[] = {
      ast_ptx_encode_routine_arg(0), ast_ptx_encode_routine_arg(0),
      ast_ptx_encode_ptx_instruction_mul_ftz_f32, ast_ptx_encode_return};
  const AstPtxInstruction *routines[] = {square};
  for (int k = 0; k < n; ++k) {
    st = 3000 + k;
    AstPtxInstruction prog[160];
    size_t len = 0;
    int depth = 0, steps = 1 + (int)(nx() % 12);
    for (int s = 0; (s < steps || depth != 1) && len < 150; ++s) {
      unsigned a = 1 + (unsigned)(nx() % 3);
      if (depth >= (int)a && count_of[a] && (nx() % 2 || s >= steps)) {
        unsigned idx = by_arity[a][nx() % count_of[a]];
        prog[len++] =
            ast_word(AST_PTX_INSTRUCTION_TYPE_PTX_INSTRUCTION, a, idx);
        depth -= (int)a - 1;
      } else if (depth >= 1 && nx() % 8 == 0) {
        prog[len++] = ast_word(AST_PTX_INSTRUCTION_TYPE_ROUTINE, 1, 0);
      } else if (s < steps || depth < 1) {
        if (nx() % 3) {
          prog[len++] = ast_word(AST_PTX_INSTRUCTION_TYPE_INPUT, 0, nx() % 3);
        } else {
          prog[len] = ast_word(AST_PTX_INSTRUCTION_TYPE_CONSTANT, 0, 0);
          prog[len++].payload.f = (float)(nx() % 1000) / 7.0f;
        }
        ++depth;
      }
    }
    if (depth != 1)
      continue;
    prog[len++] = ast_word(AST_PTX_INSTRUCTION_TYPE_RETURN, 0, 0);
    size_t need = 0;
    AstPtxResult r = ast_ptx_compile(
        "out", inputs, 3, ast_ptx_ptx_instruction_names,
        ast_ptx_ptx_instruction_num_args, AST_PTX_PTX_INSTRUCTION_NUM_ENUMS,
        routines, 1, prog, NULL, 0, &need);
    printf("== %d %d\n", k, (int)r);
    if (r || need + 64 > sizeof buffer)
      continue;
    for (size_t size = 0; size <= need + 1; ++size) {
      memset(buffer, '#', need + 64);
      size_t count = 777;
      r = ast_ptx_compile("out", inputs, 3, ast_ptx_ptx_instruction_names,
                          ast_ptx_ptx_instruction_num_args,
                          AST_PTX_PTX_INSTRUCTION_NUM_ENUMS, routines, 1, prog,
                          buffer, size, &count);
      show(size, (int)r, count, need + 64);
    }
  }
}

int main(int argc, char **argv) {
  int n = argc > 2 ? atoi(argv[2]) : 300;
  if (argc > 1 && strcmp(argv[1], "ast") == 0)
    ast_programs(n);
  else
    stack_programs(n);
  return 0;
}
