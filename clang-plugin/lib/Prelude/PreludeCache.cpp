//===- PreludeCache.cpp - Precompiled CUDA prelude, cached on disk --------===//
#include "ptxinject/Frontend/Prelude/PreludeCache.h"
#include "ptxinject/Frontend/Invocation/NvrtcHeaderReach.h"
#include "ptxinject/Frontend/Parse/SiteFreeBodies.h"
#include "ptxinject/Frontend/Parse/TypeUniquing.h"
#include "ptxinject/Frontend/Prelude/IncludeBlock.h"
#include "ptxinject/Frontend/Prelude/LookupRecorder.h"
#include "ptxinject/Frontend/Prelude/PreludeStamp.h"
#include "ptxinject/support/ByteSize.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/MultiplexExternalSemaSource.h"
#include "clang/Sema/Sema.h"
#include "clang/Serialization/ASTReader.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <tuple>

using namespace clang;

namespace ptxinject {
namespace frontend {

namespace {

constexpr llvm::StringLiteral CudaWrapper = "__clang_cuda_runtime_wrapper.h";
/// A stamp's PCH name for "this include block is not precompiled (a header
/// of it holds sites)": remembered as long as its files are unchanged.
constexpr llvm::StringLiteral NoPchName = PreludeStamp::NoPch;
constexpr llvm::StringLiteral SitesInBlock =
    "a header of the include block holds inject sites";

std::string hex64(uint64_t V) {
  return llvm::utohexstr(V, /*LowerCase=*/true, 16);
}

std::string inDir(llvm::StringRef Dir, const llvm::Twine &Name) {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, Name);
  return std::string(P);
}

/// The header an include block is precompiled from: in a folder of such
/// headers only, so a quoted include finds nothing beside it and goes on to
/// the input's folder.
std::string blockHeaderPath(llvm::StringRef Dir, const IncludeBlock &Block) {
  return inDir(inDir(Dir, "blocks"),
               hex64(llvm::xxh3_64bits(Block.Text)) + ".h");
}

/// Everything that shapes the prelude's AST: the Clang build and every flag
/// except those naming this one compile's input and outputs.
std::string preludeKey(const CompilerInvocation &Invocation,
                       const IncludeBlock *Block) {
  CompilerInvocation K(Invocation);
  FrontendOptions &FO = K.getFrontendOpts();
  FO.Inputs.clear();
  FO.OutputFile.clear();
  FO.ProgramAction = clang::frontend::ParseSyntaxOnly;
  FO.SkipFunctionBodies = false;
  K.getCodeGenOpts().MainFileName.clear();
  K.getCodeGenOpts().DebugCompilationDir.clear();
  K.getCodeGenOpts().CoverageCompilationDir.clear();
  K.getDependencyOutputOpts() = DependencyOutputOptions();
  // The compilation-unit id is a hash of the input's name; it only names
  // externalized static device variables in generated code.
  K.getLangOpts().CUID.clear();
  PreprocessorOptions &PPO = K.getPreprocessorOpts();
  // A block's PCH holds every pre-included header, in order, before the
  // block; CUDA's alone holds only the wrapper.
  if (!Block)
    PPO.Includes.assign(1, CudaWrapper.str());
  PPO.ImplicitPCHInclude.clear();
  std::string Text = getClangFullVersion();
  Text += '\0';
  // What a build checks and skips besides Clang's own rules (an NVRTC
  // program's includes are checked since rules 2): a PCH built under other
  // rules is not reused. Bump it when they change.
  Text += "prelude rules 2";
  Text += '\0';
  // The include block and the folder its quoted includes are found from.
  if (Block) {
    Text += "include block";
    Text += '\0';
    Text += Block->IncludeDir;
    Text += '\0';
    Text += Block->Text;
    Text += '\0';
  }
  for (const std::string &Arg : K.getCC1CommandLine()) {
    Text += Arg;
    Text += '\0';
  }
  // A relative search path means something else in another folder.
  bool Relative = false;
  for (const auto &E : K.getHeaderSearchOpts().UserEntries)
    Relative |= llvm::sys::path::is_relative(E.Path);
  // So does a pre-included header named by a relative path (found from the
  // working folder first).
  for (const std::string &Include : PPO.Includes)
    Relative |= Include != CudaWrapper && llvm::sys::path::is_relative(Include);
  if (Relative) {
    llvm::SmallString<256> Cwd;
    if (!llvm::sys::fs::current_path(Cwd))
      Text += Cwd.str();
  }
  return hex64(llvm::xxh3_64bits(Text));
}

int64_t nanoseconds(llvm::sys::TimePoint<> T) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             T.time_since_epoch())
      .count();
}

