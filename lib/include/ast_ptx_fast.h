/*===- ast_ptx_fast.h - Former name of ast_ptx_native.h --------*- C -*-===*
 *
 * The native C API of the AST PTX compiler is ast_ptx_native.h; this name
 * keeps the includes of existing users working.
 *
 *===----------------------------------------------------------------------===*/
#include "ast_ptx_native.h"
