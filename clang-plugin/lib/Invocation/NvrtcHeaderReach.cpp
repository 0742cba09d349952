//===- NvrtcHeaderReach.cpp - Headers NVRTC would find --------------------===//
#include "ptxinject/Frontend/Invocation/NvrtcHeaderReach.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <memory>
#include <string>
#include <vector>

using namespace clang;

namespace ptxinject {
namespace frontend {

namespace {

constexpr llvm::StringRef NvrtcPrelude = "ptx_inject_nvrtc_prelude.h";

class NvrtcReach : public PPCallbacks {
public:
  NvrtcReach(CompilerInstance &CI)
      : SM(CI.getSourceManager()), Diags(CI.getDiagnostics()),
        Files(CI.getFileManager().getVirtualFileSystem()) {
    // -I and -iquote (NVRTC's --include-path); -isystem and -idirafter are
    // the tool's own folders (CUDA, the shims), not the program's.
    for (const HeaderSearchOptions::Entry &E :
         CI.getHeaderSearchOpts().UserEntries) {
      bool Searched = E.Group == clang::frontend::Angled ||
                      E.Group == clang::frontend::Quoted;
      llvm::SmallString<256> Marker(E.Path);
      llvm::sys::path::append(Marker, "ptx_inject.h");
      if (Searched || Files.exists(Marker))
        Folders.push_back(E.Path);
    }
  }

  void InclusionDirective(SourceLocation HashLoc, const Token &,
                          StringRef FileName, bool IsAngled,
                          CharSourceRange FilenameRange,
                          OptionalFileEntryRef File, StringRef SearchPath,
                          StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (!File)
      return; // not found: Clang says so
    FileID Includer = SM.getFileID(SM.getExpansionLoc(HashLoc));
    OptionalFileEntryRef From = SM.getFileEntryRefForID(Includer);
    bool FromProgram = Includer == SM.getMainFileID() ||
                       (From && Program.contains(&From->getFileEntry()));
    if (!FromProgram)
      return;
    // Where NVRTC would look: beside the includer for a quoted include,
    // then the program's folders. Clang may have found the file elsewhere
    // (it keeps the system entry of a folder also given with -I, and CUDA's
    // headers are often linked from /usr/local/include).
    bool Reached =
        !IsAngled && From &&
        findsIn(llvm::sys::path::parent_path(From->getName()), FileName);
    for (const std::string &F : Folders)
      Reached = Reached || findsIn(F, FileName);
    if (Reached) {
      Program.insert(&File->getFileEntry());
      return;
    }
    Diags.Report(FilenameRange.getBegin(),
                 Diags.getCustomDiagID(
                     DiagnosticsEngine::Error,
                     "NVRTC would not find '%0': it is in '%1', which is no "
                     "folder of the program's; NVRTC has no host C or C++ "
                     "library and searches only the including file's folder "
                     "and the --include-path folders"))
        << FileName << SearchPath << FilenameRange;
  }

private:
  bool findsIn(StringRef Folder, StringRef Name) {
    llvm::SmallString<256> P(Folder);
    llvm::sys::path::append(P, Name);
    return Files.exists(P);
  }

  const SourceManager &SM;
  DiagnosticsEngine &Diags;
  llvm::vfs::FileSystem &Files;
  std::vector<std::string> Folders;
  llvm::DenseSet<const FileEntry *> Program;
};

} // namespace

bool readsAsNvrtcProgram(const CompilerInstance &CI) {
  for (const std::string &I : CI.getPreprocessorOpts().Includes)
    if (llvm::sys::path::filename(I) == NvrtcPrelude)
      return true;
  return false;
}

void refuseHeadersNvrtcLacks(CompilerInstance &CI) {
  if (!readsAsNvrtcProgram(CI))
    return;
  CI.getPreprocessor().addPPCallbacks(std::make_unique<NvrtcReach>(CI));
}

} // namespace frontend
} // namespace ptxinject
