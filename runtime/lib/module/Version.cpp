//===- Version.cpp - Runtime version string -------------------------------===//
#include "ptxinject/module/RuntimeVersion.h"

const char *ptxinject::module::runtimeVersion() { return PTXINJECT_VERSION; }
