//===- PtxEval.cpp - Evaluator for straight-line PTX stubs ----------------===//
//
// Opcode semantics follow the PTX ISA on 32-bit values: .ftz flushes
// subnormal inputs and results to signed zero, approximate opcodes use the
// exact libm function (the hardware error is the tolerance tests allow).
//
//===----------------------------------------------------------------------===//
#include "ptxinject/eval/PtxEval.h"

#include "ptxinject/support/F32Bits.h"

#include <cctype>
#include <cmath>
#include <cstring>
#include <unordered_map>
#include <vector>

namespace ptxinject {
namespace eval {
namespace {

// The NaN the GPU's f32 arithmetic returns.
constexpr uint32_t CanonicalNaN = 0x7fffffffu;

float flush(float F) {
  return std::fpclassify(F) == FP_SUBNORMAL ? std::copysign(0.0f, F) : F;
}

// min.f32 and max.f32 as the PTX ISA defines them: a NaN operand gives the
// other one (NaN when both are), else (a < b) ? a : b, so that of two zeros
// of either sign the second is the result. std::fmin leaves that sign open,
// and its scalar and vectorized code here chose differently.
inline float ptxMin(float A, float B) {
  if (std::isnan(A))
    return B;
  if (std::isnan(B))
    return A;
  return A < B ? A : B;
}
inline float ptxMax(float A, float B) {
  if (std::isnan(A))
    return B;
  if (std::isnan(B))
    return A;
  return A > B ? A : B;
}

enum class Op {
  AddF,
  SubF,
  MulF,
  FmaF,
  DivF,
  AbsF,
  NegF,
  MinF,
  MaxF,
  CopySignF,
  RcpF,
  SqrtF,
  RsqrtF,
  SinF,
  CosF,
  Lg2F,
  Ex2F,
  TanhF,
  SetpLtF,
  SetpLeF,
  SetpGtF,
  SetpGeF,
  SetpEqF,
  SetpNeF,
  SelpF,
  CvtF32U32,
  AddU,
  SubU,
  MulLoU,
  MadLoU,
  MulHiU,
  XorB,
  SetpEqU,
  SetpNeU,
  MovB32,
};

struct OpInfo {
  Op Kind;
  unsigned NumArgs;
  bool Ftz;
  bool Approx;
};

const std::unordered_map<std::string_view, OpInfo> &opTable() {
  static const std::unordered_map<std::string_view, OpInfo> Table = {
      {"add.ftz.f32", {Op::AddF, 2, true, false}},
      {"add.f32", {Op::AddF, 2, false, false}},
      {"sub.ftz.f32", {Op::SubF, 2, true, false}},
      {"sub.f32", {Op::SubF, 2, false, false}},
      {"mul.ftz.f32", {Op::MulF, 2, true, false}},
      {"mul.f32", {Op::MulF, 2, false, false}},
      {"fma.rn.ftz.f32", {Op::FmaF, 3, true, false}},
      {"fma.rn.f32", {Op::FmaF, 3, false, false}},
      {"div.approx.ftz.f32", {Op::DivF, 2, true, true}},
      {"abs.ftz.f32", {Op::AbsF, 1, true, false}},
      {"neg.ftz.f32", {Op::NegF, 1, true, false}},
      {"min.ftz.f32", {Op::MinF, 2, true, false}},
      {"max.ftz.f32", {Op::MaxF, 2, true, false}},
      {"copysign.f32", {Op::CopySignF, 2, false, false}},
      {"rcp.approx.ftz.f32", {Op::RcpF, 1, true, true}},
      {"sqrt.approx.ftz.f32", {Op::SqrtF, 1, true, true}},
      {"rsqrt.approx.ftz.f32", {Op::RsqrtF, 1, true, true}},
      {"sin.approx.ftz.f32", {Op::SinF, 1, true, true}},
      {"cos.approx.ftz.f32", {Op::CosF, 1, true, true}},
      {"lg2.approx.ftz.f32", {Op::Lg2F, 1, true, true}},
      {"ex2.approx.ftz.f32", {Op::Ex2F, 1, true, true}},
      {"tanh.approx.f32", {Op::TanhF, 1, false, true}},
      {"setp.lt.ftz.f32", {Op::SetpLtF, 2, true, false}},
      {"setp.lt.f32", {Op::SetpLtF, 2, false, false}},
      {"setp.le.ftz.f32", {Op::SetpLeF, 2, true, false}},
      {"setp.le.f32", {Op::SetpLeF, 2, false, false}},
      {"setp.gt.ftz.f32", {Op::SetpGtF, 2, true, false}},
      {"setp.gt.f32", {Op::SetpGtF, 2, false, false}},
      {"setp.ge.ftz.f32", {Op::SetpGeF, 2, true, false}},
      {"setp.ge.f32", {Op::SetpGeF, 2, false, false}},
      {"setp.eq.ftz.f32", {Op::SetpEqF, 2, true, false}},
      {"setp.eq.f32", {Op::SetpEqF, 2, false, false}},
      {"setp.ne.ftz.f32", {Op::SetpNeF, 2, true, false}},
      {"setp.ne.f32", {Op::SetpNeF, 2, false, false}},
      {"selp.f32", {Op::SelpF, 3, false, false}},
      {"cvt.rn.f32.u32", {Op::CvtF32U32, 1, false, false}},
      {"add.u32", {Op::AddU, 2, false, false}},
      {"sub.u32", {Op::SubU, 2, false, false}},
      {"mul.lo.u32", {Op::MulLoU, 2, false, false}},
      {"mad.lo.u32", {Op::MadLoU, 3, false, false}},
      {"mul.hi.u32", {Op::MulHiU, 2, false, false}},
      {"xor.b32", {Op::XorB, 2, false, false}},
      {"setp.eq.u32", {Op::SetpEqU, 2, false, false}},
      {"setp.ne.u32", {Op::SetpNeU, 2, false, false}},
      {"mov.b32", {Op::MovB32, 1, false, false}},
  };
  return Table;
}

uint32_t evalFloat(const OpInfo &I, const uint32_t *Args) {
  float A = asFloat(Args[0]);
  float B = I.NumArgs > 1 ? asFloat(Args[1]) : 0.0f;
  float C = I.NumArgs > 2 ? asFloat(Args[2]) : 0.0f;
  if (I.Ftz) {
    A = flush(A);
    B = flush(B);
    C = flush(C);
  }
  float R = 0;
  switch (I.Kind) {
  case Op::AddF:
    R = A + B;
    break;
  case Op::SubF:
    R = A - B;
    break;
  case Op::MulF:
    R = A * B;
    break;
  case Op::FmaF:
    R = std::fma(A, B, C);
    break;
  case Op::DivF:
    R = A / B;
    break;
  case Op::AbsF:
    R = std::fabs(A);
    break;
  case Op::NegF:
    R = -A;
    break;
  case Op::MinF:
    R = ptxMin(A, B);
    break;
  case Op::MaxF:
    R = ptxMax(A, B);
    break;
  case Op::CopySignF:
    R = std::copysign(B, A);
    break; // sign of a onto b
  case Op::RcpF:
    R = 1.0f / A;
    break;
  case Op::SqrtF:
    R = std::sqrt(A);
    break;
  case Op::RsqrtF:
    R = 1.0f / std::sqrt(A);
    break;
  case Op::SinF:
    R = std::sin(A);
    break;
  case Op::CosF:
    R = std::cos(A);
    break;
  case Op::Lg2F:
    R = std::log2(A);
    break;
  case Op::Ex2F:
    R = std::exp2(A);
    break;
  case Op::TanhF:
    R = std::tanh(A);
    break;
  default:
    break;
  }
  // Which operand's NaN a host addition returns is the host compiler's
  // choice; the GPU gives the canonical NaN. Abs and neg only move the
  // sign bit.
  if (std::isnan(R) && I.Kind != Op::AbsF && I.Kind != Op::NegF &&
      I.Kind != Op::CopySignF)
    return CanonicalNaN;
  return asBits(I.Ftz ? flush(R) : R);
}

/// PTX's ordered comparisons (eq, ne, lt, le, gt, ge): false when either
/// operand is NaN, which C++'s != alone would not give; -0 equals +0.
uint32_t compareFloat(const OpInfo &I, const uint32_t *Args) {
  float A = asFloat(Args[0]), B = asFloat(Args[1]);
  if (I.Ftz) {
    A = flush(A);
    B = flush(B);
  }
  if (std::isnan(A) || std::isnan(B))
    return 0;
  switch (I.Kind) {
  case Op::SetpLtF:
    return A < B;
  case Op::SetpLeF:
    return A <= B;
  case Op::SetpGtF:
    return A > B;
  case Op::SetpGeF:
    return A >= B;
  case Op::SetpEqF:
    return A == B;
  default:
    return A != B;
  }
}

} // namespace

namespace {

// One operation of a looked-up opcode on one set of operands.
uint32_t evaluateInfo(const OpInfo &I, const uint32_t *Args) {
  uint32_t R = 0;
  switch (I.Kind) {
  case Op::SetpLtF:
  case Op::SetpLeF:
  case Op::SetpGtF:
  case Op::SetpGeF:
  case Op::SetpEqF:
  case Op::SetpNeF:
    R = compareFloat(I, Args);
    return R;
  case Op::SelpF:
    R = Args[2] ? Args[0] : Args[1];
    return R;
  case Op::CvtF32U32:
    R = asBits(float(Args[0]));
    return R;
  case Op::AddU:
    R = Args[0] + Args[1];
    return R;
  case Op::SubU:
    R = Args[0] - Args[1];
    return R;
  case Op::MulLoU:
    R = Args[0] * Args[1];
    return R;
  case Op::MadLoU:
    R = Args[0] * Args[1] + Args[2];
    return R;
  case Op::MulHiU:
    R = uint32_t((uint64_t(Args[0]) * Args[1]) >> 32);
    return R;
  case Op::XorB:
    R = Args[0] ^ Args[1];
    return R;
  case Op::SetpEqU:
    R = Args[0] == Args[1];
    return R;
  case Op::SetpNeU:
    R = Args[0] != Args[1];
    return R;
  case Op::MovB32:
    R = Args[0];
    return R;
  default:
    return evalFloat(I, Args);
  }
}

} // namespace

bool evaluateOpcode(std::string_view Opcode, const uint32_t *Args,
                    unsigned NumArgs, uint32_t *Results, unsigned NumResults) {
  auto It = opTable().find(Opcode);
  if (It == opTable().end() || It->second.NumArgs != NumArgs || NumResults != 1)
    return false;
  Results[0] = evaluateInfo(It->second, Args);
  return true;
}

const void *ResolvedOpcode::find(std::string_view Opcode, unsigned NumArgs) {
  auto It = opTable().find(Opcode);
  if (It == opTable().end() || It->second.NumArgs != NumArgs)
    return nullptr;
  return &It->second;
}

namespace {

// flush() on bit patterns: a zero exponent with a nonzero fraction is a
// subnormal, which becomes the zero of its sign.
float flushBits(uint32_t B) {
  if ((B & 0x7f800000u) == 0)
    B &= 0x80000000u;
  return asFloat(B);
}

// The loop of one hot f32 operation over all samples, its operand reads,
// flushes and result written without a switch per sample; the same values
// as evalFloat (flush in, compute in float, flush out).
template <bool Ftz, bool Canonical, unsigned N, class Fn>
void floatLoop(const uint32_t *const *Args, uint32_t *Out, size_t Count, Fn F) {
  auto In = [](uint32_t B) { return Ftz ? flushBits(B) : asFloat(B); };
  for (size_t S = 0; S < Count; ++S) {
    float A = In(Args[0][S]);
    float B = N > 1 ? In(Args[1][S]) : 0.0f;
    float C = N > 2 ? In(Args[2][S]) : 0.0f;
    float V = F(A, B, C);
    uint32_t R = asBits(V);
    if (Canonical && V != V)
      R = CanonicalNaN;
    else if (Ftz && (R & 0x7f800000u) == 0)
      R &= 0x80000000u;
    Out[S] = R;
  }
}

template <unsigned N, bool Canonical = true, class Fn>
bool hotLoop(const OpInfo &I, const uint32_t *const *Args, uint32_t *Out,
             size_t Count, Fn F) {
  if (I.Ftz)
    floatLoop<true, Canonical, N>(Args, Out, Count, F);
  else
    floatLoop<false, Canonical, N>(Args, Out, Count, F);
  return true;
}

// The operations a search's programs are mostly made of; false for the
// others, which take the general loop.
bool evaluateHot(const OpInfo &I, const uint32_t *const *Args, uint32_t *Out,
                 size_t Count) {
  switch (I.Kind) {
  case Op::AddF:
    return hotLoop<2>(I, Args, Out, Count,
                      [](float A, float B, float) { return A + B; });
  case Op::SubF:
    return hotLoop<2>(I, Args, Out, Count,
                      [](float A, float B, float) { return A - B; });
  case Op::MulF:
    return hotLoop<2>(I, Args, Out, Count,
                      [](float A, float B, float) { return A * B; });
  case Op::FmaF:
    return hotLoop<3>(I, Args, Out, Count, [](float A, float B, float C) {
      return std::fma(A, B, C);
    });
  case Op::MinF:
    return hotLoop<2>(I, Args, Out, Count,
                      [](float A, float B, float) { return ptxMin(A, B); });
  case Op::MaxF:
    return hotLoop<2>(I, Args, Out, Count,
                      [](float A, float B, float) { return ptxMax(A, B); });
  case Op::DivF:
    return hotLoop<2>(I, Args, Out, Count,
                      [](float A, float B, float) { return A / B; });
  case Op::RcpF:
    return hotLoop<1>(I, Args, Out, Count,
                      [](float A, float, float) { return 1.0f / A; });
  case Op::SqrtF:
    return hotLoop<1>(I, Args, Out, Count,
                      [](float A, float, float) { return std::sqrt(A); });
  case Op::RsqrtF:
    return hotLoop<1>(I, Args, Out, Count, [](float A, float, float) {
      return 1.0f / std::sqrt(A);
    });
  case Op::SinF:
    return hotLoop<1>(I, Args, Out, Count,
                      [](float A, float, float) { return std::sin(A); });
  case Op::CosF:
    return hotLoop<1>(I, Args, Out, Count,
                      [](float A, float, float) { return std::cos(A); });
  case Op::Lg2F:
    return hotLoop<1>(I, Args, Out, Count,
                      [](float A, float, float) { return std::log2(A); });
  case Op::Ex2F:
    return hotLoop<1>(I, Args, Out, Count,
                      [](float A, float, float) { return std::exp2(A); });
  case Op::AbsF:
    return hotLoop<1, false>(I, Args, Out, Count, [](float A, float, float) {
      return std::fabs(A);
    });
  case Op::NegF:
    return hotLoop<1, false>(I, Args, Out, Count,
                             [](float A, float, float) { return -A; });
  default:
    return false;
  }
}

} // namespace

void ResolvedOpcode::evaluate(const uint32_t *const *Args, uint32_t *Out,
                              size_t Count) const {
  const OpInfo &I = *static_cast<const OpInfo *>(Info);
  if (evaluateHot(I, Args, Out, Count))
    return;
  uint32_t Operands[4] = {0, 0, 0, 0};
  for (size_t S = 0; S < Count; ++S) {
    for (unsigned A = 0; A < I.NumArgs; ++A)
      Operands[A] = Args[A][S];
    Out[S] = evaluateInfo(I, Operands);
  }
}

bool isApproximateOpcode(std::string_view Opcode) {
  auto It = opTable().find(Opcode);
  return It != opTable().end() && It->second.Approx;
}

namespace {

/// Reads a stub statement by statement, tracking line and column.
class StubReader {
public:
  StubReader(std::string_view Text) : Text(Text) {}

