//===- VariantCompilerTest.cpp - The batch variant compiler ---------------===//
#include "ptxinject/variants/VariantCompiler.h"

#include "CopyingBackend.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <map>
#include <mutex>
#include <new>
#include <set>

// Counts C++ heap allocations, to check that the per-variant loop makes none.
// (GCC cannot see that this operator new is the malloc its delete frees.)
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
static std::atomic<size_t> NumAllocations{0};
void *operator new(size_t Size) {
  ++NumAllocations;
  if (void *P = std::malloc(Size ? Size : 1))
    return P;
  throw std::bad_alloc();
}
void *operator new(size_t Size, const std::nothrow_t &) noexcept {
  ++NumAllocations;
  return std::malloc(Size ? Size : 1);
}
void *operator new[](size_t Size) { return operator new(Size); }
void *operator new[](size_t Size, const std::nothrow_t &T) noexcept {
  return operator new(Size, T);
}
void operator delete(void *P) noexcept { std::free(P); }
void operator delete(void *P, size_t) noexcept { std::free(P); }
void operator delete(void *P, const std::nothrow_t &) noexcept { std::free(P); }
void operator delete[](void *P) noexcept { std::free(P); }
void operator delete[](void *P, size_t) noexcept { std::free(P); }
void operator delete[](void *P, const std::nothrow_t &) noexcept {
  std::free(P);
}

using namespace ptxinject;
using namespace ptxinject::backends;
using namespace ptxinject::variants;

namespace {

// nvcc -ptx of examples/variants/generate_kernel.py --sites 3 --form asm:
// three injects, emitted in PTX in the order inject_2, inject_0, inject_1.
const char KernelPtx[] = R"(
.version 9.0
.target sm_80
.address_size 64

	// .globl	variants_kernel_0

.visible .entry variants_kernel_0(
	.param .u64 variants_kernel_0_param_0,
	.param .u64 variants_kernel_0_param_1,
	.param .u64 variants_kernel_0_param_2,
	.param .u32 variants_kernel_0_param_3
)
{
	.reg .pred 	%p<5>;
	.reg .f32 	%f<18>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<12>;


	ld.param.u64 	%rd1, [variants_kernel_0_param_0];
	ld.param.u64 	%rd2, [variants_kernel_0_param_1];
	ld.param.u64 	%rd3, [variants_kernel_0_param_2];
	ld.param.u32 	%r3, [variants_kernel_0_param_3];
	mov.u32 	%r4, %ntid.x;
	mov.u32 	%r5, %ctaid.y;
	mov.u32 	%r6, %tid.x;
	mad.lo.s32 	%r1, %r5, %r4, %r6;
	setp.ge.s32 	%p1, %r1, %r3;
	@%p1 bra 	$L__BB0_8;

	cvta.to.global.u64 	%rd4, %rd1;
	mul.wide.s32 	%rd5, %r1, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.nc.f32 	%f1, [%rd6];
	cvta.to.global.u64 	%rd7, %rd2;
	add.s64 	%rd8, %rd7, %rd5;
	ld.global.nc.f32 	%f2, [%rd8];
	mov.f32 	%f17, 0f00000000;
	mov.u32 	%r2, %ctaid.x;
	setp.eq.s32 	%p2, %r2, 0;
	@%p2 bra 	$L__BB0_6;

	setp.eq.s32 	%p3, %r2, 1;
	@%p3 bra 	$L__BB0_5;

	setp.ne.s32 	%p4, %r2, 2;
	@%p4 bra 	$L__BB0_7;

	// begin inline asm
	{
.reg .f32 %_x0;
.reg .f32 %_x1;
.reg .f32 %_x2;
mov.f32 %_x1, %f1;
mov.f32 %_x2, %f2;
// PTX_INJECT_START inject_2
// _x0 o f32 F32 z
// _x1 i f32 F32 x
// _x2 i f32 F32 y
// PTX_INJECT_END
mov.f32 %f17, %_x0;
}

	// end inline asm
	bra.uni 	$L__BB0_7;

$L__BB0_6:
	// begin inline asm
	{
.reg .f32 %_x0;
.reg .f32 %_x1;
.reg .f32 %_x2;
mov.f32 %_x1, %f1;
mov.f32 %_x2, %f2;
// PTX_INJECT_START inject_0
// _x0 o f32 F32 z
// _x1 i f32 F32 x
// _x2 i f32 F32 y
// PTX_INJECT_END
mov.f32 %f17, %_x0;
}

	// end inline asm
	bra.uni 	$L__BB0_7;

$L__BB0_5:
	// begin inline asm
	{
.reg .f32 %_x0;
.reg .f32 %_x1;
.reg .f32 %_x2;
mov.f32 %_x1, %f1;
mov.f32 %_x2, %f2;
// PTX_INJECT_START inject_1
// _x0 o f32 F32 z
// _x1 i f32 F32 x
// _x2 i f32 F32 y
// PTX_INJECT_END
mov.f32 %f17, %_x0;
}

	// end inline asm

$L__BB0_7:
	mad.lo.s32 	%r7, %r2, %r3, %r1;
	cvta.to.global.u64 	%rd9, %rd3;
	mul.wide.u32 	%rd10, %r7, 4;
	add.s64 	%rd11, %rd9, %rd10;
	st.global.f32 	[%rd11], %f17;

$L__BB0_8:
	ret;

}

)";

