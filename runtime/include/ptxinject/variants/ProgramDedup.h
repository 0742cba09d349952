//===- ProgramDedup.h - Programs that share their code -------- -*- C++ -*-===//
//
// A search's programs repeat themselves: random Stack PTX programs mostly
// die in dead-code elimination, and what is left is often the same few
// instructions. Two variants whose stubs are identical (for several injects
// per variant: the same stub for every inject) compile to the same code, so
// a batch compiles the first and points the others at it.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_PROGRAMDEDUP_H
#define PTXINJECT_PROGRAMDEDUP_H

#include "ptxinject/variants/ContentHash.h"

#include <string_view>
#include <vector>

namespace ptxinject::variants {

/// Hashes a variant's code as it is rendered: for each inject it fills, in
/// order, the inject's name and the stub. Two variants with equal hashes
/// render the same PTX at the same sites.
class VariantCodeHasher {
public:
  void add(std::string_view Inject, std::string_view Stub) {
    H.field(Inject).field(Stub);
  }
  Hash128 result() const { return H.result(); }

private:
  ContentHasher H;
};

/// Which program each program shares its code with.
struct ProgramGroups {
  /// Per program: the first program (in program order) with the same code;
  /// itself when it is the first, or when it has no code.
  std::vector<size_t> SameAs;
  /// The programs that have code and are the first of it, in program order:
  /// the only ones that need compiling.
  std::vector<size_t> Unique;
  /// How many distinct codes there are (Unique.size() when merging).
  size_t Distinct = 0;
};

/// Groups programs by code. Codes[p] is program p's VariantCodeHasher
/// result; HasCode[p] is false for a program whose stub failed (it stands
/// alone and is compiled by nobody). Without Merge every program with code
/// is its own group (the batch then compiles each, as it did before
/// deduplication existed).
ProgramGroups groupPrograms(const std::vector<Hash128> &Codes,
                            const std::vector<bool> &HasCode, bool Merge);

} // namespace ptxinject::variants

#endif
