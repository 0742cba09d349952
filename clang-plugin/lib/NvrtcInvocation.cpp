//===- NvrtcInvocation.cpp - Read a source as NVRTC reads it --------------===//
#include "ptxinject/Frontend/NvrtcInvocation.h"

#include "ptxinject/Frontend/CommentAnnotations.h"
#include "ptxinject/Frontend/CudaInvocation.h"
#include "ptxinject/Frontend/MarkerDiagnostics.h"
#include "ptxinject/Frontend/PreludeCache.h"
#include "ptxinject/Frontend/SiteTyping.h"
#include "ptxinject/Frontend/TypeUniquing.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <cstdlib>
#include <optional>

namespace ptxinject {
namespace frontend {

namespace {

using llvm::StringRef;

/// What an NVRTC option does to the parse.
enum class Effect {
  None, ///< code generation, linking, messages, PCH: ignored with a note
  DefaultDevice,
  FastMath,
  Define,
  Undefine,
  Include,
  PreInclude,
  Std,
  Arch,
  Ftz,
  PrecDiv,
  PrecSqrt,
  Rdc,
  DeviceC,
  Ewp,
  Debug,
  Int128,
  Float128,
  Minimal,
  MoveForward,
  InitializerList,
  NoSourceInclude,
};

/// The value an option takes: none, true/false, an integer, one of a few
/// words (OptionSpec::Choices), or any text.
enum class Takes { Nothing, Bool, Integer, Choice, Text };

struct OptionSpec {
  const char *Long;  ///< spelled --Long
  const char *Short; ///< spelled -Short
  Takes Value;
  bool EqualsOnly; ///< the value only after '=' (NVRTC rejects 'NAME VALUE')
  Effect What;
  /// Takes::Choice: the values NVRTC accepts, as its messages list them
  /// ("0, min, mid or max"); any other is an error, as for NVRTC.
  const char *const *Choices = nullptr;
};

// --dopt takes only "on" (NVRTC 13.0 refuses "off"); -Ofc a fast-compile
// level. Like every option with a value, both read it after '=' or as the
// next word, whatever that word is: NVRTC refuses "--dopt -arch=sm_80" as an
// invalid --dopt value, it does not read -arch.
constexpr const char *DoptValues[] = {"on", nullptr};
constexpr const char *FastCompileValues[] = {"0", "min", "mid", "max", nullptr};

/// NVRTC 13.0's options: the long and short names its own messages give,
/// the values it checks, and which take no separate value word.
constexpr OptionSpec KnownOptions[] = {
    {"gpu-architecture", "arch", Takes::Text, false, Effect::Arch},
    {"device-c", "dc", Takes::Nothing, false, Effect::DeviceC},
    {"device-w", "dw", Takes::Nothing, false, Effect::None},
    {"relocatable-device-code", "rdc", Takes::Bool, false, Effect::Rdc},
    {"extensible-whole-program", "ewp", Takes::Nothing, false, Effect::Ewp},
    {"device-debug", "G", Takes::Nothing, false, Effect::Debug},
    {"generate-line-info", "lineinfo", Takes::Nothing, false, Effect::None},
    {"dopt", "dopt", Takes::Choice, false, Effect::None, DoptValues},
    {"Ofast-compile", "Ofc", Takes::Choice, false, Effect::None,
     FastCompileValues},
    {"ptxas-options", "Xptxas", Takes::Text, false, Effect::None},
    {"maxrregcount", "maxrregcount", Takes::Integer, false, Effect::None},
    {"ftz", "ftz", Takes::Bool, false, Effect::Ftz},
    {"prec-sqrt", "prec-sqrt", Takes::Bool, false, Effect::PrecSqrt},
    {"prec-div", "prec-div", Takes::Bool, false, Effect::PrecDiv},
    {"fmad", "fmad", Takes::Bool, false, Effect::None},
    {"use_fast_math", "use_fast_math", Takes::Nothing, false, Effect::FastMath},
    {"extra-device-vectorization", "extra-device-vectorization",
     Takes::Nothing, false, Effect::None},
    {"modify-stack-limit", "modify-stack-limit", Takes::Bool, false,
     Effect::None},
    {"dlink-time-opt", "dlto", Takes::Nothing, false, Effect::None},
    {"gen-opt-lto", "gen-opt-lto", Takes::Nothing, false, Effect::None},
    {"optix-ir", "optix-ir", Takes::Nothing, false, Effect::None},
    {"jump-table-density", "jtd", Takes::Integer, false, Effect::None},
    {"define-macro", "D", Takes::Text, false, Effect::Define},
    {"undefine-macro", "U", Takes::Text, false, Effect::Undefine},
    {"include-path", "I", Takes::Text, false, Effect::Include},
    {"pre-include", "include", Takes::Text, false, Effect::PreInclude},
    {"no-source-include", "no-source-include", Takes::Nothing, false,
     Effect::NoSourceInclude},
    {"std", "std", Takes::Text, true, Effect::Std},
    {"builtin-move-forward", "builtin-move-forward", Takes::Bool, false,
     Effect::MoveForward},
    {"builtin-initializer-list", "builtin-initializer-list", Takes::Bool,
     false, Effect::InitializerList},
    {"disable-warnings", "w", Takes::Nothing, false, Effect::None},
    {"restrict", "restrict", Takes::Nothing, false, Effect::None},
    {"device-as-default-execution-space", "default-device", Takes::Nothing,
     false, Effect::DefaultDevice},
    {"device-int128", "device-int128", Takes::Nothing, false, Effect::Int128},
    {"device-float128", "device-float128", Takes::Nothing, false,
     Effect::Float128},
    {"optimization-info", "opt-info", Takes::Text, true, Effect::None},
    {"display-error-number", "err-no", Takes::Nothing, false, Effect::None},
    {"no-display-error-number", "no-err-no", Takes::Nothing, false,
     Effect::None},
    {"diag-error", "diag-error", Takes::Text, false, Effect::None},
    {"diag-suppress", "diag-suppress", Takes::Text, false, Effect::None},
    {"diag-warn", "diag-warn", Takes::Text, false, Effect::None},
    {"brief-diagnostics", "brief-diag", Takes::Bool, false, Effect::None},
    {"time", "time", Takes::Text, true, Effect::None},
    {"split-compile", "split-compile", Takes::Integer, false, Effect::None},
    {"fdevice-syntax-only", "fdevice-syntax-only", Takes::Nothing, false,
     Effect::None},
    {"minimal", "minimal", Takes::Nothing, false, Effect::Minimal},
    {"device-stack-protector", "device-stack-protector", Takes::Bool, false,
     Effect::None},
    {"fdevice-time-trace", "fdevice-time-trace", Takes::Text, true,
     Effect::None},
    {"frandom-seed", "frandom-seed", Takes::Text, true, Effect::None},
    {"no-cache", "no-cache", Takes::Nothing, false, Effect::None},
    {"pch", "pch", Takes::Nothing, false, Effect::None},
    {"create-pch", "create-pch", Takes::Text, true, Effect::None},
    {"use-pch", "use-pch", Takes::Text, true, Effect::None},
    {"pch-dir", "pch-dir", Takes::Text, true, Effect::None},
    {"pch-verbose", "pch-verbose", Takes::Bool, false, Effect::None},
    {"pch-messages", "pch-messages", Takes::Bool, false, Effect::None},
    {"instantiate-templates-in-pch", "instantiate-templates-in-pch",
     Takes::Bool, false, Effect::None},
};

/// The option Name spells: --Long or -Short.
const OptionSpec *findOption(StringRef Name) {
  bool Long = Name.consume_front("--");
  if (!Long && !Name.consume_front("-"))
    return nullptr;
  for (const OptionSpec &O : KnownOptions)
    if (Name == (Long ? O.Long : O.Short))
      return &O;
  return nullptr;
}

/// compute_80, sm_80, sm_100f -> sm_80, sm_80, sm_100f (Clang's spelling).
std::optional<std::string> clangArch(StringRef Value) {
  StringRef Digits;
  if (Value.consume_front("compute_") || Value.consume_front("sm_"))
    Digits = Value;
  else
    return std::nullopt;
  StringRef Number = Digits;
  if (Number.ends_with("a") || Number.ends_with("f"))
    Number = Number.drop_back(); // arch- or family-specific
  if (Number.size() < 2 || !llvm::all_of(Number, [](char C) {
        return std::isdigit(static_cast<unsigned char>(C));
      }))
    return std::nullopt;
  return "sm_" + Digits.str();
}

std::string unknownOption(StringRef Opt) {
  return "unknown NVRTC option '" + Opt.str() +
         "'; options are given as NVRTC takes them "
         "(e.g. -default-device -std=c++17 -I DIR -D NAME)";
}

} // namespace

NvrtcTranslation
translateNvrtcOptions(const std::vector<std::string> &Options) {
  NvrtcTranslation T;
  std::string Std = "-std=c++17"; // NVRTC's default dialect
  std::string StdOption;          // the option that chose it
  std::string Arch;
  // Options NVRTC turns into macros; nullopt: not given.
  std::optional<bool> Ftz, PrecDiv, PrecSqrt, Rdc;
  bool FastMath = false, DeviceC = false, Ewp = false, Debug = false,
       Int128 = false, Float128 = false, Minimal = false;
  bool MoveForward = true, InitializerList = true;
  auto Fail = [&](std::string Message) {
    T.Error = std::move(Message);
    return T;
  };
  for (size_t I = 0; I < Options.size(); ++I) {
    StringRef Opt = Options[I];
    // Split NAME=VALUE; -DVALUE, -IVALUE, -UVALUE; or NAME VALUE.
    StringRef Name = Opt, Value;
    bool HasValue = false;
    if (size_t Eq = Opt.find('=');
        Eq != StringRef::npos && Opt.starts_with("-")) {
      Name = Opt.take_front(Eq);
      Value = Opt.drop_front(Eq + 1);
      HasValue = true;
    }
    const OptionSpec *Spec = findOption(Name);
    if (!Spec && Opt.size() > 2 &&
        (Opt.starts_with("-D") || Opt.starts_with("-I") ||
         Opt.starts_with("-U"))) {
      Name = Opt.take_front(2);
      Value = Opt.drop_front(2);
      HasValue = true;
      Spec = findOption(Name);
    }
    if (!Spec)
      return Fail(unknownOption(Opt));
    if (Spec->Value == Takes::Nothing && HasValue)
      return Fail("NVRTC option '" + Opt.str() + "': --" + Spec->Long +
                  " (-" + Spec->Short + ") takes no value");
    bool SeparateValue = false;
    if (Spec->Value != Takes::Nothing && !HasValue) {
      // NVRTC reads these only as NAME=VALUE: 'NAME VALUE' is unknown there.
      if (Spec->EqualsOnly)
        return Fail(unknownOption(Opt).append(" (NVRTC takes its value "
                                              "after '=': " +
                                              Opt.str() + "=VALUE)"));
      if (I + 1 >= Options.size())
        return Fail("NVRTC option '" + Opt.str() + "' needs a value");
      Value = Options[++I];
      SeparateValue = true;
    }
    if (Spec->Value == Takes::Bool && Value != "true" && Value != "false")
      return Fail("NVRTC option '" + Opt.str() +
                  (SeparateValue ? " " + Value.str() : std::string()) +
                  "': --" + Spec->Long + " (-" + Spec->Short +
                  ") expects true or false");
    bool Chosen = false;
    for (size_t K = 0; Spec->Value == Takes::Choice && Spec->Choices[K]; ++K)
      Chosen |= Value == Spec->Choices[K];
    if (Spec->Value == Takes::Choice && !Chosen) {
      std::string List = Spec->Choices[0]; // "0, min, mid or max"
      for (size_t K = 1; Spec->Choices[K]; ++K)
        List.append(Spec->Choices[K + 1] ? ", " : " or ")
            .append(Spec->Choices[K]);
      return Fail("NVRTC option '" + Opt.str() +
                  (SeparateValue ? " " + Value.str() : std::string()) +
                  "': --" + Spec->Long + " (-" + Spec->Short + ") expects " +
                  List +
                  (SeparateValue && Value.starts_with("-")
                       ? "; NVRTC reads the word after it as its value"
                       : ""));
    }
    unsigned long long Number;
    if (Spec->Value == Takes::Integer && Value.getAsInteger(10, Number))
      return Fail("NVRTC option '" + Opt.str() +
                  (SeparateValue ? " " + Value.str() : std::string()) +
                  "': --" + Spec->Long + " (-" + Spec->Short +
                  ") expects an integer value");
    bool True = Value == "true";
    switch (Spec->What) {
    case Effect::None:
      T.Notes.push_back("note: NVRTC option '" + Opt.str() +
                        (SeparateValue ? " " + Value.str() : std::string()) +
                        "' does not change how the source is read; ignored");
      break;
    case Effect::DefaultDevice:
      T.DefaultDevice = true;
      break;
    case Effect::FastMath:
      FastMath = true;
      break;
    case Effect::Define:
      T.ClangArgs.push_back("-D" + Value.str());
      break;
    case Effect::Undefine:
      T.ClangArgs.push_back("-U" + Value.str());
      break;
    case Effect::Include:
      T.ClangArgs.push_back("-I" + Value.str());
      break;
    case Effect::PreInclude:
      T.ClangArgs.push_back("-include");
      T.ClangArgs.push_back(Value.str());
      break;
    case Effect::Std:
      StdOption = Opt.str();
      if (Value != "c++03" && Value != "c++11" && Value != "c++14" &&
          Value != "c++17" && Value != "c++20")
        return Fail("NVRTC option '" + Opt.str() +
                    "': the dialect is c++03, c++11, c++14, c++17 or c++20");
      Std = "-std=" + Value.str();
      break;
    case Effect::Arch: {
      std::optional<std::string> A = clangArch(Value);
      if (!A)
        return Fail("NVRTC option '" + Opt.str() +
                    "': the architecture is compute_XX or sm_XX, with a or f "
                    "for the arch- or family-specific ones");
      Arch = *A;
      break;
    }
    case Effect::Ftz:
      Ftz = True;
      break;
    case Effect::PrecDiv:
      PrecDiv = True;
      break;
    case Effect::PrecSqrt:
      PrecSqrt = True;
      break;
    case Effect::Rdc:
      Rdc = True;
      break;
    case Effect::DeviceC:
      DeviceC = true;
      break;
    case Effect::Ewp:
      Ewp = true;
      break;
    case Effect::Debug:
      Debug = true;
      break;
    case Effect::Int128:
      Int128 = true;
      break;
    case Effect::Float128:
      Float128 = true;
      break;
    case Effect::Minimal:
      Minimal = true;
      break;
    case Effect::MoveForward:
      MoveForward = True;
      break;
    case Effect::InitializerList:
      InitializerList = True;
      break;
    case Effect::NoSourceInclude:
      T.NoSourceInclude = true;
      break;
    }
  }
  // The last -std wins, as for NVRTC.
  if (Std == "-std=c++03")
    return Fail("NVRTC option '" + StdOption +
                "': ptxinject-rewrite --nvrtc reads C++11 or later "
                "(ptx_inject.h needs C++11); compile the program with "
                "-std=c++11 or later");
  if (DeviceC && Rdc == false)
    return Fail("NVRTC options: --device-c (-dc) is not compatible with "
                "--relocatable-device-code=false (-rdc=false)");
  if (Ewp && (DeviceC || Rdc.value_or(false)))
    return Fail("NVRTC options: --extensible-whole-program (-ewp) is not "
                "compatible with --relocatable-device-code=true (-rdc=true) "
                "or --device-c (-dc)");
  if (Float128 && !Arch.empty() &&
      std::atoi(Arch.c_str() + 3) < 100) // "sm_90" -> 90
    return Fail("NVRTC option '--device-float128' needs sm_100 or later, "
                "as for NVRTC");
  if (Float128 && Arch.empty())
    return Fail("NVRTC option '--device-float128' needs sm_100 or later "
                "(the default architecture is compute_75), as for NVRTC");

  // The macros NVRTC 13.0 defines from its options (asked of NVRTC itself:
  // test/nvrtc/option-macros.test). --use_fast_math implies -ftz=true
  // -prec-div=false -prec-sqrt=false unless those are given, in any order.
  auto Macro = [&](const char *Name, bool Value) {
    T.OptionMacros.push_back(std::string("-D") + Name + "=" +
                             (Value ? "1" : "0"));
  };
  Macro("__CUDA_FTZ", Ftz.value_or(FastMath));
  Macro("__CUDA_PREC_DIV", PrecDiv.value_or(!FastMath));
  Macro("__CUDA_PREC_SQRT", PrecSqrt.value_or(!FastMath));
  Macro("__USE_FAST_MATH__", FastMath);
  for (auto [Given, Name] :
       {std::pair{DeviceC || Rdc.value_or(false), "__CUDACC_RDC__"},
        std::pair{Ewp, "__CUDACC_EWP__"}, std::pair{Debug, "__CUDACC_DEBUG__"},
        std::pair{Int128, "__CUDACC_RTC_INT128__"},
        std::pair{Float128, "__CUDACC_RTC_FLOAT128__"},
        // __CUDACC_RTC_MINIMAL__ drops CUDA's runtime API types, which
        // Clang's CUDA wrapper needs: the prelude defines it after that.
        std::pair{Minimal, "__PTX_INJECT_NVRTC_MINIMAL__"},
        // What NVRTC declares itself, unless told not to: the prelude reads
        // these (ptx_inject_nvrtc_std.h).
        std::pair{MoveForward, "__NV_BUILTIN_MOVE_FORWARD"},
        std::pair{InitializerList, "__NV_BUILTIN_INITIALIZER_LIST"}})
    if (Given)
      Macro(Name, true);

  T.ClangArgs.insert(T.ClangArgs.begin(), Std);
  // NVRTC's default virtual architecture in CUDA 13 is compute_75.
  T.ClangArgs.insert(T.ClangArgs.begin(),
                     "--cuda-gpu-arch=" + (Arch.empty() ? "sm_75" : Arch));
  return T;
}

std::string findNvrtcShimDir(const char *Argv0) {
  auto HasPrelude = [](StringRef Dir) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, "ptx_inject_nvrtc_prelude.h");
    return !Dir.empty() && llvm::sys::fs::exists(P);
  };
  if (const char *V = std::getenv("PTXINJECT_NVRTC_SHIM_DIR"))
    if (HasPrelude(V))
      return V;
  std::string Prefix = installPrefix(Argv0);
  if (!Prefix.empty()) {
    llvm::SmallString<256> P(Prefix);
    llvm::sys::path::append(P, "share", "ptxinject", "nvrtc-shim");
    if (HasPrelude(P))
      return std::string(P);
  }
  return "";
}