  bool atEnd() {
    skipSpace();
    return Pos >= Text.size();
  }
  char peek() {
    skipSpace();
    return Pos < Text.size() ? Text[Pos] : '\0';
  }
  void advance() { ++Pos; }
  std::string_view word() {
    skipSpace();
    size_t Start = Pos;
    while (Pos < Text.size() &&
           !std::isspace(static_cast<unsigned char>(Text[Pos])) &&
           Text[Pos] != ',' && Text[Pos] != ';' && Text[Pos] != '{' &&
           Text[Pos] != '}')
      ++Pos;
    return Text.substr(Start, Pos - Start);
  }
  /// An error at the reader's place (1-based line and column).
  Error failure(std::string Message) const {
    unsigned Line = 1, Col = 1;
    for (size_t I = 0; I < Pos && I < Text.size(); ++I) {
      if (Text[I] == '\n') {
        ++Line;
        Col = 1;
      } else {
        ++Col;
      }
    }
    return Error::make(ErrorCode::InvalidStub, std::move(Message), Line, Col);
  }

private:
  void skipSpace() {
    for (;;) {
      while (Pos < Text.size() &&
             std::isspace(static_cast<unsigned char>(Text[Pos])))
        ++Pos;
      if (Pos + 1 < Text.size() && Text[Pos] == '/' && Text[Pos + 1] == '/') {
        while (Pos < Text.size() && Text[Pos] != '\n')
          ++Pos;
        continue;
      }
      return;
    }
  }
  std::string_view Text;
  size_t Pos = 0;
};

bool isSpecialRegister(const std::string &Name) {
  static const char *const Names[] = {"tid",
                                      "ntid",
                                      "laneid",
                                      "warpid",
                                      "nwarpid",
                                      "ctaid",
                                      "nctaid",
                                      "smid",
                                      "nsmid",
                                      "gridid",
                                      "lanemask_eq",
                                      "lanemask_le",
                                      "lanemask_lt",
                                      "lanemask_ge",
                                      "lanemask_gt",
                                      "clock",
                                      "clock_hi",
                                      "clock64",
                                      "globaltimer",
                                      "total_smem_size",
                                      "aggr_smem_size",
                                      "dynamic_smem_size",
                                      "globaltimer_lo",
                                      "globaltimer_hi"};
  std::string Base = Name.substr(0, Name.find('.'));
  for (const char *N : Names)
    if (Base == N)
      return true;
  return false;
}

bool readLiteral(std::string_view W, uint32_t &Out) {
  if (W.size() == 10 && (W[0] == '0') && (W[1] == 'f' || W[1] == 'F')) {
    uint32_t V = 0;
    for (size_t I = 2; I < 10; ++I) {
      char C = W[I];
      unsigned D;
      if (C >= '0' && C <= '9')
        D = unsigned(C - '0');
      else if (C >= 'a' && C <= 'f')
        D = unsigned(C - 'a' + 10);
      else if (C >= 'A' && C <= 'F')
        D = unsigned(C - 'A' + 10);
      else
        return false;
      V = V * 16 + D;
    }
    Out = V;
    return true;
  }
  bool Neg = !W.empty() && W[0] == '-';
  size_t I = Neg ? 1 : 0;
  if (I >= W.size())
    return false;
  uint64_t V = 0;
  for (; I < W.size(); ++I) {
    if (W[I] < '0' || W[I] > '9' || V > 0xFFFFFFFFull)
      return false;
    V = V * 10 + unsigned(W[I] - '0');
  }
  Out = Neg ? uint32_t(0u - uint32_t(V)) : uint32_t(V);
  return true;
}

} // namespace

Error evaluateStub(std::string_view Stub,
                   std::map<std::string, uint32_t> &Registers) {
  StubReader R(Stub);
  Error Failure;
  auto fail = [&](const std::string &Message) {
    Failure = R.failure(Message);
    return false;
  };
  // One operand group: a register, a literal, or a braced list of them.
  struct Operand {
    bool IsRegister;
    std::string Name;
    uint32_t Value;
  };
  auto readGroup = [&](std::vector<Operand> &Out) {
    bool Braced = R.peek() == '{';
    if (Braced)
      R.advance();
    for (;;) {
      std::string_view W = R.word();
      if (W.empty())
        return fail("expected an operand");
      Operand O{false, std::string(), 0};
      if (W[0] == '%') {
        O.IsRegister = true;
        O.Name = std::string(W.substr(1));
      } else if (!readLiteral(W, O.Value)) {
        return fail("'" + std::string(W) +
                    "' is neither a register nor a literal");
      }
      Out.push_back(std::move(O));
      if (!Braced || R.peek() != ',')
        break;
      R.advance();
    }
    if (Braced) {
      if (R.peek() != '}')
        return fail("expected '}' to close a vector operand");
      R.advance();
    }
    return true;
  };

  // The statements in order; false when one cannot run (Failure says why).
  auto Run = [&] {
    while (!R.atEnd()) {
      char C = R.peek();
      if (C == '{' || C == '}') {
        R.advance();
        continue;
      }
      std::string_view Opcode = R.word();
      if (Opcode.empty())
        return fail("unexpected character '" + std::string(1, C) + "'");
      if (Opcode == ".reg") {
        while (!R.atEnd() && R.peek() != ';')
          if (R.word().empty())
            R.advance();
        R.advance();
        continue;
      }
      std::vector<Operand> Dests, Sources;
      if (!readGroup(Dests))
        return false;
      while (R.peek() == ',') {
        R.advance();
        if (!readGroup(Sources))
          return false;
      }
      if (R.peek() != ';')
        return fail("expected ';' after the operands of '" +
                    std::string(Opcode) + "'");
      R.advance();

      std::vector<uint32_t> Args;
      for (const Operand &O : Sources) {
        if (!O.IsRegister) {
          Args.push_back(O.Value);
          continue;
        }
        auto It = Registers.find(O.Name);
        if (It != Registers.end()) {
          Args.push_back(It->second);
        } else if (isSpecialRegister(O.Name)) {
          Args.push_back(0); // special registers read as zero
        } else {
          return fail("register %" + O.Name + " is read before it is written");
        }
      }
      for (const Operand &D : Dests)
        if (!D.IsRegister)
          return fail("the destination of '" + std::string(Opcode) +
                      "' is not a register");
      // Every form writes one register; copies read exactly one value.
      bool IsCopy = Opcode.substr(0, 4) == "mov." || Opcode == "cvt.u8.u8" ||
                    Opcode == "cvt.s8.s8";
      if (IsCopy && (Dests.size() != 1 || Args.size() != 1))
        return fail("'" + std::string(Opcode) +
                    "' takes one destination and one source, not " +
                    std::to_string(Dests.size()) + " and " +
                    std::to_string(Args.size()));
      uint32_t Result;
      if (IsCopy) {
        Result = Args[0];
      } else if (Dests.size() != 1 ||
                 !evaluateOpcode(Opcode, Args.data(), unsigned(Args.size()),
                                 &Result, 1)) {
        return fail("cannot evaluate '" + std::string(Opcode) + "' with " +
                    std::to_string(Args.size()) + " operands");
      }
      Registers[Dests[0].Name] = Result;
    }
    return true;
  };
  if (!Run())
    return Failure;
  return Error::success();
}

} // namespace eval
} // namespace ptxinject
