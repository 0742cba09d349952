/*===- stack_ptx_default_info.h - Default Stack PTX limits ------*- C -*-===*
 *
 * The compiler limits the reference library's examples use, under the same
 * name (compiler_info), for the reference-compatible stack_ptx.h.
 *
 *===----------------------------------------------------------------------===*/
#pragma once

#include <stack_ptx.h>

static const StackPtxCompilerInfo compiler_info = {
    .max_ast_size = 65536,
    .max_ast_to_visit_stack_depth = 1024,
    .stack_size = 128,
    .max_frame_depth = 4,
    .store_size = 16,
};
