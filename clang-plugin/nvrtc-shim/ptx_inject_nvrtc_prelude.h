/* Included by ptxinject-rewrite --nvrtc after Clang's CUDA wrapper and before
 * the source: from here on the source sees the world NVRTC gives it.
 *  - None of the C library's macros, which the wrapper needed but NVRTC
 *    does not define.
 *  - NVRTC's predefined macros: __CUDACC_RTC__ and the compiler version; not
 *    the host compiler's (__clang__, __GNUC__), so headers such as CCCL take
 *    their NVRTC paths, as they do under NVRTC.
 *  - What NVRTC declares without a header: std::move, std::forward,
 *    std::initializer_list and the assert macro.
 *  - -default-device: every function without an execution space is a device
 *    function. Clang's force_cuda_host_device pragma makes such functions
 *    __host__ __device__; on the device side, the only side read here, they
 *    are typed and called as device functions (see docs/frontend.md). */
#ifndef PTX_INJECT_NVRTC_PRELUDE_H
#define PTX_INJECT_NVRTC_PRELUDE_H
#include <ptx_inject_nvrtc_std.h>
#include <ptx_inject_nvrtc_libc_macros.h>

#define __CUDACC_RTC__ 1
#define __CUDACC_VER_MAJOR__ (CUDA_VERSION / 1000)
#define __CUDACC_VER_MINOR__ (CUDA_VERSION % 1000 / 10)
#define __CUDACC_VER_BUILD__ 0
#undef __clang__
#undef __clang_major__
#undef __clang_minor__
#undef __clang_patchlevel__
#undef __GNUC__
#undef __GNUC_MINOR__
#undef __GNUC_PATCHLEVEL__
#undef __GNUG__
/* NVRTC offers no pack indexing (T...[I]); Clang 19 offers it as an
 * extension in every dialect. CCCL keeps Clang before 20 off it, but cannot
 * tell Clang apart once __clang__ is gone, and Clang 19 reads the types it
 * makes back from a PCH as dependent (cuda::std::tuple_element_t, and every
 * CuTe get<> on top of it, lose their type). */
#undef __cpp_pack_indexing

#undef assert
#define assert(e)                                                              \
  ((e) ? (void)0                                                               \
       : __assertfail(#e, __FILE__, __LINE__, __func__, sizeof(char)))

#if defined(__PTX_INJECT_NVRTC_DEFAULT_DEVICE__)
#pragma clang force_cuda_host_device begin
#endif
#endif
