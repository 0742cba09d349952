//===- CommentAnnotationsFuzzer.cpp - The comment form of inject sites ----===//
//
// Input: a CUDA source file. It is parsed for the device (-fsyntax-only), as
// the rewriter and the plugin read it, with the comment-annotation handler
// installed, so every `/* PTX_INJECT ...` comment in it is parsed and the
// tokens the handler makes of it are read by Clang's parser and Sema, which
// trust tokens to be well-formed. Errors in the input are normal results;
// only crashes, sanitizer reports and hangs are findings.
//
// Hermetic and fast: the compiler sees only an in-memory file system
// holding the input and a stand-in <ptx_inject.h> (so the project's own
// annotated sources are seeds as they are), no system or builtin headers,
// pragmas ignored (`#pragma clang __debug crash` would be a finding of
// Clang's, not ours), and diagnostics go to a consumer that drops them.
// Clang itself (libclang-cpp) is not instrumented: coverage and sanitizer
// checks cover the handler and this harness, and a crash inside Clang shows
// as a signal.
//
// Checked beyond the absence of crashes: a site made of a comment names the
// inject as written; no macro definition holds tokens of an annotation (one
// inside a directive is an error); every token the preprocessor returns has
// a valid location; commentAnnotationRange, at each `/*` of the input, is
// invalid or covers exactly one comment `/*` ... `*/` of it; and
// commentOperandKindAt answers one of 0, 'i', 'm', 'o'.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "ptxinject/Frontend/Sites/CommentAnnotations.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <cctype>
#include <cstdlib>
#include <memory>
#include <string_view>
#include <vector>

using namespace clang;

namespace {

constexpr const char *InputPath = "/fuzz/input.cu";
constexpr const char *IncludeDir = "/fuzz/include";

/// What the comment handler and Sema need of the real header under the
/// rewriter: PTX_INJECT defined, expanding to the variadic site marker, and
/// the CUDA attributes and vector type the seeds use.
constexpr const char *PtxInjectHeader =
    "#pragma once\n"
    "#define __host__ __attribute__((host))\n"
    "#define __device__ __attribute__((device))\n"
    "#define __global__ __attribute__((global))\n"
    "__host__ __device__ inline void __ptx_inject_site(const char *, ...) {}\n"
    "struct float4 { float x, y, z, w; };\n"
    "#define PTX_INJECT __ptx_inject_site\n";

/// Inputs far larger than any annotation only slow the fuzzer down.
constexpr size_t MaxSourceBytes = 64 * 1024;
/// Bounds the location checks, which scan from each point they are given.
constexpr unsigned MaxLocationChecks = 256;

/// An annotation is a statement: one inside a directive is an error, never
/// tokens the directive reads. A macro body is lexed straight from the file,
/// so a token in it with a macro location can only be the handler's.
class NoAnnotationInDefinitions : public PPCallbacks {
  void MacroDefined(const Token &, const MacroDirective *MD) override {
    for (const Token &T : MD->getMacroInfo()->tokens())
      FUZZ_CHECK(!T.getLocation().isMacroID());
  }
};

/// A site made of a comment names the inject as written: the name literal
/// the parser reads holds exactly the first word after PTX_INJECT. The
/// handler places its call's first token at the comment's "/*" and the name
/// literal at the name, which tells these sites from the macro form's.
class CommentSiteNames : public RecursiveASTVisitor<CommentSiteNames> {
public:
  explicit CommentSiteNames(const SourceManager &SM) : SM(SM) {}

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() ||
        Callee->getName() != "__ptx_inject_site" || Call->getNumArgs() == 0)
      return true;
    if (!writtenAt(Call->getBeginLoc()).starts_with("/*"))
      return true;
    const auto *Name =
        dyn_cast<StringLiteral>(Call->getArg(0)->IgnoreParenImpCasts());
    FUZZ_CHECK(Name && Name->isOrdinary());
    // The name runs to the first white space, or to the comment's end.
    StringRef Written = writtenAt(Name->getBeginLoc()).take_until([](char C) {
      return isspace(static_cast<unsigned char>(C));
    });
    Written = Written.substr(0, Written.find("*/"));
    FUZZ_CHECK(Name->getString() == Written);
    return true;
  }

private:
  /// The main file's text from where Loc was written (its expansion point).
  StringRef writtenAt(SourceLocation Loc) const {
    SourceLocation At = SM.getExpansionLoc(Loc);
    if (At.isInvalid() || SM.getFileID(At) != SM.getMainFileID())
      return {};
    return SM.getBufferData(SM.getMainFileID()).substr(SM.getFileOffset(At));
  }

  const SourceManager &SM;
};

class CommentSiteNamesConsumer : public ASTConsumer {
  void HandleTranslationUnit(ASTContext &Context) override {
    CommentSiteNames(Context.getSourceManager()).TraverseAST(Context);
  }
};

