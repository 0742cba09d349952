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

#include "BenchSupport.h"

#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

using namespace ptxinject;
using bench::readFileOrExit;

namespace {

/// The fastest of 50 batches of at least 2 ms each.
template <class F> double secondsPerCall(F &&Fn) {
  return bench::secondsPerCall(Fn, 0.002, 50);
}

const char ToolName[] = "ptxinject-api-bench";

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
  std::string Ptx = readFileOrExit(PtxPath, ToolName);
  Expected<Module> M = Module::parse(Ptx);
  if (!M) {
    std::fprintf(stderr, "%s\n", M.error().format(PtxPath).c_str());
    return 1;
  }
  std::string StubData = readFileOrExit(StubsPath, ToolName);
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
  bench::exitOnError(M->render(Views, Out), ToolName);
  // Checked once above; the timed renders of the same stubs cannot differ.
  double Render = secondsPerCall([&] { (void)M->render(Views, Out); });

  std::string Words = readFileOrExit(ProgramsPath, ToolName);
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
