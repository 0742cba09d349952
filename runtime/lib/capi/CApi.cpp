//===- CApi.cpp - The C API over Module -----------------------------------===//
//
// Thin adapters: each C function checks its pointers, calls the C++ API and
// maps ErrorCode to the reference system's PtxInjectResult values.
//
//===----------------------------------------------------------------------===//
#include "ptx_inject_runtime.h"
#include "ptxinject/module/Module.h"
#include "ptxinject/module/StubLabels.h"

#include <algorithm>
#include <cstring>
#include <new>
#include <string>
#include <vector>

using namespace ptxinject;

struct PtxInjectHandleImpl {
  Module M;
};

namespace {

PtxInjectResult toResult(ErrorCode Code) {
  switch (Code) {
  case ErrorCode::Success:
    return PTX_INJECT_SUCCESS;
  case ErrorCode::EmptyInput:
  case ErrorCode::InvalidEncoding:
  case ErrorCode::InvalidArgument:
  case ErrorCode::TooLarge:
    return PTX_INJECT_ERROR_INVALID_INPUT;
  case ErrorCode::UnterminatedSite:
  case ErrorCode::UnmatchedEnd:
  case ErrorCode::NestedSite:
  case ErrorCode::MalformedMarker:
  case ErrorCode::NameTooLong:
  case ErrorCode::MalformedOperand:
  case ErrorCode::UnknownKind:
  case ErrorCode::UnknownType:
  case ErrorCode::DuplicateOperand:
  case ErrorCode::MixedDialects:
    return PTX_INJECT_ERROR_FORMATTING;
  case ErrorCode::InconsistentSites:
    return PTX_INJECT_ERROR_INCONSISTENT_INJECTION;
  case ErrorCode::TooManySites:
    return PTX_INJECT_ERROR_MAX_UNIQUE_INJECTS_EXCEEDED;
  case ErrorCode::WrongStubCount:
    return PTX_INJECT_ERROR_WRONG_NUM_STUBS;
  case ErrorCode::InsufficientBuffer:
    return PTX_INJECT_ERROR_INSUFFICIENT_BUFFER;
  case ErrorCode::InjectNotFound:
    return PTX_INJECT_ERROR_INJECTION_NAME_NOT_FOUND;
  case ErrorCode::OperandNotFound:
    return PTX_INJECT_ERROR_INJECTION_ARG_NAME_NOT_FOUND;
  case ErrorCode::IndexOutOfRange:
    return PTX_INJECT_ERROR_OUT_OF_BOUNDS_IDX;
  }
  return PTX_INJECT_ERROR_INTERNAL;
}

PtxInjectMutType toMutType(OperandKind K) {
  switch (K) {
  case OperandKind::In: return PTX_INJECT_MUT_TYPE_IN;
  case OperandKind::Mod: return PTX_INJECT_MUT_TYPE_MOD;
  case OperandKind::Out: return PTX_INJECT_MUT_TYPE_OUT;
  }
  return PTX_INJECT_MUT_TYPE_NUM_ENUMS;
}

void fillDiagnostic(PtxInjectDiagnostic *Diag, PtxInjectResult Result,
                    const Error &E) {
  if (!Diag)
    return;
  Diag->result = Result;
  Diag->line = E.Line;
  Diag->column = E.Column;
  size_t N = std::min(E.Message.size(), sizeof(Diag->message) - 1);
  std::memcpy(Diag->message, E.Message.data(), N);
  Diag->message[N] = '\0';
}

PtxInjectResult describeOperand(const InjectOperand &Op, const char **Name,
                                const char **Register, PtxInjectMutType *Mut,
                                const char **RegisterType,
                                const char **DataType) {
  if (Name)
    *Name = Op.Label.c_str();
  if (Register)
    *Register = Op.Register.c_str();
  if (Mut)
    *Mut = toMutType(Op.Kind);
  if (RegisterType)
    *RegisterType = Op.RegisterType.c_str();
  if (DataType)
    *DataType = Op.TypeLabel.c_str();
  return PTX_INJECT_SUCCESS;
}

} // namespace