FileStamp stampOf(const llvm::sys::fs::file_status &St) {
  llvm::sys::fs::UniqueID Id = St.getUniqueID();
  return {St.getSize(), nanoseconds(St.getLastModificationTime()),
          Id.getDevice(), Id.getFile()};
}

FileStamp stampOf(const llvm::vfs::Status &St) {
  llvm::sys::fs::UniqueID Id = St.getUniqueID();
  return {St.getSize(), nanoseconds(St.getLastModificationTime()),
          Id.getDevice(), Id.getFile()};
}

/// The stamp of the regular file at Path now, if there is one.
std::optional<FileStamp> stampOnDisk(const llvm::Twine &Path) {
  llvm::sys::fs::file_status St;
  if (llvm::sys::fs::status(Path, St) || !llvm::sys::fs::is_regular_file(St))
    return std::nullopt;
  return stampOf(St);
}

/// Whether Clang can read the PCH's control block, which it reads on its own
/// before any AST consumer of the parse exists (to find the PCH's original
/// file): a failure there could not be told from an error of the input. A
/// PCH damaged further in fails later, when PreludeLoadFailure.h notes it.
bool controlBlockReadable(llvm::StringRef Pch, PCHContainerOperations &PCHOps) {
  FileManager Files{FileSystemOptions()};
  DiagnosticsEngine Diags(new DiagnosticIDs(), new DiagnosticOptions(),
                          new IgnoringDiagConsumer());
  return !ASTReader::getOriginalSourceFile(Pch.str(), Files,
                                           PCHOps.getRawReader(), Diags)
              .empty();
}

/// What a stamp says of its PCH.
struct StampCheck {
  /// The PCH to reuse; NoPchName when the block is not precompiled; empty
  /// when the stamp is missing or stale.
  std::string Pch;
  /// The PCH the stamp names, valid or not.
  std::string NamedPch;
  /// The named PCH is not the file the stamp was written for (truncated,
  /// rewritten): it must not be kept under its name.
  bool PchDamaged = false;
};

/// Reads a stamp (PreludeStamp.h): its PCH is reused when it is the very
/// file the stamp was written for, every file it was built from is
/// unchanged, and no path the build looked up in vain exists now.
StampCheck checkStamp(llvm::StringRef StampPath, llvm::StringRef Dir,
                      PCHContainerOperations &PCHOps) {
  StampCheck R;
  auto Buf = llvm::MemoryBuffer::getFile(StampPath, /*IsText=*/true);
  if (!Buf)
    return R;
  std::optional<PreludeStamp> Stamp = parsePreludeStamp((*Buf)->getBuffer());
  if (!Stamp)
    return R;
  bool NoPch = Stamp->PchName == NoPchName;
  std::string Pch = NoPch ? NoPchName.str() : inDir(Dir, Stamp->PchName);
  if (!NoPch) {
    R.NamedPch = Pch;
    std::optional<FileStamp> Now = stampOnDisk(Pch);
    if (!Now)
      return R;
    if (!(*Now == *Stamp->Pch)) {
      R.PchDamaged = true;
      return R;
    }
  }
  for (const auto &[Path, Expected] : Stamp->Files) {
    std::optional<FileStamp> Now = stampOnDisk(Path);
    if (!Now || !(*Now == Expected))
      return R;
  }
  // Any entry there, even a folder, would change the search.
  for (const std::string &Path : Stamp->Absent)
    if (llvm::sys::fs::exists(Path))
      return R;
  if (!NoPch && !controlBlockReadable(Pch, PCHOps)) {
    R.PchDamaged = true;
    return R;
  }
  R.Pch = std::move(Pch);
  return R;
}

