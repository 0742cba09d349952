// readCompilerLog: the log of nvJitLink and nvPTXCompiler, read one way.
#include "../../runtime/lib/backends/Backends.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>

using namespace ptxinject;
using namespace ptxinject::backends;

namespace {

// A compiler whose info log is Text (its size reported as Text.size() +
// Extra) and whose error log is "error"; the calls fail as told.
struct FakeCompiler {
  std::string Text;
  size_t Extra = 0;
  bool SizeOk = true, FillOk = true;
};
using Fake = const FakeCompiler *;
enum Result { Success, Failure };

Result infoSize(Fake C, size_t *Size) {
  *Size = C->Text.size() + C->Extra;
  return C->SizeOk ? Success : Failure;
}
Result errorSize(Fake C, size_t *Size) {
  *Size = 6;
  return C->SizeOk ? Success : Failure;
}
Result info(Fake C, char *Buffer) {
  std::memcpy(Buffer, C->Text.c_str(), C->Text.size() + 1);
  return C->FillOk ? Success : Failure;
}
Result error(Fake C, char *Buffer) {
  std::memcpy(Buffer, "error", 6);
  return C->FillOk ? Success : Failure;
}

std::string readFake(const FakeCompiler &C, bool Ok = true) {
  return detail::readCompilerLog(&C, Ok, Success, infoSize, errorSize, info,
                                 error);
}

TEST(CompilerLogTest, SizeWithTheClosingNul) {
  EXPECT_EQ(readFake({"ptxas info: used 8 registers\n", 1}),
            "ptxas info: used 8 registers");
}

TEST(CompilerLogTest, SizeWithoutTheClosingNul) {
  EXPECT_EQ(readFake({"line 1\nline 2\n\n", 0}), "line 1\nline 2");
}

TEST(CompilerLogTest, AFailedCompileReadsTheErrorLog) {
  EXPECT_EQ(readFake({"info", 1}, /*Ok=*/false), "error");
}

TEST(CompilerLogTest, EmptyLogs) {
  EXPECT_EQ(readFake({"", 0}), "");
  EXPECT_EQ(readFake({"", 1}), "");
  EXPECT_EQ(readFake({"\n", 1}), "");
}

TEST(CompilerLogTest, FailuresGiveNoLog) {
  EXPECT_EQ(readFake({"text", 1, /*SizeOk=*/false}), "");
  EXPECT_EQ(readFake({"text", 1, true, /*FillOk=*/false}), "");
}

} // namespace
