//===- BatchEval.h - Many Stack PTX programs over many samples --*- C++ -*-===//
//
// The CPU evaluator of a search: each program traced once (Interpreter.h's
// Tape), then run an operation at a time over every sample, and its first
// request's f32 output scored against a target. No PTX is compiled. The
// values are interpretProgram's, bit for bit (the PTX evaluator's opcode
// semantics: .ftz flushes, approximate opcodes use the exact libm result).
//
// Error rules, per sample: equal values (NaN against NaN, an infinity
// against the same infinity, -0 against +0) are 0 apart; a NaN or an
// infinity against anything else is infinitely far (max_ulp 2^32); else the
// absolute difference in double and the distance in f32 units in the last
// place. A request left unassigned (its stack empty at the end) is
// infinitely far on every sample.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_STACKPTX_BATCHEVAL_H
#define PTXINJECT_STACKPTX_BATCHEVAL_H

#include "ptxinject/stackptx/Interpreter.h"
#include "ptxinject/stackptx/StackPtx.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ptxinject {
namespace stackptx {

/// One program's score.
struct ProgramScore {
  /// False when the program executes what the interpreter does not model
  /// (Error says what); the errors are then infinite.
  bool Ok = false;
  std::string Error;
  double MaxAbs = 0, MeanAbs = 0;
  /// In f32 units in the last place; 2^32 stands for infinitely far.
  double MaxUlp = 0;
  /// Operations the program executes per sample (its traced steps).
  size_t Steps = 0;
};

struct BatchEvalInputs {
  /// Column r holds register r's input bits for every sample.
  std::vector<const uint32_t *> Columns;
  size_t Samples = 0;
  /// The f32 target of the first request, per sample.
  const float *Target = nullptr;
};

/// Scores every program (Programs[i] -> Out[i]) on Jobs threads (0: every
/// hardware thread). Requests: the registers the program must fill; the
/// first is scored. Each program is scored by one thread from start to end,
/// so the scores do not depend on Jobs. Outputs, when not null, gets
/// Programs.size() rows of Inputs.Samples words: program i's f32 output bits
/// for the first request (a quiet NaN, 0x7fc00000, on every sample where
/// the program cannot run or leaves the request unassigned).
void evaluateBatch(const InstructionSet &Set, Span<Program> Programs,
                   Span<StackPtxFastRegister> Registers, Span<size_t> Requests,
                   const BatchEvalInputs &Inputs, unsigned Jobs,
                   std::vector<ProgramScore> &Out, uint32_t *Outputs = nullptr);

/// Runs a traced program over Samples: Columns as in BatchEvalInputs;
/// Values is scratch (NumValues * Samples words); RequestColumns[k] points
/// at request k's outputs, or null when unassigned.
void runTape(const Tape &T, const std::vector<const uint32_t *> &Columns,
             size_t Samples, std::vector<uint32_t> &Values,
             std::vector<const uint32_t *> &RequestColumns);

/// Checks a program's batch results against its compiled stub run by the
/// PTX evaluator (eval::evaluateStub) on the first MaxSamples samples:
/// registers named as Registers name them, the request's register read
/// back. Returns an empty string when they agree bit for bit, else what
/// differs ("sample 3: the stub gives 0x3f800000, the batch 0x40000000").
std::string crossCheck(const InstructionSet &Set, Program Prog,
                       Span<StackPtxFastRegister> Registers, size_t Request,
                       const BatchEvalInputs &Inputs, size_t MaxSamples);

/// f32 outputs (bit patterns) scored against Target by the rules above.
void scoreF32(const uint32_t *Out, const float *Target, size_t Samples,
              ProgramScore &Score);

} // namespace stackptx
} // namespace ptxinject

#endif
