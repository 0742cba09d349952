//===- SerializeTest.cpp - Flat buffers: round trips and hostile bytes ----===//
//
// Random values survive a round trip through the C++ and the C forms; every
// truncation, bit flip and byte corruption of a valid buffer is either read
// as some valid object or rejected with a located message, never a crash or
// a read past the end (the sanitizer build runs these too). The C form takes
// the reference's types (stack_ptx.h), as the reference's signatures do.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/serialize/Serialize.h"
#include "ptxinject/stackptx/StackPtx.h"
#include "stack_ptx_inject_serialize.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <random>

using namespace ptxinject;
using namespace ptxinject::serialize;

namespace {

// A writer's result as pass/fail with its message, as the checks read it.
bool wrote(const ptxinject::Error &E, std::string &Message) {
  Message = E.Message;
  return !E;
}

// A read that succeeded; else its message.
::testing::AssertionResult readOk(const ptxinject::Error &E) {
  if (!E)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << E.Message;
}

// A read that failed as every rejected buffer does: an InvalidEncoding
// error with no line or column (the byte offset is in the message), whose
// message is returned for the test to check.
std::string rejection(const ptxinject::Error &E) {
  EXPECT_TRUE(E) << "the read succeeded";
  EXPECT_EQ(E.Code, ErrorCode::InvalidEncoding) << E.Message;
  EXPECT_EQ(E.Line, 0u) << E.Message;
  EXPECT_EQ(E.Column, 0u) << E.Message;
  return E.Message;
}

std::string randomName(std::mt19937 &Rng) {
  std::uniform_int_distribution<int> Len(0, 12), Ch('!', '~');
  std::string S(size_t(Len(Rng)), ' ');
  for (char &C : S)
    C = char(Ch(Rng));
  return S;
}

/// One of each kind, in one buffer, from seeded random values.
struct Sample {
  StackPtxFastCompilerInfo Info{};
  std::vector<std::string> Names;
  std::vector<StackPtxFastRegister> Registers;
  RequestStubs Requests;
  InstructionStubs Instructions;
  std::string Ptx;
  ExtraInfo Extra;

  explicit Sample(unsigned Seed) {
    std::mt19937 Rng(Seed);
    std::uniform_int_distribution<size_t> Any(0, SIZE_MAX), Small(0, 6);
    Info = {Any(Rng), Any(Rng), Any(Rng), Any(Rng), Any(Rng)};
    size_t NumRegs = Small(Rng);
    for (size_t I = 0; I < NumRegs; ++I)
      Names.push_back(randomName(Rng));
    for (size_t I = 0; I < NumRegs; ++I)
      Registers.push_back({Names[I].c_str(), Any(Rng)});
    Requests.resize(Small(Rng));
    for (auto &Stub : Requests)
      for (size_t J = Small(Rng); J; --J)
        Stub.push_back(Any(Rng));
    Instructions.resize(Small(Rng));
    for (auto &Stub : Instructions) {
      for (size_t J = Small(Rng) * 3; J; --J) {
        StackPtxFastInstruction I{};
        I.kind = uint8_t(1 + Rng() % 255);
        I.stack_idx = uint8_t(Rng());
        I.idx = uint16_t(Rng());
        I.payload.u = uint32_t(Rng());
        Stub.push_back(I);
      }
      Stub.push_back(StackPtxFastInstruction{});
    }
    Ptx = randomName(Rng) + "\n.version 8.0\n" + randomName(Rng);
    Extra = {unsigned(Rng()), unsigned(Rng()), Any(Rng)};
  }

