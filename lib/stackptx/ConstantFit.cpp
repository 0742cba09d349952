//===- ConstantFit.cpp - A search's linear scaling and constant fits ------===//
#include "ptxinject/stackptx/ConstantFit.h"

#include "ptxinject/support/F32Bits.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <thread>

using namespace ptxinject::stackptx;
using ptxinject::asBits;
using ptxinject::asFloat;

LinearScale ptxinject::stackptx::linearScale(const float *F,
                                             const float *Target,
                                             size_t Samples, bool ForMaxAbs) {
  bool Finite = true;
  for (size_t S = 0; S < Samples && Finite; ++S)
    Finite = std::isfinite(F[S]);
  auto f = [&](size_t S) { return Finite ? double(F[S]) : 0.0; };
  double FMean = 0, TMean = 0;
  for (size_t S = 0; S < Samples; ++S) {
    FMean += f(S);
    TMean += Target[S];
  }
  FMean /= double(Samples ? Samples : 1);
  TMean /= double(Samples ? Samples : 1);
  double Var = 0, Cov = 0;
  for (size_t S = 0; S < Samples; ++S) {
    double D = f(S) - FMean;
    Var += D * D;
    Cov += D * (Target[S] - TMean);
  }
  LinearScale L;
  // A constant output has no slope to fit (relative to its size).
  if (Var > 1e-30 * std::max(1.0, FMean * FMean) * double(Samples))
    L.A = Cov / Var;
  if (!std::isfinite(L.A) || std::fabs(L.A) >= 1e30)
    L.A = 0;
  L.B = TMean - L.A * FMean;
  if (ForMaxAbs && Samples) {
    double Lo = std::numeric_limits<double>::infinity(), Hi = -Lo;
    for (size_t S = 0; S < Samples; ++S) {
      double R = Target[S] - (L.A * f(S) + L.B);
      Lo = std::min(Lo, R);
      Hi = std::max(Hi, R);
    }
    L.B += 0.5 * (Hi + Lo);
  }
  return L;
}

namespace {

float constantOf(const StackPtxFastInstruction &I) {
  return asFloat(uint32_t(I.payload.u));
}

void setConstant(StackPtxFastInstruction &I, float V) {
  I.payload.u = asBits(V);
}

// The squared error of A*F + B against the target; infinite when not finite.
double squaredError(const float *F, const float *Target, size_t Samples,
                    double A, double B) {
  double Sum = 0;
  for (size_t S = 0; S < Samples; ++S) {
    double R = Target[S] - (A * F[S] + B);
    Sum += R * R;
  }
  return std::isfinite(Sum) ? Sum : std::numeric_limits<double>::infinity();
}

// Solves M x = V (N x N, row-major) in place by Gaussian elimination with
// partial pivoting; false when M is singular.
bool solve(std::vector<double> &M, std::vector<double> &V, size_t N) {
  for (size_t Col = 0; Col < N; ++Col) {
    size_t Pivot = Col;
    for (size_t R = Col + 1; R < N; ++R)
      if (std::fabs(M[R * N + Col]) > std::fabs(M[Pivot * N + Col]))
        Pivot = R;
    if (M[Pivot * N + Col] == 0)
      return false;
    if (Pivot != Col) {
      for (size_t K = 0; K < N; ++K)
        std::swap(M[Col * N + K], M[Pivot * N + K]);
      std::swap(V[Col], V[Pivot]);
    }
    for (size_t R = Col + 1; R < N; ++R) {
      double Factor = M[R * N + Col] / M[Col * N + Col];
      for (size_t K = Col; K < N; ++K)
        M[R * N + K] -= Factor * M[Col * N + K];
      V[R] -= Factor * V[Col];
    }
  }
  for (size_t Col = N; Col-- > 0;) {
    double Sum = V[Col];
    for (size_t K = Col + 1; K < N; ++K)
      Sum -= M[Col * N + K] * V[K];
    V[Col] = Sum / M[Col * N + Col];
  }
  return true;
}

} // namespace

