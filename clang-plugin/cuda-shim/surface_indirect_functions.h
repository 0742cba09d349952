// Intentionally empty: the rewriter pre-includes surface_indirect_functions.h
// after Clang 19's CUDA wrapper, as nvcc's cuda_runtime.h includes it
// (surf2Dwrite and its kin); this folder comes after the toolkit's headers
// (-idirafter), so it stands in only for a toolkit that lacks the header.
