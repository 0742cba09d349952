//===- CubinBackendTest.cpp - PTX to cubin back ends ----------------------===//
#include "ptxinject/backends/CubinBackend.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

using namespace ptxinject;
using namespace ptxinject::backends;

namespace {

const char ValidPtx[] = R"(.version 8.0
.target sm_80
.address_size 64

.visible .entry scale(
	.param .u64 scale_param_0,
	.param .u64 scale_param_1,
	.param .f32 scale_param_2
)
{
	.reg .f32 	%f<4>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<8>;

	ld.param.u64 	%rd1, [scale_param_0];
	ld.param.u64 	%rd2, [scale_param_1];
	ld.param.f32 	%f1, [scale_param_2];
	cvta.to.global.u64 	%rd3, %rd1;
	cvta.to.global.u64 	%rd4, %rd2;
	mov.u32 	%r1, %ctaid.x;
	mov.u32 	%r2, %ntid.x;
	mov.u32 	%r3, %tid.x;
	mad.lo.s32 	%r4, %r1, %r2, %r3;
	mul.wide.s32 	%rd5, %r4, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.f32 	%f2, [%rd6];
	fma.rn.f32 	%f3, %f2, %f1, 0f3F800000;
	add.s64 	%rd7, %rd3, %rd5;
	st.global.f32 	[%rd7], %f3;
	ret;
}
)";

// nvcc -G -ptx of `extern "C" __global__ void k(float *x) { x[threadIdx.x]
// *= 2.0f; }` (the .b8 lines joined): device-debug PTX, whose .target line
// carries "debug". ptxas refuses it with -O1 and up ("Optimized debugging
// not supported") and assembles it as debug code without -O.
const char DebugPtx[] = R"(.version 9.0
.target sm_80, debug
.address_size 64

	// .globl	k

.visible .entry k(
	.param .u64 k_param_0
)
{
	.reg .f32 	%f<3>;
	.reg .b32 	%r<2>;
	.reg .b64 	%rd<5>;
	.loc	1 1 0
$L__func_begin0:
	.loc	1 1 0


	ld.param.u64 	%rd1, [k_param_0];
$L__tmp0:
	.loc	1 1 41
	mov.u32 	%r1, %tid.x;
	cvt.u64.u32 	%rd2, %r1;
	shl.b64 	%rd3, %rd2, 2;
	add.s64 	%rd4, %rd1, %rd3;
	ld.f32 	%f1, [%rd4];
	mul.f32 	%f2, %f1, 0f40000000;
	st.f32 	[%rd4], %f2;
	ret;
$L__tmp1:
$L__func_end0:

}
	.file	1 "scale.cu"
	.section	.debug_abbrev
	{
.b8 1,17,1,37,8,19,5,3,8,16,6,27,8,17,1,0,0,2,46,1,17,1,18,1,64,10,135,64,8,3,8,58,11,59,11,73,19,63,12,0,0,3,5,0,2,10,51,11,3,8,58,11,59,11,73,19,0,0,4,59,0,3,8,0,0,5,15,0,73,19,51,6,0,0,6,36,0,3,8,62,11,11,11,0,0,0
	}
	.section	.debug_info
	{
.b32 128
.b8 2,0
.b32 .debug_abbrev
.b8 8,1,108,103,101,110,102,101,58,32,69,68,71,32,54,46,54,0,4,0,107,46,99,117,0
.b32 .debug_line
.b8 47,117,115,114,47,115,114,99,0
.b64 0
.b8 2
.b64 $L__func_begin0
.b64 $L__func_end0
.b8 1,156,107,0,107,0,1,1
.b32 107
.b8 1,3,9,3
.b64 k_param_0
.b8 7,120,0,1,1
.b32 113
.b8 0,4,118,111,105,100,0,5
.b32 122
.b32 12
.b8 6,102,108,111,97,116,0,4,4,0
	}
	.section	.debug_macinfo
	{
.b8 0

	}
)";

// The same kernel with an undeclared register.
std::string invalidPtx() {
  std::string Ptx = ValidPtx;
  const std::string Good = "fma.rn.f32 \t%f3, %f2";
  Ptx.replace(Ptx.find(Good), Good.size(), "fma.rn.f32 \t%f3, %q9");
  return Ptx;
}

