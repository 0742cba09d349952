//===- ptxinject-rewrite.cpp - Turn inject sites into tagged inline asm ---===//
//
// Reads CUDA sources with PTX_INJECT annotations (macro or comment form),
// types every operand from the AST, and writes each source with its sites
// replaced by the inline asm of the marker contract.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/Frontend/CommentAnnotations.h"
#include "ptxinject/Frontend/CudaInvocation.h"
#include "ptxinject/Frontend/MarkerDiagnostics.h"
#include "ptxinject/Frontend/NvrtcInvocation.h"
#include "ptxinject/Frontend/NvccFlags.h"
#include "ptxinject/Frontend/PreludeCache.h"
#include "ptxinject/Frontend/SiteManifest.h"
#include "ptxinject/Frontend/SiteRewriter.h"
#include "ptxinject/Frontend/SiteTyping.h"
#include "ptxinject/Frontend/TypeUniquing.h"
#include "ptxinject/diff/UnifiedDiff.h"

#include "OutputBatch.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#ifndef PTXINJECT_VERSION
#define PTXINJECT_VERSION "unknown"
#endif

using namespace clang;
using namespace ptxinject;
using namespace ptxinject::frontend;
namespace cl = llvm::cl;

static cl::OptionCategory Category("ptxinject-rewrite options");

