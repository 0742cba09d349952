// findCudaToolkit and findCudaTool: one search for the toolkit, in one order
// ($CUDA_HOME, $CUDA_PATH, nvcc on PATH, /usr/local/cuda), for the front end
// and for ptxinject's ptxas and nvcc.
#include "ptxinject/toolkit/CudaToolkit.h"
#include "ptxinject/backends/CudaTool.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::backends;
using namespace ptxinject::toolkit;

namespace {

/// Fake toolkits under a temporary folder; the variables the search reads
/// are put back afterwards.
class CudaToolkitTest : public ::testing::Test {
protected:
  void SetUp() override {
    char Template[] = "/tmp/cudatoolkittest.XXXXXX";
    ASSERT_NE(::mkdtemp(Template), nullptr);
    Dir = Template;
    for (const char *Var : {"CUDA_HOME", "CUDA_PATH", "PATH"}) {
      const char *V = std::getenv(Var);
      Saved.push_back({Var, V ? std::optional<std::string>(V) : std::nullopt});
      ::unsetenv(Var);
    }
  }
  void TearDown() override {
    for (auto &[Var, Value] : Saved) {
      if (Value)
        ::setenv(Var, Value->c_str(), 1);
      else
        ::unsetenv(Var);
    }
    std::system(("rm -rf '" + Dir + "'").c_str());
  }
  /// A toolkit folder with include/cuda.h and executable bin/<Programs>.
  std::string toolkit(const std::string &Name,
                      std::initializer_list<const char *> Programs) {
    std::string Root = Dir + "/" + Name;
    for (const std::string &Sub : {Root, Root + "/include", Root + "/bin"})
      ::mkdir(Sub.c_str(), 0755);
    std::ofstream(Root + "/include/cuda.h") << "/* cuda.h */\n";
    for (const char *P : Programs) {
      std::string Path = Root + "/bin/" + P;
      std::ofstream(Path) << "#!/bin/sh\n";
      ::chmod(Path.c_str(), 0755);
    }
    return Root;
  }
  std::string Dir;
  std::vector<std::pair<const char *, std::optional<std::string>>> Saved;
};

TEST_F(CudaToolkitTest, CudaHomeComesBeforeCudaPath) {
  std::string Home = toolkit("home", {}), Path = toolkit("path", {});
  ::setenv("CUDA_HOME", Home.c_str(), 1);
  ::setenv("CUDA_PATH", Path.c_str(), 1);
  EXPECT_EQ(findCudaToolkit(), Home);
}

TEST_F(CudaToolkitTest, AVariableWithoutCudaHIsPassedOver) {
  std::string Path = toolkit("path", {});
  ::setenv("CUDA_HOME", (Dir + "/missing").c_str(), 1);
  ::setenv("CUDA_PATH", Path.c_str(), 1);
  EXPECT_EQ(findCudaToolkit(), Path);
}

TEST_F(CudaToolkitTest, NvccOnPathNamesItsToolkit) {
  std::string Root = toolkit("onpath", {"nvcc"});
  ::setenv("PATH", (Dir + "/nowhere:" + Root + "/bin").c_str(), 1);
  EXPECT_EQ(findCudaToolkit(), Root);
}

// ptxinject's programs come from the same toolkit: the nvcc and ptxas on PATH
// do not win over those in $CUDA_HOME (before, $CUDA_HOME was not read at all).
TEST_F(CudaToolkitTest, ProgramsComeFromTheToolkitBeforePath) {
  std::string Home = toolkit("home", {"ptxas"}),
              Other = toolkit("other", {"nvcc", "ptxas"});
  ::setenv("CUDA_HOME", Home.c_str(), 1);
  ::setenv("PATH", (Other + "/bin").c_str(), 1);
  EXPECT_EQ(findCudaTool("ptxas"), Home + "/bin/ptxas");
  ::unsetenv("CUDA_HOME");
  EXPECT_EQ(findCudaTool("ptxas"), Other + "/bin/ptxas");
}

} // namespace
