//===- NvJitLinkBackend.cpp - PTX to cubin through nvJitLink --------------===//
//
// nvJitLink ships with the CUDA toolkit as a shared library and needs no
// driver or GPU. Each compile uses its own handle, so calls from many threads
// run in parallel.
//
//===----------------------------------------------------------------------===//
#include "Backends.h"

#include <nvJitLink.h>

using namespace ptxinject;

namespace {

class NvJitLinkBackend final : public CubinBackend {
public:
  explicit NvJitLinkBackend(const CubinOptions &Options)
      : CubinBackend(Options) {
    for (bool Debug : {false, true}) {
      std::vector<std::string> &Strings = OptionStrings[Debug];
      Strings = detail::commonCompilerOptions(Options, true, Debug, "-g");
      if (Options.Verbose)
        Strings.push_back("-verbose");
    }
  }

  CubinBackendKind kind() const override { return CubinBackendKind::NvJitLink; }

protected:
  CompileStatus compileWithin(std::string_view Ptx, std::vector<char> &Cubin,
                              std::string &Log,
                              double TimeoutSeconds) const override {
    Cubin.clear();
    Log.clear();
    const std::vector<std::string> &Strings = OptionStrings[isDebugPtx(Ptx)];
    if (TimeoutSeconds <= 0)
      return link(Ptx, Strings, Options.Arch, Cubin, Log)
                 ? CompileStatus::Ok
                 : CompileStatus::Failed;
    // The link may outlive this call: it gets its own copies.
    return detail::compileWithDeadline(
        "nvJitLink", TimeoutSeconds,
        [Text = std::string(Ptx), Strings,
         Arch = Options.Arch](std::vector<char> &C, std::string &L,
                              std::chrono::steady_clock::time_point) {
          return link(Text, Strings, Arch, C, L);
        },
        Cubin, Log);
  }

private:
  static bool link(std::string_view Ptx,
                   const std::vector<std::string> &Strings,
                   const std::string &Arch, std::vector<char> &Cubin,
                   std::string &Log) {
    std::vector<const char *> Pointers;
    for (const std::string &S : Strings)
      Pointers.push_back(S.c_str());
    nvJitLinkHandle Handle = nullptr;
    nvJitLinkResult R =
        nvJitLinkCreate(&Handle, static_cast<uint32_t>(Pointers.size()),
                        const_cast<const char **>(Pointers.data()));
    if (R != NVJITLINK_SUCCESS) {
      Log = "nvJitLink: cannot create a link (error " + std::to_string(R) +
            "); check the architecture '" + Arch + "'";
      return false;
    }
    R = nvJitLinkAddData(Handle, NVJITLINK_INPUT_PTX, Ptx.data(), Ptx.size(),
                         "variant.ptx");
    if (R == NVJITLINK_SUCCESS)
      R = nvJitLinkComplete(Handle);
    bool Ok = R == NVJITLINK_SUCCESS;
    if (Ok) {
      size_t Size = 0;
      Ok = nvJitLinkGetLinkedCubinSize(Handle, &Size) == NVJITLINK_SUCCESS;
      if (Ok) {
        Cubin.resize(Size);
        Ok = nvJitLinkGetLinkedCubin(Handle, Cubin.data()) == NVJITLINK_SUCCESS;
      }
    }
    Log = detail::readCompilerLog(
        Handle, Ok, NVJITLINK_SUCCESS, nvJitLinkGetInfoLogSize,
        nvJitLinkGetErrorLogSize, nvJitLinkGetInfoLog, nvJitLinkGetErrorLog);
    if (!Ok && Log.empty())
      Log = "nvJitLink: compilation failed (error " + std::to_string(R) + ")";
    if (!Ok)
      Cubin.clear();
    nvJitLinkDestroy(&Handle);
    return Ok;
  }

public:
  std::string version() const override {
    unsigned Major = 0, Minor = 0;
    if (nvJitLinkVersion(&Major, &Minor) != NVJITLINK_SUCCESS)
      return "nvJitLink unknown";
    return "nvJitLink " + std::to_string(Major) + "." + std::to_string(Minor);
  }

private:
  // Indexed by isDebugPtx: debug PTX takes the debug flag instead of -O.
  std::vector<std::string> OptionStrings[2];
};

} // namespace

detail::BackendOrError
detail::createNvJitLinkBackend(const CubinOptions &Options) {
  return std::unique_ptr<CubinBackend>(
      std::make_unique<NvJitLinkBackend>(Options));
}