std::vector<std::string> nvrtcClangCommandLine(const char *Argv0,
                                               const NvrtcTranslation &Options,
                                               const std::string &SourcePath) {
  std::vector<std::string> Cmd = {"clang++"};
  // The user's -I come first, as NVRTC searches them first; the shims and
  // CUDA's headers follow as system folders. Pre-included headers wait until
  // after the prelude: they are part of the program.
  std::vector<std::string> PreIncludes;
  // NVRTC's own macros come first: the user's -U and -D may change them.
  Cmd.insert(Cmd.end(), Options.OptionMacros.begin(),
             Options.OptionMacros.end());
  for (size_t I = 0; I < Options.ClangArgs.size(); ++I) {
    if (Options.ClangArgs[I] == "-include" &&
        I + 1 < Options.ClangArgs.size()) {
      PreIncludes.push_back(Options.ClangArgs[I]);
      PreIncludes.push_back(Options.ClangArgs[++I]);
      continue;
    }
    Cmd.push_back(Options.ClangArgs[I]);
  }
  // The common analysis flags: device side only, CUDA installation, CUDA 13
  // shims, ptx_inject.h, Clang's resource folder. CCCL is not added by
  // analysisArguments's rule alone: NVRTC finds it only through -I, and so
  // does this mode (see below).
  std::vector<std::string> Common =
      analysisArguments(FrontEnd::Rewriter, Argv0, Cmd);
  for (size_t I = 0; I < Common.size(); ++I) {
    if (Common[I] == "-idirafter" && I + 1 < Common.size() &&
        StringRef(Common[I + 1]).ends_with("cccl")) {
      ++I;
      continue;
    }
    Cmd.push_back(Common[I]);
  }
  // No host C++ library: the stand-ins in the shim folder give Clang's CUDA
  // wrapper the C declarations it needs and nothing in namespace std beyond
  // what NVRTC declares itself.
  Cmd.push_back("-nostdinc++");
  std::string Shim = findNvrtcShimDir(Argv0);
  if (!Shim.empty()) {
    Cmd.push_back("-isystem");
    Cmd.push_back(Shim);
  }
  // Clang's std:: overloads of the math functions and its complex helpers
  // need <limits> and std::isnan from the host library; NVRTC has neither.
  Cmd.push_back("-D__CLANG_CUDA_CMATH_H__");
  Cmd.push_back("-D__CLANG_CUDA_COMPLEX_BUILTINS");
  if (Options.DefaultDevice)
    Cmd.push_back("-D__PTX_INJECT_NVRTC_DEFAULT_DEVICE__");
  Cmd.push_back("-include");
  Cmd.push_back("ptx_inject_nvrtc_prelude.h");
  Cmd.insert(Cmd.end(), PreIncludes.begin(), PreIncludes.end());
  // Without __clang__, CCCL and CuTe are read as NVRTC reads them, and no
  // longer as system headers of Clang: their warnings are NVRTC's business.
  // A program is a header to NVRTC: '#pragma once' in it is normal.
  for (const char *W :
       {"-Wno-macro-redefined", "-Wno-c++26-extensions",
        "-Wno-c++23-extensions", "-Wno-c++20-extensions",
        "-Wno-c++17-extensions", "-Wno-pragma-once-outside-header",
        "-Wno-unused-command-line-argument", "-Wno-unknown-warning-option"})
    Cmd.push_back(W);
  // An architecture newer than Clang's (sm_100, sm_120...) is typed on one
  // it knows, and the program sees the real __CUDA_ARCH__.
  adaptGpuArchForClang(Cmd);
  Cmd.push_back(SourcePath);
  return Cmd;
}

