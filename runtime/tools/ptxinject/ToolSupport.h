//===- ToolSupport.h - Shared helpers of the ptxinject commands -*- C++ -*-===//
//
// File input and output and error reporting that every subcommand uses the
// same way: whole-file reads, outputs that are either complete or absent
// (temporary file + rename), and errors as "FILE:LINE:COL: error: message".
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_TOOLS_TOOLSUPPORT_H
#define PTXINJECT_TOOLS_TOOLSUPPORT_H

#include "ptxinject/module/Module.h"
#include "ptxinject/module/RuntimeError.h"
#include "ptxinject/site/TypeTable.h"
#include "ptxinject/stackptx/StackPtx.h"
#include "ptxinject/support/File.h"

#include <optional>
#include <string>
#include <string_view>

namespace ptxinject {
namespace tool {

/// readFile (File.h) into Out, reporting a failure on stderr as
/// "PATH: error: ...".
bool readWholeFileOrReport(const std::string &Path, std::string &Out);

/// writeFileAtomically (File.h), reporting a failure on stderr.
bool writeFileAtomicallyOrReport(const std::string &Path,
                                 std::string_view Content);

/// Prints "FILE:LINE:COL: error: MESSAGE" (or "FILE: error: MESSAGE" when
/// Line is 0) on stderr.
void reportError(std::string_view File, unsigned Line, unsigned Column,
                 std::string_view Message);
void reportError(std::string_view File, std::string_view Message);
/// Prints a runtime Error with its place in File.
void reportError(std::string_view File, const Error &E);

/// Reads a Stack PTX instruction description (stack_ptx_descriptions.json
/// format) into Set; reports errors as "PATH:LINE:COL: message".
bool loadDescriptionOrReport(const std::string &Path,
                             stackptx::InstructionSet &Set);

/// Reads and parses the annotated PTX at Input, resolving tagged-dialect type
/// names through the built-in table plus TypesPath (when not empty). Reports
/// every failure on stderr and returns std::nullopt. PruneGlobals removes
/// unreferenced internal module-scope variables first (PtxPrune.h).
std::optional<Module> loadModuleOrReport(const std::string &Input,
                                         const std::string &TypesPath,
                                         bool PruneGlobals = false);

/// Prints "ptxinject COMMAND: error: MESSAGE" for usage mistakes.
void reportUsageError(std::string_view Command, std::string_view Message);

} // namespace tool
} // namespace ptxinject

#endif
