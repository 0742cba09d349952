//===- SerializeCApi.cpp - C API of the serialization buffers -------------===//
//
// The functions declared in stack_ptx_inject_serialize.h, over Serialize.h.
// Unpacking lays the object out twice with the same code: once to measure,
// once into the caller's buffer, so the two can never disagree. The objects
// are the reference's types (stack_ptx.h); registers, requests, PTX and the
// extra info share their wire kinds with the C++ form.
//
//===----------------------------------------------------------------------===//
#include "stack_ptx_inject_serialize.h"

#include "ByteCodec.h"

#include <cstdio>
#include <cstring>
#include <new>

using namespace ptxinject;
using namespace ptxinject::serialize;

namespace {

/// Places arrays and strings one after another, each at its alignment. With
/// no base it only measures.
class FlatLayout {
public:
  explicit FlatLayout(uint8_t *Base) : Base(Base) {}
  bool filling() const { return Base != nullptr; }
  template <class T> T *place(const T *Values, size_t N) {
    // T is a pointer where an array of arrays places its row pointers.
    // NOLINTNEXTLINE(bugprone-sizeof-expression): the pointer's size is meant.
    constexpr size_t Size = sizeof(T);
    Offset = (Offset + alignof(T) - 1) / alignof(T) * alignof(T);
    T *At = Base ? reinterpret_cast<T *>(Base + Offset) : nullptr;
    if (At && N)
      std::memcpy(static_cast<void *>(At), Values, N * Size);
    Offset += N * Size;
    return At;
  }
  char *string(const std::string &S) { return place(S.c_str(), S.size() + 1); }
  const char *string(const char *S) {
    return S ? place(S, std::strlen(S) + 1) : nullptr;
  }
  size_t size() const { return Offset; }

private:
  uint8_t *Base;
  size_t Offset = 0;
};

/// Serializes with Write, then measures or copies into the caller's buffer.
template <class WriteFn>
StackPtxInjectSerializeResult pack(uint8_t *Buffer, size_t BufferSize,
                                   size_t *Written, WriteFn Write) {
  if (!Written)
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
  try {
    Bytes Out;
    if (Write(Out))
      return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
    *Written = Out.size();
    if (!Buffer)
      return STACK_PTX_INJECT_SERIALIZE_SUCCESS;
    if (BufferSize < Out.size())
      return STACK_PTX_INJECT_SERIALIZE_ERROR_INSUFFICIENT_BUFFER;
    std::memcpy(Buffer, Out.data(), Out.size());
    return STACK_PTX_INJECT_SERIALIZE_SUCCESS;
  } catch (const std::bad_alloc &) {
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INTERNAL;
  }
}

/// The unpacked structs hold size_t and pointers. The reference's users
/// carve several unpacked objects out of one malloc'd block at the sizes the
/// measuring calls report, so a fill buffer may start anywhere: each size
/// includes this much slack and the object starts at the first multiple of
/// it inside the buffer, as the reference does.
constexpr size_t FillAlignment = 16;

/// Reads one object with Read, then lays it out with Lay: measuring when
/// Buffer is NULL, else into Buffer, where Lay also sets the out pointers.
template <class Parsed, class ReadFn, class LayFn>
StackPtxInjectSerializeResult unpack(const uint8_t *Wire, size_t WireSize,
                                     size_t *Used, uint8_t *Buffer,
                                     size_t BufferSize, size_t *Written,
                                     bool OutsGiven, ReadFn Read, LayFn Lay) {
  if (!Wire || !Used || !Written || (Buffer && !OutsGiven))
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
  try {
    Reader R(Wire, WireSize);
    Parsed Value;
    if (Error Failed = Read(R, Value))
      return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
    FlatLayout Measure(nullptr);
    Lay(Value, Measure);
    *Used = R.used();
    *Written = Measure.size() + FillAlignment;
    if (!Buffer)
      return STACK_PTX_INJECT_SERIALIZE_SUCCESS;
    if (BufferSize < *Written)
      return STACK_PTX_INJECT_SERIALIZE_ERROR_INSUFFICIENT_BUFFER;
    uintptr_t Start = reinterpret_cast<uintptr_t>(Buffer);
    size_t Skip = (FillAlignment - Start % FillAlignment) % FillAlignment;
    FlatLayout Fill(Buffer + Skip);
    Lay(Value, Fill);
    return STACK_PTX_INJECT_SERIALIZE_SUCCESS;
  } catch (const std::bad_alloc &) {
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INTERNAL;
  }
}

// Each lays one unpacked object out and returns where it starts (NULL while
// measuring); the deserializers and the compiler state share them.

StackPtxCompilerInfo *layCompilerInfo(const StackPtxCompilerInfo &V,
                                      FlatLayout &L) {
  return L.place(&V, 1);
}

/// A table of strings: the pointer array, then each string.
const char *const *layStrings(const std::vector<std::string> &V,
                              FlatLayout &L) {
  std::vector<const char *> Pointers(V.size(), nullptr);
  const char **At = L.place(Pointers.data(), Pointers.size());
  for (size_t I = 0; I < V.size(); ++I) {
    const char *S = L.string(V[I]);
    if (L.filling())
      At[I] = S;
  }
  return At;
}

StackPtxStackInfo *layStackInfo(const OwnedRefStackInfo &V, FlatLayout &L) {
  StackPtxStackInfo Empty{};
  StackPtxStackInfo *Info = L.place(&Empty, 1);
  const StackPtxPtxInstructionDescriptor *Descriptors =
      L.place(V.Descriptors.data(), V.Descriptors.size());
  const StackPtxSpecialRegisterDescriptor *Specials =
      L.place(V.SpecialDescriptors.data(), V.SpecialDescriptors.size());
  const StackPtxArgTypeInfo *Args =
      L.place(V.ArgTypes.data(), V.ArgTypes.size());
  const char *const *Ptx = layStrings(V.PtxInstructions, L);
  const char *const *SpecialNames = layStrings(V.SpecialRegisters, L);
  const char *const *Prefixes = layStrings(V.StackPrefixes, L);
  if (L.filling())
    *Info = {Ptx,
             Descriptors,
             V.PtxInstructions.size(),
             SpecialNames,
             Specials,
             V.SpecialRegisters.size(),
             Prefixes,
             V.StackPrefixes.size(),
             Args,
             V.ArgTypes.size()};
  return Info;
}

StackPtxRegister *layRegisters(const std::vector<OwnedRegister> &V,
                               FlatLayout &L) {
  std::vector<StackPtxRegister> Regs(V.size());
  StackPtxRegister *At = L.place(Regs.data(), Regs.size());
  for (size_t I = 0; I < V.size(); ++I) {
    const char *Name = L.string(V[I].Name);
    if (L.filling()) {
      At[I].name = Name;
      At[I].stack_idx = StackPtxStackIdx(V[I].StackIdx);
    }
  }
  return At;
}

size_t **layRequests(const RequestStubs &V, FlatLayout &L, size_t **SizesOut) {
  std::vector<size_t *> Pointers(V.size(), nullptr);
  std::vector<size_t> Sizes(V.size());
  for (size_t I = 0; I < V.size(); ++I)
    Sizes[I] = V[I].size();
  size_t **PointersAt = L.place(Pointers.data(), Pointers.size());
  *SizesOut = L.place(Sizes.data(), Sizes.size());
  for (size_t I = 0; I < V.size(); ++I) {
    size_t *Data = L.place(V[I].data(), V[I].size());
    if (L.filling())
      PointersAt[I] = Data;
  }
  return PointersAt;
}

StackPtxInstruction **layInstructions(const RefInstructionStubs &V,
                                      FlatLayout &L) {
  std::vector<StackPtxInstruction *> Pointers(V.size(), nullptr);
  StackPtxInstruction **PointersAt = L.place(Pointers.data(), Pointers.size());
  for (size_t I = 0; I < V.size(); ++I) {
    StackPtxInstruction *Data = L.place(V[I].data(), V[I].size());
    if (L.filling())
      PointersAt[I] = Data;
  }
  return PointersAt;
}

StackPtxExtraInfo *layExtra(const ExtraInfo &V, FlatLayout &L) {
  StackPtxExtraInfo C{V.DeviceCapabilityMajor, V.DeviceCapabilityMinor,
                      V.ExecutionLimit};
  return L.place(&C, 1);
}

size_t stubLength(const StackPtxInstruction *Stub) {
  size_t N = 0;
  while (Stub[N].instruction_type != STACK_PTX_INSTRUCTION_TYPE_RETURN)
    ++N;
  return N + 1;
}

/// The registers as the native wire writer takes them (same wire kind).
std::vector<StackPtxFastRegister>
nativeRegisters(const StackPtxRegister *Registers, size_t N) {
  std::vector<StackPtxFastRegister> Out(Registers ? N : 0);
  for (size_t I = 0; I < Out.size(); ++I)
    Out[I] = {Registers[I].name, Registers[I].stack_idx};
  return Out;
}

/// Reads registers whose stacks fit the reference's 16-bit stack index.
Error readRefRegisters(Reader &R, std::vector<OwnedRegister> &V) {
  size_t At = R.used();
  std::vector<OwnedRegister> Read;
  if (Error Failed = R.readRegisters(Read))
    return Failed;
  for (size_t I = 0; I < Read.size(); ++I)
    if (Read[I].StackIdx > 0xFFFF)
      return corrupt(At, "register " + std::to_string(I) + " has stack " +
                             std::to_string(Read[I].StackIdx) +
                             ", past the reference's 16-bit stack index");
  V = std::move(Read);
  return Error::success();
}

bool sameStrings(const char *const *X, const char *const *Y, size_t N) {
  if (N && (!X || !Y))
    return false;
  for (size_t I = 0; I < N; ++I)
    if (!sameString(X[I], Y[I]))
      return false;
  return true;
}

bool sameDescriptor(const StackPtxPtxInstructionDescriptor &X,
                    const StackPtxPtxInstructionDescriptor &Y) {
  for (int I = 0; I < 4; ++I)
    if (X.arg_types[I] != Y.arg_types[I] ||
        X.unique_stacks[I].stack_idx != Y.unique_stacks[I].stack_idx ||
        X.unique_stacks[I].num_values != Y.unique_stacks[I].num_values)
      return false;
  return X.ret_types[0] == Y.ret_types[0] && X.ret_types[1] == Y.ret_types[1] &&
         X.num_unique_stacks == Y.num_unique_stacks &&
         X.is_aligned == Y.is_aligned;
}

} // namespace

