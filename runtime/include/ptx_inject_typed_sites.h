/*===- ptx_inject_typed_sites.h - Typed sites without the front end ------===*
 *
 * PTX_INJECT for sites whose operands all carry a type token, under any C++
 * compiler (nvcc, nvrtc, clang, g++): plain variadic macros that emit the
 * same inline asm as the front end (docs/design.md, "The marker
 * contract"), so the inject tables are equal whichever route built the PTX.
 *
 *   PTX_INJECT("func", PTX_IN(F32, x), PTX_MOD(F32, y), PTX_OUT(F32, z, z));
 *
 * A type token T names PTX_TYPE_INFO_T, a PTX_TYPES_DESC(register type, mov
 * postfix, constraint, bind kind) whose bind kind is ID (bound as is), U16 or
 * U32 (bound through an unsigned view of that size, as __half and __half2
 * are). Users declare their own the same way:
 *
 *   #define PTX_TYPE_INFO_DOG PTX_TYPES_DESC(f32, f32, f, ID)
 *
 * How a site expands, all in the preprocessor, with plain variadic macros
 * (no recursion, no chains of tests): PTX_IN/MOD/OUT are object-like, so an
 * operand becomes two arguments, its kind letter and the operand under a
 * head that names its kind (i, __PTX_INJECT_i(TYPE, label, expr)). A site of
 * up to 4 operands is dispatched on its signature: one step pastes the kind
 * letters of its operands into the name of the permutation macro for that
 * signature (S_imom4), which passes each operand's fields, the type's fields
 * looked up once, in the canonical order (mods, outs, ins) to the body for
 * the sorted signature (B_2_1_1: 2 mods, 1 out, 1 in), which writes every
 * piece of the asm with the register numbers in its strings (the stable
 * register _xK and the asm operand %K are the same K). A wider site is
 * picked by its operand count; three walks keep the mods, the outs and the
 * ins, each step pasting its own prefix onto the operand's head, so that one
 * lookup names the macro for that kind, and the asm is written from per-K
 * tables. A site is one asm statement and holds at most 64 operands (a
 * wider one is one error at the site that says so and what to do). What
 * this costs a compile, against the same sites as plain asm, is measured by
 * utils/bench/typed-macros; the figures are in docs/performance.md.
 *
 * An untyped operand (PTX_IN(x)) has no type for the asm: it fails to compile
 * with a message that says how to run the front end, which infers it.
 *
 * Included by ptx_inject_annotations.h when no front end is running; never
 * include it directly.
 *
 *===----------------------------------------------------------------------===*/
#ifndef PTX_INJECT_TYPED_SITES_H
#define PTX_INJECT_TYPED_SITES_H

/* ---- Built-in type tokens: the front end's table (TypeTable::builtin),
 * written as PTX_TYPES_DESC expands, which saves a macro call per operand. */
#ifndef PTX_INJECT_NO_DEFAULT_TYPES
#define PTX_TYPE_INFO_F32 f32, f32, f, ID
#define PTX_TYPE_INFO_F64 f64, f64, d, ID
#define PTX_TYPE_INFO_S32 s32, s32, r, ID
#define PTX_TYPE_INFO_U32 u32, u32, r, ID
#define PTX_TYPE_INFO_B32 b32, b32, r, ID
#define PTX_TYPE_INFO_S64 s64, s64, l, ID
#define PTX_TYPE_INFO_U64 u64, u64, l, ID
#define PTX_TYPE_INFO_S16 s16, s16, h, ID
#define PTX_TYPE_INFO_U16 u16, u16, h, ID
#define PTX_TYPE_INFO_F16 b16, b16, h, U16
#define PTX_TYPE_INFO_BF16 b16, b16, h, U16
#define PTX_TYPE_INFO_F16X2 b32, b32, r, U32
#define PTX_TYPE_INFO_BF16X2 b32, b32, r, U32
#define PTX_TYPE_INFO_PRED pred, pred, r, PRED
#endif

