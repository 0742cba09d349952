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

/// How often each kind of word is drawn, relative to the others. The
/// defaults feed stacks well enough that most PTX instructions run.
struct WordWeights {
  unsigned Input = 20, Constant = 12, Instruction = 43, SpecialRegister = 3,
           Meta = 12, StoreLoad = 6, Routine = 4;
};

/// Draws single instruction words for a set, registers and options: the
/// tables of what may be drawn are built once. randomProgram and the
/// variation operators (Variation.h) draw through it.
class WordDrawer {
public:
  WordDrawer(const InstructionSet &Set, size_t NumRegisters,
             const RandomProgramOptions &Options = {},
             const WordWeights &Weights = {});

  /// One word, its kind drawn by weight (a kind with nothing to draw
  /// passes to the next one; past the last, the roll is made again). False
  /// when nothing could be drawn in 1000 rolls.
  bool draw(std::mt19937_64 &Rng, StackPtxFastInstruction &Out) const;

  /// A constant word with a new value near its old one: an f32 scaled by
  /// up to +-25 % or moved by up to +-0.5, an integer moved by +-1 to +-4.
  /// Other words come back unchanged.
  void perturbConstant(std::mt19937_64 &Rng, StackPtxFastInstruction &W) const;

  const InstructionSet &set() const { return Set; }

private:
  bool drawOnce(std::mt19937_64 &Rng, StackPtxFastInstruction &Out) const;

  const InstructionSet &Set;
  size_t NumRegisters;
  RandomProgramOptions Options;
  unsigned Bounds[7]; // cumulative weights, in the order of WordWeights
  std::vector<unsigned> Instrs, ConstStacks, Specials, AllowedStacks;
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