extern "C" {

const char *stack_ptx_inject_serialize_result_to_string(
    StackPtxInjectSerializeResult Result) {
  // Read the bits, not the enum: C callers may pass any int.
  static_assert(sizeof(StackPtxInjectSerializeResult) == sizeof(int),
                "C enums are int-sized");
  int Raw;
  std::memcpy(&Raw, &Result, sizeof Raw);
  switch (Raw) {
  case STACK_PTX_INJECT_SERIALIZE_SUCCESS:
    return "STACK_PTX_INJECT_SERIALIZE_SUCCESS";
  case STACK_PTX_INJECT_SERIALIZE_ERROR_INSUFFICIENT_BUFFER:
    return "STACK_PTX_INJECT_SERIALIZE_ERROR_INSUFFICIENT_BUFFER";
  case STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT:
    return "STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT";
  case STACK_PTX_INJECT_SERIALIZE_ERROR_INTERNAL:
    return "STACK_PTX_INJECT_SERIALIZE_ERROR_INTERNAL";
  default:
    return "STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_RESULT_ENUM";
  }
}

// ---- Compiler info -------------------------------------------------------

StackPtxInjectSerializeResult
stack_ptx_compiler_info_serialize(const StackPtxCompilerInfo *Info,
                                  uint8_t *Buffer, size_t BufferSize,
                                  size_t *Written) {
  if (!Info)
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
  return pack(Buffer, BufferSize, Written, [&](Bytes &Out) -> Error {
    writeRefCompilerInfo(*Info, Out);
    return Error::success();
  });
}

StackPtxInjectSerializeResult stack_ptx_compiler_info_deserialize(
    const uint8_t *Wire, size_t WireSize, size_t *Used, uint8_t *Buffer,
    size_t BufferSize, size_t *Written, StackPtxCompilerInfo **Out) {
  return unpack<StackPtxCompilerInfo>(
      Wire, WireSize, Used, Buffer, BufferSize, Written, Out != nullptr,
      [](Reader &R, StackPtxCompilerInfo &V) {
        return R.readRefCompilerInfo(V);
      },
      [&](const StackPtxCompilerInfo &V, FlatLayout &L) {
        StackPtxCompilerInfo *At = layCompilerInfo(V, L);
        if (L.filling())
          *Out = At;
      });
}

bool stack_ptx_compiler_info_equal(const StackPtxCompilerInfo *X,
                                   const StackPtxCompilerInfo *Y) {
  if (!X || !Y)
    return X == Y;
  return X->max_ast_size == Y->max_ast_size &&
         X->max_ast_to_visit_stack_depth == Y->max_ast_to_visit_stack_depth &&
         X->stack_size == Y->stack_size &&
         X->max_frame_depth == Y->max_frame_depth &&
         X->store_size == Y->store_size;
}

// The print functions write the reference's text, line for line: users
// compare and grep it.
StackPtxInjectSerializeResult
stack_ptx_compiler_info_print(const StackPtxCompilerInfo *Info) {
  if (!Info)
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
  std::printf("Stack PTX Compiler Info:\n"
              "\tMax AST Size: %zu\n"
              "\tMax AST to Visit Stack Depth: %zu\n"
              "\tStack Size: %zu\n"
              "\tMax Frame Depth: %zu\n"
              "\tStore Size: %zu\n",
              Info->max_ast_size, Info->max_ast_to_visit_stack_depth,
              Info->stack_size, Info->max_frame_depth, Info->store_size);
  return STACK_PTX_INJECT_SERIALIZE_SUCCESS;
}

// ---- Stack info (the instruction set) -------------------------------------

StackPtxInjectSerializeResult
stack_ptx_stack_info_serialize(const StackPtxStackInfo *Set, uint8_t *Buffer,
                               size_t BufferSize, size_t *Written) {
  if (!Set)
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
  return pack(Buffer, BufferSize, Written, [&](Bytes &Out) -> Error {
    return writeRefStackInfo(*Set, Out);
  });
}

StackPtxInjectSerializeResult stack_ptx_stack_info_deserialize(
    const uint8_t *Wire, size_t WireSize, size_t *Used, uint8_t *Buffer,
    size_t BufferSize, size_t *Written, StackPtxStackInfo **Out) {
  return unpack<OwnedRefStackInfo>(
      Wire, WireSize, Used, Buffer, BufferSize, Written, Out != nullptr,
      [](Reader &R, OwnedRefStackInfo &V) { return R.readRefStackInfo(V); },
      [&](const OwnedRefStackInfo &V, FlatLayout &L) {
        StackPtxStackInfo *At = layStackInfo(V, L);
        if (L.filling())
          *Out = At;
      });
}

bool stack_ptx_stack_info_equal(const StackPtxStackInfo *X,
                                const StackPtxStackInfo *Y) {
  if (!X || !Y)
    return X == Y;
  if (X->num_ptx_instructions != Y->num_ptx_instructions ||
      X->num_special_registers != Y->num_special_registers ||
      X->num_stacks != Y->num_stacks || X->num_arg_types != Y->num_arg_types)
    return false;
  if (!sameStrings(X->ptx_instruction_strings, Y->ptx_instruction_strings,
                   X->num_ptx_instructions) ||
      !sameStrings(X->special_register_strings, Y->special_register_strings,
                   X->num_special_registers) ||
      !sameStrings(X->stack_literal_prefixes, Y->stack_literal_prefixes,
                   X->num_stacks))
    return false;
  if ((X->num_ptx_instructions &&
       (!X->ptx_instruction_descriptors || !Y->ptx_instruction_descriptors)) ||
      (X->num_special_registers && (!X->special_register_descriptors ||
                                    !Y->special_register_descriptors)) ||
      (X->num_arg_types && (!X->arg_type_info || !Y->arg_type_info)))
    return false;
  for (size_t I = 0; I < X->num_ptx_instructions; ++I)
    if (!sameDescriptor(X->ptx_instruction_descriptors[I],
                        Y->ptx_instruction_descriptors[I]))
      return false;
  for (size_t I = 0; I < X->num_special_registers; ++I)
    if (X->special_register_descriptors[I].arg_type_idx !=
        Y->special_register_descriptors[I].arg_type_idx)
      return false;
  for (size_t I = 0; I < X->num_arg_types; ++I)
    if (X->arg_type_info[I].stack_idx != Y->arg_type_info[I].stack_idx ||
        X->arg_type_info[I].num_vec_elems != Y->arg_type_info[I].num_vec_elems)
      return false;
  return true;
}

StackPtxInjectSerializeResult
stack_ptx_stack_info_print(const StackPtxStackInfo *S) {
  if (!S)
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
  // A table left NULL prints as glibc prints a NULL string, never a crash.
  auto Str = [](const char *const *Table, size_t I) {
    return Table && Table[I] ? Table[I] : "(null)";
  };
  std::printf("Stack PTX Stack Info:\n\tPTX Instructions:\n");
  for (size_t I = 0; I < S->num_ptx_instructions; ++I)
    std::printf("\t\t%s\n", Str(S->ptx_instruction_strings, I));
  std::printf("\tSpecial Registers:\n");
  for (size_t I = 0; I < S->num_special_registers; ++I)
    std::printf("\t\t%s\n", Str(S->special_register_strings, I));
  std::printf("\tPTX Instruction Descriptors:\n");
  for (size_t I = 0; I < S->num_ptx_instructions; ++I) {
    StackPtxPtxInstructionDescriptor D{};
    if (S->ptx_instruction_descriptors)
      D = S->ptx_instruction_descriptors[I];
    std::printf("\t\t%zu : aligned=%u unique_stacks=%u\n", I,
                unsigned(D.is_aligned), unsigned(D.num_unique_stacks));
  }
  std::printf("\tSpecial Register Descriptors:\n");
  for (size_t I = 0; I < S->num_special_registers; ++I)
    std::printf("\t\t%zu : %u\n", I,
                S->special_register_descriptors
                    ? unsigned(S->special_register_descriptors[I].arg_type_idx)
                    : 0u);
  std::printf("\tLiteral Prefixes:\n");
  for (size_t I = 0; I < S->num_stacks; ++I)
    std::printf("\t\t%s\n", Str(S->stack_literal_prefixes, I));
  // Each arg type prints as "stack : vector elements", without its index.
  std::printf("\tArg Type Info:\n");
  for (size_t I = 0; S->arg_type_info && I < S->num_arg_types; ++I)
    std::printf("\t\t%u : %u\n", unsigned(S->arg_type_info[I].stack_idx),
                unsigned(S->arg_type_info[I].num_vec_elems));
  return STACK_PTX_INJECT_SERIALIZE_SUCCESS;
}

// ---- Registers -----------------------------------------------------------

StackPtxInjectSerializeResult
stack_ptx_registers_serialize(const StackPtxRegister *Registers,
                              size_t NumRegisters, uint8_t *Buffer,
                              size_t BufferSize, size_t *Written) {
  return pack(Buffer, BufferSize, Written, [&](Bytes &Out) -> Error {
    if (NumRegisters && !Registers)
      return Error::make(ErrorCode::InvalidArgument,
                         "registers is NULL with a non-zero count");
    std::vector<StackPtxFastRegister> Native =
        nativeRegisters(Registers, NumRegisters);
    return writeRegisters(
        Span<StackPtxFastRegister>(Native.data(), Native.size()), Out);
  });
}

StackPtxInjectSerializeResult
stack_ptx_registers_deserialize(const uint8_t *Wire, size_t WireSize,
                                size_t *Used, uint8_t *Buffer,
                                size_t BufferSize, size_t *Written,
                                StackPtxRegister **Out, size_t *NumOut) {
  return unpack<std::vector<OwnedRegister>>(
      Wire, WireSize, Used, Buffer, BufferSize, Written, Out && NumOut,
      readRefRegisters,
      [&](const std::vector<OwnedRegister> &V, FlatLayout &L) {
        StackPtxRegister *At = layRegisters(V, L);
        if (L.filling()) {
          *Out = At;
          *NumOut = V.size();
        }
      });
}

bool stack_ptx_registers_equal(const StackPtxRegister *X, size_t NumX,
                               const StackPtxRegister *Y, size_t NumY) {
  if (NumX != NumY)
    return false;
  if (NumX && (!X || !Y))
    return false;
  for (size_t I = 0; I < NumX; ++I)
    if (X[I].stack_idx != Y[I].stack_idx || !sameString(X[I].name, Y[I].name))
      return false;
  return true;
}

// ---- Requests ------------------------------------------------------------

StackPtxInjectSerializeResult
stack_ptx_requests_serialize(const size_t *const *Stubs, const size_t *Sizes,
                             size_t NumStubs, uint8_t *Buffer,
                             size_t BufferSize, size_t *Written) {
  return pack(Buffer, BufferSize, Written, [&](Bytes &Out) -> Error {
    return writeRequests(Span<const size_t *>(Stubs, NumStubs),
                         Span<size_t>(Sizes, NumStubs), Out);
  });
}

StackPtxInjectSerializeResult
stack_ptx_requests_deserialize(const uint8_t *Wire, size_t WireSize,
                               size_t *Used, uint8_t *Buffer, size_t BufferSize,
                               size_t *Written, size_t ***StubsOut,
                               size_t **SizesOut, size_t *NumOut) {
  return unpack<RequestStubs>(
      Wire, WireSize, Used, Buffer, BufferSize, Written,
      StubsOut && SizesOut && NumOut,
      [](Reader &R, RequestStubs &V) { return R.readRequests(V); },
      [&](const RequestStubs &V, FlatLayout &L) {
        size_t *Sizes = nullptr;
        size_t **At = layRequests(V, L, &Sizes);
        if (L.filling()) {
          *StubsOut = At;
          *SizesOut = Sizes;
          *NumOut = V.size();
        }
      });
}

bool stack_ptx_requests_equal(const size_t *const *X, const size_t *SizesX,
                              size_t NumX, const size_t *const *Y,
                              const size_t *SizesY, size_t NumY) {
  if (NumX != NumY)
    return false;
  if (NumX && (!X || !Y || !SizesX || !SizesY))
    return false;
  for (size_t I = 0; I < NumX; ++I) {
    if (SizesX[I] != SizesY[I])
      return false;
    if (SizesX[I] && (!X[I] || !Y[I] ||
                      std::memcmp(X[I], Y[I], SizesX[I] * sizeof(size_t)) != 0))
      return false;
  }
  return true;
}

// ---- Instruction stubs ---------------------------------------------------

StackPtxInjectSerializeResult
stack_ptx_instructions_serialize(const StackPtxInstruction *const *Stubs,
                                 size_t NumStubs, uint8_t *Buffer,
                                 size_t BufferSize, size_t *Written) {
  return pack(Buffer, BufferSize, Written, [&](Bytes &Out) -> Error {
    return writeRefInstructions(
        Span<const StackPtxInstruction *>(Stubs, NumStubs), Out);
  });
}

StackPtxInjectSerializeResult stack_ptx_instructions_deserialize(
    const uint8_t *Wire, size_t WireSize, size_t *Used, uint8_t *Buffer,
    size_t BufferSize, size_t *Written, StackPtxInstruction ***StubsOut,
    size_t *NumOut) {
  return unpack<RefInstructionStubs>(
      Wire, WireSize, Used, Buffer, BufferSize, Written, StubsOut && NumOut,
      [](Reader &R, RefInstructionStubs &V) {
        return R.readRefInstructions(V);
      },
      [&](const RefInstructionStubs &V, FlatLayout &L) {
        StackPtxInstruction **At = layInstructions(V, L);
        if (L.filling()) {
          *StubsOut = At;
          *NumOut = V.size();
        }
      });
}

bool stack_ptx_instructions_equal(const StackPtxInstruction *const *X,
                                  size_t NumX,
                                  const StackPtxInstruction *const *Y,
                                  size_t NumY) {
  if (NumX != NumY)
    return false;
  if (NumX && (!X || !Y))
    return false;
  for (size_t I = 0; I < NumX; ++I) {
    if (!X[I] || !Y[I]) {
      if (X[I] != Y[I])
        return false;
      continue;
    }
    size_t N = stubLength(X[I]);
    if (stubLength(Y[I]) != N)
      return false;
    for (size_t J = 0; J < N; ++J)
      if (X[I][J].instruction_type != Y[I][J].instruction_type ||
          X[I][J].aux != Y[I][J].aux || X[I][J].payload.u != Y[I][J].payload.u)
        return false;
  }
  return true;
}

// ---- PTX text --------------------------------------------------------------

StackPtxInjectSerializeResult ptx_inject_ptx_serialize(const char *Ptx,
                                                       uint8_t *Buffer,
                                                       size_t BufferSize,
                                                       size_t *Written) {
  if (!Ptx)
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
  return pack(Buffer, BufferSize, Written, [&](Bytes &Out) -> Error {
    writePtx(Ptx, Out);
    return Error::success();
  });
}

StackPtxInjectSerializeResult
ptx_inject_ptx_deserialize(const uint8_t *Wire, size_t WireSize, size_t *Used,
                           uint8_t *Buffer, size_t BufferSize, size_t *Written,
                           char **Out) {
  return unpack<std::string>(
      Wire, WireSize, Used, Buffer, BufferSize, Written, Out != nullptr,
      [](Reader &R, std::string &V) { return R.readPtx(V); },
      [&](const std::string &V, FlatLayout &L) {
        char *At = L.string(V);
        if (L.filling())
          *Out = At;
      });
}

bool ptx_inject_ptx_equal(const char *X, const char *Y) {
  return sameString(X, Y);
}

// ---- Extra info ------------------------------------------------------------

StackPtxInjectSerializeResult
stack_ptx_extra_serialize(const StackPtxExtraInfo *Extra, uint8_t *Buffer,
                          size_t BufferSize, size_t *Written) {
  if (!Extra)
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
  return pack(Buffer, BufferSize, Written, [&](Bytes &Out) -> Error {
    writeExtra({Extra->device_capability_major, Extra->device_capability_minor,
                Extra->execution_limit},
               Out);
    return Error::success();
  });
}

StackPtxInjectSerializeResult
stack_ptx_extra_deserialize(const uint8_t *Wire, size_t WireSize, size_t *Used,
                            uint8_t *Buffer, size_t BufferSize, size_t *Written,
                            StackPtxExtraInfo **Out) {
  return unpack<ExtraInfo>(
      Wire, WireSize, Used, Buffer, BufferSize, Written, Out != nullptr,
      [](Reader &R, ExtraInfo &V) { return R.readExtra(V); },
      [&](const ExtraInfo &V, FlatLayout &L) {
        StackPtxExtraInfo *At = layExtra(V, L);
        if (L.filling())
          *Out = At;
      });
}

bool stack_ptx_extra_equal(const StackPtxExtraInfo *X,
                           const StackPtxExtraInfo *Y) {
  if (!X || !Y)
    return X == Y;
  return X->device_capability_major == Y->device_capability_major &&
         X->device_capability_minor == Y->device_capability_minor &&
         X->execution_limit == Y->execution_limit;
}

// ---- Compiler state ---------------------------------------------------------

namespace {
/// The compiler state as read from a wire, before it is laid out.
struct ParsedState {
  std::string Ptx;
  StackPtxCompilerInfo Info{};
  OwnedRefStackInfo Set;
  ExtraInfo Extra;
  std::vector<OwnedRegister> Registers;
  RequestStubs Requests;
};
} // namespace

StackPtxInjectSerializeResult stack_ptx_inject_compiler_state_serialize(
    const StackPtxInjectCompilerStateSerialize *State, uint8_t *Buffer,
    size_t BufferSize, size_t *Written) {
  if (!State || !State->annotated_ptx || !State->compiler_info ||
      !State->stack_info || !State->extra)
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
  return pack(Buffer, BufferSize, Written, [&](Bytes &Out) -> Error {
    const StackPtxExtraInfo &E = *State->extra;
    writePtx(State->annotated_ptx, Out);
    writeRefCompilerInfo(*State->compiler_info, Out);
    if (Error Failed = writeRefStackInfo(*State->stack_info, Out))
      return Failed;
    writeExtra({E.device_capability_major, E.device_capability_minor,
                E.execution_limit},
               Out);
    if (State->num_registers && !State->registers)
      return Error::make(ErrorCode::InvalidArgument,
                         "registers is NULL with a non-zero count");
    std::vector<StackPtxFastRegister> Native =
        nativeRegisters(State->registers, State->num_registers);
    if (Error Failed = writeRegisters(
            Span<StackPtxFastRegister>(Native.data(), Native.size()), Out))
      return Failed;
    return writeRequests(
        Span<const size_t *>(State->request_stubs, State->num_request_stubs),
        Span<size_t>(State->request_stub_sizes, State->num_request_stubs), Out);
  });
}

StackPtxInjectSerializeResult stack_ptx_inject_compiler_state_deserialize(
    const uint8_t *Wire, size_t WireSize, size_t *Used, uint8_t *Buffer,
    size_t BufferSize, size_t *Written,
    StackPtxInjectCompilerStateDeserialize **Out) {
  return unpack<ParsedState>(
      Wire, WireSize, Used, Buffer, BufferSize, Written, Out != nullptr,
      [](Reader &R, ParsedState &V) {
        if (Error Failed = R.readPtx(V.Ptx))
          return Failed;
        if (Error Failed = R.readRefCompilerInfo(V.Info))
          return Failed;
        if (Error Failed = R.readRefStackInfo(V.Set))
          return Failed;
        if (Error Failed = R.readExtra(V.Extra))
          return Failed;
        if (Error Failed = readRefRegisters(R, V.Registers))
          return Failed;
        return R.readRequests(V.Requests);
      },
      [&](const ParsedState &V, FlatLayout &L) {
        StackPtxInjectCompilerStateDeserialize Empty{};
        StackPtxInjectCompilerStateDeserialize *State = L.place(&Empty, 1);
        char *Ptx = L.string(V.Ptx);
        StackPtxCompilerInfo *Info = layCompilerInfo(V.Info, L);
        StackPtxStackInfo *Set = layStackInfo(V.Set, L);
        StackPtxExtraInfo *Extra = layExtra(V.Extra, L);
        StackPtxRegister *Regs = layRegisters(V.Registers, L);
        size_t *Sizes = nullptr;
        size_t **Stubs = layRequests(V.Requests, L, &Sizes);
        if (!L.filling())
          return;
        State->annotated_ptx = Ptx;
        State->compiler_info = Info;
        State->stack_info = Set;
        State->extra = Extra;
        State->registers = Regs;
        State->num_registers = V.Registers.size();
        State->request_stubs = Stubs;
        State->request_stub_sizes = Sizes;
        State->num_request_stubs = V.Requests.size();
        *Out = State;
      });
}

bool stack_ptx_inject_compiler_state_equal(
    const StackPtxInjectCompilerStateSerialize *X,
    StackPtxInjectCompilerStateDeserialize *Y) {
  if (!X || !Y)
    return false;
  return ptx_inject_ptx_equal(X->annotated_ptx, Y->annotated_ptx) &&
         stack_ptx_compiler_info_equal(X->compiler_info, Y->compiler_info) &&
         stack_ptx_stack_info_equal(X->stack_info, Y->stack_info) &&
         stack_ptx_extra_equal(X->extra, Y->extra) &&
         stack_ptx_registers_equal(X->registers, X->num_registers, Y->registers,
                                   Y->num_registers) &&
         stack_ptx_requests_equal(X->request_stubs, X->request_stub_sizes,
                                  X->num_request_stubs, Y->request_stubs,
                                  Y->request_stub_sizes, Y->num_request_stubs);
}

} // extern "C"
