//===- StackPtxFastCompiler.cpp - C++ Stack PTX compiler ------------------===//
//
// The reusable-buffer C++ front of the compiler core: one compile pass, the
// output written straight into the caller's string.
//
//===----------------------------------------------------------------------===//
#include "Core.h"
#include "ReferenceText.h"
#include "stack_ptx_native_default_info.h"

#include <algorithm>

namespace ptxinject {
namespace stackptx {

StackPtxFastCompilerInfo defaultLimits() {
  return stack_ptx_fast_default_compiler_info;
}

Compiler::Compiler(const InstructionSet &Set,
                   const StackPtxFastCompilerInfo &Limits)
    : Owner(Set), Info(&Owner.info()), Limits(Limits),
      WorkspaceBytes(detail::workspaceBytes(Limits, *Info)),
      Decoded(detail::decodeSet(*Info, Limits)) {}

Compiler::Compiler(const StackPtxFastInstructionSetInfo &Info,
                   const StackPtxFastCompilerInfo &Limits)
    : Info(&Info), Limits(Limits),
      WorkspaceBytes(detail::workspaceBytes(Limits, Info)),
      Decoded(detail::decodeSet(Info, Limits)) {}

namespace {
detail::RoutineTable tableOf(Span<Program> Routines) {
  detail::RoutineTable Table;
  Table.Spans = Routines.data();
  Table.Count = Routines.size();
  return Table;
}

void fit(Workspace &WS, size_t Bytes) {
  if (WS.size() < Bytes)
    WS.resize(Bytes);
}
} // namespace

StackPtxFastResult Compiler::compile(Program Prog,
                                     Span<StackPtxFastRegister> Registers,
                                     Span<size_t> Requests, Workspace &WS,
                                     std::string &Out,
                                     Span<Program> Routines) const {
  fit(WS, WorkspaceBytes);
  detail::RoutineTable Table = tableOf(Routines);
  StackPtxFastResult R = detail::compileToWorkspace(
      Limits, *Info, Prog, Registers.data(), Registers.size(), Table,
      Requests.data(), Requests.size(), WS.data(), WS.size(), Decoded.get());
  if (R != STACK_PTX_FAST_SUCCESS) {
    Out.clear();
    return R;
  }
  size_t Bound = detail::outputBound(WS.data());
  if (WS.Text.size() < Bound)
    WS.Text.resize(Bound);
  Out.assign(WS.Text.data(), detail::writeOutput(WS.data(), WS.Text.data()));
  return STACK_PTX_FAST_SUCCESS;
}

StackPtxFastResult
Compiler::compileReference(Program Prog, Span<StackPtxFastRegister> Registers,
                           Span<size_t> Requests, Workspace &WS,
                           std::string &Out, Span<Program> Routines,
                           ReferenceTemps Temps) const {
  fit(WS, WorkspaceBytes);
  detail::RoutineTable Table = tableOf(Routines);
  StackPtxFastResult R = detail::compileToWorkspace(
      Limits, *Info, Prog, Registers.data(), Registers.size(), Table,
      Requests.data(), Requests.size(), WS.data(), WS.size(), Decoded.get());
  Out.clear();
  if (R != STACK_PTX_FAST_SUCCESS)
    return R;
  thread_local detail::ReferenceStub Stub;
  detail::writeReferenceStub(WS.data(), Temps, /*WithPieces=*/false, Stub);
  Out.reserve(Stub.Head.size() + Stub.Body.size());
  Out += Stub.Head;
  Out += Stub.Body;
  return STACK_PTX_FAST_SUCCESS;
}

StackPtxFastResult Compiler::compileBatch(Span<Program> Programs,
                                          Span<StackPtxFastRegister> Registers,
                                          Span<size_t> Requests, Workspace &WS,
                                          std::string &Out,
                                          std::vector<size_t> &Ends,
                                          Span<Program> Routines) const {
  Out.clear();
  Ends.clear();
  fit(WS, WorkspaceBytes);
  detail::RoutineTable Table = tableOf(Routines);
  StackPtxFastResult R = detail::prepareWorkspace(
      Limits, *Info, Registers.data(), Registers.size(), Table, Requests.data(),
      Requests.size(), WS.data(), WS.size(), Decoded.get());
  if (R != STACK_PTX_FAST_SUCCESS)
    return R;
  Ends.reserve(Programs.size());
  // Stubs are written straight into Out, which stays at least one bound
  // longer than what is written: it grows by doubling (each byte is cleared
  // once), and is cut to the stubs' length at the end.
  size_t Used = 0;
  for (Program Prog : Programs) {
    R = detail::compilePrepared(WS.data(), Prog, Table, Requests.data(),
                                Requests.size(), Limits.execution_limit);
    if (R != STACK_PTX_FAST_SUCCESS) {
      Out.clear();
      Ends.clear();
      return R;
    }
    size_t Bound = detail::outputBound(WS.data());
    if (Out.size() - Used < Bound)
      Out.resize(std::max(2 * Out.size(), Used + Bound));
    Used += detail::writeOutput(WS.data(), &Out[Used]);
    Ends.push_back(Used);
  }
  Out.resize(Used);
  return STACK_PTX_FAST_SUCCESS;
}

} // namespace stackptx
} // namespace ptxinject
