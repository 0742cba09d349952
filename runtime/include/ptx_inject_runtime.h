/*===- ptx_inject_runtime.h - PTX Inject runtime C API -------------------===*
 *
 * The host-side C API (C99 and C++), with the reference system's function
 * names and shapes: parse annotated PTX once into a handle, look up injects
 * and their operands, and render PTX with one stub per inject. Handles are
 * immutable after creation; any number of threads may use one at once.
 *
 *===----------------------------------------------------------------------===*/
#ifndef PTX_INJECT_RUNTIME_H
#define PTX_INJECT_RUNTIME_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  PTX_INJECT_SUCCESS = 0,
  /** The PTX markers are malformed (see the diagnostic for the line). */
  PTX_INJECT_ERROR_FORMATTING = 1,
  /** The output buffer is too small; the needed size was reported. */
  PTX_INJECT_ERROR_INSUFFICIENT_BUFFER = 2,
  PTX_INJECT_ERROR_INTERNAL = 3,
  /** A null pointer, empty PTX or bytes that are not UTF-8. */
  PTX_INJECT_ERROR_INVALID_INPUT = 4,
  /** More sites than the runtime accepts. */
  PTX_INJECT_ERROR_MAX_UNIQUE_INJECTS_EXCEEDED = 5,
  /** The stubs array length differs from ptx_inject_num_injects. */
  PTX_INJECT_ERROR_WRONG_NUM_STUBS = 6,
  PTX_INJECT_ERROR_OUT_OF_BOUNDS_IDX = 7,
  /** Two sites of one name have different operand lists. */
  PTX_INJECT_ERROR_INCONSISTENT_INJECTION = 8,
  PTX_INJECT_ERROR_INJECTION_NAME_NOT_FOUND = 9,
  PTX_INJECT_ERROR_INJECTION_ARG_NAME_NOT_FOUND = 10,
  PTX_INJECT_ERROR_OUT_OF_MEMORY = 11,
  PTX_INJECT_RESULT_NUM_ENUMS
} PtxInjectResult;

/* The reference system's values: code that stores or sends them as
   integers (Python, remote workers) reads them the same way. */
typedef enum {
  PTX_INJECT_MUT_TYPE_OUT = 0,
  PTX_INJECT_MUT_TYPE_MOD = 1,
  PTX_INJECT_MUT_TYPE_IN = 2,
  PTX_INJECT_MUT_TYPE_NUM_ENUMS
} PtxInjectMutType;

typedef struct PtxInjectHandleImpl *PtxInjectHandle;

/** Where and why ptx_inject_create_with_diagnostic failed. */
typedef struct {
  PtxInjectResult result;
  size_t line;       /**< 1-based PTX line, 0 when unknown */
  size_t column;     /**< 1-based byte column, 0 when unknown */
  char message[512]; /**< NUL-terminated, truncated if longer */
} PtxInjectDiagnostic;

/** A readable name for a result code; never NULL. */
const char *ptx_inject_result_to_string(PtxInjectResult result);

/** Parses NUL-terminated annotated PTX. On failure *handle is NULL. */
PtxInjectResult ptx_inject_create(PtxInjectHandle *handle, const char *ptx);

/** As ptx_inject_create, for PTX of ptx_size bytes (NUL not required), and
 *  fills *diagnostic (may be NULL) with the line, column and message. */
PtxInjectResult
ptx_inject_create_with_diagnostic(PtxInjectHandle *handle, const char *ptx,
                                  size_t ptx_size,
                                  PtxInjectDiagnostic *diagnostic);

/** Flags for ptx_inject_create_with_flags, or-ed together. */
typedef enum {
  /** Drop module-scope variables that have no linkage (not .visible, .extern
   *  or .weak) and that nothing in the PTX references, once, before parsing,
   *  so that no render or PTX-to-cubin compile of the module carries them.
   *  nvrtc's -default-device output for CUTLASS holds hundreds of such
   *  constants. Leave it off when host code reaches a variable by name
   *  (cuModuleGetGlobal) that the PTX never uses. Line numbers do not move. */
  PTX_INJECT_CREATE_PRUNE_UNUSED_GLOBALS = 1u << 0
} PtxInjectCreateFlags;

/** As ptx_inject_create_with_diagnostic, with flags (0: none). A flag this
 *  runtime does not know gives PTX_INJECT_ERROR_INVALID_INPUT. */