Module parseKernel() {
  Expected<Module> M = Module::parse(KernelPtx);
  EXPECT_TRUE(bool(M)) << M.error().Message;
  return M.take();
}

std::unique_ptr<CubinBackend> backend() {
  CubinOptions O;
  auto B = createCubinBackend(defaultCubinBackend(), O);
  EXPECT_TRUE(B) << B.error().Message;
  return B ? B.take() : nullptr;
}

// Collects what the sink sees, from any thread.
struct Collected {
  std::mutex M;
  std::map<size_t, std::pair<size_t, size_t>> Modules; // index -> first, count
  std::map<size_t, std::vector<size_t>> Failed;
  std::map<size_t, std::string> Ptx;
  size_t ElfCubins = 0;

  ModuleSink sink() {
    return [this](const CompiledModule &C, std::string &) {
      std::lock_guard<std::mutex> L(M);
      Modules[C.Index] = {C.FirstProgram, C.NumPrograms};
      Failed[C.Index] = *C.Failed;
      Ptx[C.Index] = std::string(C.Ptx);
      if (looksLikeCubin(*C.Cubin))
        ++ElfCubins;
      return true;
    };
  }
};

std::string addStub(int K) {
  // z = x + y * K, written against operand labels.
  return "mul.rn.f32 %{z}, %{y}, 0f" +
         std::string(K == 2 ? "40000000" : "3F800000") +
         ";\nadd.rn.f32 %{z}, %{z}, %{x};\n";
}

TEST(VariantCompiler, OneProgramPerModule) {
  Module M = parseKernel();
  auto B = backend();
  ASSERT_TRUE(B);
  std::vector<std::string> Stubs;
  for (int I = 0; I < 5; ++I)
    Stubs.push_back(addStub(I % 3));
  RawStubSource Source(Stubs);
  VariantOptions O;
  O.Jobs = 2;
  O.KeepPtx = true;
  O.Slots = {"inject_0"};
  std::atomic<size_t> Progress{0};
  O.Progress = &Progress;
  Collected C;
  VariantReport R;
  Error E = compileVariants(M, *B, Source, O, C.sink(), R);
  ASSERT_FALSE(E) << E.Message;
  EXPECT_EQ(R.Variants, 5u);
  EXPECT_EQ(R.Modules, 5u);
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_EQ(C.ElfCubins, 5u);
  EXPECT_EQ(Progress.load(), 5u);
  EXPECT_GT(R.CubinSeconds, 0);
  EXPECT_GT(R.WallSeconds, 0);
  // Packed slots default to natural order, whatever the PTX order.
  VariantOptions Packed;
  Packed.Pack = 3;
  EXPECT_EQ(M.inject(resolveSlots(M, Packed)->front()).Name, "inject_0");
  // The rendered PTX holds the stub with the stable registers.
  EXPECT_NE(C.Ptx[1].find("mul.rn.f32 %_x0, %_x2, 0f3F800000;"),
            std::string::npos)
      << C.Ptx[1];
}

