//===- AssemblerOptionsTest.cpp - Assembler options per back end ----------===//
#include "ptxinject/backends/AssemblerOptions.h"

#include <gtest/gtest.h>

using namespace ptxinject;
using namespace ptxinject::backends;

namespace {

using Args = std::vector<std::string>;

Args argumentsOf(CubinBackendKind Kind, const CubinOptions &O,
                 bool Debug = false) {
  Expected<Args> A = compilerArguments(Kind, O, Debug);
  EXPECT_TRUE(A) << A.error().Message;
  return A ? *A : Args();
}

CubinOptions everyOption() {
  CubinOptions O;
  O.Arch = "sm_90a";
  O.OptLevel = 0;
  O.MaxRegisters = 64;
  O.FastCompile = "0";
  O.LineInfo = true;
  O.AssemblerFlags = {"-warn-spills", "--allow-expensive-optimizations=true"};
  O.Verbose = true;
  return O;
}

TEST(AssemblerOptions, EachBackEndSpellsThem) {
  CubinOptions O = everyOption();
  EXPECT_EQ(
      argumentsOf(CubinBackendKind::Ptxas, O),
      (Args{"-arch=sm_90a", "-O0", "-maxrregcount=64", "-Ofc=0", "-lineinfo",
            "-warn-spills", "--allow-expensive-optimizations=true", "-v"}));
  EXPECT_EQ(argumentsOf(CubinBackendKind::NvPtxCompiler, O),
            (Args{"--gpu-name=sm_90a", "-O0", "-maxrregcount=64", "-Ofc=0",
                  "-lineinfo", "-warn-spills",
                  "--allow-expensive-optimizations=true", "--verbose"}));
  EXPECT_EQ(argumentsOf(CubinBackendKind::NvJitLink, O),
            (Args{"-arch=sm_90a", "-O0", "-maxrregcount=64", "-Xptxas=-Ofc=0",
                  "-lineinfo", "-Xptxas=-warn-spills",
                  "-Xptxas=--allow-expensive-optimizations=true", "-verbose"}));
}

TEST(AssemblerOptions, DefaultsAreArchAndO3) {
  CubinOptions O;
  EXPECT_EQ(argumentsOf(CubinBackendKind::Ptxas, O),
            (Args{"-arch=sm_80", "-O3"}));
  EXPECT_EQ(assemblerOptionsText(O), "-O3");
  EXPECT_FALSE(needsAssemblerProbe(O));
}

TEST(AssemblerOptions, DebugPtxTakesTheDebugFlagInsteadOfO) {
  CubinOptions O;
  EXPECT_EQ(argumentsOf(CubinBackendKind::Ptxas, O, true),
            (Args{"-arch=sm_80", "-g"}));
  EXPECT_EQ(argumentsOf(CubinBackendKind::NvPtxCompiler, O, true),
            (Args{"--gpu-name=sm_80", "--device-debug"}));
  // nvJitLink's -O 0-or-3 rule does not apply: no -O is passed.
  O.OptLevel = 2;
  EXPECT_EQ(argumentsOf(CubinBackendKind::NvJitLink, O, true),
            (Args{"-arch=sm_80", "-g"}));
}

TEST(AssemblerOptions, AFastCompileLevelSetsOItself) {
  CubinOptions O;
  O.FastCompile = "max";
  EXPECT_EQ(argumentsOf(CubinBackendKind::Ptxas, O),
            (Args{"-arch=sm_80", "-Ofc=max"}));
  EXPECT_EQ(assemblerOptionsText(O), "-Ofc=max");
  O.OptLevel = 0; // the level max implies: allowed
  EXPECT_TRUE(compilerArguments(CubinBackendKind::Ptxas, O, false));
  O.FastCompile = "mid";
  Expected<Args> Conflict =
      compilerArguments(CubinBackendKind::Ptxas, O, false);
  ASSERT_FALSE(Conflict);
  EXPECT_EQ(Conflict.error().Message,
            "--fast-compile mid sets -O 1 itself; drop -O 0");
  // Level 0 is no fast compile: -O stays.
  O.FastCompile = "0";
  EXPECT_EQ(argumentsOf(CubinBackendKind::Ptxas, O),
            (Args{"-arch=sm_80", "-O0", "-Ofc=0"}));
}

TEST(AssemblerOptions, NvJitLinkTakesO0AndO3Only) {
  CubinOptions O;
  for (int Level : {1, 2}) {
    O.OptLevel = Level;
    Error E = checkAssemblerOptions(CubinBackendKind::NvJitLink, O);
    ASSERT_TRUE(E);
    EXPECT_NE(E.Message.find("nvjitlink"), std::string::npos);
    EXPECT_NE(E.Message.find("-O " + std::to_string(Level)), std::string::npos);
    EXPECT_FALSE(checkAssemblerOptions(CubinBackendKind::Ptxas, O));
    EXPECT_FALSE(checkAssemblerOptions(CubinBackendKind::NvPtxCompiler, O));
  }
  // A fast-compile level's own -O 1 is ptxas's business, not nvJitLink's.
  O.OptLevel = 3;
  O.FastCompile = "min";
  EXPECT_FALSE(checkAssemblerOptions(CubinBackendKind::NvJitLink, O));
}

TEST(AssemblerOptions, PassThroughRefusesWhatTheBackEndDecides) {
  for (const char *Flag : {"-o", "--output-file=x", "-arch=sm_90", "--gpu-name",
                           "-c", "-O2", "--opt-level=1", "-maxrregcount=8",
                           "-Ofc=max", "-lineinfo", "warn-spills", ""}) {
    CubinOptions O;
    O.AssemblerFlags = {Flag};
    Error E = checkAssemblerOptions(CubinBackendKind::Ptxas, O);
    EXPECT_TRUE(E) << Flag;
    EXPECT_EQ(E.Message.find('\n'), std::string::npos) << E.Message;
  }
  CubinOptions O;
  O.AssemblerFlags = {"-warn-spills", "--def-load-cache=cg", "-Osomething"};
  EXPECT_FALSE(checkAssemblerOptions(CubinBackendKind::Ptxas, O));
  EXPECT_TRUE(needsAssemblerProbe(O));
}

TEST(AssemblerOptions, ChecksLevelsAndCaps) {
  CubinOptions O;
  O.OptLevel = 4;
  EXPECT_TRUE(checkAssemblerOptions(CubinBackendKind::Ptxas, O));
  O.OptLevel = 3;
  O.MaxRegisters = -1;
  EXPECT_TRUE(checkAssemblerOptions(CubinBackendKind::Ptxas, O));
  O.MaxRegisters = 0;
  O.FastCompile = "fastest";
  EXPECT_TRUE(checkAssemblerOptions(CubinBackendKind::Ptxas, O));
  for (const char *Level : {"0", "min", "mid", "max"})
    EXPECT_TRUE(isFastCompileLevel(Level));
  EXPECT_FALSE(isFastCompileLevel("1"));
}

TEST(AssemblerOptions, TextIsOneLineInPtxasSpelling) {
  CubinOptions O = everyOption();
  O.AssemblerFlags.push_back("-a\tb");
  EXPECT_EQ(assemblerOptionsText(O),
            "-O0 -Ofc=0 -maxrregcount=64 -lineinfo -warn-spills "
            "--allow-expensive-optimizations=true -a b");
}

TEST(AssemblerOptions, LinkedStubsObjectAndLink) {
  // --link-stubs: the kernel object is relocatable code, which nvJitLink
  // does not make; the link is nvJitLink's alone, and the text says it.
  CubinOptions Object;
  Object.Relocatable = true;
  EXPECT_EQ(argumentsOf(CubinBackendKind::Ptxas, Object),
            (Args{"-arch=sm_80", "-O3", "-c"}));
  EXPECT_EQ(argumentsOf(CubinBackendKind::NvPtxCompiler, Object),
            (Args{"--gpu-name=sm_80", "-O3", "--compile-only"}));
  Expected<Args> JitLink =
      compilerArguments(CubinBackendKind::NvJitLink, Object, false);
  ASSERT_FALSE(JitLink);
  EXPECT_NE(JitLink.error().Message.find("makes no relocatable code"),
            std::string::npos);

  CubinOptions Link;
  Link.LinkObject = std::make_shared<const std::vector<char>>();
  EXPECT_EQ(argumentsOf(CubinBackendKind::NvJitLink, Link),
            (Args{"-arch=sm_80", "-O3"}));
  EXPECT_FALSE(compilerArguments(CubinBackendKind::Ptxas, Link, false));
  EXPECT_EQ(assemblerOptionsText(Link), "-O3 --link-stubs");
}

TEST(AssemblerOptions, SweepIsTheProductFirstNameSlowest) {
  CubinOptions Base;
  Base.Arch = "sm_90";
  Expected<std::vector<CubinOptions>> S =
      parseOptionsSweep("maxrregcount=32,64,128;O=1,3", Base);
  ASSERT_TRUE(S) << S.error().Message;
  ASSERT_EQ(S->size(), 6u);
  std::vector<std::string> Texts;
  for (const CubinOptions &O : *S) {
    EXPECT_EQ(O.Arch, "sm_90");
    Texts.push_back(assemblerOptionsText(O));
  }
  EXPECT_EQ(Texts, (std::vector<std::string>{
                       "-O1 -maxrregcount=32", "-O3 -maxrregcount=32",
                       "-O1 -maxrregcount=64", "-O3 -maxrregcount=64",
                       "-O1 -maxrregcount=128", "-O3 -maxrregcount=128"}));
  Expected<std::vector<CubinOptions>> F =
      parseOptionsSweep(" fast-compile = 0, max ; lineinfo=0,1;", Base);
  ASSERT_TRUE(F) << F.error().Message;
  ASSERT_EQ(F->size(), 4u);
  EXPECT_EQ((*F)[3].FastCompile, "max");
  EXPECT_TRUE((*F)[3].LineInfo);
  EXPECT_FALSE((*F)[2].LineInfo);
}

TEST(AssemblerOptions, SweepErrorsSayWhatIsWrong) {
  struct Case {
    const char *Spec, *Says;
  } Cases[] = {
      {"", "expected NAME=V1,V2"},
      {"maxrregcount", "expected NAME=V1,V2"},
      {"registers=32", "unknown option 'registers'"},
      {"O=1,4", "O: expected 0 to 3, got '4'"},
      {"O=1,", "O: expected 0 to 3, got ''"},
      {"Ofc=fast", "Ofc: expected 0, min, mid or max"},
      {"lineinfo=yes", "lineinfo: expected 0 or 1"},
      {"O=1;O=3", "'O' is given twice"},
  };
  for (const Case &C : Cases) {
    Expected<std::vector<CubinOptions>> S = parseOptionsSweep(C.Spec, {});
    ASSERT_FALSE(S) << C.Spec;
    EXPECT_NE(S.error().Message.find(C.Says), std::string::npos)
        << C.Spec << ": " << S.error().Message;
  }
}

} // namespace
