//===- StackPtxFastInstructionSet.cpp - Instruction sets from JSON --------===//
//
// Reads the stack_ptx_descriptions.json format into the C tables the
// compiler uses, and answers name lookups for the text form and tools.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/json/Json.h"
#include "ptxinject/stackptx/StackPtx.h"
#include "ptxinject/support/File.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <sstream>
#include <unordered_map>

namespace ptxinject {
namespace stackptx {

/// Defined in the source CMake generates from the shipped description.
extern const char BuiltinDescriptionJson[];

struct InstructionSet::Tables {
  std::deque<std::string> Strings; // stable c_str() for the C tables
  std::vector<StackPtxFastStackTypeInfo> StackTypes;
  std::vector<StackPtxFastArgTypeInfo> ArgTypes;
  std::vector<StackPtxFastPtxInstructionInfo> Instructions;
  std::vector<StackPtxFastSpecialRegisterInfo> SpecialRegisters;
  std::vector<Target> InstructionTargets, SpecialRegisterTargets; ///< by index
  std::vector<InstructionCost> InstructionCosts;                  ///< by index
  /// For a set made by forTarget: the set whose strings the tables name.
  std::shared_ptr<const Tables> Base;
  StackPtxFastInstructionSetInfo Info{};
  std::unordered_map<std::string, int> StackByName, ArgByName, InstrByName,
      SpecialByName;

