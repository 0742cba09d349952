//===- RuntimeCApi.cpp - The C API over Module ----------------------------===//
//
// Thin adapters: each C function checks its pointers, calls the C++ API and
// maps ErrorCode to the reference system's PtxInjectResult values.
//
//===----------------------------------------------------------------------===//
#include "ptx_inject_runtime.h"
#include "ptxinject/module/Module.h"
#include "ptxinject/module/StubLabels.h"

#include <algorithm>
#include <cassert>
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
  case ErrorCode::FileError:
  case ErrorCode::InvalidStub:
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
  case OperandKind::In:
    return PTX_INJECT_MUT_TYPE_IN;
  case OperandKind::Mod:
    return PTX_INJECT_MUT_TYPE_MOD;
  case OperandKind::Out:
    return PTX_INJECT_MUT_TYPE_OUT;
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

/// The reference's measure-and-allocate contract for text returned as a C
/// string, shared by every ptx_inject_* function that fills a caller buffer
/// (Length is what goes to *bytes_written_out):
///  - Buffer NULL: Length = text length + 1 (the NUL included), so
///    malloc(Length) then a second call fits it exactly;
///  - a buffer of more than the text length: the text and its NUL, SUCCESS,
///    Length = text length (strlen of the result);
///  - a smaller one: PTX_INJECT_ERROR_INSUFFICIENT_BUFFER, Length = text
///    length, and the buffer holds the first BufferSize - 1 bytes of the text
///    and a NUL (nothing when BufferSize is 0), as the reference's
///    vsnprintf-based writer leaves it: still a C string.
/// Size() measures; Write(Out, Capacity, N) writes N bytes (no NUL) when
/// they fit in Capacity and returns false, with N the length, when not;
/// Whole(S) produces the text, for the truncated copy (error path only).
template <typename SizeFn, typename WriteFn, typename WholeFn>
PtxInjectResult fillCString(char *Buffer, size_t BufferSize, size_t &Length,
                            SizeFn Size, WriteFn Write, WholeFn Whole) {
  if (!Buffer) {
    Length = Size() + 1;
    return PTX_INJECT_SUCCESS;
  }
  // One pass when the text and its NUL fit: write into all but the last
  // byte, so success means there is room for the NUL after it.
  if (BufferSize && Write(Buffer, BufferSize - 1, Length)) {
    Buffer[Length] = '\0';
    return PTX_INJECT_SUCCESS;
  }
  if (!BufferSize) {
    Length = Size();
    return PTX_INJECT_ERROR_INSUFFICIENT_BUFFER;
  }
  std::string Text;
  Whole(Text);
  Length = Text.size();
  size_t Prefix = std::min(Text.size(), BufferSize - 1);
  std::memcpy(Buffer, Text.data(), Prefix);
  Buffer[Prefix] = '\0';
  return PTX_INJECT_ERROR_INSUFFICIENT_BUFFER;
}

} // namespace

