// A program without a site that Clang rejects (the undeclared name stands
// for what Clang and NVRTC disagree on): its rewrite is the program itself.
#include "helper.h"

__device__ float twice(float x) { return nvrtc_only_builtin(x); }
