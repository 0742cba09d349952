//===- StubRegistersTest.cpp - Registers a stub may name at its sites -----===//
#include "ptxinject/module/StubRegisters.h"

#include <gtest/gtest.h>

#include <string>

using namespace ptxinject;

namespace {

// Two sites of one inject: in a function declaring %r<3> and %p, and in a
// kernel declaring %r<10>; %g is declared at module scope.
const char *Ptx = ".version 8.0\n.target sm_80\n"
                  ".reg .b32 %g;\n"
                  ".func f()\n{\n"
                  "\t.reg .b32 %r<3>;\n\t.reg .pred %p;\n"
                  "\t// PTX_INJECT_START func\n"
                  "\t// _x0 m u32 U32 y\n"
                  "\t// PTX_INJECT_END\n"
                  "\tret;\n}\n"
                  ".visible .entry k()\n{\n"
                  "\t.reg .b32 %r<10>; // .reg .b32 %commented;\n"
                  "\t// PTX_INJECT_START func\n"
                  "\t// _x0 m u32 U32 y\n"
                  "\t// PTX_INJECT_END\n"
                  "\tret;\n}\n";

Error check(std::string_view Stub) {
  Expected<Module> M = Module::parse(Ptx);
  EXPECT_TRUE(bool(M));
  return StubRegisterCheck(*M).check(0, Stub);
}

TEST(StubRegisters, WhatExistsAtEverySitePasses) {
  EXPECT_FALSE(check("add.u32 %_x0, %_x0, %r2;")); // in both ranges
  EXPECT_FALSE(check("mov.u32 %_x0, %g;"));        // module scope
  EXPECT_FALSE(check("mov.u32 %_x0, %tid.x;"));    // special registers
  EXPECT_FALSE(check("mov.u32 %_x0, %envreg31;"));
  EXPECT_FALSE(check("mov.u64 %a, %pm7_64;"
                     ".reg .b64 %a;")); // declared after use
  EXPECT_FALSE(check("{ .reg .b32 %s<2>, %t; add.u32 %s1, %t, %_x0; }"));
  EXPECT_FALSE(check("mov.u32 %_x0, %{y}; // %nowhere\n/* %nor */"));
}

TEST(StubRegisters, WhatIsMissingAtOneSiteIsRefused) {
  // %r5 is in k's %r<10> but not f's %r<3>; %p only in f.
  Error E = check("add.u32 %_x0,\n  %_x0, %r5;");
  ASSERT_TRUE(E);
  EXPECT_EQ(E.Code, ErrorCode::InvalidStub);
  EXPECT_EQ(E.Line, 2u);
  EXPECT_EQ(E.Column, 9u);
  EXPECT_NE(E.Message.find("register %r5 "), std::string::npos) << E.Message;
  EXPECT_NE(E.Message.find("function 'f' (its site at line 8)"),
            std::string::npos)
      << E.Message;
  EXPECT_NE(E.Message.find("(%_x0 y)"), std::string::npos) << E.Message;
  EXPECT_TRUE(check("@%p mov.u32 %_x0, 1;"));
  for (const char *Stub :
       {"mov.u32 %_x0, %x;", "mov.u32 %_x0, %r03;", "mov.u32 %_x0, %r;",
        "mov.u32 %_x0, %envreg32;", "mov.u32 %_x0, %pm8;",
        "mov.u32 %_x0, %commented;", "mov.u32 %_x1, 0;"})
    EXPECT_TRUE(check(Stub)) << Stub;
}

} // namespace
