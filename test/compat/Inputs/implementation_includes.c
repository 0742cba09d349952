/* Host C as the reference's users write it: the *_IMPLEMENTATION macros
 * defined before the headers, then bool, false, strlen, printf, malloc and
 * the serialize header's result macros used without including anything
 * else. It fails to compile where a header leaves one out. */
#define PTX_INJECT_IMPLEMENTATION
#define STACK_PTX_IMPLEMENTATION
#define STACK_PTX_INJECT_SERIALIZE_IMPLEMENTATION
#include <ptx_inject.h>
#include <stack_ptx.h>
#include <stack_ptx_inject_serialize.h>

static StackPtxInjectSerializeResult passes(StackPtxInjectSerializeResult r) {
  _STACK_PTX_INJECT_SERIALIZE_CHECK_RET(r);
  return STACK_PTX_INJECT_SERIALIZE_SUCCESS;
}

static StackPtxInjectSerializeResult fails(void) {
  _STACK_PTX_INJECT_SERIALIZE_ERROR(STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT);
}

int main(void) {
  bool ok = false;
  char *copy = malloc(strlen("ptx") + 1);
  va_list *unused_va = NULL; /* <stdarg.h> */
  (void)unused_va;
  if (!copy)
    return 1;
  strcpy(copy, "ptx");
  ok = strcmp(copy, "ptx") == 0 &&
       passes(STACK_PTX_INJECT_SERIALIZE_SUCCESS) ==
           STACK_PTX_INJECT_SERIALIZE_SUCCESS &&
       passes(STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT) ==
           STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT &&
       fails() == STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
  free(copy);
  printf("%s\n", ok ? "implementation includes: ok" : "wrong results");
  return ok ? 0 : 1;
}