  Bytes write() const {
    Bytes Out;
    std::string Error;
    writeCompilerInfo(Info, Out);
    EXPECT_TRUE(wrote(
        writeStackInfo(stackptx::InstructionSet::builtin().info(), Out), Error))
        << Error;
    EXPECT_TRUE(wrote(writeRegisters(Registers, Out), Error)) << Error;
    std::vector<const size_t *> ReqPtrs;
    std::vector<size_t> ReqSizes;
    for (const auto &Stub : Requests) {
      ReqPtrs.push_back(Stub.data());
      ReqSizes.push_back(Stub.size());
    }
    EXPECT_TRUE(wrote(writeRequests(ReqPtrs, ReqSizes, Out), Error)) << Error;
    std::vector<const StackPtxFastInstruction *> InsPtrs;
    for (const auto &Stub : Instructions)
      InsPtrs.push_back(Stub.data());
    EXPECT_TRUE(wrote(writeInstructions(InsPtrs, Out), Error)) << Error;
    writePtx(Ptx, Out);
    writeExtra(Extra, Out);
    return Out;
  }
};

/// Reads every object of a Sample's buffer; false at the first failure.
bool readAll(const uint8_t *Data, size_t Size, std::string *Error = nullptr) {
  Reader R(Data, Size);
  StackPtxFastCompilerInfo Info;
  OwnedStackInfo Set;
  std::vector<OwnedRegister> Regs;
  RequestStubs Req;
  InstructionStubs Ins;
  std::string Ptx;
  ExtraInfo Extra;
  ptxinject::Error Failed = [&]() -> ptxinject::Error {
    if (ptxinject::Error E = R.readCompilerInfo(Info))
      return E;
    if (ptxinject::Error E = R.readStackInfo(Set))
      return E;
    if (ptxinject::Error E = R.readRegisters(Regs))
      return E;
    if (ptxinject::Error E = R.readRequests(Req))
      return E;
    if (ptxinject::Error E = R.readInstructions(Ins))
      return E;
    if (ptxinject::Error E = R.readPtx(Ptx))
      return E;
    return R.readExtra(Extra);
  }();
  if (Error)
    *Error = Failed.Message;
  EXPECT_EQ(!Failed, Failed.Message.empty());
  if (Failed)
    rejection(Failed);
  return !Failed;
}

TEST(Serialize, RandomValuesRoundTrip) {
  for (unsigned Seed = 1; Seed <= 200; ++Seed) {
    Sample S(Seed);
    Bytes Buf = S.write();
    Reader R(Buf.data(), Buf.size());
    StackPtxFastCompilerInfo Info;
    OwnedStackInfo Set;
    std::vector<OwnedRegister> Regs;
    RequestStubs Req;
    InstructionStubs Ins;
    std::string Ptx;
    ExtraInfo Extra;
    ASSERT_TRUE(readOk(R.readCompilerInfo(Info)));
    EXPECT_EQ(std::memcmp(&Info, &S.Info, sizeof Info), 0);
    ASSERT_TRUE(readOk(R.readStackInfo(Set)));
    EXPECT_TRUE(
        equalStackInfo(Set.info(), stackptx::InstructionSet::builtin().info()));
    ASSERT_TRUE(readOk(R.readRegisters(Regs)));
    ASSERT_EQ(Regs.size(), S.Registers.size());
    for (size_t I = 0; I < Regs.size(); ++I) {
      EXPECT_EQ(Regs[I].Name, S.Names[I]);
      EXPECT_EQ(Regs[I].StackIdx, S.Registers[I].stack_idx);
    }
    ASSERT_TRUE(readOk(R.readRequests(Req)));
    EXPECT_EQ(Req, S.Requests);
    ASSERT_TRUE(readOk(R.readInstructions(Ins)));
    ASSERT_EQ(Ins.size(), S.Instructions.size());
    for (size_t I = 0; I < Ins.size(); ++I) {
      ASSERT_EQ(Ins[I].size(), S.Instructions[I].size());
      EXPECT_EQ(std::memcmp(Ins[I].data(), S.Instructions[I].data(),
                            Ins[I].size() * 8),
                0);
    }
    ASSERT_TRUE(readOk(R.readPtx(Ptx)));
    EXPECT_EQ(Ptx, S.Ptx);
    ASSERT_TRUE(readOk(R.readExtra(Extra)));
    EXPECT_EQ(Extra.DeviceCapabilityMajor, S.Extra.DeviceCapabilityMajor);
    EXPECT_EQ(Extra.ExecutionLimit, S.Extra.ExecutionLimit);
    EXPECT_TRUE(R.atEnd());
    EXPECT_EQ(R.used(), Buf.size());
  }
}

TEST(Serialize, EveryTruncationIsRejectedWithItsOffset) {
  Bytes Buf = Sample(7).write();
  for (size_t N = 0; N < Buf.size(); ++N) {
    // A copy of exactly N bytes, so ASan sees any read past the end.
    std::vector<uint8_t> Cut(Buf.begin(), Buf.begin() + long(N));
    std::string Error;
    EXPECT_FALSE(readAll(Cut.data(), Cut.size(), &Error)) << N;
    EXPECT_EQ(Error.rfind("byte ", 0), 0u) << Error;
  }
}

TEST(Serialize, BitFlipsAndCorruptedBytesNeverCrash) {
  Bytes Buf = Sample(11).write();
  std::mt19937 Rng(3);
  size_t Rejected = 0;
  for (size_t Byte = 0; Byte < Buf.size(); ++Byte) {
    for (int Bit = 0; Bit < 8; Bit += 3) {
      std::vector<uint8_t> Bad(Buf);
      Bad[Byte] ^= uint8_t(1u << Bit);
      Rejected += !readAll(Bad.data(), Bad.size());
    }
    std::vector<uint8_t> Bad(Buf);
    Bad[Byte] = uint8_t(Rng());
    Rejected += !readAll(Bad.data(), Bad.size());
  }
  // Names, payloads and limits may take any value: only structural bytes
  // must be rejected, and there are many of them.
  EXPECT_GT(Rejected, Buf.size() / 4);
}

TEST(Serialize, HeaderIsChecked) {
  Bytes Buf;
  writeCompilerInfo(StackPtxFastCompilerInfo{1, 2, 3, 4, 5}, Buf);
  StackPtxFastCompilerInfo Info;
  std::vector<OwnedRegister> Regs;

  Bytes Newer(Buf);
  Newer[4] = 2; // version 2
  Reader R1(Newer.data(), Newer.size());
  EXPECT_EQ(
      rejection(R1.readCompilerInfo(Info)),
      "byte 4: format version 2 is not supported; this reader reads version 1");

  Reader R2(Buf.data(), Buf.size());
  EXPECT_EQ(rejection(R2.readRegisters(Regs)),
            "byte 6: expected registers, found compiler info");

  Bytes NotOurs(Buf);
  NotOurs[0] = 'X';
  Reader R3(NotOurs.data(), NotOurs.size());
  EXPECT_NE(rejection(R3.readCompilerInfo(Info)).find("bad magic"),
            std::string::npos);

  Bytes Longer(Buf);
  Longer[8] = uint8_t(Longer[8] + 8); // body size says 8 more bytes than follow
  Reader R4(Longer.data(), Longer.size());
  std::string Message = rejection(R4.readCompilerInfo(Info));
  EXPECT_NE(Message.find("only 40 left"), std::string::npos) << Message;
}

TEST(Serialize, AFailedReadLeavesTheReaderWhereItWas) {
  Bytes Buf;
  writeCompilerInfo(StackPtxFastCompilerInfo{1, 2, 3, 4, 5}, Buf);
  writePtx("ret;", Buf);
  Reader R(Buf.data(), Buf.size());
  std::string Ptx = "unchanged";
  EXPECT_EQ(rejection(R.readPtx(Ptx)),
            "byte 6: expected PTX, found compiler info");
  EXPECT_EQ(Ptx, "unchanged");
  EXPECT_EQ(R.used(), 0u);
  // Nothing sticks: the object that is there reads, then the next one.
  StackPtxFastCompilerInfo Info{};
  ASSERT_TRUE(readOk(R.readCompilerInfo(Info)));
  EXPECT_EQ(Info.execution_limit, 5u);
  ASSERT_TRUE(readOk(R.readPtx(Ptx)));
  EXPECT_EQ(Ptx, "ret;");
  EXPECT_TRUE(R.atEnd());
}

TEST(Serialize, HugeCountsAreRejectedBeforeAllocating) {
  Bytes Buf;
  std::string Error;
  ASSERT_TRUE(wrote(writeRequests({}, {}, Buf), Error));
  // Count field right after the header: claim 2^60 stubs.
  Buf[HeaderSize + 7] = 0x10;
  Reader R(Buf.data(), Buf.size());
  RequestStubs Req;
  std::string Message = rejection(R.readRequests(Req));
  EXPECT_NE(Message.find("request stub count"), std::string::npos) << Message;
}

TEST(Serialize, NulInsideAStringIsRejected) {
  Bytes Buf;
  std::string Error;
  StackPtxFastRegister Reg{"ab", 0};
  ASSERT_TRUE(
      wrote(writeRegisters(Span<StackPtxFastRegister>(&Reg, 1), Buf), Error));
  Buf[Buf.size() - 1] = 0; // "a\0"
  Reader R(Buf.data(), Buf.size());
  std::vector<OwnedRegister> Regs;
  EXPECT_NE(rejection(R.readRegisters(Regs)).find("NUL"), std::string::npos);
}

TEST(Serialize, InstructionStubsMustEndWithTheirReturn) {
  const StackPtxFastInstruction Stub[] = {stack_ptx_fast_encode_input(0),
                                          stack_ptx_fast_encode_return};
  const StackPtxFastInstruction *Stubs[] = {Stub};
  Bytes Buf;
  std::string Error;
  ASSERT_TRUE(wrote(writeInstructions(Stubs, Buf), Error));
  Bytes NoReturn(Buf);
  NoReturn[Buf.size() - 8] = STACK_PTX_FAST_INSTRUCTION_KIND_INPUT;
  Reader R(NoReturn.data(), NoReturn.size());
  InstructionStubs Ins;
  EXPECT_NE(
      rejection(R.readInstructions(Ins)).find("does not end with a return"),
      std::string::npos);
}

TEST(Serialize, WritersRejectWhatCannotBeRepresented) {
  Bytes Buf;
  std::string Error;
  StackPtxFastRegister Unnamed{nullptr, 0};
  EXPECT_FALSE(wrote(
      writeRegisters(Span<StackPtxFastRegister>(&Unnamed, 1), Buf), Error));
  StackPtxFastSpecialRegisterInfo Sreg{nullptr, 0};
  StackPtxFastInstructionSetInfo Set{};
  Set.special_registers = &Sreg;
  Set.num_special_registers = 1;
  EXPECT_FALSE(wrote(writeStackInfo(Set, Buf), Error));
  EXPECT_EQ(Error, "special register 0 has no PTX name");
  EXPECT_TRUE(Buf.empty()) << "a failed writer leaves the buffer as it was";
}

// ---- The C form
// --------------------------------------------------------------

/// A reference-layout stack info built from the native builtin set (the
/// reference's tables: PTX strings, descriptors padded with the arg type
/// count, special registers, stack register types, arg types).
struct RefSet {
  std::vector<const char *> Ptx, Specials, Prefixes;
  std::vector<StackPtxPtxInstructionDescriptor> Descriptors;
  std::vector<StackPtxSpecialRegisterDescriptor> SpecialDescriptors;
  std::vector<StackPtxArgTypeInfo> Args;
  StackPtxStackInfo Info{};

