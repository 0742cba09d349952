//===- CApi.cpp - C API of the serialization buffers ----------------------===//
//
// The functions declared in stack_ptx_inject_serialize.h, over Serialize.h.
// Unpacking lays the object out twice with the same code: once to measure,
// once into the caller's buffer, so the two can never disagree.
//
//===----------------------------------------------------------------------===//
#include "stack_ptx_inject_serialize.h"

#include "ptxinject/serialize/Serialize.h"

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
    Offset = (Offset + alignof(T) - 1) / alignof(T) * alignof(T);
    T *At = Base ? reinterpret_cast<T *>(Base + Offset) : nullptr;
    if (At && N)
      std::memcpy(static_cast<void *>(At), Values, N * sizeof(T));
    Offset += N * sizeof(T);
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
StackPtxInjectSerializeResult pack(uint8_t *Buffer, size_t BufferSize, size_t *Written,
                                   WriteFn Write) {
  if (!Written)
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
  try {
    Bytes Out;
    std::string Error;
    if (!Write(Out, Error))
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

/// Reads one object with Read, then lays it out with Lay: measuring when
/// Buffer is NULL, else into Buffer, where Lay also sets the out pointers.
template <class Parsed, class ReadFn, class LayFn>
StackPtxInjectSerializeResult unpack(const uint8_t *Wire, size_t WireSize, size_t *Used,
                                     uint8_t *Buffer, size_t BufferSize, size_t *Written,
                                     bool OutsGiven, ReadFn Read, LayFn Lay) {
  if (!Wire || !Used || !Written || (Buffer && !OutsGiven))
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
  try {
    Reader R(Wire, WireSize);
    Parsed Value;
    if (!Read(R, Value))
      return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
    FlatLayout Measure(nullptr);
    Lay(Value, Measure);
    *Used = R.used();
    *Written = Measure.size();
    if (!Buffer)
      return STACK_PTX_INJECT_SERIALIZE_SUCCESS;
    if (BufferSize < Measure.size())
      return STACK_PTX_INJECT_SERIALIZE_ERROR_INSUFFICIENT_BUFFER;
    // The unpacked structs hold size_t and pointers: malloc alignment.
    if (reinterpret_cast<uintptr_t>(Buffer) % alignof(size_t) != 0)
      return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
    FlatLayout Fill(Buffer);
    Lay(Value, Fill);
    return STACK_PTX_INJECT_SERIALIZE_SUCCESS;
  } catch (const std::bad_alloc &) {
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INTERNAL;
  }
}

// Each lays one unpacked object out and returns where it starts (NULL while
// measuring); the deserializers and the compiler state share them.

StackPtxFastCompilerInfo *layCompilerInfo(const StackPtxFastCompilerInfo &V, FlatLayout &L) {
  return L.place(&V, 1);
}

StackPtxFastInstructionSetInfo *layStackInfo(const OwnedStackInfo &V, FlatLayout &L) {
  const StackPtxFastInstructionSetInfo &S = V.info();
  StackPtxFastInstructionSetInfo Copy = S;
  StackPtxFastInstructionSetInfo *Info = L.place(&Copy, 1);
  StackPtxFastStackTypeInfo *Types = L.place(S.stack_types, S.num_stack_types);
  StackPtxFastArgTypeInfo *Args = L.place(S.arg_types, S.num_arg_types);
  StackPtxFastPtxInstructionInfo *Instrs = L.place(S.instructions, S.num_instructions);
  StackPtxFastSpecialRegisterInfo *Sregs = L.place(S.special_registers, S.num_special_registers);
  // Strings last, each pointer patched to its copy.
  for (size_t I = 0; I < S.num_stack_types; ++I) {
    const char *Name = L.string(S.stack_types[I].name);
    const char *RegType = L.string(S.stack_types[I].reg_type);
    if (L.filling()) {
      Types[I].name = Name;
      Types[I].reg_type = RegType;
    }
  }
  for (size_t I = 0; I < S.num_arg_types; ++I) {
    const char *Name = L.string(S.arg_types[I].name);
    if (L.filling())
      Args[I].name = Name;
  }
  for (size_t I = 0; I < S.num_instructions; ++I) {
    const char *Ptx = L.string(S.instructions[I].ptx);
    const char *Display = L.string(S.instructions[I].display);
    if (L.filling()) {
      Instrs[I].ptx = Ptx;
      Instrs[I].display = Display;
    }
  }
  for (size_t I = 0; I < S.num_special_registers; ++I) {
    const char *Ptx = L.string(S.special_registers[I].ptx);
    if (L.filling())
      Sregs[I].ptx = Ptx;
  }
  if (L.filling()) {
    Info->stack_types = Types;
    Info->arg_types = Args;
    Info->instructions = Instrs;
    Info->special_registers = Sregs;
  }
  return Info;
}

StackPtxFastRegister *layRegisters(const std::vector<OwnedRegister> &V, FlatLayout &L) {
  std::vector<StackPtxFastRegister> Regs(V.size());
  StackPtxFastRegister *At = L.place(Regs.data(), Regs.size());
  for (size_t I = 0; I < V.size(); ++I) {
    const char *Name = L.string(V[I].Name);
    if (L.filling()) {
      At[I].name = Name;
      At[I].stack_idx = V[I].StackIdx;
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

StackPtxFastInstruction **layInstructions(const InstructionStubs &V, FlatLayout &L) {
  std::vector<StackPtxFastInstruction *> Pointers(V.size(), nullptr);
  StackPtxFastInstruction **PointersAt = L.place(Pointers.data(), Pointers.size());
  for (size_t I = 0; I < V.size(); ++I) {
    StackPtxFastInstruction *Data = L.place(V[I].data(), V[I].size());
    if (L.filling())
      PointersAt[I] = Data;
  }
  return PointersAt;
}

StackPtxExtraInfo *layExtra(const ExtraInfo &V, FlatLayout &L) {
  StackPtxExtraInfo C{V.DeviceCapabilityMajor, V.DeviceCapabilityMinor, V.ExecutionLimit};
  return L.place(&C, 1);
}

bool sameString(const char *X, const char *Y) {
  if (!X || !Y)
    return X == Y;
  return std::strcmp(X, Y) == 0;
}

size_t stubLength(const StackPtxFastInstruction *Stub) {
  size_t N = 0;
  while (Stub[N].kind != STACK_PTX_FAST_INSTRUCTION_KIND_RETURN)
    ++N;
  return N + 1;
}

} // namespace

extern "C" {

const char *stack_ptx_inject_serialize_result_to_string(StackPtxInjectSerializeResult Result) {
  // Read the bits, not the enum: C callers may pass any int.
  static_assert(sizeof(StackPtxInjectSerializeResult) == sizeof(int), "C enums are int-sized");
  int Raw;
  std::memcpy(&Raw, &Result, sizeof Raw);
  switch (Raw) {
  case STACK_PTX_INJECT_SERIALIZE_SUCCESS: return "STACK_PTX_INJECT_SERIALIZE_SUCCESS";
  case STACK_PTX_INJECT_SERIALIZE_ERROR_INSUFFICIENT_BUFFER:
    return "STACK_PTX_INJECT_SERIALIZE_ERROR_INSUFFICIENT_BUFFER";
  case STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT:
    return "STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT";
  case STACK_PTX_INJECT_SERIALIZE_ERROR_INTERNAL:
    return "STACK_PTX_INJECT_SERIALIZE_ERROR_INTERNAL";
  default: return "STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_RESULT_ENUM";
  }
}

// ---- Compiler info -------------------------------------------------------

StackPtxInjectSerializeResult stack_ptx_compiler_info_serialize(const StackPtxFastCompilerInfo *Info,
                                                                uint8_t *Buffer,
                                                                size_t BufferSize,
                                                                size_t *Written) {
  if (!Info)
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
  return pack(Buffer, BufferSize, Written, [&](Bytes &Out, std::string &) {
    writeCompilerInfo(*Info, Out);
    return true;
  });
}

StackPtxInjectSerializeResult
stack_ptx_compiler_info_deserialize(const uint8_t *Wire, size_t WireSize, size_t *Used,
                                    uint8_t *Buffer, size_t BufferSize, size_t *Written,
                                    StackPtxFastCompilerInfo **Out) {
  return unpack<StackPtxFastCompilerInfo>(
      Wire, WireSize, Used, Buffer, BufferSize, Written, Out != nullptr,
      [](Reader &R, StackPtxFastCompilerInfo &V) { return R.readCompilerInfo(V); },
      [&](const StackPtxFastCompilerInfo &V, FlatLayout &L) {
        StackPtxFastCompilerInfo *At = layCompilerInfo(V, L);
        if (L.filling())
          *Out = At;
      });
}

bool stack_ptx_compiler_info_equal(const StackPtxFastCompilerInfo *X, const StackPtxFastCompilerInfo *Y) {
  if (!X || !Y)
    return X == Y;
  return X->max_ast_size == Y->max_ast_size && X->stack_size == Y->stack_size &&
         X->store_size == Y->store_size && X->max_frame_depth == Y->max_frame_depth &&
         X->execution_limit == Y->execution_limit;
}

StackPtxInjectSerializeResult stack_ptx_compiler_info_print(const StackPtxFastCompilerInfo *Info) {
  if (!Info)
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
  std::printf("StackPtxFastCompilerInfo {\n  max_ast_size: %zu\n  stack_size: %zu\n"
              "  store_size: %zu\n  max_frame_depth: %zu\n  execution_limit: %zu\n}\n",
              Info->max_ast_size, Info->stack_size, Info->store_size, Info->max_frame_depth,
              Info->execution_limit);
  return STACK_PTX_INJECT_SERIALIZE_SUCCESS;
}

// ---- Stack info (the instruction set) -------------------------------------

StackPtxInjectSerializeResult stack_ptx_stack_info_serialize(const StackPtxFastInstructionSetInfo *Set,
                                                             uint8_t *Buffer, size_t BufferSize,
                                                             size_t *Written) {
  if (!Set)
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
  return pack(Buffer, BufferSize, Written,
              [&](Bytes &Out, std::string &Error) { return writeStackInfo(*Set, Out, Error); });
}

StackPtxInjectSerializeResult
stack_ptx_stack_info_deserialize(const uint8_t *Wire, size_t WireSize, size_t *Used,
                                 uint8_t *Buffer, size_t BufferSize, size_t *Written,
                                 StackPtxFastInstructionSetInfo **Out) {
  return unpack<OwnedStackInfo>(
      Wire, WireSize, Used, Buffer, BufferSize, Written, Out != nullptr,
      [](Reader &R, OwnedStackInfo &V) { return R.readStackInfo(V); },
      [&](const OwnedStackInfo &V, FlatLayout &L) {
        StackPtxFastInstructionSetInfo *At = layStackInfo(V, L);
        if (L.filling())
          *Out = At;
      });
}

bool stack_ptx_stack_info_equal(const StackPtxFastInstructionSetInfo *X,
                                const StackPtxFastInstructionSetInfo *Y) {
  if (!X || !Y)
    return X == Y;
  return equalStackInfo(*X, *Y);
}

StackPtxInjectSerializeResult stack_ptx_stack_info_print(const StackPtxFastInstructionSetInfo *S) {
  if (!S)
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
  auto Str = [](const char *P) { return P ? P : "(null)"; };
  std::printf("StackPtxStackInfo {\n  stack types: %zu\n", S->num_stack_types);
  for (size_t I = 0; I < S->num_stack_types; ++I)
    std::printf("    %zu: %s .%s constant kind %u\n", I, Str(S->stack_types[I].name),
                Str(S->stack_types[I].reg_type), unsigned(S->stack_types[I].constant_kind));
  std::printf("  arg types: %zu\n", S->num_arg_types);
  for (size_t I = 0; I < S->num_arg_types; ++I)
    std::printf("    %zu: %s stack %u, %u vector elements\n", I, Str(S->arg_types[I].name),
                unsigned(S->arg_types[I].stack_idx), unsigned(S->arg_types[I].num_vec_elems));
  std::printf("  instructions: %zu\n", S->num_instructions);
  for (size_t I = 0; I < S->num_instructions; ++I)
    std::printf("    %zu: %s (%s) %u args, %u rets%s\n", I, Str(S->instructions[I].ptx),
                Str(S->instructions[I].display), unsigned(S->instructions[I].num_args),
                unsigned(S->instructions[I].num_rets),
                S->instructions[I].aligned ? ", aligned" : "");
  std::printf("  special registers: %zu\n", S->num_special_registers);
  for (size_t I = 0; I < S->num_special_registers; ++I)
    std::printf("    %zu: %%%s arg type %u\n", I, Str(S->special_registers[I].ptx),
                unsigned(S->special_registers[I].arg_type));
  std::printf("}\n");
  return STACK_PTX_INJECT_SERIALIZE_SUCCESS;
}

// ---- Registers -----------------------------------------------------------

StackPtxInjectSerializeResult stack_ptx_registers_serialize(const StackPtxFastRegister *Registers,
                                                            size_t NumRegisters,
                                                            uint8_t *Buffer, size_t BufferSize,
                                                            size_t *Written) {
  return pack(Buffer, BufferSize, Written, [&](Bytes &Out, std::string &Error) {
    return writeRegisters(Span<StackPtxFastRegister>(Registers, NumRegisters), Out, Error);
  });
}

StackPtxInjectSerializeResult
stack_ptx_registers_deserialize(const uint8_t *Wire, size_t WireSize, size_t *Used,
                                uint8_t *Buffer, size_t BufferSize, size_t *Written,
                                StackPtxFastRegister **Out, size_t *NumOut) {
  return unpack<std::vector<OwnedRegister>>(
      Wire, WireSize, Used, Buffer, BufferSize, Written, Out && NumOut,
      [](Reader &R, std::vector<OwnedRegister> &V) { return R.readRegisters(V); },
      [&](const std::vector<OwnedRegister> &V, FlatLayout &L) {
        StackPtxFastRegister *At = layRegisters(V, L);
        if (L.filling()) {
          *Out = At;
          *NumOut = V.size();
        }
      });
}

bool stack_ptx_registers_equal(const StackPtxFastRegister *X, size_t NumX, const StackPtxFastRegister *Y,
                               size_t NumY) {
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

StackPtxInjectSerializeResult stack_ptx_requests_serialize(const size_t *const *Stubs,
                                                           const size_t *Sizes, size_t NumStubs,
                                                           uint8_t *Buffer, size_t BufferSize,
                                                           size_t *Written) {
  return pack(Buffer, BufferSize, Written, [&](Bytes &Out, std::string &Error) {
    return writeRequests(Span<const size_t *>(Stubs, NumStubs), Span<size_t>(Sizes, NumStubs),
                         Out, Error);
  });
}

StackPtxInjectSerializeResult
stack_ptx_requests_deserialize(const uint8_t *Wire, size_t WireSize, size_t *Used,
                               uint8_t *Buffer, size_t BufferSize, size_t *Written,
                               size_t ***StubsOut, size_t **SizesOut, size_t *NumOut) {
  return unpack<RequestStubs>(
      Wire, WireSize, Used, Buffer, BufferSize, Written, StubsOut && SizesOut && NumOut,
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

bool stack_ptx_requests_equal(const size_t *const *X, const size_t *SizesX, size_t NumX,
                              const size_t *const *Y, const size_t *SizesY, size_t NumY) {
  if (NumX != NumY)
    return false;
  if (NumX && (!X || !Y || !SizesX || !SizesY))
    return false;
  for (size_t I = 0; I < NumX; ++I) {
    if (SizesX[I] != SizesY[I])
      return false;
    if (SizesX[I] && (!X[I] || !Y[I] || std::memcmp(X[I], Y[I], SizesX[I] * sizeof(size_t))))
      return false;
  }
  return true;
}

// ---- Instruction stubs ---------------------------------------------------

StackPtxInjectSerializeResult
stack_ptx_instructions_serialize(const StackPtxFastInstruction *const *Stubs, size_t NumStubs,
                                 uint8_t *Buffer, size_t BufferSize, size_t *Written) {
  return pack(Buffer, BufferSize, Written, [&](Bytes &Out, std::string &Error) {
    return writeInstructions(Span<const StackPtxFastInstruction *>(Stubs, NumStubs), Out, Error);
  });
}

StackPtxInjectSerializeResult
stack_ptx_instructions_deserialize(const uint8_t *Wire, size_t WireSize, size_t *Used,
                                   uint8_t *Buffer, size_t BufferSize, size_t *Written,
                                   StackPtxFastInstruction ***StubsOut, size_t *NumOut) {
  return unpack<InstructionStubs>(
      Wire, WireSize, Used, Buffer, BufferSize, Written, StubsOut && NumOut,
      [](Reader &R, InstructionStubs &V) { return R.readInstructions(V); },
      [&](const InstructionStubs &V, FlatLayout &L) {
        StackPtxFastInstruction **At = layInstructions(V, L);
        if (L.filling()) {
          *StubsOut = At;
          *NumOut = V.size();
        }
      });
}

bool stack_ptx_instructions_equal(const StackPtxFastInstruction *const *X, size_t NumX,
                                  const StackPtxFastInstruction *const *Y, size_t NumY) {
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
      if (X[I][J].kind != Y[I][J].kind || X[I][J].stack_idx != Y[I][J].stack_idx ||
          X[I][J].idx != Y[I][J].idx || X[I][J].payload.u != Y[I][J].payload.u)
        return false;
  }
  return true;
}

// ---- PTX text --------------------------------------------------------------

StackPtxInjectSerializeResult ptx_inject_ptx_serialize(const char *Ptx, uint8_t *Buffer,
                                                       size_t BufferSize, size_t *Written) {
  if (!Ptx)
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
  return pack(Buffer, BufferSize, Written, [&](Bytes &Out, std::string &) {
    writePtx(Ptx, Out);
    return true;
  });
}

StackPtxInjectSerializeResult ptx_inject_ptx_deserialize(const uint8_t *Wire, size_t WireSize,
                                                         size_t *Used, uint8_t *Buffer,
                                                         size_t BufferSize, size_t *Written,
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

bool ptx_inject_ptx_equal(const char *X, const char *Y) { return sameString(X, Y); }

// ---- Extra info ------------------------------------------------------------

StackPtxInjectSerializeResult stack_ptx_extra_serialize(const StackPtxExtraInfo *Extra,
                                                        uint8_t *Buffer, size_t BufferSize,
                                                        size_t *Written) {
  if (!Extra)
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
  return pack(Buffer, BufferSize, Written, [&](Bytes &Out, std::string &) {
    writeExtra({Extra->device_capability_major, Extra->device_capability_minor,
                Extra->execution_limit},
               Out);
    return true;
  });
}

StackPtxInjectSerializeResult stack_ptx_extra_deserialize(const uint8_t *Wire, size_t WireSize,
                                                          size_t *Used, uint8_t *Buffer,
                                                          size_t BufferSize, size_t *Written,
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

bool stack_ptx_extra_equal(const StackPtxExtraInfo *X, const StackPtxExtraInfo *Y) {
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
  StackPtxFastCompilerInfo Info{};
  OwnedStackInfo Set;
  ExtraInfo Extra;
  std::vector<OwnedRegister> Registers;
  RequestStubs Requests;
};
} // namespace

StackPtxInjectSerializeResult
stack_ptx_inject_compiler_state_serialize(const StackPtxInjectCompilerStateSerialize *State,
                                          uint8_t *Buffer, size_t BufferSize,
                                          size_t *Written) {
  if (!State || !State->annotated_ptx || !State->compiler_info || !State->stack_info ||
      !State->extra)
    return STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT;
  return pack(Buffer, BufferSize, Written, [&](Bytes &Out, std::string &Error) {
    const StackPtxExtraInfo &E = *State->extra;
    writePtx(State->annotated_ptx, Out);
    writeCompilerInfo(*State->compiler_info, Out);
    if (!writeStackInfo(*State->stack_info, Out, Error))
      return false;
    writeExtra({E.device_capability_major, E.device_capability_minor, E.execution_limit}, Out);
    return writeRegisters(Span<StackPtxFastRegister>(State->registers, State->num_registers), Out,
                          Error) &&
           writeRequests(Span<const size_t *>(State->request_stubs, State->num_request_stubs),
                         Span<size_t>(State->request_stub_sizes, State->num_request_stubs),
                         Out, Error);
  });
}

StackPtxInjectSerializeResult stack_ptx_inject_compiler_state_deserialize(
    const uint8_t *Wire, size_t WireSize, size_t *Used, uint8_t *Buffer, size_t BufferSize,
    size_t *Written, StackPtxInjectCompilerStateDeserialize **Out) {
  return unpack<ParsedState>(
      Wire, WireSize, Used, Buffer, BufferSize, Written, Out != nullptr,
      [](Reader &R, ParsedState &V) {
        return R.readPtx(V.Ptx) && R.readCompilerInfo(V.Info) && R.readStackInfo(V.Set) &&
               R.readExtra(V.Extra) && R.readRegisters(V.Registers) &&
               R.readRequests(V.Requests);
      },
      [&](const ParsedState &V, FlatLayout &L) {
        StackPtxInjectCompilerStateDeserialize Empty{};
        StackPtxInjectCompilerStateDeserialize *State = L.place(&Empty, 1);
        char *Ptx = L.string(V.Ptx);
        StackPtxFastCompilerInfo *Info = layCompilerInfo(V.Info, L);
        StackPtxFastInstructionSetInfo *Set = layStackInfo(V.Set, L);
        StackPtxExtraInfo *Extra = layExtra(V.Extra, L);
        StackPtxFastRegister *Regs = layRegisters(V.Registers, L);
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

bool stack_ptx_inject_compiler_state_equal(const StackPtxInjectCompilerStateSerialize *X,
                                           StackPtxInjectCompilerStateDeserialize *Y) {
  if (!X || !Y)
    return false;
  return ptx_inject_ptx_equal(X->annotated_ptx, Y->annotated_ptx) &&
         stack_ptx_compiler_info_equal(X->compiler_info, Y->compiler_info) &&
         stack_ptx_stack_info_equal(X->stack_info, Y->stack_info) &&
         stack_ptx_extra_equal(X->extra, Y->extra) &&
         stack_ptx_registers_equal(X->registers, X->num_registers, Y->registers,
                                   Y->num_registers) &&
         stack_ptx_requests_equal(X->request_stubs, X->request_stub_sizes, X->num_request_stubs,
                                  Y->request_stubs, Y->request_stub_sizes,
                                  Y->num_request_stubs);
}

} // extern "C"