class CubinBackendTest : public ::testing::TestWithParam<CubinBackendKind> {
protected:
  std::unique_ptr<CubinBackend> make(CubinOptions Options = {}) {
    auto B = createCubinBackend(GetParam(), Options);
    if (!B) {
      ADD_FAILURE() << cubinBackendName(GetParam()) << ": "
                    << B.error().Message;
      return nullptr;
    }
    return B.take();
  }
};

TEST_P(CubinBackendTest, ValidPtxGivesElfCubin) {
  auto B = make();
  ASSERT_TRUE(B);
  EXPECT_EQ(B->kind(), GetParam());
  std::vector<char> Cubin;
  std::string Log;
  ASSERT_EQ(B->compile(ValidPtx, Cubin, Log), CompileStatus::Ok) << Log;
  EXPECT_TRUE(looksLikeCubin(Cubin));
  EXPECT_GT(Cubin.size(), 256u);
}

TEST_P(CubinBackendTest, DebugPtxIsAssembledAsDebugCode) {
  // The default options ask for -O3; debug PTX gets the debug flag instead.
  for (bool Verbose : {false, true}) {
    CubinOptions Options;
    Options.Verbose = Verbose;
    auto B = make(Options);
    ASSERT_TRUE(B);
    std::vector<char> Cubin;
    std::string Log;
    ASSERT_EQ(B->compile(DebugPtx, Cubin, Log), CompileStatus::Ok) << Log;
    EXPECT_TRUE(looksLikeCubin(Cubin));
    EXPECT_EQ(Log.find("Optimized debugging"), std::string::npos) << Log;
    // The cubin carries the debug sections.
    std::string Image(Cubin.begin(), Cubin.end());
    EXPECT_NE(Image.find(".debug_info"), std::string::npos);
    // The same backend still optimizes ordinary PTX.
    ASSERT_EQ(B->compile(ValidPtx, Cubin, Log), CompileStatus::Ok) << Log;
    EXPECT_TRUE(looksLikeCubin(Cubin));
  }
}

TEST_P(CubinBackendTest, InvalidPtxGivesMessage) {
  auto B = make();
  ASSERT_TRUE(B);
  std::vector<char> Cubin(10, 'x');
  std::string Log;
  EXPECT_EQ(B->compile(invalidPtx(), Cubin, Log), CompileStatus::Failed);
  EXPECT_TRUE(Cubin.empty());
  // Every back end is ptxas underneath: the message names the bad register.
  EXPECT_NE(Log.find("q9"), std::string::npos) << Log;
}

// A bad stub rendered at many sites: the same error at every line it is on,
// as each back end reports it, is one line of the summary that counts the
// others.
TEST_P(CubinBackendTest, RepeatedErrorIsSummarizedOnce) {
  auto B = make();
  ASSERT_TRUE(B);
  std::string Ptx = ValidPtx;
  const std::string Ret = "\tret;";
  std::string Bad;
  for (int I = 0; I < 5; ++I)
    Bad += "\tbad_op.f32 \t%f3, %f3;\n";
  Ptx.insert(Ptx.find(Ret), Bad);
  std::vector<char> Cubin;
  std::string Log;
  ASSERT_EQ(B->compile(Ptx, Cubin, Log), CompileStatus::Failed);
  std::string Summary = summarizeCompilerLog(Log);
  size_t First = Summary.find("bad_op");
  ASSERT_NE(First, std::string::npos) << Log;
  EXPECT_EQ(Summary.find("bad_op", Summary.find('\n', First)),
            std::string::npos)
      << Summary;
  EXPECT_NE(Summary.find("(also at 4 more lines: "), std::string::npos)
      << Summary;
  EXPECT_LT(Summary.size(), Log.size());
}

TEST_P(CubinBackendTest, GarbageInputFailsCleanly) {
  auto B = make();
  ASSERT_TRUE(B);
  std::vector<char> Cubin;
  std::string Log;
  EXPECT_EQ(B->compile("\x01\x02 not ptx at all {{{", Cubin, Log),
            CompileStatus::Failed);
  EXPECT_FALSE(Log.empty());
  EXPECT_EQ(B->compile("", Cubin, Log), CompileStatus::Failed);
  EXPECT_FALSE(Log.empty());
}

