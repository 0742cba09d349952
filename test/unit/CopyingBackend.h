//===- CopyingBackend.h - A back end that assembles by copying ------------===//
//
// The variant compiler's tests need a CubinBackend that neither needs a CUDA
// toolkit nor allocates behind the test's back: its "cubin" is the PTX it was
// given, so a test can read what would have been assembled.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_TEST_UNIT_COPYINGBACKEND_H
#define PTXINJECT_TEST_UNIT_COPYINGBACKEND_H

#include "ptxinject/variants/VariantCompiler.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ptxinject::test {

class CopyingBackend final : public CubinBackend {
public:
  explicit CopyingBackend(CubinOptions O = CubinOptions())
      : CubinBackend(std::move(O)) {}
  CubinBackendKind kind() const override { return CubinBackendKind::Ptxas; }

protected:
  CompileStatus compileWithin(std::string_view Ptx, std::vector<char> &Cubin,
                              std::string &Log, double) const override {
    Log.clear();
    Cubin.assign(Ptx.begin(), Ptx.end());
    return CompileStatus::Ok;
  }
};

} // namespace ptxinject::test

#endif
