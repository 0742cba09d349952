//===- CudaToolkit.h - Where the CUDA toolkit is ----------------*- C++ -*-===//
//
// One search for the CUDA installation, shared by the front end (Clang's
// --cuda-path) and by ptxinject (nvcc, ptxas), so both tools agree on which
// toolkit they use and honour the same variables in the same order.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_TOOLKIT_CUDATOOLKIT_H
#define PTXINJECT_TOOLKIT_CUDATOOLKIT_H

#include <string>

namespace ptxinject::toolkit {

/// The CUDA toolkit root: the first of $CUDA_HOME, $CUDA_PATH, the CUDA 13
/// wheels beside a Python package (pythonSitePackages()/nvidia/cu13, when it
/// has bin/), the toolkit holding the nvcc found on PATH (symbolic links
/// resolved), and /usr/local/cuda that has include/cuda.h. Empty when none
/// has.
std::string findCudaToolkit();

/// The folder above the one holding the shared object this code is in:
/// site-packages when it is the ptxinject Python package's extension
/// (site-packages/ptxinject/_core.so), where pip puts the nvidia-* wheels.
std::string pythonSitePackages();

} // namespace ptxinject::toolkit

#endif
