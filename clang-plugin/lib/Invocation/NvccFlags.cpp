//===- NvccFlags.cpp - nvcc command lines in Clang's spelling -------------===//
#include "ptxinject/Frontend/Invocation/NvccFlags.h"

#include <algorithm>
#include <cctype>

using namespace ptxinject::frontend;

namespace {

bool startsWith(const std::string &S, const char *Prefix) {
  return S.rfind(Prefix, 0) == 0;
}

// nvcc accepts -flag and --flag for most long options; compare without the
// extra dash.
std::string normalized(const std::string &Arg) {
  if (startsWith(Arg, "--"))
    return Arg.substr(1);
  return Arg;
}

// Flags (one dash, normalized) that only concern nvcc's host compiler,
// linker or back end, or that Clang's CUDA mode already implies. The second
// field says whether the value is a separate argument when no '=' is given;
// the third names the macro nvcc defines for the flag, if any.
struct Dropped {
  const char *Name;
  bool TakesValue;
  const char *Macro = nullptr;
};
const Dropped DroppedFlags[] = {
    {"-forward-unknown-to-host-compiler", false},
    {"-forward-unknown-to-host-linker", false},
    {"-forward-unknown-opts", false},
    {"-expt-relaxed-constexpr", false, "__CUDACC_RELAXED_CONSTEXPR__"},
    {"-expt-extended-lambda", false, "__CUDACC_EXTENDED_LAMBDA__"},
    {"-extended-lambda", false, "__CUDACC_EXTENDED_LAMBDA__"},
    {"-Xcompiler", true},
    {"-compiler-options", true},
    {"-Xlinker", true},
    {"-linker-options", true},
    {"-Xptxas", true},
    {"-ptxas-options", true},
    {"-Xnvlink", true},
    {"-nvlink-options", true},
    {"-Xcudafe", true},
    {"-Xarchive", true},
    {"-ccbin", true},
    {"-compiler-bindir", true},
    {"-diag-suppress", true},
    {"-diag_suppress", true},
    {"-diag-warn", true},
    {"-diag-error", true},
    {"-display-error-number", false},
    {"-no-display-error-number", false},
    {"-default-stream", true},
    {"-generate-dependencies-with-compile", false},
    {"-dependency-output", true},
    {"-use_fast_math", false},
    {"-use-fast-math", false},
    {"-lineinfo", false},
    {"-generate-line-info", false},
    {"-G", false, "__CUDACC_DEBUG__"},
    {"-device-debug", false, "__CUDACC_DEBUG__"},
    {"-keep", false},
    {"-keep-dir", true},
    {"-allow-unsupported-compiler", false},
    {"-static-global-template-stub", true},
    {"-threads", true},
    {"-split-compile", true},
    {"-extensible-whole-program", false, "__CUDACC_EWP__"},
    {"-ewp", false, "__CUDACC_EWP__"},
    {"-cudart", true},
    {"-cudadevrt", true},
    {"-maxrregcount", true},
    {"-ftz", true},
    {"-prec-div", true},
    {"-prec-sqrt", true},
    {"-fmad", true},
    {"-Wno-deprecated-gpu-targets", false},
};

// "-Xcompiler=-fPIC" or "-Xcompiler -fPIC": how many arguments the dropped
// flag at Args[I] spans, or 0 when it is not one; Macro is set to the macro
// nvcc defines for it (or null).
size_t droppedSpan(const std::vector<std::string> &Args, size_t I,
                   const char *&Macro) {
  std::string A = normalized(Args[I]);
  for (const Dropped &D : DroppedFlags) {
    std::string Name = D.Name;
    Macro = D.Macro;
    if (A == Name)
      return D.TakesValue && I + 1 < Args.size() && Args[I + 1] != "--" ? 2 : 1;
    if (D.TakesValue && startsWith(A, (Name + "=").c_str()))
      return 1;
  }
  Macro = nullptr;
  return 0;
}

// The nvcc-only options (normalized) whose value may be the next argument;
// translateNvccFlags reads or drops each of them.
const char *const ValueOptions[] = {
    "-generate-code", "-gencode", "-arch",         "-gpu-architecture", "-code",
    "-gpu-code",      "-std",     "-include-path", "-define-macro"};

bool takesSeparateValue(const std::string &NormalizedArg) {
  for (const char *N : ValueOptions)
    if (NormalizedArg == N)
      return true;
  for (const Dropped &D : DroppedFlags)
    if (D.TakesValue && NormalizedArg == D.Name)
      return true;
  return false;
}

// Value of "-flag=value", "-flag value" (advancing I) for one of Names.
bool valueOf(const std::vector<std::string> &Args, size_t &I,
             std::initializer_list<const char *> Names, std::string &Value) {
  std::string A = normalized(Args[I]);
  for (const char *N : Names) {
    std::string Name = N;
    if (A == Name && I + 1 < Args.size() && Args[I + 1] != "--") {
      Value = Args[++I];
      return true;
    }
    if (startsWith(A, (Name + "=").c_str())) {
      Value = A.substr(Name.size() + 1);
      return true;
    }
  }
  return false;
}

// The architectures of "arch=compute_90,code=[compute_90,sm_90]": the real
// ones in code=, else arch=.
std::vector<std::string> archsOfGencode(const std::string &Spec) {
  std::vector<std::string> Out;
  std::string Arch, Code;
  size_t A = Spec.find("arch=");
  size_t C = Spec.find("code=");
  if (A != std::string::npos) {
    size_t End = Spec.find(',', A);
    Arch = Spec.substr(A + 5, End == std::string::npos ? End : End - A - 5);
  }
  if (C != std::string::npos)
    Code = Spec.substr(C + 5);
  Code.erase(std::remove(Code.begin(), Code.end(), '['), Code.end());
  Code.erase(std::remove(Code.begin(), Code.end(), ']'), Code.end());
  Code.erase(std::remove(Code.begin(), Code.end(), '"'), Code.end());
  size_t Pos = 0;
  while (!Code.empty() && Pos <= Code.size()) {
    size_t End = Code.find(',', Pos);
    if (End == std::string::npos)
      End = Code.size();
    std::string One = Code.substr(Pos, End - Pos);
    if (startsWith(One, "sm_"))
      Out.push_back(gpuArchFromNvcc(One));
    Pos = End + 1;
  }
  if (Out.empty() && !Arch.empty()) {
    std::string S = gpuArchFromNvcc(Arch);
    if (!S.empty())
      Out.push_back(S);
  }
  return Out;
}

} // namespace

