//===- RuntimeGoldenTableTest.cpp - Golden inject tables ------------------===//
#include "ptxinject/golden/InjectTable.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace ptxinject;
using namespace ptxinject::golden;

namespace {

TableInject inject(std::string Name, unsigned Sites,
                   std::vector<TableOperand> Ops) {
  TableInject I;
  I.Name = std::move(Name);
  I.Sites = Sites;
  I.Operands = std::move(Ops);
  I.Line = 7;
  return I;
}

TableOperand f32(std::string Label, std::string Kind, std::string Reg) {
  return {std::move(Label), std::move(Kind), std::move(Reg), "f32", "F32"};
}

InjectTable base() {
  InjectTable T;
  T.Injects.push_back(
      inject("scale", 1, {f32("y", "out", "_x0"), f32("x", "in", "_x1")}));
  return T;
}

std::vector<std::string> messages(const InjectTable &G, const InjectTable &C) {
  std::vector<std::string> Out;
  for (const TableDifference &D : compareInjectTables(G, C))
    Out.push_back(D.Message);
  return Out;
}

TEST(GoldenTable, EqualTablesHaveNoDifference) {
  EXPECT_TRUE(messages(base(), base()).empty());
}

TEST(GoldenTable, RegisterNamesAloneAreNoDifference) {
  // Registers follow operand order; a reorder is reported once, as such.
  InjectTable Now = base();
  std::swap(Now.Injects[0].Operands[0], Now.Injects[0].Operands[1]);
  EXPECT_EQ(messages(base(), Now),
            std::vector<std::string>{"inject 'scale': operands were "
                                     "reordered: golden order (y, x), now "
                                     "(x, y)"});
}

TEST(GoldenTable, RenameNeedsOneCandidateWithTheSameOperands) {
  InjectTable Now = base();
  Now.Injects[0].Name = "scale2";
  EXPECT_EQ(messages(base(), Now),
            std::vector<std::string>{
                "inject 'scale' was renamed to 'scale2' (same operands)"});
  // Two look-alikes: no guess.
  Now.Injects.push_back(Now.Injects[0]);
  Now.Injects[1].Name = "scale3";
  std::vector<std::string> M = messages(base(), Now);
  ASSERT_EQ(M.size(), 3u);
  EXPECT_EQ(M[0], "inject 'scale' is gone from the PTX (it had 2 operands at "
                  "1 site(s))");
  EXPECT_NE(M[1].find("'scale2' is new"), std::string::npos);
  EXPECT_NE(M[2].find("'scale3' is new"), std::string::npos);
}

TEST(GoldenTable, OperandKindTypeAndSiteChanges) {
  InjectTable Now = base();
  TableInject &I = Now.Injects[0];
  I.Sites = 3;
  I.Operands[0].Kind = "mod";
  I.Operands[1].Type = "F16";
  I.Operands[1].RegisterType = "b16";
  I.Operands.push_back(f32("z", "in", "_x2"));
  EXPECT_EQ(messages(base(), Now),
            (std::vector<std::string>{
                "inject 'scale': site count changed from 1 to 3",
                "inject 'scale': operand 'z' (in F32) was added",
                "inject 'scale': operand 'y' changed kind from out to mod",
                "inject 'scale': operand 'x' changed type from F32 (.f32) "
                "to F16 (.b16)"}));
  EXPECT_EQ(messages(Now, base())[1],
            "inject 'scale': operand 'z' (in F32) was removed");
}

TEST(GoldenTable, RepeatedLabelsInAFreshTableAreADifference) {
  InjectTable Now = base();
  Now.Injects[0].Operands.push_back(f32("x", "in", "_x2"));
  std::vector<std::string> M = messages(base(), Now);
  ASSERT_EQ(M.size(), 1u);
  EXPECT_NE(M[0].find("reordered"), std::string::npos) << M[0];
}

TEST(GoldenTable, ParsesTheJsonFormAndSortsByName) {
  Expected<InjectTable> T = InjectTable::parse(R"({
  "version": 1,
  "injects": [
    {"name": "z", "sites": 2, "operands": []},
    {"name": "a", "sites": 1, "operands": [
      {"label": "x", "kind": "in", "register": "_x0", "register_type": "f32", "type": "F32"}
    ]}
  ],
  "locations": {"a": [{"line": 3, "column": 1}]}
})");
  ASSERT_TRUE(T) << T.error().Message;
  ASSERT_EQ(T->Injects.size(), 2u);
  EXPECT_EQ(T->Injects[0].Name, "a");
  EXPECT_EQ(T->Injects[0].Line, 5u);
  EXPECT_EQ(T->Injects[0].Operands[0].RegisterType, "f32");
  EXPECT_EQ(T->Injects[1].Sites, 2u);
}

TEST(GoldenTable, MalformedGoldensNameLineAndColumn) {
  struct Case {
    const char *Json;
    unsigned Line, Column;
    const char *Says;
  } Cases[] = {
      {"{\"version\": 1,\n \"injects\": [}", 2, 14, "not valid JSON"},
      {"{\"version\": 3, \"injects\": []}", 1, 2, "\"version\": 1"},
      {"{\"version\": 1}", 1, 1, "\"injects\" array"},
      {"{\"version\": 1, \"injects\": [\n  {\"name\": \"a\", \"sites\": 1.5, "
       "\"operands\": []}]}",
       2, 17, "whole number"},
      {"{\"version\": 1, \"injects\": [\n  {\"name\": \"a\", \"sites\": 1, "
       "\"operands\": []},\n  {\"name\": \"a\", \"sites\": 1, \"operands\": "
       "[]}]}",
       3, 4, "appears twice"},
      {"[1]", 1, 1, "expected an object"},
      {"{\"version\": 1, \"injects\": [{\"name\": \"a\", \"sites\": 1, "
       "\"operands\": [\n{\"label\": \"x\", \"kind\": \"in\", \"register\": "
       "\"_x0\", \"register_type\": \"f32\", \"type\": \"F32\"},\n"
       "  {\"label\": \"x\", \"kind\": \"in\", \"register\": \"_x1\", "
       "\"register_type\": \"f32\", \"type\": \"F32\"}]}]}",
       3, 4, "two operands 'x'"},
  };
  for (const Case &C : Cases) {
    Expected<InjectTable> T = InjectTable::parse(C.Json);
    ASSERT_FALSE(T) << C.Json;
    EXPECT_EQ(T.error().Line, C.Line) << C.Json;
    EXPECT_EQ(T.error().Column, C.Column) << C.Json << "\n"
                                          << T.error().Message;
    EXPECT_NE(T.error().Message.find(C.Says), std::string::npos)
        << T.error().Message;
  }
}

TEST(GoldenTable, SchemaNamesEveryKeyTheReaderAccepts) {
  std::string Schema = injectTableSchema();
  for (const char *Key : {"\"version\"", "\"injects\"", "\"locations\"",
                          "\"name\"", "\"sites\"", "\"operands\"", "\"label\"",
                          "\"kind\"", "\"register\"", "\"register_type\"",
                          "\"type\""})
    EXPECT_NE(Schema.find(Key), std::string::npos) << Key;
}

} // namespace
