// runTool: how a child's exit, output and failure to start reach the caller.
#include "ptxinject/backends/CudaTool.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::backends;

namespace {

class RunToolTest : public ::testing::Test {
protected:
  void SetUp() override {
    char Template[] = "/tmp/cudatooltest.XXXXXX";
    ASSERT_NE(::mkdtemp(Template), nullptr);
    Dir = Template;
    LogPath = Dir + "/tool.log";
  }
  void TearDown() override {
    ::unlink(LogPath.c_str());
    ::rmdir(Dir.c_str());
  }
  ToolRun sh(const std::string &Script) {
    return runTool({"/bin/sh", "-c", Script}, LogPath);
  }
  std::string Dir, LogPath;
};

TEST_F(RunToolTest, SuccessKeepsBothStreamsInOrder) {
  ToolRun Run = sh("echo out; echo err >&2");
  EXPECT_TRUE(Run.Ok);
  EXPECT_EQ(Run.Log, "out\nerr");
}

TEST_F(RunToolTest, FailureKeepsTheToolsOwnWords) {
  ToolRun Run = sh("echo 'kernel.cu(3): error: bad' >&2; exit 2");
  EXPECT_FALSE(Run.Ok);
  EXPECT_EQ(Run.Log, "kernel.cu(3): error: bad");
}

TEST_F(RunToolTest, SilentFailureIsExplained) {
  ToolRun Run = sh("exit 3");
  EXPECT_FALSE(Run.Ok);
  EXPECT_EQ(Run.Log, "sh: failed with exit code 3");
}

TEST_F(RunToolTest, DeathBySignalIsExplained) {
  ToolRun Run = sh("kill -9 $$");
  EXPECT_FALSE(Run.Ok);
  EXPECT_EQ(Run.Log, "sh: killed by signal 9");
}

// Under an address-space bound, a death by signal or a start the dynamic
// loader gave up on (exit 127, "cannot map zero-fill pages") names the bound.
TEST_F(RunToolTest, FailureUnderAMemoryBoundNamesTheBound) {
  ToolLimits Limits;
  Limits.MemoryBytes = std::uint64_t(1) << 30;
  ToolRun Loader = runTool(
      {"/bin/sh", "-c", "echo 'cannot map zero-fill pages' >&2; exit 127"},
      LogPath, Limits);
  EXPECT_FALSE(Loader.Ok);
  EXPECT_EQ(Loader.Log, "cannot map zero-fill pages\nsh: could not start, "
                        "likely out of its memory bound of 1.0G");
  ToolRun Signal = runTool({"/bin/sh", "-c", "kill -11 $$"}, LogPath, Limits);
  EXPECT_EQ(Signal.Log,
            "sh: killed by signal 11, likely out of its memory bound of 1.0G");
  ToolRun Plain = runTool({"/bin/sh", "-c", "exit 3"}, LogPath, Limits);
  EXPECT_EQ(Plain.Log, "sh: failed with exit code 3");
}

TEST_F(RunToolTest, MissingProgramIsExplained) {
  ToolRun Run = runTool({Dir + "/no-such-tool", "--version"}, LogPath);
  EXPECT_FALSE(Run.Ok);
  EXPECT_NE(Run.Log.find("no-such-tool: cannot run"), std::string::npos)
      << Run.Log;
}

TEST_F(RunToolTest, LogIsTruncatedBetweenRuns) {
  ASSERT_TRUE(sh("echo first").Ok);
  ToolRun Run = sh("echo second");
  EXPECT_EQ(Run.Log, "second");
}

TEST(FindCudaToolTest, RequestedPathMustBeExecutable) {
  EXPECT_EQ(findCudaTool("sh", "/bin/sh"), "/bin/sh");
  EXPECT_EQ(findCudaTool("sh", "/nonexistent/sh"), "");
}

TEST(FindCudaToolTest, FallbackFoldersAreSearchedAfterPath) {
  // The environment is the process's: put back what was there.
  auto save = [](const char *Name) {
    const char *V = std::getenv(Name);
    return V ? std::optional<std::string>(V) : std::nullopt;
  };
  auto restore = [](const char *Name, const std::optional<std::string> &V) {
    if (V)
      ::setenv(Name, V->c_str(), 1);
    else
      ::unsetenv(Name);
  };
  std::optional<std::string> Path = save("PATH"), Cuda = save("CUDA_PATH");
  ::setenv("PATH", "/nonexistent", 1);
  ::unsetenv("CUDA_PATH");
  EXPECT_EQ(findCudaTool("sh", "", {"/nonexistent2", "/bin"}), "/bin/sh");
  EXPECT_EQ(findCudaTool("sh", "", {"/nonexistent2"}), "");
  restore("PATH", Path);
  restore("CUDA_PATH", Cuda);
}

} // namespace
