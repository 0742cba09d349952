/*===- stack_ptx_native_default_info.h - Default Stack PTX limits --*- C -*-===*
 *
 * Compiler limits that fit programs of a few thousand instructions, so
 * examples and tools need not choose their own.
 *
 *===----------------------------------------------------------------------===*/
#ifndef STACK_PTX_FAST_DEFAULT_INFO_H
#define STACK_PTX_FAST_DEFAULT_INFO_H

#include "stack_ptx_native.h"

#ifdef __cplusplus
#define STACK_PTX_FAST_DEFAULT_INFO_STORAGE constexpr
#else
#define STACK_PTX_FAST_DEFAULT_INFO_STORAGE const
#endif

static STACK_PTX_FAST_DEFAULT_INFO_STORAGE StackPtxFastCompilerInfo
    stack_ptx_fast_default_compiler_info = {
        /* max_ast_size */ 4096,
        /* stack_size */ 128,
        /* store_size */ 16,
        /* max_frame_depth */ 4,
        /* execution_limit */ 65536,
};

#endif /* STACK_PTX_FAST_DEFAULT_INFO_H */
