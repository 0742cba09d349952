/* Included by ptxinject-rewrite --nvrtc after Clang's CUDA wrapper and before
 * the source: from here on the source sees the world NVRTC gives it.
 *  - None of the C library's macros, which the wrapper needed but NVRTC
 *    does not define.
 *  - NVRTC's predefined macros: __CUDACC_RTC__ and the compiler version; not
 *    the host compiler's (__clang__, __GNUC__), so headers such as CCCL take
 *    their NVRTC paths, as they do under NVRTC.
 *  - What NVRTC declares without a header: std::move, std::forward,
 *    std::initializer_list, the assert macro and the surface functions.
 *  - -default-device: every function without an execution space is a device
 *    function. Clang's force_cuda_host_device pragma makes such functions
 *    __host__ __device__; on the device side, the only side read here, they
 *    are typed and called as device functions (see docs/frontend.md). */
#ifndef PTX_INJECT_NVRTC_PRELUDE_H
#define PTX_INJECT_NVRTC_PRELUDE_H
#include <ptx_inject_nvrtc_libc_macros.h>
#include <ptx_inject_nvrtc_std.h>

#define __CUDACC_RTC__ 1
#define __CUDACC_VER_MAJOR__ (CUDA_VERSION / 1000)
#define __CUDACC_VER_MINOR__ (CUDA_VERSION % 1000 / 10)
#define __CUDACC_VER_BUILD__ 0
/* NVRTC never defines __SIZEOF_INT128__, --device-int128 or not: CCCL then
 * offers __int128 only under __CUDACC_RTC_INT128__, as it does there. */
#undef __SIZEOF_INT128__
/* --minimal: after Clang's wrapper, which needs what it leaves out. */
#ifdef __PTX_INJECT_NVRTC_MINIMAL__
#define __CUDACC_RTC_MINIMAL__ 1
#endif
/* One architecture per program; CUB's host dispatch reads the list. */
#define __CUDA_ARCH_LIST__ __CUDA_ARCH__
#undef __clang__
#undef __clang_major__
#undef __clang_minor__
#undef __clang_patchlevel__
#undef __GNUC__
#undef __GNUC_MINOR__
#undef __GNUC_PATCHLEVEL__
#undef __GNUG__
/* NVRTC's feature-test macros, not Clang's: Clang 19 offers newer features
 * as extensions in older dialects, and a header that tests for one takes a
 * path NVRTC never takes. The case that made this list: NVRTC offers no
 * pack indexing (T...[I]); CCCL keeps Clang before 20 off it, but cannot
 * tell Clang apart once __clang__ is gone, and Clang 19 reads the types it
 * makes back from a PCH as dependent (cuda::std::tuple_element_t, and every
 * CuTe get<> on top of it, lose their type). Values from NVRTC 13.0 at
 * -std=c++11, 14, 17 and 20; test/nvrtc/feature-macros.test compares them
 * with the NVRTC at hand. Where Clang's value is the lower one (class-type
 * non-type template arguments, deduction guides for aggregates in C++20),
 * Clang's stays: it cannot offer what it does not have. */
#undef __cpp_pack_indexing
#undef __cpp_constexpr_in_decltype
#undef __cpp_deleted_function
#undef __cpp_digit_separators
#undef __cpp_impl_coroutine
#undef __cpp_named_character_escapes
#undef __cpp_placeholder_variables
#undef __cpp_static_call_operator
#undef __cpp_template_auto
#if __cplusplus < 201402L
#undef __cpp_template_template_args
#endif
#if __cplusplus < 202002L
#undef __cpp_impl_destroying_delete
#endif
#ifdef __cpp_structured_bindings
#undef __cpp_structured_bindings
#define __cpp_structured_bindings 201606L
#endif
#ifdef __cpp_char8_t
#undef __cpp_char8_t
#define __cpp_char8_t 201811L
#endif
#ifdef __cpp_consteval
#undef __cpp_consteval
#define __cpp_consteval 201811L
#endif

#undef assert
#define assert(e)                                                              \
  ((e) ? (void)0 : __assertfail(#e, __FILE__, __LINE__, __func__, sizeof(char)))

/* NVRTC declares the surface functions (surf2Dwrite...) without a header;
 * Clang's CUDA wrapper includes the texture ones only. */
#if __has_include(<surface_indirect_functions.h>)
#include <surface_indirect_functions.h>
#endif

#if defined(__PTX_INJECT_NVRTC_DEFAULT_DEVICE__)
#pragma clang force_cuda_host_device begin
#endif
#endif
