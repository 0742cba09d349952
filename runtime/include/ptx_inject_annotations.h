/*===- ptx_inject_annotations.h - CUDA-side PTX_INJECT annotations -------===*
 *
 * PTX_INJECT("name", PTX_IN(x), PTX_MOD(y), PTX_OUT(z)) marks an inject site.
 * Operand forms: PTX_IN(expr), PTX_IN(TYPE, expr), PTX_IN(TYPE, label, expr)
 * (same for PTX_MOD and PTX_OUT). Types come from the AST; a written TYPE is
 * checked against it.
 *
 * The Clang front end (ptxinject-rewrite, or clang -fplugin=PtxInjectPlugin.so)
 * turns every site into tagged inline asm. It defines __PTX_INJECT_ANALYSIS__
 * (rewriter) or __PTX_INJECT_PLUGIN__ (plugin); then a site expands to one call
 *of the marker below, so Sema types every operand, per template instantiation.
 *
 * Without the front end, a site whose operands all carry a type token
 * expands to the same asm through plain macros (ptx_inject_typed_sites.h);
 * a site with an untyped operand is a compile error that says how to run the
 * front end: a site must never silently compile to nothing.
 *
 *===----------------------------------------------------------------------===*/
#ifndef PTX_INJECT_ANNOTATIONS_H
#define PTX_INJECT_ANNOTATIONS_H

/* Picks an operand form by argument count, in one macro layer. */
#define __PTX_INJECT_PICK(_1, _2, _3, NAME, ...) NAME

/* The host pass of a site (PTX is no host assembly): an out operand gets a
 * value, the one thing a host compiler accepts as set (taking its address
 * satisfies nvcc's front end, not GCC's -Wuninitialized). Host passes only:
 * NVRTC refuses a function without an execution space. */
#if defined(__cplusplus) && !defined(__CUDA_ARCH__)
#if defined(__CUDACC__) /* kernels are compiled for the host too */
#define __PTX_INJECT_HOST_PASS __host__ __device__
#else
#define __PTX_INJECT_HOST_PASS
#endif
template <class T>
__PTX_INJECT_HOST_PASS inline void __ptx_inject_host_out(T &v) {
  v = T();
}
template <class T>
__PTX_INJECT_HOST_PASS inline void __ptx_inject_host_out(volatile T &v) {
  (void)&v;
}
#undef __PTX_INJECT_HOST_PASS
#endif

/* PTX_TYPE_INFO_NAME PTX_TYPES_DESC(register type, mov postfix, constraint,
 * bind kind ID | U16 | U32) declares the type token NAME in the source, as
 * the reference system does; the front end reads these definitions too. */
#define PTX_TYPES_DESC(reg_type, mov_postfix, constraint, bind_kind)           \
  reg_type, mov_postfix, constraint, bind_kind

/* The reference system's Philox RNG sites: PTX_PHILOX(state) stands for the
 * six words of a curandStatePhilox4_32_10_t, each typed PHILOX (a u32
 * register) and labelled as the reference labels them. The stub reads the
 * key and the counter and advances the counter's low word, so ctr.x is a
 * mod and the other words are ins. Declared as a source declares its own
 * types, so every route (typed macros, rewriter, plugin) reads it alike, and
 * outside PTX_INJECT_NO_DEFAULT_TYPES, as in the reference. */
#define PTX_TYPE_INFO_PHILOX PTX_TYPES_DESC(u32, u32, r, ID)
#define PTX_PHILOX(state)                                                      \
  PTX_IN(PHILOX, philox_key_x, (state).key.x),                                 \
      PTX_IN(PHILOX, philox_key_y, (state).key.y),                             \
      PTX_MOD(PHILOX, philox_ctr_x, (state).ctr.x),                            \
      PTX_IN(PHILOX, philox_ctr_y, (state).ctr.y),                             \
      PTX_IN(PHILOX, philox_ctr_z, (state).ctr.z),                             \
      PTX_IN(PHILOX, philox_ctr_w, (state).ctr.w)

/* Used by rewritten sources (ptxinject-rewrite output), where the sites are
 * already asm. __PTX_INJECT_DEVICE_ONLY kept a site of a __host__ __device__
 * function out of the host compilation (still read, in sources rewritten
 * before __PTX_INJECT_HOST_DEVICE). __ptx_inject_is picks the asm of a
 * template site per instantiation: is<decltype((e)), float>::value. */
#if defined(__CUDA_ARCH__)
#define __PTX_INJECT_DEVICE_ONLY(...) __VA_ARGS__
#else
#define __PTX_INJECT_DEVICE_ONLY(...)                                          \
  do {                                                                         \
  } while (0)
#endif
/* What rewritten sites use: __PTX_INJECT_HOST_DEVICE(uses, asm) is the asm
 * on the device; on the host, uses, the operands touched as the macro form's
 * host site touches them (an in evaluated, a mod address-taken, an out
 * value-initialized by __ptx_inject_host_out), so that neither the CUDA
 * front end nor the host compiler sees one unused or used unset. */
#if defined(__CUDA_ARCH__)
#define __PTX_INJECT_HOST_DEVICE(uses, ...) __VA_ARGS__
#else
#define __PTX_INJECT_HOST_DEVICE(uses, ...) (void)uses
#endif
template <class T> struct __ptx_inject_bare {
  typedef T type;
};
template <class T> struct __ptx_inject_bare<T &> : __ptx_inject_bare<T> {};
template <class T> struct __ptx_inject_bare<T &&> : __ptx_inject_bare<T> {};
template <class T> struct __ptx_inject_bare<const T> : __ptx_inject_bare<T> {};
template <class T>
struct __ptx_inject_bare<volatile T> : __ptx_inject_bare<T> {};
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