TEST(VariantCompiler, PackedModulesCoverEveryProgram) {
  Module M = parseKernel();
  auto B = backend();
  ASSERT_TRUE(B);
  std::vector<std::string> Stubs;
  for (int I = 0; I < 7; ++I)
    Stubs.push_back(addStub(I));
  RawStubSource Source(Stubs);
  VariantOptions O;
  O.Pack = 3;
  O.Jobs = 2;
  O.KeepPtx = true;
  Collected C;
  VariantReport R;
  ASSERT_FALSE(compileVariants(M, *B, Source, O, C.sink(), R));
  EXPECT_EQ(R.Modules, 3u);
  EXPECT_EQ(C.ElfCubins, 3u);
  EXPECT_EQ(C.Modules[0], std::make_pair(size_t(0), size_t(3)));
  EXPECT_EQ(C.Modules[2], std::make_pair(size_t(6), size_t(1)));
  // Every packed site received a stub: three in a full module.
  size_t Count = 0;
  for (size_t P = 0;
       (P = C.Ptx[0].find("add.rn.f32 %_x0", P)) != std::string::npos; ++P)
    ++Count;
  EXPECT_EQ(Count, 3u);
}

TEST(VariantCompiler, BadProgramFailsAloneInPackedModule) {
  Module M = parseKernel();
  auto B = backend();
  ASSERT_TRUE(B);
  std::vector<std::string> Stubs;
  for (int I = 0; I < 6; ++I)
    Stubs.push_back(addStub(I));
  Stubs[4] = "bogus.op.f32 %{z}, %{x};\n"; // rejected by the back end
  Stubs[1] = "mov.f32 %{z}, %{nope};\n";   // unknown label
  RawStubSource Source(Stubs);
  VariantOptions O;
  O.Pack = 3;
  O.Jobs = 1;
  Collected C;
  VariantReport R;
  ASSERT_FALSE(compileVariants(M, *B, Source, O, C.sink(), R));
  ASSERT_EQ(R.Failures.size(), 2u);
  EXPECT_EQ(R.Failures[0].Program, 1u);
  EXPECT_EQ(R.Failures[0].Stage, VariantStage::Stub);
  EXPECT_NE(R.Failures[0].Message.find("nope"), std::string::npos);
  EXPECT_EQ(R.Failures[0].Line, 1u);
  EXPECT_EQ(R.Failures[0].Column, 15u);
  EXPECT_EQ(R.Failures[1].Program, 4u);
  EXPECT_EQ(R.Failures[1].Stage, VariantStage::Cubin);
  EXPECT_NE(R.Failures[1].Message.find("bogus"), std::string::npos)
      << R.Failures[1].Message;
  // Both modules still produced a cubin for their good programs.
  EXPECT_EQ(C.ElfCubins, 2u);
  EXPECT_EQ(C.Failed[0], std::vector<size_t>{1});
  EXPECT_EQ(C.Failed[1], std::vector<size_t>{4});
  EXPECT_GT(R.IsolationCompiles, 0u);
}

TEST(VariantCompiler, ResultsDoNotDependOnThreadCount) {
  Module M = parseKernel();
  auto B = backend();
  ASSERT_TRUE(B);
  std::vector<std::string> Stubs;
  for (int I = 0; I < 8; ++I)
    Stubs.push_back(I == 5 ? "nonsense;\n" : addStub(I));
  std::vector<size_t> Failed[2];
  for (unsigned Jobs : {1u, 2u}) {
    RawStubSource Source(Stubs);
    VariantOptions O;
    O.Jobs = Jobs;
    O.Slots = {"inject_1"};
    VariantReport R;
    ASSERT_FALSE(compileVariants(M, *B, Source, O, nullptr, R));
    EXPECT_EQ(R.Threads, Jobs);
    for (const VariantFailure &F : R.Failures)
      Failed[Jobs - 1].push_back(F.Program);
  }
  EXPECT_EQ(Failed[0], std::vector<size_t>{5});
  EXPECT_EQ(Failed[0], Failed[1]);
}

