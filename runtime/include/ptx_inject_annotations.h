/*===- ptx_inject_annotations.h - CUDA-side PTX_INJECT annotations -------===*
 *
 * PTX_INJECT("name", PTX_IN(x), PTX_MOD(y), PTX_OUT(z)) marks an inject site.
 * Operand forms: PTX_IN(expr), PTX_IN(TYPE, expr), PTX_IN(TYPE, label, expr)
 * (same for PTX_MOD and PTX_OUT). Types come from the AST; a written TYPE is
 * checked against it.
 *
 * The Clang front end (ptxinject-rewrite, or clang -fplugin=PtxInjectPlugin.so)
 * turns every site into tagged inline asm. It defines __PTX_INJECT_ANALYSIS__
 * (rewriter) or __PTX_INJECT_PLUGIN__ (plugin); then a site expands to calls of
 * the marker templates below, so Sema types every operand, per template
 * instantiation. Without the front end a site is a compile error that says
 * how to run it: a site must never silently compile to nothing.
 *
 *===----------------------------------------------------------------------===*/
#ifndef PTX_INJECT_ANNOTATIONS_H
#define PTX_INJECT_ANNOTATIONS_H

/* Operand macros: choose the form by argument count. */
#define __PTX_INJECT_PICK(_1, _2, _3, NAME, ...) NAME
#define __PTX_INJECT_OPERAND1(kind, expr) kind("", #expr, (expr))
#define __PTX_INJECT_OPERAND2(kind, type, expr) kind(#type, #expr, (expr))
#define __PTX_INJECT_OPERAND3(kind, type, label, expr) kind(#type, #label, (expr))
#define __PTX_INJECT_OPERAND(kind, ...)                                        \
  __PTX_INJECT_PICK(__VA_ARGS__, __PTX_INJECT_OPERAND3, __PTX_INJECT_OPERAND2, \
                    __PTX_INJECT_OPERAND1, )(kind, __VA_ARGS__)

/* Used by rewritten sources (ptxinject-rewrite output), where the sites are
 * already asm. __PTX_INJECT_DEVICE_ONLY keeps a site of a __host__ __device__
 * function out of the host compilation. __ptx_inject_is picks the asm of a
 * template site per instantiation: is<decltype((e)), float>::value. */
#if defined(__CUDA_ARCH__)
#define __PTX_INJECT_DEVICE_ONLY(...) __VA_ARGS__
#else
#define __PTX_INJECT_DEVICE_ONLY(...) do { } while (0)
#endif
template <class T> struct __ptx_inject_bare { typedef T type; };
template <class T> struct __ptx_inject_bare<T &> : __ptx_inject_bare<T> {};
template <class T> struct __ptx_inject_bare<T &&> : __ptx_inject_bare<T> {};
template <class T> struct __ptx_inject_bare<const T> : __ptx_inject_bare<T> {};
template <class T> struct __ptx_inject_bare<volatile T> : __ptx_inject_bare<T> {};
template <class T>
struct __ptx_inject_bare<const volatile T> : __ptx_inject_bare<T> {};
template <class A, class B> struct __ptx_inject_same {
  static constexpr bool value = false;
};
template <class A> struct __ptx_inject_same<A, A> {
  static constexpr bool value = true;
};
template <class E, class T>
struct __ptx_inject_is
    : __ptx_inject_same<typename __ptx_inject_bare<E>::type, T> {};

#if defined(__PTX_INJECT_ANALYSIS__) || defined(__PTX_INJECT_PLUGIN__)

struct __ptx_inject_operand_t {};

#if defined(__CUDA_ARCH__) && defined(__PTX_INJECT_PLUGIN__)
/* Device side under the plugin: every marker call must be replaced by asm
 * before code generation; one that survives is a clean error. */
#define __PTX_INJECT_MARKER                                                    \
  __device__ __attribute__((error("PTX_INJECT site was not expanded by the "   \
                                  "PTX Inject plugin")))
#define __PTX_INJECT_MARKER_BODY ;
#else
/* Host side, or analysis by the rewriter: inline no-ops, so __host__
 * __device__ functions compile and analysis never needs a definition. */
#define __PTX_INJECT_MARKER __host__ __device__ inline
#define __PTX_INJECT_MARKER_BODY { return __ptx_inject_operand_t(); }
#endif

template <class T>
__PTX_INJECT_MARKER __ptx_inject_operand_t
__ptx_inject_in(const char *type, const char *label, T &&value)
    __PTX_INJECT_MARKER_BODY
template <class T>
__PTX_INJECT_MARKER __ptx_inject_operand_t
__ptx_inject_mod(const char *type, const char *label, T &&value)
    __PTX_INJECT_MARKER_BODY
template <class T>
__PTX_INJECT_MARKER __ptx_inject_operand_t
__ptx_inject_out(const char *type, const char *label, T &&value)
    __PTX_INJECT_MARKER_BODY

#if defined(__CUDA_ARCH__) && defined(__PTX_INJECT_PLUGIN__)
template <class... Operands>
__device__ __attribute__((error("PTX_INJECT site was not expanded by the PTX "
                                "Inject plugin"))) void
__ptx_inject_site(const char *name, Operands...);
#else
template <class... Operands>
__host__ __device__ inline void __ptx_inject_site(const char *, Operands...) {}
#endif

#define PTX_IN(...) __PTX_INJECT_OPERAND(__ptx_inject_in, __VA_ARGS__)
#define PTX_MOD(...) __PTX_INJECT_OPERAND(__ptx_inject_mod, __VA_ARGS__)
#define PTX_OUT(...) __PTX_INJECT_OPERAND(__ptx_inject_out, __VA_ARGS__)
#define PTX_INJECT(name, ...) __ptx_inject_site(name, __VA_ARGS__)

#else /* no front end */

#define PTX_IN(...) 0
#define PTX_MOD(...) 0
#define PTX_OUT(...) 0
#define PTX_INJECT(...)                                                        \
  static_assert(sizeof(#__VA_ARGS__) == 0,                                     \
                "PTX_INJECT needs the PTX Inject front end: run "              \
                "'ptxinject-rewrite FILE.cu -o OUT.cu' and compile OUT.cu, or " \
                "compile with 'clang++ -fplugin=PtxInjectPlugin.so'")

#endif

#endif /* PTX_INJECT_ANNOTATIONS_H */
