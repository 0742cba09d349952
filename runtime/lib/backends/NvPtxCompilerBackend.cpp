//===- NvPtxCompilerBackend.cpp - PTX to cubin through nvPTXCompiler ------===//
//
// The PTX Compiler API is a static library (ptxas in process, no driver, no
// GPU). Each compile uses its own handle, so calls from many threads run in
// parallel. utils/install-nvptxcompiler fetches the library.
//
//===----------------------------------------------------------------------===//
#include "Backends.h"

#include <nvPTXCompiler.h>

#include <chrono>
#include <cstdio>

using namespace ptxinject;
using namespace ptxinject::backends;

namespace {

class NvPtxCompilerBackend final : public CubinBackend {
public:
  explicit NvPtxCompilerBackend(const CubinOptions &Options)
      : CubinBackend(Options) {
    for (bool Debug : {false, true}) {
      std::vector<std::string> &Strings = OptionStrings[Debug];
      Strings = detail::checkedCompilerArguments(
          CubinBackendKind::NvPtxCompiler, Options, Debug);
      for (const std::string &S : Strings)
        OptionPointers[Debug].push_back(S.c_str());
    }
  }

  CubinBackendKind kind() const override {
    return CubinBackendKind::NvPtxCompiler;
  }

protected:
  using Clock = std::chrono::steady_clock;

  CompileStatus compileWithin(std::string_view Ptx, std::vector<char> &Cubin,
                              std::string &Log,
                              double TimeoutSeconds) const override {
    Cubin.clear();
    Log.clear();
    bool Debug = isDebugPtx(Ptx);
    if (TimeoutSeconds <= 0)
      return run(Ptx, OptionPointers[Debug], nullptr, Cubin, Log)
                 ? CompileStatus::Ok
                 : CompileStatus::Failed;
    // The compile may outlive this call: it gets its own copies, and stops
    // at its next phase once past the deadline.
    return detail::compileWithDeadline(
        "nvPTXCompiler", TimeoutSeconds,
        [Text = std::string(Ptx), Strings = OptionStrings[Debug]](
            std::vector<char> &C, std::string &L, Clock::time_point Deadline) {
          std::vector<const char *> Pointers;
          for (const std::string &S : Strings)
            Pointers.push_back(S.c_str());
          return run(Text, Pointers, &Deadline, C, L);
        },
        Cubin, Log);
  }

private:
  // The flow callback: the compiler calls it between its phases, and
  // stops (NVPTXCOMPILE_ERROR_CANCELLED) when it returns 1.
  static int pastDeadline(void *Deadline, void *) {
    return Clock::now() >= *static_cast<Clock::time_point *>(Deadline);
  }

  static bool run(std::string_view Ptx,
                  const std::vector<const char *> &Pointers,
                  Clock::time_point *Deadline, std::vector<char> &Cubin,
                  std::string &Log) {
    nvPTXCompilerHandle Handle = nullptr;
    nvPTXCompileResult R = nvPTXCompilerCreate(&Handle, Ptx.size(), Ptx.data());
    if (R != NVPTXCOMPILE_SUCCESS) {
      Log = "nvPTXCompiler: cannot create a compiler (error " +
            std::to_string(R) + ")";
      return false;
    }
    if (Deadline)
      nvPTXCompilerSetFlowCallback(Handle, pastDeadline, Deadline);
    R = nvPTXCompilerCompile(Handle, static_cast<int>(Pointers.size()),
                             Pointers.data());
    bool Ok = R == NVPTXCOMPILE_SUCCESS;
    if (Ok) {
      size_t Size = 0;
      Ok = nvPTXCompilerGetCompiledProgramSize(Handle, &Size) ==
           NVPTXCOMPILE_SUCCESS;
      if (Ok) {
        Cubin.resize(Size);
        Ok = nvPTXCompilerGetCompiledProgram(Handle, Cubin.data()) ==
             NVPTXCOMPILE_SUCCESS;
      }
    }
    Log = detail::readCompilerLog(
        Handle, Ok, NVPTXCOMPILE_SUCCESS, nvPTXCompilerGetInfoLogSize,
        nvPTXCompilerGetErrorLogSize, nvPTXCompilerGetInfoLog,
        nvPTXCompilerGetErrorLog);
    if (!Ok && Log.empty())
      Log =
          "nvPTXCompiler: compilation failed (error " + std::to_string(R) + ")";
    if (!Ok)
      Cubin.clear();
    nvPTXCompilerDestroy(&Handle);
    return Ok;
  }

public:
  std::string version() const override {
    unsigned Major = 0, Minor = 0;
    if (nvPTXCompilerGetVersion(&Major, &Minor) != NVPTXCOMPILE_SUCCESS)
      return "nvPTXCompiler unknown";
    return "nvPTXCompiler " + std::to_string(Major) + "." +
           std::to_string(Minor);
  }

private:
  // Indexed by isDebugPtx: debug PTX takes the debug flag instead of -O.
  std::vector<std::string> OptionStrings[2];
  std::vector<const char *> OptionPointers[2];
};

} // namespace

detail::BackendOrError
detail::createNvPtxCompilerBackend(const CubinOptions &Options) {
  return std::unique_ptr<CubinBackend>(
      std::make_unique<NvPtxCompilerBackend>(Options));
}
