//===- AsmEmitterTest.cpp - Tests of the site to inline asm emitter -------===//
#include "ptxinject/asm/AsmEmitter.h"

#include <gtest/gtest.h>

using namespace ptxinject;
using namespace ptxinject::asmemit;

namespace {

const TypeInfo *type(const char *Name) {
  const TypeInfo *T = TypeTable::builtin().find(Name);
  EXPECT_NE(T, nullptr) << Name;
  return T;
}

Site makeSite(std::vector<SiteOperand> Ops) {
  Site S;
  S.Name = "func";
  S.Operands = std::move(Ops);
  return S;
}

TEST(AsmEmitterTest, CanonicalOrderIsModOutIn) {
  // Source order in, mod, out: the stable registers must still be mod first.
  Site S = makeSite({{OperandKind::In, "x", type("F32")},
                     {OperandKind::Mod, "y", type("F32")},
                     {OperandKind::Out, "z", type("F32")}});
  InlineAsm Asm = buildInlineAsm(S);
  EXPECT_EQ(Asm.Template, "{\n\t"
                          ".reg .f32 %%_x0;\n\t"
                          ".reg .f32 %%_x1;\n\t"
                          ".reg .f32 %%_x2;\n\t"
                          "mov.f32 %%_x0, %0;\n\t"
                          "mov.f32 %%_x2, %2;\n\t"
                          "// PTX_INJECT_START func\n\t"
                          "// _x0 m f32 F32 y\n\t"
                          "// _x1 o f32 F32 z\n\t"
                          "// _x2 i f32 F32 x\n\t"
                          "// PTX_INJECT_END\n\t"
                          "mov.f32 %0, %%_x0;\n\t"
                          "mov.f32 %1, %%_x1;\n\t"
                          "}");
  ASSERT_EQ(Asm.Outputs.size(), 2u);
  ASSERT_EQ(Asm.Inputs.size(), 1u);
  EXPECT_EQ(Asm.Outputs[0].Constraint, "+f");
  EXPECT_EQ(Asm.Outputs[0].SiteOperandIndex, 1u);
  EXPECT_EQ(Asm.Outputs[1].Constraint, "=f");
  EXPECT_EQ(Asm.Outputs[1].SiteOperandIndex, 2u);
  EXPECT_EQ(Asm.Inputs[0].Constraint, "f");
  EXPECT_EQ(Asm.Inputs[0].SiteOperandIndex, 0u);
}

TEST(AsmEmitterTest, ConstraintLettersFollowTheTypeTable) {
  Site S = makeSite({{OperandKind::In, "a", type("F64")},
                     {OperandKind::In, "b", type("S32")},
                     {OperandKind::In, "c", type("U64")},
                     {OperandKind::In, "d", type("U16")}});
  InlineAsm Asm = buildInlineAsm(S);
  ASSERT_EQ(Asm.Inputs.size(), 4u);
  EXPECT_EQ(Asm.Inputs[0].Constraint, "d");
  EXPECT_EQ(Asm.Inputs[1].Constraint, "r");
  EXPECT_EQ(Asm.Inputs[2].Constraint, "l");
  EXPECT_EQ(Asm.Inputs[3].Constraint, "h");
  EXPECT_NE(Asm.Template.find("mov.s32 %%_x1, %1;"), std::string::npos);
  EXPECT_NE(Asm.Template.find("// _x3 i u16 U16 d"), std::string::npos);
}

TEST(AsmEmitterTest, RendersPlainStatement) {
  Site S = makeSite({{OperandKind::Mod, "y", type("F32")},
                     {OperandKind::In, "x", type("F32")}});
  InlineAsm Asm = buildInlineAsm(S);
  std::string Stmt = renderAsmStatement(S, Asm, {"y", "a[0]"}, true);
  // One literal per asm line, all on one source line.
  EXPECT_EQ(
      Stmt.rfind("asm volatile(\"{\\n\\t\" \".reg .f32 %%_x0;\\n\\t\" "
                 "\".reg .f32 %%_x1;\\n\\t\" \"mov.f32 %%_x0, %0;\\n\\t\"",
                 0),
      0u)
      << Stmt;
  EXPECT_NE(
      Stmt.find("\"// PTX_INJECT_END\\n\\t\" \"mov.f32 %0, %%_x0;\\n\\t\" "
                "\"}\" :"),
      std::string::npos)
      << Stmt;
  EXPECT_EQ(Stmt.find('\n'), std::string::npos) << Stmt;
  EXPECT_NE(Stmt.find("\" : \"+f\"(y) : \"f\"(a[0]))"), std::string::npos)
      << Stmt;
  std::string NonVolatile = renderAsmStatement(S, Asm, {"y", "a[0]"}, false);
  EXPECT_EQ(NonVolatile.rfind("asm(\"", 0), 0u);
}

TEST(AsmEmitterTest, InputOnlySiteHasEmptyOutputList) {
  Site S = makeSite({{OperandKind::In, "x", type("S32")}});
  std::string Stmt = renderAsmStatement(S, buildInlineAsm(S), {"x"}, true);
  EXPECT_NE(Stmt.find("\" : : \"r\"(x))"), std::string::npos) << Stmt;
}

TEST(AsmEmitterTest, OutputOnlySiteHasNoInputList) {
  Site S = makeSite({{OperandKind::Out, "z", type("U32")}});
  std::string Stmt = renderAsmStatement(S, buildInlineAsm(S), {"z"}, true);
  EXPECT_NE(Stmt.find("\" : \"=r\"(z))"), std::string::npos) << Stmt;
  EXPECT_EQ(Stmt.find(": :"), std::string::npos) << Stmt;
}

TEST(AsmEmitterTest, HalfTypesBindThroughTheirView) {
  Site S = makeSite({{OperandKind::Mod, "h", type("F16")},
                     {OperandKind::In, "p", type("BF16X2")}});
  InlineAsm Asm = buildInlineAsm(S);
  EXPECT_EQ(Asm.Outputs[0].How, AsmOperand::Binding::CastView);
  EXPECT_EQ(Asm.Outputs[0].Constraint, "+h");
  EXPECT_EQ(Asm.Inputs[0].Constraint, "r");
  EXPECT_NE(Asm.Template.find("mov.b16 %%_x0, %0;"), std::string::npos);
  std::string Stmt = renderAsmStatement(S, Asm, {"h", "f(p)"}, true);
  // The input may be an rvalue: it is copied before its bits are viewed.
  EXPECT_NE(Stmt.find("auto __ptx_inject_v1 = (f(p));"), std::string::npos)
      << Stmt;
  EXPECT_NE(Stmt.find("\"+h\"(*(unsigned short*)&(h))"), std::string::npos)
      << Stmt;
  EXPECT_NE(Stmt.find("\"r\"(*(unsigned int*)&__ptx_inject_v1)"),
            std::string::npos)
      << Stmt;
  EXPECT_EQ(Stmt.rfind("do { ", 0), 0u);
  EXPECT_EQ(Stmt.substr(Stmt.size() - 11), "} while (0)");
}

TEST(AsmEmitterTest, BoolTravelsAsU32AndBecomesPredicate) {
  Site S = makeSite({{OperandKind::In, "a", type("PRED")},
                     {OperandKind::Out, "b", type("PRED")}});
  InlineAsm Asm = buildInlineAsm(S);
  EXPECT_NE(Asm.Template.find(".reg .pred %%_x0;"), std::string::npos);
  EXPECT_NE(Asm.Template.find("setp.ne.u32 %%_x1, %1, 0;"), std::string::npos);
  EXPECT_NE(Asm.Template.find("selp.u32 %0, 1, 0, %%_x0;"), std::string::npos);
  EXPECT_EQ(Asm.Outputs[0].Constraint, "=r");
  EXPECT_EQ(Asm.Inputs[0].Constraint, "r");
  std::string Stmt = renderAsmStatement(S, Asm, {"a", "b"}, true);
  EXPECT_NE(Stmt.find("unsigned int __ptx_inject_v0 = (a) ? 1u : 0u;"),
            std::string::npos)
      << Stmt;
  EXPECT_NE(Stmt.find("(b) = __ptx_inject_v1 != 0u;"), std::string::npos)
      << Stmt;
}

TEST(AsmEmitterTest, PercentInLabelsIsDoubled) {
  Site S = makeSite({{OperandKind::In, "x%y", type("F32")}});
  InlineAsm Asm = buildInlineAsm(S);
  EXPECT_NE(Asm.Template.find("F32 x%%y"), std::string::npos);
}

/// Reads adjacent C++ string literals back into their contents (only the
/// escapes escapeForStringLiteral writes).
static std::string concatenateLiterals(const std::string &Spelled,
                                       unsigned &Count) {
  std::string Out;
  Count = 0;
  size_t I = 0;
  while ((I = Spelled.find('"', I)) != std::string::npos) {
    ++Count;
    for (++I; I < Spelled.size() && Spelled[I] != '"'; ++I) {
      if (Spelled[I] != '\\') {
        Out += Spelled[I];
        continue;
      }
      char E = Spelled[++I];
      Out += E == 'n' ? '\n' : E == 't' ? '\t' : E;
    }
    ++I;
  }
  return Out;
}

TEST(AsmEmitterTest, BakedStubStandsWhereTheMarkersWere) {
  Site S = makeSite({{OperandKind::In, "x", type("F32")},
                     {OperandKind::Out, "z", type("F32")}});
  std::string Baked;
  // One outer { } stripped, blank lines and indentation dropped, labels
  // resolved to the canonical registers, '%' doubled.
  ASSERT_FALSE(bakeStub(S,
                        "\n{\n  .reg .f32 %t;\n\n  add.f32 %t, %{x}, %_x1;\n"
                        "  mov.f32 %{z}, %t;\n}\n",
                        Baked));
  EXPECT_EQ(Baked, ".reg .f32 %%t;\n\t"
                   "add.f32 %%t, %%_x1, %%_x1;\n\t"
                   "mov.f32 %%_x0, %%t;");
  InlineAsm Asm = buildInlineAsm(S, &Baked);
  EXPECT_EQ(Asm.Template, "{\n\t"
                          ".reg .f32 %%_x0;\n\t"
                          ".reg .f32 %%_x1;\n\t"
                          "mov.f32 %%_x1, %1;\n\t"
                          ".reg .f32 %%t;\n\t"
                          "add.f32 %%t, %%_x1, %%_x1;\n\t"
                          "mov.f32 %%_x0, %%t;\n\t"
                          "mov.f32 %0, %%_x0;\n\t"
                          "}");
  // Operands, and so the asm's operand lists, are those of the markers.
  EXPECT_EQ(Asm.Outputs.size(), buildInlineAsm(S).Outputs.size());

  // Braces that are not one pair around the whole stub stay.
  ASSERT_FALSE(bakeStub(S, "{ add.f32 %{z}, %{x}, %{x}; }", Baked));
  EXPECT_EQ(Baked, "{ add.f32 %%_x0, %%_x1, %%_x1; }");
  ASSERT_FALSE(bakeStub(S, "{\n}\n{\nneg.f32 %{z}, %{x};\n}", Baked));
  EXPECT_EQ(Baked, "{\n\t}\n\t{\n\tneg.f32 %%_x0, %%_x1;\n\t}");
  // An empty stub leaves only the moves.
  ASSERT_FALSE(bakeStub(S, "{\n}\n", Baked));
  EXPECT_EQ(Baked, "");
  EXPECT_EQ(buildInlineAsm(S, &Baked).Template.find("PTX_INJECT"),
            std::string::npos);

  Error E = bakeStub(S, "mov.f32 %{z},\n  %{y};", Baked);
  ASSERT_TRUE(bool(E));
  EXPECT_EQ(E.Line, 2u);
  EXPECT_EQ(E.Column, 3u);
  EXPECT_NE(E.Message.find("inject 'func' has no operand 'y'; its operands "
                           "are z, x"),
            std::string::npos)
      << E.Message;
}

TEST(AsmEmitterTest, TemplateLiteralsSpellTheTemplateOneLineEach) {
  Site S = makeSite({{OperandKind::Mod, "y\"q", type("F32")},
                     {OperandKind::Out, "z", type("S32")},
                     {OperandKind::In, "x", type("F32")}});
  InlineAsm Asm = buildInlineAsm(S);
  std::string Spelled;
  appendTemplateLiterals(Spelled, Asm.Template);
  unsigned Literals = 0;
  // Each '"' of the label is escaped, so only literal delimiters count.
  EXPECT_EQ(concatenateLiterals(Spelled, Literals), Asm.Template);
  size_t Lines = 1;
  for (size_t P = 0; (P = Asm.Template.find('\n', P)) != std::string::npos; ++P)
    ++Lines;
  EXPECT_EQ(Literals, Lines) << Spelled;
  EXPECT_EQ(Spelled.find('\n'), std::string::npos);
  EXPECT_EQ(templateLineLength("ab\n\tcd"), 4u);
  EXPECT_EQ(templateLineLength("abc"), 3u);
  EXPECT_EQ(templateLineLength("a\nb"), 2u);
  std::string Empty;
  appendTemplateLiterals(Empty, "");
  EXPECT_EQ(Empty, "\"\"");
}

TEST(AsmEmitterTest, EscapesStringLiteralContents) {
  EXPECT_EQ(escapeForStringLiteral("a\"b\\c\n\td"), "a\\\"b\\\\c\\n\\td");
  EXPECT_EQ(escapeForStringLiteral(std::string("x\x01y")), "x\\001y");
}

TEST(AsmEmitterTest, KindNames) {
  EXPECT_EQ(operandKindLetter(OperandKind::Mod), 'm');
  EXPECT_STREQ(operandKindName(OperandKind::Out), "out");
}

} // namespace
