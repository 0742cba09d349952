//===- Module.cpp - Queries and rendering of a parsed Module --------------===//
//
// Rendering walks the pieces precomputed by the parser and copies text and
// stubs into the output: no formatting, no per-site work beyond two copies.
//
//===----------------------------------------------------------------------===//
#include "ModuleData.h"

#include <cstring>
#if defined(__x86_64__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

using namespace ptxinject;
using namespace ptxinject::module;

const InjectOperand *Inject::findOperand(std::string_view Label) const {
  for (const InjectOperand &Op : Operands)
    if (Op.Label == Label)
      return &Op;
  return nullptr;
}

std::optional<size_t> Inject::operandIndex(std::string_view Label) const {
  for (size_t I = 0; I < Operands.size(); ++I)
    if (Operands[I].Label == Label)
      return I;
  return std::nullopt;
}

size_t Module::numInjects() const { return D->Injects.size(); }

const Inject &Module::inject(size_t Index) const { return D->Injects[Index]; }

const Inject *Module::findInject(std::string_view Name) const {
  uint32_t Index = D->ByName.find(Name);
  return Index == StringViewIndex::NotFound ? nullptr : &D->Injects[Index];
}

std::optional<size_t> Module::injectIndex(std::string_view Name) const {
  uint32_t Index = D->ByName.find(Name);
  if (Index == StringViewIndex::NotFound)
    return std::nullopt;
  return Index;
}

size_t Module::numSites() const { return D->NumSites; }

std::string_view Module::source() const { return D->Source; }

namespace {
/// A stub as inserted: its text plus a newline when it lacks one, so the
/// next line of PTX never joins the stub's last line.
inline size_t insertedSize(std::string_view Stub) {
  return Stub.size() + (!Stub.empty() && Stub.back() != '\n');
}

Error wrongStubCount(size_t Got, size_t Want) {
  return Error::make(ErrorCode::WrongStubCount,
                     "got " + std::to_string(Got) + " stubs for " +
                         std::to_string(Want) +
                         " injects: pass one stub per inject, in inject "
                         "index order (an empty stub leaves its sites empty)");
}
} // namespace

size_t Module::renderedSize(const std::string_view *Stubs,
                            size_t NumStubs) const {
  if (NumStubs != D->Injects.size() || (NumStubs && !Stubs))
    return 0;
  size_t Size = D->FixedSize;
  const size_t *Counts = D->SiteCounts.data();
  for (size_t I = 0; I < NumStubs; ++I)
    Size += insertedSize(Stubs[I]) * Counts[I];
  return Size;
}

