// The front end library's one in-memory rewrite, as the tool and the Python
// package call it: source text, options (NVRTC's, or a compile command) and
// name expressions in, rewritten text or diagnostics out, no file on disk.
#include "ptxinject/Frontend/Invocation/CudaInvocation.h"
#include "ptxinject/Frontend/Invocation/NvrtcInvocation.h"
#include "ptxinject/Frontend/RewriteAction.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

using namespace ptxinject;
using namespace ptxinject::frontend;

namespace {

const char *const Kernel = R"(#include <ptx_inject.h>
namespace std { template <class A, class B> struct is_same { static constexpr bool value = false; }; }
float twice(float v) { PTX_INJECT("twice", PTX_MOD(v)); return v; }
template <class T> __global__ void k(T *p) { T x = p[0]; PTX_INJECT("k", PTX_IN(x), PTX_OUT(p[1])); p[2] = twice(x); }
)";

RewriteRequest request() {
  // A test program is no installed tool: the shims are named as a caller
  // in-process (the Python package) names them.
  setenv("PTXINJECT_NVRTC_SHIM_DIR",
         PTXINJECT_SOURCE_DIR "/clang-plugin/nvrtc-shim", 0);
  setenv("PTXINJECT_SHIM_DIR", PTXINJECT_SOURCE_DIR "/clang-plugin/cuda-shim",
         0);
  RewriteRequest R;
  R.Mode = RewriteMode::Nvrtc;
  R.Source = Kernel;
  R.Path = "in-memory-kernel-that-is-not-on-disk.cu";
  R.Arguments = {"-default-device", "-std=c++17",
                 "-I" PTXINJECT_SOURCE_DIR "/runtime/include"};
  R.UsePchCache = false; // the test must not write outside the build tree
  return R;
}

TEST(NvrtcRewrite, RewritesTextWithNameExpressions) {
  RewriteRequest R = request();
  R.NameExpressions = {"k<double>"};
  RewriteResult Out = rewriteSource(R);
  ASSERT_TRUE(Out.Ok) << Out.Diagnostics;
  EXPECT_EQ(Out.Text.find("PTX_INJECT("), std::string::npos) << Out.Text;
  EXPECT_NE(Out.Text.find("// _x1 i f64 F64 x"), std::string::npos) << Out.Text;
  EXPECT_NE(Out.Text.find("// _x0 m f32 F32 v"), std::string::npos) << Out.Text;
  // The name expressions are not part of the output.
  EXPECT_EQ(Out.Text.find("__ptx_inject_name_expression"), std::string::npos);
  const std::string End = "p[2] = twice(x); }\n";
  ASSERT_GE(Out.Text.size(), End.size());
  EXPECT_EQ(Out.Text.substr(Out.Text.size() - End.size()), End);
  EXPECT_EQ(Out.Manifest.entries().size(), 2u);
}

TEST(NvrtcRewrite, BadNameExpressionIsALocatedDiagnostic) {
  RewriteRequest R = request();
  R.NameExpressions = {"k<double>", "kk<float>"};
  RewriteResult Out = rewriteSource(R);
  EXPECT_FALSE(Out.Ok);
  EXPECT_TRUE(Out.Text.empty());
  EXPECT_NE(Out.Diagnostics.find("name expression 2:1:1: error:"),
            std::string::npos)
      << Out.Diagnostics;
}

TEST(NvrtcRewrite, UnknownOptionIsAnError) {
  RewriteRequest R = request();
  R.Arguments.push_back("--frobnicate");
  RewriteResult Out = rewriteSource(R);
  EXPECT_FALSE(Out.Ok);
  EXPECT_NE(Out.Diagnostics.find("unknown NVRTC option '--frobnicate'"),
            std::string::npos);
  EXPECT_TRUE(Out.BadOptions) << "a usage error, not a failed parse";
}

/// The file mode on the same entry: a compile command in, the text from
/// memory (the file it names does not exist).
RewriteRequest cudaRequest(const std::string &Source) {
  RewriteRequest R = request();
  R.Mode = RewriteMode::Cuda;
  R.Source = Source;
  R.Path = "/nonexistent-folder/in-memory-kernel.cu";
  R.Arguments = {"clang-tool", "-I" PTXINJECT_SOURCE_DIR "/runtime/include",
                 R.Path};
  return R;
}

