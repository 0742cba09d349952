//===- RuntimeError.h - Errors of PTX parsing and rendering -----*- C++ -*-===//
//
// The runtime's errors are the core's located Error and Expected; this name
// stays for the code that includes it.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_RUNTIMEERROR_H
#define PTXINJECT_RUNTIMEERROR_H

#include "ptxinject/support/Error.h"

#endif