std::string nameExpressionSuffix(const std::vector<std::string> &Expressions) {
  std::string S;
  for (size_t I = 0; I < Expressions.size(); ++I) {
    std::string N = std::to_string(I + 1);
    // Like nvrtcAddNameExpression: taking the expression's value odr-uses
    // the function template specialization it names, which instantiates it.
    // '#line 0' puts the declaration itself in the expression's own file
    // too, and the expression at its line 1, column 1. 'namespace' can only
    // begin a declaration: a program whose last one is unfinished
    // ('struct S {}') gets Clang's "expected ';'" at its own end, not errors
    // of a declaration run on into this one.
    S += "\n#line 0 \"name expression " + N +
         "\"\nnamespace { [[maybe_unused]] static auto const "
         "__ptx_inject_name_expression_" +
         N + " =\n" + Expressions[I] + "\n; }";
  }
  if (!S.empty())
    S += "\n";
  return S;
}

namespace {

/// Rewrites the main file once Sema is done, and takes the name expressions
/// back off its end.
class NvrtcRewriteConsumer : public SiteTypingConsumer {
public:
  NvrtcRewriteConsumer(const NvrtcRewriteRequest &Req, std::string Suffix,
                       NvrtcRewriteResult &Out, clang::CompilerInstance &CI,
                       const PreludeResult &Prelude)
      : SiteTypingConsumer(CI, Prelude, Req.ParseAllBodies), Req(Req),
        Suffix(std::move(Suffix)), Out(Out), PP(CI.getPreprocessor()) {}

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    SiteManifest Manifest;
    // Type tokens the source declares (PTX_TYPE_INFO_<NAME>) come from
    // this file's preprocessor.
    RewriteOptions Options = Req.Rewrite;
    Options.PP = &PP;
    std::optional<std::string> Text = rewriteMainFile(Ctx, Options, Manifest);
    if (!Text)
      return;
    if (!StringRef(*Text).ends_with(Suffix)) {
      auto &D = Ctx.getDiagnostics();
      D.Report(D.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                 "internal error: the name expressions "
                                 "appended to the source were rewritten"));
      return;
    }
    Text->resize(Text->size() - Suffix.size());
    Out.Text = std::move(*Text);
    Out.Manifest = std::move(Manifest);
    Out.Ok = true;
  }

