//===- ptxinject-rewrite.cpp - Turn inject sites into tagged inline asm ---===//
//
// Reads CUDA sources with PTX_INJECT annotations (macro or comment form),
// types every operand from the AST, and writes each source with its sites
// replaced by the inline asm of the marker contract. The rewrite itself is
// the front-end library's (RewriteAction.h); this file reads the command
// line, finds each input's compile command and writes the outputs.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/Frontend/Invocation/NvccFlags.h"
#include "ptxinject/Frontend/Invocation/RewriteCommandLine.h"
#include "ptxinject/Frontend/RewriteAction.h"
#include "ptxinject/Frontend/Sites/SiteManifestWriter.h"
#include "ptxinject/support/ExitCode.h"

#include "GoldenCheck.h"
#include "OutputBatch.h"

#include "clang/Basic/Version.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

#ifndef PTXINJECT_VERSION
#define PTXINJECT_VERSION "unknown"
#endif

using namespace clang;
using namespace ptxinject;
using namespace ptxinject::frontend;
namespace cl = llvm::cl;

static cl::OptionCategory Category("ptxinject-rewrite options");

static cl::opt<std::string>
    OutputFile("o",
               cl::desc("Write the rewritten source here ('-' for "
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
static cl::opt<std::string>
    PchCacheDir("pch-cache-dir",
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
static cl::list<std::string> Bake(
    "bake",
    cl::desc("Bake the PTX stub in FILE into every site of inject NAME, in "
             "place of its markers: the output compiles to that variant as "
             "plain CUDA (repeatable)"),
    cl::value_desc("NAME=FILE"), cl::cat(Category));

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
  ptxinject-rewrite kernel.cu --bake func=best.ptx -o kernel.baked.cu
)");

namespace {

/// One input's rewrite, held in memory until the whole run has succeeded.
struct Rewritten {
  std::string Input;
  std::string Text;
  SiteManifest Manifest;
};

/// Prints "error: <Message>" and gives the status of a usage error.
ExitCode usageError(const llvm::Twine &Message) {
  llvm::errs() << "error: " << Message << "\n";
  return ExitUsage;
}

std::string outputPathFor(StringRef Input) {
  if (!OutputDir.empty()) {
    llvm::SmallString<256> P(OutputDir);
    llvm::sys::path::append(P, llvm::sys::path::filename(Input));
    return std::string(P);
  }
  return OutputFile.empty() ? std::string("-") : std::string(OutputFile);
}

// -o and --out-dir name places relative to where the tool was started, not
// to the compilation database's directory, which the parse runs in.
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
      usageError("inputs '" + It->second + "' and '" + Input +
                 "' would both be written to '" + Path +
                 "'; rewrite them into different --out-dir folders");
      return false;
    }
  }
  for (const std::string &Input : Sources)
    for (const std::string &Path :
         {outputPathFor(Input), ManifestFile.getValue()})
      if (!Path.empty() && Path != "-" &&
          llvm::sys::fs::equivalent(Path, Input)) {
        usageError("output '" + Path + "' is the input '" + Input +
                   "'; writing it would replace the annotated source: name "
                   "another file");
        return false;
      }
  return true;
}

/// Reads --bake's NAME=FILE stubs into Out.
ExitCode loadBakedStubs(std::map<std::string, std::string> &Out) {
  for (const std::string &Spec : Bake) {
    auto [Name, File] = StringRef(Spec).split('=');
    if (Name.empty() || File.empty() || !StringRef(Spec).contains('='))
      return usageError("--bake expects NAME=FILE (an inject's name and its "
                        "stub), got '" +
                        Spec + "'");
    auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/true);
    if (!Buf)
      return usageError("--bake " + Name + ": cannot read '" + File +
                        "': " + Buf.getError().message());
    if (!Out.emplace(Name.str(), (*Buf)->getBuffer().str()).second)
      return usageError("--bake names inject '" + Name + "' twice");
  }
  return ExitOk;
}

