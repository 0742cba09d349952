/*===- stack_ptx_inject_serialize.h - Flat buffers for compile workers -*- C
 *-*-===*
 *
 * Serializes what a Stack PTX compile needs (compiler info, the instruction
 * set, registers, requests, instruction stubs, the annotated PTX and the
 * target) to flat byte buffers, to ship programs to compile workers. The
 * function names and buffer semantics are those of the reference system's
 * serialization header:
 *
 *   - serialize: *buffer_bytes_written_out receives the size the object
 *     needs; buffer == NULL measures only; a smaller buffer gives
 *     STACK_PTX_INJECT_SERIALIZE_ERROR_INSUFFICIENT_BUFFER.
 *   - deserialize: reads one object at the start of wire and sets
 *     *wire_used_out to its size (objects can follow each other in one
 *     wire). *buffer_bytes_written_out receives the size of the unpacked
 *     object; buffer == NULL measures only. The unpacked object (arrays and
 *     strings) lives in buffer, which the caller allocates and frees. As in
 *     the reference, that size includes 16 bytes of slack and the object
 *     starts at the first 16-byte boundary in buffer, so buffer may start
 *     anywhere (several objects back to back in one allocation).
 *   - A wire that is truncated, corrupted, of another kind or of a format
 *     version this library does not read gives
 *     STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT; nothing is read past
 *     wire_size.
 *
 * The objects are the reference's types from stack_ptx.h
 * (StackPtxCompilerInfo, StackPtxStackInfo, StackPtxRegister,
 * StackPtxInstruction), as in the reference's signatures. The C++ form is
 * ptxinject/serialize/Serialize.h (same format), which also says why a wire
 * was rejected.
 *
 *===----------------------------------------------------------------------===*/
#ifndef STACK_PTX_INJECT_SERIALIZE_H_INCLUDE
#define STACK_PTX_INJECT_SERIALIZE_H_INCLUDE

#include "stack_ptx.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The wire format version this library writes and reads. */
#define STACK_PTX_INJECT_SERIALIZE_FORMAT_VERSION 1

typedef enum {
  STACK_PTX_INJECT_SERIALIZE_SUCCESS = 0,
  STACK_PTX_INJECT_SERIALIZE_ERROR_INSUFFICIENT_BUFFER = 1,
  /* A NULL argument, or a wire that is not a valid object of this kind. */
  STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT = 2,
  STACK_PTX_INJECT_SERIALIZE_ERROR_INTERNAL = 3,
  STACK_PTX_INJECT_SERIALIZE_RESULT_NUM_ENUM
} StackPtxInjectSerializeResult;

/* The target and limits a compile worker needs besides the compiler info. */
typedef struct {
  unsigned int device_capability_major;
  unsigned int device_capability_minor;
  size_t execution_limit;
} StackPtxExtraInfo;

const char *stack_ptx_inject_serialize_result_to_string(
    StackPtxInjectSerializeResult result);

StackPtxInjectSerializeResult
stack_ptx_compiler_info_serialize(const StackPtxCompilerInfo *compiler_info_ref,
                                  uint8_t *buffer, size_t buffer_size,
                                  size_t *buffer_bytes_written_out);
StackPtxInjectSerializeResult stack_ptx_compiler_info_deserialize(
    const uint8_t *wire, size_t wire_size, size_t *wire_used_out,
    uint8_t *buffer, size_t buffer_size, size_t *buffer_bytes_written_out,
    StackPtxCompilerInfo **compiler_info_out);
bool stack_ptx_compiler_info_equal(const StackPtxCompilerInfo *compiler_info_x,
                                   const StackPtxCompilerInfo *compiler_info_y);
StackPtxInjectSerializeResult
stack_ptx_compiler_info_print(const StackPtxCompilerInfo *compiler_info);

StackPtxInjectSerializeResult
stack_ptx_stack_info_serialize(const StackPtxStackInfo *stack_info_ref,
                               uint8_t *buffer, size_t buffer_size,
                               size_t *buffer_bytes_written_out);
StackPtxInjectSerializeResult stack_ptx_stack_info_deserialize(
    const uint8_t *wire, size_t wire_size, size_t *wire_used_out,
    uint8_t *buffer, size_t buffer_size, size_t *buffer_bytes_written_out,
    StackPtxStackInfo **stack_info_out);
