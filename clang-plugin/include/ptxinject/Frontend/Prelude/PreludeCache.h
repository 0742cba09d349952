//===- PreludeCache.h - The precompiled CUDA prelude cache ---- -*- C++ -*-===//
//
// Most of the time of one analysis is Clang parsing headers: CUDA's own (the
// __clang_cuda_runtime_wrapper.h the driver includes first) and the input's
// include block (see IncludeBlock.h), the same work for every kernel of a
// project compiled with the same flags. This cache keeps that prelude as a
// precompiled header, keyed by the Clang version, every compiler flag, and
// the include block's text and folder, and checks every header it was built
// from before reusing it. The bodies of site-free functions of the headers
// are not parsed (see SiteFreeBodies.h).
//
// Cache layout in the cache folder: `prelude-<key>.stamp` (text: the name of
// the current PCH and its size, time in nanoseconds, device and inode, then
// those of every file it was built from, and every path the build looked up
// and did not find, see LookupRecorder.h),
// `prelude-<key>-<files hash>.pch`, and `blocks/<text hash>.h`, the include
// blocks the PCHs were built from. Files are written to temporaries and
// renamed, PCH first, so processes racing on one key only ever read a
// complete stamp that names a complete PCH.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_PRELUDECACHE_H
#define PTXINJECT_FRONTEND_PRELUDECACHE_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class CompilerInvocation;
class PCHContainerOperations;
class Sema;
} // namespace clang

namespace ptxinject {
namespace frontend {

struct IncludeBlock;

/// $XDG_CACHE_HOME/ptxinject, else $HOME/.cache/ptxinject; empty when
/// neither variable is set.
std::string defaultPreludeCacheDir();

enum class PreludeStatus {
  NotApplicable, ///< the invocation does not start with the CUDA wrapper
  Reused,        ///< a cached PCH matched; the invocation now uses it
  Built,         ///< a PCH was built and cached; the invocation now uses it
  Unavailable    ///< no PCH could be built or stored; invocation unchanged
};

struct PreludeResult {
  PreludeStatus Status = PreludeStatus::NotApplicable;
  std::string PchPath;   ///< the PCH in use (Reused, Built)
  std::string StampPath; ///< the stamp that vouches for it (Reused, Built)
  std::string Reason;    ///< why not (Unavailable)
  /// Bytes at the start of the input the PCH holds (its include block): the
  /// preprocessor must skip them (Preprocessor::setSkipMainFilePreamble).
  unsigned SkipBytes = 0;
  bool SkipEndsAtStartOfLine = true;
  /// The header the include block was precompiled from (its directives,
  /// without comments); empty without a block. An offset in it is the
  /// input's at fileOffsetOfBlockText(BlockDirectiveStarts, offset).
  std::string BlockHeader;
  std::vector<std::pair<unsigned, unsigned>> BlockDirectiveStarts;
  /// Built: CPU seconds Clang took to parse the headers and to write the
  /// PCH (what a first run costs more than a reuse, besides the kernel).
  double ParseSeconds = 0, WriteSeconds = 0;
};

/// What the cache did, in one line for --pch-cache-verbose and the nvrtc
/// mode's notes: "CUDA headers and include block: reused PATH", "CUDA
/// headers: parsed (REASON)", ...
std::string describePrelude(const PreludeResult &R);

/// If Invocation's first forced include is Clang's CUDA runtime wrapper,
/// replaces that include with a PCH of it from CacheDir, building and caching
/// the PCH when it is missing or any file it was built from has changed. On
/// any failure the invocation is left as it was, so the caller parses the
/// headers itself. Function bodies in the prelude are skipped unless their
/// header spells PTX_INJECT (Clang keeps those it needs: constexpr functions
/// and deduced return types), so the PCH holds declarations only. A block
/// whose headers hold sites is not precompiled (a PCH's sites are never
/// walked); CUDA's headers alone are then used. With Block (the input's include
/// block), the PCH holds the block too and the result says how many bytes to
/// skip; when the block does not precompile, CUDA's headers alone are used
/// (SkipBytes 0).
PreludeResult
usePrecompiledPrelude(clang::CompilerInvocation &Invocation,
                      llvm::StringRef CacheDir,
                      std::shared_ptr<clang::PCHContainerOperations> PCHOps,
                      const IncludeBlock *Block = nullptr);

/// The bytes the precompiled headers of one cache folder may take:
/// $PTXINJECT_PCH_CACHE_MAX_SIZE (ptxinject/support/ByteSize.h: "2G",
/// "500M"), else DefaultPreludeCacheMaxBytes, also when the variable holds
/// no size (Problem, when given, then says why).
constexpr std::uint64_t DefaultPreludeCacheMaxBytes = 4ull << 30;
std::uint64_t preludeCacheMaxBytes(std::string *Problem = nullptr);

/// Removes the least recently used PCHs of Dir, with the stamps that name
/// them, until the rest take at most MaxBytes; Keep (a PCH just built or
/// reused) always stays. A PCH was last used when its stamp was last written
/// or reused (usePrecompiledPrelude touches the stamp); a PCH no stamp names
/// is a leftover, aged by its own time. Every flag set and include block
/// has a PCH of tens of MB, so one pass over a project of many files fills
/// a folder that kept a fixed number of PCHs with the last few only.
void prunePreludeCache(llvm::StringRef Dir, std::uint64_t MaxBytes,
                       llvm::StringRef Keep = "");

/// At the end of a CUDA translation unit Clang loads every declaration of a
/// PCH that may carry deferred device diagnostics, which is most of the
/// prelude and a third of an empty file's time. The prelude's function
/// bodies were skipped, so there is nothing to report there: this stops
/// Sema from asking its PCH for them. Call once the PCH is attached to S
/// (e.g. at the first top-level declaration); a no-op without a PCH.
void skipPreludeDeferredDiagnostics(clang::Sema &S);

} // namespace frontend
} // namespace ptxinject

#endif
