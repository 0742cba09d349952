//===- PtxPrune.h - Drop module-scope variables nothing ------- -*- C++ -*-===//
//
// Some compilers leave many unused module-scope variables in their PTX (nvrtc
// with -default-device emits every static constexpr data member it met as a
// .global). ptxas reads them all on every compile, so a loop that assembles
// thousands of variants of one kernel pays for them thousands of times.
// Removing them once, when the kernel is loaded, takes that cost away.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_PTXPRUNE_H
#define PTXINJECT_PTXPRUNE_H

#include <cstddef>
#include <string>
#include <string_view>

namespace ptxinject::module {

struct PruneStats {
  size_t RemovedVariables = 0; ///< declarations removed (names, not lines)
  size_t RemovedBytes = 0;     ///< input size minus output size
  /// False when the text could not be scanned (unterminated comment or
  /// string, unbalanced braces); the output is then the input unchanged.
  bool Scanned = true;
};

/// Returns Ptx without its unreferenced internal module-scope variables.
///
/// A declaration is removed when it is at module scope, in the .global,
/// .const or .shared state space, has no linkage directive (.visible,
/// .extern, .weak, .common) and none of its names appears anywhere else in
/// the module outside comments. A variable whose only users are removed
/// declarations' initializers goes too (repeated to a fixed point).
/// Newlines of removed declarations are kept, so line numbers of the rest
/// of the module do not move.
///
/// Opt-in, because what PTX alone cannot show is lost: a variable the host
/// reaches only by name (cuModuleGetGlobal), or one only a stub rendered
/// into the module later would use, must not be pruned.
std::string pruneUnusedGlobals(std::string_view Ptx,
                               PruneStats *Stats = nullptr);

} // namespace ptxinject::module

// The runtime's C++ API keeps its ptxinject:: spelling (docs/runtime.md).
namespace ptxinject {
using module::PruneStats;
using module::pruneUnusedGlobals;
} // namespace ptxinject

#endif
