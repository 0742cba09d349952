//===- Serialize.cpp - Flat buffers for Stack PTX inputs ------------------===//
//
// Writers emit explicit little-endian fields (never a struct's memory, so a
// buffer does not depend on padding or host byte order); readers check every
// length against the bytes left before they allocate or copy. The reference
// kinds use the reference's types from stack_ptx.h.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/serialize/Serialize.h"

#include <cstring>
#include <limits>

namespace ptxinject {
namespace serialize {

namespace {

/// A write refused for input that cannot be represented.
Error invalid(std::string Message) {
  return Error::make(ErrorCode::InvalidArgument, std::move(Message));
}

constexpr uint8_t Magic[4] = {'S', 'P', 'X', 'W'};
constexpr uint32_t NullString = 0xFFFFFFFFu;

void putU8(Bytes &Out, uint8_t V) { Out.push_back(V); }
void putU16(Bytes &Out, uint16_t V) {
  Out.push_back(uint8_t(V));
  Out.push_back(uint8_t(V >> 8));
}
void putU32(Bytes &Out, uint32_t V) {
  for (int I = 0; I < 4; ++I)
    Out.push_back(uint8_t(V >> (8 * I)));
}
void putU64(Bytes &Out, uint64_t V) {
  for (int I = 0; I < 8; ++I)
    Out.push_back(uint8_t(V >> (8 * I)));
}

/// A string as u32 length + bytes; NULL as the NullString length.
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

void putInstruction(Bytes &Out, const StackPtxFastInstruction &I) {
  putU8(Out, I.kind);
  putU8(Out, I.stack_idx);
  putU16(Out, I.idx);
  putU32(Out, I.payload.u);
}

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

void writeCompilerInfo(const StackPtxFastCompilerInfo &Info, Bytes &Out) {
  Object O(Out, Kind::CompilerInfo);
  putU64(Out, Info.max_ast_size);
  putU64(Out, Info.stack_size);
  putU64(Out, Info.store_size);
  putU64(Out, Info.max_frame_depth);
  putU64(Out, Info.execution_limit);
  O.finish();
}

Error writeStackInfo(const StackPtxFastInstructionSetInfo &Set, Bytes &Out) {
  std::string Message;
  if ((Set.num_stack_types && !Set.stack_types) ||
      (Set.num_arg_types && !Set.arg_types) ||
      (Set.num_instructions && !Set.instructions) ||
      (Set.num_special_registers && !Set.special_registers)) {
    return invalid("an instruction set table is NULL with a non-zero count");
  }
  Object O(Out, Kind::StackInfo);
  bool Ok = true;
  putU64(Out, Set.num_stack_types);
  for (size_t I = 0; I < Set.num_stack_types && Ok; ++I) {
    const StackPtxFastStackTypeInfo &T = Set.stack_types[I];
    Ok = putString(Out, T.name, Message) && putString(Out, T.reg_type, Message);
    putU8(Out, T.constant_kind);
  }
  putU64(Out, Set.num_arg_types);
  for (size_t I = 0; I < Set.num_arg_types && Ok; ++I) {
    Ok = putString(Out, Set.arg_types[I].name, Message);
    putU8(Out, Set.arg_types[I].stack_idx);
    putU8(Out, Set.arg_types[I].num_vec_elems);
  }
  putU64(Out, Set.num_instructions);
  for (size_t I = 0; I < Set.num_instructions && Ok; ++I) {
    const StackPtxFastPtxInstructionInfo &P = Set.instructions[I];
    Ok = putString(Out, P.ptx, Message) && putString(Out, P.display, Message);
    putU8(Out, P.num_args);
    putU8(Out, P.num_rets);
    for (uint8_t A : P.args)
      putU8(Out, A);
    for (uint8_t R : P.rets)
      putU8(Out, R);
    putU8(Out, P.aligned);
  }
  putU64(Out, Set.num_special_registers);
  for (size_t I = 0; I < Set.num_special_registers && Ok; ++I) {
    if (!Set.special_registers[I].ptx) {
      Message = "special register " + std::to_string(I) + " has no PTX name";
      Ok = false;
      break;
    }
    Ok = putString(Out, Set.special_registers[I].ptx, Message);
    putU8(Out, Set.special_registers[I].arg_type);
  }
  if (!Ok) {
    O.abandon();
    return invalid(Message);
  }
  O.finish();
  return Error::success();
}

Error writeRegisters(Span<StackPtxFastRegister> Registers, Bytes &Out) {
  std::string Message;
  if (Registers.size() && !Registers.data()) {
    return invalid("registers is NULL with a non-zero count");
  }
  for (size_t I = 0; I < Registers.size(); ++I)
    if (!Registers[I].name) {
      return invalid("register " + std::to_string(I) + " has no name");
    }
  Object O(Out, Kind::Registers);
  putU64(Out, Registers.size());
  for (const StackPtxFastRegister &R : Registers) {
    putU64(Out, R.stack_idx);
    if (!putString(Out, R.name, Message)) {
      O.abandon();
      return invalid(Message);
    }
  }
  O.finish();
  return Error::success();
}

Error writeRequests(Span<const size_t *> Stubs, Span<size_t> Sizes,
                    Bytes &Out) {
  if (Stubs.size() != Sizes.size() ||
      (Stubs.size() && (!Stubs.data() || !Sizes.data()))) {
    return invalid(
        "request stubs or their sizes are NULL with a non-zero count");
  }
  for (size_t I = 0; I < Stubs.size(); ++I)
    if (Sizes[I] && !Stubs[I]) {
      return invalid("request stub " + std::to_string(I) +
                     " is NULL with a non-zero size");
    }
  Object O(Out, Kind::Requests);
  putU64(Out, Stubs.size());
  for (size_t I = 0; I < Stubs.size(); ++I) {
    putU64(Out, Sizes[I]);
    for (size_t J = 0; J < Sizes[I]; ++J)
      putU64(Out, Stubs[I][J]);
  }
  O.finish();
  return Error::success();
}

Error writeInstructions(Span<const StackPtxFastInstruction *> Stubs,
                        Bytes &Out) {
  if (Stubs.size() && !Stubs.data()) {
    return invalid("instruction stubs is NULL with a non-zero count");
  }
  for (size_t I = 0; I < Stubs.size(); ++I)
    if (!Stubs[I]) {
      return invalid("instruction stub " + std::to_string(I) + " is NULL");
    }
  Object O(Out, Kind::Instructions);
  putU64(Out, Stubs.size());
  for (const StackPtxFastInstruction *Stub : Stubs) {
    size_t N = 0;
    while (Stub[N].kind != STACK_PTX_FAST_INSTRUCTION_KIND_RETURN)
      ++N;
    putU64(Out, N + 1);
    for (size_t J = 0; J <= N; ++J)
      putInstruction(Out, Stub[J]);
  }
  O.finish();
  return Error::success();
}

void writePtx(std::string_view Ptx, Bytes &Out) {
  Object O(Out, Kind::Ptx);
  putU64(Out, Ptx.size());
  Out.insert(Out.end(), Ptx.begin(), Ptx.end());
  O.finish();
}

void writeExtra(const ExtraInfo &Extra, Bytes &Out) {
  Object O(Out, Kind::Extra);
  putU32(Out, Extra.DeviceCapabilityMajor);
  putU32(Out, Extra.DeviceCapabilityMinor);
  putU64(Out, Extra.ExecutionLimit);
  O.finish();
}

// ---- Writing the reference layouts ----------------------------------------

void writeRefCompilerInfo(const StackPtxCompilerInfo &Info, Bytes &Out) {
  Object O(Out, Kind::RefCompilerInfo);
  putU64(Out, Info.max_ast_size);
  putU64(Out, Info.max_ast_to_visit_stack_depth);
  putU64(Out, Info.stack_size);
  putU64(Out, Info.max_frame_depth);
  putU64(Out, Info.store_size);
  O.finish();
}

namespace {
/// A table of N non-NULL strings (What names it in the error).
bool putStrings(Bytes &Out, const char *const *Strings, size_t N,
                const char *What, std::string &Error) {
  putU64(Out, N);
  for (size_t I = 0; I < N; ++I) {
    if (!Strings[I]) {
      Error = std::string(What) + " " + std::to_string(I) + " is NULL";
      return false;
    }
    if (!putString(Out, Strings[I], Error))
      return false;
  }
  return true;
}
} // namespace

Error writeRefStackInfo(const StackPtxStackInfo &S, Bytes &Out) {
  std::string Message;
  if ((S.num_ptx_instructions &&
       (!S.ptx_instruction_strings || !S.ptx_instruction_descriptors)) ||
      (S.num_special_registers &&
       (!S.special_register_strings || !S.special_register_descriptors)) ||
      (S.num_stacks && !S.stack_literal_prefixes) ||
      (S.num_arg_types && !S.arg_type_info)) {
    return invalid("a NULL table with a non-zero count");
  }
  Object O(Out, Kind::RefStackInfo);
  bool Ok = putStrings(Out, S.ptx_instruction_strings, S.num_ptx_instructions,
                       "PTX instruction string", Message);
  for (size_t I = 0; Ok && I < S.num_ptx_instructions; ++I) {
    const StackPtxPtxInstructionDescriptor &D =
        S.ptx_instruction_descriptors[I];
    // Indexed reads: the descriptor is packed, so its arrays may be
    // misaligned and must not be bound to references.
    for (int A = 0; A < 4; ++A)
      putU16(Out, D.arg_types[A]);
    for (int R = 0; R < 2; ++R)
      putU16(Out, D.ret_types[R]);
    putU16(Out, D.num_unique_stacks);
    putU8(Out, D.is_aligned ? 1 : 0);
    for (int U = 0; U < 4; ++U) {
      putU16(Out, D.unique_stacks[U].stack_idx);
      putU16(Out, D.unique_stacks[U].num_values);
    }
  }
  Ok =
      Ok && putStrings(Out, S.special_register_strings, S.num_special_registers,
                       "special register string", Message);
  for (size_t I = 0; Ok && I < S.num_special_registers; ++I)
    putU16(Out, S.special_register_descriptors[I].arg_type_idx);
  Ok = Ok && putStrings(Out, S.stack_literal_prefixes, S.num_stacks,
                        "stack literal prefix", Message);
  if (Ok) {
    putU64(Out, S.num_arg_types);
    for (size_t I = 0; I < S.num_arg_types; ++I) {
      putU16(Out, S.arg_type_info[I].stack_idx);
      putU16(Out, S.arg_type_info[I].num_vec_elems);
    }
  }
  if (!Ok) {
    O.abandon();
    return invalid(Message);
  }
  O.finish();
  return Error::success();
}

Error writeRefInstructions(Span<const StackPtxInstruction *> Stubs,
                           Bytes &Out) {
  if (Stubs.size() && !Stubs.data()) {
    return invalid("NULL instruction stubs with a non-zero count");
  }
  for (size_t I = 0; I < Stubs.size(); ++I)
    if (!Stubs[I]) {
      return invalid("instruction stub " + std::to_string(I) + " is NULL");
    }
  Object O(Out, Kind::RefInstructions);
  putU64(Out, Stubs.size());
  for (const StackPtxInstruction *Stub : Stubs) {
    size_t N = 0;
    while (Stub[N].instruction_type != STACK_PTX_INSTRUCTION_TYPE_RETURN)
      ++N;
    putU64(Out, N + 1);
    for (size_t J = 0; J <= N; ++J) {
      putU16(Out, Stub[J].instruction_type);
      putU16(Out, Stub[J].aux);
      putU32(Out, Stub[J].payload.u);
    }
  }
  O.finish();
  return Error::success();
}

// ---- Reading -------------------------------------------------------------

/// The body of one object: bounded reads that fail at the first byte that
/// is not there.
class Reader::Body {
public:
  const uint8_t *P = nullptr;
  size_t Left = 0;
  size_t Offset = 0; // of P within the whole buffer, for messages
  Reader *R = nullptr;

