//===- StackPtxCommon.h - Registers and program cutting for Stack PTX fuzzers
//===//
#ifndef PTXINJECT_FUZZ_STACKPTXCOMMON_H
#define PTXINJECT_FUZZ_STACKPTXCOMMON_H

#include "ptxinject/stackptx/StackPtx.h"

#include <vector>

namespace fuzzinput {

/// One input register per stack type of the built-in description, plus two
/// outputs, as a kernel around a stub would declare them.
inline std::vector<StackPtxFastRegister> stackRegisters() {
  const ptxinject::stackptx::InstructionSet &Set =
      ptxinject::stackptx::InstructionSet::builtin();
  auto Of = [&](const char *Name) { return size_t(Set.findStackType(Name)); };
  return {{"x", Of("F32")},    {"u", Of("U32")},     {"s", Of("S32")},
          {"p", Of("PRED")},   {"t", Of("TF32")},    {"h", Of("F16")},
          {"hh", Of("F16X2")}, {"ph", Of("PHILOX")}, {"zf", Of("F32")},
          {"zu", Of("U32")}};
}

/// Cuts a program at its returns: the first piece is the main program, the
/// following ones (at most four) are routines 0, 1, ...
template <class Word, class IsReturn>
std::vector<ptxinject::stackptx::Span<Word>>
cutAtReturns(const std::vector<Word> &Words, IsReturn isReturn) {
  std::vector<ptxinject::stackptx::Span<Word>> Pieces;
  size_t Begin = 0;
  for (size_t I = 0; I < Words.size() && Pieces.size() < 5; ++I)
    if (isReturn(Words[I])) {
      Pieces.emplace_back(Words.data() + Begin, I + 1 - Begin);
      Begin = I + 1;
    }
  if (Begin < Words.size() && Pieces.size() < 5)
    Pieces.emplace_back(Words.data() + Begin, Words.size() - Begin);
  if (Pieces.empty())
    Pieces.emplace_back(Words.data(), 0);
  return Pieces;
}

} // namespace fuzzinput

#endif
