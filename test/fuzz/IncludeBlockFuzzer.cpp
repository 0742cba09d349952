//===- IncludeBlockFuzzer.cpp - Where a source's include block ends -------===//
//
// Input: the start of a CUDA source. findIncludeBlock runs Clang's raw lexer
// over it (the tool, the nvrtc mode and the Python package call it on every
// source they precompile a block of). Only the lexer's reading is Clang's;
// the walk over directives, the cut and the block's text are ours.
//
// Checked beyond the absence of crashes: a block covers part of the input
// and at least one of its bytes; its text is directives (it starts with '#',
// ends with a newline) and holds the #include it needs; a quoted include's
// folder is the file's; and the same input gives the same block.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "ptxinject/Frontend/Prelude/IncludeBlock.h"

#include "clang/Basic/LangOptions.h"

#include <cstdlib>
#include <string>

using ptxinject::frontend::fileOffsetOfBlockText;
using ptxinject::frontend::findIncludeBlock;
using ptxinject::frontend::IncludeBlock;

namespace {

void check(bool Ok, const char *What) {
  if (!Ok) {
    std::fprintf(stderr, "include_block: %s\n", What);
    std::abort();
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > fuzzinput::MaxInputBytes)
    return 0;
  // The lexer reads up to a NUL after the buffer, as a MemoryBuffer and a
  // std::string (the callers' buffers) have one.
  std::string Source(reinterpret_cast<const char *>(Data), Size);
  clang::LangOptions Lang;
  Lang.CPlusPlus = Lang.CPlusPlus11 = Lang.CPlusPlus14 = Lang.CPlusPlus17 =
      true;
  Lang.CUDA = true;
  std::optional<IncludeBlock> B = findIncludeBlock(Source, Lang, "/fuzz/k.cu");
  std::optional<IncludeBlock> Again =
      findIncludeBlock(Source, Lang, "/fuzz/k.cu");
  check(B.has_value() == Again.has_value(), "not deterministic");
  if (!B)
    return 0;
  check(B->Text == Again->Text && B->Size == Again->Size &&
            B->IncludeDir == Again->IncludeDir,
        "not deterministic");
  check(B->Size > 0 && B->Size <= Size, "the block is not part of the input");
  // A directive's text starts at its '#', or at the line splices before it
  // (a '\\' and a newline, which the lexer reads as part of the '#').
  size_t Hash = B->Text.find_first_not_of("\\ \t\f\v\r\n");
  check(Hash != std::string::npos && B->Text[Hash] == '#' &&
            B->Text.back() == '\n',
        "the block's text is not directives");
  check(B->Text.find("include") != std::string::npos,
        "a block without #include");
  // Each directive is copied verbatim, so every offset of the text maps back
  // to the same character of the input (a warning about a header of the
  // block is reported at the input's own #include).
  check(!B->DirectiveStarts.empty() && B->DirectiveStarts.front().first == 0,
        "the text's first directive has no start");
  for (size_t I = 0; I < B->DirectiveStarts.size(); ++I) {
    auto [InText, InFile] = B->DirectiveStarts[I];
    size_t End = I + 1 < B->DirectiveStarts.size()
                     ? B->DirectiveStarts[I + 1].first
                     : B->Text.size();
    check(InText < End && InFile < B->Size,
          "a directive start out of order or range");
    // The '\n' after each directive is the block's own.
    for (size_t At = InText; At + 1 < End; ++At) {
      unsigned InInput =
          fileOffsetOfBlockText(B->DirectiveStarts, unsigned(At));
      check(InInput < B->Size && Source[InInput] == B->Text[At],
            "an offset of the block's text maps to another character of the "
            "input");
    }
  }
  check(B->IncludeDir.empty() || B->IncludeDir == "/fuzz",
        "a quoted include's folder is not the file's");
  return 0;
}
