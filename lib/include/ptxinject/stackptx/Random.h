//===- StackPtxRandom.h - Random Stack PTX programs -------------*- C++ -*-===//
//
// Random programs for fuzzing, differential tests, benchmarks and search
// demos. Every generated instruction is in range for the instruction set;
// garbage bytes are the fuzzer's job.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_STACKPTXRANDOM_H
#define PTXINJECT_STACKPTXRANDOM_H

#include "ptxinject/stackptx/StackPtx.h"

#include <random>
#include <string>
#include <vector>

namespace ptxinject {
namespace stackptx {

struct RandomProgramOptions {
  /// Only instructions the CPU interpreter models (see StackPtxInterpreter.h).
  bool InterpretedOnly = false;
  /// Restrict PTX instructions to those touching these stack types only
  /// (empty: all). Indices into the instruction set's stack types.
  std::vector<unsigned> StackTypes;
  bool Meta = true;
  bool StoreLoad = true;
  bool SpecialRegisters = true;
  unsigned NumRoutines = 0; // routine calls use indices below this
  /// Instructions (display names) and special registers (ptx names) never
  /// drawn, e.g. those a target architecture lacks.
  std::vector<std::string> Exclude;
  /// Entries this target lacks (by the description's min_sm / min_ptx) are
  /// never drawn; the default target draws from every entry.
  Target For;
};

/// Fills Out with Length random instructions followed by a return. Inputs
/// are drawn from Registers (whose stack types they push).
void randomProgram(std::mt19937_64 &Rng, size_t Length,
                   const InstructionSet &Set,
                   Span<StackPtxFastRegister> Registers,
                   std::vector<StackPtxFastInstruction> &Out,
                   const RandomProgramOptions &Options = {});

} // namespace stackptx
} // namespace ptxinject

#endif
