//===- RuntimeVersion.h - Version of the runtime library --------*- C++ -*-===//
#ifndef PTXINJECT_RUNTIMEVERSION_H
#define PTXINJECT_RUNTIMEVERSION_H
namespace ptxinject {
/// The project version the runtime was built from, e.g. "0.1.0".
const char *runtimeVersion();
} // namespace ptxinject
#endif
