//===- NvrtcOptions.cpp - NVRTC's options in Clang's words ----------------===//
//
// The table of NVRTC 13's option spellings, the values each takes and what
// each does to the parse, and the translation of a list of them into the
// Clang flags and macros that give the same parse.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/Frontend/Invocation/NvrtcOptions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

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
    {"extra-device-vectorization", "extra-device-vectorization", Takes::Nothing,
     false, Effect::None},
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
    {"builtin-initializer-list", "builtin-initializer-list", Takes::Bool, false,
     Effect::InitializerList},
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

Expected<NvrtcTranslation>
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
  auto Fail = [](std::string Message) -> Expected<NvrtcTranslation> {
    return Error::make(ErrorCode::InvalidArgument, std::move(Message));
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
      return Fail("NVRTC option '" + Opt.str() + "': --" + Spec->Long + " (-" +
                  Spec->Short + ") takes no value");
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

} // namespace frontend
} // namespace ptxinject
