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

// Two injects (names out of order, one with two sites) in nvcc's shape.
std::string twoInjectKernel() {
  auto Site = [](const char *Name, const char *Label) {
    return std::string("\t// begin inline asm\n\t{\n\t.reg .f32 %_x0;\n"
                       "\t.reg .f32 %_x1;\n\tmov.f32 %_x1, %f1;\n"
                       "\t// PTX_INJECT_START ") +
           Name + "\n\t// _x0 o f32 F32 y\n\t// _x1 i f32 F32 " + Label +
           "\n\t// PTX_INJECT_END\n\tmov.f32 %f2, %_x0;\n\t}\n"
           "\t// end inline asm\n";
  };
  return ".version 8.0\n.target sm_80\n.address_size 64\n"
         ".visible .entry k()\n{\n\t.reg .f32 %f<3>;\n" +
         Site("scale", "a[\"0\"]") + Site("bias", "x") +
         Site("scale", "a[\"0\"]") + "\tret;\n}\n";
}

TEST(GoldenTable, TheWrittenFormReadsBackToTheSameTable) {
  Expected<Module> M = Module::parse(twoInjectKernel());
  ASSERT_TRUE(M) << M.error().Message;
  InjectTable Written = InjectTable::fromModule(*M);
  ASSERT_EQ(Written.Injects.size(), 2u);
  ASSERT_EQ(Written.Injects[1].Locations.size(), 2u);
  std::string Json = Written.toJson();
  EXPECT_NE(Json.find("\"version\": " + std::to_string(InjectTableVersion)),
            std::string::npos)
      << Json;
  EXPECT_NE(Json.find(R"("label": "a[\"0\"]")"), std::string::npos) << Json;

  Expected<InjectTable> Read = InjectTable::parse(Json);
  ASSERT_TRUE(Read) << Read.error().Message << "\n" << Json;
  ASSERT_EQ(Read->Injects.size(), Written.Injects.size());
  for (size_t I = 0; I < Written.Injects.size(); ++I) {
    const TableInject &W = Written.Injects[I], &R = Read->Injects[I];
    EXPECT_EQ(R.Name, W.Name);
    EXPECT_EQ(R.Sites, W.Sites);
    ASSERT_EQ(R.Operands.size(), W.Operands.size());
    for (size_t K = 0; K < W.Operands.size(); ++K) {
      EXPECT_EQ(R.Operands[K].Label, W.Operands[K].Label);
      EXPECT_EQ(R.Operands[K].Kind, W.Operands[K].Kind);
      EXPECT_EQ(R.Operands[K].Register, W.Operands[K].Register);
      EXPECT_EQ(R.Operands[K].RegisterType, W.Operands[K].RegisterType);
      EXPECT_EQ(R.Operands[K].Type, W.Operands[K].Type);
    }
    ASSERT_EQ(R.Locations.size(), W.Locations.size());
    for (size_t S = 0; S < W.Locations.size(); ++S) {
      EXPECT_EQ(R.Locations[S].Line, W.Locations[S].Line);
      EXPECT_EQ(R.Locations[S].Column, W.Locations[S].Column);
    }
  }
  EXPECT_TRUE(compareInjectTables(*Read, Written).empty());
  EXPECT_EQ(Read->toJson(), Json);
}

TEST(GoldenTable, AnEmptyTableRoundTrips) {
  std::string Json = InjectTable().toJson();
  EXPECT_EQ(Json, "{\n  \"version\": 1,\n  \"injects\": [],\n"
                  "  \"locations\": {}\n}\n");
  Expected<InjectTable> Read = InjectTable::parse(Json);
  ASSERT_TRUE(Read) << Read.error().Message;
  EXPECT_TRUE(Read->Injects.empty());
}

TEST(GoldenTable, MalformedLocationsAreSkippedNotFatal) {
  Expected<InjectTable> T = InjectTable::parse(R"({"version": 1,
  "injects": [{"name": "a", "sites": 1, "operands": []}],
  "locations": {"a": [{"line": 3, "column": 2}, {"line": "x"}],
                "gone": [{"line": 1, "column": 1}]}})");
  ASSERT_TRUE(T) << T.error().Message;
  ASSERT_EQ(T->Injects[0].Locations.size(), 1u);
  EXPECT_EQ(T->Injects[0].Locations[0].Line, 3u);
  EXPECT_EQ(T->Injects[0].Locations[0].Column, 2u);
}

TEST(GoldenTable, SchemaNamesEveryKeyTheReaderAccepts) {
  std::string Schema = injectTableSchema();
  for (const char *Key :
       {"\"version\"", "\"injects\"", "\"locations\"", "\"name\"", "\"sites\"",
        "\"operands\"", "\"label\"", "\"kind\"", "\"register\"",
        "\"register_type\"", "\"type\""})
    EXPECT_NE(Schema.find(Key), std::string::npos) << Key;
}

} // namespace
