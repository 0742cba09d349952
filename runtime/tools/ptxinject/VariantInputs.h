//===- VariantInputs.h - The programs of a 'ptxinject --------- -*- C++ -*-===//
//
// Reads --programs and --stubs files into program sources, one per inject a
// variant fills, and remembers where every program came from (file:line:col)
// so failures and the manifest can point at it.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_TOOLS_VARIANTINPUTS_H
#define PTXINJECT_TOOLS_VARIANTINPUTS_H

#include "ptxinject/stackptx/StackPtx.h"
#include "ptxinject/variants/VariantCompiler.h"

#include <memory>
#include <string>
#include <vector>

namespace ptxinject {
namespace tool {

/// Where one program of one inject came from. File empty: generated.
struct ProgramOrigin {
  std::string File;
  unsigned Line = 0, Column = 1;
};

/// The programs: Sources[r] fills inject Injects[r] (Injects empty when the
/// programs do not name theirs: --slot decides). Origins[r][v] is where
/// variant v's program for Sources[r] came from.
struct VariantInputs {
  std::vector<std::string> Injects;
  std::vector<std::unique_ptr<variants::ProgramSource>> Sources;
  std::vector<std::vector<ProgramOrigin>> Origins;
  /// The Stack PTX sources (null for raw stubs), to print programs back.
  std::vector<variants::StackPtxSource *> Stack;
};

/// Reads --programs arguments: one FILE whose lines are programs (plain, or
/// 'NAME: program ; NAME: program' for several injects), or NAME=FILE per
/// inject whose lines are that inject's programs, line i of each file
/// making variant i. Reports errors on stderr.
bool readPrograms(const std::vector<std::string> &Args,
                  const stackptx::InstructionSet &Set, VariantInputs &Out);

/// Reads a --stubs FILE (stubs separated by lines holding only '---').
bool readStubs(const std::string &Path, VariantInputs &Out);

} // namespace tool
} // namespace ptxinject

#endif
