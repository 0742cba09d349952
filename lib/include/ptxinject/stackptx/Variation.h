//===- Variation.h - Variation operators on Stack PTX programs --*- C++ -*-===//
//
// What a search does to its programs between generations: point mutation,
// insertion, deletion, swap, duplication of a segment, one- and two-point
// crossover and constant perturbation, on instruction words. A Stack PTX
// program stays valid under any edit (an instruction whose operands are
// missing is skipped), so every child compiles; new words are drawn as
// randomProgram draws them (WordDrawer), so a child never names what the
// target lacks. Deterministic: the same generator state gives the same
// children.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_STACKPTX_VARIATION_H
#define PTXINJECT_STACKPTX_VARIATION_H

#include "ptxinject/stackptx/Random.h"

#include <random>
#include <vector>

namespace ptxinject {
namespace stackptx {

enum class VariationOp : unsigned {
  Point,             ///< one word replaced by a drawn one
  Insert,            ///< a drawn word inserted
  Delete,            ///< one word removed
  Swap,              ///< two words exchanged
  Duplicate,         ///< a segment copied in after itself
  OnePointCrossover, ///< the first parent's head, the second's tail
  TwoPointCrossover, ///< a segment of the second parent in the first
  Constant,          ///< one constant word's value moved (WordDrawer)
  NumOps
};

/// "point", "insert", ...: the names the Python API and the CLI use.
const char *variationOpName(VariationOp Op);

struct VariationOptions {
  /// Relative weight of each operator when vary() draws one (index:
  /// VariationOp); 0 leaves an operator out.
  unsigned OpWeights[unsigned(VariationOp::NumOps)] = {30, 15, 15, 10,
                                                       5,  10, 10, 5};
  /// Children longer than this many words (before the return) are cut.
  size_t MaxLength = 64;
};

class Variation {
public:
  /// Draws new words for programs over NumRegisters input registers.
  Variation(const InstructionSet &Set, size_t NumRegisters,
            const RandomProgramOptions &Draw = {},
            const WordWeights &Weights = {},
            const VariationOptions &Options = {});

  /// A child of A (and B, for the crossovers) by an operator drawn by
  /// weight; returns the operator. Out ends with a return; the parents'
  /// words after their first return are ignored.
  VariationOp vary(std::mt19937_64 &Rng, Program A, Program B,
                   std::vector<StackPtxFastInstruction> &Out) const;

  /// A child by the given operator. An operator with nothing to act on
  /// (a deletion from an empty program) copies the parent.
  void apply(VariationOp Op, std::mt19937_64 &Rng, Program A, Program B,
             std::vector<StackPtxFastInstruction> &Out) const;

  /// A fresh program of Length words drawn as the operators draw theirs
  /// (the same options), and a return: a search's first generation.
  void random(std::mt19937_64 &Rng, size_t Length,
              std::vector<StackPtxFastInstruction> &Out) const;

  const WordDrawer &drawer() const { return Drawer; }

private:
  WordDrawer Drawer;
  VariationOptions Options;
  unsigned Total = 0;
};

} // namespace stackptx
} // namespace ptxinject

#endif
