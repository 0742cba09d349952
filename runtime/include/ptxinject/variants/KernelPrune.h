//===- KernelPrune.h - Kernels of a module that hold no program -*- C++ -*-===//
//
// A packed module has one site per program. When a batch's programs (or its
// distinct programs, with deduplication) fill only part of the last module,
// the kernels (.entry functions) whose sites all stayed empty run nothing a
// search asked for, yet PTX->cubin compiles them at full cost: a site costs
// about as much with an empty stub as with a short program, because the
// compiler's work is the kernel around it. Those kernels are removed from
// the module's PTX before it is compiled.
//
// A kernel is removed only when every site it holds belongs to a packed
// slot of the batch and none of those slots got a program in this module.
// A kernel without sites (a helper the host launches beside the variant) and
// one with a site of an inject outside the batch stay, as does every kernel
// that holds a program: the manifest's cubin and site always exist.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_KERNELPRUNE_H
#define PTXINJECT_KERNELPRUNE_H

#include "ptxinject/module/Module.h"

#include <string>
#include <string_view>
#include <vector>

namespace ptxinject::variants {

/// A kernel definition in PTX text: `[linkage] .entry NAME (...) {...}`.
struct PtxEntrySpan {
  std::string_view Name;
  size_t Begin = 0; ///< first byte of its first directive (.visible, .entry)
  size_t End = 0;   ///< one past its closing '}'
};

/// The kernel definitions of Ptx, in order. Comments and strings are
/// skipped; an `.entry` declaration without a body is not listed. False
/// when the text cannot be scanned (unbalanced braces, unterminated comment
/// or string): nothing is then pruned.
bool findEntries(std::string_view Ptx, std::vector<PtxEntrySpan> &Out);

/// Which kernels of a batch's modules can be removed when some of the
/// packed slots stay empty. Built once per batch, used by every worker.
class KernelPruner {
public:
  /// Slots[p] is the inject that position p of a module fills (the batch's
  /// slot list). Kernels whose sites are all at slot positions become
  /// prunable.
  KernelPruner(const Module &Kernel, const std::vector<size_t> &Slots);

  /// Whether any kernel can ever be removed (false: prune() is a no-op).
  bool active() const { return !Kernels.empty(); }

  /// Writes Rendered (the module rendered from Kernel) without the
  /// prunable kernels none of whose positions is Filled, into Out: each
  /// removed kernel leaves only its newlines, so line numbers in compiler
  /// messages still match. Returns how many kernels it removed; 0 leaves
  /// Out untouched (compile Rendered then).
  size_t prune(std::string_view Rendered, const std::vector<bool> &Filled,
               std::string &Out) const;

private:
  struct Prunable {
    size_t Index; ///< its place among the module's entries
    std::string Name;
    std::vector<size_t> Positions; ///< slot positions with a site in it
  };
  std::vector<Prunable> Kernels;
  size_t NumEntries = 0;
};

} // namespace ptxinject::variants

#endif