  const char *keep(std::string S) {
    Strings.push_back(std::move(S));
    return Strings.back().c_str();
  }
};

namespace {

std::string lower(std::string_view S) {
  std::string R(S);
  for (char &C : R)
    C = char(std::tolower(static_cast<unsigned char>(C)));
  return R;
}

bool fail(Error &Failure, const json::Value &V, const std::string &Message) {
  Failure =
      Error::make(ErrorCode::InvalidArgument, Message, V.line(), V.column());
  return false;
}

const std::string *stringMember(const json::Value &Obj, const char *Key) {
  const json::Value *V = Obj.get(Key);
  return V && V->isString() ? &V->asString() : nullptr;
}

/// Reads an entry's optional "min_sm" (e.g. 90) and "min_ptx" (e.g. "8.1").
bool minTarget(const json::Value &Entry, const std::string &Name, Target &Out,
               Error &Failure) {
  Out = Target();
  if (const json::Value *Sm = Entry.get("min_sm")) {
    double D = Sm->isNumber() ? Sm->asNumber() : -1;
    if (D < 10 || D > 1000 || D != double(unsigned(D)))
      return fail(Failure, *Sm,
                  Name + ": min_sm must be an SM number such as 90");
    Out.Sm = unsigned(D);
  }
  if (const json::Value *Ptx = Entry.get("min_ptx")) {
    const std::string *S = Ptx->isString() ? &Ptx->asString() : nullptr;
    if (!S || S->size() != 3 ||
        !std::isdigit(static_cast<unsigned char>((*S)[0])) || (*S)[1] != '.' ||
        !std::isdigit(static_cast<unsigned char>((*S)[2])))
      return fail(Failure, *Ptx,
                  Name + ": min_ptx must be a PTX ISA version such as \"8.1\"");
    Out.Ptx = unsigned((*S)[0] - '0') * 10 + unsigned((*S)[2] - '0');
  }
  return true;
}

/// Reads an instruction's optional "latency" (cycles) and "approximate".
bool cost(const json::Value &Entry, const std::string &Name,
          InstructionCost &Out, Error &Failure) {
  Out = InstructionCost();
  if (const json::Value *L = Entry.get("latency")) {
    double D = L->isNumber() ? L->asNumber() : -1;
    if (!(D >= 0 && D <= 1e6))
      return fail(Failure, *L,
                  Name + ": latency must be a number of cycles, 0 to 1e6");
    Out.Latency = D;
  }
  if (const json::Value *A = Entry.get("approximate")) {
    if (!A->isBool())
      return fail(Failure, *A, Name + ": approximate must be true or false");
    Out.Approximate = A->asBool();
  }
  return true;
}

void pointInfoAtTables(InstructionSet::Tables &T);

bool build(const json::Value &Root, InstructionSet::Tables &T, Error &Failure) {
  if (!Root.isObject())
    return fail(Failure, Root,
                "a description must be a JSON object with 'stack_types', "
                "'arg_types', 'instructions' and 'special_registers'");
  auto arrayOf = [&](const char *Key, const json::Value *&Out) {
    Out = Root.get(Key);
    if (Out && !Out->isArray())
      return fail(Failure, *Out, std::string("'") + Key + "' must be an array");
    return true;
  };
  const json::Value *Stacks, *Args, *Instrs, *Specials;
  if (!arrayOf("stack_types", Stacks) || !arrayOf("arg_types", Args) ||
      !arrayOf("instructions", Instrs) ||
      !arrayOf("special_registers", Specials))
    return false;
  if (!Stacks)
    return fail(Failure, Root,
                "missing 'stack_types': a description needs at least one "
                "stack type");
  // The reference library's meta-instruction and routine rules
  // (stack_ptx_native.h), for descriptions made from its Python enums.
  if (const json::Value *Rules = Root.get("reference_rules")) {
    if (!Rules->isBool())
      return fail(Failure, *Rules, "'reference_rules' is true or false");
    T.Info.reference_rules = Rules->asBool() ? 1 : 0;
  }

  for (const json::Value &S : Stacks->elements()) {
    const std::string *Name = S.isObject() ? stringMember(S, "name") : nullptr;
    const std::string *Prefix =
        S.isObject() ? stringMember(S, "literal_prefix") : nullptr;
    if (!Name || !Prefix)
      return fail(Failure, S,
                  "a stack type needs string 'name' and 'literal_prefix' "
                  "(the PTX register type, e.g. \"f32\")");
    uint8_t Kind = STACK_PTX_FAST_CONSTANT_NONE;
    // constant_type says how literals print; a stack with only an
    // encoder_type (S32 in the shipped file) takes literals of that type.
    const std::string *C = stringMember(S, "constant_type");
    if (!C)
      C = stringMember(S, "encoder_type");
    if (C) {
      if (*C == "f32")
        Kind = STACK_PTX_FAST_CONSTANT_F32;
      else if (*C == "u32")
        Kind = STACK_PTX_FAST_CONSTANT_U32;
      else if (*C == "s32")
        Kind = STACK_PTX_FAST_CONSTANT_S32;
      else
        return fail(Failure, S,
                    "constant_type '" + *C + "' is not one of f32, u32, s32");
    }
    if (!T.StackByName.emplace(lower(*Name), int(T.StackTypes.size())).second)
      return fail(Failure, S, "duplicate stack type '" + *Name + "'");
    T.StackTypes.push_back({T.keep(*Name), T.keep(*Prefix), Kind});
  }
  if (T.StackTypes.size() > 255)
    return fail(Failure, *Stacks, "at most 255 stack types are supported");

  if (Args)
    for (const json::Value &A : Args->elements()) {
      const std::string *Name =
          A.isObject() ? stringMember(A, "name") : nullptr;
      const std::string *Stack =
          A.isObject() ? stringMember(A, "stack_type") : nullptr;
      if (!Name || !Stack)
        return fail(Failure, A,
                    "an arg type needs string 'name' and 'stack_type'");
      auto It = T.StackByName.find(lower(*Stack));
      if (It == T.StackByName.end())
        return fail(Failure, A,
                    "arg type '" + *Name + "' names unknown stack type '" +
                        *Stack + "'; declare it in 'stack_types'");
      unsigned Vec = 0;
      if (const json::Value *N = A.get("num_vec_elems")) {
        if (!N->isNumber() || N->asNumber() < 1 ||
            N->asNumber() > STACK_PTX_FAST_MAX_VEC_ELEMS)
          return fail(Failure, *N, "num_vec_elems must be 1 to 4");
        Vec = unsigned(N->asNumber());
      }
      if (!T.ArgByName.emplace(lower(*Name), int(T.ArgTypes.size())).second)
        return fail(Failure, A, "duplicate arg type '" + *Name + "'");
      T.ArgTypes.push_back({T.keep(*Name), uint8_t(It->second), uint8_t(Vec)});
    }
  if (T.ArgTypes.size() > 255)
    return fail(Failure, *Args, "at most 255 arg types are supported");

  auto argIndex = [&](const json::Value &V, const std::string &Where,
                      uint8_t &Out) {
    if (!V.isString())
      return fail(Failure, V, Where + ": arg types are written as strings");
    auto It = T.ArgByName.find(lower(V.asString()));
    if (It == T.ArgByName.end())
      return fail(Failure, V,
                  Where + " names unknown arg type '" + V.asString() +
                      "'; declare it in 'arg_types'");
    Out = uint8_t(It->second);
    return true;
  };

  if (Instrs)
    for (const json::Value &I : Instrs->elements()) {
      const std::string *Ptx = I.isObject() ? stringMember(I, "ptx") : nullptr;
      if (!Ptx)
        return fail(Failure, I,
                    "an instruction needs a string 'ptx' (its opcode)");
      const std::string *Display = stringMember(I, "display");
      std::string Name = Display ? *Display : *Ptx;
      StackPtxFastPtxInstructionInfo Info{};
      Info.ptx = T.keep(*Ptx);
      Info.display = T.keep(Name);
      const json::Value *A = I.get("args"), *R = I.get("rets");
      if ((A && !A->isArray()) || !R || !R->isArray())
        return fail(Failure, I,
                    "instruction '" + Name +
                        "' needs arrays 'args' and 'rets'");
      if (A && A->elements().size() > STACK_PTX_FAST_MAX_ARGS)
        return fail(Failure, *A,
                    "instruction '" + Name + "' has more than 4 args");
      if (R->elements().size() > STACK_PTX_FAST_MAX_RETS ||
          R->elements().empty())
        return fail(Failure, *R,
                    "instruction '" + Name + "' needs 1 or 2 rets");
      if (A)
        for (const json::Value &E : A->elements())
          if (!argIndex(E, "instruction '" + Name + "'",
                        Info.args[Info.num_args++]))
            return false;
      for (const json::Value &E : R->elements())
        if (!argIndex(E, "instruction '" + Name + "'",
                      Info.rets[Info.num_rets++]))
          return false;
      if (const json::Value *Al = I.get("aligned"))
        Info.aligned = Al->isBool() && Al->asBool();
      // The reference library's operand order (stack_ptx_native.h): the top
      // of the stack is the first operand. Its Python API (mm_ptx) needs it.
      if (const json::Value *Top = I.get("top_first")) {
        if (!Top->isBool())
          return fail(Failure, *Top,
                      "instruction '" + Name +
                          "': 'top_first' is true or false");
        Info.top_first = Top->asBool() ? 1 : 0;
      }
      if (!T.InstrByName.emplace(Name, int(T.Instructions.size())).second)
        return fail(Failure, I,
                    "duplicate instruction name '" + Name +
                        "'; give one of them a distinct 'display' name");
      Target Min;
      InstructionCost Cost;
      if (!minTarget(I, "instruction '" + Name + "'", Min, Failure) ||
          !cost(I, "instruction '" + Name + "'", Cost, Failure))
        return false;
      T.Instructions.push_back(Info);
      T.InstructionTargets.push_back(Min);
      T.InstructionCosts.push_back(Cost);
    }
  if (T.Instructions.size() > 65535)
    return fail(Failure, *Instrs, "at most 65535 instructions are supported");

  if (Specials)
    for (const json::Value &S : Specials->elements()) {
      const std::string *Ptx = S.isObject() ? stringMember(S, "ptx") : nullptr;
      const json::Value *A = S.isObject() ? S.get("arg_type") : nullptr;
      if (!Ptx || !A)
        return fail(Failure, S,
                    "a special register needs 'ptx' and 'arg_type'");
      StackPtxFastSpecialRegisterInfo Info{};
      Info.ptx = T.keep(*Ptx);
      if (!argIndex(*A, "special register '" + *Ptx + "'", Info.arg_type))
        return false;
      if (!T.SpecialByName.emplace(*Ptx, int(T.SpecialRegisters.size())).second)
        return fail(Failure, S, "duplicate special register '" + *Ptx + "'");
      Target Min;
      if (!minTarget(S, "special register '" + *Ptx + "'", Min, Failure))
        return false;
      T.SpecialRegisters.push_back(Info);
      T.SpecialRegisterTargets.push_back(Min);
    }
  if (T.SpecialRegisters.size() > 65535)
    return fail(Failure, *Specials,
                "at most 65535 special registers are supported");

  pointInfoAtTables(T);
  return true;
}

void pointInfoAtTables(InstructionSet::Tables &T) {
  T.Info.stack_types = T.StackTypes.data();
  T.Info.num_stack_types = T.StackTypes.size();
  T.Info.arg_types = T.ArgTypes.data();
  T.Info.num_arg_types = T.ArgTypes.size();
  T.Info.instructions = T.Instructions.data();
  T.Info.num_instructions = T.Instructions.size();
  T.Info.special_registers = T.SpecialRegisters.data();
  T.Info.num_special_registers = T.SpecialRegisters.size();
}

int lookup(const std::unordered_map<std::string, int> &Map,
           const std::string &Key) {
  auto It = Map.find(Key);
  return It == Map.end() ? -1 : It->second;
}

} // namespace

Expected<InstructionSet> InstructionSet::fromJson(std::string_view Text) {
  Expected<json::Value> P = json::parse(Text);
  if (!P)
    return P.error();
  auto T = std::make_shared<Tables>();
  Error Failure;
  if (!build(*P, *T, Failure))
    return Failure;
  InstructionSet Out;
  Out.Impl = std::move(T);
  return Out;
}

Expected<InstructionSet>
InstructionSet::fromReference(const ReferenceTables &In) {
  std::string Why; // set where a check below fails
  auto Refused = [&Why] {
    return Error::make(ErrorCode::InvalidArgument, Why);
  };
  auto T = std::make_shared<Tables>();
  T->Info.reference_rules = 1;
  bool NeedsVoid = false;
  for (const ReferenceTables::Instruction &I : In.Instructions)
    NeedsVoid |= I.Rets.empty();
  size_t NumStacks = In.StackPrefixes.size() + (NeedsVoid ? 1 : 0);
  size_t NumArgs = In.ArgTypes.size() + (NeedsVoid ? 1 : 0);
  if (In.StackPrefixes.empty() || NumStacks > 255 || NumArgs > 255 ||
      In.Instructions.size() > 65535 || In.SpecialRegisters.size() > 65535) {
    Why = "a set needs 1 to 255 stack types, at most 255 arg types and "
          "65535 instructions and special registers";
    return Refused();
  }
  auto constantKind = [](const std::string &Prefix) -> uint8_t {
    if (Prefix == "f32")
      return STACK_PTX_FAST_CONSTANT_F32;
    if (Prefix == "u32")
      return STACK_PTX_FAST_CONSTANT_U32;
    if (Prefix == "s32")
      return STACK_PTX_FAST_CONSTANT_S32;
    return STACK_PTX_FAST_CONSTANT_NONE;
  };
  T->StackTypes.reserve(NumStacks);
  for (size_t S = 0; S < In.StackPrefixes.size(); ++S) {
    std::string Name = "s" + std::to_string(S);
    T->StackByName.emplace(Name, int(S));
    T->StackTypes.push_back({T->keep(Name), T->keep(In.StackPrefixes[S]),
                             constantKind(In.StackPrefixes[S])});
  }
  T->ArgTypes.reserve(NumArgs);
  for (size_t A = 0; A < In.ArgTypes.size(); ++A) {
    const ReferenceTables::Arg &Arg = In.ArgTypes[A];
    if (Arg.Stack >= In.StackPrefixes.size() ||
        Arg.VecElems > STACK_PTX_FAST_MAX_VEC_ELEMS) {
      Why = "arg type " + std::to_string(A) + ": stack " +
            std::to_string(Arg.Stack) + " or " + std::to_string(Arg.VecElems) +
            " vector elements out of range";
      return Refused();
    }
    std::string Name = "a" + std::to_string(A);
    T->ArgByName.emplace(Name, int(A));
    T->ArgTypes.push_back(
        {T->keep(Name), uint8_t(Arg.Stack), uint8_t(Arg.VecElems)});
  }
  uint8_t VoidArg = 0;
  if (NeedsVoid) {
    T->StackByName.emplace("s_void", int(T->StackTypes.size()));
    T->StackTypes.push_back(
        {T->keep("s_void"), T->keep("b32"), STACK_PTX_FAST_CONSTANT_NONE});
    VoidArg = uint8_t(T->ArgTypes.size());
    T->ArgByName.emplace("a_void", VoidArg);
    T->ArgTypes.push_back(
        {T->keep("a_void"), uint8_t(T->StackTypes.size() - 1), uint8_t(0)});
  }
  // The entry's kind and index name it in an error (built only then).
  auto argIndex = [&](unsigned Arg, const char *Kind, size_t Entry,
                      uint8_t &Into) {
    if (Arg >= In.ArgTypes.size()) {
      Why = std::string(Kind) + " " + std::to_string(Entry) + ": arg type " +
            std::to_string(Arg) + " out of range";
      return false;
    }
    Into = uint8_t(Arg);
    return true;
  };
  T->Instructions.reserve(In.Instructions.size());
  for (size_t N = 0; N < In.Instructions.size(); ++N) {
    const ReferenceTables::Instruction &I = In.Instructions[N];
    std::string Name = "i" + std::to_string(N);
    if (I.Args.size() > STACK_PTX_FAST_MAX_ARGS ||
        I.Rets.size() > STACK_PTX_FAST_MAX_RETS) {
      Why = "instruction " + std::to_string(N) +
            " has more than 4 args or 2 rets";
      return Refused();
    }
    StackPtxFastPtxInstructionInfo Info{};
    Info.ptx = T->keep(I.Ptx);
    Info.display = T->keep(Name);
    for (unsigned A : I.Args)
      if (!argIndex(A, "instruction", N, Info.args[Info.num_args++]))
        return Refused();
    for (unsigned R : I.Rets)
      if (!argIndex(R, "instruction", N, Info.rets[Info.num_rets++]))
        return Refused();
    if (I.Rets.empty())
      Info.rets[Info.num_rets++] = VoidArg;
    Info.aligned = I.Aligned ? 1 : 0;
    Info.top_first = 1;
    T->InstrByName.emplace(Name, int(N));
    T->Instructions.push_back(Info);
  }
  T->InstructionTargets.assign(T->Instructions.size(), Target{});
  T->InstructionCosts.assign(T->Instructions.size(), InstructionCost{});
  T->SpecialRegisters.reserve(In.SpecialRegisters.size());
  for (size_t N = 0; N < In.SpecialRegisters.size(); ++N) {
    const ReferenceTables::Special &Sp = In.SpecialRegisters[N];
    StackPtxFastSpecialRegisterInfo Info{};
    Info.ptx = T->keep(Sp.Ptx);
    if (!argIndex(Sp.Arg, "special register", N, Info.arg_type))
      return Refused();
    T->SpecialByName.emplace(Sp.Ptx, int(N));
    T->SpecialRegisters.push_back(Info);
  }
  T->SpecialRegisterTargets.assign(T->SpecialRegisters.size(), Target{});
  pointInfoAtTables(*T);
  InstructionSet Out;
  Out.Impl = std::move(T);
  return Out;
}

Expected<InstructionSet> InstructionSet::fromFile(const std::string &Path) {
  Expected<std::string> Text = readFile(Path);
  if (!Text) {
    // The reason after readFile's step, as this message always gave it.
    const std::string &Why = Text.error().Message;
    return Error::make(ErrorCode::FileError,
                       Path + ": error: cannot open the description file: " +
                           Why.substr(Why.find(": ") + 2));
  }
  Expected<InstructionSet> Set = fromJson(*Text);
  if (!Set) {
    Error E = Set.error();
    E.Message = Path + ":" + E.located();
    return E;
  }
  return Set;
}

const InstructionSet &InstructionSet::builtin() {
  static const InstructionSet Set = [] {
    Expected<InstructionSet> S = fromJson(BuiltinDescriptionJson);
    if (!S) {
      // The build embeds a description that the tests read; reaching this
      // means the shipped file was edited into an invalid one.
      std::fprintf(stderr, "stack_ptx: built-in description: %s\n",
                   S.error().located().c_str());
      std::abort();
    }
    return S.take();
  }();
  return Set;
}

const StackPtxFastInstructionSetInfo &InstructionSet::info() const {
  static const StackPtxFastInstructionSetInfo Empty{};
  return Impl ? Impl->Info : Empty;
}

int InstructionSet::findStackType(std::string_view Name) const {
  return Impl ? lookup(Impl->StackByName, lower(Name)) : -1;
}
int InstructionSet::findArgType(std::string_view Name) const {
  return Impl ? lookup(Impl->ArgByName, lower(Name)) : -1;
}
int InstructionSet::findInstruction(std::string_view Name) const {
  return Impl ? lookup(Impl->InstrByName, std::string(Name)) : -1;
}
int InstructionSet::findSpecialRegister(std::string_view Ptx) const {
  return Impl ? lookup(Impl->SpecialByName, std::string(Ptx)) : -1;
}

Target InstructionSet::instructionTarget(size_t Index) const {
  return Impl && Index < Impl->InstructionTargets.size()
             ? Impl->InstructionTargets[Index]
             : Target();
}

Target InstructionSet::specialRegisterTarget(size_t Index) const {
  return Impl && Index < Impl->SpecialRegisterTargets.size()
             ? Impl->SpecialRegisterTargets[Index]
             : Target();
}

InstructionCost InstructionSet::instructionCost(size_t Index) const {
  return Impl && Index < Impl->InstructionCosts.size()
             ? Impl->InstructionCosts[Index]
             : InstructionCost();
}

InstructionSet InstructionSet::forTarget(const Target &For) const {
  if (!Impl)
    return *this;
  auto T = std::make_shared<Tables>();
  T->StackTypes = Impl->StackTypes;
  T->ArgTypes = Impl->ArgTypes;
  T->Instructions = Impl->Instructions;
  T->SpecialRegisters = Impl->SpecialRegisters;
  T->InstructionTargets = Impl->InstructionTargets;
  T->SpecialRegisterTargets = Impl->SpecialRegisterTargets;
  T->InstructionCosts = Impl->InstructionCosts;
  T->StackByName = Impl->StackByName;
  T->ArgByName = Impl->ArgByName;
  T->InstrByName = Impl->InstrByName;
  T->SpecialByName = Impl->SpecialByName;
  T->Base = Impl->Base ? Impl->Base : Impl; // owns the strings
  // An instruction with no result and a special register of no valid arg
  // type are what the compiler skips: entries the target lacks become those.
  for (size_t I = 0; I < T->Instructions.size(); ++I)
    if (!For.has(T->InstructionTargets[I]))
      T->Instructions[I].num_rets = 0;
  for (size_t S = 0; S < T->SpecialRegisters.size(); ++S)
    if (!For.has(T->SpecialRegisterTargets[S]))
      T->SpecialRegisters[S].arg_type = 0xFF;
  pointInfoAtTables(*T);
  InstructionSet Out;
  Out.Impl = std::move(T);
  return Out;
}

bool Target::parse(std::string_view Text, Target &Out) {
  if (Text.substr(0, 3) == "sm_")
    Text.remove_prefix(3);
  if (!Text.empty() && (Text.back() == 'a' || Text.back() == 'f'))
    Text.remove_suffix(1); // sm_90a, sm_100f: the same SM number
  unsigned Sm = 0;
  if (Text.empty() || Text.size() > 4)
    return false;
  for (char C : Text) {
    if (C < '0' || C > '9')
      return false;
    Sm = Sm * 10 + unsigned(C - '0');
  }
  if (Sm < 10)
    return false;
  Out = Target{Sm, 0};
  return true;
}

} // namespace stackptx
} // namespace ptxinject

