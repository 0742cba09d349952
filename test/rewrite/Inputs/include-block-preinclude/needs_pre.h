// Part of the include block; compiles only after pre.h.
#ifndef PRE_SCALE
#error PRE_SCALE must come from -include pre.h
#endif
constexpr int kScale = PRE_SCALE;
using Elem = float;
