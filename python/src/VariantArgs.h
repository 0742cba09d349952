//===- VariantArgs.h - Programs and back ends of a variant ---- -*- C++ -*-===//
//
// What compile_variants and the cluster driver's screening both read from
// Python: the programs (as a ProgramSource) and the back end (a name or a
// ptxinject.Backend).
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_PYTHON_VARIANTARGS_H
#define PTXINJECT_PYTHON_VARIANTARGS_H

#include "ptxinject/backends/CubinBackend.h"
#include "ptxinject/variants/VariantCompiler.h"

#include <nanobind/nanobind.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace ptxinject {
namespace python {

/// Programs of kind 'stack', 'ast' or 'raw' (docs/python.md); Random is
/// None or (count, length, seed, live) for Stack PTX.
std::unique_ptr<variants::ProgramSource> makeSource(nanobind::handle Programs,
                                                    const std::string &Kind,
                                                    nanobind::handle SetArg,
                                                    nanobind::handle Random);

/// A Backend object as it is, or a new back end for a name (None: the
/// default for Ptx when given, CubinBackend.h's defaultCubinBackendFor).
/// Arch None means the Backend's, or sm_80 for a name.
std::shared_ptr<const CubinBackend>
backendOf(nanobind::handle Arg, const std::optional<std::string> &Arch,
          std::string_view Ptx = {});

} // namespace python
} // namespace ptxinject

#endif
