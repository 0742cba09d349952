//===- LinkedStubs.h - Stubs linked to a kernel compiled once --*- C++ -*-===//
//
// The screening mode, `ptxinject variants --link-stubs` (docs/variants.md,
// "Linked stubs"): the kernel is compiled once as relocatable code in which
// every site of an inject calls an external function, and a variant is then
// only its stubs, each compiled as its inject's function and linked to that
// object with nvJitLink. A variant costs a fraction of a full compile, but
// the calls stay in the cubin: right for a search that checks what a stub
// computes, wrong for one that times it.
//
// The operands travel as the CUDA ABI passes a struct: the in and mod
// operands in one .param byte array, the out and mod operands back in
// another, each at an offset aligned to its size (a predicate as a 32-bit 0
// or 1).
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_VARIANTS_LINKEDSTUBS_H
#define PTXINJECT_VARIANTS_LINKEDSTUBS_H

#include "ptxinject/backends/CubinBackend.h"
#include "ptxinject/module/Module.h"
#include "ptxinject/support/Error.h"

#include <memory>
#include <string>
#include <string_view>

namespace ptxinject::variants {

/// The symbol of inject \p Inject's function: ptxinject_stub_NAME, or
/// ptxinject_stub_N (its index) for a name PTX does not take as one.
std::string stubFunctionName(const Module &Kernel, size_t Inject);

/// The kernel's PTX with each site a call of its inject's function, and the
/// functions declared after the module's header: what the kernel object is
/// compiled from. An InvalidArgument error names an operand whose register
/// type cannot be passed.
Expected<std::string> callingKernelPtx(const Module &Kernel);

/// The module defining every inject's function, with the kernel's header:
/// what the linking back end compiles per variant in place of the kernel.
/// Made once per kernel; each render only places the stubs.
class StubFunctions {
public:
  /// An InvalidArgument error names an operand whose register type cannot
  /// be passed.
  static Expected<StubFunctions> make(const Module &Kernel);

  /// The module for these stubs: \p Stubs[I] for inject I, as
  /// Module::render takes them (an empty one gives a function that leaves
  /// its outputs unset).
  Error render(const std::vector<std::string_view> &Stubs,
               std::string &Out) const;

private:
  std::string Header;
  // Per inject: the function up to its stub, and after it.
  std::vector<std::string> Before, After;
};

/// Where createLinkedStubsBackend found the kernel object, and the seconds
/// it took (a compile, or reading the cache).
struct KernelObjectSource {
  enum Kind { Compiled, Process, Cache } From = Compiled;
  double Seconds = 0;
};

/// "compiled in 0.43 s", "from the cache", "made earlier in this process".
std::string describeKernelObject(const KernelObjectSource &Source);

/// The nvJitLink back end that links each compile's functions to the
/// kernel's object: made from callingKernelPtx under \p Given's options by
/// \p Given's compiler (ptxas for nvJitLink, which makes no object), once
/// for the same kernel, compiler and options: kept for the process and,
/// given a \p CacheDir, in the variant cache (VariantCache.h) for the next
/// one. Its options() hold the object (CubinOptions::LinkObject), so the
/// variant cache keys on it and the manifest's options say --link-stubs.
Expected<std::unique_ptr<backends::CubinBackend>>
createLinkedStubsBackend(const Module &Kernel,
                         const backends::CubinBackend &Given,
                         const std::string &CacheDir = std::string(),
                         KernelObjectSource *Source = nullptr);

} // namespace ptxinject::variants

#endif