extern "C" {

const char *ptx_inject_result_to_string(PtxInjectResult Result) {
  // Read the bits, not the enum: C callers may pass any int.
  static_assert(sizeof(PtxInjectResult) == sizeof(int),
                "C enums are int-sized");
  int Raw;
  std::memcpy(&Raw, &Result, sizeof Raw);
  switch (Raw) {
  case PTX_INJECT_SUCCESS:
    return "PTX_INJECT_SUCCESS";
  case PTX_INJECT_ERROR_FORMATTING:
    return "PTX_INJECT_ERROR_FORMATTING";
  case PTX_INJECT_ERROR_INSUFFICIENT_BUFFER:
    return "PTX_INJECT_ERROR_INSUFFICIENT_BUFFER";
  case PTX_INJECT_ERROR_INTERNAL:
    return "PTX_INJECT_ERROR_INTERNAL";
  case PTX_INJECT_ERROR_INVALID_INPUT:
    return "PTX_INJECT_ERROR_INVALID_INPUT";
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
  case PTX_INJECT_ERROR_OUT_OF_MEMORY:
    return "PTX_INJECT_ERROR_OUT_OF_MEMORY";
  default:
    break;
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
    Error E =
        Error::make(ErrorCode::InvalidArgument, "null handle or PTX pointer");
    fillDiagnostic(Diag, PTX_INJECT_ERROR_INVALID_INPUT, E);
    return PTX_INJECT_ERROR_INVALID_INPUT;
  }
  *Handle = nullptr;
  constexpr unsigned KnownFlags = PTX_INJECT_CREATE_PRUNE_UNUSED_GLOBALS;
  if (Flags & ~KnownFlags) {
    Error E =
        Error::make(ErrorCode::InvalidArgument,
                    "unknown flags " + std::to_string(Flags & ~KnownFlags) +
                        " for ptx_inject_create_with_flags");
    fillDiagnostic(Diag, PTX_INJECT_ERROR_INVALID_INPUT, E);
    return PTX_INJECT_ERROR_INVALID_INPUT;
  }
  ParseOptions Options;
  Options.PruneUnusedGlobals =
      (Flags & PTX_INJECT_CREATE_PRUNE_UNUSED_GLOBALS) != 0;
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
                                               const char *Name, size_t *Index,
                                               size_t *NumArgs,
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
                                                size_t Index, const char **Name,
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
  return describeOperand(Inj.Operands[*I], nullptr, Register, Mut, RegisterType,
                         DataType);
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
  // invalid input (only an inject index is "out of bounds"); callers test for
  // it.
  if (ArgIndex >= Inj.Operands.size())
    return PTX_INJECT_ERROR_INVALID_INPUT;
  return describeOperand(Inj.Operands[ArgIndex], Label, Register, Mut,
                         RegisterType, DataType);
}

PtxInjectResult ptx_inject_render_ptx(const PtxInjectHandle Handle,
                                      const char *const *Stubs, size_t NumStubs,
                                      char *Buffer, size_t BufferSize,
                                      size_t *Written) {
  // The reference's checks, in its order: every stub must be a string (an
  // empty one leaves its sites empty), then the count must match. On these
  // errors *Written is left alone, as there.
  if (!Handle || !Stubs)
    return PTX_INJECT_ERROR_INVALID_INPUT;
  for (size_t I = 0; I < NumStubs; ++I)
    if (!Stubs[I])
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
    // The reference puts each stub where its marker block was, followed by
    // the block's line end; Module adds that line end only to a non-empty
    // stub without one. The rest get it here so the text (and every size)
    // is the reference's: "" becomes "\n", and a stub that ends in a line
    // end gets a second one (a copy; such stubs are rare).
    size_t EndInLineEnd = 0;
    for (size_t I = 0; I < NumStubs; ++I) {
      Views[I] = std::string_view(Stubs[I]);
      if (Views[I].empty())
        Views[I] = "\n";
      else if (Views[I].back() == '\n')
        ++EndInLineEnd;
    }
    std::vector<std::string> WithLineEnd;
    if (EndInLineEnd) {
      WithLineEnd.reserve(
          EndInLineEnd); // no reallocation: the views stay valid
      for (size_t I = 0; I < NumStubs; ++I)
        if (Views[I].data() == Stubs[I] && Views[I].back() == '\n') {
          WithLineEnd.emplace_back(Views[I]);
          WithLineEnd.back() += '\n';
          Views[I] = WithLineEnd.back();
        }
    }
    size_t Length = 0;
    PtxInjectResult R = fillCString(
        Buffer, BufferSize, Length,
        [&] { return Handle->M.renderedSize(Views, NumStubs); },
        [&](char *Out, size_t Capacity, size_t &N) {
          return Handle->M.renderTo(Views, NumStubs, Out, Capacity, N).Code ==
                 ErrorCode::Success;
        },
        [&](std::string &Out) {
          // Only reached after renderTo ran out of room: the stubs passed
          // its checks, so rendering them again cannot fail.
          Error E = Handle->M.render(Views, NumStubs, Out);
          assert(!E && "renderTo accepted these stubs");
          (void)E;
        });
    if (Written)
      *Written = Length;
    return R;
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
    std::string Resolved;
    StubLabelError E;
    if (!resolveStubLabels(Handle->M.inject(InjectIdx), Stub, Resolved, E))
      return PTX_INJECT_ERROR_INJECTION_ARG_NAME_NOT_FOUND;
    size_t Length = 0;
    PtxInjectResult R = fillCString(
        Buffer, BufferSize, Length, [&] { return Resolved.size(); },
        [&](char *Out, size_t Capacity, size_t &N) {
          N = Resolved.size();
          if (Capacity < N)
            return false;
          std::memcpy(Out, Resolved.data(), N);
          return true;
        },
        [&](std::string &Out) { Out = Resolved; });
    if (Written)
      *Written = Length;
    return R;
  } catch (const std::bad_alloc &) {
    return PTX_INJECT_ERROR_OUT_OF_MEMORY;
  }
}

} // extern "C"
