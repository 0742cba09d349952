//===- StubRegisters.h - Registers a stub may name at its sites -*- C++ -*-===//
//
// A stub lands inside a kernel: it can name its inject's stable registers,
// the registers it declares itself, PTX's special registers and the
// registers the function around each site declares. Any other register
// (a program compiled for operands %x, %y instead of %_x0, %_x1) renders
// fine and fails only in the assembler, far from its cause; this check
// finds it first. It is a separate call, not part of render: a search loop
// whose stubs come from one compiler checks one and renders the rest.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_MODULE_STUBREGISTERS_H
#define PTXINJECT_MODULE_STUBREGISTERS_H

#include "ptxinject/module/Module.h"
#include "ptxinject/support/Error.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace ptxinject::module {

/// Registers declared by .reg statements: plain names and %r<N> ranges.
struct DeclaredRegisters {
  std::vector<std::string_view> Names; ///< with '%', sorted after collection
  struct Range {
    std::string_view Prefix; ///< with '%': "%r" of %r<N>
    uint64_t Count = 0;
  };
  std::vector<Range> Ranges;

  bool declares(std::string_view Register) const;
};

/// The registers every function of a module declares, read once; checks
/// stubs against them.
class StubRegisterCheck {
public:
  /// Reads the .reg declarations of every function of M's PTX (the check
  /// keeps a copy of M, which shares its parsed data).
  explicit StubRegisterCheck(const Module &M);

  /// Success when every register Stub names is declared in the stub, a stable
  /// register of inject Index, a special register (%tid, %clock64, ...) or
  /// declared in the function of each site of the inject. Otherwise an
  /// InvalidStub error, located in the stub, naming the first such register and
  /// the inject's operands.
  /// %{label} operands are not registers here: resolveStubLabels checks
  /// them, and the stub is checked as written, so places are the user's.
  Error check(size_t Index, std::string_view Stub) const;

private:
  struct Function {
    std::string_view Name;
    size_t BodyBegin = 0, BodyEnd = 0; ///< byte offsets of '{' and '}'
    DeclaredRegisters Registers;
  };
  Module M;
  std::vector<Function> Functions;
  DeclaredRegisters ModuleScope;
  /// For each inject, the function (index into Functions, or SIZE_MAX when
  /// none holds it) of each site, with the site.
  std::vector<std::vector<std::pair<size_t, SiteLocation>>> SiteFunctions;
};

/// Whether Name ("%tid", without the ".x") is one of PTX's special registers.
bool isSpecialRegister(std::string_view Name);

} // namespace ptxinject::module

namespace ptxinject {
using module::StubRegisterCheck;
} // namespace ptxinject

#endif
