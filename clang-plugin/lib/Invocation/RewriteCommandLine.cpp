//===- RewriteCommandLine.cpp - ptxinject-rewrite's command lines --------===//
#include "ptxinject/Frontend/Invocation/RewriteCommandLine.h"
#include "ptxinject/Frontend/Invocation/NvccFlags.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace clang;
using namespace ptxinject::frontend;
using llvm::StringRef;

namespace {

/// The place of an nvcc flag or of an added one: before a "--", which ends
/// the options of Clang tooling's guessed command for an unlisted file.
tooling::CommandLineArguments::iterator
endOfOptions(tooling::CommandLineArguments &Args) {
  return std::find(Args.begin(), Args.end(), "--");
}

} // namespace

std::vector<std::string>
ptxinject::frontend::parserArguments(int argc, const char **argv,
                                     std::vector<std::string> &NvrtcOptions) {
  std::vector<std::string> Args(argv, argv + argc);
  auto Cut = std::find(Args.begin(), Args.end(), "--");
  if (std::find(Args.begin(), Cut, "--nvrtc") != Cut && Cut != Args.end()) {
    NvrtcOptions.assign(Cut + 1, Args.end());
    Args.erase(Cut + 1, Args.end());
  }
  Cut = std::find(Args.begin(), Args.end(), "--");
  if (Cut != Args.end()) {
    std::vector<std::string> Joined =
        joinNvccOptionValues(std::vector<std::string>(Cut + 1, Args.end()));
    Args.erase(Cut + 1, Args.end());
    Args.insert(Args.end(), Joined.begin(), Joined.end());
  }
  bool HasSeparator = false, HasDatabase = false;
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    HasSeparator |= A == "--";
    HasDatabase |= A == "-p" || A.starts_with("-p=") || A.starts_with("--p=");
  }
  if (!HasSeparator && !HasDatabase)
    Args.push_back("--");
  return Args;
}

std::string ptxinject::frontend::compilationDatabaseProblem(
    const std::vector<std::string> &Args) {
  auto Cut = std::find(Args.begin(), Args.end(), "--");
  for (auto It = Args.begin(); It != Cut; ++It) {
    StringRef A = *It, Dir;
    if ((A == "-p" || A == "--p") && It + 1 != Cut)
      Dir = *(It + 1);
    else if (A.starts_with("-p=") || A.starts_with("--p="))
      Dir = A.split('=').second;
    else
      continue;
    std::string Error;
    if (!tooling::CompilationDatabase::autoDetectFromDirectory(Dir, Error))
      return "-p: no compilation database in '" + Dir.str() +
             "': " + oneLine(Error);
  }
  return "";
}

tooling::ArgumentsAdjuster
ptxinject::frontend::nvccCommandAdjuster(std::string GpuArch) {
  tooling::ArgumentsAdjuster Nvcc =
      [GpuArch](const tooling::CommandLineArguments &Cmd, StringRef File) {
        TranslatedFlags T = translateNvccFlags(Cmd);
        if (!GpuArch.empty()) {
          auto End = endOfOptions(T.Args);
          End = T.Args.erase(std::remove_if(T.Args.begin(), End,
                                            [](const std::string &A) {
                                              return StringRef(A).starts_with(
                                                         "--cuda-gpu-arch") ||
                                                     StringRef(A).starts_with(
                                                         "--offload-arch");
                                            }),
                             End);
          T.Args.insert(End, "--cuda-gpu-arch=" + gpuArchFromNvcc(GpuArch));
          T.Archs.clear();
        }
        if (T.Archs.size() > 1) {
          llvm::errs() << File << ": note: the command targets";
          for (const std::string &A : T.Archs)
            llvm::errs() << " " << A;
          llvm::errs() << "; sites are typed for " << T.Archs.front()
                       << " (pass -- --cuda-gpu-arch=sm_NN to choose)\n";
        }
        // The rewriter only parses (-fsyntax-only): -c would be unused.
        auto End = endOfOptions(T.Args);
        T.Args.erase(std::remove(T.Args.begin(), End, "-c"), End);
        return T.Args;
      };
  using tooling::combineAdjusters;
  return combineAdjusters(
      tooling::getClangStripOutputAdjuster(),
      combineAdjusters(
          tooling::getClangSyntaxOnlyAdjuster(),
          combineAdjusters(tooling::getClangStripDependencyFileAdjuster(),
                           Nvcc)));
}

std::vector<tooling::CompileCommand>
NvccJoinedDatabase::getCompileCommands(StringRef File) const {
  std::vector<tooling::CompileCommand> Commands = Base.getCompileCommands(File);
  // A guessed command ("inferred from ...") is left to the guess made
  // over this database, which sees the joined commands.
  for (const tooling::CompileCommand &C : Commands)
    if (!C.Heuristic.empty())
      return {};
  return joined(std::move(Commands));
}

std::vector<std::string> NvccJoinedDatabase::getAllFiles() const {
  return Base.getAllFiles();
}

std::vector<tooling::CompileCommand>
NvccJoinedDatabase::getAllCompileCommands() const {
  return joined(Base.getAllCompileCommands());
}

std::vector<tooling::CompileCommand>
NvccJoinedDatabase::joined(std::vector<tooling::CompileCommand> Commands) {
  for (tooling::CompileCommand &C : Commands)
    C.CommandLine = joinNvccOptionValues(C.CommandLine);
  return Commands;
}

std::string ptxinject::frontend::oneLine(StringRef Message) {
  llvm::SmallVector<StringRef, 4> Lines;
  Message.split(Lines, '\n', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  std::string Out;
  for (StringRef Line : Lines) {
    if (Line.trim().empty())
      continue;
    if (!Out.empty())
      Out += ' ';
    Out += Line.trim().str();
  }
  return Out;
}
