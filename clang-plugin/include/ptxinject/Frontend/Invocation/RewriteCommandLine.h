//===- RewriteCommandLine.h - ptxinject-rewrite's command lines -*- C++ -*-===//
//
// What stands between the rewriter's command line and a Clang parse: the
// words the options parser takes (NVRTC options set apart, nvcc options
// joined to their values), a -p folder that holds no database, each input's
// compile command from a compilation database whose nvcc commands are read
// as nvcc means them, and that command in Clang's spelling.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_INVOCATION_REWRITECOMMANDLINE_H
#define PTXINJECT_FRONTEND_INVOCATION_REWRITECOMMANDLINE_H

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ptxinject::frontend {

/// The command line as the options parser takes it. Under --nvrtc the words
/// after '--' are NVRTC's options, which Clang's driver does not know: they
/// are taken off into NvrtcOptions. nvcc options written apart from their
/// value ("--include-path inc", "-gencode arch=...") are joined into
/// "option=value": Clang's driver, which picks the input files out of these
/// words, does not know them and would take the value for an input. Without
/// '--' the parser would go looking for compile_commands.json and complain
/// when there is none; flags-after-'--' is the common case.
std::vector<std::string>
parserArguments(int argc, const char **argv,
                std::vector<std::string> &NvrtcOptions);

/// -p DIR naming a folder without a compilation database: the options parser
/// would say so over several lines and go on without flags. The problem on
/// one line, or "" when there is none.
std::string compilationDatabaseProblem(const std::vector<std::string> &Args);

/// A compile command as Clang tooling readies it for a parse (no -o,
/// -fsyntax-only, no dependency file), then an nvcc command line (a CMake
/// CUDA compile_commands.json) in Clang's spelling: the arch it targets (or
/// GpuArch, nvcc's spelling, when given), its -I/-D/-std; host-only flags
/// dropped.
clang::tooling::ArgumentsAdjuster nvccCommandAdjuster(std::string GpuArch);

/// The compilation database with each nvcc option's separate value joined
/// to it (joinNvccOptionValues), and a command guessed for a file it does
/// not list guessed again from those joined commands: Clang tooling's guess
/// reads nvcc's words with Clang's options table and would take the value
/// of "-gencode arch=compute_90,code=sm_90" for an input file and drop it.
class NvccJoinedDatabase : public clang::tooling::CompilationDatabase {
public:
  explicit NvccJoinedDatabase(const clang::tooling::CompilationDatabase &Base)
      : Base(Base) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override;
  std::vector<std::string> getAllFiles() const override;
  std::vector<clang::tooling::CompileCommand>
  getAllCompileCommands() const override;

private:
  static std::vector<clang::tooling::CompileCommand>
  joined(std::vector<clang::tooling::CompileCommand> Commands);

  const clang::tooling::CompilationDatabase &Base;
};

/// A message of several lines on one: the options parser's complaints come
/// with LLVM's advice ("Try: ... --help", "Did you mean ...?") on lines of
/// their own.
std::string oneLine(llvm::StringRef Message);

} // namespace ptxinject::frontend

#endif
