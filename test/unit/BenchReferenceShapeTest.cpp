//===- BenchReferenceShapeTest.cpp - The variants bench's reference shape -===//
//
// utils/bench/ReferenceShape.cpp rebuilds the work of the reference
// system's variants benchmark; these pin what makes the comparison one of
// equal work: the same programs from the same seed, the kernel source in the
// marker contract, and the readers of the reference's output.
//
//===----------------------------------------------------------------------===//
#include "ReferenceShape.h"

#include "ptxinject/module/Module.h"
#include "ptxinject/variants/VariantCompiler.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

using namespace ptxinject;
using namespace ptxinject::variants;
namespace rs = ptxinject::referenceshape;

namespace {

// One site of the reference kernel's shape, as nvrtc writes it to PTX.
const char OneSitePtx[] = R"(
.version 8.0
.target sm_80
.address_size 64

.visible .entry kernel_000000(.param .u64 p0, .param .u64 p1)
{
	.reg .f32 	%f<3>;
	.reg .b64 	%rd<3>;
	ld.param.u64 	%rd1, [p0];
	ld.global.f32 	%f1, [%rd1];
	// begin inline asm
	{
	.reg .f32 %_x0;
	.reg .f32 %_x1;
	mov.f32 %_x1, %f1;
	// PTX_INJECT_START inject_0
	// _x0 o f32 F32 y0
	// _x1 i f32 F32 x
	// PTX_INJECT_END
	mov.f32 %f2, %_x0;
	}
	// end inline asm
	ld.param.u64 	%rd2, [p1];
	st.global.f32 	[%rd2], %f2;
	ret;
}
)";

std::string stubOf(const std::vector<StackPtxFastInstruction> &Program) {
  Expected<Module> Kernel = Module::parse(OneSitePtx);
  EXPECT_TRUE(static_cast<bool>(Kernel));
  StackPtxSource Source(stackptx::InstructionSet::builtin());
  Source.addInstructions(Program);
  Error E = Source.prepare(Kernel->inject(0));
  EXPECT_FALSE(E) << E.Message;
  std::unique_ptr<ProgramScratch> Scratch = Source.makeScratch();
  std::string Buffer;
  std::string_view Stub;
  StubError Err;
  EXPECT_TRUE(Source.stub(0, Scratch.get(), Buffer, Stub, Err)) << Err.Message;
  return std::string(Stub);
}

TEST(BenchReferenceShape, ProgramsHaveTheReferenceLayoutAndPool) {
  const stackptx::InstructionSet &Set = stackptx::InstructionSet::builtin();
  auto Generated = rs::generatePrograms(Set, 200, 32, 7);
  ASSERT_TRUE(Generated) << Generated.error().Message;
  std::vector<std::vector<StackPtxFastInstruction>> Programs = Generated.take();
  ASSERT_EQ(Programs.size(), 200u);
  std::vector<int> Pool;
  for (const char *Name : rs::instructionPool())
    Pool.push_back(Set.findInstruction(Name));
  size_t Inputs = 0, Constants = 0, Operations = 0;
  for (const auto &P : Programs) {
    ASSERT_EQ(P.size(), 32u);
    EXPECT_EQ(P.front().kind, STACK_PTX_FAST_INSTRUCTION_KIND_INPUT);
    EXPECT_EQ(P.back().kind, STACK_PTX_FAST_INSTRUCTION_KIND_RETURN);
    for (size_t I = 1; I + 1 < P.size(); ++I) {
      const StackPtxFastInstruction &In = P[I];
      if (In.kind == STACK_PTX_FAST_INSTRUCTION_KIND_INPUT) {
        EXPECT_EQ(In.idx, 0);
        ++Inputs;
      } else if (In.kind == STACK_PTX_FAST_INSTRUCTION_KIND_CONSTANT) {
        EXPECT_GE(In.payload.f, -10.0f);
        EXPECT_LE(In.payload.f, 10.0f);
        ++Constants;
      } else {
        ASSERT_EQ(In.kind, STACK_PTX_FAST_INSTRUCTION_KIND_PTX);
        EXPECT_NE(std::find(Pool.begin(), Pool.end(), In.idx), Pool.end());
        ++Operations;
      }
    }
  }
  // Draw weights 2:2:6 over 6000 draws.
  double Total = double(Inputs + Constants + Operations);
  EXPECT_NEAR(Inputs / Total, 0.2, 0.03);
  EXPECT_NEAR(Constants / Total, 0.2, 0.03);
  EXPECT_NEAR(Operations / Total, 0.6, 0.03);
}