TEST_P(CubinBackendTest, VerboseLogReportsRegisters) {
  CubinOptions Options;
  Options.Verbose = true;
  auto B = make(Options);
  ASSERT_TRUE(B);
  std::vector<char> Cubin;
  std::string Log;
  ASSERT_EQ(B->compile(ValidPtx, Cubin, Log), CompileStatus::Ok) << Log;
  std::vector<KernelResources> Kernels = parseKernelResources(Log);
  ASSERT_EQ(Kernels.size(), 1u) << Log;
  EXPECT_EQ(Kernels[0].Function, "scale");
  EXPECT_GT(Kernels[0].Registers, 4) << Log;
  EXPECT_LT(Kernels[0].Registers, 64) << Log;
}

TEST_P(CubinBackendTest, ParallelCallsAllSucceed) {
  auto B = make();
  ASSERT_TRUE(B);
  std::atomic<int> Good{0};
  std::vector<std::thread> Threads;
  for (int T = 0; T < 4; ++T)
    Threads.emplace_back([&, T] {
      std::vector<char> Cubin;
      std::string Log;
      for (int I = 0; I < 3; ++I) {
        bool Bad = (T + I) % 3 == 0;
        bool Ok = B->compile(Bad ? invalidPtx() : std::string(ValidPtx), Cubin,
                             Log) == CompileStatus::Ok;
        if (Ok == !Bad && (Bad || looksLikeCubin(Cubin)))
          ++Good;
      }
    });
  for (std::thread &T : Threads)
    T.join();
  EXPECT_EQ(Good.load(), 12);
}

std::vector<CubinBackendKind> builtBackends() {
  std::vector<CubinBackendKind> Kinds;
  for (CubinBackendKind K :
       {CubinBackendKind::NvJitLink, CubinBackendKind::NvPtxCompiler,
        CubinBackendKind::Ptxas})
    if (isCubinBackendBuilt(K))
      Kinds.push_back(K);
  return Kinds;
}

INSTANTIATE_TEST_SUITE_P(Built, CubinBackendTest,
                         ::testing::ValuesIn(builtBackends()),
                         [](const auto &Info) {
                           return std::string(cubinBackendName(Info.param));
                         });

TEST(CubinBackendOptions, RejectsBadArchitecture) {
  CubinOptions Options;
  Options.Arch = "compute80";
  auto Bad = createCubinBackend(CubinBackendKind::Ptxas, Options);
  EXPECT_FALSE(Bad);
  const std::string &Error = Bad.error().Message;
  EXPECT_NE(Error.find("sm_80"), std::string::npos) << Error;
  Options.Arch = "sm_90a";
  auto Good = createCubinBackend(CubinBackendKind::Ptxas, Options);
  EXPECT_TRUE(Good) << Good.error().Message;
}

TEST(CubinBackendOptions, MissingPtxasIsAnError) {
  CubinOptions Options;
  Options.PtxasPath = "/nonexistent/ptxas";
  auto B = createCubinBackend(CubinBackendKind::Ptxas, Options);
  EXPECT_FALSE(B);
  EXPECT_NE(B.error().Message.find("/nonexistent/ptxas"), std::string::npos);
}

TEST(CubinBackendOptions, DefaultIsBuiltAndPrefersWholeProgramCode) {
  CubinBackendKind D = defaultCubinBackend();
  EXPECT_TRUE(isCubinBackendBuilt(D));
  if (isCubinBackendBuilt(CubinBackendKind::NvPtxCompiler))
    EXPECT_EQ(D, CubinBackendKind::NvPtxCompiler);
  else
    EXPECT_NE(D, CubinBackendKind::NvJitLink); // ptxas is on this machine
}

TEST(CubinBackendNames, RoundTrip) {
  for (CubinBackendKind K :
       {CubinBackendKind::NvJitLink, CubinBackendKind::NvPtxCompiler,
        CubinBackendKind::Ptxas}) {
    CubinBackendKind Back;
    ASSERT_TRUE(parseCubinBackendName(cubinBackendName(K), Back));
    EXPECT_EQ(Back, K);
  }
  CubinBackendKind Unused;
  EXPECT_FALSE(parseCubinBackendName("nvcc", Unused));
}

