#include "ptxinject/json/Json.h"

#include <gtest/gtest.h>

using namespace ptxinject;

TEST(Json, ParsesNestedDocument) {
  Expected<json::Value> R =
      json::parse("{\n \"a\": [1, 2.5, -3e2],\n \"b\": {\"c\": "
                  "\"x\\u00e9\\n\"}, \"t\": true, \"n\": null}");
  ASSERT_TRUE(R) << R.error().Message;
  const json::Value *A = R->get("a");
  ASSERT_TRUE(A && A->isArray());
  ASSERT_EQ(A->elements().size(), 3u);
  EXPECT_EQ(A->elements()[1].asNumber(), 2.5);
  EXPECT_EQ(A->elements()[2].asNumber(), -300);
  EXPECT_EQ(A->line(), 2u);
  EXPECT_EQ(R->get("b")->get("c")->asString(), "x\xc3\xa9\n");
  EXPECT_TRUE(R->get("t")->asBool());
  EXPECT_TRUE(R->get("n")->isNull());
  EXPECT_EQ(R->get("missing"), nullptr);
}

TEST(Json, ReportsErrorPosition) {
  Expected<json::Value> R = json::parse("{\n  \"a\": [1,\n  }");
  ASSERT_FALSE(R);
  EXPECT_EQ(R.error().Line, 3u);
  EXPECT_EQ(R.error().Column, 3u);
  EXPECT_NE(R.error().Message.find("unexpected '}'"), std::string::npos)
      << R.error().Message;
}

// A raw newline in a string is reported at the newline itself (line 2,
// column 11 here, after `  "a": "ab`), not one past it, nor at the start of
// the next line.
TEST(Json, NewlineInsideStringPointsAtTheNewline) {
  Expected<json::Value> R = json::parse("{\n  \"a\": \"ab\ncd\"}");
  ASSERT_FALSE(R);
  EXPECT_EQ(R.error().Line, 2u);
  EXPECT_EQ(R.error().Column, 11u);
  EXPECT_NE(R.error().Message.find("control character U+000A"),
            std::string::npos)
      << R.error().Message;
}

TEST(Json, TrailingTextIsReportedWhereItStarts) {
  Expected<json::Value> R = json::parse("{}\n  x");
  ASSERT_FALSE(R);
  EXPECT_EQ(R.error().Line, 2u);
  EXPECT_EQ(R.error().Column, 3u);
}

// Values know their line, also a number whose end is only seen at the
// newline after it.
TEST(Json, ValuesKnowTheirLine) {
  Expected<json::Value> R = json::parse("[\n1\n,\n{\"k\":\n\"v\"}\n]");
  ASSERT_TRUE(R) << R.error().Message;
  ASSERT_EQ(R->elements().size(), 2u);
  EXPECT_EQ(R->line(), 1u);
  EXPECT_EQ(R->elements()[0].line(), 2u);
  EXPECT_EQ(R->elements()[1].line(), 4u);
  EXPECT_EQ(R->elements()[1].get("k")->line(), 5u);
}

TEST(Json, DeepNestingIsAnErrorNotACrash) {
  Expected<json::Value> R =
      json::parse(std::string(10000, '[') + std::string(10000, ']'));
  ASSERT_FALSE(R);
  EXPECT_NE(R.error().Message.find("nested too deeply"), std::string::npos)
      << R.error().Message;
  EXPECT_TRUE(json::parse(std::string(200, '[') + std::string(200, ']')));
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
  Expected<json::Value> R = json::parse(Out);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->asString(), "a\"b\\\n\x01");
}
