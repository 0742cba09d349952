//===- LinkedStubs.cpp - Stubs linked to a kernel compiled once -----------===//
#include "ptxinject/variants/LinkedStubs.h"

#include "ptxinject/backends/AssemblerOptions.h"
#include "ptxinject/support/File.h"
#include "ptxinject/variants/ContentHash.h"
#include "ptxinject/variants/VariantCache.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <vector>

using namespace ptxinject;
using namespace ptxinject::backends;
using namespace ptxinject::variants;

namespace {

// One operand's place in a .param byte array.
struct Slot {
  const InjectOperand *Operand;
  size_t Offset, Bytes;
};

// How an inject's operands go to its function and come back.
struct Signature {
  std::string Name;
  std::vector<Slot> In, Out; // in and mod; out and mod
  size_t InBytes = 0, OutBytes = 0, InAlign = 1, OutAlign = 1;
  bool HasPredicate = false;
};

// Bytes of a register of this PTX type in a .param array (a predicate
// travels as 32 bits); 0 for one that cannot travel.
size_t paramBytes(std::string_view Type) {
  if (Type == "pred")
    return 4;
  size_t Digits = Type.find_first_of("0123456789");
  if (Digits == std::string_view::npos)
    return 0;
  std::string_view Bits = Type.substr(Digits);
  if (Bits == "8")
    return 1;
  if (Bits == "16")
    return 2;
  if (Bits == "32" || Bits == "16x2")
    return 4;
  if (Bits == "64")
    return 8;
  if (Bits == "128")
    return 16;
  return 0;
}

bool isPtxIdentifier(std::string_view Name) {
  return !Name.empty() && std::all_of(Name.begin(), Name.end(), [](char C) {
    return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
           (C >= '0' && C <= '9') || C == '_' || C == '$';
  });
}

Expected<std::vector<Signature>> signatures(const Module &Kernel) {
  std::vector<Signature> Out;
  for (size_t I = 0; I < Kernel.numInjects(); ++I) {
    const Inject &J = Kernel.inject(I);
    Signature S;
    S.Name = stubFunctionName(Kernel, I);
    auto Place = [](std::vector<Slot> &Slots, size_t &Size, size_t &Align,
                    const InjectOperand &O, size_t Bytes) {
      Size = (Size + Bytes - 1) / Bytes * Bytes;
      Slots.push_back({&O, Size, Bytes});
      Size += Bytes;
      Align = std::max(Align, Bytes);
    };
    for (const InjectOperand &O : J.Operands) {
      size_t Bytes = paramBytes(O.RegisterType);
      if (!Bytes)
        return Error::make(ErrorCode::InvalidArgument,
                           "--link-stubs: operand '" + O.Label +
                               "' of inject '" + J.Name + "' is a ." +
                               O.RegisterType +
                               " register, which a call cannot pass");
      S.HasPredicate |= O.RegisterType == "pred";
      if (O.Kind != OperandKind::Out)
        Place(S.In, S.InBytes, S.InAlign, O, Bytes);
      if (O.Kind != OperandKind::In)
        Place(S.Out, S.OutBytes, S.OutAlign, O, Bytes);
    }
    Out.push_back(std::move(S));
  }
  return Out;
}

std::string paramArray(const char *Name, size_t Align, size_t Bytes) {
  return ".param .align " + std::to_string(Align) + " .b8 " + Name + "[" +
         std::to_string((Bytes + Align - 1) / Align * Align) + "]";
}

// ".func (RET) NAME(ARGS)": the declaration and the definition's head.
std::string prototype(const Signature &S) {
  std::string P = ".func ";
  if (!S.Out.empty())
    P += "(" + paramArray("_pi_out", S.OutAlign, S.OutBytes) + ") ";
  P += S.Name;
  if (!S.In.empty())
    P += "(" + paramArray("_pi_in", S.InAlign, S.InBytes) + ")";
  return P;
}

std::string bitsOf(size_t Bytes) { return ".b" + std::to_string(Bytes * 8); }

// "[ARRAY+OFFSET]": where a slot's operand sits in its .param array.
std::string placeOf(const Slot &S, const char *Array) {
  return std::string("[") + Array + "+" + std::to_string(S.Offset) + "]";
}

// Register R of a slot into the array at its offset (a predicate through
// the scratch register %_pi_p).
std::string store(const Slot &S, const char *Array) {
  std::string At = placeOf(S, Array) + ", ";
  const std::string &R = S.Operand->Register;
  if (S.Operand->RegisterType == "pred")
    return "selp.b32 %_pi_p, 1, 0, %" + R + ";\nst.param.b32 " + At +
           "%_pi_p;\n";
  return "st.param" + bitsOf(S.Bytes) + " " + At + "%" + R + ";\n";
}

std::string load(const Slot &S, const char *Array) {
  std::string At = placeOf(S, Array);
  const std::string &R = S.Operand->Register;
  if (S.Operand->RegisterType == "pred")
    return "ld.param.b32 %_pi_p, " + At + ";\nsetp.ne.b32 %" + R +
           ", %_pi_p, 0;\n";
  return "ld.param" + bitsOf(S.Bytes) + " %" + R + ", " + At + ";\n";
}

// What every site of an inject becomes: its operands stored, the call, its
// results loaded back into the site's registers.
std::string callSequence(const Signature &S) {
  std::string C = "{\n";
  if (S.HasPredicate)
    C += ".reg .b32 %_pi_p;\n";
  if (!S.In.empty())
    C += paramArray("_pi_in", S.InAlign, S.InBytes) + ";\n";
  if (!S.Out.empty())
    C += paramArray("_pi_out", S.OutAlign, S.OutBytes) + ";\n";
  for (const Slot &In : S.In)
    C += store(In, "_pi_in");
  // Not call.uni: a site may sit in divergent code.
  C += "call ";
  if (!S.Out.empty())
    C += "(_pi_out), ";
  C += S.Name;
  if (!S.In.empty())
    C += ", (_pi_in)";
  C += ";\n";
  for (const Slot &Out : S.Out)
    C += load(Out, "_pi_out");
  return C + "}\n";
}

// The .version, .target and .address_size lines, and where the last ends.
struct Header {
  std::string Text;
  size_t End = 0;
};

Header headerOf(std::string_view Ptx) {
  Header H;
  for (size_t Pos = 0; Pos < Ptx.size();) {
    size_t Eol = Ptx.find('\n', Pos);
    size_t Next = Eol == std::string_view::npos ? Ptx.size() : Eol + 1;
    std::string_view Word = Ptx.substr(Pos, Next - Pos);
    size_t B = Word.find_first_not_of(" \t\r\n");
    Word = B == std::string_view::npos
               ? std::string_view()
               : Word.substr(B, Word.find_last_not_of(" \t\r\n") - B + 1);
    if (Word.substr(0, 8) == ".version" || Word.substr(0, 7) == ".target" ||
        Word.substr(0, 13) == ".address_size") {
      H.Text += std::string(Word) + "\n";
      H.End = Next;
    } else if (!Word.empty() && Word.substr(0, 2) != "//" && H.End) {
      break; // the first statement after the header
    }
    Pos = Next;
  }
  return H;
}

// The cache entry of a kernel object names this in place of an inject.
constexpr const char *ObjectEntryName = "link-stubs-kernel-object";

// The kernel object the cache in Dir holds under Key; null when it has none.
std::shared_ptr<const std::vector<char>> cachedObject(const std::string &Dir,
                                                      const Hash128 &Key) {
  VariantCache Cache(Dir);
  VariantCache::Hit Hit;
  if (Cache.lookup(Key, Hit) != VariantCache::Found::Hit ||
      Hit.Where.Inject != ObjectEntryName)
    return nullptr;
  Expected<std::string> Bytes = readFile(Hit.CubinPath);
  if (!Bytes)
    return nullptr;
  return std::make_shared<const std::vector<char>>(Bytes->begin(),
                                                   Bytes->end());
}

// Best effort: a cache that cannot take the object costs the next process a
// compile, never this batch.
void storeObject(const std::string &Dir, const Hash128 &Key,
                 const std::vector<char> &Object) {
  VariantCache Cache(Dir);
  Expected<Hash128> Stored = Cache.storeCubin(Object);
  if (Stored)
    (void)Cache.storeEntry(Key, *Stored, Object.size(),
                           VariantCache::Site{ObjectEntryName, 0});
}

} // namespace

