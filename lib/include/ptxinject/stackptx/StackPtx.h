//===- StackPtx.h - C++ API of the Stack PTX compiler -----------*- C++ -*-===//
//
// An instruction set loaded once (from JSON or generated tables) and a
// Compiler built from it that many threads share: each thread passes its own
// Workspace and output string, which are reused across calls so a search
// loop compiles with no allocation after the first call.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_STACKPTX_H
#define PTXINJECT_STACKPTX_H

#include "ptxinject/support/Error.h"
#include "stack_ptx_native.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ptxinject {
namespace stackptx {

/// A read-only view of a contiguous array (the project targets C++17).
template <class T> class Span {
public:
  constexpr Span() = default;
  constexpr Span(const T *Data, size_t Size) : Data(Data), Count(Size) {}
  template <size_t N>
  constexpr Span(const T (&Array)[N]) : Data(Array), Count(N) {}
  Span(const std::vector<T> &V) : Data(V.data()), Count(V.size()) {}
  const T *data() const { return Data; }
  size_t size() const { return Count; }
  bool empty() const { return Count == 0; }
  const T &operator[](size_t I) const { return Data[I]; }
  const T *begin() const { return Data; }
  const T *end() const { return Data + Count; }

private:
  const T *Data = nullptr;
  size_t Count = 0;
};

using Program = Span<StackPtxFastInstruction>;

/// A PTX target: the SM architecture (90 for sm_90) and the PTX ISA version
/// times ten (81 for 8.1). 0 means "any", so the default Target accepts
/// every entry of a description.
struct Target {
  unsigned Sm = 0;
  unsigned Ptx = 0;
  /// "sm_80", "sm_90a" or "80" (the PTX version stays 0); false otherwise.
  static bool parse(std::string_view Text, Target &Out);
  /// True when code for this target may use an entry that needs Need.
  bool has(const Target &Need) const {
    return (!Sm || Need.Sm <= Sm) && (!Ptx || Need.Ptx <= Ptx);
  }
};

/// What one instruction costs, for a search's descriptors: its description
/// entry's "latency" (estimated cycles in a dependent chain; DefaultLatency
/// when it gives none) and "approximate" (a special function unit or
/// approximate result). A ranking model, not a timing.
struct InstructionCost {
  static constexpr double DefaultLatency = 4;
  double Latency = DefaultLatency;
  bool Approximate = false;
};

/// Stack types, arg types, PTX instructions and special registers. Copies
/// share one immutable table, so an InstructionSet is cheap to pass around
/// and safe to read from many threads.
class InstructionSet {
public:
  /// Reads the stack_ptx_descriptions.json format, or returns the error at
  /// its line and column.
  static Expected<InstructionSet> fromJson(std::string_view Text);
  /// Reads a description file. The error's message starts with the path,
  /// as tools print it ("PATH:LINE:COL: ...", or "PATH: error: ..." for a
  /// file that cannot be read).
  static Expected<InstructionSet> fromFile(const std::string &Path);
  /// A set described in the reference library's terms, as its Python API
  /// (mm_ptx) gives one: entries by index, no names.
  struct ReferenceTables {
    /// Per stack: its literal prefix, the PTX register type ("f32",
    /// "pred"); f32, u32 and s32 stacks take literals.
    std::vector<std::string> StackPrefixes;
    struct Arg {
      unsigned Stack;
      unsigned VecElems; // 0: a scalar
    };
    std::vector<Arg> ArgTypes;
    struct Instruction {
      std::string Ptx;
      std::vector<unsigned> Args, Rets; // arg type indices
      bool Aligned = false;
    };
    std::vector<Instruction> Instructions;
    struct Special {
      std::string Ptx;
      unsigned Arg;
    };
    std::vector<Special> SpecialRegisters;
  };
  /// The set those tables describe under the reference's rules (every
  /// instruction top_first, and reference_rules): what the JSON
  /// description with those switches gives, without writing and parsing
  /// one. Stacks are named s0, s1, ..., arg types a0, ..., instructions i0,
  /// .... An instruction without results (the reference runs it and never
  /// prints it) gets one on a stack of its own that nothing requests. A
  /// special register may repeat (it reads the same register); the first
  /// is the one findSpecialRegister finds. A bad index is an error naming
  /// the entry.
  static Expected<InstructionSet> fromReference(const ReferenceTables &Tables);
  /// The description shipped with the project
  /// (data/stack_ptx_descriptions.json).
  static const InstructionSet &builtin();

  const StackPtxFastInstructionSetInfo &info() const;

  /// Lookups by name; -1 when absent. Stack and arg type names match
  /// case-insensitively ("f32" finds F32). Instructions match their display
  /// name (the ptx opcode when the description gives none).
  int findStackType(std::string_view Name) const;
  int findArgType(std::string_view Name) const;
  int findInstruction(std::string_view DisplayName) const;
  int findSpecialRegister(std::string_view Ptx) const;

