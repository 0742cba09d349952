// Intentionally empty: Clang 19's CUDA wrapper includes
// texture_indirect_functions.h, which a CUDA toolkit may not ship (CUDA 13
// dropped texture_fetch_functions.h). The tools put this folder after the
// toolkit's headers (-idirafter), so it stands in only for a header the toolkit
// in use lacks.
