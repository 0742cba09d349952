// Found only through the kernel's own folder.
#pragma once
__device__ inline float scale(float v) { return 2.0f * v; }