static cl::opt<std::string>
    OutputFile("o", cl::desc("Write the rewritten source here ('-' for "
                             "stdout; one input only)"),
               cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string>
    OutputDir("out-dir",
              cl::desc("Write each rewritten source here, under its own name"),
              cl::value_desc("dir"), cl::cat(Category));
static cl::opt<std::string>
    TypesFile("types",
              cl::desc("Add or replace operand types from a JSON file in the "
                       "format of data/ptx_inject_default_types.json"),
              cl::value_desc("file.json"), cl::cat(Category));
static cl::opt<std::string>
    ManifestFile("manifest",
                 cl::desc("Write the site manifest (JSON) here, for "
                          "'ptxinject inspect --manifest'"),
                 cl::value_desc("file.json"), cl::cat(Category));
static cl::opt<std::string> GpuArch(
    "arch",
    cl::desc("GPU architecture the sites are typed for (sm_90, compute_90): "
             "overrides the compile command's, so #if __CUDA_ARCH__ picks "
             "the branch the PTX will be compiled for (default: the "
             "command's, else sm_80)"),
    cl::value_desc("sm_NN"), cl::cat(Category));
// Golden-file check for CI: rewrite in memory and compare with the committed
// rewritten file; exit 0 equal, 1 with a unified diff on stdout, 2 on errors.
static cl::opt<std::string> CheckGolden(
    "check",
    cl::desc("Compare the rewritten source with this committed file instead "
             "of writing it: exit 0 when equal, 1 with a unified diff, 2 on "
             "errors"),
    cl::value_desc("golden"), cl::cat(Category));

static cl::opt<VolatileMode> Volatile(
    "volatile", cl::desc("Whether sites are 'asm volatile'"),
    cl::values(clEnumValN(VolatileMode::Always, "always",
                          "every site is volatile: the optimizer keeps it "
                          "even when its outputs are unused (default)"),
               clEnumValN(VolatileMode::Never, "never",
                          "plain asm: a site whose outputs are unused may "
                          "vanish from the PTX")),
    cl::init(VolatileMode::Always), cl::cat(Category));
static cl::opt<bool> NoPchCache(
    "no-pch-cache",
    cl::desc("Parse CUDA's headers on every run instead of reusing a "
             "precompiled copy from the cache"),
    cl::cat(Category));
static cl::opt<std::string> PchCacheDir(
    "pch-cache-dir",
    cl::desc("Cache folder for precompiled CUDA headers (default: "
             "$XDG_CACHE_HOME/ptxinject, else ~/.cache/ptxinject)"),
    cl::value_desc("dir"), cl::cat(Category));
static cl::opt<bool> ParseAllBodies(
    "parse-all-bodies",
    cl::desc("Parse the bodies of every function of the included headers, "
             "not only of those that spell PTX_INJECT (slower; the output "
             "is the same)"),
    cl::cat(Category));
static cl::opt<bool> PchCacheVerbose(
    "pch-cache-verbose",
    cl::desc("Say on stderr whether the precompiled CUDA headers and "
             "include block were reused or built, and why not when neither"),
    cl::cat(Category));

static cl::opt<bool> Nvrtc(
    "nvrtc",
    cl::desc("Read each input as NVRTC reads a program: no host C++ "
             "library, __CUDACC_RTC__, and NVRTC's own options after '--' "
             "(-default-device, -std=, -I, -D, -arch=...)"),
    cl::cat(Category));
static cl::list<std::string> Instantiate(
    "instantiate",
    cl::desc("With --nvrtc: instantiate the kernel template this name "
             "expression names, as nvrtcAddNameExpression does (repeatable)"),
    cl::value_desc("expr"), cl::cat(Category));

static cl::extrahelp CommonHelp(tooling::CommonOptionsParser::HelpMessage);
static cl::extrahelp MoreHelp(R"(
Each input is parsed as CUDA device code (sm_80 unless --cuda-gpu-arch is
given after --); the CUDA installation, Clang's resource directory and the
shim headers CUDA 13 needs are found automatically. Compiler flags such as -I
and -D go after '--'. Without -o or --out-dir the result goes to stdout.

Examples:
  ptxinject-rewrite kernel.cu -o kernel.rewritten.cu -- -Iinclude
  ptxinject-rewrite --nvrtc kernel.cu -o out.cu --instantiate 'k<float>' \
      -- -default-device -std=c++17 -I/usr/local/cuda/include
  ptxinject-rewrite cuda/*.cu --out-dir processed_cuda/ --manifest sites.json
)");

namespace {

/// One input's rewrite, held in memory until the whole run has succeeded.
struct Rewritten {
  std::string Input;
  std::string Text;
  SiteManifest Manifest;
};

struct Session {
  TypeTable Types = TypeTable::builtin();
  /// What the consumer made of the input being parsed; kept only when the
  /// file had no error, its driver's included.
  std::optional<Rewritten> Current;
};

std::string outputPathFor(StringRef Input) {
  if (!OutputDir.empty()) {
    llvm::SmallString<256> P(OutputDir);
    llvm::sys::path::append(P, llvm::sys::path::filename(Input));
    return std::string(P);
  }
  return OutputFile.empty() ? std::string("-") : std::string(OutputFile);
}

class RewriteConsumer : public SiteTypingConsumer {
public:
  RewriteConsumer(Session &S, std::string Input, CompilerInstance &CI,
                  const PreludeResult &Prelude)
      : SiteTypingConsumer(CI, Prelude, ParseAllBodies), S(S),
        Input(std::move(Input)), PP(CI.getPreprocessor()) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // A file Clang could not parse has no trustworthy sites.
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    RewriteOptions Options;
    Options.Types = &S.Types;
    Options.Volatile = Volatile;
    Options.PP = &PP;
    SiteManifest FileManifest;
    std::optional<std::string> Text =
        rewriteMainFile(Ctx, Options, FileManifest);
    if (Text)
      S.Current = Rewritten{Input, std::move(*Text), std::move(FileManifest)};
  }

private:
  Session &S;
  std::string Input;
  Preprocessor &PP;
};

class RewriteAction : public ASTFrontendAction {
public:
  RewriteAction(Session &S, const PreludeResult &Prelude)
      : S(S), Prelude(Prelude) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef File) override {
    addCommentAnnotationHandler(CI.getPreprocessor());
    reserveTypeUniquingSets(CI.getASTContext());
    restateMarkerErrors(CI.getDiagnostics(), CI.getLangOpts());
    return std::make_unique<RewriteConsumer>(S, File.str(), CI, Prelude);
  }

private:
  Session &S;
  PreludeResult Prelude;
};

class RewriteActionFactory : public SiteTypingActionFactory {
public:
  explicit RewriteActionFactory(Session &S) : S(S) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<RewriteAction>(S, prelude());
  }

private:
  /// Swaps CUDA's headers and the input's include block for their cached
  /// precompiled form before parsing.
  PreludeResult prepare(CompilerInvocation &Invocation, bool UseCache,
                        std::shared_ptr<PCHContainerOperations> PCHOps) override {
    UseCache &= !NoPchCache;
    PreludeResult Prelude = prepareSiteTyping(
        Invocation, UseCache,
        PchCacheDir.empty() ? defaultPreludeCacheDir() : PchCacheDir, PCHOps,
        /*Source=*/std::nullopt, ParseAllBodies);
    if (UseCache && PchCacheVerbose)
      llvm::errs() << "ptxinject-rewrite: " << describePrelude(Prelude) << "\n";
    return Prelude;
  }

  Session &S;
};

