//===- SerializeFuzzer.cpp - libFuzzer harness for the serialization ------===//
//
// Arbitrary bytes go to every reader, C++ and C forms. A wire that a reader
// accepts must serialize back to the same bytes, and its C unpacking must fit
// in the size the measuring call reported. The C form takes the reference's
// types (stack_ptx.h).
//
//===----------------------------------------------------------------------===//
#include "ptxinject/serialize/Serialize.h"
#include "stack_ptx_inject_serialize.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace ptxinject;
using namespace ptxinject::serialize;

namespace {

[[noreturn]] void oracleFailed(const char *What) {
  std::fprintf(stderr, "SerializeFuzzer: %s\n", What);
  std::abort();
}

/// Rewrites what was read and checks it is the bytes it came from.
void checkSame(const uint8_t *Data, size_t Used, const Bytes &Again) {
  if (Again.size() != Used || std::memcmp(Again.data(), Data, Used) != 0)
    oracleFailed("an accepted object does not serialize back to its own bytes");
}

/// Whether a read succeeded; a rejection must say where, in its message,
/// and leave the reader where it was.
bool accepted(const Reader &R, const Error &E) {
  if (!E)
    return true;
  if (E.Code != ErrorCode::InvalidEncoding || E.Line || E.Column ||
      E.Message.rfind("byte ", 0) != 0)
    oracleFailed("a rejected wire is not an InvalidEncoding \"byte N:\" error");
  if (R.used() != 0)
    oracleFailed("a rejected read moved the reader");
  return false;
}

void readCpp(const uint8_t *Data, size_t Size) {
  {
    Reader R(Data, Size);
    StackPtxFastCompilerInfo V;
    if (accepted(R, R.readCompilerInfo(V))) {
      Bytes Again;
      writeCompilerInfo(V, Again);
      checkSame(Data, R.used(), Again);
    }
  }
  {
    Reader R(Data, Size);
    OwnedStackInfo V;
    if (accepted(R, R.readStackInfo(V))) {
      Bytes Again;
      if (writeStackInfo(V.info(), Again))
        oracleFailed("an accepted instruction set cannot be written again");
      checkSame(Data, R.used(), Again);
    }
  }
  {
    Reader R(Data, Size);
    std::vector<OwnedRegister> V;
    if (accepted(R, R.readRegisters(V))) {
      std::vector<StackPtxFastRegister> Regs;
      for (const OwnedRegister &O : V)
        Regs.push_back({O.Name.c_str(), O.StackIdx});
      Bytes Again;
      if (writeRegisters(Regs, Again))
        oracleFailed("accepted registers cannot be written again");
      checkSame(Data, R.used(), Again);
    }
  }
  {
    Reader R(Data, Size);
    RequestStubs V;
    if (accepted(R, R.readRequests(V))) {
      std::vector<const size_t *> Ptrs;
      std::vector<size_t> Sizes;
      for (const auto &S : V) {
        Ptrs.push_back(S.data());
        Sizes.push_back(S.size());
      }
      Bytes Again;
      if (writeRequests(Ptrs, Sizes, Again))
        oracleFailed("accepted requests cannot be written again");
      checkSame(Data, R.used(), Again);
    }
  }
  {
    Reader R(Data, Size);
    InstructionStubs V;
    if (accepted(R, R.readInstructions(V))) {
      std::vector<const StackPtxFastInstruction *> Ptrs;
      for (const auto &S : V)
        Ptrs.push_back(S.data());
      Bytes Again;
      if (writeInstructions(Ptrs, Again))
        oracleFailed("accepted instruction stubs cannot be written again");
      checkSame(Data, R.used(), Again);
    }
  }
  {
    Reader R(Data, Size);
    std::string V;
    if (accepted(R, R.readPtx(V))) {
      Bytes Again;
      writePtx(V, Again);
      checkSame(Data, R.used(), Again);
    }
  }
  {
    Reader R(Data, Size);
    ExtraInfo V;
    if (accepted(R, R.readExtra(V))) {
      Bytes Again;
      writeExtra(V, Again);
      checkSame(Data, R.used(), Again);
    }
  }
  {
    Reader R(Data, Size);
    StackPtxCompilerInfo V;
    if (accepted(R, R.readRefCompilerInfo(V))) {
      Bytes Again;
      writeRefCompilerInfo(V, Again);
      checkSame(Data, R.used(), Again);
    }
  }
  {
    Reader R(Data, Size);
    OwnedRefStackInfo V;
    if (accepted(R, R.readRefStackInfo(V))) {
      auto Pointers = [](const std::vector<std::string> &Strings) {
        std::vector<const char *> P;
        for (const std::string &S : Strings)
          P.push_back(S.c_str());
        return P;
      };
      std::vector<const char *> Ptx = Pointers(V.PtxInstructions),
                                Specials = Pointers(V.SpecialRegisters),
                                Prefixes = Pointers(V.StackPrefixes);
      StackPtxStackInfo Set = {Ptx.data(),
                               V.Descriptors.data(),
                               Ptx.size(),
                               Specials.data(),
                               V.SpecialDescriptors.data(),
                               Specials.size(),
                               Prefixes.data(),
                               Prefixes.size(),
                               V.ArgTypes.data(),
                               V.ArgTypes.size()};
      Bytes Again;
      if (writeRefStackInfo(Set, Again))
        oracleFailed(
            "an accepted reference stack info cannot be written again");
      checkSame(Data, R.used(), Again);
    }
  }
  {
    Reader R(Data, Size);
    RefInstructionStubs V;
    if (accepted(R, R.readRefInstructions(V))) {
      std::vector<const StackPtxInstruction *> Ptrs;
      for (const auto &S : V)
        Ptrs.push_back(S.data());
      Bytes Again;
      if (writeRefInstructions(Ptrs, Again))
        oracleFailed(
            "accepted reference instruction stubs cannot be written again");
      checkSame(Data, R.used(), Again);
    }
  }
}

/// Measure, allocate exactly, fill: the fill must succeed in that size.
template <class Call> void measureThenFill(Call C) {
  size_t Need = 0;
  if (C(nullptr, 0, &Need) != STACK_PTX_INJECT_SERIALIZE_SUCCESS)
    return;
  uint8_t *Buffer = static_cast<uint8_t *>(std::malloc(Need ? Need : 1));
  size_t Again = 0;
  if (C(Buffer, Need, &Again) != STACK_PTX_INJECT_SERIALIZE_SUCCESS ||
      Again != Need)
    oracleFailed(
        "an unpacking does not fit the size its measuring call reported");
  std::free(Buffer);
}

void readC(const uint8_t *Data, size_t Size) {
  size_t Used = 0, Num = 0;
  measureThenFill([&](uint8_t *B, size_t N, size_t *W) {
    StackPtxCompilerInfo *Out;
    return stack_ptx_compiler_info_deserialize(Data, Size, &Used, B, N, W,
                                               &Out);
  });
  measureThenFill([&](uint8_t *B, size_t N, size_t *W) {
    StackPtxStackInfo *Out;
    return stack_ptx_stack_info_deserialize(Data, Size, &Used, B, N, W, &Out);
  });
  measureThenFill([&](uint8_t *B, size_t N, size_t *W) {
    StackPtxRegister *Out;
    return stack_ptx_registers_deserialize(Data, Size, &Used, B, N, W, &Out,
                                           &Num);
  });
  measureThenFill([&](uint8_t *B, size_t N, size_t *W) {
    size_t **Stubs;
    size_t *Sizes;
    return stack_ptx_requests_deserialize(Data, Size, &Used, B, N, W, &Stubs,
                                          &Sizes, &Num);
  });
  measureThenFill([&](uint8_t *B, size_t N, size_t *W) {
    StackPtxInstruction **Stubs;
    return stack_ptx_instructions_deserialize(Data, Size, &Used, B, N, W,
                                              &Stubs, &Num);
  });
  measureThenFill([&](uint8_t *B, size_t N, size_t *W) {
    char *Out;
    return ptx_inject_ptx_deserialize(Data, Size, &Used, B, N, W, &Out);
  });
  measureThenFill([&](uint8_t *B, size_t N, size_t *W) {
    StackPtxExtraInfo *Out;
    return stack_ptx_extra_deserialize(Data, Size, &Used, B, N, W, &Out);
  });
  measureThenFill([&](uint8_t *B, size_t N, size_t *W) {
    StackPtxInjectCompilerStateDeserialize *Out;
    return stack_ptx_inject_compiler_state_deserialize(Data, Size, &Used, B, N,
                                                       W, &Out);
  });
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  // Exactly Size bytes in their own allocation, so ASan flags any read past
  // the end of the wire.
  std::vector<uint8_t> Wire(Data, Data + Size);
  readCpp(Wire.data(), Wire.size());
  readC(Wire.data(), Wire.size());
  return 0;
}