private:
  const NvrtcRewriteRequest &Req;
  std::string Suffix;
  NvrtcRewriteResult &Out;
  clang::Preprocessor &PP;
};

class NvrtcRewriteAction : public clang::ASTFrontendAction {
public:
  NvrtcRewriteAction(const NvrtcRewriteRequest &Req, const std::string &Suffix,
                     NvrtcRewriteResult &Out, llvm::raw_ostream &Messages,
                     const PreludeResult &Prelude)
      : Req(Req), Suffix(Suffix), Out(Out), Messages(Messages),
        Prelude(Prelude) {}

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, StringRef) override {
    // "N errors generated" goes with the messages, not to the process's
    // stderr: a caller in-process decides what to print.
    CI.setVerboseOutputStream(Messages);
    addCommentAnnotationHandler(CI.getPreprocessor());
    restateMarkerErrors(CI.getDiagnostics(), CI.getLangOpts());
    reserveTypeUniquingSets(CI.getASTContext());
    return std::make_unique<NvrtcRewriteConsumer>(Req, Suffix, Out, CI,
                                                  Prelude);
  }

private:
  const NvrtcRewriteRequest &Req;
  const std::string &Suffix;
  NvrtcRewriteResult &Out;
  llvm::raw_ostream &Messages;
  PreludeResult Prelude;
};

