// The macros NVRTC defines from its own options, checked by the
// preprocessor: NVRTC builds this program with the options a RUN line
// gives, and so must the nvrtc mode of the rewriter. EXPECT_* say what the
// options should give; the defaults are NVRTC's without them. The file
// names PTX_INJECT so that the rewriter parses it: a file no site reaches is
// copied without a parse (SiteFreeSource.h).
#ifndef EXPECT_FTZ
#define EXPECT_FTZ 0
#endif
#ifndef EXPECT_PREC_DIV
#define EXPECT_PREC_DIV 1
#endif
#ifndef EXPECT_PREC_SQRT
#define EXPECT_PREC_SQRT 1
#endif
#ifndef EXPECT_FAST_MATH
#define EXPECT_FAST_MATH 0
#endif

#if __CUDA_FTZ != EXPECT_FTZ
#error "-ftz (or --use_fast_math) sets __CUDA_FTZ"
#endif
#if __CUDA_PREC_DIV != EXPECT_PREC_DIV
#error "-prec-div (or --use_fast_math) sets __CUDA_PREC_DIV"
#endif
#if __CUDA_PREC_SQRT != EXPECT_PREC_SQRT
#error "-prec-sqrt (or --use_fast_math) sets __CUDA_PREC_SQRT"
#endif
#if __USE_FAST_MATH__ != EXPECT_FAST_MATH
#error "--use_fast_math sets __USE_FAST_MATH__, 0 without it"
#endif
#if defined(__CUDACC_RDC__) != defined(EXPECT_RDC)
#error "-rdc=true and -dc define __CUDACC_RDC__"
#endif
#if defined(__CUDACC_EWP__) != defined(EXPECT_EWP)
#error "-ewp defines __CUDACC_EWP__"
#endif
#if defined(__CUDACC_DEBUG__) != defined(EXPECT_DEBUG)
#error "-G defines __CUDACC_DEBUG__"
#endif
#if defined(__CUDACC_RTC_INT128__) != defined(EXPECT_INT128)
#error "--device-int128 defines __CUDACC_RTC_INT128__"
#endif
#if defined(__CUDACC_RTC_MINIMAL__) != defined(EXPECT_MINIMAL)
#error "--minimal defines __CUDACC_RTC_MINIMAL__"
#endif
#ifdef __SIZEOF_INT128__
#error "NVRTC does not define __SIZEOF_INT128__, even with --device-int128"
#endif
#if !defined(__NV_BUILTIN_MOVE_FORWARD) || !defined(__NV_BUILTIN_INITIALIZER_LIST)
#error "NVRTC declares std::move, std::forward and std::initializer_list"
#endif

__global__ void options(int *out) { out[0] = __CUDA_FTZ; }
