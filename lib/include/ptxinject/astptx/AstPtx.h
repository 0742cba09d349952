//===- AstPtx.h - C++ API of the AST PTX compiler ---------------*- C++ -*-===//
//
// Compiles and interprets postorder f32 expression trees (see
// ast_ptx_native.h). Programs are spans: one with no return is an error rather
// than a read past its end. Errors say which instruction of which routine is
// wrong.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_ASTPTX_H
#define PTXINJECT_ASTPTX_H

#include "ast_ptx_native.h"
#include "ptxinject/stackptx/StackPtx.h"

#include <string>
#include <string_view>

namespace ptxinject {
namespace astptx {

using stackptx::Span;
using Program = Span<AstPtxFastInstruction>;

/// The instruction enums: Names[i] is the opcode, NumArgs[i] its arity.
struct InstructionTable {
  Span<const char *> Names;
  Span<size_t> NumArgs;
};

/// The f32 instructions of the built-in Stack PTX description with one f32
/// result, in description order (the order ast_ptx_fast_instructions.h uses).
const InstructionTable &builtinInstructions();

/// Replaces Out with the stub. On error, Message (if given) says what and
/// where, e.g. "routine 1, instruction 3: stack underflow: ...". Register
/// names are bare ("x" is written %x); one that is not letters, digits, '_'
/// and '$' ("%x") is AST_PTX_FAST_ERROR_INVALID_ARGUMENT, with a Message
/// that names the bare name to give.
AstPtxFastResult compile(std::string_view OutputRegister,
                         Span<const char *> Inputs,
                         const InstructionTable &Table, Span<Program> Routines,
                         Program Prog, std::string &Out,
                         std::string *Message = nullptr);

/// Evaluates Prog in single precision with the same opcode semantics the
/// stub evaluator uses (PtxEval.h).
AstPtxFastResult interpret(Span<float> Inputs, const InstructionTable &Table,
                           Span<Program> Routines, Program Prog, float &Result,
                           std::string *Message = nullptr);

} // namespace astptx
} // namespace ptxinject

#endif
