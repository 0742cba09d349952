//===- CubinBackend.h - PTX to cubin compilers ------------------*- C++ -*-===//
//
// A CubinBackend turns one PTX module into an ELF cubin for one GPU
// architecture: in process through nvJitLink or nvPTXCompiler, or through the
// ptxas command line. Backends are stateless after creation, so one backend
// object serves many threads at once.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_CUBINBACKEND_H
#define PTXINJECT_CUBINBACKEND_H

#include "ptxinject/support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ptxinject::backends {

enum class CubinBackendKind { NvJitLink, NvPtxCompiler, Ptxas };

/// Options shared by every backend.
struct CubinOptions {
  /// Target architecture, as ptxas spells it ("sm_80", "sm_90a", ...).
  std::string Arch = "sm_80";
  /// ptxas optimization level, 0 to 3. Debug PTX (isDebugPtx: nvcc -G) is
  /// assembled as device-debug code without it, as plain ptxas does.
  int OptLevel = 3;
  /// Ask the compiler for its resource report (registers, spills) in the log.
  bool Verbose = false;
  /// Upper bound on registers per thread; 0 leaves it to the compiler.
  int MaxRegisters = 0;
  /// ptxas fast-compile level (-Ofc): "0", "min", "mid" or "max"; empty
  /// leaves the compiler's default (0). AssemblerOptions.h spells it for
  /// each back end.
  std::string FastCompile;
  /// Line-number information in the cubin (-lineinfo).
  bool LineInfo = false;
  /// Further assembler options as ptxas spells them ("-warn-spills",
  /// "--allow-expensive-optimizations=true"); nvJitLink gets each as
  /// -Xptxas=OPT. A back end that refuses one is not created.
  std::vector<std::string> AssemblerFlags;
  /// ptxas executable for the Ptxas backend; empty takes the CUDA toolkit's
  /// (findCudaToolkit: $CUDA_HOME, $CUDA_PATH, nvcc on PATH,
  /// /usr/local/cuda), then PATH's.
  std::string PtxasPath;
  /// Folder for the Ptxas backend's temporary files; empty uses $TMPDIR or
  /// /tmp.
  std::string TempDir;
  /// Bound on a ptxas process's address space (RLIMIT_AS, set as it
  /// starts); 0: none. A compile over it fails. The library back ends run
  /// in the caller's process, whose own limits hold for them.
  std::uint64_t MemoryLimitBytes = 0;
  /// Relocatable code (ptxas -c, nvPTXCompiler --compile-only) instead of a
  /// cubin that loads alone: the kernel object of --link-stubs. nvJitLink
  /// makes none.
  bool Relocatable = false;
  /// Relocatable code (an ELF of a Relocatable compile) that the nvJitLink
  /// back end links into every compile, the PTX given being compiled as
  /// relocatable code too: --link-stubs' kernel object, its sites calling
  /// the functions the PTX defines (LinkedStubs.h). Null: none.
  std::shared_ptr<const std::vector<char>> LinkObject;
};

/// How a compile ended. OutOfMemory: a compiler process bounded by
/// CubinOptions::MemoryLimitBytes died of it.
enum class CompileStatus { Ok, Failed, TimedOut, OutOfMemory };

/// One kernel's resources as the compiler reported them in a verbose log.
struct KernelResources {
  std::string Function;
  int Registers = -1;
  int SpillStoreBytes = 0;
  int SpillLoadBytes = 0;
  int StackFrameBytes = 0;
};

class CubinBackend {
public:
  virtual ~CubinBackend();

  virtual CubinBackendKind kind() const = 0;

  /// Compiles \p Ptx into \p Cubin (an ELF image). \p Log receives the
  /// compiler's messages: the error log on failure, the info log on success
  /// (filled when CubinOptions::Verbose is set). Both outputs are cleared
  /// first and keep their capacity, so a loop reusing them does not allocate
  /// on our side. On failure or timeout the reason is in \p Log.
  /// Safe to call from many threads at once.
  ///
  /// \p TimeoutSeconds bounds the compile (0: no limit). Past it ptxas is
  /// killed and nvPTXCompiler cancelled (its flow callback); nvJitLink,
  /// which cannot be stopped, is abandoned: it runs on to its end on its
  /// own thread, its result dropped, and the call returns at once. Either
  /// way the result is TimedOut.
  ///
  /// PTX of a newer ISA than the compiler reads gets, after the compiler's
  /// message, what would read it: the CUDA major version that makes that
  /// ISA and where this back end's compiler comes from.
  CompileStatus compile(std::string_view Ptx, std::vector<char> &Cubin,
                        std::string &Log, double TimeoutSeconds = 0) const;

  const CubinOptions &options() const { return Options; }