/// Whether two files hold the same bytes.
bool sameContents(llvm::StringRef A, llvm::StringRef B) {
  auto BufA = llvm::MemoryBuffer::getFile(A, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  auto BufB = llvm::MemoryBuffer::getFile(B, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  return BufA && BufB && (*BufA)->getBuffer() == (*BufB)->getBuffer();
}

/// Moves a built PCH to its name. The name is a hash of the files it was
/// built from and Clang writes the same bytes for the same files, so a file
/// already there with the same bytes is the same PCH, published by a racing
/// process: it is kept (a hard link fails on an existing name), and every
/// racer's stamp records the status of that one file. Other bytes are a
/// damaged leftover, replaced.
std::error_code publishPch(llvm::StringRef Temp, llvm::StringRef Pch) {
  if (!llvm::sys::fs::create_hard_link(Temp, Pch)) {
    llvm::sys::fs::remove(Temp);
    return {};
  }
  if (sameContents(Temp, Pch)) {
    llvm::sys::fs::remove(Temp);
    return {};
  }
  std::error_code EC = llvm::sys::fs::rename(Temp, Pch);
  if (EC)
    llvm::sys::fs::remove(Temp);
  return EC;
}

/// The main file of a prelude PCH: empty, or an include block. Created
/// once and never rewritten (its name is a hash of its text): Clang checks
/// its size and time when it loads a PCH. Written to a temporary and
/// renamed, so a racing process never reads half of it.
bool ensureHeader(llvm::StringRef Path, llvm::StringRef Text) {
  if (llvm::sys::fs::exists(Path))
    return true;
  llvm::SmallString<256> Temp;
  if (llvm::sys::fs::createUniqueFile(Path + ".%%%%%%%%.tmp", Temp))
    return false;
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Temp, EC);
    if (EC)
      return false;
    OS << Text;
    if (OS.close(), OS.has_error()) {
      OS.clear_error();
      llvm::sys::fs::remove(Temp);
      return false;
    }
  }
  // Another process may have published the same text first: keep its file,
  // whose time a PCH may already record.
  if (llvm::sys::fs::exists(Path)) {
    llvm::sys::fs::remove(Temp);
    return true;
  }
  if (llvm::sys::fs::rename(Temp, Path)) {
    llvm::sys::fs::remove(Temp);
    return llvm::sys::fs::exists(Path);
  }
  return true;
}

/// CPU time of this process so far (user + system).
double cpuSeconds() {
  llvm::sys::TimePoint<> Wall;
  std::chrono::nanoseconds User, System;
  llvm::sys::Process::GetTimeUsage(Wall, User, System);
  return std::chrono::duration<double>(User + System).count();
}

/// Notes the CPU time when the translation unit is complete: placed before
/// the PCH writer in a MultiplexConsumer, the end of the parse; after it,
/// the end of the write.
class CpuClock : public ASTConsumer {
public:
  explicit CpuClock(double &At) : At(At) {}
  void HandleTranslationUnit(ASTContext &) override { At = cpuSeconds(); }

private:
  double &At;
};

/// Skips the bodies of site-free functions of the included files while the
/// prelude is precompiled (see SiteFreeBodies.h).
class SiteFreeBodiesConsumer : public ASTConsumer {
public:
  SiteFreeBodiesConsumer(const SourceManager &SM, bool &KeptSiteBody)
      : Bodies(SM), KeptSiteBody(KeptSiteBody) {}
  bool shouldSkipFunctionBody(Decl *D) override {
    bool Skip = Bodies.canSkip(D);
    KeptSiteBody |= Bodies.keptIncludedSiteBody();
    return Skip;
  }

private:
  SiteFreeBodies Bodies;
  bool &KeptSiteBody;
};

class GeneratePreludeAction : public GeneratePCHAction {
public:
  /// Whether a header holds a function body with a site: such a block is
  /// not precompiled, since the sites of a PCH are never walked (and must
  /// be reported as sites in an included file).
  bool KeptSiteBody = false;
  /// CPU time at the end of the parse and at the end of the write.
  double Parsed = 0, Written = 0;

private:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef InFile) override {
    reserveTypeUniquingSets(CI.getASTContext());
    // An include block NVRTC could not read does not precompile: the parse
    // that follows reports it.
    refuseHeadersNvrtcLacks(CI);
    std::unique_ptr<ASTConsumer> Pch =
        GeneratePCHAction::CreateASTConsumer(CI, InFile);
    if (!Pch)
      return nullptr;
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(std::make_unique<CpuClock>(Parsed));
    Consumers.push_back(std::move(Pch));
    Consumers.push_back(std::make_unique<CpuClock>(Written));
    Consumers.push_back(std::make_unique<SiteFreeBodiesConsumer>(
        CI.getSourceManager(), KeptSiteBody));
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }
};

