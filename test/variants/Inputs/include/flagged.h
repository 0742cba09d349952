// Found only through -I after '--'; needs -DVARIANT_SCALE as well.
#pragma once
#ifndef VARIANT_SCALE
#error "compile with -DVARIANT_SCALE=<float>"
#endif
template <class T> constexpr T variantScale() { return T(VARIANT_SCALE); }
