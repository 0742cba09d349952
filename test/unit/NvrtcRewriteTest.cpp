// The in-memory nvrtc mode of the front end library, as the Python package
// calls it: source text, NVRTC options and name expressions in, rewritten
// text or diagnostics out, no file on disk.
#include "ptxinject/Frontend/NvrtcInvocation.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

using namespace ptxinject::frontend;

namespace {

const char *const Kernel = R"(#include <ptx_inject.h>
namespace std { template <class A, class B> struct is_same { static constexpr bool value = false; }; }
float twice(float v) { PTX_INJECT("twice", PTX_MOD(v)); return v; }
template <class T> __global__ void k(T *p) { T x = p[0]; PTX_INJECT("k", PTX_IN(x), PTX_OUT(p[1])); p[2] = twice(x); }
)";

NvrtcRewriteRequest request() {
  // A test program is no installed tool: the shims are named as a caller
  // in-process (the Python package) names them.
  setenv("PTXINJECT_NVRTC_SHIM_DIR", PTXINJECT_SOURCE_DIR "/clang-plugin/nvrtc-shim", 0);
  setenv("PTXINJECT_SHIM_DIR", PTXINJECT_SOURCE_DIR "/clang-plugin/cuda-shim", 0);
  NvrtcRewriteRequest R;
  R.Source = Kernel;
  R.Name = "in-memory-kernel-that-is-not-on-disk.cu";
  R.Options = {"-default-device", "-std=c++17",
               "-I" PTXINJECT_SOURCE_DIR "/runtime/include"};
  R.UsePchCache = false; // the test must not write outside the build tree
  return R;
}

TEST(NvrtcRewrite, RewritesTextWithNameExpressions) {
  NvrtcRewriteRequest R = request();
  R.NameExpressions = {"k<double>"};
  NvrtcRewriteResult Out = rewriteNvrtcSource(R);
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
  NvrtcRewriteRequest R = request();
  R.NameExpressions = {"k<double>", "kk<float>"};
  NvrtcRewriteResult Out = rewriteNvrtcSource(R);
  EXPECT_FALSE(Out.Ok);
  EXPECT_TRUE(Out.Text.empty());
  EXPECT_NE(Out.Diagnostics.find("name expression 2:1:1: error:"),
            std::string::npos)
      << Out.Diagnostics;
}

TEST(NvrtcRewrite, UnknownOptionIsAnError) {
  NvrtcRewriteRequest R = request();
  R.Options.push_back("--frobnicate");
  NvrtcRewriteResult Out = rewriteNvrtcSource(R);
  EXPECT_FALSE(Out.Ok);
  EXPECT_NE(Out.Diagnostics.find("unknown NVRTC option '--frobnicate'"),
            std::string::npos);
}

TEST(NvrtcOptions, Spellings) {
  NvrtcTranslation T = translateNvrtcOptions(
      {"--device-as-default-execution-space", "--std=c++20", "-D", "A=1",
       "--define-macro=B", "-IX", "--include-path", "Y", "-arch=compute_86",
       "--diag-suppress=64,1055"});
  ASSERT_TRUE(T.Error.empty()) << T.Error;
  EXPECT_TRUE(T.DefaultDevice);
  std::vector<std::string> Expected = {
      "--cuda-gpu-arch=sm_86", "-std=c++20", "-DA=1", "-DB", "-IX", "-IY"};
  EXPECT_EQ(T.ClangArgs, Expected);
  ASSERT_EQ(T.Notes.size(), 1u);
  EXPECT_NE(T.Notes[0].find("--diag-suppress=64,1055"), std::string::npos);
}

} // namespace
