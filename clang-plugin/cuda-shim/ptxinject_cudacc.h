// nvcc defines __CUDACC__ as 1; Clang 19's CUDA wrapper ends by defining it
// empty, which makes `#if __CUDACC__` an error ("expected value in
// expression"). The rewriter pre-includes this after the wrapper.
#undef __CUDACC__
#define __CUDACC__ 1