/// --nvrtc: each input goes through the library's in-memory NVRTC mode.
/// False when any input failed; the others are still read, for their errors.
bool rewriteAsNvrtc(const std::vector<std::string> &Sources,
                    const std::vector<std::string> &Options, const char *Argv0,
                    Session &S, std::vector<Rewritten> &Results) {
  bool Ok = true;
  for (const std::string &Input : Sources) {
    auto Buf = llvm::MemoryBuffer::getFile(Input, /*IsText=*/true);
    if (!Buf) {
      llvm::errs() << "error: cannot read '" << Input
                   << "': " << Buf.getError().message() << "\n";
      Ok = false;
      continue;
    }
    NvrtcRewriteRequest Req;
    Req.Source = (*Buf)->getBuffer().str();
    Req.Name = Input;
    Req.Options = Options;
    Req.NameExpressions.assign(Instantiate.begin(), Instantiate.end());
    Req.Rewrite.Types = &S.Types;
    Req.Rewrite.Volatile = Volatile;
    Req.Argv0 = Argv0;
    Req.UsePchCache = !NoPchCache;
    Req.PchCacheDir = PchCacheDir;
    Req.ParseAllBodies = ParseAllBodies;
    Req.ReportPchCache = PchCacheVerbose;
    NvrtcRewriteResult R = rewriteNvrtcSource(Req);
    llvm::errs() << R.Diagnostics;
    if (!R.Ok) {
      Ok = false;
      continue;
    }
    Results.push_back(Rewritten{Input, std::move(R.Text), std::move(R.Manifest)});
  }
  return Ok;
}

/// Prints diagnostics as Clang would and counts the errors, the driver's
/// included ("unknown argument"), which do not fail ClangTool::run. The
/// count is the current input's: clear() it before each input, since the
/// CompilerInstance reports the client's count as its own file's.
class CountingDiagnostics : public DiagnosticConsumer {
public:
  CountingDiagnostics()
      : Options(new DiagnosticOptions), Printer(llvm::errs(), Options.get()) {}
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Printer.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Printer.EndSourceFile(); }
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    Printer.HandleDiagnostic(Level, Info);
  }
  void finish() override { Printer.finish(); }

private:
  IntrusiveRefCntPtr<DiagnosticOptions> Options;
  TextDiagnosticPrinter Printer;
};

// -o and --out-dir name places relative to where the tool was started, not
// to the compilation database's directory, which ClangTool runs in.
void makeOutputsAbsolute() {
  for (cl::opt<std::string> *Path : {&OutputFile, &OutputDir, &ManifestFile}) {
    if (Path->empty() || *Path == "-")
      continue;
    llvm::SmallString<256> P(Path->getValue());
    if (!llvm::sys::fs::make_absolute(P))
      *Path = std::string(P);
  }
}

