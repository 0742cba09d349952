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

namespace ptxinject {

/// The CUDA toolkit root: the first of $CUDA_HOME, $CUDA_PATH, the toolkit
/// holding the nvcc found on PATH (symbolic links resolved), and
/// /usr/local/cuda that has include/cuda.h. Empty when none has.
std::string findCudaToolkit();

} // namespace ptxinject

#endif