class NvrtcRewriteFactory : public SiteTypingActionFactory {
public:
  NvrtcRewriteFactory(const NvrtcRewriteRequest &Req, const std::string &Suffix,
                      NvrtcRewriteResult &Out, llvm::raw_ostream &Messages)
      : Req(Req), Suffix(Suffix), Out(Out), Messages(Messages) {}

  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<NvrtcRewriteAction>(Req, Suffix, Out, Messages,
                                                prelude());
  }

private:
  PreludeResult
  prepare(clang::CompilerInvocation &Invocation, bool UseCache,
          std::shared_ptr<clang::PCHContainerOperations> PCHOps) override {
    // The program's include block is precompiled with CUDA's headers, as a
    // file rewrite's is: a search compiles many programs that share it.
    UseCache &= Req.UsePchCache;
    PreludeResult Prelude = prepareSiteTyping(
        Invocation, UseCache,
        Req.PchCacheDir.empty() ? defaultPreludeCacheDir() : Req.PchCacheDir,
        PCHOps, llvm::StringRef(Req.Source), Req.ParseAllBodies);
    if (UseCache && Req.ReportPchCache)
      Out.Diagnostics += "note: " + describePrelude(Prelude) + "\n";
    return Prelude;
  }

  const NvrtcRewriteRequest &Req;
  const std::string &Suffix;
  NvrtcRewriteResult &Out;
  llvm::raw_ostream &Messages;
};

} // namespace

