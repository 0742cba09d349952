//===- ModuleData.h - The parsed form of a Module ---------------*- C++ -*-===//
//
// Private to the runtime: what parsing precomputes so that rendering is only
// copies. The output is a list of pieces; each piece is a run of fixed text
// followed, optionally, by the stub of one inject. What a render reads is kept
// in small flat arrays (pieces, site counts) rather than in the Inject
// objects, so a render touches little memory besides the text it copies.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_RUNTIME_MODULEDATA_H
#define PTXINJECT_RUNTIME_MODULEDATA_H

#include "StringViewIndex.h"
#include "ptxinject/module/Module.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ptxinject::module {

struct Module::Data {
  static constexpr uint32_t NoSlot = UINT32_MAX;

  struct Piece {
    const char *Text = nullptr;
    size_t Length = 0;
    uint32_t Slot = NoSlot; ///< inject whose stub follows the text
  };

  std::string Source;    ///< the PTX as given
  std::string Generated; ///< normalization text of tagged-dialect sites
  std::vector<Piece> Pieces;
  size_t FixedSize = 0; ///< bytes of all pieces' text
  size_t NumSites = 0;
  std::vector<Inject> Injects;
  std::vector<size_t> SiteCounts; ///< Injects[I].Sites.size(), for render
  /// Final inject names, one after another, when same-name sites were
  /// split by operand types ("func<F32>"); empty otherwise.
  std::string SplitNames;
  /// Names are views into Source, which never changes after parse, or into
  /// SplitNames when a split happened.
  StringViewIndex ByName;
};

} // namespace ptxinject::module

#endif