/* An operand is two arguments of the site call. The first is one string:
 * its kind ('i', 'm' or 'o'), its written type (empty when left out), a \1,
 * and its label. The second is its value. A mod or out value is the address
 * &(expr): the site writes it, so the variable counts as set, and an rvalue is
 * rejected on the spot. An in value is ((void)(expr), 0): evaluated (so
 * lambdas capture it) but never copied, so rvalues and class types such as
 * __half2 pass. Neither form calls anything and every argument is cheap to
 * check, which keeps Sema's work per operand small. The form is chosen by
 * argument count in one macro layer. */
#define PTX_IN(...)                                                            \
  __PTX_INJECT_PICK(__VA_ARGS__, __PTX_INJECT_IN3, __PTX_INJECT_IN2,           \
                    __PTX_INJECT_IN1, )(#__VA_ARGS__, __VA_ARGS__)
#define PTX_MOD(...)                                                           \
  __PTX_INJECT_PICK(__VA_ARGS__, __PTX_INJECT_MOD3, __PTX_INJECT_MOD2,         \
                    __PTX_INJECT_MOD1, )(#__VA_ARGS__, __VA_ARGS__)
#define PTX_OUT(...)                                                           \
  __PTX_INJECT_PICK(__VA_ARGS__, __PTX_INJECT_OUT3, __PTX_INJECT_OUT2,         \
                    __PTX_INJECT_OUT1, )(#__VA_ARGS__, __VA_ARGS__)
/* The first argument, spelled, is the operand as written in PTX_IN(...),
 * before its macros are expanded: the label of an untyped operand, which
 * users read in their source (PTX_MOD(s[i * ROWS]) is labelled s[i*ROWS],
 * not s[i*16]). A typed (type, expr) operand keeps the expanded #expr, the
 * label the header's typed macros give the same site without a front end. */
#define __PTX_INJECT_IN1(spelled, expr) "i\1" spelled, ((void)(expr), 0)
#define __PTX_INJECT_IN2(spelled, type, expr)                                  \
  "i" #type "\1" #expr, ((void)(expr), 0)
#define __PTX_INJECT_IN3(spelled, type, label, expr)                           \
  "i" #type "\1" #label, ((void)(expr), 0)
#define __PTX_INJECT_MOD1(spelled, expr) "m\1" spelled, &(expr)
#define __PTX_INJECT_MOD2(spelled, type, expr) "m" #type "\1" #expr, &(expr)
#define __PTX_INJECT_MOD3(spelled, type, label, expr)                          \
  "m" #type "\1" #label, &(expr)
#define __PTX_INJECT_OUT1(spelled, expr) "o\1" spelled, &(expr)
#define __PTX_INJECT_OUT2(spelled, type, expr) "o" #type "\1" #expr, &(expr)
#define __PTX_INJECT_OUT3(spelled, type, label, expr)                          \
  "o" #type "\1" #label, &(expr)

/* One C-variadic marker per site: Sema checks the site call itself without
 * deducing or resolving anything, which keeps the per-site cost of the front
 * end low. The front end reads the operand expressions as written,
 * under the argument promotions of the call. */
#if defined(__CUDA_ARCH__) && defined(__PTX_INJECT_PLUGIN__)
/* Device side under the plugin: every site call must be replaced by asm
 * before code generation; one that survives is a clean error. */
__device__ __attribute__((error("PTX_INJECT site was not expanded by the PTX "
                                "Inject plugin"))) void
__ptx_inject_site(const char *name, ...);
#else
/* Host side, or analysis by the rewriter: an inline no-op, so __host__
 * __device__ functions compile and analysis never needs a definition. */
__host__ __device__ inline void __ptx_inject_site(const char *, ...) {}
#endif

/* Object-like, so the operands are expanded once, while the call is read,
 * instead of first as a macro argument and again when rescanned. */
#define PTX_INJECT __ptx_inject_site

#else /* no front end: typed sites only */

#include "ptx_inject_typed_sites.h"
/* Object-like, so a site costs no macro layer of its own: the site macro's
 * first step (picking by operand count) splits the expanded operands again,
 * which is what lets one user macro stand for several operands. */
#if defined(__CUDA_ARCH__)
#define PTX_INJECT __PTX_INJECT_TYPED_SITE
#else
/* The host pass of a CUDA compile: PTX is no host assembly, but the
 * operands are touched, so the host compiler sees them used and set. */
#define PTX_INJECT __PTX_INJECT_HOST_SITE
#endif

#endif

/* PTX_INJECT_TOK(name, ...) is PTX_INJECT("name", ...): the reference
 * system's spelling of a site named by an identifier (macro-expanded first,
 * as there), in every mode above. */
#define __PTX_INJECT_TOK_STR_I(site_tok) #site_tok
#define __PTX_INJECT_TOK_STR(site_tok) __PTX_INJECT_TOK_STR_I(site_tok)
#define PTX_INJECT_TOK(site_tok, ...)                                          \
  PTX_INJECT(__PTX_INJECT_TOK_STR(site_tok), __VA_ARGS__)

#endif /* PTX_INJECT_ANNOTATIONS_H */