TEST(KernelResourcesParser, ReadsPtxasVerboseLines) {
  const char Log[] =
      "ptxas info    : 0 bytes gmem\n"
      "ptxas info    : Compiling entry function 'a' for 'sm_80'\n"
      "ptxas info    : Function properties for a\n"
      "    16 bytes stack frame, 8 bytes spill stores, 4 bytes spill loads\n"
      "ptxas info    : Used 40 registers, used 0 barriers, 372 bytes cmem[0]\n"
      "ptxas info    : Function properties for b\n"
      "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Used 7 registers\n";
  std::vector<KernelResources> K = parseKernelResources(Log);
  ASSERT_EQ(K.size(), 2u);
  EXPECT_EQ(K[0].Function, "a");
  EXPECT_EQ(K[0].Registers, 40);
  EXPECT_EQ(K[0].StackFrameBytes, 16);
  EXPECT_EQ(K[0].SpillStoreBytes, 8);
  EXPECT_EQ(K[0].SpillLoadBytes, 4);
  EXPECT_EQ(K[1].Function, "b");
  EXPECT_EQ(K[1].Registers, 7);
  EXPECT_TRUE(parseKernelResources("").empty());
  EXPECT_TRUE(
      parseKernelResources("Used registers\nFunction properties for ").size() ==
      1);
}

TEST(CompilerLogSummary, KeepsEachErrorOnceWithItsOtherLines) {
  std::string Log;
  for (int Line : {30, 46, 62, 78, 94})
    Log += "ptxas application ptx input, line " + std::to_string(Line) +
           "; error   : Arguments mismatch for instruction 'add'\n";
  Log += "ptxas application ptx input, line 31; error   : Unknown symbol "
         "'%_x9'\n";
  Log += "ptxas application ptx input, line 47; error   : Unknown symbol "
         "'%_x9'\n";
  Log += "ptxas fatal   : Ptx assembly aborted due to errors\n";
  EXPECT_EQ(summarizeCompilerLog(Log),
            "ptxas application ptx input, line 30; error   : Arguments "
            "mismatch for instruction 'add' (also at 4 more lines: 46, 62, "
            "78, ...)\n"
            "ptxas application ptx input, line 31; error   : Unknown symbol "
            "'%_x9' (also at 1 more line: 47)\n"
            "ptxas fatal   : Ptx assembly aborted due to errors\n");
  // Nothing repeats: the log as it was.
  const std::string Once =
      "ptxas t.ptx, line 3; error   : x\nno line here\n\nend";
  EXPECT_EQ(summarizeCompilerLog(Once), Once);
  EXPECT_EQ(summarizeCompilerLog(""), "");
  // "line N" without its ';' is not a place.
  EXPECT_EQ(summarizeCompilerLog("a, line 3 b\na, line 4 b"),
            "a, line 3 b\na, line 4 b");
}

TEST(DebugPtx, ReadsTheTargetDirective) {
  EXPECT_TRUE(isDebugPtx(DebugPtx));
  EXPECT_FALSE(isDebugPtx(ValidPtx));
  EXPECT_TRUE(isDebugPtx(".version 8.0\n.target sm_90a,debug\n"));
  EXPECT_TRUE(isDebugPtx("// c\n  .target\tsm_80, texmode_independent, debug "
                         "// x\n"));
  // Only the directive counts: not a comment, another word, or a later line.
  EXPECT_FALSE(isDebugPtx(".version 8.0\n.target sm_80 // debug\n"));
  EXPECT_FALSE(isDebugPtx("// .target sm_80, debug\n.target sm_80\n"));
  EXPECT_FALSE(isDebugPtx(".target sm_80, debugger\n"));
  EXPECT_FALSE(isDebugPtx(".target sm_80\n.entry debug()\n"));
  EXPECT_FALSE(isDebugPtx(".targets sm_80, debug\n"));
  EXPECT_FALSE(isDebugPtx(""));
}

TEST(LooksLikeCubin, ChecksMagic) {
  EXPECT_FALSE(looksLikeCubin({}));
  std::vector<char> Elf = {'\x7f', 'E', 'L', 'F', 2};
  Elf.resize(64);
  EXPECT_TRUE(looksLikeCubin(Elf));
  Elf[1] = 'X';
  EXPECT_FALSE(looksLikeCubin(Elf));
}

} // namespace
