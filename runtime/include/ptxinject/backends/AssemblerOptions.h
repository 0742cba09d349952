//===- AssemblerOptions.h - Assembler options per back end ------*- C++ -*-===//
//
// The assembler options of CubinOptions (optimization level, register cap,
// fast-compile level, line info, pass-through ptxas options) as each back
// end's compiler spells them, what a back end refuses, and the options
// sweep of `ptxinject variants --options-sweep`: one set of options per
// combination of the values listed.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_ASSEMBLEROPTIONS_H
#define PTXINJECT_ASSEMBLEROPTIONS_H

#include "ptxinject/backends/CubinBackend.h"
#include "ptxinject/support/Error.h"

#include <string>
#include <string_view>
#include <vector>

namespace ptxinject::backends {

/// Whether \p Level is a fast-compile level ptxas takes: 0, min, mid, max.
bool isFastCompileLevel(std::string_view Level);

/// The arguments a \p Kind back end hands its compiler for \p Options: the
/// architecture, -O (or the debug flag for \p Debug PTX, isDebugPtx), the
/// register cap, -Ofc, -lineinfo, the pass-through options and the
/// verbose flag, each as that compiler spells it (nvJitLink takes the ptxas
/// ones as -Xptxas=OPT). An InvalidArgument error, one line naming the
/// option, for one the back end does not take (nvJitLink: -O 1 and -O 2).
Expected<std::vector<std::string>>
compilerArguments(CubinBackendKind Kind, const CubinOptions &Options,
                  bool Debug);

/// Checks what can be checked without a compiler: -O 0 to 3, a register
/// cap of 0 or more, a fast-compile level, pass-through options that are
/// not empty and do not take over what the back end decides itself (the
/// output file, the architecture, relocatable code) or what has its own
/// option (-O, -maxrregcount, -Ofc, -lineinfo), and compilerArguments.
Error checkAssemblerOptions(CubinBackendKind Kind, const CubinOptions &Options);

/// Whether \p Options set anything a compiler must be asked about
/// (fast-compile, line info, pass-through): createCubinBackend then
/// compiles a small module with them once, and refuses the options when
/// that fails and the same module compiles without them.
bool needsAssemblerProbe(const CubinOptions &Options);

/// The options on one line as ptxas spells them ("-O3 -maxrregcount=64
/// -Ofc=max -lineinfo -warn-spills"): the manifest's options column.
std::string assemblerOptionsText(const CubinOptions &Options);

/// Sets one option by the name the sweep uses: O (or opt-level),
/// maxrregcount, fast-compile (or Ofc), lineinfo (0 or 1).
Error setAssemblerOption(CubinOptions &Options, std::string_view Name,
                         std::string_view Value);

/// "maxrregcount=32,64,128;O=1,3": Base under each combination of the
/// values, the first name varying slowest (32/O1, 32/O3, 64/O1, ...).
/// An InvalidArgument error names the part that does not read.
Expected<std::vector<CubinOptions>> parseOptionsSweep(std::string_view Spec,
                                                      const CubinOptions &Base);

} // namespace ptxinject::backends

#endif
