//===- Module.cpp - Queries and rendering of a parsed Module --------------===//
//
// Rendering walks the pieces precomputed by the parser and copies text and
// stubs into the output: no formatting, no per-site work beyond two copies.
//
//===----------------------------------------------------------------------===//
#include "ModuleData.h"

#include <cstring>

using namespace ptxinject;

const InjectOperand *Inject::findOperand(std::string_view Label) const {
  for (const InjectOperand &Op : Operands)
    if (Op.Label == Label)
      return &Op;
  return nullptr;
}

std::optional<size_t> Inject::operandIndex(std::string_view Label) const {
  for (size_t I = 0; I < Operands.size(); ++I)
    if (Operands[I].Label == Label)
      return I;
  return std::nullopt;
}

size_t Module::numInjects() const { return D->Injects.size(); }

const Inject &Module::inject(size_t Index) const { return D->Injects[Index]; }

const Inject *Module::findInject(std::string_view Name) const {
  auto It = D->ByName.find(Name);
  return It == D->ByName.end() ? nullptr : &D->Injects[It->second];
}

std::optional<size_t> Module::injectIndex(std::string_view Name) const {
  auto It = D->ByName.find(Name);
  if (It == D->ByName.end())
    return std::nullopt;
  return It->second;
}

size_t Module::numSites() const { return D->NumSites; }

std::string_view Module::source() const { return D->Source; }

namespace {
/// A stub as inserted: its text plus a newline when it lacks one, so the
/// next line of PTX never joins the stub's last line.
inline size_t insertedSize(std::string_view Stub) {
  return Stub.size() + (!Stub.empty() && Stub.back() != '\n');
}

Error wrongStubCount(size_t Got, size_t Want) {
  return Error::make(ErrorCode::WrongStubCount,
                     "got " + std::to_string(Got) + " stubs for " +
                         std::to_string(Want) +
                         " injects: pass one stub per inject, in inject "
                         "index order (an empty stub leaves its sites empty)");
}
} // namespace

size_t Module::renderedSize(const std::string_view *Stubs,
                            size_t NumStubs) const {
  if (NumStubs != D->Injects.size() || (NumStubs && !Stubs))
    return 0;
  size_t Size = D->FixedSize;
  for (size_t I = 0; I < NumStubs; ++I)
    Size += insertedSize(Stubs[I]) * D->Injects[I].Sites.size();
  return Size;
}

namespace {
char *writePieces(const Module::Data &D, const std::string_view *Stubs,
                  char *Out) {
  for (const Module::Data::Piece &P : D.Pieces) {
    std::memcpy(Out, P.Text, P.Length);
    Out += P.Length;
    if (P.Slot == Module::Data::NoSlot)
      continue;
    std::string_view Stub = Stubs[P.Slot];
    if (Stub.empty())
      continue;
    std::memcpy(Out, Stub.data(), Stub.size());
    Out += Stub.size();
    if (Stub.back() != '\n')
      *Out++ = '\n';
  }
  return Out;
}
} // namespace

Error Module::render(const std::string_view *Stubs, size_t NumStubs,
                     std::string &Out) const {
  if (NumStubs != D->Injects.size()) {
    Out.clear();
    return wrongStubCount(NumStubs, D->Injects.size());
  }
  if (NumStubs && !Stubs) {
    Out.clear();
    return Error::make(ErrorCode::InvalidArgument, "the stubs array is null");
  }
  size_t Size = renderedSize(Stubs, NumStubs);
  // Growing only when needed keeps a reused string from being refilled with
  // zeros on every call.
  if (Out.size() < Size)
    Out.resize(Size);
  char *End = writePieces(*D, Stubs, Out.data());
  (void)End;
  Out.resize(Size);
  return Error::success();
}

Error Module::renderTo(const std::string_view *Stubs, size_t NumStubs,
                       char *Buffer, size_t Capacity, size_t &Written) const {
  Written = 0;
  if (NumStubs != D->Injects.size())
    return wrongStubCount(NumStubs, D->Injects.size());
  if (NumStubs && !Stubs)
    return Error::make(ErrorCode::InvalidArgument, "the stubs array is null");
  size_t Size = renderedSize(Stubs, NumStubs);
  Written = Size;
  if (!Buffer || Capacity < Size)
    return Error::make(ErrorCode::InsufficientBuffer,
                       "the output buffer holds " + std::to_string(Capacity) +
                           " bytes but the rendered PTX needs " +
                           std::to_string(Size) +
                           " (plus one for the terminating NUL)");
  writePieces(*D, Stubs, Buffer);
  if (Capacity > Size)
    Buffer[Size] = '\0';
  return Error::success();
}
