//===- ApiBench.cpp - C++ API timings for utils/bench/python-vs-mmptx ----===//
//
// Times the C++ API on inputs the Python benchmark writes, so the Python
// bindings and mm-ptx are compared with C++ on the same PTX and programs in
// one run: parse, render, Stack PTX compile (one program a call) and
// compileBatch. Prints one JSON object of seconds per call (per program for
// the Stack PTX figures): the fastest of many short batches.
//
// usage: ptxinject-api-bench --ptx FILE --stubs FILE --programs FILE
//          --width W --reg NAME:TYPE... --request INDEX...
//   --stubs     records "inject NUL stub NUL"
//   --programs  uint64 instruction words, W per program (zero padded)
//
//===----------------------------------------------------------------------===//
#include "ptxinject/module/Module.h"
#include "ptxinject/stackptx/StackPtx.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

using namespace ptxinject;
using Clock = std::chrono::steady_clock;

namespace {

template <class F> double secondsPerCall(F &&Fn) {
  size_t Reps = 1;
  for (;;) {
    auto T0 = Clock::now();
    for (size_t I = 0; I < Reps; ++I)
      Fn();
    if (std::chrono::duration<double>(Clock::now() - T0).count() > 0.002 ||
        Reps > (1u << 24))
      break;
    Reps *= 2;
  }
  double Best = 1e30;
  for (int B = 0; B < 50; ++B) {
    auto T0 = Clock::now();
    for (size_t I = 0; I < Reps; ++I)
      Fn();
    Best = std::min(
        Best, std::chrono::duration<double>(Clock::now() - T0).count() / Reps);
  }
  return Best;
}

std::string readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  if (!In) {
    std::fprintf(stderr, "ptxinject-api-bench: cannot read '%s'\n",
                 Path.c_str());
    std::exit(2);
  }
  std::ostringstream S;
  S << In.rdbuf();
  return S.str();
}

} // namespace

int main(int Argc, char **Argv) {
  std::string PtxPath, StubsPath, ProgramsPath;
  size_t Width = 0;
  std::vector<std::string> RegNames;
  std::vector<std::string> RegTypes;
  std::vector<size_t> Requests;
  for (int I = 1; I + 1 < Argc; I += 2) {
    std::string A = Argv[I], V = Argv[I + 1];
    if (A == "--ptx")
      PtxPath = V;
    else if (A == "--stubs")
      StubsPath = V;
    else if (A == "--programs")
      ProgramsPath = V;
    else if (A == "--width")
      Width = std::stoul(V);
    else if (A == "--request")
      Requests.push_back(std::stoul(V));
    else if (A == "--reg") {
      size_t Colon = V.find(':');
      RegNames.push_back(V.substr(0, Colon));
      RegTypes.push_back(V.substr(Colon + 1));
    } else {
      std::fprintf(stderr, "ptxinject-api-bench: unknown option '%s'\n",
                   A.c_str());
      return 2;
    }
  }
  if (PtxPath.empty() || StubsPath.empty() || ProgramsPath.empty() || !Width) {
    std::fprintf(
        stderr,
        "usage: ptxinject-api-bench --ptx F --stubs F --programs F --width W "
        "--reg NAME:TYPE... --request I...\n");
    return 2;
  }
  std::string Ptx = readFile(PtxPath);
  Expected<Module> M = Module::parse(Ptx);
  if (!M) {
    std::fprintf(stderr, "%s\n", M.error().format(PtxPath).c_str());
    return 1;
  }
  std::string StubData = readFile(StubsPath);
  std::vector<std::string> Stubs(M->numInjects());
  for (size_t Pos = 0; Pos < StubData.size();) {
    size_t NameEnd = StubData.find('\0', Pos),
           StubEnd = StubData.find('\0', NameEnd + 1);
    std::optional<size_t> Index =
        M->injectIndex(StubData.substr(Pos, NameEnd - Pos));
    if (Index)
      Stubs[*Index] = StubData.substr(NameEnd + 1, StubEnd - NameEnd - 1);
    Pos = StubEnd + 1;
  }
  std::vector<std::string_view> Views(Stubs.begin(), Stubs.end());
  std::string Out;

  double Parse = secondsPerCall([&] {
    Expected<Module> P = Module::parse(Ptx);
    (void)P;
  });
  double Render = secondsPerCall([&] { M->render(Views, Out); });

  std::string Words = readFile(ProgramsPath);
  size_t NumPrograms = Words.size() / (8 * Width);
  std::vector<StackPtxFastInstruction> All(NumPrograms * Width);
  std::memcpy(All.data(), Words.data(), All.size() * 8);
  std::vector<stackptx::Program> Programs;
  for (size_t P = 0; P < NumPrograms; ++P)
    Programs.emplace_back(All.data() + P * Width, Width);
  const stackptx::InstructionSet &Set = stackptx::InstructionSet::builtin();
  std::vector<StackPtxFastRegister> Regs;
  for (size_t R = 0; R < RegNames.size(); ++R)
    Regs.push_back(
        {RegNames[R].c_str(), (size_t)Set.findStackType(RegTypes[R])});
  stackptx::Compiler C(Set);
  stackptx::Workspace WS;
  std::string Stub;
  std::vector<size_t> Ends;
  double Single = secondsPerCall([&] {
                    for (const stackptx::Program &P : Programs)
                      C.compile(P, Regs, Requests, WS, Stub);
                  }) /
                  NumPrograms;
  double Batch = secondsPerCall([&] {
                   C.compileBatch(Programs, Regs, Requests, WS, Stub, Ends);
                 }) /
                 NumPrograms;
  std::printf("{\"parse\": %.9g, \"render\": %.9g, \"stack_single\": %.9g, "
              "\"stack_batch\": %.9g}\n",
              Parse, Render, Single, Batch);
  return 0;
}
