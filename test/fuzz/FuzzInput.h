//===- FuzzInput.h - Splitting one fuzz input into its parts ----*- C++ -*-===//
//
// Harnesses that take several texts (PTX and stubs, a program and its
// routines) read them from one input cut at a separator line, so seed
// files stay readable and a crash input can be opened in an editor. Every
// harness stops early on inputs over MaxInputBytes: the limits of each API
// are checked by unit tests, and the fuzzer's time is better spent on shape.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FUZZ_FUZZINPUT_H
#define PTXINJECT_FUZZ_FUZZINPUT_H

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace fuzzinput {

constexpr size_t MaxInputBytes = 1 << 20;

/// The separator between parts: a line holding only "@@@".
constexpr std::string_view Separator = "\n@@@\n";

inline std::vector<std::string_view> splitParts(std::string_view Input) {
  std::vector<std::string_view> Parts;
  for (;;) {
    size_t At = Input.find(Separator);
    Parts.push_back(Input.substr(0, At));
    if (At == std::string_view::npos)
      return Parts;
    Input.remove_prefix(At + Separator.size());
  }
}

/// Whole 8-byte records of Data as T (Stack PTX and AST PTX instructions).
template <class T> std::vector<T> records(const uint8_t *Data, size_t Size) {
  static_assert(sizeof(T) == 8, "instructions are 8-byte words");
  std::vector<T> Out(Size / sizeof(T));
  for (size_t I = 0; I < Out.size(); ++I)
    __builtin_memcpy(&Out[I], Data + I * sizeof(T), sizeof(T));
  return Out;
}

/// A violated property of the code under test: abort so both libFuzzer and
/// the replay runner report the input.
[[noreturn]] inline void fail(const char *What) {
  std::fprintf(stderr, "fuzz property violated: %s\n", What);
  std::abort();
}

} // namespace fuzzinput

#define FUZZ_CHECK(Cond)                                                       \
  do {                                                                         \
    if (!(Cond))                                                               \
      ::fuzzinput::fail(#Cond);                                                \
  } while (0)

#endif