/* ---- Operands. PTX_IN(TYPE, label, expr) becomes i, __PTX_INJECT_i(TYPE,
 * label, expr): its kind letter, an argument of its own that the site
 * pastes, then the operand under a head that is never defined. Later steps
 * paste their own prefix onto the head (STEP##operand), which names the
 * macro for that kind, one lookup per operand instead of a chain of tests;
 * only a step that needs the fields tells the forms apart, by argument
 * count: (TYPE, label, expr), (TYPE, expr) whose label is the expression's
 * text (W: it must be one word to match the front end's label, which drops
 * spaces; a macro cannot), or an untyped (expr). Object-like, so an operand
 * costs no macro call of its own. */
#define PTX_IN i, __PTX_INJECT_i
#define PTX_MOD m, __PTX_INJECT_m
#define PTX_OUT o, __PTX_INJECT_o

/* ---- The checks, inside the operand's own expression, so that a site is
 * one asm statement (no do-while: a loop around each site costs the
 * compiler about a tenth more). A W operand's expression E becomes
 * (CHECK, E) for an in and *(CHECK, &(E)) for a mod or out (an asm output
 * must be an lvalue that is not a comma expression), where CHECK is
 * sizeof(__ptx_inject_label_check<one word?>), whose static_assert names
 * the site in "detected during instantiation" (a lambda would point at the
 * site itself, but cost the compiler as much as the rest of the site). An
 * untyped operand's value is *(CHECK, (unsigned int *)0) with a lambda
 * whose static_assert always fails, at the site. Neither leaves code. */
