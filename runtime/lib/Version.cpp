//===- Version.cpp - Runtime version string -------------------------------===//
#include "ptxinject/RuntimeVersion.h"

const char *ptxinject::runtimeVersion() { return PTXINJECT_VERSION; }