PreludeResult unavailable(std::string Reason) {
  PreludeResult R;
  R.Status = PreludeStatus::Unavailable;
  R.Reason = std::move(Reason);
  return R;
}

/// Builds the PCH of the prelude into a temporary, names it by the files it
/// was read from, and publishes it with its stamp.
PreludeResult buildPrelude(const CompilerInvocation &Invocation,
                           llvm::StringRef Dir, llvm::StringRef Key,
                           std::shared_ptr<PCHContainerOperations> PCHOps,
                           llvm::StringRef OldPch, const IncludeBlock *Block) {
  std::string Header = inDir(Dir, "prelude-main.h");
  if (Block) {
    std::string Blocks = inDir(Dir, "blocks");
    if (llvm::sys::fs::create_directories(Blocks))
      return unavailable("cannot create '" + Blocks + "'");
    Header = blockHeaderPath(Dir, *Block);
  }
  if (!ensureHeader(Header, Block ? llvm::StringRef(Block->Text) : ""))
    return unavailable("cannot create '" + Header + "'");
  llvm::SmallString<256> Temp;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(
          inDir(Dir, "prelude-" + Key + "-%%%%%%%%.pch.tmp"), Temp))
    return unavailable("cannot write in '" + Dir.str() + "': " + EC.message());

  auto Build = std::make_shared<CompilerInvocation>(Invocation);
  FrontendOptions &FO = Build->getFrontendOpts();
  InputKind Kind = FO.Inputs.empty() ? InputKind(Language::CUDA)
                                     : FO.Inputs.front().getKind();
  FO.Inputs.assign(1, FrontendInputFile(Header, Kind.getHeader()));
  FO.OutputFile = std::string(Temp);
  FO.ProgramAction = clang::frontend::GeneratePCH;
  // Declarations are all an analysis needs; Clang still parses the bodies
  // that decide a declaration (constexpr, deduced return types).
  FO.SkipFunctionBodies = true;
  // The headers pre-included after CUDA's wrapper (-include) come before
  // the block in the input, so before it in its PCH.
  if (!Block)
    Build->getPreprocessorOpts().Includes.assign(1, CudaWrapper.str());
  Build->getPreprocessorOpts().ImplicitPCHInclude.clear();
  if (Block && !Block->IncludeDir.empty()) {
    // "..." includes of the block are found from the input's folder first,
    // as they are in the input.
    auto &Entries = Build->getHeaderSearchOpts().UserEntries;
    Entries.insert(Entries.begin(),
                   HeaderSearchOptions::Entry(Block->IncludeDir,
                                              clang::frontend::Quoted,
                                              /*IsFramework=*/false,
                                              /*IgnoreSysRoot=*/true));
  }
  Build->getDependencyOutputOpts() = DependencyOutputOptions();
  Build->getCodeGenOpts().MainFileName.clear();
  Build->getLangOpts().CUID.clear();

  CompilerInstance CI(std::move(PCHOps));
  CI.setInvocation(std::move(Build));
  // A prelude that fails to build is no error of the user's: the ordinary
  // parse that follows reports whatever is wrong.
  CI.createDiagnostics(new IgnoringDiagConsumer(), /*ShouldOwnClient=*/true);
  // Every look-up of the build goes through the recorder: the stamp lists
  // the files read, as Clang saw them, and the paths not found.
  auto Recorder = llvm::makeIntrusiveRefCnt<LookupRecorder>(
      createVFSFromCompilerInvocation(CI.getInvocation(), CI.getDiagnostics()));
  CI.createFileManager(Recorder);
  GeneratePreludeAction Action;
  double Started = cpuSeconds();
  bool Ok = CI.ExecuteAction(Action) && !CI.getDiagnostics().hasErrorOccurred();
  if (!Ok || !CI.hasFileManager()) {
    llvm::sys::fs::remove(Temp);
    return unavailable("Clang could not precompile the CUDA headers");
  }

  PreludeStamp Stamp;
  llvm::SmallVector<OptionalFileEntryRef, 0> Files;
  CI.getFileManager().GetUniqueIDMapping(Files);
  for (OptionalFileEntryRef F : Files) {
    if (!F)
      continue;
    llvm::SmallString<256> Path(F->getName());
    llvm::sys::fs::make_absolute(Path);
    if (Path == Temp)
      continue;
    if (llvm::StringRef(Path).contains('\n')) {
      llvm::sys::fs::remove(Temp);
      return unavailable("a header path contains a line break");
    }
    // The status Clang saw when it opened the file; it records size and
    // seconds in the PCH and checks them when it loads it.
    std::optional<FileStamp> Seen;
    if (const llvm::vfs::Status *S = Recorder->firstSeen(F->getUniqueID()))
      Seen = stampOf(*S);
    else
      Seen = stampOnDisk(Path);
    if (!Seen || Seen->Size != static_cast<uint64_t>(F->getSize()) ||
        Seen->ModTimeNs / 1000000000 !=
            static_cast<int64_t>(F->getModificationTime())) {
      llvm::sys::fs::remove(Temp);
      return unavailable("'" + Path.str().str() +
                         "' changed while it was precompiled");
    }
    Stamp.Files.push_back({std::string(Path), *Seen});
  }
  std::sort(Stamp.Files.begin(), Stamp.Files.end(),
            [](const auto &A, const auto &B) { return A.first < B.first; });
  // Paths in the cache folder are the cache's own (a block's header is
  // probed for a quoted include beside it).
  for (const std::string &Path : Recorder->absentPaths(Dir)) {
    if (llvm::StringRef(Path).contains('\n')) {
      llvm::sys::fs::remove(Temp);
      return unavailable("a header path contains a line break");
    }
    Stamp.Absent.push_back(Path);
  }

  bool Refused = Block && Action.KeptSiteBody;
  Stamp.PchName =
      Refused ? NoPchName.str()
              : "prelude-" + Key.str() + "-" +
                    hex64(llvm::xxh3_64bits(formatStampBody(Stamp))) + ".pch";
  std::string Pch = Refused ? std::string() : inDir(Dir, Stamp.PchName);
  if (Refused) {
    llvm::sys::fs::remove(Temp);
  } else {
    if (std::error_code EC = publishPch(Temp, Pch))
      return unavailable("cannot store '" + Pch + "': " + EC.message());
    std::optional<FileStamp> Published = stampOnDisk(Pch);
    if (!Published)
      return unavailable("cannot read '" + Pch + "' back");
    Stamp.Pch = *Published;
  }
  std::string StampPath = inDir(Dir, "prelude-" + Key + ".stamp");
  if (llvm::Error E =
          llvm::writeToOutput(StampPath, [&](llvm::raw_ostream &OS) {
            OS << formatPreludeStamp(Stamp);
            return llvm::Error::success();
          })) {
    std::string Message = llvm::toString(std::move(E));
    return unavailable("cannot store '" + StampPath + "': " + Message);
  }
  // A stale PCH is no longer named by any stamp; a process that still has
  // it open keeps reading it.
  if (!OldPch.empty() && OldPch != Pch)
    llvm::sys::fs::remove(OldPch);
  prunePreludeCache(Dir, preludeCacheMaxBytes(), Pch);
  if (Refused)
    return unavailable(SitesInBlock.str());
  PreludeResult R;
  R.Status = PreludeStatus::Built;
  R.PchPath = Pch;
  R.StampPath = StampPath;
  R.ParseSeconds = Action.Parsed - Started;
  R.WriteSeconds = Action.Written - Action.Parsed;
  if (Block)
    R.BlockHeader = Header;
  return R;
}

