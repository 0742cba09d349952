//===- NativeLayout.cpp - The native kinds on the wire --------------------===//
//
// Compiler info, instruction sets and instruction stubs in the native layout
// (stack_ptx_native.h), and the kinds both layouts share: registers,
// requests, PTX text and the extra info.
//
//===----------------------------------------------------------------------===//
#include "ByteCodec.h"

namespace ptxinject {
namespace serialize {

namespace {
void putInstruction(Bytes &Out, const StackPtxFastInstruction &I) {
  putU8(Out, I.kind);
  putU8(Out, I.stack_idx);
  putU16(Out, I.idx);
  putU32(Out, I.payload.u);
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

// ---- Reading -------------------------------------------------------------

Error Reader::readCompilerInfo(StackPtxFastCompilerInfo &Out) {
  Body B;
  StackPtxFastCompilerInfo Info{};
  if (!open(Kind::CompilerInfo, B) ||
      !B.size(Info.max_ast_size, "max_ast_size") ||
      !B.size(Info.stack_size, "stack_size") ||
      !B.size(Info.store_size, "store_size") ||
      !B.size(Info.max_frame_depth, "max_frame_depth") ||
      !B.size(Info.execution_limit, "execution_limit") || !close(B))
    return B.take();
  Out = Info;
  return Error::success();
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

Error Reader::readStackInfo(OwnedStackInfo &Out) {
  Body B;
  if (!open(Kind::StackInfo, B))
    return B.take();
  OwnedStackInfo S;
  std::string Text, Text2;
  bool Null = false, Null2 = false;
  size_t N = 0;
  // Minimum encoded sizes: two NULL strings + 1 byte; one + 2 bytes; two +
  // 9 bytes; one + 1 byte.
  if (!B.count(N, 9, "stack type count"))
    return B.take();
  for (size_t I = 0; I < N; ++I) {
    StackPtxFastStackTypeInfo T{};
    if (!B.string(Text, Null, "stack type name") ||
        !B.string(Text2, Null2, "stack type register type") ||
        !B.u8(T.constant_kind, "constant kind"))
      return B.take();
    T.name = S.keep(Null ? nullptr : &Text);
    T.reg_type = S.keep(Null2 ? nullptr : &Text2);
    S.StackTypes.push_back(T);
  }
  if (!B.count(N, 6, "arg type count"))
    return B.take();
  for (size_t I = 0; I < N; ++I) {
    StackPtxFastArgTypeInfo A{};
    if (!B.string(Text, Null, "arg type name") ||
        !B.u8(A.stack_idx, "arg type stack") ||
        !B.u8(A.num_vec_elems, "arg type vector size"))
      return B.take();
    A.name = S.keep(Null ? nullptr : &Text);
    S.ArgTypes.push_back(A);
  }
  if (!B.count(N, 17, "instruction count"))
    return B.take();
  for (size_t I = 0; I < N; ++I) {
    StackPtxFastPtxInstructionInfo P{};
    if (!B.string(Text, Null, "instruction PTX") ||
        !B.string(Text2, Null2, "instruction display name") ||
        !B.u8(P.num_args, "instruction arg count") ||
        !B.u8(P.num_rets, "instruction ret count"))
      return B.take();
    for (uint8_t &A : P.args)
      if (!B.u8(A, "instruction arg type"))
        return B.take();
    for (uint8_t &R : P.rets)
      if (!B.u8(R, "instruction ret type"))
        return B.take();
    if (!B.u8(P.aligned, "instruction aligned flag"))
      return B.take();
    P.ptx = S.keep(Null ? nullptr : &Text);
    P.display = S.keep(Null2 ? nullptr : &Text2);
    S.Instructions.push_back(P);
  }
  if (!B.count(N, 5, "special register count"))
    return B.take();
  for (size_t I = 0; I < N; ++I) {
    StackPtxFastSpecialRegisterInfo R{};
    size_t At = B.Offset;
    if (!B.string(Text, Null, "special register PTX") ||
        !B.u8(R.arg_type, "special register arg type"))
      return B.take();
    if (Null)
      return corrupt(At, "special register " + std::to_string(I) +
                             " has no PTX name");
    R.ptx = S.keep(&Text);
    S.SpecialRegisters.push_back(R);
  }
  if (!close(B))
    return B.take();
  S.link();
  Out = std::move(S);
  return Error::success();
}

Error Reader::readRegisters(std::vector<OwnedRegister> &Out) {
  Body B;
  size_t N = 0;
  if (!open(Kind::Registers, B) || !B.count(N, 12, "register count"))
    return B.take();
  std::vector<OwnedRegister> Regs(N);
  for (size_t I = 0; I < N; ++I) {
    bool Null = false;
    size_t At = B.Offset;
    if (!B.size(Regs[I].StackIdx, "register stack") ||
        !B.string(Regs[I].Name, Null, "register name"))
      return B.take();
    if (Null)
      return corrupt(At, "register " + std::to_string(I) + " has no name");
  }
  if (!close(B))
    return B.take();
  Out = std::move(Regs);
  return Error::success();
}

Error Reader::readRequests(RequestStubs &Out) {
  Body B;
  size_t N = 0;
  if (!open(Kind::Requests, B) || !B.count(N, 8, "request stub count"))
    return B.take();
  RequestStubs Stubs(N);
  for (size_t I = 0; I < N; ++I) {
    size_t M = 0;
    if (!B.count(M, 8, "request count"))
      return B.take();
    Stubs[I].resize(M);
    for (size_t J = 0; J < M; ++J)
      if (!B.size(Stubs[I][J], "request"))
        return B.take();
  }
  if (!close(B))
    return B.take();
  Out = std::move(Stubs);
  return Error::success();
}

Error Reader::readInstructions(InstructionStubs &Out) {
  return readStubs(Kind::Instructions, Out,
                   [](Body &B, StackPtxFastInstruction &W, bool &IsReturn) {
                     if (!B.need(8, "instruction"))
                       return false;
                     const uint8_t *P = B.P;
                     W.kind = P[0];
                     W.stack_idx = P[1];
                     W.idx = uint16_t(P[2] | (P[3] << 8));
                     W.payload.u = uint32_t(P[4]) | uint32_t(P[5]) << 8 |
                                   uint32_t(P[6]) << 16 | uint32_t(P[7]) << 24;
                     B.skip(8);
                     IsReturn =
                         W.kind == STACK_PTX_FAST_INSTRUCTION_KIND_RETURN;
                     return true;
                   });
}

Error Reader::readPtx(std::string &Out) {
  Body B;
  size_t N = 0;
  if (!open(Kind::Ptx, B) || !B.count(N, 1, "PTX size"))
    return B.take();
  if (std::memchr(B.P, 0, N))
    return corrupt(B.Offset, "the PTX holds a NUL byte");
  std::string Text(reinterpret_cast<const char *>(B.P), N);
  B.skip(N);
  if (!close(B))
    return B.take();
  Out = std::move(Text);
  return Error::success();
}

Error Reader::readExtra(ExtraInfo &Out) {
  Body B;
  ExtraInfo E;
  uint32_t Major = 0, Minor = 0;
  if (!open(Kind::Extra, B) || !B.u32(Major, "device capability major") ||
      !B.u32(Minor, "device capability minor") ||
      !B.size(E.ExecutionLimit, "execution limit") || !close(B))
    return B.take();
  E.DeviceCapabilityMajor = Major;
  E.DeviceCapabilityMinor = Minor;
  Out = E;
  return Error::success();
}

} // namespace serialize
} // namespace ptxinject
