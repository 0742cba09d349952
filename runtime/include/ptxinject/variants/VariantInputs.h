//===- VariantInputs.h - Program and stub files of a batch ------*- C++ -*-===//
//
// Reads the program files `ptxinject variants --programs` and `--stubs` take
// (docs/variants.md) into program sources, one per inject a variant fills,
// and remembers where every program came from (file:line:col) so failures and
// the manifest can point at it. The tool, the Ray driver and the fuzzer use
// this one reader, so a file numbers its programs the same way everywhere.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_VARIANTS_VARIANTINPUTS_H
#define PTXINJECT_VARIANTS_VARIANTINPUTS_H

#include "ptxinject/stackptx/StackPtx.h"
#include "ptxinject/support/Error.h"
#include "ptxinject/variants/VariantCompiler.h"

#include <memory>
#include <string>
#include <vector>

namespace ptxinject::variants {

/// Where one program of one inject came from. File empty: generated.
struct ProgramOrigin {
  std::string File;
  unsigned Line = 0, Column = 1;
};

/// The programs: Sources[r] fills inject Injects[r] (Injects empty when the
/// programs do not name theirs: the caller's slots decide). Origins[r][v] is
/// where variant v's program for Sources[r] came from.
struct VariantInputs {
  std::vector<std::string> Injects;
  std::vector<std::unique_ptr<ProgramSource>> Sources;
  std::vector<std::vector<ProgramOrigin>> Origins;
  /// The Stack PTX sources (null for raw stubs), to print programs back.
  std::vector<StackPtxSource *> Stack;
};

/// Reads --programs arguments: one FILE whose lines are programs (plain, or
/// 'NAME: program ; NAME: program' for several injects; '#' starts a
/// comment), or NAME=FILE per inject whose lines are that inject's programs,
/// line i of each file making variant i. An error names its file (Error::File)
/// and line; a malformed argument is ErrorCode::InvalidArgument.
Error readProgramFiles(const std::vector<std::string> &Args,
                       const stackptx::InstructionSet &Set, VariantInputs &Out);

/// Reads a --stubs FILE: stubs separated by lines holding only '---'; a
/// segment holding only blanks is no stub (it numbers nothing).
Error readStubFile(const std::string &Path, VariantInputs &Out);

} // namespace ptxinject::variants

#endif
