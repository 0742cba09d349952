#include "ptxinject/json/Json.h"

#include <gtest/gtest.h>

using namespace ptxinject;

TEST(Json, ParsesNestedDocument) {
  json::ParseResult R = json::parse(
      "{\n \"a\": [1, 2.5, -3e2],\n \"b\": {\"c\": \"x\\u00e9\\n\"}, \"t\": true, \"n\": null}");
  ASSERT_TRUE(R) << R.Error;
  const json::Value *A = R.Root.get("a");
  ASSERT_TRUE(A && A->isArray());
  ASSERT_EQ(A->elements().size(), 3u);
  EXPECT_EQ(A->elements()[1].asNumber(), 2.5);
  EXPECT_EQ(A->elements()[2].asNumber(), -300);
  EXPECT_EQ(A->line(), 2u);
  EXPECT_EQ(R.Root.get("b")->get("c")->asString(), "x\xc3\xa9\n");
  EXPECT_TRUE(R.Root.get("t")->asBool());
  EXPECT_TRUE(R.Root.get("n")->isNull());
  EXPECT_EQ(R.Root.get("missing"), nullptr);
}

TEST(Json, ReportsErrorPosition) {
  json::ParseResult R = json::parse("{\n  \"a\": [1,\n  }");
  ASSERT_FALSE(R);
  EXPECT_EQ(R.Line, 3u);
  EXPECT_FALSE(R.Error.empty());
}

TEST(Json, RejectsTrailingTextAndBadInput) {
  EXPECT_FALSE(json::parse("{} x"));
  EXPECT_FALSE(json::parse(""));
  EXPECT_FALSE(json::parse("\"unterminated"));
  EXPECT_FALSE(json::parse(std::string(10000, '[')));
}

TEST(Json, QuotesStrings) {
  std::string Out;
  json::appendQuoted(Out, "a\"b\\\n\x01");
  EXPECT_EQ(Out, "\"a\\\"b\\\\\\n\\u0001\"");
  json::ParseResult R = json::parse(Out);
  ASSERT_TRUE(R);
  EXPECT_EQ(R.Root.asString(), "a\"b\\\n\x01");
}
