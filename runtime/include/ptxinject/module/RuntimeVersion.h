//===- RuntimeVersion.h - Version of the runtime library --------*- C++ -*-===//
#ifndef PTXINJECT_RUNTIMEVERSION_H
#define PTXINJECT_RUNTIMEVERSION_H
namespace ptxinject::module {
/// The project version the runtime was built from, e.g. "0.1.0".
const char *runtimeVersion();
} // namespace ptxinject::module

// The runtime's C++ API keeps its ptxinject:: spelling (docs/runtime.md).
namespace ptxinject {
using module::runtimeVersion;
} // namespace ptxinject
#endif
