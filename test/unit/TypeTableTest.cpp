#include "ptxinject/site/TypeTable.h"

#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

using namespace ptxinject;

namespace {
// addFromJson with its error as the "LINE:COL: message" text users read.
bool addFromJson(TypeTable &T, std::string_view Text, std::string &Error) {
  ptxinject::Error E = T.addFromJson(Text);
  Error = E.located();
  return !E;
}
} // namespace

TEST(TypeTable, BuiltinMapsDesignTypes) {
  const TypeTable &T = TypeTable::builtin();
  const TypeInfo *F = T.find("f32");
  ASSERT_NE(F, nullptr);
  EXPECT_EQ(F->Name, "F32");
  EXPECT_EQ(F->Constraint, 'f');
  const TypeInfo *H = T.find("F16");
  ASSERT_NE(H, nullptr);
  EXPECT_EQ(H->RegisterType, "b16");
  EXPECT_EQ(H->CastPrefix, "*(unsigned short*)&");
  EXPECT_EQ(T.find("BF16X2")->Constraint, 'r');
  EXPECT_EQ(T.find("nope"), nullptr);
}

TEST(TypeTable, ReadsReferenceJsonFile) {
  std::ifstream In(PTXINJECT_SOURCE_DIR "/data/ptx_inject_default_types.json");
  std::stringstream SS;
  SS << In.rdbuf();
  TypeTable T;
  std::string Error;
  ASSERT_TRUE(addFromJson(T, SS.str(), Error)) << Error;
  EXPECT_EQ(T.entries().size(), 6u);
  const TypeInfo *P = T.find("f16X2");
  ASSERT_NE(P, nullptr);
  EXPECT_EQ(P->RegisterType, "b32");
  EXPECT_EQ(P->CastPrefix, "*(unsigned int*)&");
}

TEST(TypeTable, JsonErrorsNameTheLine) {
  TypeTable T;
  std::string Error;
  EXPECT_FALSE(
      addFromJson(T, "{\"data_type_infos\": [\n {\"name\": \"x\"}]}", Error));
  EXPECT_NE(Error.find("2:"), std::string::npos) << Error;
  EXPECT_NE(Error.find("register_type"), std::string::npos) << Error;
  EXPECT_FALSE(addFromJson(
      T,
      "{\"data_type_infos\": [\n {\"name\": \"x\", \"register_type\": \"b32\", "
      "\"mov_postfix\": \"b32\", \"register_char\": \"rr\", "
      "\"register_cast_str\": \"\"}]}",
      Error));
  EXPECT_TRUE(T.entries().empty());
}

TEST(TypeTable, JsonSemanticErrorsNameTheColumn) {
  TypeTable T;
  std::string Error;
  EXPECT_FALSE(addFromJson(
      T, "{\"data_type_infos\": [\n    {\"name\": \"x\"}]}", Error));
  EXPECT_EQ(Error.substr(0, 4), "2:5:") << Error;
  EXPECT_FALSE(addFromJson(T, "{\"data_type_infos\": 7}", Error));
  EXPECT_EQ(Error.substr(0, 5), "1:21:") << Error;
}

TEST(TypeTable, JsonEntriesMustBePtxTypesAndConstraints) {
  auto Entry = [](const char *Reg, const char *Mov, const char *Char) {
    return std::string("{\"data_type_infos\": [{\"name\": \"T\", "
                       "\"register_type\": \"") +
           Reg + "\", \"mov_postfix\": \"" + Mov + "\", \"register_char\": \"" +
           Char + "\", \"register_cast_str\": \"\"}]}";
  };
  TypeTable T;
  std::string Error;
  EXPECT_TRUE(addFromJson(T, Entry("b128", "b128", "q"), Error)) << Error;
  EXPECT_TRUE(addFromJson(T, Entry("pred", "pred", "b"), Error)) << Error;
  EXPECT_FALSE(addFromJson(T, Entry("f99", "f32", "f"), Error));
  EXPECT_NE(Error.find("'f99' is not a PTX type"), std::string::npos) << Error;
  EXPECT_FALSE(addFromJson(T, Entry("f32", "float", "f"), Error));
  EXPECT_NE(Error.find("'float' is not a PTX type"), std::string::npos)
      << Error;
  EXPECT_FALSE(addFromJson(T, Entry("f32", "f32", "x"), Error));
  EXPECT_NE(Error.find("'x' is not an inline-asm register constraint"),
            std::string::npos)
      << Error;
}

TEST(TypeTable, AddReplacesByName) {
  TypeTable T;
  T.add({"mask", "u32", "u32", 'r', ""});
  T.add({"MASK", "b32", "b32", 'r', ""});
  ASSERT_EQ(T.entries().size(), 1u);
  EXPECT_EQ(T.find("mask")->RegisterType, "b32");
}