bool stack_ptx_stack_info_equal(const StackPtxStackInfo *stack_info_x,
                                const StackPtxStackInfo *stack_info_y);
StackPtxInjectSerializeResult
stack_ptx_stack_info_print(const StackPtxStackInfo *stack_info);

StackPtxInjectSerializeResult stack_ptx_registers_serialize(
    const StackPtxRegister *registers, size_t num_registers, uint8_t *buffer,
    size_t buffer_size, size_t *buffer_bytes_written_out);
StackPtxInjectSerializeResult stack_ptx_registers_deserialize(
    const uint8_t *wire, size_t wire_size, size_t *wire_used_out,
    uint8_t *buffer, size_t buffer_size, size_t *buffer_bytes_written_out,
    StackPtxRegister **registers_out, size_t *num_registers_out);
bool stack_ptx_registers_equal(const StackPtxRegister *registers_x,
                               size_t num_registers_x,
                               const StackPtxRegister *registers_y,
                               size_t num_registers_y);

/* request_stubs[i] holds request_stubs_sizes[i] register indices. */
StackPtxInjectSerializeResult stack_ptx_requests_serialize(
    const size_t *const *request_stubs, const size_t *request_stubs_sizes,
    size_t num_request_stubs, uint8_t *buffer, size_t buffer_size,
    size_t *buffer_bytes_written_out);
StackPtxInjectSerializeResult stack_ptx_requests_deserialize(
    const uint8_t *wire, size_t wire_size, size_t *wire_used_out,
    uint8_t *buffer, size_t buffer_size, size_t *buffer_bytes_written_out,
    size_t ***requests_stubs_out, size_t **request_stubs_sizes_out,
    size_t *num_requests_stubs_out);
bool stack_ptx_requests_equal(const size_t *const *requests_stubs_x,
                              const size_t *request_stubs_sizes_x,
                              size_t num_request_stubs_x,
                              const size_t *const *requests_stubs_y,
                              const size_t *request_stubs_sizes_y,
                              size_t num_request_stubs_y);

/* instruction_stubs[i] is a return-terminated instruction array (8 bytes an
   instruction on the wire). */
StackPtxInjectSerializeResult stack_ptx_instructions_serialize(
    const StackPtxInstruction *const *instruction_stubs,
    size_t num_instruction_stubs, uint8_t *buffer, size_t buffer_size,
    size_t *buffer_bytes_written_out);
StackPtxInjectSerializeResult stack_ptx_instructions_deserialize(
    const uint8_t *wire, size_t wire_size, size_t *wire_used_out,
    uint8_t *buffer, size_t buffer_size, size_t *buffer_bytes_written_out,
    StackPtxInstruction ***instruction_stubs_out,
    size_t *num_instruction_stubs_out);
bool stack_ptx_instructions_equal(
    const StackPtxInstruction *const *instruction_stubs_x,
    size_t num_instruction_stubs_x,
    const StackPtxInstruction *const *instruction_stubs_y,
    size_t num_instruction_stubs_y);

StackPtxInjectSerializeResult
ptx_inject_ptx_serialize(const char *ptx, uint8_t *buffer, size_t buffer_size,
                         size_t *buffer_bytes_written_out);
StackPtxInjectSerializeResult
ptx_inject_ptx_deserialize(const uint8_t *wire, size_t wire_size,
                           size_t *wire_used_out, uint8_t *buffer,
                           size_t buffer_size, size_t *buffer_bytes_written_out,
                           char **ptx);
bool ptx_inject_ptx_equal(const char *ptx_x, const char *ptx_y);

StackPtxInjectSerializeResult
stack_ptx_extra_serialize(const StackPtxExtraInfo *extra_ref, uint8_t *buffer,
                          size_t buffer_size, size_t *buffer_bytes_written_out);
StackPtxInjectSerializeResult stack_ptx_extra_deserialize(
    const uint8_t *wire, size_t wire_size, size_t *wire_used_out,
    uint8_t *buffer, size_t buffer_size, size_t *buffer_bytes_written_out,
    StackPtxExtraInfo **extra_out);
bool stack_ptx_extra_equal(const StackPtxExtraInfo *extra_x,
                           const StackPtxExtraInfo *extra_y);

/* Everything a compile worker holds for one kernel, as one wire: the
   annotated PTX, the compiler info, the instruction set, the target, the
   registers and the request arrays (in that order on the wire). */