// The reference benchmark's program 0 for seed 1 compiles (in its own
// output) to eleven operations on these three constants; the same stream
// must give the same program here.
TEST(BenchReferenceShape, SeedOneGivesTheReferencesFirstProgram) {
  auto Generated =
      rs::generatePrograms(stackptx::InstructionSet::builtin(), 1, 32, 1);
  ASSERT_TRUE(Generated);
  std::vector<std::vector<StackPtxFastInstruction>> Programs = Generated.take();
  std::string Stub = stubOf(Programs[0]);
  for (const char *Constant : {"0fC060B9B8", "0fC0039F94", "0f4112AA91"})
    EXPECT_NE(Stub.find(Constant), std::string::npos) << Constant << "\n"
                                                      << Stub;
  EXPECT_EQ(rs::countInstructions(Stub), 12u) << Stub; // 11 operations + mov
}

TEST(BenchReferenceShape, CountsStatementsNotDeclarations) {
  EXPECT_EQ(rs::countInstructions("{\n  .reg .f32 %_s<2>;\n  // note;\n"
                                  "  add.ftz.f32 %_s0, %_x1, %_x1;\n"
                                  "  mov.f32 %_x0, %_s0;\n}\n"),
            2u);
  EXPECT_EQ(rs::countInstructions(""), 0u);
}

TEST(BenchReferenceShape, ReadsStubsOfTheDumpedSource) {
  // The layout of the reference's --dump-module-cu: one literal per line.
  const char Source[] =
      "            asm (\n"
      "                \"{\\n\\t\"\n"
      "                \"mov.f32 %%_x1, %1;\\n\\t\"\n"
      "                \"// PTX_INJECT_START func_0\\n\\t\"\n"
      "                \"\t.reg .f32 %%_s0_<1>;\\n\\t\"\n"
      "                \"\tneg.ftz.f32 %%_s0_0, %%_x1;\\n\\t\"\n"
      "                \"\tmov.f32 %%_x0, %%_s0_0;\\n\\t\"\n"
      "                \"// PTX_INJECT_END\\n\\t\"\n"
      "                \"mov.f32 %0, %%_x0;\\n\\t\"\n"
      "            );\n"
      "                \"// PTX_INJECT_START func_1\\n\\t\"\n"
      "                \"\tmov.f32 %%_x0, 0f3F800000;\\n\\t\"\n"
      "                \"// PTX_INJECT_END\\n\\t\"\n";
  std::vector<std::string> Stubs = rs::stubsOfDumpedSource(Source);
  ASSERT_EQ(Stubs.size(), 2u);
  EXPECT_NE(Stubs[0].find("neg.ftz.f32 %_s0_0, %_x1;"), std::string::npos)
      << Stubs[0];
  EXPECT_EQ(Stubs[0].find("%%"), std::string::npos) << Stubs[0];
  EXPECT_EQ(rs::countInstructions(Stubs[0]), 2u);
  EXPECT_EQ(rs::countInstructions(Stubs[1]), 1u);
}

TEST(BenchReferenceShape, KernelSourceKeepsAsmOperandsAndNamesSitesInOrder) {
  std::string Markers = rs::kernelSource(2, 3, nullptr);
  for (int I = 0; I < 6; ++I)
    EXPECT_NE(
        Markers.find("// PTX_INJECT_START inject_" + std::to_string(I) + "\\n"),
        std::string::npos)
        << I;
  EXPECT_NE(Markers.find("kernel_000001("), std::string::npos);
  // The asm operands stay single-'%' (%0, %1); registers are doubled.
  EXPECT_NE(Markers.find("\"mov.f32 %%_x1, %1;\\n\""), std::string::npos);
  EXPECT_NE(Markers.find("\"mov.f32 %0, %%_x0;\\n\""), std::string::npos);

  std::vector<std::string_view> Stubs(6, "neg.ftz.f32 %_x0, %_x1;");
  std::string Filled = rs::kernelSource(2, 3, &Stubs);
  EXPECT_EQ(Filled.find("PTX_INJECT_START"), std::string::npos);
  EXPECT_NE(Filled.find("\"neg.ftz.f32 %%_x0, %%_x1;\\n\""), std::string::npos);
}

} // namespace