extern "C" {

const char *ptx_inject_result_to_string(PtxInjectResult Result) {
  // Read the bits, not the enum: C callers may pass any int.
  static_assert(sizeof(PtxInjectResult) == sizeof(int), "C enums are int-sized");
  int Raw;
  std::memcpy(&Raw, &Result, sizeof Raw);
  switch (Raw) {
  case PTX_INJECT_SUCCESS: return "PTX_INJECT_SUCCESS";
  case PTX_INJECT_ERROR_FORMATTING: return "PTX_INJECT_ERROR_FORMATTING";
  case PTX_INJECT_ERROR_INSUFFICIENT_BUFFER:
    return "PTX_INJECT_ERROR_INSUFFICIENT_BUFFER";
  case PTX_INJECT_ERROR_INTERNAL: return "PTX_INJECT_ERROR_INTERNAL";
  case PTX_INJECT_ERROR_INVALID_INPUT: return "PTX_INJECT_ERROR_INVALID_INPUT";
  case PTX_INJECT_ERROR_MAX_UNIQUE_INJECTS_EXCEEDED:
    return "PTX_INJECT_ERROR_MAX_UNIQUE_INJECTS_EXCEEDED";
  case PTX_INJECT_ERROR_WRONG_NUM_STUBS:
    return "PTX_INJECT_ERROR_WRONG_NUM_STUBS";
  case PTX_INJECT_ERROR_OUT_OF_BOUNDS_IDX:
    return "PTX_INJECT_ERROR_OUT_OF_BOUNDS_IDX";
  case PTX_INJECT_ERROR_INCONSISTENT_INJECTION:
    return "PTX_INJECT_ERROR_INCONSISTENT_INJECTION";
  case PTX_INJECT_ERROR_INJECTION_NAME_NOT_FOUND:
    return "PTX_INJECT_ERROR_INJECTION_NAME_NOT_FOUND";
  case PTX_INJECT_ERROR_INJECTION_ARG_NAME_NOT_FOUND:
    return "PTX_INJECT_ERROR_INJECTION_ARG_NAME_NOT_FOUND";
  case PTX_INJECT_ERROR_OUT_OF_MEMORY: return "PTX_INJECT_ERROR_OUT_OF_MEMORY";
  default: break;
  }
  return "PTX_INJECT_ERROR_INVALID_RESULT_ENUM";
}

PtxInjectResult ptx_inject_create_with_flags(PtxInjectHandle *Handle,
                                             const char *Ptx, size_t PtxSize,
                                             unsigned Flags,
                                             PtxInjectDiagnostic *Diag) {
  if (Diag)
    fillDiagnostic(Diag, PTX_INJECT_SUCCESS, Error());
  if (!Handle || (!Ptx && PtxSize)) {
    Error E = Error::make(ErrorCode::InvalidArgument,
                          "null handle or PTX pointer");
    fillDiagnostic(Diag, PTX_INJECT_ERROR_INVALID_INPUT, E);
    return PTX_INJECT_ERROR_INVALID_INPUT;
  }
  *Handle = nullptr;
  constexpr unsigned KnownFlags = PTX_INJECT_CREATE_PRUNE_UNUSED_GLOBALS;
  if (Flags & ~KnownFlags) {
    Error E = Error::make(ErrorCode::InvalidArgument,
                          "unknown flags " + std::to_string(Flags & ~KnownFlags) +
                              " for ptx_inject_create_with_flags");
    fillDiagnostic(Diag, PTX_INJECT_ERROR_INVALID_INPUT, E);
    return PTX_INJECT_ERROR_INVALID_INPUT;
  }
  ParseOptions Options;
  Options.PruneUnusedGlobals = (Flags & PTX_INJECT_CREATE_PRUNE_UNUSED_GLOBALS) != 0;
  try {
    Expected<Module> M =
        Module::parse(std::string_view(Ptx ? Ptx : "", PtxSize), Options);
    if (!M) {
      PtxInjectResult R = toResult(M.error().Code);
      fillDiagnostic(Diag, R, M.error());
      return R;
    }
    *Handle = new PtxInjectHandleImpl{M.take()};
    return PTX_INJECT_SUCCESS;
  } catch (const std::bad_alloc &) {
    fillDiagnostic(Diag, PTX_INJECT_ERROR_OUT_OF_MEMORY,
                   Error::make(ErrorCode::InvalidArgument, "out of memory"));
    return PTX_INJECT_ERROR_OUT_OF_MEMORY;
  }
}

PtxInjectResult ptx_inject_create_with_diagnostic(PtxInjectHandle *Handle,
                                                  const char *Ptx,
                                                  size_t PtxSize,
                                                  PtxInjectDiagnostic *Diag) {
  return ptx_inject_create_with_flags(Handle, Ptx, PtxSize, 0, Diag);
}

PtxInjectResult ptx_inject_create(PtxInjectHandle *Handle, const char *Ptx) {
  if (!Ptx) {
    if (Handle)
      *Handle = nullptr;
    return PTX_INJECT_ERROR_INVALID_INPUT;
  }
  return ptx_inject_create_with_diagnostic(Handle, Ptx, std::strlen(Ptx),
                                           nullptr);
}

PtxInjectResult ptx_inject_destroy(PtxInjectHandle Handle) {
  delete Handle;
  return PTX_INJECT_SUCCESS;
}

PtxInjectResult ptx_inject_num_injects(const PtxInjectHandle Handle,
                                       size_t *NumInjects) {
  if (!Handle || !NumInjects)
    return PTX_INJECT_ERROR_INVALID_INPUT;
  *NumInjects = Handle->M.numInjects();
  return PTX_INJECT_SUCCESS;
}

PtxInjectResult ptx_inject_inject_info_by_name(const PtxInjectHandle Handle,
                                               const char *Name,
                                               size_t *Index, size_t *NumArgs,
                                               size_t *NumSites) {
  if (!Handle || !Name)
    return PTX_INJECT_ERROR_INVALID_INPUT;
  std::optional<size_t> I = Handle->M.injectIndex(Name);
  if (!I)
    return PTX_INJECT_ERROR_INJECTION_NAME_NOT_FOUND;
  const Inject &Inj = Handle->M.inject(*I);
  if (Index)
    *Index = *I;
  if (NumArgs)
    *NumArgs = Inj.Operands.size();
  if (NumSites)
    *NumSites = Inj.Sites.size();
  return PTX_INJECT_SUCCESS;
}

PtxInjectResult ptx_inject_inject_info_by_index(const PtxInjectHandle Handle,
                                                size_t Index,
                                                const char **Name,
                                                size_t *NumArgs,
                                                size_t *NumSites) {
  if (!Handle)
    return PTX_INJECT_ERROR_INVALID_INPUT;
  if (Index >= Handle->M.numInjects())
    return PTX_INJECT_ERROR_OUT_OF_BOUNDS_IDX;
  const Inject &Inj = Handle->M.inject(Index);
  if (Name)
    *Name = Inj.Name.c_str();
  if (NumArgs)
    *NumArgs = Inj.Operands.size();
  if (NumSites)
    *NumSites = Inj.Sites.size();
  return PTX_INJECT_SUCCESS;
}

PtxInjectResult ptx_inject_variable_info_by_name(
    const PtxInjectHandle Handle, size_t InjectIndex, const char *Label,
    size_t *ArgIndex, const char **Register, PtxInjectMutType *Mut,
    const char **RegisterType, const char **DataType) {
  if (!Handle || !Label)
    return PTX_INJECT_ERROR_INVALID_INPUT;
  if (InjectIndex >= Handle->M.numInjects())
    return PTX_INJECT_ERROR_OUT_OF_BOUNDS_IDX;
  const Inject &Inj = Handle->M.inject(InjectIndex);
  std::optional<size_t> I = Inj.operandIndex(Label);
  if (!I)
    return PTX_INJECT_ERROR_INJECTION_ARG_NAME_NOT_FOUND;
  if (ArgIndex)
    *ArgIndex = *I;
  return describeOperand(Inj.Operands[*I], nullptr, Register, Mut,
                         RegisterType, DataType);
}

PtxInjectResult ptx_inject_variable_info_by_index(
    const PtxInjectHandle Handle, size_t InjectIndex, size_t ArgIndex,
    const char **Label, const char **Register, PtxInjectMutType *Mut,
    const char **RegisterType, const char **DataType) {
  if (!Handle)
    return PTX_INJECT_ERROR_INVALID_INPUT;
  if (InjectIndex >= Handle->M.numInjects())
    return PTX_INJECT_ERROR_OUT_OF_BOUNDS_IDX;
  const Inject &Inj = Handle->M.inject(InjectIndex);
  // The reference reports an operand index past the inject's operands as
  // invalid input (only an inject index is "out of bounds"); callers test for it.
  if (ArgIndex >= Inj.Operands.size())
    return PTX_INJECT_ERROR_INVALID_INPUT;
  return describeOperand(Inj.Operands[ArgIndex], Label, Register, Mut,
                         RegisterType, DataType);
}

PtxInjectResult ptx_inject_render_ptx(const PtxInjectHandle Handle,
                                      const char *const *Stubs,
                                      size_t NumStubs, char *Buffer,
                                      size_t BufferSize, size_t *Written) {
  if (!Handle || (NumStubs && !Stubs))
    return PTX_INJECT_ERROR_INVALID_INPUT;
  if (NumStubs != Handle->M.numInjects())
    return PTX_INJECT_ERROR_WRONG_NUM_STUBS;
  try {
    // Small modules convert the stub pointers on the stack; large ones pay
    // one allocation per call, which is small next to the render itself.
    constexpr size_t OnStack = 64;
    std::string_view Local[OnStack];
    std::vector<std::string_view> Heap;
    std::string_view *Views = Local;
    if (NumStubs > OnStack) {
      Heap.resize(NumStubs);
      Views = Heap.data();
    }
    for (size_t I = 0; I < NumStubs; ++I)
      Views[I] = Stubs[I] ? std::string_view(Stubs[I]) : std::string_view();
    if (!Buffer) {
      if (Written)
        *Written = Handle->M.renderedSize(Views, NumStubs);
      return PTX_INJECT_SUCCESS;
    }
    size_t N = 0;
    Error E = Handle->M.renderTo(Views, NumStubs, Buffer, BufferSize, N);
    if (Written)
      *Written = N;
    return toResult(E.Code);
  } catch (const std::bad_alloc &) {
    return PTX_INJECT_ERROR_OUT_OF_MEMORY;
  }
}

PtxInjectResult ptx_inject_resolve_stub_labels(const PtxInjectHandle Handle,
                                               size_t InjectIdx,
                                               const char *Stub, char *Buffer,
                                               size_t BufferSize,
                                               size_t *Written) {
  if (!Handle || !Stub)
    return PTX_INJECT_ERROR_INVALID_INPUT;
  if (InjectIdx >= Handle->M.numInjects())
    return PTX_INJECT_ERROR_OUT_OF_BOUNDS_IDX;
  try {
    std::string Out;
    StubLabelError E;
    if (!resolveStubLabels(Handle->M.inject(InjectIdx), Stub, Out, E))
      return PTX_INJECT_ERROR_INJECTION_ARG_NAME_NOT_FOUND;
    if (Written)
      *Written = Out.size();
    if (!Buffer)
      return PTX_INJECT_SUCCESS;
    if (BufferSize < Out.size())
      return PTX_INJECT_ERROR_INSUFFICIENT_BUFFER;
    std::memcpy(Buffer, Out.data(), Out.size());
    if (BufferSize > Out.size())
      Buffer[Out.size()] = 0;
    return PTX_INJECT_SUCCESS;
  } catch (const std::bad_alloc &) {
    return PTX_INJECT_ERROR_OUT_OF_MEMORY;
  }
}

} // extern "C"
