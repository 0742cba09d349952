// Host code written for the reference's ptx_inject.h compiles against ours
// unchanged: every ptx_inject_* function has the reference's exact type (a
// mismatch is an incompatible-pointer error under -Werror), and the enums
// have the reference's values, which callers store and send as integers.
// RUN: %cc-stack -Werror %s -I%include -o %t %runtime-libs
// RUN: %t | FileCheck %s --match-full-lines
// CHECK: mut types: out 0 mod 1 in 2
// CHECK-NEXT: results: 0 1 2 3 4 5 6 7 8 9 10 11 count 12
#include <ptx_inject.h>

#include <stdio.h>

/* The reference's declarations, as typedefs of the function types. */
typedef PtxInjectResult (*CreateFn)(PtxInjectHandle *, const char *);
typedef PtxInjectResult (*DestroyFn)(PtxInjectHandle);
typedef PtxInjectResult (*NumInjectsFn)(const PtxInjectHandle, size_t *);
typedef PtxInjectResult (*InjectByNameFn)(const PtxInjectHandle, const char *, size_t *,
                                          size_t *, size_t *);
typedef PtxInjectResult (*InjectByIndexFn)(const PtxInjectHandle, size_t, const char **,
                                           size_t *, size_t *);
typedef PtxInjectResult (*VariableByNameFn)(const PtxInjectHandle, size_t, const char *,
                                            size_t *, const char **, PtxInjectMutType *,
                                            const char **, const char **);
typedef PtxInjectResult (*VariableByIndexFn)(const PtxInjectHandle, size_t, size_t,
                                             const char **, const char **,
                                             PtxInjectMutType *, const char **,
                                             const char **);
typedef PtxInjectResult (*RenderFn)(const PtxInjectHandle, const char *const *, size_t, char *,
                                    size_t, size_t *);
typedef const char *(*ResultToStringFn)(PtxInjectResult);

int main(void) {
  CreateFn create = ptx_inject_create;
  DestroyFn destroy = ptx_inject_destroy;
  NumInjectsFn num_injects = ptx_inject_num_injects;
  InjectByNameFn inject_by_name = ptx_inject_inject_info_by_name;
  InjectByIndexFn inject_by_index = ptx_inject_inject_info_by_index;
  VariableByNameFn variable_by_name = ptx_inject_variable_info_by_name;
  VariableByIndexFn variable_by_index = ptx_inject_variable_info_by_index;
  RenderFn render = ptx_inject_render_ptx;
  ResultToStringFn to_string = ptx_inject_result_to_string;
  (void)create, (void)destroy, (void)num_injects, (void)inject_by_name, (void)inject_by_index;
  (void)variable_by_name, (void)variable_by_index, (void)render, (void)to_string;

  printf("mut types: out %d mod %d in %d\n", PTX_INJECT_MUT_TYPE_OUT, PTX_INJECT_MUT_TYPE_MOD,
         PTX_INJECT_MUT_TYPE_IN);
  printf("results: %d %d %d %d %d %d %d %d %d %d %d %d count %d\n", PTX_INJECT_SUCCESS,
         PTX_INJECT_ERROR_FORMATTING, PTX_INJECT_ERROR_INSUFFICIENT_BUFFER,
         PTX_INJECT_ERROR_INTERNAL, PTX_INJECT_ERROR_INVALID_INPUT,
         PTX_INJECT_ERROR_MAX_UNIQUE_INJECTS_EXCEEDED, PTX_INJECT_ERROR_WRONG_NUM_STUBS,
         PTX_INJECT_ERROR_OUT_OF_BOUNDS_IDX, PTX_INJECT_ERROR_INCONSISTENT_INJECTION,
         PTX_INJECT_ERROR_INJECTION_NAME_NOT_FOUND,
         PTX_INJECT_ERROR_INJECTION_ARG_NAME_NOT_FOUND, PTX_INJECT_ERROR_OUT_OF_MEMORY,
         PTX_INJECT_RESULT_NUM_ENUMS);
  return 0;
}
