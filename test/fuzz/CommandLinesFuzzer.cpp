//===- CommandLinesFuzzer.cpp - nvcc and NVRTC command lines --------------===//
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
// same result for the same words. NVRTC reads the word after --dopt or
// -Ofc as its value, whatever it is, and takes only "on" and 0, min, mid or
// max: a translation that succeeds gave them no other value.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "ptxinject/Frontend/Invocation/NvccFlags.h"
#include "ptxinject/Frontend/Invocation/NvrtcInvocation.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace ptxinject;
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

bool sameNvrtc(const Expected<NvrtcTranslation> &A,
               const Expected<NvrtcTranslation> &B) {
  if (!A || !B)
    return !A && !B && A.error().Message == B.error().Message;
  return A->ClangArgs == B->ClangArgs && A->OptionMacros == B->OptionMacros &&
         A->DefaultDevice == B->DefaultDevice &&
         A->NoSourceInclude == B->NoSourceInclude && A->Notes == B->Notes;
}

/// Whether the --dopt and -Ofc options that NVRTC reads as options have
/// values it takes. A word is read as an option at least where the word
/// before it cannot take the next word as its value: none, one that is not
/// an option (a value, or an error), or NAME=VALUE.
bool choiceValuesKept(const std::vector<std::string> &Args) {
  auto Allowed = [](const std::string &Name, const std::string &Value) {
    if (Name == "--dopt" || Name == "-dopt")
      return Value == "on";
    if (Name == "--Ofast-compile" || Name == "-Ofc")
      return Value == "0" || Value == "min" || Value == "mid" || Value == "max";
    return true;
  };
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &Before = I ? Args[I - 1] : std::string();
    if (I && Before.rfind('-', 0) == 0 && Before.find('=') == std::string::npos)
      continue; // may be the value of the word before
    const std::string &Word = Args[I];
    size_t Eq = Word.find('=');
    if (Eq != std::string::npos) {
      if (!Allowed(Word.substr(0, Eq), Word.substr(Eq + 1)))
        return false;
    } else if (I + 1 < Args.size() && !Allowed(Word, Args[I + 1])) {
      return false;
    }
  }
  return true;
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

  Expected<NvrtcTranslation> N = translateNvrtcOptions(Args);
  FUZZ_CHECK(sameNvrtc(N, translateNvrtcOptions(Args)));
  FUZZ_CHECK(!N || choiceValuesKept(Args));
  return 0;
}
