//===- StackPtxText.cpp - Text form of Stack PTX programs -----------------===//
//
// Words are separated by white space; `#` starts a comment. Each word is one
// instruction, except `meta`, `store.T`, `load` and `routine`, which take the
// following number.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/stackptx/Text.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace ptxinject {
namespace stackptx {
namespace {

const char *const MetaNames[] = {"meta",      "dup",     "yank_dup", "swap",
                                 "swap_with", "replace", "drop",     "rotate",
                                 "reverse",   "clear"};
static_assert(sizeof(MetaNames) / sizeof(MetaNames[0]) ==
                  STACK_PTX_FAST_META_NUM_ENUMS,
              "one name per meta op");

struct Word {
  std::string_view Text;
  unsigned Line, Column;
};

class Lexer {
public:
  explicit Lexer(std::string_view Text) : Text(Text) {}
  bool next(Word &W) {
    for (;;) {
      while (Pos < Text.size() &&
             std::isspace(static_cast<unsigned char>(Text[Pos])))
        step();
      if (Pos < Text.size() && Text[Pos] == '#') {
        while (Pos < Text.size() && Text[Pos] != '\n')
          step();
        continue;
      }
      break;
    }
    if (Pos >= Text.size())
      return false;
    W.Line = Line;
    W.Column = Column;
    size_t Start = Pos;
    while (Pos < Text.size() &&
           !std::isspace(static_cast<unsigned char>(Text[Pos])) &&
           Text[Pos] != '#')
      step();
    W.Text = Text.substr(Start, Pos - Start);
    return true;
  }
  unsigned line() const { return Line; }
  unsigned column() const { return Column; }

private:
  void step() {
    if (Text[Pos++] == '\n') {
      ++Line;
      Column = 1;
    } else {
      ++Column;
    }
  }
  std::string_view Text;
  size_t Pos = 0;
  unsigned Line = 1, Column = 1;
};

bool parseUnsigned(std::string_view S, uint32_t &Out) {
  if (S.empty() || S.size() > 10)
    return false;
  uint64_t V = 0;
  for (char C : S) {
    if (C < '0' || C > '9')
      return false;
    V = V * 10 + unsigned(C - '0');
  }
  if (V > 0xFFFFFFFFull)
    return false;
  Out = uint32_t(V);
  return true;
}

bool parseSigned(std::string_view S, uint32_t &Out) {
  bool Neg = !S.empty() && S[0] == '-';
  uint32_t Mag;
  if (!parseUnsigned(Neg ? S.substr(1) : S, Mag) ||
      Mag > (Neg ? 0x80000000u : 0x7FFFFFFFu))
    return false;
  Out = Neg ? 0u - Mag : Mag;
  return true;
}

/// False when the decimal or hex literal S was rounded to infinity or to
/// zero: "1e999" and "1e-999" are typing mistakes, not infinity and zero.
/// (Literals reach here only starting with a digit, '.', '+' or '-', so
/// "inf" and "nan" never do.)
bool floatInRange(std::string_view S, float F) {
  if (std::isinf(F))
    return false;
  if (F != 0.0f)
    return true;
  size_t I = (!S.empty() && (S[0] == '-' || S[0] == '+')) ? 1 : 0;
  bool Hex =
      S.size() > I + 1 && S[I] == '0' && (S[I + 1] == 'x' || S[I + 1] == 'X');
  if (Hex)
    I += 2;
  for (; I < S.size(); ++I) {
    char C = static_cast<char>(std::tolower(static_cast<unsigned char>(S[I])));
    if (C == (Hex ? 'p' : 'e'))
      break;
    if ((C >= '1' && C <= '9') || (Hex && C >= 'a' && C <= 'f'))
      return false; // a nonzero mantissa that became zero
  }
  return true;
}

bool parseFloatBits(std::string_view S, uint32_t &Out) {
  if (S.size() == 10 && S[0] == '0' && (S[1] == 'f' || S[1] == 'F')) {
    uint32_t V = 0;
    for (size_t I = 2; I < 10; ++I) {
      int D =
          std::isdigit(static_cast<unsigned char>(S[I]))
              ? S[I] - '0'
              : (std::isxdigit(static_cast<unsigned char>(S[I]))
                     ? std::tolower(static_cast<unsigned char>(S[I])) - 'a' + 10
                     : -1);
      if (D < 0)
        return false;
      V = V * 16 + unsigned(D);
    }
    Out = V;
    return true;
  }
  std::string Copy(S);
  if (!Copy.empty() && (Copy.back() == 'f' || Copy.back() == 'F') &&
      Copy.find_first_of("0123456789") != std::string::npos)
    Copy.pop_back(); // accept C-style 1.0f
  char *End = nullptr;
  errno = 0;
  float F = std::strtof(Copy.c_str(), &End);
  if (Copy.empty() || End != Copy.c_str() + Copy.size())
    return false;
  if (!floatInRange(Copy, F))
    return false;
  std::memcpy(&Out, &F, 4);
  return true;
}

bool looksNumeric(std::string_view S) {
  size_t I = (!S.empty() && (S[0] == '-' || S[0] == '+')) ? 1 : 0;
  return I < S.size() &&
         (std::isdigit(static_cast<unsigned char>(S[I])) || S[I] == '.');
}

} // namespace

// parseProgram's work; on failure Err says why.
static bool parseWords(std::string_view Text, const InstructionSet &Set,
                       Span<StackPtxFastRegister> Registers,
                       std::vector<StackPtxFastInstruction> &Out, Error &Err) {
  Out.clear();
  const StackPtxFastInstructionSetInfo &Info = Set.info();
  Lexer L(Text);
  Word W;
  auto fail = [&](const Word &At, std::string Message) {
    Out.clear(); // a failed parse leaves no half program behind
    Err = Error::make(ErrorCode::InvalidStub, std::move(Message), At.Line,
                      At.Column);
    return false;
  };
  auto findRegister = [&](std::string_view Name) -> int {
    for (size_t R = 0; R < Registers.size(); ++R)
      if (Registers[R].name && Name == Registers[R].name)
        return int(R);
    return -1;
  };
  auto number = [&](const Word &Op, uint32_t &V) {
    Word N;
    if (!L.next(N))
      return fail(Op, "'" + std::string(Op.Text) + "' needs a number after it");
    if (!parseUnsigned(N.Text, V) || V > 0xFFFF)
      return fail(N, "expected a number from 0 to 65535 after '" +
                         std::string(Op.Text) + "', found '" +
                         std::string(N.Text) + "'");
    return true;
  };
  auto constant = [&](const Word &At, std::string_view Literal, int Stack) {
    unsigned Kind = Info.stack_types[Stack].constant_kind;
    uint32_t Bits = 0;
    bool Ok =
        Kind == STACK_PTX_FAST_CONSTANT_F32   ? parseFloatBits(Literal, Bits)
        : Kind == STACK_PTX_FAST_CONSTANT_S32 ? parseSigned(Literal, Bits)
        : Kind == STACK_PTX_FAST_CONSTANT_U32 ? parseUnsigned(Literal, Bits)
                                              : false;
    if (Kind == STACK_PTX_FAST_CONSTANT_NONE)
      return fail(
          At, std::string("stack type ") + Info.stack_types[Stack].name +
                  " has no constants (its description gives no constant_type)");
    if (!Ok)
      return fail(At, "'" + std::string(Literal) + "' is not a valid " +
                          Info.stack_types[Stack].name +
                          " constant (or is out of its range)");
    Out.push_back(stack_ptx_fast_encode_constant_bits(Stack, Bits));
    return true;
  };

  while (L.next(W)) {
    std::string_view T = W.Text;
    if (T == "return") {
      Out.push_back(stack_ptx_fast_encode_return);
      continue;
    }
    if (int R = findRegister(T); R >= 0) {
      Out.push_back(stack_ptx_fast_encode_input(R));
      continue;
    }
    if (int I = Set.findInstruction(T); I >= 0) {
      Out.push_back(stack_ptx_fast_encode_ptx_instruction(I));
      continue;
    }
    if (T[0] == '%') {
      if (int S = Set.findSpecialRegister(T.substr(1)); S >= 0) {
        Out.push_back(stack_ptx_fast_encode_special_register(S));
        continue;
      }
      if (int R = findRegister(T.substr(1)); R >= 0) {
        Out.push_back(stack_ptx_fast_encode_input(R));
        continue;
      }
      return fail(W, "'" + std::string(T) +
                         "' is neither a special register of the "
                         "description nor an input register");
    }
    if (looksNumeric(T)) {
      size_t Colon = T.find(':');
      if (Colon != std::string_view::npos) {
        int Stack = Set.findStackType(T.substr(Colon + 1));
        if (Stack < 0)
          return fail(W, "unknown stack type '" +
                             std::string(T.substr(Colon + 1)) + "' after ':'");
        if (!constant(W, T.substr(0, Colon), Stack))
          return false;
        continue;
      }
      bool IsFloat = T.find_first_of(".eEfF") != std::string_view::npos;
      const char *Type = IsFloat ? "f32" : (T[0] == '-' ? "s32" : "u32");
      int Stack = Set.findStackType(Type);
      if (Stack < 0)
        return fail(W, std::string("the description has no stack type '") +
                           Type + "' for this literal; write it as VALUE:TYPE");
      if (!constant(W, T, Stack))
        return false;
      continue;
    }
    if (T == "meta") {
      Word N;
      uint32_t V;
      if (!L.next(N) || !parseUnsigned(N.Text, V))
        return fail(
            W, "'meta' needs a non-negative integer after it, e.g. 'meta 2'");
      Out.push_back(stack_ptx_fast_encode_meta_constant(V));
      continue;
    }
    if (T == "load" || T == "routine") {
      uint32_t V;
      if (!number(W, V))
        return false;
      Out.push_back(
          T == "load"
              ? StackPtxFastInstruction(stack_ptx_fast_encode_load(V))
              : StackPtxFastInstruction(stack_ptx_fast_encode_routine(V)));
      continue;
    }
    size_t Dot = T.find('.');
    if (Dot != std::string_view::npos) {
      std::string_view Op = T.substr(0, Dot);
      int Stack = Set.findStackType(T.substr(Dot + 1));
      if (Op == "store") {
        if (Stack < 0)
          return fail(W, "unknown stack type in '" + std::string(T) + "'");
        uint32_t V;
        if (!number(W, V))
          return false;
        Out.push_back(stack_ptx_fast_encode_store(Stack, V));
        continue;
      }
      for (unsigned M = 1; M < STACK_PTX_FAST_META_NUM_ENUMS; ++M) {
        if (Op != MetaNames[M])
          continue;
        if (Stack < 0)
          return fail(W, "unknown stack type in '" + std::string(T) + "'");
        Out.push_back(stack_ptx_fast_encode_meta(M, Stack));
        goto NextWord;
      }
    }
    return fail(
        W,
        "unknown word '" + std::string(T) +
            "': expected an input register name, a number, an instruction "
            "of the description, a %special register, or one of dup.T "
            "yank_dup.T swap.T swap_with.T replace.T drop.T rotate.T "
            "reverse.T clear.T, 'meta N', 'store.T N', 'load N', 'routine N'");
  NextWord:;
  }
  Out.push_back(stack_ptx_fast_encode_return);
  return true;
}

Error parseProgram(std::string_view Text, const InstructionSet &Set,
                   Span<StackPtxFastRegister> Registers,
                   std::vector<StackPtxFastInstruction> &Out) {
  Error Err;
  if (!parseWords(Text, Set, Registers, Out, Err) && !Err)
    Err = Error::make(ErrorCode::InvalidStub, "the program does not parse");
  return Err;
}

std::string printProgram(Program Prog, const InstructionSet &Set,
                         Span<StackPtxFastRegister> Registers) {
  const StackPtxFastInstructionSetInfo &Info = Set.info();
  std::string Out;
  auto word = [&](const std::string &S) {
    if (!Out.empty())
      Out += ' ';
    Out += S;
  };
  auto stackName = [&](unsigned S) -> std::string {
    if (S >= Info.num_stack_types)
      return "?" + std::to_string(S);
    std::string N = Info.stack_types[S].name;
    for (char &C : N)
      C = char(std::tolower(static_cast<unsigned char>(C)));
    return N;
  };
  for (const StackPtxFastInstruction &I : Prog) {
    uint32_t Bits;
    std::memcpy(&Bits, &I.payload, 4);
    switch (I.kind) {
    case STACK_PTX_FAST_INSTRUCTION_KIND_RETURN:
      return Out;
    case STACK_PTX_FAST_INSTRUCTION_KIND_INPUT:
      word(I.idx < Registers.size() && Registers[I.idx].name
               ? std::string(Registers[I.idx].name)
               : "input?" + std::to_string(I.idx));
      break;
    case STACK_PTX_FAST_INSTRUCTION_KIND_CONSTANT: {
      char Buf[32];
      unsigned Kind = STACK_PTX_FAST_CONSTANT_NONE;
      if (I.stack_idx < Info.num_stack_types)
        Kind = Info.stack_types[I.stack_idx].constant_kind;
      if (Kind == STACK_PTX_FAST_CONSTANT_F32)
        std::snprintf(Buf, sizeof Buf, "0f%08X", Bits);
      else if (Kind == STACK_PTX_FAST_CONSTANT_S32)
        std::snprintf(Buf, sizeof Buf, "%d", int32_t(Bits));
      else
        std::snprintf(Buf, sizeof Buf, "%u", Bits);
      word(std::string(Buf) + ":" + stackName(I.stack_idx));
      break;
    }
    case STACK_PTX_FAST_INSTRUCTION_KIND_PTX:
      word(I.idx < Info.num_instructions
               ? std::string(Info.instructions[I.idx].display)
               : "ptx?" + std::to_string(I.idx));
      break;
    case STACK_PTX_FAST_INSTRUCTION_KIND_SPECIAL_REGISTER:
      word(I.idx < Info.num_special_registers
               ? "%" + std::string(Info.special_registers[I.idx].ptx)
               : "special?" + std::to_string(I.idx));
      break;
    case STACK_PTX_FAST_INSTRUCTION_KIND_META:
      if (I.idx == STACK_PTX_FAST_META_CONSTANT)
        word("meta " + std::to_string(Bits));
      else if (I.idx < STACK_PTX_FAST_META_NUM_ENUMS)
        word(std::string(MetaNames[I.idx]) + "." + stackName(I.stack_idx));
      else
        word("meta?" + std::to_string(I.idx));
      break;
    case STACK_PTX_FAST_INSTRUCTION_KIND_STORE:
      word("store." + stackName(I.stack_idx) + " " + std::to_string(I.idx));
      break;
    case STACK_PTX_FAST_INSTRUCTION_KIND_LOAD:
      word("load " + std::to_string(I.idx));
      break;
    case STACK_PTX_FAST_INSTRUCTION_KIND_ROUTINE:
      word("routine " + std::to_string(I.idx));
      break;
    default:
      word("skip?" + std::to_string(I.kind));
      break;
    }
  }
  return Out;
}

} // namespace stackptx
} // namespace ptxinject