/// A stub given for an inject no input has is a mistake (a typo in NAME),
/// not a no-op.
ExitCode checkBakedInjectsExist(const RewriteRequest &Req,
                                const std::vector<Rewritten> &Results) {
  std::vector<std::string> Names; // every inject of the inputs, once
  for (const Rewritten &R : Results)
    for (const ManifestEntry &E : R.Manifest.entries())
      if (std::find(Names.begin(), Names.end(), E.S.Name) == Names.end())
        Names.push_back(E.S.Name);
  for (const auto &[Name, Stub] : Req.Rewrite.BakedStubs) {
    if (std::find(Names.begin(), Names.end(), Name) != Names.end())
      continue;
    std::string Known;
    for (const std::string &N : Names)
      Known += (Known.empty() ? "" : ", ") + N;
    return usageError(
        "--bake " + Name + ": no site of inject '" + Name + "' in the input" +
        (Results.size() > 1 ? "s" : "") +
        "; its injects are: " + (Known.empty() ? "(none)" : Known));
  }
  return ExitOk;
}

/// What every input's rewrite shares: this run's options.
RewriteRequest requestOfOptions(const TypeTable &Types, const char *Argv0) {
  RewriteRequest Req;
  Req.Rewrite.Types = &Types;
  Req.Rewrite.Volatile = Volatile;
  Req.Argv0 = Argv0;
  Req.UsePchCache = !NoPchCache;
  Req.PchCacheDir = PchCacheDir;
  Req.ParseAllBodies = ParseAllBodies;
  return Req;
}

/// Rewrites each input on its own, so that each one's errors, its driver's
/// included, are its own; the others are still read, for their errors.
/// ExitUsage when an input cannot be read or (--nvrtc) NVRTC's options are
/// wrong, ExitFailed when one did not rewrite.
ExitCode rewriteInputs(const std::vector<std::string> &Sources,
                       const tooling::CompilationDatabase &Compilations,
                       const std::vector<std::string> &NvrtcOptions,
                       const RewriteRequest &Shared,
                       std::vector<Rewritten> &Results) {
  ExitCode Status = ExitOk;
  auto Fail = [&](ExitCode Code) { Status = std::max(Status, Code); };
  tooling::ArgumentsAdjuster Adjust = nvccCommandAdjuster(GpuArch);
  for (const std::string &Input : Sources) {
    // Absolute as Clang tooling makes it: the compilation database is
    // asked for this name, and a failure is reported under it.
    std::string Path = tooling::getAbsolutePath(Input);
    auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
    if (!Buf) {
      Fail(usageError("cannot read '" + Input +
                      "': " + Buf.getError().message()));
      continue;
    }
    RewriteRequest Req = Shared;
    Req.Source = (*Buf)->getBuffer().str();
    if (Nvrtc) {
      Req.Mode = RewriteMode::Nvrtc;
      Req.Path = Input;
      Req.Arguments = NvrtcOptions;
      Req.NameExpressions.assign(Instantiate.begin(), Instantiate.end());
    } else {
      std::vector<tooling::CompileCommand> Commands =
          Compilations.getCompileCommands(Path);
      if (Commands.empty()) {
        llvm::errs() << "error: " << Input << ": no compile command\n";
        Fail(ExitFailed);
        continue;
      }
      // A file compiled twice (two configurations) is typed as the first.
      const tooling::CompileCommand &C = Commands.front();
      Req.Mode = RewriteMode::Cuda;
      Req.Path = Path;
      Req.Arguments = Adjust(C.CommandLine, C.Filename);
      Req.WorkingDirectory = C.Directory;
    }
    RewriteResult R = rewriteSource(Req);
    if (PchCacheVerbose && !R.PreludeReport.empty())
      llvm::errs() << (Nvrtc ? "note: " : "ptxinject-rewrite: ")
                   << R.PreludeReport << "\n";
    llvm::errs() << R.Diagnostics;
    if (!R.Ok) {
      if (!Nvrtc)
        llvm::errs() << "Error while processing " << Path << ".\n";
      Fail(R.BadOptions ? ExitUsage : ExitFailed);
      continue;
    }
    Results.push_back(
        Rewritten{Input, std::move(R.Text), std::move(R.Manifest)});
  }
  return Status;
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
    llvm::sys::fs::remove(
        OutputDir); // empty again: the batch removed its files
  return false;
}

