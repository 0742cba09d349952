//===- RuntimeHostileInputTest.cpp - Parser defences against hostile PTX --===//
//
// Inputs found by fuzzing: control bytes in names and labels, which the C API
// (a C-string lookup) would confuse with shorter names, and very large sites,
// whose checks must stay linear.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/module/Module.h"

#include <gtest/gtest.h>

#include <string>

using namespace ptxinject;

namespace {

std::string kernel(const std::string &Body) {
  return ".version 8.0\n.target sm_80\n.address_size 64\n"
         ".visible .entry k()\n{\n" +
         Body + "\tret;\n}\n";
}

std::string site(const std::string &Name, const std::string &Label) {
  return "\t// PTX_INJECT_START " + Name + "\n\t// _x0 m f32 F32 " + Label +
         "\n\t// PTX_INJECT_END\n";
}

Error parseError(const std::string &Ptx) {
  Expected<Module> M = Module::parse(Ptx);
  if (M)
    return Error::make(ErrorCode::Success, "parsed");
  return M.error();
}

TEST(RuntimeHostileInput, NulInInjectNameIsRejectedWithItsPlace) {
  // With "a\0b" accepted, a C caller asking for "a" could get it.
  std::string Body = site(std::string("a\0b", 3), "y") + site("a", "y");
  Error E = parseError(kernel(Body));
  EXPECT_EQ(E.Code, ErrorCode::MalformedMarker) << E.Message;
  EXPECT_EQ(E.Line, 6u);
  EXPECT_EQ(E.Column, 23u); // the NUL, after "\t// PTX_INJECT_START a"
  EXPECT_NE(E.Message.find("0x00"), std::string::npos) << E.Message;
}

TEST(RuntimeHostileInput, ControlByteInOperandLabelIsRejected) {
  for (char C : {'\0', '\x1b', '\x7f', '\x01'}) {
    std::string Label = std::string("y") + C + "z";
    Error E = parseError(kernel(site("f", Label)));
    EXPECT_EQ(E.Code, ErrorCode::MalformedOperand)
        << "byte " << int(C) << ": " << E.Message;
    EXPECT_EQ(E.Line, 7u);
    EXPECT_EQ(E.Column, 20u); // the byte after "\t// _x0 m f32 F32 y"
  }
}

TEST(RuntimeHostileInput, ControlByteInTypeLabelIsRejected) {
  // Found by fuzzing: sites that differ only in type split into injects
  // named "f<TYPES>", so a NUL in a type label reached an inject name.
  std::string Body = "\t// PTX_INJECT_START f\n\t// _x0 m f32 F32" +
                     std::string("\x01\0", 2) + " y\n\t// PTX_INJECT_END\n" +
                     site("f", "y");
  Error E = parseError(kernel(Body));
  EXPECT_EQ(E.Code, ErrorCode::MalformedOperand) << E.Message;
  EXPECT_EQ(E.Line, 7u);
  EXPECT_EQ(E.Column, 18u); // the byte after "\t// _x0 m f32 F32"
}

TEST(RuntimeHostileInput, TabsInsideLabelsStayAllowed) {
  Expected<Module> M = Module::parse(kernel(site("f", "a\t[0]")));
  ASSERT_TRUE(M) << M.error().Message;
  EXPECT_EQ(M->inject(0).Operands[0].Label, "a\t[0]");
}

std::string wideSite(size_t NumOperands, size_t DuplicateOf) {
  std::string Body = "\t// PTX_INJECT_START wide\n";
  for (size_t K = 0; K < NumOperands; ++K)
    Body += "\t// _x" + std::to_string(K) + " i f32 F32 v" + std::to_string(K) +
            "\n";
  if (DuplicateOf != SIZE_MAX)
    Body += "\t// _xd i f32 F32 v" + std::to_string(DuplicateOf) + "\n";
  return Body + "\t// PTX_INJECT_END\n";
}

TEST(RuntimeHostileInput, DuplicateLabelFoundInAWideSite) {
  // Past the pairwise limit the check goes through a hash index; it must
  // still find a duplicate anywhere and report the second occurrence.
  const size_t N = 5000;
  Expected<Module> Ok = Module::parse(kernel(wideSite(N, SIZE_MAX)));
  ASSERT_TRUE(Ok) << Ok.error().Message;
  EXPECT_EQ(Ok->inject(0).Operands.size(), N);
  for (size_t Dup : {size_t(0), size_t(31), size_t(32), N - 1}) {
    Error E = parseError(kernel(wideSite(N, Dup)));
    EXPECT_EQ(E.Code, ErrorCode::DuplicateOperand) << E.Message;
    EXPECT_EQ(E.Line, 6u + 1 + N) << "duplicate of v" << Dup;
    EXPECT_NE(E.Message.find("'v" + std::to_string(Dup) + "'"),
              std::string::npos)
        << E.Message;
  }
}

TEST(RuntimeHostileInput, PtxOverMaxBytesIsAnError) {
  std::string Ptx = kernel(site("f", "y"));
  ParseOptions Options;
  Options.MaxBytes = Ptx.size() - 1;
  Expected<Module> M = Module::parse(Ptx, Options);
  ASSERT_FALSE(M);
  EXPECT_EQ(M.error().Code, ErrorCode::TooLarge);
  EXPECT_NE(M.error().Message.find("MaxBytes"), std::string::npos)
      << M.error().Message;
  Options.MaxBytes = Ptx.size();
  EXPECT_TRUE(Module::parse(Ptx, Options));
}

TEST(RuntimeHostileInput, SiteOverMaxOperandsIsAnErrorAtTheFirstExtraOperand) {
  ParseOptions Options;
  Options.MaxOperands = 40;
  EXPECT_TRUE(Module::parse(kernel(wideSite(40, SIZE_MAX)), Options));
  Expected<Module> M = Module::parse(kernel(wideSite(41, SIZE_MAX)), Options);
  ASSERT_FALSE(M);
  EXPECT_EQ(M.error().Code, ErrorCode::TooLarge);
  EXPECT_EQ(M.error().Line, 6u + 1 + 40); // the 41st operand line
  EXPECT_NE(M.error().Message.find("MaxOperands"), std::string::npos)
      << M.error().Message;
}

} // namespace
