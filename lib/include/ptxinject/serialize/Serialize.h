//===- Serialize.h - Flat buffers for Stack PTX inputs ----------*- C++ -*-===//
//
// Compiler info, instruction sets, registers, requests, instruction stubs and
// PTX text as versioned little-endian byte buffers, to ship programs to
// compile workers. Writers append, so several objects share one buffer and
// are read back in order; a reader rejects a truncated, corrupted or
// newer-version buffer with a message that gives the byte offset, never
// reading past the end. The C API (stack_ptx_inject_serialize.h) is built on
// these functions.
//
// Wire format (format version 1): every object is a 16-byte header
//   "SPXW" | u16 version | u16 kind | u64 body size
// followed by its body; integers are little-endian, sizes are u64, strings are
// a u32 length (0xFFFFFFFF for NULL) and their bytes, an instruction is its 8
// bytes (kind, stack_idx, idx u16, payload u32). The reference kinds (8-10)
// hold the reference layouts: its compiler info as five u64, its stack info
// as string/descriptor tables, its instructions as 8 bytes (type u16, aux
// u16, payload u32).
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_SERIALIZE_SERIALIZE_H
#define PTXINJECT_SERIALIZE_SERIALIZE_H

#include "ptxinject/stackptx/StackPtx.h"
#include "ptxinject/support/Error.h"
#include "stack_ptx.h"
#include "stack_ptx_native.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace ptxinject {
namespace serialize {

using stackptx::Span;
using Bytes = std::vector<uint8_t>;

constexpr uint16_t FormatVersion = 1;
constexpr size_t HeaderSize = 16;

/// What a buffer holds; a reader asked for one kind rejects another.
enum class Kind : uint16_t {
  CompilerInfo = 1,
  StackInfo = 2,
  Registers = 3,
  Requests = 4,
  Instructions = 5,
  Ptx = 6,
  Extra = 7,
  // The reference system's layouts (stack_ptx.h), which the C API takes.
  RefCompilerInfo = 8,
  RefStackInfo = 9,
  RefInstructions = 10,
};

/// The target and limits a compile worker needs besides the compiler info
/// (same fields as StackPtxExtraInfo in the C header).
struct ExtraInfo {
  unsigned DeviceCapabilityMajor = 0;
  unsigned DeviceCapabilityMinor = 0;
  size_t ExecutionLimit = 0;
};

/// Writers append one object to Out. They fail (an InvalidArgument Error)
/// only on input that cannot be represented: a NULL array with a count, a
/// NULL name, a string longer than 4 GiB.
void writeCompilerInfo(const StackPtxFastCompilerInfo &Info, Bytes &Out);
Error writeStackInfo(const StackPtxFastInstructionSetInfo &Set, Bytes &Out);
Error writeRegisters(Span<StackPtxFastRegister> Registers, Bytes &Out);
/// Stubs[i] holds Sizes[i] request indices.
Error writeRequests(Span<const size_t *> Stubs, Span<size_t> Sizes, Bytes &Out);
/// Each stub is a return-terminated array; it is written up to and including
/// its first return.
Error writeInstructions(Span<const StackPtxFastInstruction *> Stubs,
                        Bytes &Out);
void writePtx(std::string_view Ptx, Bytes &Out);
void writeExtra(const ExtraInfo &Extra, Bytes &Out);

/// The reference layouts (stack_ptx.h). Strings of a reference stack info
/// must not be NULL; a reference program ends at its first
/// STACK_PTX_INSTRUCTION_TYPE_RETURN.
void writeRefCompilerInfo(const StackPtxCompilerInfo &Info, Bytes &Out);
Error writeRefStackInfo(const StackPtxStackInfo &Set, Bytes &Out);
Error writeRefInstructions(Span<const StackPtxInstruction *> Stubs, Bytes &Out);

/// A reference stack info read from a buffer, as owned tables.
struct OwnedRefStackInfo {
  std::vector<std::string> PtxInstructions;
  std::vector<StackPtxPtxInstructionDescriptor> Descriptors;
  std::vector<std::string> SpecialRegisters;
  std::vector<StackPtxSpecialRegisterDescriptor> SpecialDescriptors;
  std::vector<std::string> StackPrefixes;
  std::vector<StackPtxArgTypeInfo> ArgTypes;
};
/// Each reference stub ends with its return instruction.
using RefInstructionStubs = std::vector<std::vector<StackPtxInstruction>>;

/// An instruction set read from a buffer: owns its strings and tables, and
/// info() points into them (so it moves but does not copy).
class OwnedStackInfo {
public:
  OwnedStackInfo() = default;
  OwnedStackInfo(OwnedStackInfo &&) = default;
  OwnedStackInfo &operator=(OwnedStackInfo &&) = default;
  OwnedStackInfo(const OwnedStackInfo &) = delete;
  OwnedStackInfo &operator=(const OwnedStackInfo &) = delete;