/// Dates a stamp's last use for prunePreludeCache. Only the stamp's own time
/// changes: its text, which the reuse check reads, and the PCH stay as they
/// are. Best effort: a read-only cache is still used.
void markUsed(llvm::StringRef StampPath) {
  int FD;
  if (llvm::sys::fs::openFileForReadWrite(StampPath, FD,
                                          llvm::sys::fs::CD_OpenExisting,
                                          llvm::sys::fs::OF_None))
    return;
  (void)llvm::sys::fs::setLastAccessAndModificationTime(
      FD, std::chrono::system_clock::now());
  llvm::sys::Process::SafelyCloseFileDescriptor(FD);
}

/// The prelude of one key: reused when its stamp holds, else built.
PreludeResult findOrBuild(const CompilerInvocation &Invocation,
                          llvm::StringRef Dir,
                          std::shared_ptr<PCHContainerOperations> PCHOps,
                          const IncludeBlock *Block) {
  std::string Key = preludeKey(Invocation, Block);
  std::string StampPath = inDir(Dir, "prelude-" + Key + ".stamp");
  StampCheck Check = checkStamp(StampPath, Dir, *PCHOps);
  if (Check.Pch == NoPchName)
    return unavailable(SitesInBlock.str());
  if (!Check.Pch.empty()) {
    PreludeResult R;
    R.Status = PreludeStatus::Reused;
    R.PchPath = Check.Pch;
    R.StampPath = StampPath;
    markUsed(StampPath);
    if (Block)
      R.BlockHeader = blockHeaderPath(Dir, *Block);
    return R;
  }
  // A damaged PCH goes at once: the rebuild, of the same files, would
  // otherwise find it under its own name and keep it.
  if (Check.PchDamaged)
    llvm::sys::fs::remove(Check.NamedPch);
  return buildPrelude(Invocation, Dir, Key, std::move(PCHOps), Check.NamedPch,
                      Block);
}