/// Refuses, before any parse, outputs that would overwrite each other or an
/// input: two inputs of one name under --out-dir, -o naming the input.
bool checkOutputPlaces(const std::vector<std::string> &Sources) {
  llvm::StringMap<std::string> InputOf; // output path -> the input it is of
  for (const std::string &Input : Sources) {
    std::string Path = outputPathFor(Input);
    if (Path == "-")
      continue;
    auto [It, New] = InputOf.try_emplace(Path, Input);
    if (!New) {
      llvm::errs() << "error: inputs '" << It->second << "' and '" << Input
                   << "' would both be written to '" << Path
                   << "'; rewrite them into different --out-dir folders\n";
      return false;
    }
  }
  for (const std::string &Input : Sources)
    for (const std::string &Path : {outputPathFor(Input),
                                    ManifestFile.getValue()})
      if (!Path.empty() && Path != "-" &&
          llvm::sys::fs::equivalent(Path, Input)) {
        llvm::errs() << "error: output '" << Path << "' is the input '"
                     << Input << "'; writing it would replace the "
                     << "annotated source: name another file\n";
        return false;
      }
  return true;
}

/// The place of an nvcc flag or of an added one: before a "--", which ends
/// the options of Clang tooling's guessed command for an unlisted file.
tooling::CommandLineArguments::iterator
endOfOptions(tooling::CommandLineArguments &Args) {
  return std::find(Args.begin(), Args.end(), "--");
}

