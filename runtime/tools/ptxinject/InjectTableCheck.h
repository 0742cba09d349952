//===- InjectTableCheck.h - inspect --check against a golden ---*- C++ -*-===//
#ifndef PTXINJECT_TOOLS_INJECTTABLECHECK_H
#define PTXINJECT_TOOLS_INJECTTABLECHECK_H

#include "ptxinject/module/Module.h"

#include <cstdio>
#include <string>

namespace ptxinject {
namespace tool {

/// `ptxinject inspect --check`: compares M's table with the golden at
/// GoldenPath and, when ManifestPath is not empty, checks that no manifest
/// site vanished. Differences go to Out as "GOLDEN:LINE: MESSAGE" lines;
/// errors (unreadable or malformed files) to Err as
/// "FILE:LINE:COLUMN: error: ...". Returns 0 equal, 1 different, 2 error.
int checkInjectTableFile(const std::string &GoldenPath, const Module &M,
                         const std::string &ManifestPath, std::FILE *Out,
                         std::FILE *Err);

} // namespace tool
} // namespace ptxinject

#endif
