//===- ProgramFilesFuzzer.cpp - --programs FILE and NAME=FILE readers -----===//
//
// Input: the text of a --programs file, or two cut at a line holding only
// "@@@", read as `--programs a=FILE1 --programs b=FILE2`. A search writes
// these files and a person edits them. The reader and then every program's
// stub compile run as `ptxinject variants` runs them, against an inject of
// the operands x, y (in) and z (out). Checked beyond the absence of
// crashes: a read that succeeds gives every source one origin per program
// and all sources the same number of programs, and each program either
// compiles to a stub or fails with a place inside its own text.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"

#include "ptxinject/variants/VariantInputs.h"

#include "ptxinject/module/Module.h"
#include "ptxinject/support/File.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::variants;

namespace {

const char KernelPtx[] = R"(.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{
	.reg .f32 %_x0;
	.reg .f32 %_x1;
	.reg .f32 %_x2;
	// PTX_INJECT_START a
	// _x0 o f32 F32 z
	// _x1 i f32 F32 x
	// _x2 i f32 F32 y
	// PTX_INJECT_END
	// PTX_INJECT_START b
	// _x0 o f32 F32 z
	// _x1 i f32 F32 x
	// _x2 i f32 F32 y
	// PTX_INJECT_END
	ret;
}
)";

struct Files {
  std::string A, B;
  Files() {
    const char *Tmp = std::getenv("TMPDIR");
    std::string Base = std::string(Tmp && *Tmp ? Tmp : "/tmp") +
                       "/program-files-fuzz-" + std::to_string(::getpid());
    A = Base + "-a.stack";
    B = Base + "-b.stack";
  }
  ~Files() {
    std::remove(A.c_str());
    std::remove(B.c_str());
  }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 64 * 1024)
    return 0;
  static Files F;
  static Module Kernel = Module::parse(KernelPtx).take();
  static stackptx::InstructionSet Set = stackptx::InstructionSet::builtin();
  std::vector<std::string_view> Parts = fuzzinput::splitParts(
      std::string_view(reinterpret_cast<const char *>(Data), Size));
  if (writeFileAtomically(F.A, Parts[0]))
    return 0;
  std::vector<std::string> Args = {F.A};
  if (Parts.size() > 1) {
    if (writeFileAtomically(F.B, Parts[1]))
      return 0;
    Args = {"a=" + F.A, "b=" + F.B};
  }
  VariantInputs In;
  if (Error E = readProgramFiles(Args, Set, In)) {
    // A refused file is named, and a refused line is inside it.
    FUZZ_CHECK(!E.Message.empty());
    return 0;
  }
  FUZZ_CHECK(!In.Sources.empty());
  size_t N = In.Sources[0]->numPrograms();
  for (size_t R = 0; R < In.Sources.size(); ++R) {
    FUZZ_CHECK(In.Sources[R]->numPrograms() == N);
    FUZZ_CHECK(In.Origins[R].size() == N);
    // Every program targets inject a (operands x, y, z).
    if (In.Sources[R]->prepare(*Kernel.findInject("a")))
      continue;
    auto Scratch = In.Sources[R]->makeScratch();
    std::string Buffer;
    for (size_t P = 0; P < N && P < 64; ++P) {
      std::string_view Stub;
      StubError E;
      if (In.Sources[R]->stub(P, Scratch.get(), Buffer, Stub, E))
        continue;
      FUZZ_CHECK(!E.Message.empty());
    }
  }
  return 0;
}
