//===- ByteCodec.cpp - Strings, object headers, errors --------------------===//
//
// The parts of the wire format every kind shares: the 16-byte object header
// checked before a body is read, strings with their NULL length, and the
// two kinds of failure (a value a writer cannot represent, a buffer a
// reader cannot decode).
//
//===----------------------------------------------------------------------===//
#include "ByteCodec.h"

namespace ptxinject {
namespace serialize {

Error invalid(std::string Message) {
  return Error::make(ErrorCode::InvalidArgument, std::move(Message));
}

Error corrupt(size_t Offset, const std::string &What) {
  return Error::make(ErrorCode::InvalidEncoding,
                     "byte " + std::to_string(Offset) + ": " + What);
}

bool putString(Bytes &Out, const char *S, std::string &Error) {
  if (!S) {
    putU32(Out, NullString);
    return true;
  }
  size_t N = std::strlen(S);
  if (N >= NullString) {
    Error = "a string is 4 GiB or longer";
    return false;
  }
  putU32(Out, uint32_t(N));
  Out.insert(Out.end(), S, S + N);
  return true;
}

namespace {
const char *kindName(uint16_t K) {
  switch (K) {
  case uint16_t(Kind::CompilerInfo):
    return "compiler info";
  case uint16_t(Kind::StackInfo):
    return "stack info";
  case uint16_t(Kind::Registers):
    return "registers";
  case uint16_t(Kind::Requests):
    return "requests";
  case uint16_t(Kind::Instructions):
    return "instructions";
  case uint16_t(Kind::Ptx):
    return "PTX";
  case uint16_t(Kind::Extra):
    return "extra info";
  case uint16_t(Kind::RefCompilerInfo):
    return "reference compiler info";
  case uint16_t(Kind::RefStackInfo):
    return "reference stack info";
  case uint16_t(Kind::RefInstructions):
    return "reference instructions";
  default:
    return nullptr;
  }
}
} // namespace

bool Reader::open(Kind Expected, Body &Out) const {
  if (!Data && Size)
    return Out.fail(0, "no buffer");
  size_t Left = Size - Pos;
  if (Left < HeaderSize)
    return Out.fail(Pos, "truncated header: " + std::to_string(HeaderSize) +
                             " bytes needed, " + std::to_string(Left) +
                             " left");
  const uint8_t *H = Data + Pos;
  if (std::memcmp(H, Magic, 4) != 0)
    return Out.fail(Pos, "not a serialized Stack PTX object (bad magic)");
  uint16_t Version = uint16_t(H[4] | (H[5] << 8));
  if (Version != FormatVersion)
    return Out.fail(Pos + 4,
                    "format version " + std::to_string(Version) +
                        " is not supported; this reader reads version " +
                        std::to_string(FormatVersion));
  uint16_t K = uint16_t(H[6] | (H[7] << 8));
  if (K != uint16_t(Expected)) {
    const char *Name = kindName(K);
    return Out.fail(Pos + 6,
                    std::string("expected ") + kindName(uint16_t(Expected)) +
                        ", found " +
                        (Name ? Name : "unknown kind " + std::to_string(K)));
  }
  uint64_t BodySize = 0;
  for (int I = 0; I < 8; ++I)
    BodySize |= uint64_t(H[8 + I]) << (8 * I);
  if (BodySize > Left - HeaderSize)
    return Out.fail(Pos + 8, "body of " + std::to_string(BodySize) +
                                 " bytes, only " +
                                 std::to_string(Left - HeaderSize) + " left");
  Out.P = H + HeaderSize;
  Out.Left = size_t(BodySize);
  Out.Offset = Pos + HeaderSize;
  return true;
}

bool Reader::close(Body &B) {
  if (!B.done())
    return false;
  Pos = B.Offset;
  return true;
}

} // namespace serialize
} // namespace ptxinject
