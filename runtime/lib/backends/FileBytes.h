//===- FileBytes.h - Whole-file reads and writes on descriptors -*- C++ -*-===//
//
// The ptxas back end hands files to a child process and the variant cache
// shares files between processes; both need reads and writes that survive
// signals (EINTR) and short writes, which iostreams hide behind a state
// bit without saying what went wrong. Internal to the PtxInject::cubin library.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_RUNTIME_FILEBYTES_H
#define PTXINJECT_RUNTIME_FILEBYTES_H

#include <string>
#include <string_view>

namespace ptxinject {
namespace detail {

/// The whole content of Path into Out; false when it cannot be opened or read.
bool readFileBytes(const std::string &Path, std::string &Out);

/// Writes all of Bytes to the open descriptor Fd (retrying short writes and
/// interrupted calls); false on an error, errno telling which. Does not
/// close Fd.
bool writeAllBytes(int Fd, std::string_view Bytes);

} // namespace detail
} // namespace ptxinject

#endif
