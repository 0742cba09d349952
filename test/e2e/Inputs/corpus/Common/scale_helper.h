// A shared header found through the corpus' Common/ folder.
#pragma once
__device__ inline float scaled(float x) { return 2.0f * x; }
