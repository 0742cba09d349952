//===- PtxInjectCApiFuzzer.cpp - The ptx_inject C API call sequence -------===//
//
// Input: the PTX bytes (not NUL-terminated; the last byte picks the create
// flags). Runs create, every query by index and then by the name it
// returned, and measure-then-render, the sequence C, Python and remote
// callers use. A name or label must lead back to its own index.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "ptx_inject_runtime.h"

#include <cstring>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size == 0 || Size > fuzzinput::MaxInputBytes)
    return 0;
  unsigned Flags =
      Data[Size - 1] & 1 ? PTX_INJECT_CREATE_PRUNE_UNUSED_GLOBALS : 0;
  PtxInjectHandle H = nullptr;
  PtxInjectDiagnostic Diag;
  PtxInjectResult R = ptx_inject_create_with_flags(
      &H, reinterpret_cast<const char *>(Data), Size - 1, Flags, &Diag);
  if (R != PTX_INJECT_SUCCESS) {
    FUZZ_CHECK(H == nullptr);
    FUZZ_CHECK(ptx_inject_result_to_string(R) != nullptr);
    return 0;
  }
  size_t N = 0;
  FUZZ_CHECK(ptx_inject_num_injects(H, &N) == PTX_INJECT_SUCCESS);
  for (size_t I = 0; I < N; ++I) {
    const char *Name = nullptr;
    size_t Args = 0, Sites = 0;
    FUZZ_CHECK(ptx_inject_inject_info_by_index(H, I, &Name, &Args, &Sites) ==
               PTX_INJECT_SUCCESS);
    size_t Back = SIZE_MAX;
    FUZZ_CHECK(ptx_inject_inject_info_by_name(H, Name, &Back, nullptr,
                                              nullptr) == PTX_INJECT_SUCCESS);
    FUZZ_CHECK(Back == I);
    for (size_t A = 0; A < Args; ++A) {
      const char *Label = nullptr, *Reg = nullptr, *RegType = nullptr,
                 *DataType = nullptr;
      PtxInjectMutType Mut;
      FUZZ_CHECK(ptx_inject_variable_info_by_index(H, I, A, &Label, &Reg, &Mut,
                                                   &RegType, &DataType) ==
                 PTX_INJECT_SUCCESS);
      size_t ArgBack = SIZE_MAX;
      FUZZ_CHECK(ptx_inject_variable_info_by_name(
                     H, I, Label, &ArgBack, nullptr, nullptr, nullptr,
                     nullptr) == PTX_INJECT_SUCCESS);
      FUZZ_CHECK(ArgBack == A);
    }
    FUZZ_CHECK(ptx_inject_variable_info_by_index(H, I, Args, nullptr, nullptr,
                                                 nullptr, nullptr, nullptr) !=
               PTX_INJECT_SUCCESS);
  }
  FUZZ_CHECK(ptx_inject_inject_info_by_index(H, N, nullptr, nullptr, nullptr) !=
             PTX_INJECT_SUCCESS);

  // Measure, then render with a stub naming the first operand of each inject
  // (every third one empty); the reference's contract: the measure counts
  // the NUL, a buffer of exactly that size gets the text and its NUL, one
  // byte less gets the error and a NUL-terminated prefix.
  std::vector<std::string> Texts(N);
  std::vector<const char *> Stubs(N);
  for (size_t I = 0; I < N; ++I) {
    const char *Reg = nullptr;
    if (I % 3 != 2 && ptx_inject_variable_info_by_index(
                          H, I, 0, nullptr, &Reg, nullptr, nullptr, nullptr) ==
                          PTX_INJECT_SUCCESS)
      Texts[I] = std::string("mov.b32 %") + Reg + ", %" + Reg + ";";
    Stubs[I] = Texts[I].c_str();
  }
  // An empty vector's data() may be NULL, which the API rejects.
  const char *const NoStub = "";
  const char *const *StubArray = N ? Stubs.data() : &NoStub;
  size_t Need = 0;
  FUZZ_CHECK(ptx_inject_render_ptx(H, StubArray, N, nullptr, 0, &Need) ==
             PTX_INJECT_SUCCESS);
  FUZZ_CHECK(Need >= 1);
  std::vector<char> Out(Need);
  size_t Written = 0;
  FUZZ_CHECK(ptx_inject_render_ptx(H, StubArray, N, Out.data(), Out.size(),
                                   &Written) == PTX_INJECT_SUCCESS);
  FUZZ_CHECK(Written + 1 == Need && Out[Written] == '\0');
  FUZZ_CHECK(
      ptx_inject_render_ptx(H, StubArray, N, Out.data(), Need - 1, &Written) ==
      PTX_INJECT_ERROR_INSUFFICIENT_BUFFER);
  FUZZ_CHECK(Written + 1 == Need);
  if (Need > 1)
    FUZZ_CHECK(Out[Need - 2] == '\0');
  if (N) {
    Stubs[0] = nullptr;
    FUZZ_CHECK(ptx_inject_render_ptx(H, Stubs.data(), N, nullptr, 0, &Need) ==
               PTX_INJECT_ERROR_INVALID_INPUT);
  }
  FUZZ_CHECK(ptx_inject_destroy(H) == PTX_INJECT_SUCCESS);
  return 0;
}