PtxInjectResult ptx_inject_create_with_flags(PtxInjectHandle *handle,
                                             const char *ptx, size_t ptx_size,
                                             unsigned flags,
                                             PtxInjectDiagnostic *diagnostic);

/** Frees the handle; NULL is accepted. */
PtxInjectResult ptx_inject_destroy(PtxInjectHandle handle);

PtxInjectResult ptx_inject_num_injects(const PtxInjectHandle handle,
                                       size_t *num_injects_out);

/** Any out pointer may be NULL. */
PtxInjectResult ptx_inject_inject_info_by_name(const PtxInjectHandle handle,
                                               const char *inject_name,
                                               size_t *inject_idx_out,
                                               size_t *inject_num_args_out,
                                               size_t *inject_num_sites_out);

PtxInjectResult ptx_inject_inject_info_by_index(const PtxInjectHandle handle,
                                                size_t inject_idx,
                                                const char **inject_name_out,
                                                size_t *inject_num_args_out,
                                                size_t *inject_num_sites_out);

/** Register names come without '%' (e.g. "_x0"); register type is the PTX
 *  register type (e.g. "f32"), data type the marker's type label ("F32").
 *  Returned strings live as long as the handle. Any out pointer may be NULL. */
PtxInjectResult ptx_inject_variable_info_by_name(
    const PtxInjectHandle handle, size_t inject_idx,
    const char *inject_variable_name, size_t *inject_variable_arg_idx_out,
    const char **inject_variable_register_name_out,
    PtxInjectMutType *inject_variable_mut_type_out,
    const char **inject_variable_register_type_name_out,
    const char **inject_variable_data_type_name_out);

PtxInjectResult ptx_inject_variable_info_by_index(
    const PtxInjectHandle handle, size_t inject_idx,
    size_t inject_variable_arg_idx, const char **inject_variable_name_out,
    const char **inject_variable_register_name_out,
    PtxInjectMutType *inject_variable_mut_type_out,
    const char **inject_variable_register_type_name_out,
    const char **inject_variable_data_type_name_out);

/** Measure and allocate, as the reference: with a NULL buffer (buffer size
 *  ignored), *bytes_written_out receives the size to allocate, the rendered
 *  length plus one for the terminating NUL. A buffer of at least that size
 *  receives the PTX and its NUL; *bytes_written_out is then its strlen. A
 *  smaller buffer gives PTX_INJECT_ERROR_INSUFFICIENT_BUFFER, with the
 *  rendered length in *bytes_written_out and, when the buffer has a byte,
 *  the PTX's first buffer-size - 1 bytes and a NUL in it.
 *  ptx_stubs[i] goes to every site of inject i, in place of the marker block
 *  and followed by the block's line end ("" leaves an empty line); a NULL
 *  ptx_stubs or entry is PTX_INJECT_ERROR_INVALID_INPUT, checked before the
 *  count (PTX_INJECT_ERROR_WRONG_NUM_STUBS); on these errors
 *  *bytes_written_out is left as it was. bytes_written_out may be NULL. */
PtxInjectResult ptx_inject_render_ptx(const PtxInjectHandle handle,
                                      const char *const *ptx_stubs,
                                      size_t num_ptx_stubs,
                                      char *rendered_ptx_buffer,
                                      size_t rendered_ptx_buffer_size,
                                      size_t *bytes_written_out);

/** Resolves the %{label} operand names of a stub for inject inject_idx to
 *  its stable registers (%{x} -> %_x1), so a stub written for `ptxinject
 *  render` or `ptxinject variants --stubs` can go to ptx_inject_render_ptx.
 *  Measure and allocate as ptx_inject_render_ptx: a NULL buffer measures the
 *  resolved length plus one for the NUL; a buffer of at least that gets the
 *  stub and its NUL (*bytes_written_out: its strlen); a smaller one gives
 *  PTX_INJECT_ERROR_INSUFFICIENT_BUFFER and a NUL-terminated prefix.
 *  An unknown label, or '%{' without its '}', gives
 *  PTX_INJECT_ERROR_INJECTION_ARG_NAME_NOT_FOUND. */
PtxInjectResult ptx_inject_resolve_stub_labels(const PtxInjectHandle handle,
                                               size_t inject_idx,
                                               const char *stub,
                                               char *resolved_stub_buffer,
                                               size_t resolved_stub_buffer_size,
                                               size_t *bytes_written_out);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PTX_INJECT_RUNTIME_H */
