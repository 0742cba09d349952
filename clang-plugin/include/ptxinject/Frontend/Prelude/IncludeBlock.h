//===- IncludeBlock.h - The leading #include block of a source -*- C++ -*-===//
//
// A kernel file usually starts with the same few #includes as its siblings
// (CuTe, CUB, the project's own headers) and spends most of its front-end
// time in them. The include block is the part of the file before its first
// token of C++: directives only. Precompiled once, it is skipped in the file
// itself (the preprocessor starts lexing after it), so the file's text and
// every offset in it are unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_INCLUDEBLOCK_H
#define PTXINJECT_FRONTEND_INCLUDEBLOCK_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class LangOptions;
} // namespace clang

namespace ptxinject {
namespace frontend {

struct IncludeBlock {
  std::string Text;  ///< the block's directives, without comments
  unsigned Size = 0; ///< bytes of the file it covers
  /// Where each directive of Text starts, in Text and in the file, in
  /// order: Text copies each verbatim, so an offset inside one is as far
  /// from its start in the file (fileOffsetOfBlockText).
  std::vector<std::pair<unsigned, unsigned>> DirectiveStarts;
  bool EndsAtStartOfLine = true;
  /// Absolute folder of the file, where its "..." includes are found first;
  /// empty when the block has only <...> includes (then kernels of every
  /// folder share the block).
  std::string IncludeDir;
};

/// The longest leading run of Buffer's directives that can stand alone in a
/// header of its own: #include, #define, #undef and balanced conditionals.
/// It stops before any other directive (#pragma, #line, ...) and before a
/// conditional left open at the first line of code, and needs at least one
/// #include. None when there is no such block.
/// The offset in the file of TextOffset, an offset of an include block's
/// Text (a header precompiled from it reports locations in Text).
unsigned fileOffsetOfBlockText(
    const std::vector<std::pair<unsigned, unsigned>> &DirectiveStarts,
    unsigned TextOffset);

std::optional<IncludeBlock> findIncludeBlock(llvm::StringRef Buffer,
                                             const clang::LangOptions &Lang,
                                             llvm::StringRef FilePath);

} // namespace frontend
} // namespace ptxinject

#endif
