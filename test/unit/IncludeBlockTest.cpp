//===- IncludeBlockTest.cpp - Where a file's include block ends -----------===//
#include "ptxinject/Frontend/Prelude/IncludeBlock.h"

#include "clang/Basic/LangOptions.h"

#include <gtest/gtest.h>

using ptxinject::frontend::fileOffsetOfBlockText;
using ptxinject::frontend::findIncludeBlock;
using ptxinject::frontend::IncludeBlock;

namespace {

std::optional<IncludeBlock> blockOf(llvm::StringRef Text) {
  clang::LangOptions Lang;
  Lang.CPlusPlus = true;
  Lang.CUDA = true;
  return findIncludeBlock(Text, Lang, "/src/kernels/k.cu");
}

TEST(IncludeBlock, DirectivesWithoutCommentsUpToTheFirstCode) {
  std::string Text = "// header comment\n"
                     "/* more */\n"
                     "#include <cute/tensor.hpp>  // why\n"
                     "\n"
                     "#define TILE \\\n  128\n"
                     "#include <ptx_inject.h>\n"
                     "\n"
                     "__global__ void k() {}\n";
  auto B = blockOf(Text);
  ASSERT_TRUE(B);
  EXPECT_EQ(B->Text, "#include <cute/tensor.hpp>\n"
                     "#define TILE \\\n  128\n"
                     "#include <ptx_inject.h>\n");
  EXPECT_EQ(llvm::StringRef(Text).substr(B->Size).ltrim(),
            "__global__ void k() {}\n");
  EXPECT_TRUE(B->IncludeDir.empty()) << "only <...> includes";
  // Each offset of the text is the same character of the file: a header of
  // the block is reported at the file's own line.
  for (llvm::StringRef Word : {"<cute", "128", "<ptx_inject.h>"}) {
    size_t InText = B->Text.find(Word.str());
    ASSERT_NE(InText, std::string::npos) << Word.str();
    EXPECT_EQ(fileOffsetOfBlockText(B->DirectiveStarts, unsigned(InText)),
              Text.find(Word.str()))
        << Word.str();
  }
}

TEST(IncludeBlock, StopsBeforeOtherDirectives) {
  std::string Text =
      "#include <a.h>\n#pragma nv_diag_suppress 20\n#include <b.h>\nint x;\n";
  auto B = blockOf(Text);
  ASSERT_TRUE(B);
  EXPECT_EQ(B->Text, "#include <a.h>\n");
  EXPECT_EQ(B->Size, Text.find("#pragma"));
  EXPECT_TRUE(B->EndsAtStartOfLine);
}

TEST(IncludeBlock, KeepsBalancedConditionalsOnly) {
  auto Balanced =
      blockOf("#if FAST\n#include <fast.h>\n#else\n#include <slow.h>\n"
              "#endif\nint x;\n");
  ASSERT_TRUE(Balanced);
  EXPECT_EQ(Balanced->Text,
            "#if FAST\n#include <fast.h>\n#else\n#include <slow.h>\n#endif\n");
  // An include guard around the whole file is still open at its first code.
  EXPECT_FALSE(
      blockOf("#ifndef K_CU\n#define K_CU\n#include <a.h>\nint x;\n#endif\n"));
  auto Before =
      blockOf("#include <a.h>\n#ifdef X\n#include <b.h>\nint y;\n#endif\n");
  ASSERT_TRUE(Before);
  EXPECT_EQ(Before->Text, "#include <a.h>\n");
}

TEST(IncludeBlock, NeedsAnInclude) {
  EXPECT_FALSE(blockOf("#define N 4\nint x[N];\n"));
  EXPECT_FALSE(blockOf("int x;\n#include <a.h>\n"));
  EXPECT_FALSE(blockOf("#pragma once\nint x;\n"));
}

TEST(IncludeBlock, PassesOverPragmaOnce) {
  std::string Text = "#pragma once\n#include <a.h>\n#pragma   once\n"
                     "#include <b.h>\nint x;\n";
  auto B = blockOf(Text);
  ASSERT_TRUE(B);
  EXPECT_EQ(B->Text, "#include <a.h>\n#include <b.h>\n");
  EXPECT_EQ(llvm::StringRef(Text).substr(B->Size).ltrim(), "int x;\n");
  // Any other pragma still ends the block, `#pragma` alone included.
  auto Other = blockOf("#pragma once\n#include <a.h>\n#pragma\n#include <b.h>\n"
                       "int x;\n");
  ASSERT_TRUE(Other);
  EXPECT_EQ(Other->Text, "#include <a.h>\n");
}

TEST(IncludeBlock, QuotedIncludesAreFoundFromTheFilesFolder) {
  auto B = blockOf("#include <a.h>\n#include \"tile.h\"\nint x;\n");
  ASSERT_TRUE(B);
  EXPECT_EQ(B->IncludeDir, "/src/kernels");
  auto Macro = blockOf("#define H <a.h>\n#include H\nint x;\n");
  ASSERT_TRUE(Macro);
  EXPECT_EQ(Macro->IncludeDir, "/src/kernels")
      << "a macro may expand to \"...\"";
}

} // namespace