bool ConstantJacobian::compute(const InstructionSet &Set, Program Prog,
                               Span<StackPtxFastRegister> Registers,
                               size_t Request, const BatchEvalInputs &Inputs,
                               const std::vector<size_t> &Positions,
                               std::vector<double> &Jacobian) {
  const size_t N = Inputs.Samples, K = Positions.size();
  const size_t Requests[] = {Request};
  Jacobian.assign(N * K, 0.0);
  std::string Error;
  Tape &T = Trace;
  if (!traceProgram(Set.info(), defaultLimits(), Prog, Registers, Requests, {},
                    T, Error))
    return false;
  // The values as the batch evaluator computes them, then their tangents.
  runTape(T, Inputs.Columns, N, Values, RequestColumns);
  // Tangent rows only for the values a constant moves (most do not).
  Tangents.clear();
  Slot.assign(T.NumValues, NoSlot);
  auto moves = [&](uint32_t V) { return Slot[V] != NoSlot; };
  auto track = [&](uint32_t V) {
    if (!moves(V)) {
      Slot[V] = uint32_t(Tangents.size() / (K * N));
      Tangents.resize(Tangents.size() + K * N, 0.0f);
    }
  };
  auto column = [&](uint32_t V) -> const uint32_t * {
    return V < T.NumInputs ? Inputs.Columns[V] : Values.data() + V * N;
  };
  auto tangent = [&](uint32_t V, size_t I) {
    return Tangents.data() + (size_t(Slot[V]) * K + I) * N;
  };
  for (size_t C = 0; C < T.Constants.size(); ++C) {
    uint32_t V = T.Constants[C].first;
    for (size_t I = 0; I < K; ++I)
      if (T.ConstantWords[C] == Positions[I]) {
        track(V);
        std::fill_n(tangent(V, I), N, 1.0f);
      }
  }
  Probe.resize(N);
  High.resize(N);
  Low.resize(N);
  Partial.resize(N);
  Up.resize(N);
  Down.resize(N);
  const uint32_t *Args[4];
  for (const Tape::Step &S : T.Steps) {
    for (unsigned A = 0; A < S.NumArgs; ++A)
      Args[A] = column(S.Args[A]);
    const uint32_t *Out = column(S.Result);
    for (unsigned A = 0; A < S.NumArgs; ++A) {
      if (!moves(S.Args[A]))
        continue;
      track(S.Result);
      const uint32_t *Operand = Args[A];
      // The operand moved up and down (Step: by how much, as rounded).
      auto probe = [&](float Sign, std::vector<float> &Step,
                       std::vector<uint32_t> &Into) {
        for (size_t I = 0; I < N; ++I) {
          float X = asFloat(Operand[I]);
          float H = 0x1p-12f * std::max(std::fabs(X), 0x1p-8f);
          Probe[I] = asBits(X + Sign * H);
          Step[I] = asFloat(Probe[I]) - X;
        }
        const uint32_t *Probed[4] = {Args[0], Args[1], Args[2], Args[3]};
        Probed[A] = Probe.data();
        S.Op.evaluate(Probed, Into.data(), N);
      };
      probe(+1, Up, High);
      probe(-1, Down, Low);
      for (size_t I = 0; I < N; ++I) {
        float Y = asFloat(Out[I]), Hi = asFloat(High[I]), Lo = asFloat(Low[I]);
        double D = 0;
        if (std::isfinite(Hi) && std::isfinite(Lo) && Up[I] - Down[I] != 0)
          D = (double(Hi) - Lo) / (double(Up[I]) - Down[I]);
        else if (std::isfinite(Hi) && std::isfinite(Y) && Up[I] != 0)
          D = (double(Hi) - Y) / Up[I];
        else if (std::isfinite(Lo) && std::isfinite(Y) && Down[I] != 0)
          D = (double(Lo) - Y) / Down[I];
        Partial[I] = std::isfinite(D) ? float(D) : 0.0f;
      }
      for (size_t C = 0; C < K; ++C) {
        const float *From = tangent(S.Args[A], C);
        float *Into = tangent(S.Result, C);
        for (size_t I = 0; I < N; ++I)
          Into[I] += Partial[I] * From[I];
      }
    }
  }
  int64_t Result = T.Requests.empty() ? Tape::Unassigned : T.Requests[0];
  if (Result == Tape::Unassigned || !moves(uint32_t(Result)))
    return true;
  for (size_t C = 0; C < K; ++C) {
    const float *From = tangent(uint32_t(Result), C);
    for (size_t I = 0; I < N; ++I)
      Jacobian[I * K + C] = std::isfinite(From[I]) ? From[I] : 0.0;
  }
  return true;
}