/// Forwards everything to the PCH except two end-of-file lists that only
/// serve warnings about the prelude's own code: declarations to check for
/// deferred device diagnostics and unused file-scope declarations.
class PreludeSemaSource : public MultiplexExternalSemaSource {
public:
  explicit PreludeSemaSource(ExternalSemaSource *Pch)
      : MultiplexExternalSemaSource(Pch, new ExternalSemaSource()) {}
  void
  ReadDeclsToCheckForDeferredDiags(llvm::SmallSetVector<Decl *, 4> &) override {
  }
  void ReadUnusedFileScopedDecls(
      llvm::SmallVectorImpl<const DeclaratorDecl *> &) override {}
};

} // namespace

void skipPreludeDeferredDiagnostics(Sema &S) {

  if (!S.ExternalSource || isa<MultiplexExternalSemaSource>(*S.ExternalSource))
    return;
  S.ExternalSource = new PreludeSemaSource(S.ExternalSource.get());
}

std::uint64_t preludeCacheMaxBytes(std::string *Problem) {
  const char *Text = std::getenv("PTXINJECT_PCH_CACHE_MAX_SIZE");
  if (!Text || !*Text)
    return DefaultPreludeCacheMaxBytes;
  if (std::optional<std::uint64_t> Bytes = parseByteSize(Text))
    return *Bytes;
  if (Problem)
    *Problem = "PTXINJECT_PCH_CACHE_MAX_SIZE='" + std::string(Text) +
               "' is not a size such as 2G or 500M; using 4G";
  return DefaultPreludeCacheMaxBytes;
}

void prunePreludeCache(llvm::StringRef Dir, std::uint64_t MaxBytes,
                       llvm::StringRef Keep) {
  struct Pch {
    std::string Path;
    std::uint64_t Bytes = 0;
    llvm::sys::TimePoint<> LastUse;
    std::vector<std::string> Stamps; ///< the stamps that name it
  };
  llvm::StringMap<Pch> Pchs; // by file name
  std::vector<std::pair<std::string, llvm::sys::TimePoint<>>> Stamps;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (!Name.starts_with("prelude-"))
      continue;
    llvm::sys::fs::file_status St;
    if (llvm::sys::fs::status(It->path(), St))
      continue;
    if (Name.ends_with(".pch")) {
      Pch &P = Pchs[Name];
      P.Path = It->path();
      P.Bytes = St.getSize();
      P.LastUse = std::max(P.LastUse, St.getLastModificationTime());
    } else if (Name.ends_with(".stamp")) {
      Stamps.push_back({It->path(), St.getLastModificationTime()});
    }
  }
  // A PCH is as recent as the last stamp that names it was used.
  for (const auto &[Path, Used] : Stamps) {
    auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
    if (!Buf)
      continue;
    std::optional<PreludeStamp> Stamp = parsePreludeStamp((*Buf)->getBuffer());
    if (!Stamp)
      continue;
    auto Named = Pchs.find(Stamp->PchName);
    if (Named == Pchs.end())
      continue;
    Named->second.LastUse = std::max(Named->second.LastUse, Used);
    Named->second.Stamps.push_back(Path);
  }
  std::vector<Pch *> Order;
  std::uint64_t Total = 0;
  for (auto &Entry : Pchs) {
    Total += Entry.second.Bytes;
    Order.push_back(&Entry.second);
  }
  std::sort(Order.begin(), Order.end(),
            [](const Pch *A, const Pch *B) { return A->LastUse < B->LastUse; });
  for (Pch *P : Order) {
    if (Total <= MaxBytes)
      break;
    if (P->Path == Keep)
      continue;
    // The stamps first: a process between reading a stamp and opening its
    // PCH finds the PCH missing and rebuilds it, as for any stale stamp.
    for (const std::string &Stamp : P->Stamps)
      llvm::sys::fs::remove(Stamp);
    if (!llvm::sys::fs::remove(P->Path))
      Total -= P->Bytes;
  }
}