TEST(VariantCompiler, BatchesThatCannotStartAreErrors) {
  Module M = parseKernel();
  auto B = backend();
  ASSERT_TRUE(B);
  RawStubSource Source({addStub(1)});
  VariantReport R;
  VariantOptions O;
  O.Pack = 4;
  Error E = compileVariants(M, *B, Source, O, nullptr, R);
  EXPECT_EQ(E.Code, ErrorCode::InvalidArgument);
  EXPECT_NE(E.Message.find("has 3 inject"), std::string::npos) << E.Message;
  O.Pack = 1;
  O.Slots = {"inject_9"};
  E = compileVariants(M, *B, Source, O, nullptr, R);
  EXPECT_EQ(E.Code, ErrorCode::InjectNotFound);
  O.Slots = {"inject_2", "inject_1"};
  O.Pack = 2;
  Expected<std::vector<size_t>> Slots = resolveSlots(M, O);
  ASSERT_TRUE(bool(Slots));
  EXPECT_EQ(M.inject((*Slots)[0]).Name, "inject_2");
  EXPECT_EQ(M.inject((*Slots)[1]).Name, "inject_1");
}

TEST(VariantCompiler, SeveralInjectsNeedSlots) {
  // Programs going silently to the first inject in name order hid mistakes:
  // with a choice to make, the error lists the injects and their operands.
  Module M = parseKernel();
  auto B = backend();
  ASSERT_TRUE(B);
  RawStubSource Source({addStub(1)});
  VariantReport R;
  Error E = compileVariants(M, *B, Source, VariantOptions(), nullptr, R);
  EXPECT_EQ(E.Code, ErrorCode::InvalidArgument);
  EXPECT_NE(E.Message.find("--slot"), std::string::npos) << E.Message;
  EXPECT_NE(E.Message.find("inject 'inject_2' has operands"), std::string::npos)
      << E.Message;
}

TEST(VariantCompiler, OneProgramPerInjectPerVariant) {
  Module M = parseKernel();
  auto B = backend();
  ASSERT_TRUE(B);
  StackPtxSource First(stackptx::InstructionSet::builtin());
  StackPtxSource Second(stackptx::InstructionSet::builtin());
  First.addText("x y add.ftz.f32");
  First.addText("x y mul.ftz.f32");
  First.addText("x y sub.ftz.f32");
  Second.addText("y x max.ftz.f32");
  Second.addText("y nonsense");
  Second.addText("y x min.ftz.f32");
  VariantOptions O;
  O.KeepPtx = true;
  O.Slots = {"inject_2", "inject_0"};
  Collected C;
  VariantReport R;
  Error E = compileVariants(M, *B, {&First, &Second}, O, C.sink(), R);
  ASSERT_FALSE(E) << E.Message;
  EXPECT_EQ(R.Variants, 3u);
  EXPECT_EQ(R.Modules, 3u);
  ASSERT_EQ(R.Failures.size(), 1u);
  EXPECT_EQ(R.Failures[0].Program, 1u);
  EXPECT_EQ(R.Failures[0].Role, 1u);
  EXPECT_EQ(C.ElfCubins, 2u);
  // Both programs of variant 2 are in its module.
  EXPECT_NE(C.Ptx[2].find("sub.ftz.f32"), std::string::npos);
  EXPECT_NE(C.Ptx[2].find("min.ftz.f32"), std::string::npos);
  EXPECT_EQ(C.Ptx[2].find("add.ftz.f32"), std::string::npos);

  // A variant takes one program per inject: the counts must agree.
  Second.addText("y");
  E = compileVariants(M, *B, {&First, &Second}, O, nullptr, R);
  EXPECT_NE(E.Message.find("a variant takes one program for each"),
            std::string::npos)
      << E.Message;
  O.Pack = 2;
  E = compileVariants(M, *B, {&First, &First}, O, nullptr, R);
  EXPECT_NE(E.Message.find("--pack"), std::string::npos) << E.Message;
}

TEST(VariantCompiler, StackPtxRandomProgramsAllCompile) {
  Module M = parseKernel();
  auto B = backend();
  ASSERT_TRUE(B);
  StackPtxSource Source(stackptx::InstructionSet::builtin());
  Source.addRandom(12, 32, 7);
  VariantOptions O;
  O.Pack = 3;
  O.Jobs = 2;
  O.KeepPtx = true;
  Collected C;
  VariantReport R;
  Error E = compileVariants(M, *B, Source, O, C.sink(), R);
  ASSERT_FALSE(E) << E.Message;
  EXPECT_EQ(R.Variants, 12u);
  EXPECT_TRUE(R.Failures.empty()) << R.Failures[0].Message;
  EXPECT_EQ(C.ElfCubins, 4u);
  EXPECT_GT(R.StubSeconds, 0);
  // Every stub writes the out register.
  EXPECT_NE(C.Ptx[0].find("mov.f32 %_x0, "), std::string::npos) << C.Ptx[0];
}

