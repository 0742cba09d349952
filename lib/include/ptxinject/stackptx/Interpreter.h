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
/// (only executed instructions matter, dead ones included).
bool interpretProgram(const StackPtxFastInstructionSetInfo &Set,
                      const StackPtxFastCompilerInfo &Limits, Program Prog,
                      Span<StackPtxFastRegister> Registers,
                      Span<uint32_t> InputBits, Span<size_t> Requests,
                      Span<Program> Routines, std::vector<RequestValue> &Out,
                      std::string &Error);

} // namespace stackptx
} // namespace ptxinject

#endif
