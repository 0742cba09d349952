// Intentionally empty: Clang 19's CUDA wrapper includes curand_mtgp32_kernel.h
// (to neutralise its redeclarations of blockDim and threadIdx), and cuRAND's
// headers are not part of every CUDA: CUDA 13's pip wheels
// (nvidia-cuda-runtime, nvidia-cuda-nvcc) leave them to nvidia-curand. The
// tools put this folder after the toolkit's headers (-idirafter), so it stands
// in only for a toolkit without cuRAND.