TEST(RewriteSource, CudaModeRewritesTextInMemory) {
  RewriteResult Out = rewriteSource(
      cudaRequest("#include <ptx_inject.h>\n"
                  "__global__ void k(float *p) { float x = p[0];\n"
                  "  PTX_INJECT(\"scale\", PTX_IN(x), PTX_OUT(p[1])); }\n"));
  ASSERT_TRUE(Out.Ok) << Out.Diagnostics;
  EXPECT_EQ(Out.Text.find("PTX_INJECT("), std::string::npos) << Out.Text;
  EXPECT_NE(Out.Text.find("// _x1 i f32 F32 x"), std::string::npos) << Out.Text;
  ASSERT_EQ(Out.Manifest.entries().size(), 1u);
  EXPECT_FALSE(Out.BadOptions);
}

TEST(RewriteSource, CudaModeErrorsAreDiagnosticsNotText) {
  // Each source holds a site: one without is copied unparsed.
  const char *Site = "__global__ void s(float *p) "
                     "{ PTX_INJECT(\"s\", PTX_MOD(F32, p[0])); }\n";
  // The error is in the site's function: elsewhere it would be passed on
  // as a warning (SiteFreeCodeErrors.h).
  RewriteRequest R = cudaRequest("#include <ptx_inject.h>\n"
                                 "__global__ void k(float *p) { "
                                 "undeclared = 1; "
                                 "PTX_INJECT(\"k\", PTX_MOD(F32, p[0])); }\n");
  RewriteResult Out = rewriteSource(R);
  EXPECT_FALSE(Out.Ok);
  EXPECT_TRUE(Out.Text.empty());
  EXPECT_NE(Out.Diagnostics.find("in-memory-kernel.cu:2:31: error: use of "
                                 "undeclared identifier 'undeclared'"),
            std::string::npos)
      << Out.Diagnostics;
  EXPECT_NE(Out.Diagnostics.find("1 error generated"), std::string::npos)
      << "the summary goes with the messages, not to stderr";
  // A driver error fails the rewrite too, though the parse goes on.
  R = cudaRequest(std::string("#include <ptx_inject.h>\n") + Site);
  R.Arguments.insert(R.Arguments.begin() + 1, "--bogus-flag");
  Out = rewriteSource(R);
  EXPECT_FALSE(Out.Ok);
  EXPECT_NE(Out.Diagnostics.find("unknown argument: '--bogus-flag'"),
            std::string::npos)
      << Out.Diagnostics;
}

// The translation of Options, which must succeed.
NvrtcTranslation translated(const std::vector<std::string> &Options) {
  Expected<NvrtcTranslation> T = translateNvrtcOptions(Options);
  EXPECT_TRUE(T) << T.error().Message;
  return T ? T.take() : NvrtcTranslation();
}

// Why Options are refused; empty when they are not.
std::string refusal(const std::vector<std::string> &Options) {
  Expected<NvrtcTranslation> T = translateNvrtcOptions(Options);
  if (T)
    return std::string();
  EXPECT_EQ(T.error().Code, ErrorCode::InvalidArgument);
  return T.error().Message;
}

TEST(NvrtcOptions, Spellings) {
  NvrtcTranslation T =
      translated({"--device-as-default-execution-space", "--std=c++20", "-D",
                  "A=1", "--define-macro=B", "-IX", "--include-path", "Y",
                  "-arch=compute_86", "--diag-suppress=64,1055"});
  EXPECT_TRUE(T.DefaultDevice);
  std::vector<std::string> Expected = {
      "--cuda-gpu-arch=sm_86", "-std=c++20", "-DA=1", "-DB", "-IX", "-IY"};
  EXPECT_EQ(T.ClangArgs, Expected);
  ASSERT_EQ(T.Notes.size(), 1u);
  EXPECT_NE(T.Notes[0].find("--diag-suppress=64,1055"), std::string::npos);
}

TEST(NvrtcOptions, MacrosNvrtcDefinesFromItsOptions) {
  NvrtcTranslation T = translated({"--use_fast_math", "-ftz", "false", "-dc",
                                   "--builtin-move-forward=false"});
  std::vector<std::string> Expected = {
      "-D__CUDA_FTZ=0",       "-D__CUDA_PREC_DIV=0",
      "-D__CUDA_PREC_SQRT=0", "-D__USE_FAST_MATH__=1",
      "-D__CUDACC_RDC__=1",   "-D__NV_BUILTIN_INITIALIZER_LIST=1"};
  EXPECT_EQ(T.OptionMacros, Expected);
  EXPECT_TRUE(T.Notes.empty());
}

