//===- ReferenceShape.h - The reference's benchmark shape ----*- C++ -*-===//
//
// What the reference system's end-to-end benchmark (mm-ptx
// bench/ptx_compile_bench.c) compiles, rebuilt here so that
// ptxinject-variants-bench can do the same work: its kernel shape (K kernels x
// S sites, one f32 in and one f32 out per site, the site chosen by blockIdx.x
// inside a tile loop), its random program generator (the same generator,
// instruction pool, draw weights and seed stream, so the same seed yields the
// same programs), and a runner for its own benchmark binary, so both rates are
// measured in one run. Nothing of the reference is compiled into this
// program: its benchmark is built from a separate checkout and run as a
// child process.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_UTILS_BENCH_REFERENCESHAPE_H
#define PTXINJECT_UTILS_BENCH_REFERENCESHAPE_H

#include "ptxinject/stackptx/StackPtx.h"
#include "stack_ptx_native.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ptxinject {
namespace referenceshape {

/// The reference benchmark's defaults (its --kernels, --groups-per-kernel,
/// --ptx-instructions-per-program).
constexpr size_t DefaultKernels = 16;
constexpr size_t DefaultSites = 128;
constexpr size_t DefaultLength = 32;

/// The kernel as CUDA in this project's marker contract: Kernels kernels
/// named kernel_NNNNNN, Sites sites each (injects inject_0, inject_1, ...
/// in kernel-major order, so slot J takes program J as the reference's
/// func_J does). With Stubs (one per site), each site holds its stub
/// instead of the markers: the CUDA that compiles to the rendered PTX.
std::string kernelSource(size_t Kernels, size_t Sites,
                         const std::vector<std::string_view> *Stubs);

/// The line of Text at Pos, without its newline, moving Pos past it; false
/// at the end. A last line without a newline is a line.
bool nextLine(std::string_view Text, size_t &Pos, std::string_view &Line);

/// One line of PTX as the body of an asm template's string literal: '%'
/// doubled, quotes and backslashes escaped, carriage returns dropped (no
/// quotes around it).
void appendAsmEscaped(std::string &Out, std::string_view Line);

/// Text as the lines of an asm template, each a C string literal on a line
/// of its own after Indent.
void appendAsmLines(std::string &Out, std::string_view Text,
                    const char *Indent);

/// The reference generator's PTX instruction pool (18 f32 operations, no
/// special registers, no meta instructions, no routines).
const std::vector<const char *> &instructionPool();

/// Count programs of Length instructions, as the reference's
/// generate_programs draws them for a site with one f32 input: input 0,
/// then Length - 2 draws (20 % input 0, 20 % an f32 constant uniform in
/// [-10, 10), 60 % an operation of the pool, uniformly), then return. The
/// input is register 0 (StackPtxSource puts inputs first). Fails when Set
/// lacks a pool instruction or an F32 stack.
Expected<std::vector<std::vector<StackPtxFastInstruction>>>
generatePrograms(const stackptx::InstructionSet &Set, size_t Count,
                 size_t Length, uint64_t Seed);

/// PTX instructions in a stub after dead-code elimination: statements
/// ending in ';', moves included, declarations (.reg) and comments not.
size_t countInstructions(std::string_view Stub);

/// The stubs of a module as the reference benchmark writes it with
/// --dump-module-cu: the text between each PTX_INJECT_START and
/// PTX_INJECT_END line, C string literals unescaped.
std::vector<std::string> stubsOfDumpedSource(std::string_view Source);

/// One run of the reference benchmark binary.
struct ReferenceRun {
  bool Ok = false;
  std::string Error; // why not, with the output's tail
  /// Its own "Full compile (progs/sec/thread)" of the PTX inject path: the
  /// programs over the time of the nvPTXCompiler calls alone (stub
  /// compile and render happen before its clock starts).
  double ProgramsPerSecondPerThread = 0;
  double WallMs = 0;
  size_t Threads = 0;
  size_t Programs = 0;
  /// Module 0's stubs, read back from --dump-module-cu.
  std::vector<std::string> Stubs;
};

/// Runs Binary (mm_ptx_compile_bench) on one thread with the given shape,
/// seed and architecture (sm_NN), dumping module 0's CUDA source to a
/// temporary file to read its stubs back.
ReferenceRun runReference(const std::string &Binary, size_t Modules,
                          size_t Kernels, size_t Sites, size_t Length,
                          uint64_t Seed, const std::string &Arch);

} // namespace referenceshape
} // namespace ptxinject

#endif