std::string
ptxinject::variants::describeKernelObject(const KernelObjectSource &Source) {
  switch (Source.From) {
  case KernelObjectSource::Process:
    return "made earlier in this process";
  case KernelObjectSource::Cache:
    return "from the cache";
  case KernelObjectSource::Compiled:
    break;
  }
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "compiled in %.2f s", Source.Seconds);
  return Buf;
}

std::string ptxinject::variants::stubFunctionName(const Module &Kernel,
                                                  size_t Inject) {
  const std::string &Name = Kernel.inject(Inject).Name;
  return "ptxinject_stub_" +
         (isPtxIdentifier(Name) ? Name : std::to_string(Inject));
}

Expected<std::string>
ptxinject::variants::callingKernelPtx(const Module &Kernel) {
  Expected<std::vector<Signature>> Sigs = signatures(Kernel);
  if (!Sigs)
    return Sigs.error();
  std::vector<std::string> Calls;
  std::string Declarations;
  for (const Signature &S : *Sigs) {
    Calls.push_back(callSequence(S));
    Declarations += ".extern " + prototype(S) + ";\n";
  }
  std::vector<std::string_view> Views(Calls.begin(), Calls.end());
  std::string Ptx;
  if (Error E = Kernel.render(Views, Ptx))
    return E;
  // The header precedes every site, so its place is the source's.
  size_t At = headerOf(Kernel.source()).End;
  Ptx.insert(At, "\n" + Declarations);
  return Ptx;
}