#define __PTX_INJECT_WORD_OPEN                                                 \
  (void)sizeof(__ptx_inject_label_check<__ptx_inject_one_word(
#define __PTX_INJECT_WORD_CLOSE )>)
#define __PTX_INJECT_UNTYPED                                                   \
  (void)[] {                                                                   \
    static_assert(sizeof(char) == 0,                                           \
                  "PTX_INJECT needs the PTX Inject front end: run "            \
                  "'ptxinject-rewrite FILE.cu -o OUT.cu' and compile OUT.cu, " \
                  "or compile with 'clang++ -fplugin=PtxInjectPlugin.so' "     \
                  "(without it, write every operand's type: PTX_IN(F32, x))"); \
  }

/* ---- An operand's fields, F##operand: register type, mov postfix,
 * constraint, bind kind (the type's PTX_TYPE_INFO_ fields, looked up once),
 * "TYPE", "label", expr. The form is told by argument count here only. */
#define __PTX_INJECT_F__PTX_INJECT_i(...)                                      \
  __PTX_INJECT_PICK(__VA_ARGS__, __PTX_INJECT_F_N, __PTX_INJECT_F_iW,          \
                    __PTX_INJECT_F_u, )(__VA_ARGS__)
#define __PTX_INJECT_F__PTX_INJECT_m(...)                                      \
  __PTX_INJECT_PICK(__VA_ARGS__, __PTX_INJECT_F_N, __PTX_INJECT_F_oW,          \
                    __PTX_INJECT_F_u, )(__VA_ARGS__)
#define __PTX_INJECT_F__PTX_INJECT_o(...)                                      \
  __PTX_INJECT_PICK(__VA_ARGS__, __PTX_INJECT_F_N, __PTX_INJECT_F_oW,          \
                    __PTX_INJECT_F_u, )(__VA_ARGS__)
#define __PTX_INJECT_F_N(T, l, e) PTX_TYPE_INFO_##T, #T, #l, e
#define __PTX_INJECT_F_iW(T, e)                                                \
  PTX_TYPE_INFO_##T, #T, #e,                                                   \
      (__PTX_INJECT_WORD_OPEN #e __PTX_INJECT_WORD_CLOSE, e)
#define __PTX_INJECT_F_oW(T, e)                                                \
  PTX_TYPE_INFO_##T, #T, #e,                                                   \
      *(__PTX_INJECT_WORD_OPEN #e __PTX_INJECT_WORD_CLOSE, &(e))
#define __PTX_INJECT_F_u(e)                                                    \
  b32, b32, r, ID, "", "", *(__PTX_INJECT_UNTYPED, (unsigned int *)0)
/* Bindings of a short site, by bind kind, written around the expression:
 * VIEW_OUT E for a mod or out, VIEW_IN (E) VIEW_IN_END for an in. */
#define __PTX_INJECT_VIEW_OUT_ID
#define __PTX_INJECT_VIEW_OUT_U16 *(unsigned short *)&
#define __PTX_INJECT_VIEW_OUT_U32 *(unsigned int *)&
#define __PTX_INJECT_VIEW_OUT_PRED __ptx_inject_written_bool
#define __PTX_INJECT_VIEW_IN_ID
#define __PTX_INJECT_VIEW_IN_U16 __ptx_inject_bits<unsigned short>
#define __PTX_INJECT_VIEW_IN_U32 __ptx_inject_bits<unsigned int>
#define __PTX_INJECT_VIEW_IN_PRED
#define __PTX_INJECT_VIEW_IN_END_ID
#define __PTX_INJECT_VIEW_IN_END_U16
#define __PTX_INJECT_VIEW_IN_END_U32
#define __PTX_INJECT_VIEW_IN_END_PRED ? 1u : 0u

/* ---- Canonical order of a wider site: three walks keep the mods, then the
 * outs, then the ins, each as the item (kind, fields...). */
#define __PTX_INJECT_M__PTX_INJECT_m(...)                                      \
  , (m, __PTX_INJECT_F__PTX_INJECT_m(__VA_ARGS__))
#define __PTX_INJECT_M__PTX_INJECT_o(...)
#define __PTX_INJECT_M__PTX_INJECT_i(...)
#define __PTX_INJECT_O__PTX_INJECT_m(...)
#define __PTX_INJECT_O__PTX_INJECT_o(...)                                      \
  , (o, __PTX_INJECT_F__PTX_INJECT_o(__VA_ARGS__))
#define __PTX_INJECT_O__PTX_INJECT_i(...)
#define __PTX_INJECT_I__PTX_INJECT_m(...)
#define __PTX_INJECT_I__PTX_INJECT_o(...)
#define __PTX_INJECT_I__PTX_INJECT_i(...)                                      \
  , (i, __PTX_INJECT_F__PTX_INJECT_i(__VA_ARGS__))

/* ---- The asm's pieces of a wider site. The walks number the sorted items
 * by position (the stable register _xK and the asm operand %K are the same
 * K) and take each
 * piece from a per-K table (__PTX_INJECT_DECL_K, _LOAD_K, _MARK_K, _STORE_K,
 * _OUTPUT_K, _INPUT_K), with K written into its strings. A move or binding
 * then depends on the kind and the bind kind only: */
#define __PTX_INJECT_LOAD_m_ID(mov, setp) mov
#define __PTX_INJECT_LOAD_m_U16(mov, setp) mov
#define __PTX_INJECT_LOAD_m_U32(mov, setp) mov
#define __PTX_INJECT_LOAD_m_PRED(mov, setp) setp
#define __PTX_INJECT_LOAD_i_ID(mov, setp) mov
#define __PTX_INJECT_LOAD_i_U16(mov, setp) mov
#define __PTX_INJECT_LOAD_i_U32(mov, setp) mov
#define __PTX_INJECT_LOAD_i_PRED(mov, setp) setp
#define __PTX_INJECT_LOAD_o_ID(mov, setp)
#define __PTX_INJECT_LOAD_o_U16(mov, setp)
#define __PTX_INJECT_LOAD_o_U32(mov, setp)
#define __PTX_INJECT_LOAD_o_PRED(mov, setp)
#define __PTX_INJECT_STORE_m_ID(mov, selp) mov
#define __PTX_INJECT_STORE_m_U16(mov, selp) mov
#define __PTX_INJECT_STORE_m_U32(mov, selp) mov
#define __PTX_INJECT_STORE_m_PRED(mov, selp) selp
#define __PTX_INJECT_STORE_o_ID(mov, selp) mov
#define __PTX_INJECT_STORE_o_U16(mov, selp) mov
#define __PTX_INJECT_STORE_o_U32(mov, selp) mov
#define __PTX_INJECT_STORE_o_PRED(mov, selp) selp
#define __PTX_INJECT_STORE_i_ID(mov, selp)
#define __PTX_INJECT_STORE_i_U16(mov, selp)
#define __PTX_INJECT_STORE_i_U32(mov, selp)
#define __PTX_INJECT_STORE_i_PRED(mov, selp)

/* Bindings: a mod/out operand is written, so it is an lvalue (viewed
 * through an unsigned type of its size for U16/U32); an in operand may be an
 * rvalue, whose bits are copied out. A bool travels as a 32-bit 0/1 and
 * becomes a predicate inside the asm; writing one back needs the front end.
 * The outputs come first in the sorted order, so every output but number 0
 * follows a comma; each input follows one (the list's first is dropped). */
#define __PTX_INJECT_COMMA_m ,
#define __PTX_INJECT_COMMA_o ,
#define __PTX_INJECT_COMMA_i
#define __PTX_INJECT_OUTPUT_m_ID(c, e) "+" c(e)
#define __PTX_INJECT_OUTPUT_m_U16(c, e) "+" c(*(unsigned short *)&(e))
#define __PTX_INJECT_OUTPUT_m_U32(c, e) "+" c(*(unsigned int *)&(e))
#define __PTX_INJECT_OUTPUT_m_PRED(c, e) "+" c(__ptx_inject_written_bool(e))
#define __PTX_INJECT_OUTPUT_o_ID(c, e) "=" c(e)
#define __PTX_INJECT_OUTPUT_o_U16(c, e) "=" c(*(unsigned short *)&(e))
#define __PTX_INJECT_OUTPUT_o_U32(c, e) "=" c(*(unsigned int *)&(e))
#define __PTX_INJECT_OUTPUT_o_PRED(c, e) "=" c(__ptx_inject_written_bool(e))
#define __PTX_INJECT_OUTPUT_i_ID(c, e)
#define __PTX_INJECT_OUTPUT_i_U16(c, e)
#define __PTX_INJECT_OUTPUT_i_U32(c, e)
#define __PTX_INJECT_OUTPUT_i_PRED(c, e)
#define __PTX_INJECT_INPUT_i_ID(c, e) , c(e)
#define __PTX_INJECT_INPUT_i_U16(c, e) , c(__ptx_inject_bits<unsigned short>(e))
#define __PTX_INJECT_INPUT_i_U32(c, e) , c(__ptx_inject_bits<unsigned int>(e))
#define __PTX_INJECT_INPUT_i_PRED(c, e) , c((e) ? 1u : 0u)
#define __PTX_INJECT_INPUT_m_ID(c, e)
#define __PTX_INJECT_INPUT_m_U16(c, e)
#define __PTX_INJECT_INPUT_m_U32(c, e)
#define __PTX_INJECT_INPUT_m_PRED(c, e)
#define __PTX_INJECT_INPUT_o_ID(c, e)
#define __PTX_INJECT_INPUT_o_U16(c, e)
#define __PTX_INJECT_INPUT_o_U32(c, e)
#define __PTX_INJECT_INPUT_o_PRED(c, e)
/* Drops the leading ~ of a computed list that starts with a comma. */
#define __PTX_INJECT_TAIL(...) __PTX_INJECT_TAIL_I(__VA_ARGS__)
#define __PTX_INJECT_TAIL_I(first, ...) __VA_ARGS__

__host__ __device__ constexpr bool __ptx_inject_one_word(const char *Text) {
  return !*Text ||
         (*Text != ' ' && *Text != '%' && __ptx_inject_one_word(Text + 1));
}
template <bool OneWord> struct __ptx_inject_label_check {
  static_assert(OneWord,
                "PTX_INJECT: this operand's label is its expression, which "
                "must be one word (no spaces or '%'); give it a label: "
                "PTX_IN(TYPE, label, expr)");
};
template <class Bits, class T>
__device__ __forceinline__ Bits __ptx_inject_bits(const T &Value) {
  static_assert(sizeof(T) == sizeof(Bits),
                "PTX_INJECT: the operand's size differs from its type token's "
                "register (a U16 type needs a 2-byte operand, U32 4 bytes)");
  return *(const Bits *)&Value;
}
template <class T>
__device__ unsigned int &__ptx_inject_written_bool(T &Value) {
  static_assert(sizeof(T) == 0,
                "PTX_INJECT: a PRED mod or out operand is written back "
                "through a temporary, which needs the PTX Inject front end: "
                "run 'ptxinject-rewrite FILE.cu -o OUT.cu' and compile OUT.cu, "
                "or compile with 'clang++ -fplugin=PtxInjectPlugin.so'");
  return *(unsigned int *)&Value;
}

/* ---- The site: PTX_INJECT(name, operands...) is TYPED_SITE (tables
 * below). A site of more than 4 operands goes to SITE_N by its count, which
 * passes the operands, sorted, to ASM_N (up to 8 operands) or ASM_WALK;
 * every walk is flat (one line naming every operand), not recursive.
 * ASM_WALK(name, , ~, items...) writes the asm of a wide site through
 * EACHK_N. */
// clang-format off: the asm text, outputs and inputs, each on its own lines
#define __PTX_INJECT_ASM_WALK(name, z, EACHK, ...)                             \
  asm volatile("{\n\t" EACHK(__PTX_INJECT_DECL_, , __VA_ARGS__)               \
                   EACHK(__PTX_INJECT_LOAD_, , __VA_ARGS__)                    \
               "// PTX_INJECT_START " name "\n\t"                              \
                   EACHK(__PTX_INJECT_MARK_, , __VA_ARGS__)                    \
               "// PTX_INJECT_END\n\t"                                         \
                   EACHK(__PTX_INJECT_STORE_, , __VA_ARGS__) "}"               \
               : EACHK(__PTX_INJECT_OUTPUT_, , __VA_ARGS__)                    \
               : __PTX_INJECT_TAIL(~ EACHK(__PTX_INJECT_INPUT_, , __VA_ARGS__)))
// clang-format on

/* ---- The host pass: each operand used (an in), address-taken (a mod) or
 * given a value (an out). */
#define __PTX_INJECT_HOST_SITE(name, ...)                                      \
  do {                                                                         \
    __PTX_INJECT_PICK_EACH(__VA_ARGS__)(__PTX_INJECT_HOST, __VA_ARGS__)        \
  } while (0)
#define __PTX_INJECT_HOST__PTX_INJECT_i(...)                                   \
  __PTX_INJECT_PICK(__VA_ARGS__, __PTX_INJECT_HOST_IN, __PTX_INJECT_HOST_IN2,  \
                    __PTX_INJECT_HOST_U, )(__VA_ARGS__)
#define __PTX_INJECT_HOST__PTX_INJECT_m(...)                                   \
  __PTX_INJECT_PICK(__VA_ARGS__, __PTX_INJECT_HOST_SET,                        \
                    __PTX_INJECT_HOST_SET2,                                    \
                    __PTX_INJECT_HOST_U, )(__VA_ARGS__)
#define __PTX_INJECT_HOST__PTX_INJECT_o(...)                                   \
  __PTX_INJECT_PICK(__VA_ARGS__, __PTX_INJECT_HOST_OUT,                        \
                    __PTX_INJECT_HOST_OUT2,                                    \
                    __PTX_INJECT_HOST_U, )(__VA_ARGS__)
#define __PTX_INJECT_HOST_IN(T, l, e) (void)(e);
#define __PTX_INJECT_HOST_IN2(T, e) (void)(e);
#define __PTX_INJECT_HOST_SET(T, l, e) (void)&(e);
#define __PTX_INJECT_HOST_SET2(T, e) (void)&(e);
#define __PTX_INJECT_HOST_OUT(T, l, e) __ptx_inject_host_out(e);
#define __PTX_INJECT_HOST_OUT2(T, e) __ptx_inject_host_out(e);
#define __PTX_INJECT_HOST_U(e) (void)sizeof(e);

/* ---- Mechanical tables: TYPED_SITE, the short sites' permutations and
 * bodies, SITE_N, ASM_N, EACH_N and the per-K pieces, generated by
 * utils/gen_typed_site_tables.py. */
#include "ptx_inject_typed_site_tables.h"

#endif /* PTX_INJECT_TYPED_SITES_H */