namespace {
/// Copies N bytes. Stubs are mostly a few lines, where a call into memcpy
/// costs as much as the copy itself, so up to 64 bytes are moved inline
/// with overlapping loads that never read outside [Src, Src + N).
inline void copyBytes(char *Dst, const char *Src, size_t N) {
#if defined(__SSE2__)
  if (N >= 16 && N <= 64) {
    __m128i A = _mm_loadu_si128(reinterpret_cast<const __m128i *>(Src));
    __m128i B =
        _mm_loadu_si128(reinterpret_cast<const __m128i *>(Src + N - 16));
    if (N > 32) {
      __m128i C = _mm_loadu_si128(reinterpret_cast<const __m128i *>(Src + 16));
      __m128i E =
          _mm_loadu_si128(reinterpret_cast<const __m128i *>(Src + N - 32));
      _mm_storeu_si128(reinterpret_cast<__m128i *>(Dst + 16), C);
      _mm_storeu_si128(reinterpret_cast<__m128i *>(Dst + N - 32), E);
    }
    _mm_storeu_si128(reinterpret_cast<__m128i *>(Dst), A);
    _mm_storeu_si128(reinterpret_cast<__m128i *>(Dst + N - 16), B);
    return;
  }
#endif
  if (N >= 8 && N < 16) {
    uint64_t A, B;
    std::memcpy(&A, Src, 8);
    std::memcpy(&B, Src + N - 8, 8);
    std::memcpy(Dst, &A, 8);
    std::memcpy(Dst + N - 8, &B, 8);
    return;
  }
  std::memcpy(Dst, Src, N);
}

char *writePieces(const Module::Data &D, const std::string_view *Stubs,
                  char *Out) {
  for (const Module::Data::Piece &P : D.Pieces) {
    copyBytes(Out, P.Text, P.Length);
    Out += P.Length;
    if (P.Slot == Module::Data::NoSlot)
      continue;
    std::string_view Stub = Stubs[P.Slot];
    if (Stub.empty())
      continue;
    copyBytes(Out, Stub.data(), Stub.size());
    Out += Stub.size();
    if (Stub.back() != '\n')
      *Out++ = '\n';
  }
  return Out;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PTXINJECT_RENDER_AVX2 1
/// copyBytes with 32-byte moves: the text between two sites of a real
/// kernel is a few hundred bytes, which this copies in a handful of
/// instructions where memcpy would first have to pick a strategy.
__attribute__((target("avx2"))) inline void
copyBytesAvx2(char *Dst, const char *Src, size_t N) {
  if (N >= 32 && N <= 4096) {
    // One unaligned head, then stores aligned to 32 bytes, so that no store
    // in the loop straddles two cache lines.
    _mm256_storeu_si256(
        reinterpret_cast<__m256i *>(Dst),
        _mm256_loadu_si256(reinterpret_cast<const __m256i *>(Src)));
    size_t I = 32 - (reinterpret_cast<uintptr_t>(Dst) & 31);
    for (; I + 32 < N; I += 32)
      _mm256_store_si256(
          reinterpret_cast<__m256i *>(Dst + I),
          _mm256_loadu_si256(reinterpret_cast<const __m256i *>(Src + I)));
    _mm256_storeu_si256(
        reinterpret_cast<__m256i *>(Dst + N - 32),
        _mm256_loadu_si256(reinterpret_cast<const __m256i *>(Src + N - 32)));
    return;
  }
  if (N >= 16 && N < 32) {
    __m128i A = _mm_loadu_si128(reinterpret_cast<const __m128i *>(Src));
    __m128i B =
        _mm_loadu_si128(reinterpret_cast<const __m128i *>(Src + N - 16));
    _mm_storeu_si128(reinterpret_cast<__m128i *>(Dst), A);
    _mm_storeu_si128(reinterpret_cast<__m128i *>(Dst + N - 16), B);
    return;
  }
  if (N >= 8 && N < 16) {
    uint64_t A, B;
    std::memcpy(&A, Src, 8);
    std::memcpy(&B, Src + N - 8, 8);
    std::memcpy(Dst, &A, 8);
    std::memcpy(Dst + N - 8, &B, 8);
    return;
  }
  std::memcpy(Dst, Src, N);
}

__attribute__((target("avx2"))) char *
writePiecesAvx2(const Module::Data &D, const std::string_view *Stubs,
                char *Out) {
  for (const Module::Data::Piece &P : D.Pieces) {
    copyBytesAvx2(Out, P.Text, P.Length);
    Out += P.Length;
    if (P.Slot == Module::Data::NoSlot)
      continue;
    std::string_view Stub = Stubs[P.Slot];
    if (Stub.empty())
      continue;
    copyBytesAvx2(Out, Stub.data(), Stub.size());
    Out += Stub.size();
    if (Stub.back() != '\n')
      *Out++ = '\n';
  }
  return Out;
}

bool hasAvx2() {
  static const bool Has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
  }();
  return Has;
}
#else
#define PTXINJECT_RENDER_AVX2 0
#endif

/// Writes the rendered text at Out; the caller has made room for it.
void writeRendered(const Module::Data &D, const std::string_view *Stubs,
                   char *Out) {
#if PTXINJECT_RENDER_AVX2
  if (hasAvx2()) {
    writePiecesAvx2(D, Stubs, Out);
    return;
  }
#endif
  writePieces(D, Stubs, Out);
}
} // namespace

Error Module::render(const std::string_view *Stubs, size_t NumStubs,
                     std::string &Out) const {
  if (NumStubs != D->Injects.size()) {
    Out.clear();
    return wrongStubCount(NumStubs, D->Injects.size());
  }
  if (NumStubs && !Stubs) {
    Out.clear();
    return Error::make(ErrorCode::InvalidArgument, "the stubs array is null");
  }
  size_t Size = renderedSize(Stubs, NumStubs);
  // Growing only when needed keeps a reused string from being refilled with
  // zeros on every call.
  if (Out.size() < Size)
    Out.resize(Size);
  writeRendered(*D, Stubs, Out.data());
  Out.resize(Size);
  return Error::success();
}

Error Module::renderTo(const std::string_view *Stubs, size_t NumStubs,
                       char *Buffer, size_t Capacity, size_t &Written) const {
  Written = 0;
  if (NumStubs != D->Injects.size())
    return wrongStubCount(NumStubs, D->Injects.size());
  if (NumStubs && !Stubs)
    return Error::make(ErrorCode::InvalidArgument, "the stubs array is null");
  size_t Size = renderedSize(Stubs, NumStubs);
  Written = Size;
  if (!Buffer || Capacity < Size)
    return Error::make(ErrorCode::InsufficientBuffer,
                       "the output buffer holds " + std::to_string(Capacity) +
                           " bytes but the rendered PTX needs " +
                           std::to_string(Size) +
                           " (plus one for the terminating NUL)");
  writeRendered(*D, Stubs, Buffer);
  if (Capacity > Size)
    Buffer[Size] = '\0';
  return Error::success();
}

std::string ptxinject::module::injectNames(const Module &M) {
  std::string Out;
  for (size_t I = 0; I < M.numInjects(); ++I)
    Out += (I ? ", " : "") + M.inject(I).Name;
  return Out.empty() ? "(none)" : Out;
}
