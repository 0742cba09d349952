//===- CommandLinesFuzzer.cpp - nvcc and NVRTC command lines ---------------===//
//
// Input: command-line words, one per line. The rewriter reads them as nvcc
// flags (after `--`, or from a compile_commands.json: joinNvccOptionValues,
// then translateNvccFlags) and, under --nvrtc or from Python, as NVRTC's
// options (translateNvrtcOptions). All three take whatever a user or a
// database gives them.
//
// Checked beyond the absence of crashes: joining values is idempotent and
// never touches the words after `--` (nor the `--` itself, even after an
// option that takes a value); the translation keeps the program
// name and copies the words after `--` unchanged to its end; every
// architecture it reports is an sm_ name; and both translations give the
// same result for the same words.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "ptxinject/Frontend/NvccFlags.h"
#include "ptxinject/Frontend/NvrtcInvocation.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace ptxinject::frontend;

namespace {

std::vector<std::string> words(const uint8_t *Data, size_t Size) {
  std::vector<std::string> Out(1);
  for (size_t I = 0; I < Size; ++I) {
    if (Data[I] == '\n')
      Out.emplace_back();
    else
      Out.back() += static_cast<char>(Data[I]);
  }
  return Out;
}

/// The words after the first "--" from From on (none when there is none).
std::vector<std::string> afterSeparator(const std::vector<std::string> &Args,
                                        size_t From = 0) {
  if (From > Args.size())
    return {};
  auto It = std::find(Args.begin() + From, Args.end(), "--");
  return It == Args.end() ? std::vector<std::string>()
                          : std::vector<std::string>(It + 1, Args.end());
}

bool endsWith(const std::vector<std::string> &Args,
              const std::vector<std::string> &Tail) {
  return Tail.size() <= Args.size() &&
         std::equal(Tail.begin(), Tail.end(), Args.end() - Tail.size());
}

bool sameNvrtc(const NvrtcTranslation &A, const NvrtcTranslation &B) {
  return A.ClangArgs == B.ClangArgs && A.OptionMacros == B.OptionMacros &&
         A.DefaultDevice == B.DefaultDevice &&
         A.NoSourceInclude == B.NoSourceInclude && A.Notes == B.Notes &&
         A.Error == B.Error;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > fuzzinput::MaxInputBytes)
    return 0;
  std::vector<std::string> Args = words(Data, Size);

  std::vector<std::string> Joined = joinNvccOptionValues(Args);
  FUZZ_CHECK(Joined.size() <= Args.size());
  FUZZ_CHECK(joinNvccOptionValues(Joined) == Joined);
  FUZZ_CHECK(afterSeparator(Joined) == afterSeparator(Args));

  TranslatedFlags T = translateNvccFlags(Joined);
  FUZZ_CHECK(!T.Args.empty() && T.Args.front() == Joined.front());
  // Joined[0] is the program's name, even when it reads "--".
  FUZZ_CHECK(endsWith(T.Args, afterSeparator(Joined, 1)));
  for (const std::string &A : T.Archs)
    FUZZ_CHECK(A.rfind("sm_", 0) == 0 && A.size() > 3);
  TranslatedFlags Again = translateNvccFlags(Joined);
  FUZZ_CHECK(Again.Args == T.Args && Again.Archs == T.Archs);

  NvrtcTranslation N = translateNvrtcOptions(Args);
  FUZZ_CHECK(sameNvrtc(N, translateNvrtcOptions(Args)));
  return 0;
}
