//===- StackPtxInterpreter.h - CPU interpreter of Stack PTX -----*- C++ -*-===//
//
// Runs a Stack PTX program on concrete 32-bit values, independently of the
// compiler, so tests can compare what a program means with what its stub
// computes. Models the f32, u32, s32 and pred arithmetic, compare and select
// instructions of the default description (see PtxEval.h).
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_STACKPTXINTERPRETER_H
#define PTXINJECT_STACKPTXINTERPRETER_H

#include "ptxinject/eval/PtxEval.h"
#include "ptxinject/stackptx/StackPtx.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ptxinject {
namespace stackptx {

/// The value a request receives; Assigned is false when its stack was empty
/// (the stub then leaves the register untouched).
struct RequestValue {
  bool Assigned = false;
  uint32_t Bits = 0; // f32 bit pattern, integer, or 0/1 for pred
};

/// InputBits[i] is the value of Registers[i]. Returns false with Error set
/// when the program executes an instruction the interpreter does not model
/// (only executed instructions matter, dead ones included). A bool and a
/// reused string rather than an Error: this is a per-program outcome of the
/// scoring loop, which calls it for every candidate with the same buffers.
bool interpretProgram(const StackPtxFastInstructionSetInfo &Set,
                      const StackPtxFastCompilerInfo &Limits, Program Prog,
                      Span<StackPtxFastRegister> Registers,
                      Span<uint32_t> InputBits, Span<size_t> Requests,
                      Span<Program> Routines, std::vector<RequestValue> &Out,
                      std::string &Error);

/// A program's work as straight-line operations on numbered values. Stack
/// PTX never branches on a value, so what a program computes is the same
/// sequence of operations whatever its inputs: traced once, it runs on any
/// number of samples (BatchEval.h) with interpretProgram's semantics.
struct Tape {
  static constexpr int64_t Unassigned = -1;
  static constexpr uint32_t NoWord = ~0u;
  struct Step {
    eval::ResolvedOpcode Op;
    uint32_t Args[4];
    uint8_t NumArgs;
    uint32_t Result;
  };
  /// Values 0..NumInputs-1 are the registers' inputs; the others are
  /// constants (value, bits) and step results, numbered in order of making.
  size_t NumInputs = 0, NumValues = 0;
  std::vector<std::pair<uint32_t, uint32_t>> Constants;
  /// Per constant: the index of the program's constant word that made it,
  /// or NoWord (a routine's word, a special register read as 0).
  std::vector<uint32_t> ConstantWords;
  std::vector<Step> Steps;
  /// Per request: the value it receives, or Unassigned.
  std::vector<int64_t> Requests;
};

/// Traces Prog as interpretProgram runs it. False with Error for what the
/// interpreter does not model (a per-program outcome, as interpretProgram's).
bool traceProgram(const StackPtxFastInstructionSetInfo &Set,
                  const StackPtxFastCompilerInfo &Limits, Program Prog,
                  Span<StackPtxFastRegister> Registers, Span<size_t> Requests,
                  Span<Program> Routines, Tape &Out, std::string &Error);

} // namespace stackptx
} // namespace ptxinject

#endif
