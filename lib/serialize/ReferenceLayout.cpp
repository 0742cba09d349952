//===- ReferenceLayout.cpp - The reference kinds on the wire --------------===//
//
// Compiler info, stack info and instruction stubs in the reference layouts
// (stack_ptx.h), which the C API takes.
//
//===----------------------------------------------------------------------===//
#include "ByteCodec.h"

namespace ptxinject {
namespace serialize {

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

Error Reader::readRefCompilerInfo(StackPtxCompilerInfo &Out) {
  Body B;
  StackPtxCompilerInfo Info{};
  if (!open(Kind::RefCompilerInfo, B) ||
      !B.size(Info.max_ast_size, "max_ast_size") ||
      !B.size(Info.max_ast_to_visit_stack_depth,
              "max_ast_to_visit_stack_depth") ||
      !B.size(Info.stack_size, "stack_size") ||
      !B.size(Info.max_frame_depth, "max_frame_depth") ||
      !B.size(Info.store_size, "store_size") || !close(B))
    return B.take();
  Out = Info;
  return Error::success();
}

Error Reader::readRefStackInfo(OwnedRefStackInfo &Out) {
  Body B;
  if (!open(Kind::RefStackInfo, B))
    return B.take();
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
        return B.fail(At,
                      std::string(What) + " " + std::to_string(I) + " is NULL");
    }
    return true;
  };
  // Each fixed-size table is checked whole by need(), so the reads of its
  // fields cannot fail.
  if (!Strings(S.PtxInstructions, "PTX instruction string") ||
      !B.need(S.PtxInstructions.size() * 31, "PTX instruction descriptors"))
    return B.take();
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
      return corrupt(B.Offset - 1, "aligned flag " + std::to_string(Aligned) +
                                       " is not 0 or 1");
    D.is_aligned = Aligned != 0;
    for (int I = 0; I < 4; ++I) {
      B.u16(V, "descriptor");
      D.unique_stacks[I].stack_idx = V;
      B.u16(V, "descriptor");
      D.unique_stacks[I].num_values = V;
    }
  }
  if (!Strings(S.SpecialRegisters, "special register string") ||
      !B.need(S.SpecialRegisters.size() * 2, "special register descriptors"))
    return B.take();
  S.SpecialDescriptors.resize(S.SpecialRegisters.size());
  for (StackPtxSpecialRegisterDescriptor &D : S.SpecialDescriptors) {
    uint16_t V = 0;
    B.u16(V, "special register descriptor");
    D.arg_type_idx = V;
  }
  size_t N = 0;
  if (!Strings(S.StackPrefixes, "stack literal prefix") ||
      !B.count(N, 4, "arg type count"))
    return B.take();
  S.ArgTypes.resize(N);
  for (StackPtxArgTypeInfo &A : S.ArgTypes) {
    uint16_t Stack = 0, Vec = 0;
    B.u16(Stack, "arg type");
    B.u16(Vec, "arg type");
    A.stack_idx = Stack;
    A.num_vec_elems = Vec;
  }
  if (!close(B))
    return B.take();
  Out = std::move(S);
  return Error::success();
}

Error Reader::readRefInstructions(RefInstructionStubs &Out) {
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
