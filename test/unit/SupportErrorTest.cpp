// Error and Expected: the one located error type of lib/ and runtime/.
#include "ptxinject/support/Error.h"

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>

using namespace ptxinject;

namespace {

TEST(ErrorTest, SuccessIsNoError) {
  Error E = Error::success();
  EXPECT_FALSE(E);
  EXPECT_EQ(E.Code, ErrorCode::Success);
  EXPECT_FALSE(Error());
}

TEST(ErrorTest, MakeKeepsCodeMessageAndPlace) {
  Error E = Error::make(ErrorCode::UnknownKind, "bad kind", 3, 7);
  EXPECT_TRUE(E);
  EXPECT_EQ(E.Code, ErrorCode::UnknownKind);
  EXPECT_EQ(E.Message, "bad kind");
  EXPECT_EQ(E.Line, 3u);
  EXPECT_EQ(E.Column, 7u);
}

TEST(ErrorTest, FormatPutsThePlaceAfterTheFile) {
  EXPECT_EQ(Error::make(ErrorCode::UnknownKind, "bad", 3, 7).format("k.ptx"),
            "k.ptx:3:7: error: bad");
  // A line without a column points at the line's start.
  EXPECT_EQ(Error::make(ErrorCode::UnknownKind, "bad", 3).format("k.ptx"),
            "k.ptx:3:1: error: bad");
  EXPECT_EQ(Error::make(ErrorCode::FileError, "gone").format("k.ptx"),
            "k.ptx: error: gone");
}

TEST(ErrorTest, EveryCodeHasItsOwnName) {
  EXPECT_STREQ(errorCodeName(ErrorCode::Success), "success");
  EXPECT_STREQ(errorCodeName(ErrorCode::UnterminatedSite), "unterminated-site");
  EXPECT_STREQ(errorCodeName(ErrorCode::TooLarge), "too-large");
  EXPECT_STREQ(errorCodeName(ErrorCode::FileError), "file-error");
  EXPECT_STREQ(errorCodeName(ErrorCode::InvalidStub), "invalid-stub");
  std::set<std::string> Names;
  for (int C = 0; C <= static_cast<int>(ErrorCode::InvalidStub); ++C)
    EXPECT_TRUE(Names.insert(errorCodeName(static_cast<ErrorCode>(C))).second)
        << C;
  EXPECT_STREQ(errorCodeName(static_cast<ErrorCode>(999)), "unknown-error");
}

TEST(ExpectedTest, HoldsAValue) {
  Expected<std::string> V = std::string("text");
  ASSERT_TRUE(V);
  EXPECT_EQ(*V, "text");
  EXPECT_EQ(V->size(), 4u);
  EXPECT_FALSE(V.error());
  EXPECT_EQ(V.take(), "text");
}

TEST(ExpectedTest, HoldsAnError) {
  Expected<int> V = Error::make(ErrorCode::TooLarge, "too big", 2, 5);
  ASSERT_FALSE(V);
  EXPECT_EQ(V.error().Code, ErrorCode::TooLarge);
  EXPECT_EQ(V.error().Message, "too big");
  EXPECT_EQ(V.error().Line, 2u);
  EXPECT_EQ(V.error().Column, 5u);
}

TEST(ExpectedTest, MovesOnlyValues) {
  Expected<std::unique_ptr<int>> V = std::make_unique<int>(4);
  ASSERT_TRUE(V);
  std::unique_ptr<int> P = V.take();
  EXPECT_EQ(*P, 4);
}

} // namespace