/// Parses the main file with the comment handler installed, checking each
/// token the preprocessor hands the parser, then checks the location
/// queries the rewriter makes on the same file.
class AnnotationSyntaxAction : public SyntaxOnlyAction {
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    Preprocessor &PP = CI.getPreprocessor();
    SourceManager &SM = CI.getSourceManager();
    PP.IgnorePragmas();
    ptxinject::frontend::addCommentAnnotationHandler(PP);
    PP.addPPCallbacks(std::make_unique<NoAnnotationInDefinitions>());
    PP.setTokenWatcher([&SM, KindChecks = 0u](const Token &Tok) mutable {
      if (Tok.is(tok::eof))
        return;
      FUZZ_CHECK(Tok.getLocation().isValid());
      // Tokens of operand expressions keep their place in the comment.
      SourceLocation Spelling = SM.getSpellingLoc(Tok.getLocation());
      FileID Main = SM.getMainFileID();
      if (SM.getFileID(Spelling) != Main || KindChecks >= MaxLocationChecks)
        return;
      ++KindChecks;
      FUZZ_CHECK(SM.getFileOffset(Spelling) <= SM.getBufferData(Main).size());
      char Kind = ptxinject::frontend::commentOperandKindAt(Spelling, SM);
      FUZZ_CHECK(Kind == 0 || Kind == 'i' || Kind == 'm' || Kind == 'o');
    });
    return std::make_unique<CommentSiteNamesConsumer>();
  }

  void ExecuteAction() override {
    SyntaxOnlyAction::ExecuteAction();
    SourceManager &SM = getCompilerInstance().getSourceManager();
    FileID Main = SM.getMainFileID();
    StringRef Buffer = SM.getBufferData(Main);
    SourceLocation Start = SM.getLocForStartOfFile(Main);
    unsigned RangeChecks = 0;
    for (size_t At = Buffer.find("/*");
         At != StringRef::npos && RangeChecks < MaxLocationChecks;
         At = Buffer.find("/*", At + 1), ++RangeChecks) {
      SourceLocation Loc = Start.getLocWithOffset(At);
      CharSourceRange R = ptxinject::frontend::commentAnnotationRange(Loc, SM);
      if (R.isInvalid())
        continue;
      FUZZ_CHECK(R.isCharRange() && R.getBegin() == Loc);
      unsigned End = SM.getFileOffset(R.getEnd());
      FUZZ_CHECK(SM.getFileID(R.getEnd()) == Main);
      FUZZ_CHECK(End >= At + 4 && End <= Buffer.size());
      StringRef Comment = Buffer.slice(At, End);
      FUZZ_CHECK(Comment.starts_with("/*") && Comment.ends_with("*/"));
      // Exactly one comment: the first "*/" after the opening ends it.
      FUZZ_CHECK(Comment.find("*/", 2) == Comment.size() - 2);
      FUZZ_CHECK(Comment.contains("PTX_INJECT"));
    }
  }
};

} // namespace

// LLVM's headers poison the unused part of each allocator slab when built
// with ASan; this harness's inline copies of them do, the uninstrumented
// libclang-cpp does not unpoison what it hands out of the same slab, so every
// access to it read as use-after-poison. The project poisons nothing itself.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

namespace {
/// True when a directive line holds _Pragma: `#include<_Pragma(` alone
/// crashes clang++-19 -fsyntax-only (Lexer::Lex from CheckEndOfDirective),
/// with or without the annotation handler; a Clang defect, not this one.
bool hasPragmaOperatorInDirective(StringRef Source) {
  while (!Source.empty()) {
    auto [Line, Rest] = Source.split('\n');
    if (Line.ltrim(" \t\f\v\r").starts_with("#") && Line.contains("_Pragma"))
      return true;
    Source = Rest;
  }
  return false;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > MaxSourceBytes)
    return 0;
  if (hasPragmaOperatorInDirective(
          StringRef(reinterpret_cast<const char *>(Data), Size)))
    return 0;
  // PTXINJECT_FUZZ_SHOW_DIAGNOSTICS=1 prints them, to look into an input.
  static const bool Show = std::getenv("PTXINJECT_FUZZ_SHOW_DIAGNOSTICS");
  // The device pass of a CUDA compile, as the rewriter runs it
  // (clang-plugin/lib/Invocation/CudaInvocation.cpp), given to cc1 directly:
  // the driver would look for a CUDA installation on every input.
  std::vector<const char *> Args = {
      "-triple", "nvptx64-nvidia-cuda", "-aux-triple",
      "x86_64-unknown-linux-gnu", "-fcuda-is-device", "-target-cpu", "sm_80",
      "-fcuda-allow-variadic-functions", "-x", "cuda", "-std=c++17",
      "-D__PTX_INJECT_ANALYSIS__", "-nostdsysteminc", "-nobuiltininc", "-I",
      IncludeDir, "-disable-pragma-debug-crash",
      // Sema's own bounds, far below the defaults: a
      // mutated input must not spend seconds in constexpr
      // evaluation or template instantiation.
      "-fconstexpr-steps=65536", "-ftemplate-depth=64",
      // Typo correction, for errors nobody reads, took
      // most of the time of an input.
      "-fno-spell-checking", InputPath};
  if (!Show) // nor "N errors generated." on stderr per input
    Args.push_back("-fno-caret-diagnostics");

  auto Files = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Files->addFile(
      InputPath, 0,
      llvm::MemoryBuffer::getMemBufferCopy(
          StringRef(reinterpret_cast<const char *>(Data), Size), InputPath));
  Files->addFile(std::string(IncludeDir) + "/ptx_inject.h", 0,
                 llvm::MemoryBuffer::getMemBuffer(PtxInjectHeader));

  IgnoringDiagConsumer Ignore;
  CompilerInstance CI;
  if (Show)
    CI.createDiagnostics();
  else
    CI.createDiagnostics(&Ignore, /*ShouldOwnClient=*/false);
  auto Invocation = std::make_shared<CompilerInvocation>();
  FUZZ_CHECK(CompilerInvocation::CreateFromArgs(*Invocation, Args,
                                                CI.getDiagnostics()));
  CI.setInvocation(std::move(Invocation));
  CI.createFileManager(Files);

  AnnotationSyntaxAction Action;
  CI.ExecuteAction(Action);
  return 0;
}