/// The command-line errors the options parser cannot see.
ExitCode checkOptions(const std::vector<std::string> &Sources) {
  if (!CheckGolden.empty() && (Sources.size() != 1 || !OutputFile.empty() ||
                               !OutputDir.empty() || !ManifestFile.empty()))
    return usageError("--check takes one input and writes nothing (no -o, "
                      "--out-dir or --manifest)");
  if (!OutputFile.empty() && !OutputDir.empty())
    return usageError("give either -o or --out-dir, not both");
  if (Sources.size() > 1 && OutputDir.empty())
    return usageError(llvm::Twine(Sources.size()) +
                      " inputs need --out-dir DIR (-o and stdout take one)");
  if (!GpuArch.empty() && gpuArchFromNvcc(GpuArch).empty())
    return usageError("--arch expects an architecture such as sm_90, got '" +
                      GpuArch + "'");
  if (!Instantiate.empty() && !Nvrtc)
    return usageError("--instantiate names an NVRTC name expression; give "
                      "--nvrtc with it");
  makeOutputsAbsolute();
  if (!checkOutputPlaces(Sources))
    return ExitUsage;
  return ExitOk;
}

/// The builtin types with --types' added.
ExitCode loadTypes(TypeTable &Types) {
  if (TypesFile.empty())
    return ExitOk;
  ptxinject::Expected<TypeTable> Read = TypeTable::fromFile(TypesFile);
  if (!Read) {
    llvm::errs() << Read.error().format(TypesFile) << "\n";
    return ExitUsage;
  }
  Types = Read.take();
  return ExitOk;
}

} // namespace

int main(int argc, const char **argv) {
  cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "ptxinject-rewrite " << PTXINJECT_VERSION << " (Clang "
       << CLANG_VERSION_STRING << ")\n";
  });
  std::vector<std::string> NvrtcOptions;
  std::vector<std::string> Words = parserArguments(argc, argv, NvrtcOptions);
  if (std::string Problem = compilationDatabaseProblem(Words); !Problem.empty())
    return usageError(Problem);
  std::vector<const char *> Args;
  for (const std::string &W : Words)
    Args.push_back(W.c_str());
  int ArgCount = static_cast<int>(Args.size());
  auto Parser = tooling::CommonOptionsParser::create(
      ArgCount, Args.data(), Category, cl::OneOrMore,
      "Replaces PTX_INJECT annotations in CUDA sources with tagged inline "
      "asm, typing every operand from the Clang AST.\n");
  if (!Parser) {
    // A bad option value was printed already, on its line, by the option.
    std::string Message = oneLine(llvm::toString(Parser.takeError()));
    if (!Message.empty())
      llvm::errs() << Message << "\n";
    return ExitUsage;
  }
  const std::vector<std::string> &Sources = Parser->getSourcePathList();
  if (ExitCode Status = checkOptions(Sources))
    return Status;
  TypeTable Types = TypeTable::builtin();
  if (ExitCode Status = loadTypes(Types))
    return Status;

  std::unique_ptr<tooling::CompilationDatabase> Compilations =
      tooling::inferMissingCompileCommands(
          std::make_unique<NvccJoinedDatabase>(Parser->getCompilations()));
  RewriteRequest Shared = requestOfOptions(Types, argv[0]);
  if (ExitCode Status = loadBakedStubs(Shared.Rewrite.BakedStubs))
    return Status;
  std::vector<Rewritten> Results;
  ExitCode Status =
      rewriteInputs(Sources, *Compilations, NvrtcOptions, Shared, Results);
  if (Status == ExitOk)
    Status = checkBakedInjectsExist(Shared, Results);
  if (!CheckGolden.empty())
    return Status == ExitOk
               ? rewrite::checkAgainstGoldenFile(
                     CheckGolden, Results.front().Text,
                     Results.front().Input + " (rewritten)", llvm::outs(),
                     llvm::errs())
               : ExitUsage; // could not compare
  // A failed run writes nothing: no output file, no manifest.
  if (Status != ExitOk)
    return Status;
  return writeOutputs(Results) ? ExitOk : ExitFailed;
}
