/*===- stack_ptx_fast_default_info.h - Former name -------------*- C -*-===*
 *
 * The default Stack PTX limits of the native C API are in
 * stack_ptx_native_default_info.h; this name keeps the includes of existing
 * users working.
 *
 *===----------------------------------------------------------------------===*/
#include "stack_ptx_native_default_info.h"