bool ptxinject::stackptx::prepareFit(const InstructionSet &Set, Program Prog,
                                     size_t TailWords,
                                     const StackPtxFastInstruction *Weight,
                                     Span<StackPtxFastRegister> Registers,
                                     size_t Request, FitCandidate &Out) {
  size_t End = 0;
  while (End < Prog.size() &&
         Prog[End].kind != STACK_PTX_FAST_INSTRUCTION_KIND_RETURN)
    ++End;
  End -= std::min(End, TailWords);
  auto same = [](const StackPtxFastInstruction &A,
                 const StackPtxFastInstruction &B) {
    return std::memcmp(&A, &B, sizeof A) == 0;
  };
  Out.Words.clear();
  for (size_t I = 0; I < End; ++I) {
    Out.Words.push_back(Prog[I]);
    if (!Weight || Prog[I].kind != STACK_PTX_FAST_INSTRUCTION_KIND_INPUT)
      continue;
    bool Weighted = I + 2 < End && Prog[I + 1].kind == Weight[0].kind &&
                    Prog[I + 1].stack_idx == Weight[0].stack_idx &&
                    same(Prog[I + 2], Weight[1]);
    if (!Weighted) {
      Out.Words.push_back(Weight[0]);
      Out.Words.push_back(Weight[1]);
    }
  }
  Out.Words.push_back(stack_ptx_fast_encode_return);
  Out.Positions.clear();
  // Backward from the output: the values it is made of.
  Tape T;
  std::string Error;
  const size_t Requests[] = {Request};
  if (!traceProgram(Set.info(), defaultLimits(),
                    Program(Out.Words.data(), Out.Words.size()), Registers,
                    Requests, {}, T, Error))
    return false;
  if (T.Requests.empty() || T.Requests[0] == Tape::Unassigned)
    return true;
  std::vector<char> Live(T.NumValues, 0);
  Live[size_t(T.Requests[0])] = 1;
  for (size_t I = T.Steps.size(); I-- > 0;)
    if (Live[T.Steps[I].Result])
      for (unsigned A = 0; A < T.Steps[I].NumArgs; ++A)
        Live[T.Steps[I].Args[A]] = 1;
  for (size_t C = 0; C < T.Constants.size(); ++C) {
    uint32_t Word = T.ConstantWords[C];
    if (Live[T.Constants[C].first] && Word != Tape::NoWord &&
        Set.info().stack_types[Out.Words[Word].stack_idx].constant_kind ==
            STACK_PTX_FAST_CONSTANT_F32)
      Out.Positions.push_back(Word);
  }
  return true;
}

namespace {

// One fit's state: its constants, scaling, error, damping and Jacobian.
struct Fit {
  std::vector<size_t> Positions;
  std::vector<double> C;
  double A = 1, B = 0, Cost = 0, Lambda = 1e-3;
  std::vector<double> Jacobian; // Samples x constants, row-major
  bool HaveJacobian = false;
};

} // namespace