std::string ptxinject::frontend::gpuArchFromNvcc(const std::string &Text) {
  std::string T = Text;
  for (const char *Prefix : {"compute_", "sm_", "lto_"})
    if (startsWith(T, Prefix)) {
      T = T.substr(std::string(Prefix).size());
      break;
    }
  if (T.empty() || !std::isdigit(static_cast<unsigned char>(T[0])))
    return "";
  for (char C : T)
    if (!std::isalnum(static_cast<unsigned char>(C)))
      return "";
  return "sm_" + T;
}

TranslatedFlags
ptxinject::frontend::translateNvccFlags(const std::vector<std::string> &Args) {
  TranslatedFlags Out;
  if (Args.empty())
    return Out;
  Out.Args.push_back(Args[0]);
  bool HaveClangArch = false;
  auto AddArch = [&](const std::string &Arch) {
    if (!Arch.empty() &&
        std::find(Out.Archs.begin(), Out.Archs.end(), Arch) == Out.Archs.end())
      Out.Archs.push_back(Arch);
  };
  // The macros nvcc defines for its own flags, once each.
  auto AddMacro = [&](const char *Macro) {
    if (!Macro)
      return;
    std::string Define = std::string("-D") + Macro + "=1";
    if (std::find(Out.Args.begin(), Out.Args.end(), Define) == Out.Args.end())
      Out.Args.push_back(Define);
  };
  // "--" ends the options: what follows are inputs (Clang tooling's guessed
  // command for a file missing from the database ends in "-- file.cu"). They
  // are copied as they are, after every flag added here.
  size_t End = std::find(Args.begin() + 1, Args.end(), "--") - Args.begin();
  for (size_t I = 1; I < End; ++I) {
    const std::string &A = Args[I];
    std::string Value;
    const char *Macro = nullptr;
    if (size_t Span = droppedSpan(Args, I, Macro)) {
      I += Span - 1;
      AddMacro(Macro);
      continue;
    }
    if (startsWith(A, "--cuda-gpu-arch") || startsWith(A, "--offload-arch")) {
      HaveClangArch = true;
      Out.Args.push_back(A);
      continue;
    }
    if (valueOf(Args, I, {"-generate-code", "-gencode"}, Value)) {
      for (const std::string &S : archsOfGencode(Value))
        AddArch(S);
      continue;
    }
    if (valueOf(Args, I, {"-arch", "-gpu-architecture", "-code", "-gpu-code"},
                Value)) {
      // -arch=sm_90, -arch=compute_90, -code=sm_90,compute_90.
      size_t Pos = 0;
      while (Pos <= Value.size()) {
        size_t End = Value.find(',', Pos);
        if (End == std::string::npos)
          End = Value.size();
        AddArch(gpuArchFromNvcc(Value.substr(Pos, End - Pos)));
        Pos = End + 1;
      }
      continue;
    }
    if (valueOf(Args, I, {"-std"}, Value)) {
      Out.Args.push_back("-std=" + Value);
      continue;
    }
    if (valueOf(Args, I, {"-x"}, Value)) {
      Out.Args.push_back("-x");
      Out.Args.push_back(Value == "cu" ? "cuda" : Value);
      continue;
    }
    if (startsWith(A, "-isystem=") || startsWith(A, "-idirafter=")) {
      // nvcc's '=' form; Clang reads '=' as "relative to the sysroot".
      size_t Eq = A.find('=');
      Out.Args.push_back(A.substr(0, Eq));
      Out.Args.push_back(A.substr(Eq + 1));
      continue;
    }
    if (valueOf(Args, I, {"-include-path"}, Value)) {
      Out.Args.push_back("-I" + Value);
      continue;
    }
    if (valueOf(Args, I, {"-define-macro"}, Value)) {
      Out.Args.push_back("-D" + Value);
      continue;
    }
    if (A == "-rdc=true" || A == "--relocatable-device-code=true" ||
        A == "-dc") {
      Out.Args.push_back(A == "-dc" ? "-c" : "-fgpu-rdc");
      if (A == "-dc")
        Out.Args.push_back("-fgpu-rdc");
      AddMacro("__CUDACC_RDC__");
      continue;
    }
    if (A == "-rdc=false" || A == "--relocatable-device-code=false")
      continue;
    Out.Args.push_back(A);
  }
  if (!HaveClangArch && !Out.Archs.empty())
    Out.Args.push_back("--cuda-gpu-arch=" + Out.Archs.front());
  Out.Args.insert(Out.Args.end(), Args.begin() + End, Args.end());
  return Out;
}

std::vector<std::string> ptxinject::frontend::joinNvccOptionValues(
    const std::vector<std::string> &Args) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    if (Args[I] == "--") {
      Out.insert(Out.end(), Args.begin() + I, Args.end());
      break;
    }
    // A value never swallows the "--" that ends the options.
    if (I + 1 < Args.size() && Args[I + 1] != "--" &&
        takesSeparateValue(normalized(Args[I]))) {
      Out.push_back(Args[I] + "=" + Args[I + 1]);
      ++I;
      continue;
    }
    Out.push_back(Args[I]);
  }
  return Out;
}