  bool need(size_t N, const char *What) {
    if (N <= Left)
      return true;
    return R->fail(Offset, std::string("truncated ") + What + ": " +
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
      return R->fail(Offset - 8, std::string(What) + " does not fit in size_t");
    V = size_t(W);
    return true;
  }
  /// A count of elements of at least MinBytes each: it cannot exceed what is
  /// left, so a corrupted count never drives a huge allocation.
  bool count(size_t &N, size_t MinBytes, const char *What) {
    if (!size(N, What))
      return false;
    if (N > Left / MinBytes)
      return R->fail(Offset - 8, std::string(What) + " " + std::to_string(N) +
                                     " is more than the " +
                                     std::to_string(Left) +
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
      return R->fail(Offset, std::string(What) + " holds a NUL byte");
    S.assign(reinterpret_cast<const char *>(P), N);
    skip(N);
    return true;
  }
  bool instruction(StackPtxFastInstruction &I) {
    if (!need(8, "instruction"))
      return false;
    I.kind = P[0];
    I.stack_idx = P[1];
    I.idx = uint16_t(P[2] | (P[3] << 8));
    I.payload.u = uint32_t(P[4]) | uint32_t(P[5]) << 8 | uint32_t(P[6]) << 16 |
                  uint32_t(P[7]) << 24;
    skip(8);
    return true;
  }
  /// The object must be read exactly: bytes left over mean a corrupted size.
  bool done() {
    if (Left)
      return R->fail(Offset, std::to_string(Left) +
                                 " unread bytes at the end of the object");
    return true;
  }
};

bool Reader::fail(size_t Offset, const std::string &What) {
  if (Error.empty())
    Error = "byte " + std::to_string(Offset) + ": " + What;
  return false;
}

bool Reader::open(Kind Expected, Body &Out) {
  if (!Error.empty())
    return false;
  if (!Data && Size)
    return fail(0, "no buffer");
  size_t Left = Size - Pos;
  if (Left < HeaderSize)
    return fail(Pos, "truncated header: " + std::to_string(HeaderSize) +
                         " bytes needed, " + std::to_string(Left) + " left");
  const uint8_t *H = Data + Pos;
  if (std::memcmp(H, Magic, 4) != 0)
    return fail(Pos, "not a serialized Stack PTX object (bad magic)");
  uint16_t Version = uint16_t(H[4] | (H[5] << 8));
  if (Version != FormatVersion)
    return fail(Pos + 4, "format version " + std::to_string(Version) +
                             " is not supported; this reader reads version " +
                             std::to_string(FormatVersion));
  uint16_t K = uint16_t(H[6] | (H[7] << 8));
  if (K != uint16_t(Expected)) {
    const char *Name = kindName(K);
    return fail(Pos + 6,
                std::string("expected ") + kindName(uint16_t(Expected)) +
                    ", found " +
                    (Name ? Name : "unknown kind " + std::to_string(K)));
  }
  uint64_t BodySize = 0;
  for (int I = 0; I < 8; ++I)
    BodySize |= uint64_t(H[8 + I]) << (8 * I);
  if (BodySize > Left - HeaderSize)
    return fail(Pos + 8, "body of " + std::to_string(BodySize) +
                             " bytes, only " +
                             std::to_string(Left - HeaderSize) + " left");
  Out.P = H + HeaderSize;
  Out.Left = size_t(BodySize);
  Out.Offset = Pos + HeaderSize;
  Out.R = this;
  return true;
}

bool Reader::readCompilerInfo(StackPtxFastCompilerInfo &Out) {
  Body B;
  StackPtxFastCompilerInfo Info{};
  if (!open(Kind::CompilerInfo, B) ||
      !B.size(Info.max_ast_size, "max_ast_size") ||
      !B.size(Info.stack_size, "stack_size") ||
      !B.size(Info.store_size, "store_size") ||
      !B.size(Info.max_frame_depth, "max_frame_depth") ||
      !B.size(Info.execution_limit, "execution_limit") || !B.done())
    return false;
  Out = Info;
  Pos = B.Offset;
  return true;
}

const char *OwnedStackInfo::keep(const std::string *S) {
  if (!S)
    return nullptr;
  Strings.push_back(*S);
  return Strings.back().c_str();
}

void OwnedStackInfo::link() {
  Info.stack_types = StackTypes.data();
  Info.num_stack_types = StackTypes.size();
  Info.arg_types = ArgTypes.data();
  Info.num_arg_types = ArgTypes.size();
  Info.instructions = Instructions.data();
  Info.num_instructions = Instructions.size();
  Info.special_registers = SpecialRegisters.data();
  Info.num_special_registers = SpecialRegisters.size();
}

bool Reader::readStackInfo(OwnedStackInfo &Out) {
  Body B;
  if (!open(Kind::StackInfo, B))
    return false;
  OwnedStackInfo S;
  std::string Text, Text2;
  bool Null = false, Null2 = false;
  size_t N = 0;
  // Minimum encoded sizes: two NULL strings + 1 byte; one + 2 bytes; two +
  // 9 bytes; one + 1 byte.
  if (!B.count(N, 9, "stack type count"))
    return false;
  for (size_t I = 0; I < N; ++I) {
    StackPtxFastStackTypeInfo T{};
    if (!B.string(Text, Null, "stack type name") ||
        !B.string(Text2, Null2, "stack type register type") ||
        !B.u8(T.constant_kind, "constant kind"))
      return false;
    T.name = S.keep(Null ? nullptr : &Text);
    T.reg_type = S.keep(Null2 ? nullptr : &Text2);
    S.StackTypes.push_back(T);
  }
  if (!B.count(N, 6, "arg type count"))
    return false;
  for (size_t I = 0; I < N; ++I) {
    StackPtxFastArgTypeInfo A{};
    if (!B.string(Text, Null, "arg type name") ||
        !B.u8(A.stack_idx, "arg type stack") ||
        !B.u8(A.num_vec_elems, "arg type vector size"))
      return false;
    A.name = S.keep(Null ? nullptr : &Text);
    S.ArgTypes.push_back(A);
  }
  if (!B.count(N, 17, "instruction count"))
    return false;
  for (size_t I = 0; I < N; ++I) {
    StackPtxFastPtxInstructionInfo P{};
    if (!B.string(Text, Null, "instruction PTX") ||
        !B.string(Text2, Null2, "instruction display name") ||
        !B.u8(P.num_args, "instruction arg count") ||
        !B.u8(P.num_rets, "instruction ret count"))
      return false;
    for (uint8_t &A : P.args)
      if (!B.u8(A, "instruction arg type"))
        return false;
    for (uint8_t &R : P.rets)
      if (!B.u8(R, "instruction ret type"))
        return false;
    if (!B.u8(P.aligned, "instruction aligned flag"))
      return false;
    P.ptx = S.keep(Null ? nullptr : &Text);
    P.display = S.keep(Null2 ? nullptr : &Text2);
    S.Instructions.push_back(P);
  }
  if (!B.count(N, 5, "special register count"))
    return false;
  for (size_t I = 0; I < N; ++I) {
    StackPtxFastSpecialRegisterInfo R{};
    size_t At = B.Offset;
    if (!B.string(Text, Null, "special register PTX") ||
        !B.u8(R.arg_type, "special register arg type"))
      return false;
    if (Null)
      return fail(At,
                  "special register " + std::to_string(I) + " has no PTX name");
    R.ptx = S.keep(&Text);
    S.SpecialRegisters.push_back(R);
  }
  if (!B.done())
    return false;
  S.link();
  Out = std::move(S);
  Pos = B.Offset;
  return true;
}

bool Reader::readRegisters(std::vector<OwnedRegister> &Out) {
  Body B;
  size_t N = 0;
  if (!open(Kind::Registers, B) || !B.count(N, 12, "register count"))
    return false;
  std::vector<OwnedRegister> Regs(N);
  for (size_t I = 0; I < N; ++I) {
    bool Null = false;
    size_t At = B.Offset;
    if (!B.size(Regs[I].StackIdx, "register stack") ||
        !B.string(Regs[I].Name, Null, "register name"))
      return false;
    if (Null)
      return fail(At, "register " + std::to_string(I) + " has no name");
  }
  if (!B.done())
    return false;
  Out = std::move(Regs);
  Pos = B.Offset;
  return true;
}

bool Reader::readRequests(RequestStubs &Out) {
  Body B;
  size_t N = 0;
  if (!open(Kind::Requests, B) || !B.count(N, 8, "request stub count"))
    return false;
  RequestStubs Stubs(N);
  for (size_t I = 0; I < N; ++I) {
    size_t M = 0;
    if (!B.count(M, 8, "request count"))
      return false;
    Stubs[I].resize(M);
    for (size_t J = 0; J < M; ++J)
      if (!B.size(Stubs[I][J], "request"))
        return false;
  }
  if (!B.done())
    return false;
  Out = std::move(Stubs);
  Pos = B.Offset;
  return true;
}

template <class Stubs, class ReadWord>
bool Reader::readStubs(Kind Expected, Stubs &Out, ReadWord Read) {
  Body B;
  size_t N = 0;
  if (!open(Expected, B) || !B.count(N, 16, "instruction stub count"))
    return false;
  Stubs All(N);
  for (size_t I = 0; I < N; ++I) {
    size_t M = 0;
    size_t At = B.Offset;
    if (!B.count(M, 8, "instruction count"))
      return false;
    if (M == 0)
      return fail(At, "instruction stub " + std::to_string(I) +
                          " is empty; it needs a return");
    All[I].resize(M);
    for (size_t J = 0; J < M; ++J) {
      At = B.Offset;
      bool IsReturn = false;
      if (!Read(B, All[I][J], IsReturn))
        return false;
      if (IsReturn != (J + 1 == M))
        return fail(At, "instruction stub " + std::to_string(I) +
                            (IsReturn ? " has a return before its end"
                                      : " does not end with a return"));
    }
  }
  if (!B.done())
    return false;
  Out = std::move(All);
  Pos = B.Offset;
  return true;
}

bool Reader::readInstructions(InstructionStubs &Out) {
  return readStubs(Kind::Instructions, Out,
                   [](Body &B, StackPtxFastInstruction &W, bool &IsReturn) {
                     if (!B.instruction(W))
                       return false;
                     IsReturn =
                         W.kind == STACK_PTX_FAST_INSTRUCTION_KIND_RETURN;
                     return true;
                   });
}

bool Reader::readPtx(std::string &Out) {
  Body B;
  size_t N = 0;
  if (!open(Kind::Ptx, B) || !B.count(N, 1, "PTX size"))
    return false;
  if (std::memchr(B.P, 0, N))
    return fail(B.Offset, "the PTX holds a NUL byte");
  std::string Text(reinterpret_cast<const char *>(B.P), N);
  B.skip(N);
  if (!B.done())
    return false;
  Out = std::move(Text);
  Pos = B.Offset;
  return true;
}

bool Reader::readExtra(ExtraInfo &Out) {
  Body B;
  ExtraInfo E;
  uint32_t Major = 0, Minor = 0;
  if (!open(Kind::Extra, B) || !B.u32(Major, "device capability major") ||
      !B.u32(Minor, "device capability minor") ||
      !B.size(E.ExecutionLimit, "execution limit") || !B.done())
    return false;
  E.DeviceCapabilityMajor = Major;
  E.DeviceCapabilityMinor = Minor;
  Out = E;
  Pos = B.Offset;
  return true;
}

namespace {
bool sameString(const char *X, const char *Y) {
  if (!X || !Y)
    return X == Y;
  return std::strcmp(X, Y) == 0;
}
} // namespace

bool equalStackInfo(const StackPtxFastInstructionSetInfo &X,
                    const StackPtxFastInstructionSetInfo &Y) {
  if (X.num_stack_types != Y.num_stack_types ||
      X.num_arg_types != Y.num_arg_types ||
      X.num_instructions != Y.num_instructions ||
      X.num_special_registers != Y.num_special_registers)
    return false;
  for (size_t I = 0; I < X.num_stack_types; ++I) {
    const StackPtxFastStackTypeInfo &A = X.stack_types[I],
                                    &B = Y.stack_types[I];
    if (!sameString(A.name, B.name) || !sameString(A.reg_type, B.reg_type) ||
        A.constant_kind != B.constant_kind)
      return false;
  }
  for (size_t I = 0; I < X.num_arg_types; ++I)
    if (!sameString(X.arg_types[I].name, Y.arg_types[I].name) ||
        X.arg_types[I].stack_idx != Y.arg_types[I].stack_idx ||
        X.arg_types[I].num_vec_elems != Y.arg_types[I].num_vec_elems)
      return false;
  for (size_t I = 0; I < X.num_instructions; ++I) {
    const StackPtxFastPtxInstructionInfo &A = X.instructions[I],
                                         &B = Y.instructions[I];
    if (!sameString(A.ptx, B.ptx) || !sameString(A.display, B.display) ||
        A.num_args != B.num_args || A.num_rets != B.num_rets ||
        A.aligned != B.aligned ||
        std::memcmp(A.args, B.args, sizeof A.args) != 0 ||
        std::memcmp(A.rets, B.rets, sizeof A.rets) != 0)
      return false;
  }
  for (size_t I = 0; I < X.num_special_registers; ++I)
    if (!sameString(X.special_registers[I].ptx, Y.special_registers[I].ptx) ||
        X.special_registers[I].arg_type != Y.special_registers[I].arg_type)
      return false;
  return true;
}

// ---- Reading the reference layouts ----------------------------------------

bool Reader::readRefCompilerInfo(StackPtxCompilerInfo &Out) {
  Body B;
  StackPtxCompilerInfo Info{};
  if (!open(Kind::RefCompilerInfo, B) ||
      !B.size(Info.max_ast_size, "max_ast_size") ||
      !B.size(Info.max_ast_to_visit_stack_depth,
              "max_ast_to_visit_stack_depth") ||
      !B.size(Info.stack_size, "stack_size") ||
      !B.size(Info.max_frame_depth, "max_frame_depth") ||
      !B.size(Info.store_size, "store_size") || !B.done())
    return false;
  Out = Info;
  Pos = B.Offset;
  return true;
}

bool Reader::readRefStackInfo(OwnedRefStackInfo &Out) {
  Body B;
  if (!open(Kind::RefStackInfo, B))
    return false;
  OwnedRefStackInfo S;
  bool Null = false;
  // Reads a table of non-NULL strings of at least 4 bytes each.
  auto Strings = [&](std::vector<std::string> &To, const char *What) {
    size_t N = 0;
    if (!B.count(N, 4, What))
      return false;
    To.resize(N);
    for (size_t I = 0; I < N; ++I) {
      size_t At = B.Offset;
      if (!B.string(To[I], Null, What))
        return false;
      if (Null)
        return fail(At,
                    std::string(What) + " " + std::to_string(I) + " is NULL");
    }
    return true;
  };
  if (!Strings(S.PtxInstructions, "PTX instruction string"))
    return false;
  if (!B.need(S.PtxInstructions.size() * 31, "PTX instruction descriptors"))
    return false;
  S.Descriptors.resize(S.PtxInstructions.size());
  for (StackPtxPtxInstructionDescriptor &D : S.Descriptors) {
    uint16_t V = 0;
    uint8_t Aligned = 0;
    for (int I = 0; I < 4; ++I) {
      B.u16(V, "descriptor");
      D.arg_types[I] = V;
    }
    for (int I = 0; I < 2; ++I) {
      B.u16(V, "descriptor");
      D.ret_types[I] = V;
    }
    B.u16(V, "descriptor");
    D.num_unique_stacks = V;
    B.u8(Aligned, "descriptor");
    if (Aligned > 1)
      return fail(B.Offset - 1,
                  "aligned flag " + std::to_string(Aligned) + " is not 0 or 1");
    D.is_aligned = Aligned != 0;
    for (int I = 0; I < 4; ++I) {
      B.u16(V, "descriptor");
      D.unique_stacks[I].stack_idx = V;
      B.u16(V, "descriptor");
      D.unique_stacks[I].num_values = V;
    }
  }
  if (!Strings(S.SpecialRegisters, "special register string"))
    return false;
  if (!B.need(S.SpecialRegisters.size() * 2, "special register descriptors"))
    return false;
  S.SpecialDescriptors.resize(S.SpecialRegisters.size());
  for (StackPtxSpecialRegisterDescriptor &D : S.SpecialDescriptors) {
    uint16_t V = 0;
    B.u16(V, "special register descriptor");
    D.arg_type_idx = V;
  }
  if (!Strings(S.StackPrefixes, "stack literal prefix"))
    return false;
  size_t N = 0;
  if (!B.count(N, 4, "arg type count"))
    return false;
  S.ArgTypes.resize(N);
  for (StackPtxArgTypeInfo &A : S.ArgTypes) {
    uint16_t Stack = 0, Vec = 0;
    B.u16(Stack, "arg type");
    B.u16(Vec, "arg type");
    A.stack_idx = Stack;
    A.num_vec_elems = Vec;
  }
  if (!B.done())
    return false;
  Out = std::move(S);
  Pos = B.Offset;
  return true;
}

bool Reader::readRefInstructions(RefInstructionStubs &Out) {
  return readStubs(Kind::RefInstructions, Out,
                   [](Body &B, StackPtxInstruction &W, bool &IsReturn) {
                     uint16_t Type = 0, Aux = 0;
                     uint32_t Payload = 0;
                     if (!B.u16(Type, "instruction") ||
                         !B.u16(Aux, "instruction") ||
                         !B.u32(Payload, "instruction"))
                       return false;
                     W.instruction_type = Type;
                     W.aux = Aux;
                     W.payload.u = Payload;
                     IsReturn = Type == STACK_PTX_INSTRUCTION_TYPE_RETURN;
                     return true;
                   });
}

} // namespace serialize
} // namespace ptxinject