  const StackPtxFastInstructionSetInfo &info() const { return Info; }

private:
  friend class Reader;
  /// Returns a stable pointer to a copy of S (NULL stays NULL).
  const char *keep(const std::string *S);
  void link();

  std::deque<std::string> Strings;
  std::vector<StackPtxFastStackTypeInfo> StackTypes;
  std::vector<StackPtxFastArgTypeInfo> ArgTypes;
  std::vector<StackPtxFastPtxInstructionInfo> Instructions;
  std::vector<StackPtxFastSpecialRegisterInfo> SpecialRegisters;
  StackPtxFastInstructionSetInfo Info{};
};

struct OwnedRegister {
  std::string Name;
  size_t StackIdx = 0;
};

using RequestStubs = std::vector<std::vector<size_t>>;
/// Each stub ends with its return instruction.
using InstructionStubs = std::vector<std::vector<StackPtxFastInstruction>>;

/// Reads objects one after another from a byte range. Each read returns
/// an Error: Success, having consumed its object, or an InvalidEncoding
/// failure that leaves Out and the reader's position as they were (so a
/// caller may try another kind at the same place). A buffer has no lines or
/// columns, and byte 0 is a place, so the byte offset of the failure is in
/// the message, "byte N: what", and Line and Column stay 0.
class Reader {
public:
  Reader(const uint8_t *Data, size_t Size) : Data(Data), Size(Size) {}

  Error readCompilerInfo(StackPtxFastCompilerInfo &Out);
  Error readStackInfo(OwnedStackInfo &Out);
  Error readRegisters(std::vector<OwnedRegister> &Out);
  Error readRequests(RequestStubs &Out);
  Error readInstructions(InstructionStubs &Out);
  Error readPtx(std::string &Out);
  Error readExtra(ExtraInfo &Out);
  Error readRefCompilerInfo(StackPtxCompilerInfo &Out);
  Error readRefStackInfo(OwnedRefStackInfo &Out);
  Error readRefInstructions(RefInstructionStubs &Out);

  /// Bytes consumed by the objects read so far.
  size_t used() const { return Pos; }
  bool atEnd() const { return Pos == Size; }

private:
  /// The cursor over one object's body (lib/serialize/ByteCodec.h).
  class Body;
  /// Starts reading an object of kind Expected at the current position;
  /// false, the failure kept in Out, where there is none.
  bool open(Kind Expected, Body &Out) const;
  /// Checks that B was read to its end, then moves past its object.
  bool close(Body &B);
  /// Instruction stubs of either layout: ReadWord(Body &, Word &, bool
  /// &IsReturn) decodes one word; the framing and the checks that every stub
  /// ends with its only return are shared.
  template <class Stubs, class ReadWord>
  Error readStubs(Kind Expected, Stubs &Out, ReadWord Read);

  const uint8_t *Data;
  size_t Size;
  size_t Pos = 0;
};

/// Deep equality of two instruction sets (strings compared by content).
bool equalStackInfo(const StackPtxFastInstructionSetInfo &X,
                    const StackPtxFastInstructionSetInfo &Y);

} // namespace serialize
} // namespace ptxinject

#endif
