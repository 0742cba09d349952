/*===- stack_ptx_fast.h - Former name of stack_ptx_native.h ----*- C -*-===*
 *
 * The native C API of the Stack PTX compiler is stack_ptx_native.h; this
 * name keeps the includes of existing users working.
 *
 *===----------------------------------------------------------------------===*/
#include "stack_ptx_native.h"
