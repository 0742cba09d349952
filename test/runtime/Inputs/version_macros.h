/* The reference header's version macros, as code written for it tests them:
 * defined on the host (C99) and on the device (nvcc, NVRTC) alike. */
#include <ptx_inject.h>
#if !defined(PTX_INJECT_VERSION) || PTX_INJECT_VERSION != 10000
#error "PTX_INJECT_VERSION is not the reference's 1.0.0"
#endif
#if PTX_INJECT_VERSION_MAJOR != 1 || PTX_INJECT_VERSION_MINOR != 0 || \
    PTX_INJECT_VERSION_PATCH != 0
#error "PTX_INJECT_VERSION_MAJOR/MINOR/PATCH"
#endif
static const char version_string[] = PTX_INJECT_VERSION_STRING;