size_t ptxinject::stackptx::fitConstants(
    const InstructionSet &Set,
    std::vector<std::vector<StackPtxFastInstruction>> &Programs,
    const std::vector<std::vector<size_t>> &Positions,
    Span<StackPtxFastRegister> Registers, size_t Request,
    const BatchEvalInputs &Inputs, const ConstantFitOptions &Options,
    std::vector<float> &Outputs) {
  const size_t N = Inputs.Samples, M = Programs.size();
  const float *T = Inputs.Target;
  const unsigned Jobs = Options.Jobs
                            ? Options.Jobs
                            : std::max(1u, std::thread::hardware_concurrency());
  const size_t Requests[] = {Request};
  size_t Evaluated = 0;
  std::vector<ProgramScore> Scores;
  // Runs programs, their outputs as floats into Out (rows of N).
  auto Run = [&](const std::vector<std::vector<StackPtxFastInstruction>> &Ps,
                 std::vector<float> &Out) {
    std::vector<Program> Spans;
    for (const auto &P : Ps)
      Spans.emplace_back(P.data(), P.size());
    Out.resize(Ps.size() * N);
    evaluateBatch(Set, Spans, Registers, Requests, Inputs, Jobs, Scores,
                  reinterpret_cast<uint32_t *>(Out.data()));
    Evaluated += Ps.size();
  };
  if (Outputs.size() != M * N)
    Run(Programs, Outputs);

  std::vector<Fit> Fits(M);
  std::vector<size_t> Active;
  for (size_t J = 0; J < M; ++J) {
    Fit &F = Fits[J];
    const std::vector<size_t> &P = Positions[J];
    F.Positions.assign(P.begin(),
                       P.begin() + std::min(P.size(), Options.MaxConstants));
    for (size_t Pos : F.Positions)
      F.C.push_back(constantOf(Programs[J][Pos]));
    const float *Base = &Outputs[J * N];
    if (Options.Scale) {
      LinearScale L = linearScale(Base, T, N, false);
      F.A = L.A;
      F.B = L.B;
    }
    F.Cost = squaredError(Base, T, N, F.A, F.B);
    if (!F.Positions.empty() && std::isfinite(F.Cost))
      Active.push_back(J);
  }

  std::vector<std::vector<StackPtxFastInstruction>> Batch;
  std::vector<float> Out;
  std::vector<ConstantJacobian> Jacobians(Jobs);
  for (unsigned Step = 0; Step < Options.Iterations && !Active.empty();
       ++Step) {
    // The Jacobian of f in the constants, one pass per program whose
    // constants moved: counted as one evaluation, as Operon counts its
    // automatic differentiation's. Each fit's own: the same whatever the
    // threads.
    std::vector<size_t> Stale;
    for (size_t J : Active)
      if (!Fits[J].HaveJacobian)
        Stale.push_back(J);
    std::atomic<size_t> Next{0};
    auto Differentiate = [&](ConstantJacobian &Jacobian) {
      for (size_t I; (I = Next.fetch_add(1)) < Stale.size();) {
        Fit &F = Fits[Stale[I]];
        const auto &P = Programs[Stale[I]];
        Jacobian.compute(Set, Program(P.data(), P.size()), Registers, Request,
                         Inputs, F.Positions, F.Jacobian);
        F.HaveJacobian = true;
      }
    };
    size_t Threads = std::min<size_t>(Jobs, Stale.size() / 8 + 1);
    std::vector<std::thread> Pool;
    for (size_t T = 1; T < Threads; ++T)
      Pool.emplace_back(Differentiate, std::ref(Jacobians[T]));
    Differentiate(Jacobians[0]);
    for (std::thread &T : Pool)
      T.join();
    Evaluated += Stale.size();
    // A damped Gauss-Newton step per fit, on the constants (and a, b).
    std::vector<size_t> Tried;
    std::vector<std::vector<double>> TrialC;
    Batch.clear();
    for (size_t J : Active) {
      Fit &F = Fits[J];
      const float *Base = &Outputs[J * N];
      size_t K = F.C.size(), W = K + (Options.Scale ? 2 : 0);
      std::vector<double> Hess(W * W, 0.0), Grad(W, 0.0), Row(W);
      for (size_t S = 0; S < N; ++S) {
        for (size_t I = 0; I < K; ++I)
          Row[I] = F.A * F.Jacobian[S * K + I];
        if (Options.Scale) {
          Row[K] = Base[S];
          Row[K + 1] = 1;
        }
        double R = T[S] - (F.A * Base[S] + F.B);
        for (size_t I = 0; I < W; ++I) {
          Grad[I] += Row[I] * R;
          for (size_t L = 0; L < W; ++L)
            Hess[I * W + L] += Row[I] * Row[L];
        }
      }
      for (size_t I = 0; I < W; ++I)
        Hess[I * W + I] += F.Lambda * (Hess[I * W + I] + 1e-12);
      if (!solve(Hess, Grad, W) ||
          !std::all_of(Grad.begin(), Grad.end(),
                       [](double V) { return std::isfinite(V); }))
        continue;
      std::vector<double> C(K);
      bool Finite = true;
      for (size_t I = 0; I < K; ++I) {
        C[I] = double(float(F.C[I] + Grad[I]));
        Finite &= std::isfinite(C[I]);
      }
      if (!Finite)
        continue;
      Batch.push_back(Programs[J]);
      for (size_t I = 0; I < K; ++I)
        setConstant(Batch.back()[F.Positions[I]], float(C[I]));
      Tried.push_back(J);
      TrialC.push_back(std::move(C));
    }
    if (Batch.empty())
      break;
    Run(Batch, Out);
    for (size_t R = 0; R < Tried.size(); ++R) {
      Fit &F = Fits[Tried[R]];
      const float *Row = &Out[R * N];
      // The best a, b for the new constants, in closed form.
      LinearScale L{1, 0};
      if (Options.Scale)
        L = linearScale(Row, T, N, false);
      double Cost = squaredError(Row, T, N, L.A, L.B);
      if (Cost < F.Cost) {
        F.C = TrialC[R];
        F.A = L.A;
        F.B = L.B;
        F.Cost = Cost;
        std::copy(Row, Row + N, &Outputs[Tried[R] * N]);
        Programs[Tried[R]] = Batch[R];
        F.Lambda = std::max(F.Lambda / 10, 1e-9);
        F.HaveJacobian = false;
      } else {
        F.Lambda *= 10;
      }
    }
    std::vector<size_t> Still;
    for (size_t J : Active)
      if (Fits[J].Lambda < 1e8 && Fits[J].Cost > 0)
        Still.push_back(J);
    Active = std::move(Still);
  }
  return Evaluated;
}