TEST(VariantCompiler, LiveRandomProgramsKeepEveryOperation) {
  Module M = parseKernel();
  auto B = backend();
  ASSERT_TRUE(B);
  StackPtxSource Source(stackptx::InstructionSet::builtin());
  Source.addRandomLive(6, 32, 11);
  VariantOptions O;
  O.Pack = 3;
  O.KeepPtx = true;
  Collected C;
  VariantReport R;
  Error E = compileVariants(M, *B, Source, O, C.sink(), R);
  ASSERT_FALSE(E) << E.Message;
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_EQ(C.ElfCubins, 2u);
  std::unique_ptr<ProgramScratch> Scratch = Source.makeScratch();
  std::string Buffer;
  std::string_view Stub;
  StubError Err;
  for (size_t P = 0; P < 6; ++P) {
    ASSERT_TRUE(Source.stub(P, Scratch.get(), Buffer, Stub, Err));
    // The temporaries' declaration, 32 operations, the move into z.
    EXPECT_EQ(std::count(Stub.begin(), Stub.end(), ';'), 34) << Stub;
  }
}

TEST(VariantCompiler, StackPtxTextProgramsUseLabels) {
  Module M = parseKernel();
  auto B = backend();
  ASSERT_TRUE(B);
  StackPtxSource Source(stackptx::InstructionSet::builtin());
  Source.addText("x y add.ftz.f32");
  Source.addText("x frobnicate");
  Source.addText("y y mul.ftz.f32 x add.ftz.f32");
  VariantOptions O;
  O.KeepPtx = true;
  O.Slots = {"inject_0"};
  Collected C;
  VariantReport R;
  ASSERT_FALSE(compileVariants(M, *B, Source, O, C.sink(), R));
  ASSERT_EQ(R.Failures.size(), 1u);
  EXPECT_EQ(R.Failures[0].Program, 1u);
  EXPECT_EQ(R.Failures[0].Stage, VariantStage::Stub);
  EXPECT_EQ(R.Failures[0].Line, 1u);
  EXPECT_EQ(R.Failures[0].Column, 3u) << R.Failures[0].Message;
  EXPECT_NE(R.Failures[0].Message.find("frobnicate"), std::string::npos);
  EXPECT_EQ(C.ElfCubins, 2u);
  EXPECT_NE(C.Ptx[0].find("add.ftz.f32"), std::string::npos);
  EXPECT_NE(C.Ptx[0].find("%_x1"), std::string::npos);
}

// CopyingBackend (CopyingBackend.h): no library allocations hide ours.
using test::CopyingBackend;

// %aggr_smem_size exists from sm_90: compileVariants hands the backend's
// arch to the source, so a program naming it compiles to a stub without it
// for sm_80 (ptxas would reject the module) and with it for sm_90.
TEST(VariantCompiler, StackPtxProgramsFollowTheBackendArch) {
  Module M = parseKernel();
  auto PtxFor = [&](const char *Arch) {
    CubinOptions CO;
    CO.Arch = Arch;
    CopyingBackend B(CO);
    StackPtxSource Source(stackptx::InstructionSet::builtin());
    Source.addText("%aggr_smem_size cvt.rn.f32.u32 x add.ftz.f32");
    VariantOptions O;
    O.KeepPtx = true;
    O.Jobs = 1;
    O.Slots = {"inject_0"};
    Collected C;
    VariantReport R;
    Error E = compileVariants(M, B, Source, O, C.sink(), R);
    EXPECT_FALSE(E) << E.Message;
    EXPECT_TRUE(R.Failures.empty());
    return C.Ptx[0];
  };
  std::string Sm80 = PtxFor("sm_80"), Sm90 = PtxFor("sm_90a");
  EXPECT_EQ(Sm80.find("aggr_smem_size"), std::string::npos) << Sm80;
  EXPECT_NE(Sm90.find("%aggr_smem_size"), std::string::npos) << Sm90;
  EXPECT_NE(Sm90.find("cvt.rn.f32.u32"), std::string::npos) << Sm90;
}

