//===- Module.h - Annotated PTX parsed once, rendered many ---- -*- C++ -*-===//
//
// A Module is PTX whose inject sites have been found, checked and normalized.
// Parsing does all the work up front (text segments and stub slots), so a
// render is a sequence of copies: a search loop can render thousands of
// variants per second per core, with no allocation once its buffer has grown.
//
// A Module is immutable after parse; copies share the parsed data, and any
// number of threads may query and render one Module at the same time.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_MODULE_H
#define PTXINJECT_MODULE_H

#include "ptxinject/module/RuntimeError.h"
#include "ptxinject/site/Site.h"
#include "ptxinject/site/TypeTable.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ptxinject::module {

/// One operand of an inject, the same at every site of it.
struct InjectOperand {
  std::string Label;    ///< the name users look it up by, e.g. "y", "a[0]"
  std::string Register; ///< stable register without '%', e.g. "_x0"
  OperandKind Kind = OperandKind::In;
  std::string RegisterType; ///< PTX register type, e.g. "f32", "b16"
  std::string TypeLabel;    ///< type label as the marker wrote it, e.g. "F32"
};

/// Where a site starts: the PTX_INJECT_START line (1-based line and column).
struct SiteLocation {
  unsigned Line = 0;
  unsigned Column = 0;
};

/// All sites that share one name. A stub for it is inserted at every site.
struct Inject {
  std::string Name;
  std::vector<InjectOperand> Operands; ///< in marker order (_x0, _x1, ...)
  std::vector<SiteLocation> Sites;     ///< in PTX order

  /// Operand by label, or nullptr.
  const InjectOperand *findOperand(std::string_view Label) const;
  /// Index of the operand with that label, or std::nullopt.
  std::optional<size_t> operandIndex(std::string_view Label) const;
};

struct ParseOptions {
  /// Resolves tagged-dialect type names; nullptr means TypeTable::builtin().
  /// Only read during parse.
  const TypeTable *Types = nullptr;
  /// Longest accepted inject name, in bytes.
  size_t MaxNameLength = 1024;
  /// Most sites accepted in one module (guards against runaway input).
  size_t MaxSites = 1u << 22;
  /// Largest PTX accepted, in bytes (1 GiB; lines and columns are 32-bit).
  size_t MaxBytes = size_t(1) << 30;
  /// Most operands in one site (the runtime stays linear beyond, but no
  /// compiler writes sites this wide).
  size_t MaxOperands = 1u << 20;
  /// Remove unreferenced internal module-scope variables before parsing
  /// (see PtxPrune.h): done once here, so every render and PTX->cubin
  /// compile of the module is spared them. Module::source() is then the
  /// pruned text; line numbers do not move.
  bool PruneUnusedGlobals = false;
};

class Module {
public:
  /// Parses annotated PTX (either marker dialect). The text is copied.
  static Expected<Module> parse(std::string_view Ptx,
                                const ParseOptions &Options = ParseOptions());

  size_t numInjects() const;
  /// Inject by index; Index must be < numInjects().
  const Inject &inject(size_t Index) const;
  /// Inject by name, or nullptr. Constant time.
  const Inject *findInject(std::string_view Name) const;
  /// Index of the inject with that name, or std::nullopt. Constant time.
  std::optional<size_t> injectIndex(std::string_view Name) const;
  /// Total number of sites over all injects.
  size_t numSites() const;

  /// Exact size in bytes of render() output for these stubs, or 0 when the
  /// count is wrong. Stubs[I] goes to inject I; an empty stub leaves the
  /// sites empty (still valid PTX).
  size_t renderedSize(const std::string_view *Stubs, size_t NumStubs) const;
  size_t renderedSize(const std::vector<std::string_view> &Stubs) const {
    return renderedSize(Stubs.data(), Stubs.size());
  }

  /// Renders into Out (its old content is replaced). Out's capacity is
  /// reused, so rendering again into the same string does not allocate.
  /// A stub that does not end in a newline gets one. On error Out is cleared.
  Error render(const std::string_view *Stubs, size_t NumStubs,
               std::string &Out) const;
  Error render(const std::vector<std::string_view> &Stubs,
               std::string &Out) const {
    return render(Stubs.data(), Stubs.size(), Out);
  }

  /// Renders into a caller buffer of Capacity bytes; writes a terminating
  /// NUL when there is room for it. Written is the rendered size (without
  /// the NUL) on success and on InsufficientBuffer.
  Error renderTo(const std::string_view *Stubs, size_t NumStubs, char *Buffer,
                 size_t Capacity, size_t &Written) const;

  /// The parsed PTX text, unchanged (pruned with
  /// ParseOptions::PruneUnusedGlobals).
  std::string_view source() const;

  struct Data;

private:
  explicit Module(std::shared_ptr<const Data> D) : D(std::move(D)) {}
  std::shared_ptr<const Data> D;
};

/// M's inject names in its order, comma-separated, or "(none)": what every
/// error about an unknown inject lists.
std::string injectNames(const Module &M);

} // namespace ptxinject::module

// The runtime's C++ API keeps its ptxinject:: spelling (docs/runtime.md).
namespace ptxinject {
using module::Inject;
using module::injectNames;
using module::InjectOperand;
using module::Module;
using module::ParseOptions;
using module::SiteLocation;
} // namespace ptxinject

#endif
