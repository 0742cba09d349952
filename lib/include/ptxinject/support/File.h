//===- File.h - Whole-file reads and all-or-nothing writes ------*- C++ -*-===//
//
// The one file layer of the project. Reads and writes go through
// descriptors and survive interrupted calls (EINTR) and short writes, which
// iostreams hide behind a state bit. A write is all or nothing: readers
// (another thread, another process, a user after a failed run) see the old
// file or the whole new one, never a part.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_SUPPORT_FILE_H
#define PTXINJECT_SUPPORT_FILE_H

#include "ptxinject/support/Error.h"

#include <string>
#include <string_view>

namespace ptxinject {

/// The whole content of Path; "-" reads standard input. A failure is a
/// FileError whose message names the step and the system's reason
/// ("cannot open for reading: No such file or directory"), not the path.
Expected<std::string> readFile(const std::string &Path);

/// Writes Bytes to Path through a temporary file in Path's folder (unique
/// per process and call) and a rename over Path, so the rename stays on one
/// file system. On failure Path is untouched and the temporary removed.
/// "-" writes standard output. Returns a FileError as readFile does.
Error writeFileAtomically(const std::string &Path, std::string_view Bytes);

/// True when Path names a file this process may execute.
bool isExecutable(const std::string &Path);

} // namespace ptxinject

#endif // PTXINJECT_SUPPORT_FILE_H
