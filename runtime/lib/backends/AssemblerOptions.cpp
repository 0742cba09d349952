//===- AssemblerOptions.cpp - Assembler options per back end --------------===//
#include "Backends.h"

#include <cctype>
#include <cstdlib>

using namespace ptxinject;
using namespace ptxinject::backends;

bool ptxinject::backends::isFastCompileLevel(std::string_view Level) {
  return Level == "0" || Level == "min" || Level == "mid" || Level == "max";
}

namespace {

// ptxas sets the optimization level itself under a fast-compile level
// (min and mid: 1, max: 0) and refuses any other -O with it ("Conflicting
// options"); -1 when none is implied.
int impliedOptLevel(const std::string &FastCompile) {
  if (FastCompile == "min" || FastCompile == "mid")
    return 1;
  if (FastCompile == "max")
    return 0;
  return -1;
}

bool isDigits(std::string_view S) {
  if (S.empty())
    return false;
  for (char C : S)
    if (!std::isdigit(static_cast<unsigned char>(C)))
      return false;
  return true;
}

// A pass-through option's name: what comes before its '=' (ptxas takes
// "--opt=value" and "-opt=value" alike).
std::string_view optionName(std::string_view Flag) {
  return Flag.substr(0, Flag.find('='));
}

// Why a pass-through option may not be passed; empty when it may.
std::string refusedPassThrough(std::string_view Flag) {
  std::string_view Name = optionName(Flag);
  if (Name.empty() || Name[0] != '-')
    return "'" + std::string(Flag) +
           "' is not an option (assembler options start with '-')";
  if (Name == "-o" || Name == "--output-file")
    return "'" + std::string(Name) + "': each back end names its own output";
  if (Name == "-arch" || Name == "--gpu-name")
    return "'" + std::string(Name) + "': give the architecture with --arch";
  if (Name == "-c" || Name == "--compile-only")
    return "'" + std::string(Name) +
           "': relocatable code is not a cubin that loads alone";
  if ((Name.size() > 2 && Name.substr(0, 2) == "-O" &&
       isDigits(Name.substr(2))) ||
      Name == "-O" || Name == "--opt-level")
    return "'" + std::string(Name) + "': give the level with -O N";
  if (Name == "-maxrregcount" || Name == "--maxrregcount")
    return "'" + std::string(Name) + "': give the cap with --maxrregcount N";
  if (Name == "-Ofc" || Name == "--Ofast-compile")
    return "'" + std::string(Name) +
           "': give the level with --fast-compile LEVEL";
  if (Name == "-lineinfo" || Name == "--generate-line-info")
    return "'" + std::string(Name) + "': use --lineinfo";
  return std::string();
}

Error invalid(std::string Message) {
  return Error::make(ErrorCode::InvalidArgument, std::move(Message));
}

} // namespace

Expected<std::vector<std::string>> ptxinject::backends::compilerArguments(
    CubinBackendKind Kind, const CubinOptions &Options, bool Debug) {
  bool JitLink = Kind == CubinBackendKind::NvJitLink;
  // nvJitLink takes -O0 and -O3 only ("Only 0 and 3 are accepted",
  // nvJitLink.h); it refuses to create a link with any other.
  int Implied = impliedOptLevel(Options.FastCompile);
  // The default level gives way to the fast-compile level's own; another
  // one conflicts with it.
  if (Implied >= 0 && Options.OptLevel != 3 && Options.OptLevel != Implied)
    return invalid("--fast-compile " + Options.FastCompile + " sets -O " +
                   std::to_string(Implied) + " itself; drop -O " +
                   std::to_string(Options.OptLevel));
  if (JitLink && !Debug && Implied < 0 && Options.OptLevel != 0 &&
      Options.OptLevel != 3)
    return invalid("the nvjitlink back end takes -O 0 or -O 3, not -O " +
                   std::to_string(Options.OptLevel) +
                   "; use --backend ptxas or nvptxcompiler for it");
  if (JitLink && Options.Relocatable)
    return invalid("the nvjitlink back end makes no relocatable code; use "
                   "--backend ptxas or nvptxcompiler for it");
  if (!JitLink && Options.LinkObject)
    return invalid("only the nvjitlink back end links a kernel object");
  std::vector<std::string> Args;
  // nvPTXCompiler names the target --gpu-name; the others take -arch=.
  Args.push_back(Kind == CubinBackendKind::NvPtxCompiler
                     ? "--gpu-name=" + Options.Arch
                     : "-arch=" + Options.Arch);
  // The compilers refuse an optimization level above 0 with debug PTX
  // ("Optimized debugging not supported"); plain ptxas assembles such PTX
  // as device-debug code.
  if (Debug)
    Args.push_back(Kind == CubinBackendKind::NvPtxCompiler ? "--device-debug"
                                                           : "-g");
  else if (Implied < 0)
    Args.push_back("-O" + std::to_string(Options.OptLevel));
  if (Options.MaxRegisters > 0)
    Args.push_back("-maxrregcount=" + std::to_string(Options.MaxRegisters));
  // ptxas options reach nvJitLink's ptxas through -Xptxas (nvJitLink 12
  // has no -Ofc of its own; 13.5 documents one).
  auto Assembler = [&](const std::string &Flag) {
    Args.push_back(JitLink ? "-Xptxas=" + Flag : Flag);
  };
  if (!Options.FastCompile.empty())
    Assembler("-Ofc=" + Options.FastCompile);
  if (Options.LineInfo)
    Args.push_back("-lineinfo"); // every back end's own spelling
  for (const std::string &Flag : Options.AssemblerFlags)
    Assembler(Flag);
  if (Options.Relocatable)
    Args.push_back(Kind == CubinBackendKind::NvPtxCompiler ? "--compile-only"
                                                           : "-c");
  if (Options.Verbose)
    Args.push_back(JitLink                                   ? "-verbose"
                   : Kind == CubinBackendKind::NvPtxCompiler ? "--verbose"
                                                             : "-v");
  return Args;
}

