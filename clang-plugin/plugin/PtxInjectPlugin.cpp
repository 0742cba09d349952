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

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/DeclGroup.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>

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
    Expander = std::make_unique<SiteExpander>(S, CI.getPreprocessor(), Opts,
                                              Types);
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
  }

private:
  void loadTypes() {
    Types = TypeTable::builtin();
    if (Opts.TypesPath.empty())
      return;
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    auto Buffer = llvm::MemoryBuffer::getFile(Opts.TypesPath);
    std::string Error;
    if (!Buffer)
      Error = Buffer.getError().message();
    else if (!Types.addFromJson((*Buffer)->getBuffer(), Error))
      Error = Error; // already "LINE:COL: message"
    if (Error.empty())
      return;
    unsigned ID = Diags.getCustomDiagID(
        DiagnosticsEngine::Error,
        "cannot read PTX Inject types from '%0': %1; fix the file or drop "
        "-fplugin-arg-ptxinject-types");
    Diags.Report(ID) << Opts.TypesPath << Error;
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
    PP.setPredefines(PP.getPredefines() + "#define __PTX_INJECT_PLUGIN__ 1\n");
    if (!CI.getLangOpts().CUDAIsDevice)
      return std::make_unique<ASTConsumer>();
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
      } else if (Name == "volatile" &&
                 (Value == "on" || Value == "1" || Value == "true")) {
        Opts.Volatile = true;
      } else if (Name == "volatile" &&
                 (Value == "off" || Value == "0" || Value == "false")) {
        Opts.Volatile = false;
      } else {
        unsigned ID = Diags.getCustomDiagID(
            DiagnosticsEngine::Error,
            "unknown PTX Inject plugin argument '%0'; use "
            "-fplugin-arg-ptxinject-manifest=FILE, "
            "-fplugin-arg-ptxinject-types=FILE.json or "
            "-fplugin-arg-ptxinject-volatile=on|off");
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