  /// The oldest target an entry exists on (its "min_sm" / "min_ptx" in
  /// the description; {0, 0} when it gives none).
  Target instructionTarget(size_t Index) const;
  Target specialRegisterTarget(size_t Index) const;
  /// An instruction's cost (the default one for an index out of range).
  InstructionCost instructionCost(size_t Index) const;
  /// This set with the entries For lacks made inert: indices stay the same,
  /// so programs keep their meaning, and compiling skips those entries like
  /// any other instruction that cannot run, so no stub names them.
  InstructionSet forTarget(const Target &For) const;

  struct Tables;

private:
  std::shared_ptr<const Tables> Impl;
};

namespace detail {
struct DecodedSet;
} // namespace detail

/// How the reference library's stub text (ReferenceText.h in lib/stackptx)
/// names temporaries: its C headers (mm-ptx 1.1) write "%_s0_3", the stack's
/// index and a number; the headers of its Python wheel (mm-ptx 1.0) "%_a3",
/// a letter per stack (the index form past the 32nd stack).
enum class ReferenceTemps { StackIndex, StackLetter };

/// Limits used when none are given (those of stack_ptx_native_default_info.h).
StackPtxFastCompilerInfo defaultLimits();

/// Scratch memory for one compile at a time; reuse it across compiles.
class Workspace {
public:
  Workspace() = default;
  size_t size() const { return Storage.size() * sizeof(uint64_t); }
  void *data() { return Storage.data(); }
  const void *data() const { return Storage.data(); }
  void resize(size_t Bytes) { Storage.resize((Bytes + 7) / 8); }

private:
  friend class Compiler;
  std::vector<uint64_t> Storage;
  // The stub is formatted here and copied out once: formatting straight
  // into the caller's string would resize it twice per compile.
  std::vector<char> Text;
};

/// Compiles Stack PTX programs against one instruction set and set of
/// limits. compile() and compileBatch() are const and thread-safe (each
/// thread with its own Workspace and output).
class Compiler {
public:
  explicit Compiler(const InstructionSet &Set,
                    const StackPtxFastCompilerInfo &Limits = defaultLimits());
  /// For tables from a generated header; Info must outlive the Compiler.
  explicit Compiler(const StackPtxFastInstructionSetInfo &Info,
                    const StackPtxFastCompilerInfo &Limits = defaultLimits());

  /// Bytes of workspace a compile needs; compile() grows a smaller one.
  size_t workspaceSize() const { return WorkspaceBytes; }
  const StackPtxFastInstructionSetInfo &info() const { return *Info; }
  const StackPtxFastCompilerInfo &limits() const { return Limits; }

  /// Runs Program (up to its first return, or to its end), pops one value
  /// per request into that register and replaces Out with the stub.
  /// Routines[i] is the body of routine i, likewise ended by a return or
  /// its end. Errors are only about bad registers/requests: any instruction
  /// bytes compile.
  StackPtxFastResult compile(Program Prog, Span<StackPtxFastRegister> Registers,
                             Span<size_t> Requests, Workspace &WS,
                             std::string &Out,
                             Span<Program> Routines = {}) const;

  /// compile(), with the stub written as the reference library writes it
  /// (its order of statements, numbering and spelling) for callers of its
  /// APIs, which promise its text. Out ends with the closing brace.
  StackPtxFastResult
  compileReference(Program Prog, Span<StackPtxFastRegister> Registers,
                   Span<size_t> Requests, Workspace &WS, std::string &Out,
                   Span<Program> Routines = {},
                   ReferenceTemps Temps = ReferenceTemps::StackIndex) const;

  /// Compiles each of Programs as compile() does, with one set of registers,
  /// requests and routines, and puts the stubs back to back in Out: stub I
  /// ends at Ends[I] and starts where stub I - 1 ends (stub 0 at 0). The
  /// arguments every program shares are checked, and the register names
  /// measured, once: for many variants of one inject site this costs less
  /// per program than compile(). Registers and Requests must not change
  /// during the call. An error leaves Out and Ends empty.
  StackPtxFastResult compileBatch(Span<Program> Programs,
                                  Span<StackPtxFastRegister> Registers,
                                  Span<size_t> Requests, Workspace &WS,
                                  std::string &Out, std::vector<size_t> &Ends,
                                  Span<Program> Routines = {}) const;

private:
  InstructionSet Owner; // keeps the tables alive when built from a set
  const StackPtxFastInstructionSetInfo *Info;
  StackPtxFastCompilerInfo Limits;
  size_t WorkspaceBytes;
  // The set's entries decoded once, so compiles never look them up again.
  std::shared_ptr<const detail::DecodedSet> Decoded;
};

} // namespace stackptx
} // namespace ptxinject

#endif
