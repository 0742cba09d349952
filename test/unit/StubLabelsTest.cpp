//===- StubLabelsTest.cpp - %{label} operand names, C++ and C -------------===//
#include "ptxinject/module/StubLabels.h"
#include "ptx_inject_runtime.h"

#include <gtest/gtest.h>

#include <string>

using namespace ptxinject;

namespace {

const char *Ptx = ".version 8.0\n.target sm_80\n"
                  ".visible .entry k()\n{\n"
                  "\t// PTX_INJECT_START func\n"
                  "\t// _x0 m f32 F32 y\n"
                  "\t// _x1 i f32 F32 x\n"
                  "\t// PTX_INJECT_END\n"
                  "\tret;\n}\n";

TEST(StubLabels, LabelsBecomeStableRegisters) {
  Expected<Module> M = Module::parse(Ptx);
  ASSERT_TRUE(bool(M));
  std::string Out;
  StubLabelError E;
  ASSERT_TRUE(
      resolveStubLabels(M->inject(0), "add.f32 %{y}, %{y}, %{x};", Out, E));
  EXPECT_EQ(Out, "add.f32 %_x0, %_x0, %_x1;");
  // Stable registers and other '%' pass as they are.
  ASSERT_TRUE(
      resolveStubLabels(M->inject(0), "mov.u32 %r1, %tid.x; %_x1", Out, E));
  EXPECT_EQ(Out, "mov.u32 %r1, %tid.x; %_x1");
}

TEST(StubLabels, ErrorsPointIntoTheStub) {
  Expected<Module> M = Module::parse(Ptx);
  ASSERT_TRUE(bool(M));
  std::string Out;
  StubLabelError E;
  EXPECT_FALSE(
      resolveStubLabels(M->inject(0), "nop;\n  add.f32 %{y}, %{w};", Out, E));
  EXPECT_EQ(E.Line, 2u);
  EXPECT_EQ(E.Column, 17u);
  EXPECT_NE(E.Message.find("its operands are y, x"), std::string::npos)
      << E.Message;
  EXPECT_FALSE(resolveStubLabels(M->inject(0), "add.f32 %{y", Out, E));
  EXPECT_NE(E.Message.find("closing"), std::string::npos) << E.Message;
}

TEST(StubLabels, CApiMeasuresAndResolves) {
  PtxInjectHandle H = nullptr;
  ASSERT_EQ(ptx_inject_create(&H, Ptx), PTX_INJECT_SUCCESS);
  const char *Stub = "add.f32 %{y}, %{y}, %{x};";
  // The same contract as ptx_inject_render_ptx: the measure counts the NUL.
  const std::string Resolved = "add.f32 %_x0, %_x0, %_x1;";
  size_t Size = 0;
  ASSERT_EQ(ptx_inject_resolve_stub_labels(H, 0, Stub, nullptr, 0, &Size),
            PTX_INJECT_SUCCESS);
  EXPECT_EQ(Size, Resolved.size() + 1);
  std::string Buffer(Size + 1, '?');
  size_t Written = 0;
  EXPECT_EQ(
      ptx_inject_resolve_stub_labels(H, 0, Stub, Buffer.data(), 3, &Written),
      PTX_INJECT_ERROR_INSUFFICIENT_BUFFER);
  EXPECT_EQ(Written, Resolved.size());
  EXPECT_STREQ(Buffer.c_str(), "ad") << "a NUL-terminated prefix";
  EXPECT_EQ(ptx_inject_resolve_stub_labels(H, 0, Stub, Buffer.data(), Size - 1,
                                           &Written),
            PTX_INJECT_ERROR_INSUFFICIENT_BUFFER);
  EXPECT_EQ(Buffer.substr(0, Size - 1), Resolved.substr(0, Size - 2) + '\0');
  ASSERT_EQ(
      ptx_inject_resolve_stub_labels(H, 0, Stub, Buffer.data(), Size, &Written),
      PTX_INJECT_SUCCESS);
  EXPECT_EQ(Written, Resolved.size());
  EXPECT_STREQ(Buffer.c_str(), Resolved.c_str());
  EXPECT_EQ(Buffer[Size], '?');
  EXPECT_EQ(ptx_inject_resolve_stub_labels(H, 0, "%{nope}", nullptr, 0, &Size),
            PTX_INJECT_ERROR_INJECTION_ARG_NAME_NOT_FOUND);
  EXPECT_EQ(ptx_inject_resolve_stub_labels(H, 1, Stub, nullptr, 0, &Size),
            PTX_INJECT_ERROR_OUT_OF_BOUNDS_IDX);
  EXPECT_EQ(ptx_inject_destroy(H), PTX_INJECT_SUCCESS);
}

} // namespace
