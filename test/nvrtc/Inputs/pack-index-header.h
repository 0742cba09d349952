// Instantiates cuda::std::tuple_element_t while the header is parsed, so a
// precompiled include block holds the specialization the kernel uses.
#pragma once
#include <cuda/std/tuple>

using Second = cuda::std::tuple_element_t<1, cuda::std::tuple<int, float>>;
