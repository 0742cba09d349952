// What nvcc accepts in device code and Clang makes an error by default, in
// the function that holds a site: the rewrite goes through, silently where
// nvcc is silent and with Clang's warning where nvcc warns (#2361, #1308,
// #708; -Wliteral-suffix of its host preprocessor), and nvcc compiles the
// output. Each case is the smallest kernel that shows it (HeCBench's
// ntt-cuda has the first: `register` under -std=c++17).
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.register.cu -- -std=c++17 -DREGISTER 2>&1 | FileCheck %s --check-prefix=SILENT --allow-empty
// RUN: %ptxinject-rewrite %s -o %t.register20.cu -- -std=c++20 -DREGISTER 2>&1 | FileCheck %s --check-prefix=SILENT --allow-empty
// RUN: %ptxinject-rewrite %s -o %t.constexpr.cu -- -std=c++17 -DCONSTEXPR 2>&1 | FileCheck %s --check-prefix=SILENT --allow-empty
// RUN: %ptxinject-rewrite %s -o %t.enum.cu -- -std=c++17 -DENUM 2>&1 | FileCheck %s --check-prefix=SILENT --allow-empty
// RUN: %ptxinject-rewrite %s -o %t.narrowing.cu -- -std=c++17 -DNARROWING 2>&1 | FileCheck %s --check-prefix=NARROWING
// RUN: %ptxinject-rewrite %s -o %t.temporary.cu -- -std=c++17 -DTEMPORARY 2>&1 | FileCheck %s --check-prefix=TEMPORARY
// RUN: %ptxinject-rewrite %s -o %t.bool.cu -- -std=c++17 -DINCREMENT_BOOL 2>&1 | FileCheck %s --check-prefix=BOOL
// RUN: %ptxinject-rewrite %s -o %t.suffix.cu -- -std=c++17 -DLITERAL_SUFFIX 2>&1 | FileCheck %s --check-prefix=SUFFIX
// RUN: %ptxinject-rewrite %s -o %t.templatekw.cu -- -std=c++17 -DTEMPLATE_KW 2>&1 | FileCheck %s --check-prefix=TEMPLATEKW
// RUN: %strip-comments %t.register.cu | FileCheck %s
// RUN: %strip-comments %t.narrowing.cu | FileCheck %s
// RUN: %strip-comments %t.suffix.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc-ptx -std=c++17 -DREGISTER %t.register.cu -o %t.register.ptx %}
// RUN: %if nvcc %{ %nvcc-ptx -std=c++17 -DCONSTEXPR %t.constexpr.cu -o %t.constexpr.ptx %}
// RUN: %if nvcc %{ %nvcc-ptx -std=c++17 -DENUM %t.enum.cu -o %t.enum.ptx %}
// RUN: %if nvcc %{ %nvcc-ptx -std=c++17 -DNARROWING %t.narrowing.cu -o %t.narrowing.ptx %}
// RUN: %if nvcc %{ %nvcc-ptx -std=c++17 -DTEMPORARY %t.temporary.cu -o %t.temporary.ptx %}
// RUN: %if nvcc %{ %nvcc-ptx -std=c++17 -DINCREMENT_BOOL %t.bool.cu -o %t.bool.ptx %}
// RUN: %if nvcc %{ %nvcc-ptx -std=c++17 -DLITERAL_SUFFIX %t.suffix.cu -o %t.suffix.ptx %}
// RUN: %if nvcc %{ %nvcc-ptx -std=c++17 -DTEMPLATE_KW %t.templatekw.cu -o %t.templatekw.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.register.ptx | FileCheck %s --check-prefix=TABLE %}
#include <ptx_inject.h>

#ifdef CONSTEXPR
__device__ int scale;
// Never a constant expression: nvcc takes it as a plain function.
__device__ constexpr int scaled(int a) { return a * scale; }
#endif
#ifdef ENUM
enum Bits { Low = 0, High = 1 };
#endif
#ifdef TEMPORARY
struct Box { float v; };
__device__ Box boxed(float v) { return Box{v}; }
#endif
#ifdef LITERAL_SUFFIX
#define SUFFIX "f"
#endif
#ifdef TEMPLATE_KW
struct Getter {
  template <int N> __device__ static int get() { return N; }
};
// nvcc checks no template it does not instantiate.
template <class T> __device__ int never(int *p) { return T::template get; }
#endif

__global__ void kernel(float *out, int *n) {
#ifdef REGISTER
  register float y = out[0];
#elif defined(CONSTEXPR)
  float y = out[0] + scaled(n[0]);
#elif defined(ENUM)
  constexpr Bits b = static_cast<Bits>(4);
  float y = out[0] + b;
#elif defined(NARROWING)
  int v[1] = {out[0]};
  float y = v[0];
#elif defined(TEMPORARY)
  const Box *b = &boxed(out[0]);
  float y = b->v;
#elif defined(INCREMENT_BOOL)
  bool seen = n[0];
  seen++;
  float y = seen;
#elif defined(LITERAL_SUFFIX)
  const char *s = "%"SUFFIX;
  float y = out[0] + s[1];
#else
  float y = out[0];
#endif
  PTX_INJECT("step", PTX_MOD(y));
  out[0] = y;
}

// SILENT-NOT: {{error|warning}}
// NARROWING-NOT: error
// NARROWING: nvcc-leniencies.cu:[[#@LINE-21]]:15: warning: type 'float' cannot be narrowed to 'int' in initializer list [-Wc++11-narrowing]
// NARROWING-NOT: error
// TEMPORARY-NOT: error
// TEMPORARY: warning: taking the address of a temporary object of type 'Box' [-Waddress-of-temporary]
// TEMPORARY-NOT: error
// BOOL-NOT: error
// BOOL: warning: ISO C++17 does not allow incrementing expression of type bool [-Wincrement-bool]
// BOOL-NOT: error
// SUFFIX-NOT: error
// SUFFIX: warning: invalid suffix on literal; C++11 requires a space between literal and identifier [-Wreserved-user-defined-literal]
// SUFFIX-NOT: error
// TEMPLATEKW-NOT: error
// TEMPLATEKW: warning: a template argument list is expected after a name prefixed by the template keyword [-Wmissing-template-arg-list-after-template-kw]
// TEMPLATEKW-NOT: error
// CHECK-LABEL: __global__ void kernel(float *out, int *n) {
// CHECK: asm volatile({{.*}}PTX_INJECT_START step{{.*}} : "+f"(y));
// TABLE: inject step: 1 site