typedef struct {
  const char *annotated_ptx;

  const StackPtxCompilerInfo *compiler_info;
  const StackPtxStackInfo *stack_info;
  StackPtxExtraInfo *extra;

  const StackPtxRegister *registers;
  size_t num_registers;

  const size_t *const *request_stubs;
  const size_t *request_stub_sizes;
  size_t num_request_stubs;
} StackPtxInjectCompilerStateSerialize;

/* The same state unpacked into one caller buffer. */
typedef struct {
  char *annotated_ptx;

  StackPtxCompilerInfo *compiler_info;
  StackPtxStackInfo *stack_info;
  StackPtxExtraInfo *extra;

  StackPtxRegister *registers;
  size_t num_registers;

  size_t **request_stubs;
  size_t *request_stub_sizes;
  size_t num_request_stubs;
} StackPtxInjectCompilerStateDeserialize;

StackPtxInjectSerializeResult stack_ptx_inject_compiler_state_serialize(
    const StackPtxInjectCompilerStateSerialize *compiler_state, uint8_t *buffer,
    size_t buffer_size, size_t *buffer_bytes_written_out);
StackPtxInjectSerializeResult stack_ptx_inject_compiler_state_deserialize(
    const uint8_t *wire, size_t wire_size, size_t *wire_used_out,
    uint8_t *buffer, size_t buffer_size, size_t *buffer_bytes_written_out,
    StackPtxInjectCompilerStateDeserialize **compiler_state_out);
bool stack_ptx_inject_compiler_state_equal(
    const StackPtxInjectCompilerStateSerialize *compiler_state_x,
    StackPtxInjectCompilerStateDeserialize *compiler_state_y);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* STACK_PTX_INJECT_SERIALIZE_H_INCLUDE */

/* The reference's implementation section, as its users see it: the headers
 * it includes and its two result macros, which its examples use in their
 * own functions after defining STACK_PTX_INJECT_SERIALIZE_IMPLEMENTATION.
 * _ERROR returns the result it is given; _CHECK_RET returns a result that is
 * not success. With STACK_PTX_INJECT_SERIALIZE_DEBUG both print the result's
 * name with the file and line and exit(1) instead. */
#if defined(STACK_PTX_INJECT_SERIALIZE_IMPLEMENTATION) &&                      \
    !defined(STACK_PTX_INJECT_SERIALIZE_IMPLEMENTATION_ONCE)
#define STACK_PTX_INJECT_SERIALIZE_IMPLEMENTATION_ONCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef STACK_PTX_INJECT_SERIALIZE_DEBUG
#include <assert.h>
#define _STACK_PTX_INJECT_SERIALIZE_REPORT(kind, result)                       \
  do {                                                                         \
    fprintf(stderr, "%s: %s \n  %s %d\n", kind,                                \
            stack_ptx_inject_serialize_result_to_string(result), __FILE__,     \
            __LINE__);                                                         \
    assert(0);                                                                 \
    exit(1);                                                                   \
  } while (0)
#define _STACK_PTX_INJECT_SERIALIZE_ERROR(ans)                                 \
  do {                                                                         \
    StackPtxInjectSerializeResult _result = (ans);                             \
    _STACK_PTX_INJECT_SERIALIZE_REPORT("STACK_PTX_INJECT_SERIALIZE_ERROR",     \
                                       _result);                               \
    return _result;                                                            \
  } while (0);
#define _STACK_PTX_INJECT_SERIALIZE_CHECK_RET(ans)                             \
  do {                                                                         \
    StackPtxInjectSerializeResult _result = (ans);                             \
    if (_result != STACK_PTX_INJECT_SERIALIZE_SUCCESS) {                       \
      _STACK_PTX_INJECT_SERIALIZE_REPORT("STACK_PTX_INJECT_SERIALIZE_CHECK",   \
                                         _result);                             \
      return _result;                                                          \
    }                                                                          \
  } while (0);
#else
#define _STACK_PTX_INJECT_SERIALIZE_ERROR(ans)                                 \
  do {                                                                         \
    return (StackPtxInjectSerializeResult)(ans);                               \
  } while (0);
#define _STACK_PTX_INJECT_SERIALIZE_CHECK_RET(ans)                             \
  do {                                                                         \
    StackPtxInjectSerializeResult _result = (ans);                             \
    if (_result != STACK_PTX_INJECT_SERIALIZE_SUCCESS)                         \
      return _result;                                                          \
  } while (0);
#endif
#endif