// C API over the same loader.
struct StackPtxFastInstructionSet {
  ptxinject::stackptx::InstructionSet Set;
};

extern "C" {

StackPtxFastResult
stack_ptx_fast_instruction_set_create(const char *Json, size_t Size,
                                      StackPtxFastInstructionSet **Out,
                                      char *Error, size_t ErrorSize) {
  if (!Json || !Out)
    return STACK_PTX_FAST_ERROR_INVALID_ARGUMENT;
  *Out = nullptr;
  auto *Result = new StackPtxFastInstructionSet;
  ptxinject::Expected<ptxinject::stackptx::InstructionSet> Set =
      ptxinject::stackptx::InstructionSet::fromJson(
          std::string_view(Json, Size));
  if (!Set) {
    delete Result;
    std::string Message = Set.error().located();
    if (Error && ErrorSize) {
      size_t N =
          Message.size() < ErrorSize - 1 ? Message.size() : ErrorSize - 1;
      std::memcpy(Error, Message.data(), N);
      Error[N] = '\0';
    }
    return STACK_PTX_FAST_ERROR_INVALID_DESCRIPTION;
  }
  Result->Set = Set.take();
  *Out = Result;
  return STACK_PTX_FAST_SUCCESS;
}

const StackPtxFastInstructionSet *stack_ptx_fast_instruction_set_default(void) {
  static const StackPtxFastInstructionSet Default{
      ptxinject::stackptx::InstructionSet::builtin()};
  return &Default;
}

const StackPtxFastInstructionSetInfo *
stack_ptx_fast_instruction_set_info(const StackPtxFastInstructionSet *Set) {
  return Set ? &Set->Set.info() : nullptr;
}

void stack_ptx_fast_instruction_set_destroy(StackPtxFastInstructionSet *Set) {
  delete Set;
}

} // extern "C"