std::string describePrelude(const PreludeResult &R) {
  std::string S =
      R.SkipBytes ? "CUDA headers and include block: " : "CUDA headers: ";
  switch (R.Status) {
  case PreludeStatus::NotApplicable:
    return S + "not included, no cache needed";
  case PreludeStatus::Reused:
    return S + "reused " + R.PchPath;
  case PreludeStatus::Built:
    return S + "built " + R.PchPath +
           llvm::formatv(" (CPU: headers parsed in {0:F2} s, PCH written in "
                         "{1:F2} s)",
                         R.ParseSeconds, R.WriteSeconds)
               .str();
  case PreludeStatus::Unavailable:
    return S + "parsed (" + R.Reason + ")";
  }
  return S;
}

std::string defaultPreludeCacheDir() {
  llvm::SmallString<256> Dir;
  if (const char *Xdg = std::getenv("XDG_CACHE_HOME"); Xdg && *Xdg) {
    Dir = Xdg;
  } else if (const char *Home = std::getenv("HOME"); Home && *Home) {
    Dir = Home;
    llvm::sys::path::append(Dir, ".cache");
  } else {
    return "";
  }
  llvm::sys::path::append(Dir, "ptxinject");
  return std::string(Dir);
}

PreludeResult
usePrecompiledPrelude(CompilerInvocation &Invocation, llvm::StringRef CacheDir,
                      std::shared_ptr<PCHContainerOperations> PCHOps,
                      const IncludeBlock *Block) {
  PreprocessorOptions &PPO = Invocation.getPreprocessorOpts();
  if (PPO.Includes.empty() || PPO.Includes.front() != CudaWrapper ||
      !PPO.ImplicitPCHInclude.empty() ||
      Invocation.getFrontendOpts().Inputs.size() != 1)
    return {};
  if (CacheDir.empty())
    return unavailable("no cache folder (set XDG_CACHE_HOME or HOME)");
  llvm::SmallString<256> Dir(CacheDir);
  llvm::sys::fs::make_absolute(Dir);
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
    return unavailable("cannot create '" + Dir.str().str() +
                       "': " + EC.message());

  PreludeResult R;
  if (Block) {
    // A block that does not precompile (an error in a header, say) falls
    // back to CUDA's headers alone; the parse then reports the error.
    R = findOrBuild(Invocation, Dir, PCHOps, Block);
    if (R.Status == PreludeStatus::Unavailable)
      Block = nullptr;
    else
      R.SkipBytes = Block->Size,
      R.SkipEndsAtStartOfLine = Block->EndsAtStartOfLine,
      R.BlockDirectiveStarts = Block->DirectiveStarts;
  }
  if (!Block)
    R = findOrBuild(Invocation, Dir, PCHOps, nullptr);
  if (R.Status == PreludeStatus::Unavailable)
    return R;
  if (Block)
    PPO.Includes.clear();
  else
    PPO.Includes.erase(PPO.Includes.begin());
  PPO.ImplicitPCHInclude = R.PchPath;
  return R;
}

} // namespace frontend
} // namespace ptxinject