TEST(VariantCompiler, NoAllocationPerVariant) {
  Module M = parseKernel();
  CopyingBackend B;
  auto Allocations = [&](size_t NumPrograms, ProgramSource &Source) {
    VariantOptions O;
    O.Pack = 3;
    O.Jobs = 1;
    VariantReport R;
    R.Failures.reserve(1);
    size_t Before = NumAllocations.load();
    Error E = compileVariants(M, B, Source, O, nullptr, R);
    size_t After = NumAllocations.load();
    EXPECT_FALSE(E) << E.Message;
    EXPECT_EQ(R.Variants, NumPrograms);
    EXPECT_TRUE(R.Failures.empty());
    return After - Before;
  };
  std::vector<std::string> Few(30, addStub(1)), Many(3000, addStub(2));
  RawStubSource FewSource(Few), ManySource(Many);
  size_t AFew = Allocations(Few.size(), FewSource);
  size_t AMany = Allocations(Many.size(), ManySource);
  // prepare() resolves each raw stub once (one string per program, before
  // the workers start); the worker loop itself adds nothing per variant.
  EXPECT_LE(AMany - AFew, 2 * (Many.size() - Few.size()))
      << AFew << " " << AMany;

  // Random programs are generated by the first prepare; the batch then
  // compiles, renders and assembles them with no allocation per program.
  StackPtxSource FewStack(stackptx::InstructionSet::builtin());
  FewStack.addRandom(30, 32, 3);
  StackPtxSource ManyStack(stackptx::InstructionSet::builtin());
  ManyStack.addRandom(3000, 32, 3);
  const Inject &Target = M.inject(*M.injectIndex("inject_0"));
  Error E = FewStack.prepare(Target);
  ASSERT_FALSE(E) << E.Message;
  E = ManyStack.prepare(Target);
  ASSERT_FALSE(E) << E.Message;
  size_t SFew = Allocations(30, FewStack);
  size_t SMany = Allocations(3000, ManyStack);
  EXPECT_LE(SMany - SFew, 10u) << SFew << " " << SMany;
}

TEST(VariantCompiler, AstPtxPrograms) {
  Module M = parseKernel();
  auto B = backend();
  ASSERT_TRUE(B);
  const astptx::InstructionTable &T = astptx::builtinInstructions();
  int Add = -1, Mul = -1;
  for (size_t I = 0; I < T.Names.size(); ++I) {
    if (std::string(T.Names[I]) == "add.ftz.f32")
      Add = static_cast<int>(I);
    if (std::string(T.Names[I]) == "mul.ftz.f32")
      Mul = static_cast<int>(I);
  }
  ASSERT_GE(Add, 0);
  ASSERT_GE(Mul, 0);
  AstPtxSource Source;
  // (x * y) + 1.0
  Source.addProgram({ast_ptx_fast_encode_input(0), ast_ptx_fast_encode_input(1),
                     ast_ptx_fast_encode_ptx_instruction(Mul),
                     ast_ptx_fast_encode_constant(1.0f),
                     ast_ptx_fast_encode_ptx_instruction(Add),
                     ast_ptx_fast_encode_return});
  // Underflow: add with one operand.
  Source.addProgram({ast_ptx_fast_encode_input(0),
                     ast_ptx_fast_encode_ptx_instruction(Add),
                     ast_ptx_fast_encode_return});
  VariantOptions O;
  O.Pack = 2;
  O.KeepPtx = true;
  Collected C;
  VariantReport R;
  Error E = compileVariants(M, *B, Source, O, C.sink(), R);
  ASSERT_FALSE(E) << E.Message;
  ASSERT_EQ(R.Failures.size(), 1u);
  EXPECT_EQ(R.Failures[0].Program, 1u);
  EXPECT_EQ(R.Failures[0].Stage, VariantStage::Stub);
  EXPECT_EQ(C.ElfCubins, 1u);
  EXPECT_NE(C.Ptx[0].find("mul.ftz.f32 %ast0, %_x1, %_x2;"), std::string::npos)
      << C.Ptx[0];
  EXPECT_NE(C.Ptx[0].find("mov.f32 %_x0, %ast1;"), std::string::npos);
}

} // namespace
