//===- CudaToolkit.h - Where the CUDA toolkit is ----------------*- C++ -*-===//
//
// One search for the CUDA installation, shared by the front end (Clang's
// --cuda-path) and by ptxinject (nvcc, ptxas), so both tools agree on which
// toolkit they use and honour the same variables in the same order.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_TOOLKIT_CUDATOOLKIT_H
#define PTXINJECT_TOOLKIT_CUDATOOLKIT_H

#include <optional>
#include <string>

namespace ptxinject::toolkit {

/// The CUDA toolkit root: the first of $CUDA_HOME, $CUDA_PATH, the CUDA 13
/// wheels beside a Python package (pythonSitePackages()/nvidia/cu13, when it
/// has bin/), the toolkit holding the nvcc found on PATH (symbolic links
/// resolved), and /usr/local/cuda that has include/cuda.h. Empty when none
/// has.
std::string findCudaToolkit();

/// A toolkit's release, as nvcc reports it in __CUDACC_VER_MAJOR__,
/// __CUDACC_VER_MINOR__ and __CUDACC_VER_BUILD__ (13.0.88).
struct CudaVersion {
  unsigned Major = 0;
  unsigned Minor = 0;
  unsigned Build = 0;
};

/// The release of the toolkit at Root: major and minor from
/// Root/include/cuda.h's CUDA_VERSION (13000 is 13.0); the build from nvcc's
/// version in Root/version.json ("cuda_nvcc"), else from the name of the
/// nvidia_cuda_nvcc wheel's dist-info folder (in Root/dist-info, or in the
/// site-packages above a wheel toolkit, Root/../..), else from the release
/// Root/bin/nvcc prints for --version, read from the binary (once per
/// toolkit and process), when its major and minor agree; 0 when none says.
/// Empty when cuda.h gives no version.
std::optional<CudaVersion> cudaToolkitVersion(const std::string &Root);

/// The folder above the one holding the shared object this code is in:
/// site-packages when it is the ptxinject Python package's extension
/// (site-packages/ptxinject/_core.so), where pip puts the nvidia-* wheels.
std::string pythonSitePackages();

} // namespace ptxinject::toolkit

#endif