TEST(NvrtcOptions, ValuesCheckedAsNvrtcChecksThem) {
  EXPECT_NE(refusal({"-ftz=1"}).find("expects true or false"),
            std::string::npos);
  EXPECT_NE(refusal({"--split-compile", "x"}).find("expects an integer value"),
            std::string::npos);
  EXPECT_NE(refusal({"-minimal=true"}).find("takes no value"),
            std::string::npos);
  EXPECT_NE(
      refusal({"--pch-dir", "/tmp"}).find("unknown NVRTC option '--pch-dir'"),
      std::string::npos);
  EXPECT_TRUE(refusal({"--pch-dir=/tmp", "-Ofc", "max"}).empty());
  // --dopt takes only "on", -Ofc 0, min, mid or max; the next word is the
  // value whatever it is, so -arch is not read past them.
  for (const std::vector<std::string> &Good :
       {std::vector<std::string>{"--dopt", "on", "-arch=sm_90"},
        {"-dopt=on", "-Ofc=0", "--Ofast-compile", "mid", "-arch", "sm_90"}}) {
    NvrtcTranslation T = translated(Good);
    EXPECT_NE(std::find(T.ClangArgs.begin(), T.ClangArgs.end(),
                        "--cuda-gpu-arch=sm_90"),
              T.ClangArgs.end());
  }
  EXPECT_EQ(refusal({"--dopt", "-arch=sm_80"}),
            "NVRTC option '--dopt -arch=sm_80': --dopt (-dopt) expects on; "
            "NVRTC reads the word after it as its value");
  EXPECT_EQ(refusal({"-dopt=off"}),
            "NVRTC option '-dopt=off': --dopt (-dopt) expects on");
  EXPECT_EQ(refusal({"-Ofc", "-arch=sm_80"}),
            "NVRTC option '-Ofc -arch=sm_80': --Ofast-compile (-Ofc) expects "
            "0, min, mid or max; NVRTC reads the word after it as its value");
  EXPECT_NE(refusal({"--Ofast-compile=MAX"}).find("expects 0, min, mid or max"),
            std::string::npos);
  EXPECT_NE(refusal({"--dopt"}).find("needs a value"), std::string::npos);
  // NVRTC 13's --no-cache (cuda.core's ProgramOptions(no_cache=True)).
  EXPECT_TRUE(refusal({"--no-cache", "-no-cache"}).empty());
}

TEST(GpuArch, NewerThanClangIsTypedOnAnArchClangKnows) {
  std::vector<std::string> Args = {"clang++", "--cuda-gpu-arch=sm_120", "x.cu"};
  adaptGpuArchForClang(Args);
  std::vector<std::string> Expected = {"clang++", "--cuda-gpu-arch=sm_90",
                                       "-U__CUDA_ARCH__",
                                       "-D__CUDA_ARCH__=1200", "x.cu"};
  EXPECT_EQ(Args, Expected);

  Args = {"--offload-arch=sm_100a"};
  adaptGpuArchForClang(Args);
  Expected = {
      "--cuda-gpu-arch=sm_90",          "-U__CUDA_ARCH__",
      "-D__CUDA_ARCH__=1000",           "-D__CUDA_ARCH_SPECIFIC__=1000",
      "-D__CUDA_ARCH_FEAT_SM100_ALL=1", "-D__CUDA_ARCH_FAMILY_SPECIFIC__=1000"};
  EXPECT_EQ(Args, Expected);

  Args = {"--cuda-gpu-arch=sm_88"};
  adaptGpuArchForClang(Args);
  EXPECT_EQ(Args[0], "--cuda-gpu-arch=sm_87");

  // Known to Clang: kept; an 'a' one gets the macros Clang lacks.
  Args = {"--cuda-gpu-arch=sm_80"};
  adaptGpuArchForClang(Args);
  EXPECT_EQ(Args, std::vector<std::string>{"--cuda-gpu-arch=sm_80"});
  Args = {"--cuda-gpu-arch=sm_90a"};
  adaptGpuArchForClang(Args);
  Expected = {"--cuda-gpu-arch=sm_90a", "-D__CUDA_ARCH_SPECIFIC__=900",
              "-D__CUDA_ARCH_FAMILY_SPECIFIC__=900"};
  EXPECT_EQ(Args, Expected);

  // The host side has no __CUDA_ARCH__.
  Args = {"--cuda-host-only", "--cuda-gpu-arch=sm_120"};
  adaptGpuArchForClang(Args);
  EXPECT_EQ(Args[1], "--cuda-gpu-arch=sm_120");
}

} // namespace