namespace {

/// --no-source-include: NVRTC does not search the program's folder for its
/// quoted includes. Clang always looks beside the including file first, so
/// the files beside the program (itself excepted) are hidden under the
/// spelling Clang uses for that lookup, "<folder>/<name>"; an -I naming the
/// folder is spelled "<folder>/../<folder's name>" (Clang keeps the "..")
/// so that it still finds them.
class HideProgramFolder : public llvm::vfs::ProxyFileSystem {
public:
  HideProgramFolder(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                    std::string Program)
      : ProxyFileSystem(std::move(Base)), Program(std::move(Program)),
        Folder(llvm::sys::path::parent_path(this->Program).str()) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override {
    if (hidden(Path))
      return std::make_error_code(std::errc::no_such_file_or_directory);
    return ProxyFileSystem::status(Path);
  }
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    if (hidden(Path))
      return std::make_error_code(std::errc::no_such_file_or_directory);
    return ProxyFileSystem::openFileForRead(Path);
  }

private:
  bool hidden(const llvm::Twine &Path) const {
    llvm::SmallString<256> P;
    StringRef S = Path.toStringRef(P);
    return S != Program && llvm::sys::path::parent_path(S) == Folder;
  }
  std::string Program, Folder;
};

} // namespace

NvrtcRewriteResult rewriteNvrtcSource(const NvrtcRewriteRequest &Req) {
  NvrtcRewriteResult Out;
  NvrtcTranslation T = translateNvrtcOptions(Req.Options);
  if (!T.Error.empty()) {
    Out.Diagnostics = "error: " + T.Error + "\n";
    return Out;
  }
  for (const std::string &N : T.Notes)
    Out.Diagnostics += N + "\n";

  // The program lives in memory under its name, made absolute, so quoted
  // includes resolve against the folder that name points into.
  llvm::SmallString<256> Path(Req.Name.empty() ? "program.cu" : Req.Name);
  llvm::sys::fs::make_absolute(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  std::string Suffix = nameExpressionSuffix(Req.NameExpressions);
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(
      Path, 0, llvm::MemoryBuffer::getMemBufferCopy(Req.Source + Suffix, Path));
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  Overlay->pushOverlay(Memory);
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Fs = Overlay;
  if (T.NoSourceInclude) {
    Fs = llvm::makeIntrusiveRefCnt<HideProgramFolder>(Fs, std::string(Path));
    StringRef Folder = llvm::sys::path::parent_path(Path);
    for (std::string &A : T.ClangArgs) {
      llvm::SmallString<256> Dir(StringRef(A).drop_front(2));
      llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
      if (StringRef(A).starts_with("-I") && Dir == Folder)
        A = "-I" + Folder.str() + "/../" +
            llvm::sys::path::filename(Folder).str();
    }
  }
  auto Files = llvm::makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), Fs);

  std::string DiagText;
  llvm::raw_string_ostream DiagStream(DiagText);
  std::vector<std::string> Cmd =
      nvrtcClangCommandLine(Req.Argv0, T, std::string(Path));
  // The warning flags (-Wno-unknown-cuda-version) must reach the driver's
  // own messages too.
  std::vector<const char *> CmdPointers;
  for (const std::string &A : Cmd)
    CmdPointers.push_back(A.c_str());
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> DiagOpts =
      clang::CreateAndPopulateDiagOpts(CmdPointers).release();
  clang::TextDiagnosticPrinter Printer(DiagStream, DiagOpts.get());

  NvrtcRewriteRequest Effective = Req;
  Effective.Rewrite.NvrtcProgram = true;
  // The cached include block is precompiled from a header in the cache
  // folder, its quoted includes found in the program's folder: not so here.
  if (T.NoSourceInclude)
    Effective.UsePchCache = false;
  NvrtcRewriteFactory Factory(Effective, Suffix, Out, DiagStream);
  clang::tooling::ToolInvocation Invocation(
      std::move(Cmd), &Factory, Files.get(),
      std::make_shared<clang::PCHContainerOperations>());
  Invocation.setDiagnosticConsumer(&Printer);
  Invocation.setDiagnosticOptions(DiagOpts.get());
  bool Ran = Invocation.run();
  DiagStream.flush();
  Out.Diagnostics += DiagText;
  if (!Ran || !Out.Ok) {
    Out.Ok = false;
    Out.Text.clear();
    if (Out.Diagnostics.find("error:") == std::string::npos)
      Out.Diagnostics +=
          "error: the source could not be parsed as NVRTC would\n";
  }
  return Out;
}

} // namespace frontend
} // namespace ptxinject
