// readCompilerLog: the log of nvJitLink and nvPTXCompiler, read one way.
#include "../../runtime/lib/backends/Backends.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>

using namespace ptxinject;

namespace {

// A compiler that reports Text with a size of Text.size() + Extra.
std::string readFake(const std::string &Text, size_t Extra,
                     bool SizeOk = true, bool FillOk = true) {
  return detail::readCompilerLog(
      [&](size_t &Size) {
        Size = Text.size() + Extra;
        return SizeOk;
      },
      [&](char *Buffer) {
        std::memcpy(Buffer, Text.c_str(), Text.size() + 1);
        return FillOk;
      });
}

TEST(CompilerLogTest, SizeWithTheClosingNul) {
  EXPECT_EQ(readFake("ptxas info: used 8 registers\n", 1),
            "ptxas info: used 8 registers");
}

TEST(CompilerLogTest, SizeWithoutTheClosingNul) {
  EXPECT_EQ(readFake("line 1\nline 2\n\n", 0), "line 1\nline 2");
}

TEST(CompilerLogTest, EmptyLogs) {
  EXPECT_EQ(readFake("", 0), "");
  EXPECT_EQ(readFake("", 1), "");
  EXPECT_EQ(readFake("\n", 1), "");
}

TEST(CompilerLogTest, FailuresGiveNoLog) {
  EXPECT_EQ(readFake("text", 1, /*SizeOk=*/false), "");
  EXPECT_EQ(readFake("text", 1, true, /*FillOk=*/false), "");
}

} // namespace
