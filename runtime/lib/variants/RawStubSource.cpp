//===- RawStubSource.cpp - Program sources: the base and stubs as given ---===//
//
// A program source makes the stub of program I for the inject it was
// prepared for; RawStubSource's programs are stub text, checked once.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/variants/VariantCompiler.h"

#include "ptxinject/module/StubLabels.h"

using namespace ptxinject;
using namespace ptxinject::variants;

ProgramScratch::~ProgramScratch() = default;
ProgramSource::~ProgramSource() = default;

std::unique_ptr<ProgramScratch> ProgramSource::makeScratch() const {
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Raw stubs
//===----------------------------------------------------------------------===//

Error RawStubSource::prepare(const Inject &Target) {
  Resolved.assign(Stubs.size(), std::string());
  Errors.assign(Stubs.size(), StubError());
  for (size_t I = 0; I < Stubs.size(); ++I) {
    StubLabelError E;
    if (!resolveStubLabels(Target, Stubs[I], Resolved[I], E))
      Errors[I] = StubError{E.Message, E.Line, E.Column};
  }
  return Error::success();
}

bool RawStubSource::stub(size_t Index, ProgramScratch *, std::string &,
                         std::string_view &Stub, StubError &Error) const {
  if (!Errors[Index].Message.empty()) {
    Error = Errors[Index];
    return false;
  }
  Stub = Resolved[Index];
  return true;
}