Expected<StubFunctions> StubFunctions::make(const Module &Kernel) {
  Expected<std::vector<Signature>> Sigs = signatures(Kernel);
  if (!Sigs)
    return Sigs.error();
  StubFunctions F;
  F.Header = headerOf(Kernel.source()).Text;
  for (size_t I = 0; I < Sigs->size(); ++I) {
    const Signature &S = (*Sigs)[I];
    std::string Before = "\n.visible " + prototype(S) + "\n{\n";
    if (S.HasPredicate)
      Before += ".reg .b32 %_pi_p;\n";
    for (const InjectOperand &O : Kernel.inject(I).Operands)
      Before += ".reg ." + O.RegisterType + " %" + O.Register + ";\n";
    for (const Slot &In : S.In)
      Before += load(In, "_pi_in");
    std::string After;
    for (const Slot &Result : S.Out)
      After += store(Result, "_pi_out");
    F.Before.push_back(std::move(Before));
    F.After.push_back(After + "ret;\n}\n");
  }
  return F;
}

Error StubFunctions::render(const std::vector<std::string_view> &Stubs,
                            std::string &Out) const {
  Out.clear();
  if (Stubs.size() != Before.size())
    return Error::make(ErrorCode::InvalidArgument,
                       "expected " + std::to_string(Before.size()) +
                           " stubs, got " + std::to_string(Stubs.size()));
  Out = Header;
  for (size_t I = 0; I < Stubs.size(); ++I) {
    Out += Before[I];
    Out += Stubs[I];
    if (!Stubs[I].empty() && Stubs[I].back() != '\n')
      Out += '\n';
    Out += After[I];
  }
  return Error::success();
}

Expected<std::unique_ptr<CubinBackend>>
ptxinject::variants::createLinkedStubsBackend(const Module &Kernel,
                                              const CubinBackend &Given,
                                              const std::string &CacheDir,
                                              KernelObjectSource *Source) {
  CubinBackendKind ObjectKind = Given.kind() == CubinBackendKind::NvJitLink
                                    ? CubinBackendKind::Ptxas
                                    : Given.kind();
  const CubinOptions &Options = Given.options();
  KernelObjectSource Found;
  auto Start = std::chrono::steady_clock::now();
  Expected<std::string> Ptx = callingKernelPtx(Kernel);
  if (!Ptx)
    return Ptx.error();
  CubinOptions ObjectOptions = Options;
  ObjectOptions.Relocatable = true;
  ObjectOptions.LinkObject.reset();
  ObjectOptions.Verbose = false;
  Expected<std::unique_ptr<CubinBackend>> Maker =
      createCubinBackend(ObjectKind, ObjectOptions);
  if (!Maker)
    return Maker.error();
  // Made once per process: a search compiles generation after generation
  // against the same kernel.
  static std::mutex Lock;
  static std::map<std::string, std::shared_ptr<const std::vector<char>>>
      Objects;
  Hash128 Key = ContentHasher()
                    .field(ObjectEntryName)
                    .field(*Ptx)
                    .field(cubinBackendName(ObjectKind))
                    .field((*Maker)->version())
                    .field(Options.Arch)
                    .field(assemblerOptionsText(ObjectOptions))
                    .result();
  std::shared_ptr<const std::vector<char>> Object;
  {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Objects.find(Key.hex());
    if (It != Objects.end())
      Object = It->second;
  }
  if (Object)
    Found.From = KernelObjectSource::Process;
  if (!Object && !CacheDir.empty() && (Object = cachedObject(CacheDir, Key)))
    Found.From = KernelObjectSource::Cache;
  if (!Object) {
    auto Made = std::make_shared<std::vector<char>>();
    std::string Log;
    if ((*Maker)->compile(*Ptx, *Made, Log) != CompileStatus::Ok)
      return Error::make(ErrorCode::InvalidArgument,
                         "--link-stubs: the kernel with its sites as calls "
                         "does not compile: " +
                             summarizeCompilerLog(Log));
    if (!CacheDir.empty())
      storeObject(CacheDir, Key, *Made);
    Object = std::move(Made);
  }
  {
    std::lock_guard<std::mutex> G(Lock);
    Object = Objects.emplace(Key.hex(), Object).first->second;
  }
  Found.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  if (Source)
    *Source = Found;
  CubinOptions LinkOptions = Options;
  LinkOptions.LinkObject = Object;
  return createCubinBackend(CubinBackendKind::NvJitLink, LinkOptions);
}
