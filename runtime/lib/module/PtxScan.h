//===- PtxScan.h - The byte scans under the PTX parser ----------*- C++ -*-===//
//
// Private to the runtime. Every byte of the PTX goes through exactly one of
// two kernels: findCapitalP (the search for the next marker candidate) or
// countNewlines (the span a site covers). Both count newlines, so every site
// knows its line without a second pass, and both note bytes >= 0x80, so
// UTF-8 is decoded only for the rare PTX that has any. AVX2 is used when the
// processor has it; the build targets baseline x86-64.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_RUNTIME_PTXSCAN_H
#define PTXINJECT_RUNTIME_PTXSCAN_H

#include <cstddef>
#include <string_view>

namespace ptxinject::module {

/// Offset of the first 'P' in [P, P + N), or N. Adds the newlines before it
/// to Lines and sets High when a byte before it is >= 0x80.
using FindCapitalPFn = size_t (*)(const char *P, size_t N, size_t &Lines,
                                  unsigned &High);
/// Number of '\n' in [P, P + N); sets High when a byte is >= 0x80.
using CountNewlinesFn = size_t (*)(const char *P, size_t N, unsigned &High);

/// The fastest kernels this processor runs, chosen once.
struct ScanKernels {
  FindCapitalPFn FindCapitalP;
  CountNewlinesFn CountNewlines;
};
const ScanKernels &scanKernels();

/// Number of '\n' in [P, P + N).
size_t countNewlines(const char *P, size_t N);

/// True when some byte has its high bit set; only then is UTF-8 decoded.
bool hasHighBit(std::string_view Text);

/// Offset of the first byte that does not belong to valid UTF-8, or npos.
size_t findInvalidUtf8(const char *Text, size_t Size);

} // namespace ptxinject::module

#endif