/// nvcc command lines (a CMake CUDA compile_commands.json) in Clang's
/// spelling first: the arch they target, their -I/-D/-std; host-only flags
/// dropped. Then the flags site typing needs.
void addArgumentAdjusters(tooling::ClangTool &Tool, const char *Argv0) {
  Tool.appendArgumentsAdjuster(
      [](const tooling::CommandLineArguments &Cmd, StringRef File) {
        TranslatedFlags T = translateNvccFlags(Cmd);
        if (!GpuArch.empty()) {
          auto End = endOfOptions(T.Args);
          End = T.Args.erase(
              std::remove_if(T.Args.begin(), End,
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
      });
  Tool.appendArgumentsAdjuster(
      [Argv0](const tooling::CommandLineArguments &Cmd, StringRef) {
        std::vector<std::string> Extra =
            analysisArguments(FrontEnd::Rewriter, Argv0, Cmd);
        tooling::CommandLineArguments Out;
        if (!Cmd.empty())
          Out.push_back(Cmd.front());
        Out.insert(Out.end(), Extra.begin(), Extra.end());
        if (Cmd.size() > 1)
          Out.insert(Out.end(), Cmd.begin() + 1, Cmd.end());
        adaptGpuArchForClang(Out); // sm_100, sm_120...: newer than Clang 19
        return Out;
      });
}

/// The compilation database with each nvcc option's separate value joined
/// to it (joinNvccOptionValues), and a command guessed for a file it does
/// not list guessed again from those joined commands: Clang tooling's guess
/// reads nvcc's words with Clang's options table and would take the value
/// of "-gencode arch=compute_90,code=sm_90" for an input file and drop it.
class NvccJoinedDatabase : public tooling::CompilationDatabase {
public:
  explicit NvccJoinedDatabase(const tooling::CompilationDatabase &Base)
      : Base(Base) {}

  std::vector<tooling::CompileCommand>
  getCompileCommands(StringRef File) const override {
    std::vector<tooling::CompileCommand> Commands =
        Base.getCompileCommands(File);
    // A guessed command ("inferred from ...") is left to the guess made
    // over this database, which sees the joined commands.
    for (const tooling::CompileCommand &C : Commands)
      if (!C.Heuristic.empty())
        return {};
    return joined(std::move(Commands));
  }
  std::vector<std::string> getAllFiles() const override {
    return Base.getAllFiles();
  }
  std::vector<tooling::CompileCommand> getAllCompileCommands() const override {
    return joined(Base.getAllCompileCommands());
  }

private:
  static std::vector<tooling::CompileCommand>
  joined(std::vector<tooling::CompileCommand> Commands) {
    for (tooling::CompileCommand &C : Commands)
      C.CommandLine = joinNvccOptionValues(C.CommandLine);
    return Commands;
  }

  const tooling::CompilationDatabase &Base;
};

/// Parses each input on its own, so that each one's errors, its driver's
/// included, are its own. False when any input failed.
bool rewriteWithClangTool(const tooling::CompilationDatabase &Compilations,
                          const std::vector<std::string> &Sources,
                          const char *Argv0, Session &S,
                          std::vector<Rewritten> &Results) {
  RewriteActionFactory Factory(S);
  CountingDiagnostics Diagnostics;
  bool Ok = true;
  for (const std::string &Input : Sources) {
    tooling::ClangTool Tool(Compilations, {Input});
    addArgumentAdjusters(Tool, Argv0);
    Tool.setDiagnosticConsumer(&Diagnostics);
    Diagnostics.clear();
    S.Current.reset();
    int Status = Tool.run(&Factory);
    // Any error printed (an unknown argument included) fails the input.
    if (Status != 0 || Diagnostics.getNumErrors() > 0) {
      Ok = false;
      continue;
    }
    if (!S.Current) { // not expected: a failed rewrite reports why
      llvm::errs() << "error: " << Input << ": no rewritten source\n";
      Ok = false;
      continue;
    }
    Results.push_back(std::move(*S.Current));
  }
  return Ok;
}

/// Writes every rewritten source and the manifest, or none of them.
bool writeOutputs(const std::vector<Rewritten> &Results) {
  rewrite::OutputBatch Batch;
  if (!ManifestFile.empty()) {
    SiteManifest All;
    for (const Rewritten &R : Results)
      for (const ManifestEntry &E : R.Manifest.entries())
        All.add(E);
    std::string Json;
    llvm::raw_string_ostream OS(Json);
    All.print(OS);
    Batch.add(ManifestFile, std::move(Json));
  }
  // Made only now: a failed run leaves no folder behind either.
  bool MadeOutputDir = false;
  if (!OutputDir.empty() && !llvm::sys::fs::is_directory(OutputDir)) {
    if (std::error_code EC = llvm::sys::fs::create_directories(OutputDir)) {
      llvm::errs() << "error: cannot create '" << OutputDir
                   << "': " << EC.message() << "; no output was written\n";
      return false;
    }
    MadeOutputDir = true;
  }
  for (const Rewritten &R : Results)
    Batch.add(outputPathFor(R.Input), R.Text);
  if (Batch.commit(llvm::errs()))
    return true;
  if (MadeOutputDir)
    llvm::sys::fs::remove(OutputDir); // empty again: the batch removed its files
  return false;
}

} // namespace

int main(int argc, const char **argv) {
  cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "ptxinject-rewrite " << PTXINJECT_VERSION << " (Clang "
       << CLANG_VERSION_STRING << ")\n";
  });
  // Without '--' the options parser goes looking for compile_commands.json
  // and complains when there is none; flags-after-'--' is the common case.
  std::vector<const char *> Args(argv, argv + argc);
  // Under --nvrtc the words after '--' are NVRTC's options, which Clang's
  // driver does not know: they are kept for the library, not the parser.
  std::vector<std::string> NvrtcOptions;
  if (std::find(Args.begin(), Args.end(), StringRef("--nvrtc")) != Args.end()) {
    auto Cut = std::find(Args.begin(), Args.end(), StringRef("--"));
    if (Cut != Args.end()) {
      NvrtcOptions.assign(Cut + 1, Args.end());
      Args.erase(Cut + 1, Args.end());
    }
  }
  // nvcc options written apart from their value ("--include-path inc",
  // "-gencode arch=...") are joined into "option=value" first: Clang's
  // driver, which picks the input files out of these words, does not know
  // them and would take the value for an input.
  std::vector<std::string> CompileWords;
  auto Separator = std::find(Args.begin(), Args.end(), StringRef("--"));
  if (Separator != Args.end()) {
    CompileWords = joinNvccOptionValues(
        std::vector<std::string>(Separator + 1, Args.end()));
    Args.erase(Separator + 1, Args.end());
    for (const std::string &W : CompileWords)
      Args.push_back(W.c_str());
  }
  bool HasSeparator = false, HasDatabase = false;
  for (int I = 1; I < static_cast<int>(Args.size()); ++I) {
    StringRef A = Args[I];
    HasSeparator |= A == "--";
    HasDatabase |= A == "-p" || A.starts_with("-p=") || A.starts_with("--p=");
  }
  if (!HasSeparator && !HasDatabase)
    Args.push_back("--");
  int ArgCount = static_cast<int>(Args.size());
  auto Parser = tooling::CommonOptionsParser::create(
      ArgCount, Args.data(), Category, cl::OneOrMore,
      "Replaces PTX_INJECT annotations in CUDA sources with tagged inline "
      "asm, typing every operand from the Clang AST.\n");
  if (!Parser) {
    llvm::errs() << llvm::toString(Parser.takeError());
    return 1;
  }
  const std::vector<std::string> &Sources = Parser->getSourcePathList();
  if (!CheckGolden.empty() && (Sources.size() != 1 || !OutputFile.empty() ||
                               !OutputDir.empty() || !ManifestFile.empty())) {
    llvm::errs() << "error: --check takes one input and writes nothing "
                    "(no -o, --out-dir or --manifest)\n";
    return 2;
  }
  if (!OutputFile.empty() && !OutputDir.empty()) {
    llvm::errs() << "error: give either -o or --out-dir, not both\n";
    return 1;
  }
  if (Sources.size() > 1 && OutputDir.empty()) {
    llvm::errs() << "error: " << Sources.size()
                 << " inputs need --out-dir DIR (-o and stdout take one)\n";
    return 1;
  }
  if (!GpuArch.empty() && gpuArchFromNvcc(GpuArch).empty()) {
    llvm::errs() << "error: --arch expects an architecture such as sm_90, "
                    "got '" << GpuArch << "'\n";
    return 1;
  }
  makeOutputsAbsolute();
  if (!checkOutputPlaces(Sources))
    return 1;
  Session S;
  if (!TypesFile.empty()) {
    auto Buf = llvm::MemoryBuffer::getFile(TypesFile, /*IsText=*/true);
    if (!Buf) {
      llvm::errs() << "error: cannot read '" << TypesFile
                   << "': " << Buf.getError().message() << "\n";
      return 1;
    }
    std::string Error;
    if (!S.Types.addFromJson((*Buf)->getBuffer().str(), Error)) {
      llvm::errs() << TypesFile << ":" << Error << "\n";
      return 1;
    }
  }

  const char *Argv0 = argv[0];
  if (!Instantiate.empty() && !Nvrtc) {
    llvm::errs() << "error: --instantiate names an NVRTC name expression; "
                    "give --nvrtc with it\n";
    return 1;
  }
  std::vector<Rewritten> Results;
  std::unique_ptr<tooling::CompilationDatabase> Compilations =
      tooling::inferMissingCompileCommands(
          std::make_unique<NvccJoinedDatabase>(Parser->getCompilations()));
  bool Ok = Nvrtc ? rewriteAsNvrtc(Sources, NvrtcOptions, Argv0, S, Results)
                  : rewriteWithClangTool(*Compilations, Sources, Argv0, S,
                                         Results);
  if (!CheckGolden.empty())
    return Ok ? checkAgainstGoldenFile(CheckGolden, Results.front().Text,
                                       Results.front().Input + " (rewritten)",
                                       stdout, stderr)
              : ptxinject::GoldenError;
  // A failed run writes nothing: no output file, no manifest.
  if (!Ok || !writeOutputs(Results))
    return 1;
  return 0;
}
