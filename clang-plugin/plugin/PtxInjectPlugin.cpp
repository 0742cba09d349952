//===- PtxInjectPlugin.cpp - clang -fplugin entry point for PTX Inject ----===//
//
// Registers the "ptxinject" plugin: in the device pass of a CUDA compile it
// expands every PTX_INJECT site into the inline asm of the marker contract
// before code generation, so one clang invocation yields PTX ready for the
// runtime.
//
//===----------------------------------------------------------------------===//
#include "PluginOptions.h"
#include "SiteExpander.h"
#include "ptxinject/Frontend/Parse/TypeUniquing.h"
#include "ptxinject/Frontend/Sites/CommentAnnotations.h"
#include "ptxinject/Frontend/Sites/MarkerDiagnostics.h"
#include "ptxinject/Frontend/Sites/SiteManifestWriter.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/DeclGroup.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <set>

using namespace clang;

namespace ptxinject {
namespace plugin {
namespace {

class ExpandSitesConsumer : public SemaConsumer {
public:
  ExpandSitesConsumer(CompilerInstance &CI, PluginOptions Opts)
      : CI(CI), Opts(std::move(Opts)) {}

  void Initialize(ASTContext &) override { loadTypes(); }

  void InitializeSema(Sema &S) override {
    Expander =
        std::make_unique<SiteExpander>(S, CI.getPreprocessor(), Opts, Types);
  }

  void ForgetSema() override { Expander.reset(); }

  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    if (Expander)
      for (Decl *D : DG)
        Expander->expandDecl(D);
    return true;
  }

  void HandleInlineFunctionDefinition(FunctionDecl *FD) override {
    if (Expander)
      Expander->expandDecl(FD);
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (!Expander)
      return;
    Expander->sweep(Ctx.getTranslationUnitDecl());
    if (!Opts.ManifestPath.empty() && !CI.getDiagnostics().hasErrorOccurred())
      writeManifest(Ctx.getSourceManager());
  }

private:
  /// One entry per distinct site: a template site appears once per
  /// instantiation whose types differ.
  void writeManifest(SourceManager &SM) {
    frontend::SiteManifest Manifest;
    std::set<std::string> Seen;
    for (const frontend::AnalyzedSite &A : Expander->expandedSites()) {
      PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(A.Range.getBegin()));
      frontend::ManifestEntry E;
      E.S = A.S;
      E.Volatile = Opts.Volatile;
      if (P.isValid()) {
        E.File = P.getFilename();
        E.Line = P.getLine();
        E.Column = P.getColumn();
      }
      std::string Key = E.File + ":" + std::to_string(E.Line) + ":" +
                        std::to_string(E.Column) + ":" + E.S.Name;
      for (const SiteOperand &Op : E.S.Operands)
        Key += ":" + Op.Label + "=" + (Op.Type ? Op.Type->Name : "");
      if (Seen.insert(Key).second)
        Manifest.add(std::move(E));
    }
    if (llvm::Error Err = Manifest.writeTo(Opts.ManifestPath)) {
      DiagnosticsEngine &Diags = CI.getDiagnostics();
      unsigned ID = Diags.getCustomDiagID(
          DiagnosticsEngine::Error,
          "cannot write the PTX Inject site manifest '%0': %1");
      Diags.Report(ID) << Opts.ManifestPath << llvm::toString(std::move(Err));
    }
  }

  void loadTypes() {
    Types = TypeTable::builtin();
    if (Opts.TypesPath.empty())
      return;
    ptxinject::Expected<TypeTable> Read = TypeTable::fromFile(Opts.TypesPath);
    if (Read) {
      Types = Read.take();
      return;
    }
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    unsigned ID = Diags.getCustomDiagID(
        DiagnosticsEngine::Error,
        "cannot read PTX Inject types: %0; fix the file or drop "
        "-fplugin-arg-ptxinject-types");
    Diags.Report(ID) << Read.error().located();
  }

  CompilerInstance &CI;
  PluginOptions Opts;
  TypeTable Types;
  std::unique_ptr<SiteExpander> Expander;
};

class PtxInjectAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    // Both passes of a CUDA compile see the marker form of PTX_INJECT; on
    // the host side the markers are inline no-ops.
    Preprocessor &PP = CI.getPreprocessor();
    // Guarded: flows that preprocess separately pass -D__PTX_INJECT_PLUGIN__
    // themselves and then compile with the plugin too.
    PP.setPredefines(PP.getPredefines() + "#ifndef __PTX_INJECT_PLUGIN__\n"
                                          "#define __PTX_INJECT_PLUGIN__ 1\n"
                                          "#endif\n");
    frontend::addCommentAnnotationHandler(PP);
    frontend::restateMarkerErrors(CI.getDiagnostics(), CI.getLangOpts());
    if (!CI.getLangOpts().CUDAIsDevice)
      return std::make_unique<ASTConsumer>();
    if (CI.hasASTContext())
      frontend::reserveTypeUniquingSets(CI.getASTContext());
    return std::make_unique<ExpandSitesConsumer>(CI, Opts);
  }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    for (const std::string &Arg : Args) {
      llvm::StringRef Name = Arg, Value;
      std::tie(Name, Value) = Name.split('=');
      if (Name == "manifest") {
        Opts.ManifestPath = Value.str();
      } else if (Name == "types") {
        Opts.TypesPath = Value.str();
      } else if (Name == "volatile" && Value == "always") {
        Opts.Volatile = true;
      } else if (Name == "volatile" && Value == "never") {
        Opts.Volatile = false;
      } else {
        unsigned ID = Diags.getCustomDiagID(
            DiagnosticsEngine::Error,
            "unknown PTX Inject plugin argument '%0'; use "
            "-fplugin-arg-ptxinject-manifest=FILE, "
            "-fplugin-arg-ptxinject-types=FILE.json or "
            "-fplugin-arg-ptxinject-volatile=always|never");
        Diags.Report(ID) << Arg;
        return false;
      }
    }
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  PluginOptions Opts;
};

} // namespace
} // namespace plugin
} // namespace ptxinject

static FrontendPluginRegistry::Add<ptxinject::plugin::PtxInjectAction>
    RegisterPtxInject("ptxinject",
                      "expand PTX_INJECT sites into tagged inline asm");