  explicit RefSet(const StackPtxFastInstructionSetInfo &N) {
    StackPtxArgIdx None = StackPtxArgIdx(N.num_arg_types);
    for (size_t I = 0; I < N.num_stack_types; ++I)
      Prefixes.push_back(N.stack_types[I].reg_type);
    for (size_t I = 0; I < N.num_arg_types; ++I)
      Args.push_back({N.arg_types[I].stack_idx, N.arg_types[I].num_vec_elems});
    for (size_t I = 0; I < N.num_instructions; ++I) {
      const StackPtxFastPtxInstructionInfo &In = N.instructions[I];
      StackPtxPtxInstructionDescriptor D{};
      for (int A = 0; A < 4; ++A)
        D.arg_types[A] = A < In.num_args ? In.args[A] : None;
      for (int R = 0; R < 2; ++R)
        D.ret_types[R] = R < In.num_rets ? In.rets[R] : None;
      D.is_aligned = In.aligned != 0;
      // The compiler does not read these; they must survive the wire.
      D.num_unique_stacks = 1;
      D.unique_stacks[0] = {StackPtxStackIdx(I % 7), uint16_t(I % 3 + 1)};
      Ptx.push_back(In.ptx);
      Descriptors.push_back(D);
    }
    for (size_t I = 0; I < N.num_special_registers; ++I) {
      Specials.push_back(N.special_registers[I].ptx);
      SpecialDescriptors.push_back({N.special_registers[I].arg_type});
    }
    Info = {Ptx.data(),      Descriptors.data(),        Ptx.size(),
            Specials.data(), SpecialDescriptors.data(), Specials.size(),
            Prefixes.data(), Prefixes.size(),           Args.data(),
            Args.size()};
  }
};

/// Measures, then unpacks into an exactly sized malloc'ed buffer (freed by
/// the caller); a buffer one byte short must be refused.
template <class Call> uint8_t *unpackExactly(Call C) {
  size_t Need = 0;
  EXPECT_EQ(C(nullptr, 0, &Need), STACK_PTX_INJECT_SERIALIZE_SUCCESS);
  uint8_t *Flat = static_cast<uint8_t *>(std::malloc(Need + 1));
  if (Need) {
    EXPECT_EQ(C(Flat, Need - 1, &Need),
              STACK_PTX_INJECT_SERIALIZE_ERROR_INSUFFICIENT_BUFFER);
  }
  EXPECT_EQ(C(Flat, Need, &Need), STACK_PTX_INJECT_SERIALIZE_SUCCESS);
  return Flat;
}

TEST(SerializeCApi, MeasureThenFillRoundTrip) {
  RefSet Ref(stackptx::InstructionSet::builtin().info());
  const StackPtxStackInfo &Set = Ref.Info;
  size_t Size = 0;
  ASSERT_EQ(stack_ptx_stack_info_serialize(&Set, nullptr, 0, &Size),
            STACK_PTX_INJECT_SERIALIZE_SUCCESS);
  std::vector<uint8_t> Wire(Size);
  size_t Short = 0;
  EXPECT_EQ(stack_ptx_stack_info_serialize(&Set, Wire.data(), Size - 1, &Short),
            STACK_PTX_INJECT_SERIALIZE_ERROR_INSUFFICIENT_BUFFER);
  ASSERT_EQ(
      stack_ptx_stack_info_serialize(&Set, Wire.data(), Wire.size(), &Size),
      STACK_PTX_INJECT_SERIALIZE_SUCCESS);

  size_t Used = 0;
  StackPtxStackInfo *Out = nullptr;
  uint8_t *Flat = unpackExactly([&](uint8_t *B, size_t N, size_t *W) {
    return stack_ptx_stack_info_deserialize(Wire.data(), Wire.size(), &Used, B,
                                            N, W, &Out);
  });
  EXPECT_EQ(Used, Wire.size());
  ASSERT_NE(Out, nullptr);
  EXPECT_TRUE(stack_ptx_stack_info_equal(&Set, Out));
  EXPECT_EQ(Out->ptx_instruction_descriptors[5].unique_stacks[0].num_values,
            3u);
  // The unpacked tables live in our buffer: change one descriptor field.
  auto *Descriptors = const_cast<StackPtxPtxInstructionDescriptor *>(
      Out->ptx_instruction_descriptors);
  Descriptors[0].unique_stacks[3].num_values ^= 1;
  EXPECT_FALSE(stack_ptx_stack_info_equal(&Set, Out))
      << "descriptors are compared";
  Descriptors[0].unique_stacks[3].num_values ^= 1;

  // The compiler info and the program go through the wire too.
  StackPtxCompilerInfo Limits{256, 64, 32, 3, 4};
  Wire.clear();
  ASSERT_EQ(stack_ptx_compiler_info_serialize(&Limits, nullptr, 0, &Size),
            STACK_PTX_INJECT_SERIALIZE_SUCCESS);
  Wire.resize(Size);
  ASSERT_EQ(
      stack_ptx_compiler_info_serialize(&Limits, Wire.data(), Size, &Size),
      STACK_PTX_INJECT_SERIALIZE_SUCCESS);
  StackPtxCompilerInfo *LimitsOut = nullptr;
  uint8_t *FlatLimits = unpackExactly([&](uint8_t *B, size_t N, size_t *W) {
    return stack_ptx_compiler_info_deserialize(Wire.data(), Wire.size(), &Used,
                                               B, N, W, &LimitsOut);
  });
  EXPECT_TRUE(stack_ptx_compiler_info_equal(&Limits, LimitsOut));
  EXPECT_EQ(LimitsOut->max_ast_to_visit_stack_depth, 64u);

  const stackptx::InstructionSet &Builtin = stackptx::InstructionSet::builtin();
  int F32 = Builtin.findStackType("F32"),
      Add = Builtin.findInstruction("add.ftz.f32");
  int Tid = Builtin.findSpecialRegister("tid.x");
  ASSERT_GE(F32, 0);
  ASSERT_GE(Add, 0);
  ASSERT_GE(Tid, 0);
  const StackPtxRegister Regs[] = {{"x", StackPtxStackIdx(F32)},
                                   {"y", StackPtxStackIdx(F32)}};
  float Two = 2.0f;
  uint32_t TwoBits;
  std::memcpy(&TwoBits, &Two, 4);
  StackPtxInstruction Prog[5] = {};
  Prog[0].instruction_type = STACK_PTX_INSTRUCTION_TYPE_INPUT;
  Prog[0].payload.u = 0;
  Prog[1].instruction_type = STACK_PTX_INSTRUCTION_TYPE_CONSTANT;
  Prog[1].aux = uint16_t(F32);
  Prog[1].payload.u = TwoBits;
  Prog[2].instruction_type = STACK_PTX_INSTRUCTION_TYPE_PTX;
  Prog[2].payload.u = uint32_t(Add);
  Prog[3].instruction_type = STACK_PTX_INSTRUCTION_TYPE_SPECIAL;
  Prog[3].payload.u = uint32_t(Tid);
  Prog[4].instruction_type = STACK_PTX_INSTRUCTION_TYPE_RETURN;
  const StackPtxInstruction *const Stubs[] = {Prog};
  ASSERT_EQ(stack_ptx_instructions_serialize(Stubs, 1, nullptr, 0, &Size),
            STACK_PTX_INJECT_SERIALIZE_SUCCESS);
  EXPECT_EQ(Size, HeaderSize + 16 + 5 * 8u) << "8 bytes an instruction";
  Wire.assign(Size, 0);
  ASSERT_EQ(
      stack_ptx_instructions_serialize(Stubs, 1, Wire.data(), Size, &Size),
      STACK_PTX_INJECT_SERIALIZE_SUCCESS);
  StackPtxInstruction **ProgOut = nullptr;
  size_t NumProgs = 0;
  uint8_t *FlatProg = unpackExactly([&](uint8_t *B, size_t N, size_t *W) {
    return stack_ptx_instructions_deserialize(Wire.data(), Wire.size(), &Used,
                                              B, N, W, &ProgOut, &NumProgs);
  });
  EXPECT_TRUE(stack_ptx_instructions_equal(Stubs, 1, ProgOut, NumProgs));

  // The unpacked objects compile the same stub as the originals.
  const size_t Requests[] = {1};
  auto compileWith = [&](const StackPtxCompilerInfo *L,
                         const StackPtxStackInfo *S,
                         const StackPtxInstruction *P) {
    size_t WsSize = 0, Len = 0;
    EXPECT_EQ(stack_ptx_compile_workspace_size(L, S, &WsSize),
              STACK_PTX_SUCCESS);
    std::vector<uint64_t> Ws(WsSize / 8 + 1);
    std::string Stub(1024, '\0');
    EXPECT_EQ(stack_ptx_compile(L, S, P, Regs, 2, nullptr, 0, Requests, 1, 1000,
                                Ws.data(), WsSize, &Stub[0], Stub.size(), &Len),
              STACK_PTX_SUCCESS);
    Stub.resize(Len);
    return Stub;
  };
  std::string Original = compileWith(&Limits, &Set, Prog);
  EXPECT_NE(Original.find("add.ftz.f32"), std::string::npos) << Original;
  EXPECT_EQ(compileWith(LimitsOut, Out, ProgOut[0]), Original);
  std::free(Flat);
  std::free(FlatLimits);
  std::free(FlatProg);
}

TEST(SerializeCApi, NativeAndReferenceKindsAreNotMixedUp) {
  // A native compiler info (C++ form) is not a reference one (C form).
  Bytes Native;
  writeCompilerInfo(StackPtxFastCompilerInfo{1, 2, 3, 4, 5}, Native);
  size_t Used = 0, Need = 0;
  StackPtxCompilerInfo *Out = nullptr;
  EXPECT_EQ(stack_ptx_compiler_info_deserialize(Native.data(), Native.size(),
                                                &Used, nullptr, 0, &Need, &Out),
            STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT);
  Reader R(Native.data(), Native.size());
  StackPtxCompilerInfo Ref;
  std::string Message = rejection(R.readRefCompilerInfo(Ref));
  EXPECT_NE(
      Message.find("expected reference compiler info, found compiler info"),
      std::string::npos)
      << Message;
}

TEST(SerializeCApi, RegistersKeepTheReferenceStackIndexRange) {
  // Registers share the native wire kind; a stack index past 16 bits cannot
  // be a reference register.
  const StackPtxFastRegister Wide[] = {{"r", size_t(0x10000)}};
  Bytes Wire;
  std::string Error;
  ASSERT_TRUE(
      wrote(writeRegisters(Span<StackPtxFastRegister>(Wide, 1), Wire), Error))
      << Error;
  size_t Used = 0, Need = 0, Num = 0;
  StackPtxRegister *Out = nullptr;
  EXPECT_EQ(stack_ptx_registers_deserialize(Wire.data(), Wire.size(), &Used,
                                            nullptr, 0, &Need, &Out, &Num),
            STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT);
  const StackPtxRegister Regs[] = {{"a", 3}, {"b", 0xFFFF}};
  size_t Size = 0;
  ASSERT_EQ(stack_ptx_registers_serialize(Regs, 2, nullptr, 0, &Size),
            STACK_PTX_INJECT_SERIALIZE_SUCCESS);
  std::vector<uint8_t> Bytes2(Size);
  ASSERT_EQ(stack_ptx_registers_serialize(Regs, 2, Bytes2.data(), Size, &Size),
            STACK_PTX_INJECT_SERIALIZE_SUCCESS);
  uint8_t *Flat = unpackExactly([&](uint8_t *B, size_t N, size_t *W) {
    return stack_ptx_registers_deserialize(Bytes2.data(), Bytes2.size(), &Used,
                                           B, N, W, &Out, &Num);
  });
  EXPECT_TRUE(stack_ptx_registers_equal(Regs, 2, Out, Num));
  std::free(Flat);
}

TEST(SerializeCApi, CorruptedWiresAndNullArgumentsAreErrors) {
  const size_t Requests0[] = {10, 13};
  const size_t Requests1[] = {22, 19, 18};
  const size_t *Stubs[] = {Requests0, Requests1};
  const size_t Sizes[] = {2, 3};
  size_t Size = 0;
  ASSERT_EQ(stack_ptx_requests_serialize(Stubs, Sizes, 2, nullptr, 0, &Size),
            STACK_PTX_INJECT_SERIALIZE_SUCCESS);
  std::vector<uint8_t> Wire(Size);
  ASSERT_EQ(
      stack_ptx_requests_serialize(Stubs, Sizes, 2, Wire.data(), Size, &Size),
      STACK_PTX_INJECT_SERIALIZE_SUCCESS);
  size_t Used = 0, Need = 0, Num = 0;
  size_t **OutStubs = nullptr;
  size_t *OutSizes = nullptr;
  for (size_t N = 0; N < Wire.size(); ++N) {
    std::vector<uint8_t> Cut(Wire.begin(), Wire.begin() + long(N));
    EXPECT_EQ(stack_ptx_requests_deserialize(Cut.data(), Cut.size(), &Used,
                                             nullptr, 0, &Need, &OutStubs,
                                             &OutSizes, &Num),
              STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT)
        << N;
  }
  EXPECT_EQ(stack_ptx_requests_deserialize(nullptr, 0, &Used, nullptr, 0, &Need,
                                           &OutStubs, &OutSizes, &Num),
            STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT);
  EXPECT_EQ(stack_ptx_requests_serialize(nullptr, Sizes, 2, nullptr, 0, &Size),
            STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT);
  std::vector<uint8_t> Flat(256);
  EXPECT_EQ(stack_ptx_requests_deserialize(Wire.data(), Wire.size(), &Used,
                                           Flat.data(), Flat.size(), &Need,
                                           nullptr, &OutSizes, &Num),
            STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT);
  ASSERT_EQ(stack_ptx_requests_deserialize(Wire.data(), Wire.size(), &Used,
                                           Flat.data(), Flat.size(), &Need,
                                           &OutStubs, &OutSizes, &Num),
            STACK_PTX_INJECT_SERIALIZE_SUCCESS);
  EXPECT_TRUE(
      stack_ptx_requests_equal(Stubs, Sizes, 2, OutStubs, OutSizes, Num));
  OutStubs[1][2] = 17;
  EXPECT_FALSE(
      stack_ptx_requests_equal(Stubs, Sizes, 2, OutStubs, OutSizes, Num));
}

TEST(SerializeCApi, CompilerStateRoundTripInOneBuffer) {
  Sample S(5);
  RefSet Ref(stackptx::InstructionSet::builtin().info());
  StackPtxCompilerInfo Info{S.Info.max_ast_size, S.Info.execution_limit,
                            S.Info.stack_size, S.Info.max_frame_depth,
                            S.Info.store_size};
  std::vector<StackPtxRegister> Registers;
  for (const StackPtxFastRegister &R : S.Registers)
    Registers.push_back({R.name, StackPtxStackIdx(R.stack_idx)});
  std::vector<const size_t *> Ptrs;
  std::vector<size_t> Sizes;
  for (const auto &Stub : S.Requests) {
    Ptrs.push_back(Stub.data());
    Sizes.push_back(Stub.size());
  }
  StackPtxExtraInfo Extra{8, 6, 1000};
  StackPtxInjectCompilerStateSerialize State{};
  State.annotated_ptx = S.Ptx.c_str();
  State.compiler_info = &Info;
  State.stack_info = &Ref.Info;
  State.extra = &Extra;
  State.registers = Registers.data();
  State.num_registers = Registers.size();
  State.request_stubs = Ptrs.data();
  State.request_stub_sizes = Sizes.data();
  State.num_request_stubs = Ptrs.size();

  size_t Size = 0;
  ASSERT_EQ(
      stack_ptx_inject_compiler_state_serialize(&State, nullptr, 0, &Size),
      STACK_PTX_INJECT_SERIALIZE_SUCCESS);
  std::vector<uint8_t> Wire(Size);
  ASSERT_EQ(stack_ptx_inject_compiler_state_serialize(&State, Wire.data(), Size,
                                                      &Size),
            STACK_PTX_INJECT_SERIALIZE_SUCCESS);
  size_t Used = 0, Need = 0;
  StackPtxInjectCompilerStateDeserialize *Out = nullptr;
  ASSERT_EQ(stack_ptx_inject_compiler_state_deserialize(
                Wire.data(), Wire.size(), &Used, nullptr, 0, &Need, &Out),
            STACK_PTX_INJECT_SERIALIZE_SUCCESS);
  EXPECT_EQ(Used, Wire.size());
  void *Flat = std::malloc(Need);
  ASSERT_EQ(stack_ptx_inject_compiler_state_deserialize(
                Wire.data(), Wire.size(), &Used, static_cast<uint8_t *>(Flat),
                Need, &Need, &Out),
            STACK_PTX_INJECT_SERIALIZE_SUCCESS);
  EXPECT_TRUE(stack_ptx_inject_compiler_state_equal(&State, Out));
  EXPECT_EQ(Out->stack_info->num_ptx_instructions,
            State.stack_info->num_ptx_instructions);
  Out->extra->execution_limit += 1;
  EXPECT_FALSE(stack_ptx_inject_compiler_state_equal(&State, Out));
  std::free(Flat);

  for (size_t N = 0; N < Wire.size(); N += 7) {
    std::vector<uint8_t> Cut(Wire.begin(), Wire.begin() + long(N));
    EXPECT_EQ(stack_ptx_inject_compiler_state_deserialize(
                  Cut.data(), Cut.size(), &Used, nullptr, 0, &Need, &Out),
              STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT)
        << N;
  }
}

} // namespace
