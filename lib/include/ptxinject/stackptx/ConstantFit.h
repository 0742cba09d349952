//===- ConstantFit.h - A search's linear scaling and constant fits -*- C++
//-*-===//
//
// What a symbolic-regression search does with a program's constants
// (docs/search.md, "Linear scaling and constant fitting"):
//
//  - linear scaling: the a and b with a*f + b closest to the target, in
//    closed form from the program's outputs f on the samples;
//  - constant fitting: its f32 constant words fitted to the samples by
//    Levenberg-Marquardt on a*f(x; c) + b (a and b solved anew at each
//    trial point), the Jacobian of each program in one forward-mode pass
//    over its tape (ConstantJacobian), the trial points a call of the
//    batch evaluator (BatchEval.h) for all fits at once.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_STACKPTX_CONSTANTFIT_H
#define PTXINJECT_STACKPTX_CONSTANTFIT_H

#include "ptxinject/stackptx/BatchEval.h"

#include <cstddef>
#include <vector>

namespace ptxinject::stackptx {

struct LinearScale {
  double A = 0, B = 0;
};

/// The a and b with a*F + b closest to Target over Samples: least squares;
/// with ForMaxAbs the offset then moved to the middle of the residuals'
/// range (the best offset for that slope). F not finite everywhere, or
/// constant, gets a = 0 and the offset alone.
LinearScale linearScale(const float *F, const float *Target, size_t Samples,
                        bool ForMaxAbs);

/// The derivatives of a program's output in its constant words, per sample,
/// by forward-mode differentiation of its tape (Interpreter.h): one pass
/// carries every value and, where a constant moves it, one tangent per
/// constant. An operation's partial derivative in an operand is taken on
/// that operation alone, by a central difference of the operand (one-sided
/// where the other side is not finite), so every operation the evaluator
/// models is differentiated without a rule of its own; the chain rule is
/// exact. Not finite partials count as 0. Holds its buffers between calls.
class ConstantJacobian {
public:
  /// Jacobian: Inputs.Samples rows of Positions.size() derivatives (in the
  /// constant words at Positions of Prog, top-level words). False when
  /// the program cannot be traced; 0 where its output does not depend on
  /// a constant.
  bool compute(const InstructionSet &Set, Program Prog,
               Span<StackPtxFastRegister> Registers, size_t Request,
               const BatchEvalInputs &Inputs,
               const std::vector<size_t> &Positions,
               std::vector<double> &Jacobian);

private:
  Tape Trace;
  std::vector<uint32_t> Values, Probe, High, Low;
  std::vector<const uint32_t *> RequestColumns;
  static constexpr uint32_t NoSlot = ~0u;
  // Per value a constant moves, one row of samples per constant; Slot
  // says where a value's rows are (NoSlot: it has none).
  std::vector<float> Tangents;
  std::vector<uint32_t> Slot;
  std::vector<float> Partial, Up, Down;
};

/// What a fit of one program works on: its words without its scaling tail
/// (the last TailWords words before its return), each input word not yet
/// weighted followed by Weight's two words (a constant and the
/// instruction applying it, when Weight is given; an input already followed
/// by a constant and that instruction keeps its weight), and the positions
/// of its constant words whose value reaches the output for Request (dead
/// code's constants cannot move it). False when the program cannot be
/// traced.
struct FitCandidate {
  std::vector<StackPtxFastInstruction> Words;
  std::vector<size_t> Positions;
};
bool prepareFit(const InstructionSet &Set, Program Prog, size_t TailWords,
                const StackPtxFastInstruction *Weight,
                Span<StackPtxFastRegister> Registers, size_t Request,
                FitCandidate &Out);

struct ConstantFitOptions {
  /// Levenberg-Marquardt steps per program.
  unsigned Iterations = 10;
  /// Constants fitted per program (the first ones).
  size_t MaxConstants = 8;
  /// Fit a*f + b (a, b solved in closed form); f itself when false.
  bool Scale = true;
  /// Threads for the Jacobians and the trial points (0: every core); the
  /// fits are the same whatever the number.
  unsigned Jobs = 1;
};

/// Fits the f32 constant words at Positions[j] of Programs[j] (each ending
/// with a return) in place, so that the program's output for Request comes
/// close to Inputs.Target in least squares. Each Jacobian (one
/// ConstantJacobian pass) and each trial point counts as one program run,
/// as Operon counts its residual and Jacobian evaluations. Outputs holds each
/// program's outputs (Programs.size() rows of Inputs.Samples floats) as they
/// are, or is empty (they are run here), and is left holding the fitted
/// programs'. Returns how many programs were run.
size_t fitConstants(const InstructionSet &Set,
                    std::vector<std::vector<StackPtxFastInstruction>> &Programs,
                    const std::vector<std::vector<size_t>> &Positions,
                    Span<StackPtxFastRegister> Registers, size_t Request,
                    const BatchEvalInputs &Inputs,
                    const ConstantFitOptions &Options,
                    std::vector<float> &Outputs);

} // namespace ptxinject::stackptx

#endif