Error ptxinject::backends::checkAssemblerOptions(CubinBackendKind Kind,
                                                 const CubinOptions &Options) {
  if (Options.OptLevel < 0 || Options.OptLevel > 3)
    return invalid("optimization level must be 0 to 3, got " +
                   std::to_string(Options.OptLevel));
  if (Options.MaxRegisters < 0)
    return invalid("the register cap must be 0 (none) or more, got " +
                   std::to_string(Options.MaxRegisters));
  if (!Options.FastCompile.empty() && !isFastCompileLevel(Options.FastCompile))
    return invalid("fast-compile level must be 0, min, mid or max, got '" +
                   Options.FastCompile + "'");
  for (const std::string &Flag : Options.AssemblerFlags)
    if (std::string Why = refusedPassThrough(Flag); !Why.empty())
      return invalid("assembler option " + Why);
  Expected<std::vector<std::string>> Args =
      compilerArguments(Kind, Options, false);
  if (!Args)
    return Args.error();
  return Error::success();
}

bool ptxinject::backends::needsAssemblerProbe(const CubinOptions &Options) {
  return !Options.FastCompile.empty() || Options.LineInfo ||
         !Options.AssemblerFlags.empty();
}

std::string ptxinject::backends::assemblerOptionsText(const CubinOptions &O) {
  // As the compiler is told: a fast-compile level sets -O itself.
  std::string Text;
  if (impliedOptLevel(O.FastCompile) < 0)
    Text = "-O" + std::to_string(O.OptLevel);
  if (!O.FastCompile.empty())
    Text += (Text.empty() ? "" : " ") + ("-Ofc=" + O.FastCompile);
  if (O.MaxRegisters > 0)
    Text += " -maxrregcount=" + std::to_string(O.MaxRegisters);
  if (O.LineInfo)
    Text += " -lineinfo";
  for (const std::string &Flag : O.AssemblerFlags)
    Text += " " + Flag;
  // Not an assembler option, but how the cubin was made: a screening cubin
  // calls its stubs (docs/variants.md, "Linked stubs").
  if (O.LinkObject)
    Text += " --link-stubs";
  // A manifest field: no tabs or line breaks.
  for (char &C : Text)
    if (C == '\t' || C == '\n' || C == '\r')
      C = ' ';
  return Text;
}

Error ptxinject::backends::setAssemblerOption(CubinOptions &Options,
                                              std::string_view Name,
                                              std::string_view Value) {
  auto Number = [&](int Max, int &Out) {
    if (!isDigits(Value) || Value.size() > 6 ||
        std::atoi(std::string(Value).c_str()) > Max)
      return false;
    Out = std::atoi(std::string(Value).c_str());
    return true;
  };
  if (Name == "O" || Name == "opt-level") {
    if (!Number(3, Options.OptLevel))
      return invalid("O: expected 0 to 3, got '" + std::string(Value) + "'");
  } else if (Name == "maxrregcount") {
    if (!Number(65535, Options.MaxRegisters))
      return invalid("maxrregcount: expected a number, got '" +
                     std::string(Value) + "'");
  } else if (Name == "fast-compile" || Name == "Ofc") {
    if (!isFastCompileLevel(Value))
      return invalid(std::string(Name) +
                     ": expected 0, min, mid or max, got '" +
                     std::string(Value) + "'");
    Options.FastCompile = std::string(Value);
  } else if (Name == "lineinfo") {
    if (Value != "0" && Value != "1")
      return invalid("lineinfo: expected 0 or 1, got '" + std::string(Value) +
                     "'");
    Options.LineInfo = Value == "1";
  } else {
    return invalid("unknown option '" + std::string(Name) +
                   "' (the sweep takes O, maxrregcount, fast-compile, "
                   "lineinfo)");
  }
  return Error::success();
}

