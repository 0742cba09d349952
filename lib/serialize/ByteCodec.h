//===- ByteCodec.h - Fields, object framing and bounded reads --*- C++ -*-===//
//
// What the layouts share: little-endian fields written one byte at a time
// (never a struct's memory, so a buffer does not depend on padding or host
// byte order), the object header, and Reader::Body, which checks every
// length against the bytes left before anything is allocated or copied.
// Private to lib/serialize.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_SERIALIZE_BYTECODEC_H
#define PTXINJECT_SERIALIZE_BYTECODEC_H

#include "ptxinject/serialize/Serialize.h"

#include <cstring>
#include <limits>

namespace ptxinject {
namespace serialize {

constexpr uint8_t Magic[4] = {'S', 'P', 'X', 'W'};
constexpr uint32_t NullString = 0xFFFFFFFFu;

/// A write refused for input that cannot be represented.
Error invalid(std::string Message);
/// A buffer that does not decode, at byte Offset of the whole buffer.
Error corrupt(size_t Offset, const std::string &What);

/// Both NULL, or both strings with the same bytes.
bool sameString(const char *X, const char *Y);

inline void putU8(Bytes &Out, uint8_t V) { Out.push_back(V); }
inline void putU16(Bytes &Out, uint16_t V) {
  Out.push_back(uint8_t(V));
  Out.push_back(uint8_t(V >> 8));
}
inline void putU32(Bytes &Out, uint32_t V) {
  for (int I = 0; I < 4; ++I)
    Out.push_back(uint8_t(V >> (8 * I)));
}
inline void putU64(Bytes &Out, uint64_t V) {
  for (int I = 0; I < 8; ++I)
    Out.push_back(uint8_t(V >> (8 * I)));
}

/// A string as u32 length + bytes; NULL as the NullString length. False,
/// with Error set, for a string of 4 GiB or more.
bool putString(Bytes &Out, const char *S, std::string &Error);

/// Starts an object; finish() patches its body size once it is written.
class Object {
public:
  Object(Bytes &Out, Kind K) : Out(Out), Start(Out.size()) {
    Out.insert(Out.end(), Magic, Magic + 4);
    putU16(Out, FormatVersion);
    putU16(Out, uint16_t(K));
    putU64(Out, 0);
  }
  void finish() {
    uint64_t Body = Out.size() - Start - HeaderSize;
    for (int I = 0; I < 8; ++I)
      Out[Start + 8 + I] = uint8_t(Body >> (8 * I));
  }
  /// Drops a half-written object, so a failed writer leaves Out unchanged.
  void abandon() { Out.resize(Start); }

private:
  Bytes &Out;
  size_t Start;
};

/// One read's cursor over its object: Reader::open, close and the bounded
/// reads return false at the first byte that does not decode and keep why,
/// for the read to return (take()). It lives for one read, so no failure
/// outlasts the read that met it.
class Reader::Body {
public:
  const uint8_t *P = nullptr;
  size_t Left = 0;
  size_t Offset = 0; // of P within the whole buffer, for messages

  bool fail(size_t At, const std::string &What) {
    if (!Failure)
      Failure = corrupt(At, What);
    return false;
  }
  /// The first failure; success while there is none.
  Error take() { return std::move(Failure); }

  bool need(size_t N, const char *What) {
    if (N <= Left)
      return true;
    return fail(Offset, std::string("truncated ") + What + ": " +
                            std::to_string(N) + " bytes needed, " +
                            std::to_string(Left) + " left");
  }
  void skip(size_t N) {
    P += N;
    Left -= N;
    Offset += N;
  }
  bool u8(uint8_t &V, const char *What) {
    if (!need(1, What))
      return false;
    V = P[0];
    skip(1);
    return true;
  }
  bool u16(uint16_t &V, const char *What) {
    if (!need(2, What))
      return false;
    V = uint16_t(P[0] | (P[1] << 8));
    skip(2);
    return true;
  }
  bool u32(uint32_t &V, const char *What) {
    if (!need(4, What))
      return false;
    V = 0;
    for (int I = 0; I < 4; ++I)
      V |= uint32_t(P[I]) << (8 * I);
    skip(4);
    return true;
  }
  bool u64(uint64_t &V, const char *What) {
    if (!need(8, What))
      return false;
    V = 0;
    for (int I = 0; I < 8; ++I)
      V |= uint64_t(P[I]) << (8 * I);
    skip(8);
    return true;
  }
  bool size(size_t &V, const char *What) {
    uint64_t W;
    if (!u64(W, What))
      return false;
    if (W > std::numeric_limits<size_t>::max())
      return fail(Offset - 8, std::string(What) + " does not fit in size_t");
    V = size_t(W);
    return true;
  }
  /// A count of elements of at least MinBytes each: it cannot exceed what is
  /// left, so a corrupted count never drives a huge allocation.
  bool count(size_t &N, size_t MinBytes, const char *What) {
    if (!size(N, What))
      return false;
    if (N > Left / MinBytes)
      return fail(Offset - 8, std::string(What) + " " + std::to_string(N) +
                                  " is more than the " + std::to_string(Left) +
                                  " bytes left can hold");
    return true;
  }
  bool string(std::string &S, bool &IsNull, const char *What) {
    uint32_t N;
    if (!u32(N, What))
      return false;
    IsNull = N == NullString;
    S.clear();
    if (IsNull)
      return true;
    if (!need(N, What))
      return false;
    if (std::memchr(P, 0, N))
      return fail(Offset, std::string(What) + " holds a NUL byte");
    S.assign(reinterpret_cast<const char *>(P), N);
    skip(N);
    return true;
  }
  /// The object must be read exactly: bytes left over mean a corrupted size.
  bool done() {
    if (Left)
      return fail(Offset, std::to_string(Left) +
                              " unread bytes at the end of the object");
    return true;
  }

private:
  Error Failure;
};

template <class Stubs, class ReadWord>
Error Reader::readStubs(Kind Expected, Stubs &Out, ReadWord Read) {
  Body B;
  size_t N = 0;
  if (!open(Expected, B) || !B.count(N, 16, "instruction stub count"))
    return B.take();
  Stubs All(N);
  for (size_t I = 0; I < N; ++I) {
    size_t M = 0;
    size_t At = B.Offset;
    if (!B.count(M, 8, "instruction count"))
      return B.take();
    if (M == 0)
      return corrupt(At, "instruction stub " + std::to_string(I) +
                             " is empty; it needs a return");
    All[I].resize(M);
    for (size_t J = 0; J < M; ++J) {
      At = B.Offset;
      bool IsReturn = false;
      if (!Read(B, All[I][J], IsReturn))
        return B.take();
      if (IsReturn != (J + 1 == M))
        return corrupt(At, "instruction stub " + std::to_string(I) +
                               (IsReturn ? " has a return before its end"
                                         : " does not end with a return"));
    }
  }
  if (!close(B))
    return B.take();
  Out = std::move(All);
  return Error::success();
}

} // namespace serialize
} // namespace ptxinject

#endif // PTXINJECT_SERIALIZE_BYTECODEC_H
