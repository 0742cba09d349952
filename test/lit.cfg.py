# lit configuration for the golden cases (source, PTX, stubs, end to end).
import glob
import os
import shutil

import lit.formats

config.name = "PtxInject"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".ptx", ".test", ".c", ".stack", ".ast"]
# stand_in_driver: the C source of pytest's stand-in CUDA driver, not a test.
config.excludes = ["Inputs", "unit", "stand_in_driver", "CMakeLists.txt", "lit.cfg.py",
                   "README.md"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.project_binary_dir, "test")

src = config.project_source_dir
include_dir = os.path.join(src, "runtime", "include")
shim_dir = os.path.join(src, "clang-plugin", "cuda-shim")
cuda_root = os.path.dirname(os.path.dirname(config.nvcc)) if config.nvcc else "/usr/local/cuda"

config.environment["PATH"] = os.pathsep.join(
    [config.tools_dir, config.filecheck_dir, config.environment.get("PATH", "")])
for var in ("HOME", "TMPDIR", "CUDA_HOME", "CUDA_PATH", "LD_LIBRARY_PATH"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# ptxinject-rewrite caches precompiled CUDA headers: keep the tests' cache in
# the build tree, away from the user's.
config.environment["XDG_CACHE_HOME"] = os.path.join(config.test_exec_root, "cache")
# `ptxinject variants` caches compiled programs there too (docs/variants.md).
# Tests pass --no-cache or --cache %t/...; one that forgets must not see the
# last run's programs, so every run starts without that folder.
shutil.rmtree(os.path.join(config.test_exec_root, "cache", "ptxinject", "variants"),
              ignore_errors=True)


def tool(name):
    return os.path.join(config.tools_dir, name)


subs = config.substitutions
subs.append(("%ptxinject-rewrite", tool("ptxinject-rewrite")))
subs.append(("%ptxinject", tool("ptxinject")))
subs.append(("%plugin", os.path.join(config.library_dir, "PtxInjectPlugin.so")))
subs.append(("%include", include_dir))
subs.append(("%shim", shim_dir))
subs.append(("%data", os.path.join(src, "data")))
subs.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
subs.append(("%python", config.python))
# The build tree, for the case that installs it and builds a project against it.
subs.append(("%project-build", config.project_binary_dir))
# Blanks C/C++ comments (not string literals), so a rewritten file's copy of the
# test's own CHECK lines can never satisfy FileCheck.
subs.append(("%strip-comments",
             "%s %s" % (config.python, os.path.join(src, "utils", "lit", "strip_comments.py"))))
# Names each test that FileChecks a rewrite of its own source (%s) without
# %strip-comments (rewrite/self-check.test runs it over the whole suite).
subs.append(("%check-self-filecheck", "%s %s" % (
    config.python, os.path.join(src, "utils", "lit", "check_self_filecheck.py"))))
subs.append(("%check-format", "%s %s" % (
    config.python, os.path.join(src, "utils", "check-format"))))
subs.append(("%nvcc-ptx", "%s -ptx -arch=sm_80 -I%s" % (config.nvcc, include_dir)))
subs.append(("%ptxas", "%s -arch=sm_80" % config.ptxas))
# The toolkit's bin/ folder, for commands run as a user types them (ptxas).
subs.append(("%cuda-bin", os.path.dirname(config.ptxas or "/usr/local/cuda/bin/ptxas")))
# NVRTC through a small ctypes driver: SOURCE -o OUT.ptx, compute_80, with
# ptx_inject.h and CUDA's own headers (cuda_fp16.h...) on the include path.
nvrtc_lib = os.path.join(cuda_root, "lib64", "libnvrtc.so")
subs.append(("%nvrtc-ptx", "%s %s --lib %s -I %s -I %s" % (
    config.python, os.path.join(src, "utils", "lit", "nvrtc_compile.py"),
    nvrtc_lib, include_dir, os.path.join(cuda_root, "include"))))
# The same driver with no options of its own: the nvrtc tests give NVRTC
# exactly the options they give ptxinject-rewrite --nvrtc.
subs.append(("%nvrtc-driver", "%s %s --lib %s" % (
    config.python, os.path.join(src, "utils", "lit", "nvrtc_compile.py"), nvrtc_lib)))
# Compiles a C99 host program against the runtime C API; link with
# %runtime-libs after the sources (static libraries, C++ runtime).
_sanitize = " -fsanitize=address,undefined" if config.sanitize else ""
# C programs are built by the project's own C compiler: a sanitized build's
# runtime must match the libraries' (clang's UBSan is not gcc's).
_cc = getattr(config, "c_compiler", "") or "cc"
# clang's C driver links only the C sanitizer runtimes; our libraries are C++
# (UBSan's vptr checks live in its C++ runtime).
if config.sanitize and "clang" in os.path.basename(_cc):
    _sanitize += " -fsanitize-link-c++-runtime"
subs.append(("%cc-runtime", _cc + " -std=c99 -Wall -pedantic -I%s%s" % (include_dir, _sanitize)))
def _library(name):
    """lib<name>.so when the build made shared libraries, else lib<name>.a."""
    shared = os.path.join(config.library_dir, "lib%s.so" % name)
    return shared if os.path.exists(shared) else os.path.join(config.library_dir, "lib%s.a" % name)


subs.append(("%runtime-libs", "%s %s -Wl,-rpath,%s -lstdc++ -lpthread -lm%s" % (
    _library("ptxinject_runtime"), _library("ptxinject_core"), config.library_dir, _sanitize)))
# Stack PTX / AST PTX: C99 programs against lib/include and the generated
# default headers (link with %runtime-libs), and the header generator.
subs.append(("%cc-stack", _cc + " -std=c99 -Wall -Wextra -pedantic -I%s -I%s%s" % (
    os.path.join(src, "lib", "include"),
    os.path.join(config.project_binary_dir, "generated", "include"), _sanitize)))
subs.append(("%gen-stack-header", "%s %s" % (
    config.python, os.path.join(src, "utils", "gen_stack_ptx_header.py"))))
subs.append(("%clang-cuda",
             "%s -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 --cuda-path=%s "
             "-idirafter %s -Wno-unknown-cuda-version -I%s"
             % (config.clang, cuda_root, shim_dir, include_dir)))
# The host pass of the same CUDA compile (a host+device build needs both).
subs.append(("%clang-host-cuda",
             "%s -x cuda --cuda-host-only --cuda-gpu-arch=sm_80 --cuda-path=%s "
             "-idirafter %s -Wno-unknown-cuda-version -I%s"
             % (config.clang, cuda_root, shim_dir, include_dir)))
# Plain clang, after the two above (a substitution is a prefix match).
subs.append(("%clang", config.clang))

# CUDA toolkits assembled from pip wheels (utils/install-cuda-wheels, run by
# utils/install-deps): substitution %cuda-VERSION (the folder, for CUDA_HOME)
# and feature `cuda-VERSION` when present. 13.5 is the newest 13.x on PyPI.
for _version in ("12.9", "13.5"):
    _wheels_toolkit = os.path.join(src, "build", "deps", "cuda-" + _version)
    subs.append(("%cuda-" + _version, _wheels_toolkit))
    if os.path.exists(os.path.join(_wheels_toolkit, ".complete")):
        config.available_features.add("cuda-" + _version)

# CuTe/CUTLASS headers (utils/install-cute); feature `cute` when present.
cute_include = getattr(config, "cute_include", "")
subs.append(("%cute-include", cute_include or "/nonexistent-cute-include"))
# CUDA's include folder: Clang needs its cccl/ subfolder named (nvcc adds it).
subs.append(("%cuda-include", os.path.join(cuda_root, "include")))
if cute_include and os.path.exists(os.path.join(cute_include, "cute", "tensor.hpp")):
    config.available_features.add("cute")

for program in ("cmake", "pkg-config"):
    if shutil.which(program):
        config.available_features.add(program)
if config.nvcc and os.path.exists(config.nvcc):
    config.available_features.add("nvcc")
if config.ptxas and os.path.exists(config.ptxas):
    config.available_features.add("ptxas")
if os.path.exists(nvrtc_lib):
    config.available_features.add("nvrtc")
if config.clang and os.path.exists(config.clang):
    config.available_features.add("clang")
if config.enable_clang and os.path.exists(tool("ptxinject-rewrite")):
    config.available_features.add("rewriter")
if config.enable_clang and os.path.exists(os.path.join(config.library_dir, "PtxInjectPlugin.so")):
    config.available_features.add("plugin")
if config.enable_cuda:
    config.available_features.add("cuda-backends")
# The nvPTXCompiler back end is built only with its static library
# (utils/install-nvptxcompiler).
if glob.glob(os.path.join(config.library_dir, "libptxinject_nvptxcompiler.*")):
    config.available_features.add("nvptxcompiler")
if config.sanitize:
    config.available_features.add("asan")
# The benchmarks (utils/bench): `benchmarks` when their programs are built
# (PTXINJECT_BUILD_BENCHMARKS); `long-benchmarks` with lit --param
# long-benchmarks=1 for the scripts whose smallest run takes minutes.
subs.append(("%bench", os.path.join(src, "utils", "bench")))
if getattr(config, "build_benchmarks", False):
    config.available_features.add("benchmarks")
if lit_config.params.get("long-benchmarks"):
    config.available_features.add("long-benchmarks")
# util-linux `script` gives a command a terminal (progress displays).
if shutil.which("script"):
    config.available_features.add("script")
if shutil.which("git"):
    config.available_features.add("git")
if shutil.which("clang-format-19"):
    config.available_features.add("clang-format")
# utils/check-format's ruff: utils/install-deps puts it in build/deps/tools.
if os.access(os.path.join(src, "build", "deps", "tools", "bin", "ruff"), os.X_OK) or \
        shutil.which("ruff"):
    config.available_features.add("ruff")
