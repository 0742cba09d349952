//===- EmbeddedPtx.h - Annotated PTX compiled into the program --*- C++ -*-===//
//
// ptxinject_add_ptx(... EMBED symbol) links the PTX into the host program as
// `const char symbol[]` and `const size_t symbol_size` (declared in
// <symbol.h>). These parse it into a Module from that memory: no file is
// opened, so the program needs no PTX beside it at run time.
//
//   #include "kernel_ptx.h"
//   #include "ptxinject/module/EmbeddedPtx.h"
//   auto M = PTXINJECT_PARSE_EMBEDDED(kernel_ptx);  // Expected<Module>
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_EMBEDDEDPTX_H
#define PTXINJECT_EMBEDDEDPTX_H

#include "ptxinject/module/Module.h"

#include <cstddef>
#include <string_view>

namespace ptxinject::module {

/// Parses the Size bytes at Bytes (the embedded PTX, without its final NUL).
inline Expected<Module>
parseEmbeddedPtx(const char *Bytes, std::size_t Size,
                 const ParseOptions &Options = ParseOptions()) {
  return Module::parse(std::string_view(Bytes, Size), Options);
}

} // namespace ptxinject::module

// The runtime's C++ API keeps its ptxinject:: spelling (docs/runtime.md).
namespace ptxinject {
using module::parseEmbeddedPtx;
} // namespace ptxinject

/// parseEmbeddedPtx for the arrays EMBED SYMBOL defines: SYMBOL and
/// SYMBOL_size.
#define PTXINJECT_PARSE_EMBEDDED(SYMBOL)                                       \
  ::ptxinject::parseEmbeddedPtx(SYMBOL, SYMBOL##_size)

#endif
