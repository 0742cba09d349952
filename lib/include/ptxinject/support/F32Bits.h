//===- F32Bits.h - An f32 and its 32 bits ------------------------*- C++
//-*-===//
//
// The evaluators keep f32 values as their bit patterns (what a PTX register
// holds) and do arithmetic on them as floats. Header-only, for the LLVM-free
// core and the runtime alike.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_SUPPORT_F32BITS_H
#define PTXINJECT_SUPPORT_F32BITS_H

#include <cstdint>
#include <cstring>

namespace ptxinject {

/// The f32 whose bit pattern is Bits.
inline float asFloat(uint32_t Bits) {
  float F;
  std::memcpy(&F, &Bits, 4);
  return F;
}

/// The bit pattern of F.
inline uint32_t asBits(float F) {
  uint32_t Bits;
  std::memcpy(&Bits, &F, 4);
  return Bits;
}

} // namespace ptxinject

#endif
