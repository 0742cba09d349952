//===- NvJitLinkBackend.cpp - PTX to cubin through nvJitLink --------------===//
//
// nvJitLink ships with the CUDA toolkit (and as a pip wheel) as a shared
// library and needs no driver or GPU. It is loaded when a back end is made
// (NvJitLinkLibrary.h). Each compile uses its own handle, so calls from many
// threads run in parallel.
//
//===----------------------------------------------------------------------===//
#include "Backends.h"
#include "NvJitLinkLibrary.h"

using namespace ptxinject;
using namespace ptxinject::backends;
using detail::NvJitLinkLibrary;

namespace {

class NvJitLinkBackend final : public CubinBackend {
public:
  NvJitLinkBackend(const CubinOptions &Options, const NvJitLinkLibrary &Api)
      : CubinBackend(Options), Api(Api) {
    for (bool Debug : {false, true})
      OptionStrings[Debug] = detail::checkedCompilerArguments(
          CubinBackendKind::NvJitLink, Options, Debug);
  }

  CubinBackendKind kind() const override { return CubinBackendKind::NvJitLink; }

protected:
  CompileStatus compileWithin(std::string_view Ptx, std::vector<char> &Cubin,
                              std::string &Log,
                              double TimeoutSeconds) const override {
    Cubin.clear();
    Log.clear();
    const std::vector<std::string> &Strings = OptionStrings[isDebugPtx(Ptx)];
    const std::shared_ptr<const std::vector<char>> &Object = Options.LinkObject;
    if (TimeoutSeconds <= 0)
      return link(Api, Object.get(), Ptx, Strings, Options.Arch, Cubin, Log)
                 ? CompileStatus::Ok
                 : CompileStatus::Failed;
    // The link may outlive this call: it gets its own copies.
    return detail::compileWithDeadline(
        "nvJitLink", TimeoutSeconds,
        // The library stays loaded for the life of the process.
        [&Api = Api, Object, Text = std::string(Ptx), Strings,
         Arch = Options.Arch](std::vector<char> &C, std::string &L,
                              std::chrono::steady_clock::time_point) {
          return link(Api, Object.get(), Text, Strings, Arch, C, L);
        },
        Cubin, Log);
  }

private:
  // Object: relocatable code linked in before the PTX (LinkObject).
  static bool link(const NvJitLinkLibrary &Api, const std::vector<char> *Object,
                   std::string_view Ptx,
                   const std::vector<std::string> &Strings,
                   const std::string &Arch, std::vector<char> &Cubin,
                   std::string &Log) {
    std::vector<const char *> Pointers;
    for (const std::string &S : Strings)
      Pointers.push_back(S.c_str());
    NvJitLinkLibrary::Handle Handle = nullptr;
    int R = Api.Create(&Handle, static_cast<uint32_t>(Pointers.size()),
                       Pointers.data());
    if (R != NvJitLinkLibrary::Success) {
      Log = "nvJitLink: cannot create a link (error " + std::to_string(R) +
            "); check the architecture '" + Arch + "'";
      return false;
    }
    if (Object)
      R = Api.AddData(Handle, NvJitLinkLibrary::InputCubin, Object->data(),
                      Object->size(), "kernel.o");
    if (R == NvJitLinkLibrary::Success)
      R = Api.AddData(Handle, NvJitLinkLibrary::InputPtx, Ptx.data(),
                      Ptx.size(), "variant.ptx");
    if (R == NvJitLinkLibrary::Success)
      R = Api.Complete(Handle);
    bool Ok = R == NvJitLinkLibrary::Success;
    if (Ok) {
      size_t Size = 0;
      Ok = Api.GetLinkedCubinSize(Handle, &Size) == NvJitLinkLibrary::Success;
      if (Ok) {
        Cubin.resize(Size);
        Ok = Api.GetLinkedCubin(Handle, Cubin.data()) ==
             NvJitLinkLibrary::Success;
      }
    }
    Log = detail::readCompilerLog(Handle, Ok, NvJitLinkLibrary::Success,
                                  Api.GetInfoLogSize, Api.GetErrorLogSize,
                                  Api.GetInfoLog, Api.GetErrorLog);
    if (!Ok && Log.empty())
      Log = "nvJitLink: compilation failed (error " + std::to_string(R) + ")";
    if (!Ok)
      Cubin.clear();
    Api.Destroy(&Handle);
    return Ok;
  }

public:
  std::string version() const override {
    // Where it was loaded from too: two toolkits of one version number
    // (a wheel and a system install) are two compilers to the cache.
    return "nvJitLink " + std::to_string(Api.Major) + "." +
           std::to_string(Api.Minor) + " (" + Api.Path + ")";
  }

private:
  // Indexed by isDebugPtx: debug PTX takes the debug flag instead of -O.
  std::vector<std::string> OptionStrings[2];
  const NvJitLinkLibrary &Api;
};

} // namespace

detail::BackendOrError
detail::createNvJitLinkBackend(const CubinOptions &Options) {
  std::string WhyNot;
  const NvJitLinkLibrary *Api = nvJitLinkLibrary(WhyNot);
  if (!Api)
    return Error::make(ErrorCode::FileError, WhyNot);
  return std::unique_ptr<CubinBackend>(
      std::make_unique<NvJitLinkBackend>(Options, *Api));
}