Expected<std::vector<CubinOptions>>
ptxinject::backends::parseOptionsSweep(std::string_view Spec,
                                       const CubinOptions &Base) {
  auto Split = [](std::string_view S, char Sep) {
    std::vector<std::string_view> Parts;
    for (size_t B = 0;;) {
      size_t E = S.find(Sep, B);
      Parts.push_back(S.substr(B, E == std::string_view::npos ? E : E - B));
      if (E == std::string_view::npos)
        return Parts;
      B = E + 1;
    }
  };
  auto Trim = [](std::string_view S) {
    while (!S.empty() && S.front() == ' ')
      S.remove_prefix(1);
    while (!S.empty() && S.back() == ' ')
      S.remove_suffix(1);
    return S;
  };
  std::vector<CubinOptions> Result{Base};
  std::vector<std::string_view> Seen;
  for (std::string_view Part : Split(Spec, ';')) {
    Part = Trim(Part);
    if (Part.empty())
      continue; // a trailing ';'
    size_t Eq = Part.find('=');
    std::string_view Name = Trim(Part.substr(0, Eq));
    if (Eq == std::string_view::npos || Name.empty())
      return invalid("options sweep: expected NAME=V1,V2,... in '" +
                     std::string(Part) + "'");
    for (std::string_view S : Seen)
      if (S == Name)
        return invalid("options sweep: '" + std::string(Name) +
                       "' is given twice");
    Seen.push_back(Name);
    std::vector<CubinOptions> Next;
    for (const CubinOptions &O : Result)
      for (std::string_view Value : Split(Part.substr(Eq + 1), ',')) {
        CubinOptions C = O;
        if (Error E = setAssemblerOption(C, Name, Trim(Value))) {
          E.Message = "options sweep: " + E.Message;
          return E;
        }
        Next.push_back(std::move(C));
      }
    Result = std::move(Next);
  }
  if (Seen.empty())
    return invalid("options sweep: expected NAME=V1,V2,... such as "
                   "'maxrregcount=32,64;O=1,3'");
  return Result;
}

std::vector<std::string>
detail::checkedCompilerArguments(CubinBackendKind Kind,
                                 const CubinOptions &Options, bool Debug) {
  Expected<std::vector<std::string>> Args =
      compilerArguments(Kind, Options, Debug);
  return Args ? Args.take() : std::vector<std::string>();
}

namespace {

// The oldest PTX ISA that targets sm_NN, so the probe module reads on the
// oldest compiler that knows the architecture.
std::string probeIsa(const std::string &Arch) {
  int Sm = std::atoi(Arch.c_str() + 3);
  bool Family = Arch.back() == 'f';
  if (Sm <= 90)
    return "8.0";
  if (Family || Sm == 103 || Sm == 121)
    return "8.8";
  if (Sm == 100 || Sm == 101)
    return "8.6";
  if (Sm == 120)
    return "8.7";
  return "9.0";
}

} // namespace

Error detail::probeAssemblerOptions(const CubinBackend &Backend,
                                    const CubinOptions &Options) {
  std::string Ptx = ".version " + probeIsa(Options.Arch) + "\n.target " +
                    Options.Arch +
                    "\n.address_size 64\n"
                    ".visible .entry ptxinject_probe(.param .u64 p)\n{\n"
                    "  .reg .b64 %rd<2>;\n  .reg .f32 %f<2>;\n"
                    "  ld.param.u64 %rd1, [p];\n"
                    "  cvta.to.global.u64 %rd1, %rd1;\n"
                    "  ld.global.f32 %f1, [%rd1];\n"
                    "  add.f32 %f1, %f1, %f1;\n"
                    "  st.global.f32 [%rd1], %f1;\n  ret;\n}\n";
  std::vector<char> Cubin;
  std::string Log;
  if (Backend.compile(Ptx, Cubin, Log) == CompileStatus::Ok)
    return Error::success();
  // The same module without the probed options: if it fails too, the
  // probe says nothing about them (an architecture this compiler lacks is
  // reported by the batch's own compiles).
  CubinOptions Plain = Options;
  Plain.FastCompile.clear();
  Plain.LineInfo = false;
  Plain.AssemblerFlags.clear();
  Expected<std::unique_ptr<CubinBackend>> Without =
      createCubinBackend(Backend.kind(), Plain);
  std::string PlainLog;
  if (!Without ||
      (*Without)->compile(Ptx, Cubin, PlainLog) != CompileStatus::Ok)
    return Error::success();
  std::string Text = assemblerOptionsText(Options);
  std::string First = Log.substr(0, Log.find('\n'));
  while (!First.empty() && (First.back() == '\r' || First.back() == ' '))
    First.pop_back();
  return invalid("the " + std::string(cubinBackendName(Backend.kind())) +
                 " back end does not take the assembler options '" + Text +
                 "'" + (First.empty() ? std::string() : ": " + First));
}
