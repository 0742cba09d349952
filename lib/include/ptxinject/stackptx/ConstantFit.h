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
//    trial point), derivatives by forward differences, every program run
//    a call of the batch evaluator (BatchEval.h) for all fits at once.
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

struct ConstantFitOptions {
  /// Levenberg-Marquardt steps per program.
  unsigned Iterations = 10;
  /// Constants fitted per program (the first ones).
  size_t MaxConstants = 8;
  /// Fit a*f + b (a, b solved in closed form); f itself when false.
  bool Scale = true;
};

/// Fits the f32 constant words at Positions[j] of Programs[j] (each ending
/// with a return) in place, so that the program's output for Request comes
/// close to Inputs.Target in least squares. Outputs holds each program's
/// outputs (Programs.size() rows of Inputs.Samples floats) as they are, or
/// is empty (they are run here), and is left holding the fitted programs'.
/// Returns how many programs were run.
size_t fitConstants(const InstructionSet &Set,
                    std::vector<std::vector<StackPtxFastInstruction>> &Programs,
                    const std::vector<std::vector<size_t>> &Positions,
                    Span<StackPtxFastRegister> Registers, size_t Request,
                    const BatchEvalInputs &Inputs,
                    const ConstantFitOptions &Options,
                    std::vector<float> &Outputs);

} // namespace ptxinject::stackptx

#endif
