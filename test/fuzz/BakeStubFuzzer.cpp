//===- BakeStubFuzzer.cpp - Stubs baked into a site's inline asm ----------===//
//
// Input: one byte choosing the site's operands (up to three, with the
// labels x, y, z and kinds from its bits), then the stub text. Checked
// beyond the absence of crashes: a baked template is one the compiler reads
// back as written — every '%' of the stub doubled (no stray operand
// reference), every line ended by "\n\t" — and it holds no marker line, so
// the runtime finds no site in what it compiles to.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "ptxinject/asm/AsmEmitter.h"

#include <string>
#include <string_view>

using namespace ptxinject;
using namespace ptxinject::asmemit;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size < 1 || Size > 4096)
    return 0;
  static const char *const Labels[] = {"x", "y", "z"};
  static const OperandKind Kinds[] = {OperandKind::In, OperandKind::Mod,
                                      OperandKind::Out, OperandKind::In};
  const TypeInfo *F32 = TypeTable::builtin().find("F32");
  Site S;
  S.Name = "func";
  for (unsigned I = 0; I < Data[0] % 4u; ++I)
    S.Operands.push_back({Kinds[(Data[0] >> (2 + 2 * I)) & 3], Labels[I], F32});
  std::string_view Stub(reinterpret_cast<const char *>(Data + 1), Size - 1);

  std::string Baked;
  if (Error E = bakeStub(S, Stub, Baked)) {
    FUZZ_CHECK(E.Code == ErrorCode::InvalidStub && E.Line >= 1 &&
               E.Column >= 1);
    return 0;
  }
  // Outside the "%%_xN" and "%{label}" the stub spelled, '%' runs are even.
  for (size_t P = 0; P < Baked.size();) {
    size_t Run = 0;
    while (P + Run < Baked.size() && Baked[P + Run] == '%')
      ++Run;
    FUZZ_CHECK(Run % 2 == 0);
    P += Run ? Run : 1;
  }
  InlineAsm Asm = buildInlineAsm(S, &Baked);
  FUZZ_CHECK(Asm.Template.find("// PTX_INJECT_START") == std::string::npos ||
             Stub.find("PTX_INJECT_START") != std::string_view::npos);
  for (size_t P = Asm.Template.find('\n'); P != std::string::npos;
       P = Asm.Template.find('\n', P + 1))
    FUZZ_CHECK(P + 1 < Asm.Template.size() && Asm.Template[P + 1] == '\t');
  return 0;
}