  /// The compiler's version as the back end knows it ("nvPTXCompiler
  /// 13.0", the last line of `ptxas --version`). The variant cache keys on
  /// it, so a new toolkit never reuses a cubin of an old one. Thread-safe.
  virtual std::string version() const;

protected:
  explicit CubinBackend(CubinOptions Options) : Options(std::move(Options)) {}
  virtual CompileStatus compileWithin(std::string_view Ptx,
                                      std::vector<char> &Cubin,
                                      std::string &Log,
                                      double TimeoutSeconds) const = 0;
  CubinOptions Options;
};

/// Library compiles that compile() abandoned at their deadline and that still
/// run on their threads. A program that exits while one runs should flush its
/// output and leave with std::_Exit: the library's static destructors would
/// otherwise run under the compile, which may crash the exit and lose output.
unsigned backgroundCompiles();

/// Creates a backend of \p Kind, or says why it cannot (for instance a
/// backend that this build does not include).
Expected<std::unique_ptr<CubinBackend>>
createCubinBackend(CubinBackendKind Kind, const CubinOptions &Options);

/// Whether this build includes \p Kind (Ptxas is always built; it still needs
/// a ptxas executable at run time).
bool isCubinBackendBuilt(CubinBackendKind Kind);

/// A CUDA release, {13, 0} for CUDA 13.0; Major 0 when unknown. From says
/// where it was read ("the driver", "the toolkit /usr/local/cuda", ...).
struct CudaRelease {
  int Major = 0, Minor = 0;
  std::string From;
  std::string str() const; ///< "13.0", or "unknown"
};

/// The CUDA release that will run the cubins: the driver's
/// (cuDriverGetVersion, libcuda.so.1) when one loads, else the toolkit's
/// (findCudaToolkit's include/cuda.h: $CUDA_HOME, the nvidia-* wheels, ...),
/// else the nvJitLink library's. A cubin made by a compiler of a newer major
/// release does not load under an older driver (CUDA 13's need a driver of
/// 580 or newer).
CudaRelease cubinRunRelease();

/// The CUDA release in a back end's version text ("nvPTXCompiler 13.0",
/// "... Build cuda_13.5.r13.5/...", "nvJitLink 12.9 (...)").
CudaRelease cudaReleaseOf(std::string_view BackendVersion);

/// The default back end and, when it is newer than what runs the cubins,
/// a sentence saying so (empty otherwise).
struct DefaultCubinBackend {
  CubinBackendKind Kind;
  std::string Note;
};

/// The back end used when the user names none, for \p Ptx (may be empty):
/// the first of nvPTXCompiler (whole-program code), ptxas, then nvJitLink
/// (which compiles PTX as relocatable code and may use more registers;
/// docs/variants.md gives the measurements) that is found here, whose CUDA
/// major release is not newer than cubinRunRelease()'s, and whose compiler
/// reads the PTX's ISA (.version). When none is both, one that reads the
/// PTX, newer or not, with a Note naming the release its cubins need; when
/// none reads it, the first that fits the driver, whose failure names the
/// CUDA release the PTX needs.
DefaultCubinBackend chooseDefaultCubinBackend(std::string_view Ptx,
                                              const CubinOptions &Options = {});

/// chooseDefaultCubinBackend's back end for no PTX in particular.
CubinBackendKind defaultCubinBackend();

/// chooseDefaultCubinBackend's back end for \p Ptx.
CubinBackendKind defaultCubinBackendFor(std::string_view Ptx,
                                        const CubinOptions &Options = {});

/// "nvjitlink", "nvptxcompiler" or "ptxas".
const char *cubinBackendName(CubinBackendKind Kind);

/// Parses a name printed by cubinBackendName; returns false if unknown.
bool parseCubinBackendName(std::string_view Name, CubinBackendKind &Kind);

/// Reads the per-kernel resource lines of a verbose compiler log (the
/// "Function properties for" and "Used N registers" lines ptxas prints).
std::vector<KernelResources> parseKernelResources(std::string_view Log);

/// A failed compile's log with each error that repeats at other PTX lines
/// kept once: ptxas, nvJitLink and nvPTXCompiler report an error once per
/// line it is on, so a bad stub rendered at 512 sites is 512 lines that
/// differ only in "line N". The first keeps its place and says how many
/// more lines have it, and the first few of them; every other line stays.
std::string summarizeCompilerLog(std::string_view Log);

/// Whether \p Ptx is device-debug PTX (nvcc -G): its .target directive
/// carries "debug" (".target sm_80, debug"). Every back end assembles such
/// PTX as debug code, without the optimization level of CubinOptions.
bool isDebugPtx(std::string_view Ptx);

/// Whether \p Image starts with the ELF magic and is a 64-bit object.
bool looksLikeCubin(const std::vector<char> &Image);

} // namespace ptxinject::backends

// The back-end factory keeps its ptxinject:: spelling (docs/runtime.md).
namespace ptxinject {
using backends::CompileStatus;
using backends::createCubinBackend;
using backends::CubinBackend;
using backends::CubinBackendKind;
using backends::cubinBackendName;
using backends::CubinOptions;
using backends::defaultCubinBackend;
using backends::parseCubinBackendName;
} // namespace ptxinject

#endif
