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
 * this costs a compile is measured by utils/bench/typed-macros
 * (docs/frontend.md, "What the macros cost"): in a file of 500 sites of 4
 * operands, against the same sites as plain asm, 1.03-1.09 x with nvcc -ptx
 * and 1.09-1.18 x with NVRTC (CPU time, medians of 7 runs, eight runs at load
 * average 1.3 to 2.8; the previous header: 1.21-1.22 x and 1.52-1.58 x).
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
#define __PTX_INJECT_WORD_CLOSE )>),
#define __PTX_INJECT_UNTYPED                                                   \
  (void)[] {                                                                   \
    static_assert(sizeof(char) == 0,                                           \
                  "PTX_INJECT needs the PTX Inject front end: run "            \
                  "'ptxinject-rewrite FILE.cu -o OUT.cu' and compile OUT.cu, " \
                  "or compile with 'clang++ -fplugin=PtxInjectPlugin.so' "     \
                  "(without it, write every operand's type: PTX_IN(F32, x))"); \
  },

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
      (__PTX_INJECT_WORD_OPEN #e __PTX_INJECT_WORD_CLOSE e)
#define __PTX_INJECT_F_oW(T, e)                                                \
  PTX_TYPE_INFO_##T, #T, #e,                                                   \
      *(__PTX_INJECT_WORD_OPEN #e __PTX_INJECT_WORD_CLOSE &(e))
#define __PTX_INJECT_F_u(e)                                                    \
  b32, b32, r, ID, "", "", *(__PTX_INJECT_UNTYPED(unsigned int *)0)
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
#define __PTX_INJECT_M__PTX_INJECT_m(...) , (m, __PTX_INJECT_F__PTX_INJECT_m(__VA_ARGS__))
#define __PTX_INJECT_M__PTX_INJECT_o(...)
#define __PTX_INJECT_M__PTX_INJECT_i(...)
#define __PTX_INJECT_O__PTX_INJECT_m(...)
#define __PTX_INJECT_O__PTX_INJECT_o(...) , (o, __PTX_INJECT_F__PTX_INJECT_o(__VA_ARGS__))
#define __PTX_INJECT_O__PTX_INJECT_i(...)
#define __PTX_INJECT_I__PTX_INJECT_m(...)
#define __PTX_INJECT_I__PTX_INJECT_o(...)
#define __PTX_INJECT_I__PTX_INJECT_i(...) , (i, __PTX_INJECT_F__PTX_INJECT_i(__VA_ARGS__))

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
  return !*Text || (*Text != ' ' && *Text != '%' &&
                    __ptx_inject_one_word(Text + 1));
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
#define __PTX_INJECT_ASM_WALK(name, z, EACHK, ...)                             \
  asm volatile("{\n\t" EACHK(__PTX_INJECT_DECL_, , __VA_ARGS__)               \
                   EACHK(__PTX_INJECT_LOAD_, , __VA_ARGS__)                    \
               "// PTX_INJECT_START " name "\n\t"                              \
                   EACHK(__PTX_INJECT_MARK_, , __VA_ARGS__)                    \
               "// PTX_INJECT_END\n\t"                                         \
                   EACHK(__PTX_INJECT_STORE_, , __VA_ARGS__) "}"               \
               : EACHK(__PTX_INJECT_OUTPUT_, , __VA_ARGS__)                    \
               : __PTX_INJECT_TAIL(~ EACHK(__PTX_INJECT_INPUT_, , __VA_ARGS__)))

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
  __PTX_INJECT_PICK(__VA_ARGS__, __PTX_INJECT_HOST_SET, __PTX_INJECT_HOST_SET2,\
                    __PTX_INJECT_HOST_U, )(__VA_ARGS__)
#define __PTX_INJECT_HOST__PTX_INJECT_o(...)                                   \
  __PTX_INJECT_PICK(__VA_ARGS__, __PTX_INJECT_HOST_OUT, __PTX_INJECT_HOST_OUT2,\
                    __PTX_INJECT_HOST_U, )(__VA_ARGS__)
#define __PTX_INJECT_HOST_IN(T, l, e) (void)(e);
#define __PTX_INJECT_HOST_IN2(T, e) (void)(e);
#define __PTX_INJECT_HOST_SET(T, l, e) (void)&(e);
#define __PTX_INJECT_HOST_SET2(T, e) (void)&(e);
#define __PTX_INJECT_HOST_OUT(T, l, e) __ptx_inject_host_out(e);
#define __PTX_INJECT_HOST_OUT2(T, e) __ptx_inject_host_out(e);
#define __PTX_INJECT_HOST_U(e) (void)sizeof(e);

/* ---- Mechanical tables (utils/gen_typed_site_tables.py). ---- */
/* TYPED_SITE(name, kind, operand, ...) writes the asm of a site of 1..64
 * operands. SHORT_PICK looks at 9 arguments only: pasted together, the
 * kind letters of the first 4 operands and the argument after them (a count
 * from the list for a short site, the next kind letter for a wider one) name
 * S_<kinds><count...>, the short site's permutation (below), or an alias of
 * WIDE_K, where the count picks among all. The operands go on pasted onto F,
 * which gives their fields; a wide site gets them back through W. */
#define __PTX_INJECT_TYPED_SITE(name, ...) \
  __PTX_INJECT_SHORT_PICK(name, __VA_ARGS__, 4, _, 3, _, 2, _, 1, _, _)
#define __PTX_INJECT_SHORT_PICK(name, _1, _2, _3, _4, _5, _6, _7, _8, NAME, ...) \
  __PTX_INJECT_S_##_1##_3##_5##_7##NAME(name, __PTX_INJECT_F##_2, __PTX_INJECT_F##_4, __PTX_INJECT_F##_6, __PTX_INJECT_F##_8, __VA_ARGS__)
#define __PTX_INJECT_W__PTX_INJECT_F__PTX_INJECT_i(...) i, __PTX_INJECT_i(__VA_ARGS__)
#define __PTX_INJECT_WIDE_i(name, a0, a1, a2, a3, ...) __PTX_INJECT_WIDE(name, __PTX_INJECT_W##a0, __PTX_INJECT_W##a1, __PTX_INJECT_W##a2, __PTX_INJECT_W##a3, i, __VA_ARGS__)
#define __PTX_INJECT_W__PTX_INJECT_F__PTX_INJECT_m(...) m, __PTX_INJECT_m(__VA_ARGS__)
#define __PTX_INJECT_WIDE_m(name, a0, a1, a2, a3, ...) __PTX_INJECT_WIDE(name, __PTX_INJECT_W##a0, __PTX_INJECT_W##a1, __PTX_INJECT_W##a2, __PTX_INJECT_W##a3, m, __VA_ARGS__)
#define __PTX_INJECT_W__PTX_INJECT_F__PTX_INJECT_o(...) o, __PTX_INJECT_o(__VA_ARGS__)
#define __PTX_INJECT_WIDE_o(name, a0, a1, a2, a3, ...) __PTX_INJECT_WIDE(name, __PTX_INJECT_W##a0, __PTX_INJECT_W##a1, __PTX_INJECT_W##a2, __PTX_INJECT_W##a3, o, __VA_ARGS__)
/* A site without operands: SHORT_PICK pastes only the list's fillers. */
#define __PTX_INJECT_S_____(name, ...) \
  static_assert(sizeof(char) == 0, "PTX_INJECT: a site needs at least one operand: add PTX_IN(TYPE, x), PTX_MOD(TYPE, y) or PTX_OUT(TYPE, z)")
#define __PTX_INJECT_S_mmmmm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_ommmm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_immmm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_mommm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_oommm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_iommm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_mimmm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_oimmm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_iimmm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_mmomm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_omomm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_imomm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_moomm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_ooomm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_ioomm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_miomm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_oiomm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_iiomm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_mmimm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_omimm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_imimm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_moimm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_ooimm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_ioimm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_miimm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_oiimm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_iiimm __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_mmmom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_ommom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_immom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_momom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_oomom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_iomom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_mimom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_oimom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_iimom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_mmoom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_omoom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_imoom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_mooom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_oooom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_iooom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_mioom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_oioom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_iioom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_mmiom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_omiom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_imiom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_moiom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_ooiom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_ioiom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_miiom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_oiiom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_iiiom __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_mmmim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_ommim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_immim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_momim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_oomim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_iomim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_mimim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_oimim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_iimim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_mmoim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_omoim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_imoim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_mooim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_oooim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_iooim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_mioim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_oioim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_iioim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_mmiim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_omiim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_imiim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_moiim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_ooiim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_ioiim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_miiim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_oiiim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_iiiim __PTX_INJECT_WIDE_m
#define __PTX_INJECT_S_mmmmo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_ommmo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_immmo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_mommo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_oommo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_iommo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_mimmo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_oimmo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_iimmo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_mmomo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_omomo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_imomo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_moomo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_ooomo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_ioomo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_miomo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_oiomo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_iiomo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_mmimo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_omimo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_imimo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_moimo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_ooimo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_ioimo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_miimo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_oiimo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_iiimo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_mmmoo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_ommoo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_immoo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_momoo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_oomoo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_iomoo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_mimoo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_oimoo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_iimoo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_mmooo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_omooo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_imooo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_moooo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_ooooo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_ioooo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_miooo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_oiooo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_iiooo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_mmioo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_omioo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_imioo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_moioo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_ooioo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_ioioo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_miioo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_oiioo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_iiioo __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_mmmio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_ommio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_immio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_momio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_oomio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_iomio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_mimio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_oimio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_iimio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_mmoio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_omoio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_imoio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_mooio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_oooio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_iooio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_mioio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_oioio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_iioio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_mmiio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_omiio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_imiio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_moiio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_ooiio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_ioiio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_miiio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_oiiio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_iiiio __PTX_INJECT_WIDE_o
#define __PTX_INJECT_S_mmmmi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_ommmi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_immmi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_mommi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_oommi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_iommi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_mimmi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_oimmi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_iimmi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_mmomi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_omomi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_imomi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_moomi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_ooomi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_ioomi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_miomi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_oiomi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_iiomi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_mmimi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_omimi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_imimi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_moimi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_ooimi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_ioimi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_miimi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_oiimi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_iiimi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_mmmoi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_ommoi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_immoi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_momoi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_oomoi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_iomoi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_mimoi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_oimoi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_iimoi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_mmooi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_omooi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_imooi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_moooi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_ooooi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_ioooi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_miooi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_oiooi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_iiooi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_mmioi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_omioi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_imioi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_moioi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_ooioi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_ioioi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_miioi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_oiioi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_iiioi __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_mmmii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_ommii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_immii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_momii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_oomii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_iomii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_mimii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_oimii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_iimii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_mmoii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_omoii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_imoii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_mooii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_oooii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_iooii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_mioii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_oioii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_iioii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_mmiii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_omiii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_imiii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_moiii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_ooiii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_ioiii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_miiii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_oiiii __PTX_INJECT_WIDE_i
#define __PTX_INJECT_S_iiiii __PTX_INJECT_WIDE_i
/* WIDE(name, operands..., the 9 left of SHORT_PICK's list) picks SITE_N by
 * count; PICK_EACH(operands...) names EACH_N alike. PICK_N pastes the count
 * it picks onto its prefix P. */
#define __PTX_INJECT_PICK_N(P, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19, _20, _21, _22, _23, _24, _25, _26, _27, _28, _29, _30, _31, _32, _33, _34, _35, _36, _37, _38, _39, _40, _41, _42, _43, _44, _45, _46, _47, _48, _49, _50, _51, _52, _53, _54, _55, _56, _57, _58, _59, _60, _61, _62, _63, _64, _65, _66, _67, _68, _69, _70, _71, _72, _73, _74, _75, _76, _77, _78, _79, _80, _81, _82, _83, _84, _85, _86, _87, _88, _89, _90, _91, _92, _93, _94, _95, _96, _97, _98, _99, _100, _101, _102, _103, _104, _105, _106, _107, _108, _109, _110, _111, _112, _113, _114, _115, _116, _117, _118, _119, _120, _121, _122, _123, _124, _125, _126, _127, _128, _129, _130, _131, _132, _133, _134, _135, _136, _137, NAME, ...) P##NAME
#define __PTX_INJECT_WIDE(name, ...) \
  __PTX_INJECT_PICK_N(__PTX_INJECT_SITE_, __VA_ARGS__, 64, ~, 63, ~, 62, ~, 61, ~, 60, ~, 59, ~, 58, ~, 57, ~, 56, ~, 55, ~, 54, ~, 53, ~, 52, ~, 51, ~, 50, ~, 49, ~, 48, ~, 47, ~, 46, ~, 45, ~, 44, ~, 43, ~, 42, ~, 41, ~, 40, ~, 39, ~, 38, ~, 37, ~, 36, ~, 35, ~, 34, ~, 33, ~, 32, ~, 31, ~, 30, ~, 29, ~, 28, ~, 27, ~, 26, ~, 25, ~, 24, ~, 23, ~, 22, ~, 21, ~, 20, ~, 19, ~, 18, ~, 17, ~, 16, ~, 15, ~, 14, ~, 13, ~, 12, ~, 11, ~, 10, ~, 9, ~, 8, ~, 7, ~, 6, ~, 5, ~, 4, ~, 3, ~, 2, ~, 1, ~)(name, __VA_ARGS__)
#define __PTX_INJECT_PICK_EACH(...) \
  __PTX_INJECT_PICK_N(__PTX_INJECT_EACH_, __VA_ARGS__, 4, _, 3, _, 2, _, 1, _, _, 64, ~, 63, ~, 62, ~, 61, ~, 60, ~, 59, ~, 58, ~, 57, ~, 56, ~, 55, ~, 54, ~, 53, ~, 52, ~, 51, ~, 50, ~, 49, ~, 48, ~, 47, ~, 46, ~, 45, ~, 44, ~, 43, ~, 42, ~, 41, ~, 40, ~, 39, ~, 38, ~, 37, ~, 36, ~, 35, ~, 34, ~, 33, ~, 32, ~, 31, ~, 30, ~, 29, ~, 28, ~, 27, ~, 26, ~, 25, ~, 24, ~, 23, ~, 22, ~, 21, ~, 20, ~, 19, ~, 18, ~, 17, ~, 16, ~, 15, ~, 14, ~, 13, ~, 12, ~, 11, ~, 10, ~, 9, ~, 8, ~, 7, ~, 6, ~, 5, ~, 4, ~, 3, ~, 2, ~, 1, ~)
/* A site of more than 64 operands: where its count would be, PICK_N finds
 * a "_" of SHORT_PICK's list or an operand's head, which name the error
 * instead of SITE_N (or EACH_N for the host pass). */
#define __PTX_INJECT_TOO_MANY(...) \
  static_assert(sizeof(char) == 0, "PTX_INJECT: a site holds at most 64 operands without the PTX Inject front end: run 'ptxinject-rewrite FILE.cu -o OUT.cu' and compile OUT.cu, or compile with 'clang++ -fplugin=PtxInjectPlugin.so', or split the site")
#define __PTX_INJECT_TOO_MANY_HOST(...) __PTX_INJECT_TOO_MANY();
#define __PTX_INJECT_SITE__ __PTX_INJECT_TOO_MANY
#define __PTX_INJECT_EACH__ __PTX_INJECT_TOO_MANY_HOST
#define __PTX_INJECT_SITE___PTX_INJECT_i(...) __PTX_INJECT_TOO_MANY
#define __PTX_INJECT_EACH___PTX_INJECT_i(...) __PTX_INJECT_TOO_MANY_HOST
#define __PTX_INJECT_SITE___PTX_INJECT_m(...) __PTX_INJECT_TOO_MANY
#define __PTX_INJECT_EACH___PTX_INJECT_m(...) __PTX_INJECT_TOO_MANY_HOST
#define __PTX_INJECT_SITE___PTX_INJECT_o(...) __PTX_INJECT_TOO_MANY
#define __PTX_INJECT_EACH___PTX_INJECT_o(...) __PTX_INJECT_TOO_MANY_HOST

/* Short sites, 1..4 operands: S_<kinds><counts>(name, F##operand...) passes
 * the operands' fields, in canonical order, to the body B_<mods>_<outs>_<ins>,
 * which writes every piece: substituting them splits the fields. */
#define __PTX_INJECT_S_m4321(name,a0,...) __PTX_INJECT_B_1_0_0(name,a0)
#define __PTX_INJECT_S_o4321(name,a0,...) __PTX_INJECT_B_0_1_0(name,a0)
#define __PTX_INJECT_S_i4321(name,a0,...) __PTX_INJECT_B_0_0_1(name,a0)
#define __PTX_INJECT_S_mm432(name,a0,a1,...) __PTX_INJECT_B_2_0_0(name,a0,a1)
#define __PTX_INJECT_S_om432(name,a0,a1,...) __PTX_INJECT_B_1_1_0(name,a1,a0)
#define __PTX_INJECT_S_im432(name,a0,a1,...) __PTX_INJECT_B_1_0_1(name,a1,a0)
#define __PTX_INJECT_S_mo432(name,a0,a1,...) __PTX_INJECT_B_1_1_0(name,a0,a1)
#define __PTX_INJECT_S_oo432(name,a0,a1,...) __PTX_INJECT_B_0_2_0(name,a0,a1)
#define __PTX_INJECT_S_io432(name,a0,a1,...) __PTX_INJECT_B_0_1_1(name,a1,a0)
#define __PTX_INJECT_S_mi432(name,a0,a1,...) __PTX_INJECT_B_1_0_1(name,a0,a1)
#define __PTX_INJECT_S_oi432(name,a0,a1,...) __PTX_INJECT_B_0_1_1(name,a0,a1)
#define __PTX_INJECT_S_ii432(name,a0,a1,...) __PTX_INJECT_B_0_0_2(name,a0,a1)
#define __PTX_INJECT_S_mmm43(name,a0,a1,a2,...) __PTX_INJECT_B_3_0_0(name,a0,a1,a2)
#define __PTX_INJECT_S_omm43(name,a0,a1,a2,...) __PTX_INJECT_B_2_1_0(name,a1,a2,a0)
#define __PTX_INJECT_S_imm43(name,a0,a1,a2,...) __PTX_INJECT_B_2_0_1(name,a1,a2,a0)
#define __PTX_INJECT_S_mom43(name,a0,a1,a2,...) __PTX_INJECT_B_2_1_0(name,a0,a2,a1)
#define __PTX_INJECT_S_oom43(name,a0,a1,a2,...) __PTX_INJECT_B_1_2_0(name,a2,a0,a1)
#define __PTX_INJECT_S_iom43(name,a0,a1,a2,...) __PTX_INJECT_B_1_1_1(name,a2,a1,a0)
#define __PTX_INJECT_S_mim43(name,a0,a1,a2,...) __PTX_INJECT_B_2_0_1(name,a0,a2,a1)
#define __PTX_INJECT_S_oim43(name,a0,a1,a2,...) __PTX_INJECT_B_1_1_1(name,a2,a0,a1)
#define __PTX_INJECT_S_iim43(name,a0,a1,a2,...) __PTX_INJECT_B_1_0_2(name,a2,a0,a1)
#define __PTX_INJECT_S_mmo43(name,a0,a1,a2,...) __PTX_INJECT_B_2_1_0(name,a0,a1,a2)
#define __PTX_INJECT_S_omo43(name,a0,a1,a2,...) __PTX_INJECT_B_1_2_0(name,a1,a0,a2)
#define __PTX_INJECT_S_imo43(name,a0,a1,a2,...) __PTX_INJECT_B_1_1_1(name,a1,a2,a0)
#define __PTX_INJECT_S_moo43(name,a0,a1,a2,...) __PTX_INJECT_B_1_2_0(name,a0,a1,a2)
#define __PTX_INJECT_S_ooo43(name,a0,a1,a2,...) __PTX_INJECT_B_0_3_0(name,a0,a1,a2)
#define __PTX_INJECT_S_ioo43(name,a0,a1,a2,...) __PTX_INJECT_B_0_2_1(name,a1,a2,a0)
#define __PTX_INJECT_S_mio43(name,a0,a1,a2,...) __PTX_INJECT_B_1_1_1(name,a0,a2,a1)
#define __PTX_INJECT_S_oio43(name,a0,a1,a2,...) __PTX_INJECT_B_0_2_1(name,a0,a2,a1)
#define __PTX_INJECT_S_iio43(name,a0,a1,a2,...) __PTX_INJECT_B_0_1_2(name,a2,a0,a1)
#define __PTX_INJECT_S_mmi43(name,a0,a1,a2,...) __PTX_INJECT_B_2_0_1(name,a0,a1,a2)
#define __PTX_INJECT_S_omi43(name,a0,a1,a2,...) __PTX_INJECT_B_1_1_1(name,a1,a0,a2)
#define __PTX_INJECT_S_imi43(name,a0,a1,a2,...) __PTX_INJECT_B_1_0_2(name,a1,a0,a2)
#define __PTX_INJECT_S_moi43(name,a0,a1,a2,...) __PTX_INJECT_B_1_1_1(name,a0,a1,a2)
#define __PTX_INJECT_S_ooi43(name,a0,a1,a2,...) __PTX_INJECT_B_0_2_1(name,a0,a1,a2)
#define __PTX_INJECT_S_ioi43(name,a0,a1,a2,...) __PTX_INJECT_B_0_1_2(name,a1,a0,a2)
#define __PTX_INJECT_S_mii43(name,a0,a1,a2,...) __PTX_INJECT_B_1_0_2(name,a0,a1,a2)
#define __PTX_INJECT_S_oii43(name,a0,a1,a2,...) __PTX_INJECT_B_0_1_2(name,a0,a1,a2)
#define __PTX_INJECT_S_iii43(name,a0,a1,a2,...) __PTX_INJECT_B_0_0_3(name,a0,a1,a2)
#define __PTX_INJECT_S_mmmm4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_4_0_0(name,a0,a1,a2,a3)
#define __PTX_INJECT_S_ommm4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_3_1_0(name,a1,a2,a3,a0)
#define __PTX_INJECT_S_immm4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_3_0_1(name,a1,a2,a3,a0)
#define __PTX_INJECT_S_momm4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_3_1_0(name,a0,a2,a3,a1)
#define __PTX_INJECT_S_oomm4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_2_0(name,a2,a3,a0,a1)
#define __PTX_INJECT_S_iomm4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_1_1(name,a2,a3,a1,a0)
#define __PTX_INJECT_S_mimm4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_3_0_1(name,a0,a2,a3,a1)
#define __PTX_INJECT_S_oimm4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_1_1(name,a2,a3,a0,a1)
#define __PTX_INJECT_S_iimm4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_0_2(name,a2,a3,a0,a1)
#define __PTX_INJECT_S_mmom4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_3_1_0(name,a0,a1,a3,a2)
#define __PTX_INJECT_S_omom4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_2_0(name,a1,a3,a0,a2)
#define __PTX_INJECT_S_imom4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_1_1(name,a1,a3,a2,a0)
#define __PTX_INJECT_S_moom4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_2_0(name,a0,a3,a1,a2)
#define __PTX_INJECT_S_ooom4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_3_0(name,a3,a0,a1,a2)
#define __PTX_INJECT_S_ioom4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_2_1(name,a3,a1,a2,a0)
#define __PTX_INJECT_S_miom4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_1_1(name,a0,a3,a2,a1)
#define __PTX_INJECT_S_oiom4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_2_1(name,a3,a0,a2,a1)
#define __PTX_INJECT_S_iiom4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_1_2(name,a3,a2,a0,a1)
#define __PTX_INJECT_S_mmim4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_3_0_1(name,a0,a1,a3,a2)
#define __PTX_INJECT_S_omim4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_1_1(name,a1,a3,a0,a2)
#define __PTX_INJECT_S_imim4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_0_2(name,a1,a3,a0,a2)
#define __PTX_INJECT_S_moim4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_1_1(name,a0,a3,a1,a2)
#define __PTX_INJECT_S_ooim4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_2_1(name,a3,a0,a1,a2)
#define __PTX_INJECT_S_ioim4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_1_2(name,a3,a1,a0,a2)
#define __PTX_INJECT_S_miim4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_0_2(name,a0,a3,a1,a2)
#define __PTX_INJECT_S_oiim4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_1_2(name,a3,a0,a1,a2)
#define __PTX_INJECT_S_iiim4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_0_3(name,a3,a0,a1,a2)
#define __PTX_INJECT_S_mmmo4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_3_1_0(name,a0,a1,a2,a3)
#define __PTX_INJECT_S_ommo4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_2_0(name,a1,a2,a0,a3)
#define __PTX_INJECT_S_immo4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_1_1(name,a1,a2,a3,a0)
#define __PTX_INJECT_S_momo4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_2_0(name,a0,a2,a1,a3)
#define __PTX_INJECT_S_oomo4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_3_0(name,a2,a0,a1,a3)
#define __PTX_INJECT_S_iomo4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_2_1(name,a2,a1,a3,a0)
#define __PTX_INJECT_S_mimo4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_1_1(name,a0,a2,a3,a1)
#define __PTX_INJECT_S_oimo4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_2_1(name,a2,a0,a3,a1)
#define __PTX_INJECT_S_iimo4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_1_2(name,a2,a3,a0,a1)
#define __PTX_INJECT_S_mmoo4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_2_0(name,a0,a1,a2,a3)
#define __PTX_INJECT_S_omoo4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_3_0(name,a1,a0,a2,a3)
#define __PTX_INJECT_S_imoo4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_2_1(name,a1,a2,a3,a0)
#define __PTX_INJECT_S_mooo4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_3_0(name,a0,a1,a2,a3)
#define __PTX_INJECT_S_oooo4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_0_4_0(name,a0,a1,a2,a3)
#define __PTX_INJECT_S_iooo4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_0_3_1(name,a1,a2,a3,a0)
#define __PTX_INJECT_S_mioo4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_2_1(name,a0,a2,a3,a1)
#define __PTX_INJECT_S_oioo4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_0_3_1(name,a0,a2,a3,a1)
#define __PTX_INJECT_S_iioo4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_0_2_2(name,a2,a3,a0,a1)
#define __PTX_INJECT_S_mmio4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_1_1(name,a0,a1,a3,a2)
#define __PTX_INJECT_S_omio4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_2_1(name,a1,a0,a3,a2)
#define __PTX_INJECT_S_imio4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_1_2(name,a1,a3,a0,a2)
#define __PTX_INJECT_S_moio4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_2_1(name,a0,a1,a3,a2)
#define __PTX_INJECT_S_ooio4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_0_3_1(name,a0,a1,a3,a2)
#define __PTX_INJECT_S_ioio4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_0_2_2(name,a1,a3,a0,a2)
#define __PTX_INJECT_S_miio4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_1_2(name,a0,a3,a1,a2)
#define __PTX_INJECT_S_oiio4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_0_2_2(name,a0,a3,a1,a2)
#define __PTX_INJECT_S_iiio4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_0_1_3(name,a3,a0,a1,a2)
#define __PTX_INJECT_S_mmmi4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_3_0_1(name,a0,a1,a2,a3)
#define __PTX_INJECT_S_ommi4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_1_1(name,a1,a2,a0,a3)
#define __PTX_INJECT_S_immi4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_0_2(name,a1,a2,a0,a3)
#define __PTX_INJECT_S_momi4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_1_1(name,a0,a2,a1,a3)
#define __PTX_INJECT_S_oomi4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_2_1(name,a2,a0,a1,a3)
#define __PTX_INJECT_S_iomi4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_1_2(name,a2,a1,a0,a3)
#define __PTX_INJECT_S_mimi4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_0_2(name,a0,a2,a1,a3)
#define __PTX_INJECT_S_oimi4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_1_2(name,a2,a0,a1,a3)
#define __PTX_INJECT_S_iimi4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_0_3(name,a2,a0,a1,a3)
#define __PTX_INJECT_S_mmoi4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_1_1(name,a0,a1,a2,a3)
#define __PTX_INJECT_S_omoi4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_2_1(name,a1,a0,a2,a3)
#define __PTX_INJECT_S_imoi4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_1_2(name,a1,a2,a0,a3)
#define __PTX_INJECT_S_mooi4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_2_1(name,a0,a1,a2,a3)
#define __PTX_INJECT_S_oooi4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_0_3_1(name,a0,a1,a2,a3)
#define __PTX_INJECT_S_iooi4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_0_2_2(name,a1,a2,a0,a3)
#define __PTX_INJECT_S_mioi4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_1_2(name,a0,a2,a1,a3)
#define __PTX_INJECT_S_oioi4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_0_2_2(name,a0,a2,a1,a3)
#define __PTX_INJECT_S_iioi4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_0_1_3(name,a2,a0,a1,a3)
#define __PTX_INJECT_S_mmii4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_2_0_2(name,a0,a1,a2,a3)
#define __PTX_INJECT_S_omii4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_1_2(name,a1,a0,a2,a3)
#define __PTX_INJECT_S_imii4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_0_3(name,a1,a0,a2,a3)
#define __PTX_INJECT_S_moii4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_1_2(name,a0,a1,a2,a3)
#define __PTX_INJECT_S_ooii4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_0_2_2(name,a0,a1,a2,a3)
#define __PTX_INJECT_S_ioii4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_0_1_3(name,a1,a0,a2,a3)
#define __PTX_INJECT_S_miii4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_1_0_3(name,a0,a1,a2,a3)
#define __PTX_INJECT_S_oiii4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_0_1_3(name,a0,a1,a2,a3)
#define __PTX_INJECT_S_iiii4(name,a0,a1,a2,a3,...) __PTX_INJECT_B_0_0_4(name,a0,a1,a2,a3)
#define __PTX_INJECT_B_0_0_1(name, r0,v0,c0,b0,t0,l0,e0) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" __PTX_INJECT_LOAD_i_##b0("mov." #v0 " %%_x0, %0;\n\t", "setp.ne.u32 %%_x0, %0, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 i " #r0 " " t0 " " l0 "\n\t" "// PTX_INJECT_END\n\t"  "}" :  : #c0(__PTX_INJECT_VIEW_IN_##b0(e0) __PTX_INJECT_VIEW_IN_END_##b0))
#define __PTX_INJECT_B_0_1_0(name, r0,v0,c0,b0,t0,l0,e0) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t"  "// PTX_INJECT_START " name "\n\t" "// _x0 o " #r0 " " t0 " " l0 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "}" : "=" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)) : )
#define __PTX_INJECT_B_1_0_0(name, r0,v0,c0,b0,t0,l0,e0) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" "mov." #v0 " %%_x0, %0;\n\t" "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)) : )
#define __PTX_INJECT_B_0_0_2(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" __PTX_INJECT_LOAD_i_##b0("mov." #v0 " %%_x0, %0;\n\t", "setp.ne.u32 %%_x0, %0, 0;\n\t") __PTX_INJECT_LOAD_i_##b1("mov." #v1 " %%_x1, %1;\n\t", "setp.ne.u32 %%_x1, %1, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 i " #r0 " " t0 " " l0 "\n\t" "// _x1 i " #r1 " " t1 " " l1 "\n\t" "// PTX_INJECT_END\n\t"  "}" :  : #c0(__PTX_INJECT_VIEW_IN_##b0(e0) __PTX_INJECT_VIEW_IN_END_##b0), #c1(__PTX_INJECT_VIEW_IN_##b1(e1) __PTX_INJECT_VIEW_IN_END_##b1))
#define __PTX_INJECT_B_0_1_1(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" __PTX_INJECT_LOAD_i_##b1("mov." #v1 " %%_x1, %1;\n\t", "setp.ne.u32 %%_x1, %1, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 o " #r0 " " t0 " " l0 "\n\t" "// _x1 i " #r1 " " t1 " " l1 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "}" : "=" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)) : #c1(__PTX_INJECT_VIEW_IN_##b1(e1) __PTX_INJECT_VIEW_IN_END_##b1))
#define __PTX_INJECT_B_0_2_0(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t"  "// PTX_INJECT_START " name "\n\t" "// _x0 o " #r0 " " t0 " " l0 "\n\t" "// _x1 o " #r1 " " t1 " " l1 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "}" : "=" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "=" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)) : )
#define __PTX_INJECT_B_1_0_1(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" "mov." #v0 " %%_x0, %0;\n\t" __PTX_INJECT_LOAD_i_##b1("mov." #v1 " %%_x1, %1;\n\t", "setp.ne.u32 %%_x1, %1, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// _x1 i " #r1 " " t1 " " l1 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)) : #c1(__PTX_INJECT_VIEW_IN_##b1(e1) __PTX_INJECT_VIEW_IN_END_##b1))
#define __PTX_INJECT_B_1_1_0(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" "mov." #v0 " %%_x0, %0;\n\t" "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// _x1 o " #r1 " " t1 " " l1 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "=" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)) : )
#define __PTX_INJECT_B_2_0_0(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" "mov." #v0 " %%_x0, %0;\n\t" "mov." #v1 " %%_x1, %1;\n\t" "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// _x1 m " #r1 " " t1 " " l1 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "+" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)) : )
#define __PTX_INJECT_B_0_0_3(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" __PTX_INJECT_LOAD_i_##b0("mov." #v0 " %%_x0, %0;\n\t", "setp.ne.u32 %%_x0, %0, 0;\n\t") __PTX_INJECT_LOAD_i_##b1("mov." #v1 " %%_x1, %1;\n\t", "setp.ne.u32 %%_x1, %1, 0;\n\t") __PTX_INJECT_LOAD_i_##b2("mov." #v2 " %%_x2, %2;\n\t", "setp.ne.u32 %%_x2, %2, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 i " #r0 " " t0 " " l0 "\n\t" "// _x1 i " #r1 " " t1 " " l1 "\n\t" "// _x2 i " #r2 " " t2 " " l2 "\n\t" "// PTX_INJECT_END\n\t"  "}" :  : #c0(__PTX_INJECT_VIEW_IN_##b0(e0) __PTX_INJECT_VIEW_IN_END_##b0), #c1(__PTX_INJECT_VIEW_IN_##b1(e1) __PTX_INJECT_VIEW_IN_END_##b1), #c2(__PTX_INJECT_VIEW_IN_##b2(e2) __PTX_INJECT_VIEW_IN_END_##b2))
#define __PTX_INJECT_B_0_1_2(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" __PTX_INJECT_LOAD_i_##b1("mov." #v1 " %%_x1, %1;\n\t", "setp.ne.u32 %%_x1, %1, 0;\n\t") __PTX_INJECT_LOAD_i_##b2("mov." #v2 " %%_x2, %2;\n\t", "setp.ne.u32 %%_x2, %2, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 o " #r0 " " t0 " " l0 "\n\t" "// _x1 i " #r1 " " t1 " " l1 "\n\t" "// _x2 i " #r2 " " t2 " " l2 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "}" : "=" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)) : #c1(__PTX_INJECT_VIEW_IN_##b1(e1) __PTX_INJECT_VIEW_IN_END_##b1), #c2(__PTX_INJECT_VIEW_IN_##b2(e2) __PTX_INJECT_VIEW_IN_END_##b2))
#define __PTX_INJECT_B_0_2_1(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" __PTX_INJECT_LOAD_i_##b2("mov." #v2 " %%_x2, %2;\n\t", "setp.ne.u32 %%_x2, %2, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 o " #r0 " " t0 " " l0 "\n\t" "// _x1 o " #r1 " " t1 " " l1 "\n\t" "// _x2 i " #r2 " " t2 " " l2 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "}" : "=" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "=" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)) : #c2(__PTX_INJECT_VIEW_IN_##b2(e2) __PTX_INJECT_VIEW_IN_END_##b2))
#define __PTX_INJECT_B_0_3_0(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t"  "// PTX_INJECT_START " name "\n\t" "// _x0 o " #r0 " " t0 " " l0 "\n\t" "// _x1 o " #r1 " " t1 " " l1 "\n\t" "// _x2 o " #r2 " " t2 " " l2 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "mov." #v2 " %2, %%_x2;\n\t" "}" : "=" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "=" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)), "=" #c2(__PTX_INJECT_VIEW_OUT_##b2(e2)) : )
#define __PTX_INJECT_B_1_0_2(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" "mov." #v0 " %%_x0, %0;\n\t" __PTX_INJECT_LOAD_i_##b1("mov." #v1 " %%_x1, %1;\n\t", "setp.ne.u32 %%_x1, %1, 0;\n\t") __PTX_INJECT_LOAD_i_##b2("mov." #v2 " %%_x2, %2;\n\t", "setp.ne.u32 %%_x2, %2, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// _x1 i " #r1 " " t1 " " l1 "\n\t" "// _x2 i " #r2 " " t2 " " l2 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)) : #c1(__PTX_INJECT_VIEW_IN_##b1(e1) __PTX_INJECT_VIEW_IN_END_##b1), #c2(__PTX_INJECT_VIEW_IN_##b2(e2) __PTX_INJECT_VIEW_IN_END_##b2))
#define __PTX_INJECT_B_1_1_1(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" "mov." #v0 " %%_x0, %0;\n\t" __PTX_INJECT_LOAD_i_##b2("mov." #v2 " %%_x2, %2;\n\t", "setp.ne.u32 %%_x2, %2, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// _x1 o " #r1 " " t1 " " l1 "\n\t" "// _x2 i " #r2 " " t2 " " l2 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "=" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)) : #c2(__PTX_INJECT_VIEW_IN_##b2(e2) __PTX_INJECT_VIEW_IN_END_##b2))
#define __PTX_INJECT_B_1_2_0(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" "mov." #v0 " %%_x0, %0;\n\t" "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// _x1 o " #r1 " " t1 " " l1 "\n\t" "// _x2 o " #r2 " " t2 " " l2 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "mov." #v2 " %2, %%_x2;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "=" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)), "=" #c2(__PTX_INJECT_VIEW_OUT_##b2(e2)) : )
#define __PTX_INJECT_B_2_0_1(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" "mov." #v0 " %%_x0, %0;\n\t" "mov." #v1 " %%_x1, %1;\n\t" __PTX_INJECT_LOAD_i_##b2("mov." #v2 " %%_x2, %2;\n\t", "setp.ne.u32 %%_x2, %2, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// _x1 m " #r1 " " t1 " " l1 "\n\t" "// _x2 i " #r2 " " t2 " " l2 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "+" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)) : #c2(__PTX_INJECT_VIEW_IN_##b2(e2) __PTX_INJECT_VIEW_IN_END_##b2))
#define __PTX_INJECT_B_2_1_0(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" "mov." #v0 " %%_x0, %0;\n\t" "mov." #v1 " %%_x1, %1;\n\t" "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// _x1 m " #r1 " " t1 " " l1 "\n\t" "// _x2 o " #r2 " " t2 " " l2 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "mov." #v2 " %2, %%_x2;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "+" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)), "=" #c2(__PTX_INJECT_VIEW_OUT_##b2(e2)) : )
#define __PTX_INJECT_B_3_0_0(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" "mov." #v0 " %%_x0, %0;\n\t" "mov." #v1 " %%_x1, %1;\n\t" "mov." #v2 " %%_x2, %2;\n\t" "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// _x1 m " #r1 " " t1 " " l1 "\n\t" "// _x2 m " #r2 " " t2 " " l2 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "mov." #v2 " %2, %%_x2;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "+" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)), "+" #c2(__PTX_INJECT_VIEW_OUT_##b2(e2)) : )
#define __PTX_INJECT_B_0_0_4(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2, r3,v3,c3,b3,t3,l3,e3) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" ".reg ." #r3 " %%_x3;\n\t" __PTX_INJECT_LOAD_i_##b0("mov." #v0 " %%_x0, %0;\n\t", "setp.ne.u32 %%_x0, %0, 0;\n\t") __PTX_INJECT_LOAD_i_##b1("mov." #v1 " %%_x1, %1;\n\t", "setp.ne.u32 %%_x1, %1, 0;\n\t") __PTX_INJECT_LOAD_i_##b2("mov." #v2 " %%_x2, %2;\n\t", "setp.ne.u32 %%_x2, %2, 0;\n\t") __PTX_INJECT_LOAD_i_##b3("mov." #v3 " %%_x3, %3;\n\t", "setp.ne.u32 %%_x3, %3, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 i " #r0 " " t0 " " l0 "\n\t" "// _x1 i " #r1 " " t1 " " l1 "\n\t" "// _x2 i " #r2 " " t2 " " l2 "\n\t" "// _x3 i " #r3 " " t3 " " l3 "\n\t" "// PTX_INJECT_END\n\t"  "}" :  : #c0(__PTX_INJECT_VIEW_IN_##b0(e0) __PTX_INJECT_VIEW_IN_END_##b0), #c1(__PTX_INJECT_VIEW_IN_##b1(e1) __PTX_INJECT_VIEW_IN_END_##b1), #c2(__PTX_INJECT_VIEW_IN_##b2(e2) __PTX_INJECT_VIEW_IN_END_##b2), #c3(__PTX_INJECT_VIEW_IN_##b3(e3) __PTX_INJECT_VIEW_IN_END_##b3))
#define __PTX_INJECT_B_0_1_3(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2, r3,v3,c3,b3,t3,l3,e3) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" ".reg ." #r3 " %%_x3;\n\t" __PTX_INJECT_LOAD_i_##b1("mov." #v1 " %%_x1, %1;\n\t", "setp.ne.u32 %%_x1, %1, 0;\n\t") __PTX_INJECT_LOAD_i_##b2("mov." #v2 " %%_x2, %2;\n\t", "setp.ne.u32 %%_x2, %2, 0;\n\t") __PTX_INJECT_LOAD_i_##b3("mov." #v3 " %%_x3, %3;\n\t", "setp.ne.u32 %%_x3, %3, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 o " #r0 " " t0 " " l0 "\n\t" "// _x1 i " #r1 " " t1 " " l1 "\n\t" "// _x2 i " #r2 " " t2 " " l2 "\n\t" "// _x3 i " #r3 " " t3 " " l3 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "}" : "=" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)) : #c1(__PTX_INJECT_VIEW_IN_##b1(e1) __PTX_INJECT_VIEW_IN_END_##b1), #c2(__PTX_INJECT_VIEW_IN_##b2(e2) __PTX_INJECT_VIEW_IN_END_##b2), #c3(__PTX_INJECT_VIEW_IN_##b3(e3) __PTX_INJECT_VIEW_IN_END_##b3))
#define __PTX_INJECT_B_0_2_2(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2, r3,v3,c3,b3,t3,l3,e3) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" ".reg ." #r3 " %%_x3;\n\t" __PTX_INJECT_LOAD_i_##b2("mov." #v2 " %%_x2, %2;\n\t", "setp.ne.u32 %%_x2, %2, 0;\n\t") __PTX_INJECT_LOAD_i_##b3("mov." #v3 " %%_x3, %3;\n\t", "setp.ne.u32 %%_x3, %3, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 o " #r0 " " t0 " " l0 "\n\t" "// _x1 o " #r1 " " t1 " " l1 "\n\t" "// _x2 i " #r2 " " t2 " " l2 "\n\t" "// _x3 i " #r3 " " t3 " " l3 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "}" : "=" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "=" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)) : #c2(__PTX_INJECT_VIEW_IN_##b2(e2) __PTX_INJECT_VIEW_IN_END_##b2), #c3(__PTX_INJECT_VIEW_IN_##b3(e3) __PTX_INJECT_VIEW_IN_END_##b3))
#define __PTX_INJECT_B_0_3_1(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2, r3,v3,c3,b3,t3,l3,e3) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" ".reg ." #r3 " %%_x3;\n\t" __PTX_INJECT_LOAD_i_##b3("mov." #v3 " %%_x3, %3;\n\t", "setp.ne.u32 %%_x3, %3, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 o " #r0 " " t0 " " l0 "\n\t" "// _x1 o " #r1 " " t1 " " l1 "\n\t" "// _x2 o " #r2 " " t2 " " l2 "\n\t" "// _x3 i " #r3 " " t3 " " l3 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "mov." #v2 " %2, %%_x2;\n\t" "}" : "=" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "=" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)), "=" #c2(__PTX_INJECT_VIEW_OUT_##b2(e2)) : #c3(__PTX_INJECT_VIEW_IN_##b3(e3) __PTX_INJECT_VIEW_IN_END_##b3))
#define __PTX_INJECT_B_0_4_0(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2, r3,v3,c3,b3,t3,l3,e3) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" ".reg ." #r3 " %%_x3;\n\t"  "// PTX_INJECT_START " name "\n\t" "// _x0 o " #r0 " " t0 " " l0 "\n\t" "// _x1 o " #r1 " " t1 " " l1 "\n\t" "// _x2 o " #r2 " " t2 " " l2 "\n\t" "// _x3 o " #r3 " " t3 " " l3 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "mov." #v2 " %2, %%_x2;\n\t" "mov." #v3 " %3, %%_x3;\n\t" "}" : "=" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "=" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)), "=" #c2(__PTX_INJECT_VIEW_OUT_##b2(e2)), "=" #c3(__PTX_INJECT_VIEW_OUT_##b3(e3)) : )
#define __PTX_INJECT_B_1_0_3(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2, r3,v3,c3,b3,t3,l3,e3) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" ".reg ." #r3 " %%_x3;\n\t" "mov." #v0 " %%_x0, %0;\n\t" __PTX_INJECT_LOAD_i_##b1("mov." #v1 " %%_x1, %1;\n\t", "setp.ne.u32 %%_x1, %1, 0;\n\t") __PTX_INJECT_LOAD_i_##b2("mov." #v2 " %%_x2, %2;\n\t", "setp.ne.u32 %%_x2, %2, 0;\n\t") __PTX_INJECT_LOAD_i_##b3("mov." #v3 " %%_x3, %3;\n\t", "setp.ne.u32 %%_x3, %3, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// _x1 i " #r1 " " t1 " " l1 "\n\t" "// _x2 i " #r2 " " t2 " " l2 "\n\t" "// _x3 i " #r3 " " t3 " " l3 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)) : #c1(__PTX_INJECT_VIEW_IN_##b1(e1) __PTX_INJECT_VIEW_IN_END_##b1), #c2(__PTX_INJECT_VIEW_IN_##b2(e2) __PTX_INJECT_VIEW_IN_END_##b2), #c3(__PTX_INJECT_VIEW_IN_##b3(e3) __PTX_INJECT_VIEW_IN_END_##b3))
#define __PTX_INJECT_B_1_1_2(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2, r3,v3,c3,b3,t3,l3,e3) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" ".reg ." #r3 " %%_x3;\n\t" "mov." #v0 " %%_x0, %0;\n\t" __PTX_INJECT_LOAD_i_##b2("mov." #v2 " %%_x2, %2;\n\t", "setp.ne.u32 %%_x2, %2, 0;\n\t") __PTX_INJECT_LOAD_i_##b3("mov." #v3 " %%_x3, %3;\n\t", "setp.ne.u32 %%_x3, %3, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// _x1 o " #r1 " " t1 " " l1 "\n\t" "// _x2 i " #r2 " " t2 " " l2 "\n\t" "// _x3 i " #r3 " " t3 " " l3 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "=" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)) : #c2(__PTX_INJECT_VIEW_IN_##b2(e2) __PTX_INJECT_VIEW_IN_END_##b2), #c3(__PTX_INJECT_VIEW_IN_##b3(e3) __PTX_INJECT_VIEW_IN_END_##b3))
#define __PTX_INJECT_B_1_2_1(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2, r3,v3,c3,b3,t3,l3,e3) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" ".reg ." #r3 " %%_x3;\n\t" "mov." #v0 " %%_x0, %0;\n\t" __PTX_INJECT_LOAD_i_##b3("mov." #v3 " %%_x3, %3;\n\t", "setp.ne.u32 %%_x3, %3, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// _x1 o " #r1 " " t1 " " l1 "\n\t" "// _x2 o " #r2 " " t2 " " l2 "\n\t" "// _x3 i " #r3 " " t3 " " l3 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "mov." #v2 " %2, %%_x2;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "=" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)), "=" #c2(__PTX_INJECT_VIEW_OUT_##b2(e2)) : #c3(__PTX_INJECT_VIEW_IN_##b3(e3) __PTX_INJECT_VIEW_IN_END_##b3))
#define __PTX_INJECT_B_1_3_0(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2, r3,v3,c3,b3,t3,l3,e3) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" ".reg ." #r3 " %%_x3;\n\t" "mov." #v0 " %%_x0, %0;\n\t" "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// _x1 o " #r1 " " t1 " " l1 "\n\t" "// _x2 o " #r2 " " t2 " " l2 "\n\t" "// _x3 o " #r3 " " t3 " " l3 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "mov." #v2 " %2, %%_x2;\n\t" "mov." #v3 " %3, %%_x3;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "=" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)), "=" #c2(__PTX_INJECT_VIEW_OUT_##b2(e2)), "=" #c3(__PTX_INJECT_VIEW_OUT_##b3(e3)) : )
#define __PTX_INJECT_B_2_0_2(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2, r3,v3,c3,b3,t3,l3,e3) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" ".reg ." #r3 " %%_x3;\n\t" "mov." #v0 " %%_x0, %0;\n\t" "mov." #v1 " %%_x1, %1;\n\t" __PTX_INJECT_LOAD_i_##b2("mov." #v2 " %%_x2, %2;\n\t", "setp.ne.u32 %%_x2, %2, 0;\n\t") __PTX_INJECT_LOAD_i_##b3("mov." #v3 " %%_x3, %3;\n\t", "setp.ne.u32 %%_x3, %3, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// _x1 m " #r1 " " t1 " " l1 "\n\t" "// _x2 i " #r2 " " t2 " " l2 "\n\t" "// _x3 i " #r3 " " t3 " " l3 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "+" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)) : #c2(__PTX_INJECT_VIEW_IN_##b2(e2) __PTX_INJECT_VIEW_IN_END_##b2), #c3(__PTX_INJECT_VIEW_IN_##b3(e3) __PTX_INJECT_VIEW_IN_END_##b3))
#define __PTX_INJECT_B_2_1_1(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2, r3,v3,c3,b3,t3,l3,e3) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" ".reg ." #r3 " %%_x3;\n\t" "mov." #v0 " %%_x0, %0;\n\t" "mov." #v1 " %%_x1, %1;\n\t" __PTX_INJECT_LOAD_i_##b3("mov." #v3 " %%_x3, %3;\n\t", "setp.ne.u32 %%_x3, %3, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// _x1 m " #r1 " " t1 " " l1 "\n\t" "// _x2 o " #r2 " " t2 " " l2 "\n\t" "// _x3 i " #r3 " " t3 " " l3 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "mov." #v2 " %2, %%_x2;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "+" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)), "=" #c2(__PTX_INJECT_VIEW_OUT_##b2(e2)) : #c3(__PTX_INJECT_VIEW_IN_##b3(e3) __PTX_INJECT_VIEW_IN_END_##b3))
#define __PTX_INJECT_B_2_2_0(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2, r3,v3,c3,b3,t3,l3,e3) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" ".reg ." #r3 " %%_x3;\n\t" "mov." #v0 " %%_x0, %0;\n\t" "mov." #v1 " %%_x1, %1;\n\t" "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// _x1 m " #r1 " " t1 " " l1 "\n\t" "// _x2 o " #r2 " " t2 " " l2 "\n\t" "// _x3 o " #r3 " " t3 " " l3 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "mov." #v2 " %2, %%_x2;\n\t" "mov." #v3 " %3, %%_x3;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "+" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)), "=" #c2(__PTX_INJECT_VIEW_OUT_##b2(e2)), "=" #c3(__PTX_INJECT_VIEW_OUT_##b3(e3)) : )
#define __PTX_INJECT_B_3_0_1(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2, r3,v3,c3,b3,t3,l3,e3) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" ".reg ." #r3 " %%_x3;\n\t" "mov." #v0 " %%_x0, %0;\n\t" "mov." #v1 " %%_x1, %1;\n\t" "mov." #v2 " %%_x2, %2;\n\t" __PTX_INJECT_LOAD_i_##b3("mov." #v3 " %%_x3, %3;\n\t", "setp.ne.u32 %%_x3, %3, 0;\n\t") "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// _x1 m " #r1 " " t1 " " l1 "\n\t" "// _x2 m " #r2 " " t2 " " l2 "\n\t" "// _x3 i " #r3 " " t3 " " l3 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "mov." #v2 " %2, %%_x2;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "+" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)), "+" #c2(__PTX_INJECT_VIEW_OUT_##b2(e2)) : #c3(__PTX_INJECT_VIEW_IN_##b3(e3) __PTX_INJECT_VIEW_IN_END_##b3))
#define __PTX_INJECT_B_3_1_0(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2, r3,v3,c3,b3,t3,l3,e3) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" ".reg ." #r3 " %%_x3;\n\t" "mov." #v0 " %%_x0, %0;\n\t" "mov." #v1 " %%_x1, %1;\n\t" "mov." #v2 " %%_x2, %2;\n\t" "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// _x1 m " #r1 " " t1 " " l1 "\n\t" "// _x2 m " #r2 " " t2 " " l2 "\n\t" "// _x3 o " #r3 " " t3 " " l3 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "mov." #v2 " %2, %%_x2;\n\t" "mov." #v3 " %3, %%_x3;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "+" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)), "+" #c2(__PTX_INJECT_VIEW_OUT_##b2(e2)), "=" #c3(__PTX_INJECT_VIEW_OUT_##b3(e3)) : )
#define __PTX_INJECT_B_4_0_0(name, r0,v0,c0,b0,t0,l0,e0, r1,v1,c1,b1,t1,l1,e1, r2,v2,c2,b2,t2,l2,e2, r3,v3,c3,b3,t3,l3,e3) asm volatile("{\n\t" ".reg ." #r0 " %%_x0;\n\t" ".reg ." #r1 " %%_x1;\n\t" ".reg ." #r2 " %%_x2;\n\t" ".reg ." #r3 " %%_x3;\n\t" "mov." #v0 " %%_x0, %0;\n\t" "mov." #v1 " %%_x1, %1;\n\t" "mov." #v2 " %%_x2, %2;\n\t" "mov." #v3 " %%_x3, %3;\n\t" "// PTX_INJECT_START " name "\n\t" "// _x0 m " #r0 " " t0 " " l0 "\n\t" "// _x1 m " #r1 " " t1 " " l1 "\n\t" "// _x2 m " #r2 " " t2 " " l2 "\n\t" "// _x3 m " #r3 " " t3 " " l3 "\n\t" "// PTX_INJECT_END\n\t" "mov." #v0 " %0, %%_x0;\n\t" "mov." #v1 " %1, %%_x1;\n\t" "mov." #v2 " %2, %%_x2;\n\t" "mov." #v3 " %3, %%_x3;\n\t" "}" : "+" #c0(__PTX_INJECT_VIEW_OUT_##b0(e0)), "+" #c1(__PTX_INJECT_VIEW_OUT_##b1(e1)), "+" #c2(__PTX_INJECT_VIEW_OUT_##b2(e2)), "+" #c3(__PTX_INJECT_VIEW_OUT_##b3(e3)) : )

/* SITE_N(name, operands...), wider sites: the asm of the operands sorted by
 * kind: mods, outs, ins. Up to 8 operands, SITE_N and ASM_N name every
 * operand and item themselves (fewer macro calls and copies of the list);
 * wider sites walk them with EACH_N and EACHK_N. The items come out of the
 * sort as one argument: ASM_FWD splits them. */
#define __PTX_INJECT_ASM_FWD(name, ASM, ...) ASM(name, , __VA_ARGS__)
#define __PTX_INJECT_SITE_5(name, k1, a1, k2, a2, k3, a3, k4, a4, k5, a5, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_5, ~ __PTX_INJECT_M##a1 __PTX_INJECT_M##a2 __PTX_INJECT_M##a3 __PTX_INJECT_M##a4 __PTX_INJECT_M##a5 __PTX_INJECT_O##a1 __PTX_INJECT_O##a2 __PTX_INJECT_O##a3 __PTX_INJECT_O##a4 __PTX_INJECT_O##a5 __PTX_INJECT_I##a1 __PTX_INJECT_I##a2 __PTX_INJECT_I##a3 __PTX_INJECT_I##a4 __PTX_INJECT_I##a5)
#define __PTX_INJECT_SITE_6(name, k1, a1, k2, a2, k3, a3, k4, a4, k5, a5, k6, a6, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_6, ~ __PTX_INJECT_M##a1 __PTX_INJECT_M##a2 __PTX_INJECT_M##a3 __PTX_INJECT_M##a4 __PTX_INJECT_M##a5 __PTX_INJECT_M##a6 __PTX_INJECT_O##a1 __PTX_INJECT_O##a2 __PTX_INJECT_O##a3 __PTX_INJECT_O##a4 __PTX_INJECT_O##a5 __PTX_INJECT_O##a6 __PTX_INJECT_I##a1 __PTX_INJECT_I##a2 __PTX_INJECT_I##a3 __PTX_INJECT_I##a4 __PTX_INJECT_I##a5 __PTX_INJECT_I##a6)
#define __PTX_INJECT_SITE_7(name, k1, a1, k2, a2, k3, a3, k4, a4, k5, a5, k6, a6, k7, a7, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_7, ~ __PTX_INJECT_M##a1 __PTX_INJECT_M##a2 __PTX_INJECT_M##a3 __PTX_INJECT_M##a4 __PTX_INJECT_M##a5 __PTX_INJECT_M##a6 __PTX_INJECT_M##a7 __PTX_INJECT_O##a1 __PTX_INJECT_O##a2 __PTX_INJECT_O##a3 __PTX_INJECT_O##a4 __PTX_INJECT_O##a5 __PTX_INJECT_O##a6 __PTX_INJECT_O##a7 __PTX_INJECT_I##a1 __PTX_INJECT_I##a2 __PTX_INJECT_I##a3 __PTX_INJECT_I##a4 __PTX_INJECT_I##a5 __PTX_INJECT_I##a6 __PTX_INJECT_I##a7)
#define __PTX_INJECT_SITE_8(name, k1, a1, k2, a2, k3, a3, k4, a4, k5, a5, k6, a6, k7, a7, k8, a8, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_8, ~ __PTX_INJECT_M##a1 __PTX_INJECT_M##a2 __PTX_INJECT_M##a3 __PTX_INJECT_M##a4 __PTX_INJECT_M##a5 __PTX_INJECT_M##a6 __PTX_INJECT_M##a7 __PTX_INJECT_M##a8 __PTX_INJECT_O##a1 __PTX_INJECT_O##a2 __PTX_INJECT_O##a3 __PTX_INJECT_O##a4 __PTX_INJECT_O##a5 __PTX_INJECT_O##a6 __PTX_INJECT_O##a7 __PTX_INJECT_O##a8 __PTX_INJECT_I##a1 __PTX_INJECT_I##a2 __PTX_INJECT_I##a3 __PTX_INJECT_I##a4 __PTX_INJECT_I##a5 __PTX_INJECT_I##a6 __PTX_INJECT_I##a7 __PTX_INJECT_I##a8)
#define __PTX_INJECT_SITE_9(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_9, ~ __PTX_INJECT_EACH_9(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_9(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_9(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_10(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_10, ~ __PTX_INJECT_EACH_10(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_10(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_10(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_11(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_11, ~ __PTX_INJECT_EACH_11(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_11(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_11(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_12(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_12, ~ __PTX_INJECT_EACH_12(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_12(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_12(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_13(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_13, ~ __PTX_INJECT_EACH_13(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_13(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_13(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_14(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_14, ~ __PTX_INJECT_EACH_14(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_14(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_14(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_15(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_15, ~ __PTX_INJECT_EACH_15(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_15(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_15(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_16(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_16, ~ __PTX_INJECT_EACH_16(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_16(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_16(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_17(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_17, ~ __PTX_INJECT_EACH_17(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_17(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_17(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_18(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_18, ~ __PTX_INJECT_EACH_18(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_18(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_18(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_19(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_19, ~ __PTX_INJECT_EACH_19(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_19(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_19(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_20(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_20, ~ __PTX_INJECT_EACH_20(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_20(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_20(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_21(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_21, ~ __PTX_INJECT_EACH_21(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_21(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_21(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_22(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_22, ~ __PTX_INJECT_EACH_22(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_22(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_22(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_23(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_23, ~ __PTX_INJECT_EACH_23(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_23(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_23(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_24(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_24, ~ __PTX_INJECT_EACH_24(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_24(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_24(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_25(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_25, ~ __PTX_INJECT_EACH_25(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_25(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_25(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_26(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_26, ~ __PTX_INJECT_EACH_26(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_26(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_26(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_27(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_27, ~ __PTX_INJECT_EACH_27(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_27(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_27(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_28(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_28, ~ __PTX_INJECT_EACH_28(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_28(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_28(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_29(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_29, ~ __PTX_INJECT_EACH_29(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_29(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_29(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_30(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_30, ~ __PTX_INJECT_EACH_30(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_30(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_30(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_31(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_31, ~ __PTX_INJECT_EACH_31(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_31(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_31(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_32(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_32, ~ __PTX_INJECT_EACH_32(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_32(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_32(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_33(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_33, ~ __PTX_INJECT_EACH_33(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_33(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_33(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_34(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_34, ~ __PTX_INJECT_EACH_34(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_34(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_34(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_35(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_35, ~ __PTX_INJECT_EACH_35(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_35(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_35(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_36(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_36, ~ __PTX_INJECT_EACH_36(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_36(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_36(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_37(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_37, ~ __PTX_INJECT_EACH_37(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_37(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_37(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_38(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_38, ~ __PTX_INJECT_EACH_38(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_38(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_38(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_39(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_39, ~ __PTX_INJECT_EACH_39(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_39(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_39(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_40(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_40, ~ __PTX_INJECT_EACH_40(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_40(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_40(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_41(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_41, ~ __PTX_INJECT_EACH_41(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_41(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_41(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_42(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_42, ~ __PTX_INJECT_EACH_42(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_42(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_42(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_43(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_43, ~ __PTX_INJECT_EACH_43(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_43(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_43(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_44(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_44, ~ __PTX_INJECT_EACH_44(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_44(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_44(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_45(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_45, ~ __PTX_INJECT_EACH_45(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_45(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_45(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_46(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_46, ~ __PTX_INJECT_EACH_46(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_46(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_46(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_47(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_47, ~ __PTX_INJECT_EACH_47(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_47(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_47(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_48(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_48, ~ __PTX_INJECT_EACH_48(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_48(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_48(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_49(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_49, ~ __PTX_INJECT_EACH_49(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_49(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_49(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_50(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_50, ~ __PTX_INJECT_EACH_50(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_50(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_50(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_51(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_51, ~ __PTX_INJECT_EACH_51(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_51(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_51(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_52(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_52, ~ __PTX_INJECT_EACH_52(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_52(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_52(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_53(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_53, ~ __PTX_INJECT_EACH_53(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_53(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_53(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_54(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_54, ~ __PTX_INJECT_EACH_54(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_54(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_54(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_55(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_55, ~ __PTX_INJECT_EACH_55(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_55(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_55(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_56(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_56, ~ __PTX_INJECT_EACH_56(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_56(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_56(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_57(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_57, ~ __PTX_INJECT_EACH_57(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_57(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_57(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_58(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_58, ~ __PTX_INJECT_EACH_58(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_58(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_58(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_59(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_59, ~ __PTX_INJECT_EACH_59(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_59(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_59(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_60(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_60, ~ __PTX_INJECT_EACH_60(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_60(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_60(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_61(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_61, ~ __PTX_INJECT_EACH_61(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_61(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_61(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_62(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_62, ~ __PTX_INJECT_EACH_62(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_62(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_62(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_63(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_63, ~ __PTX_INJECT_EACH_63(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_63(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_63(__PTX_INJECT_I, __VA_ARGS__))
#define __PTX_INJECT_SITE_64(name, ...) __PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, __PTX_INJECT_EACHK_64, ~ __PTX_INJECT_EACH_64(__PTX_INJECT_M, __VA_ARGS__) __PTX_INJECT_EACH_64(__PTX_INJECT_O, __VA_ARGS__) __PTX_INJECT_EACH_64(__PTX_INJECT_I, __VA_ARGS__))

/* ASM_N(name, , ~, b1, ..., bN): the asm of N sorted items, each numbered by
 * position. The items are already expanded: pasting each onto the empty
 * second argument keeps the preprocessor from scanning them again. */
#define __PTX_INJECT_ASM_5(name,z,_,b1,b2,b3,b4,b5) asm volatile("{\n\t" __PTX_INJECT_DECL_0 b1##z __PTX_INJECT_DECL_1 b2##z __PTX_INJECT_DECL_2 b3##z __PTX_INJECT_DECL_3 b4##z __PTX_INJECT_DECL_4 b5##z __PTX_INJECT_LOAD_0 b1##z __PTX_INJECT_LOAD_1 b2##z __PTX_INJECT_LOAD_2 b3##z __PTX_INJECT_LOAD_3 b4##z __PTX_INJECT_LOAD_4 b5##z "// PTX_INJECT_START " name "\n\t" __PTX_INJECT_MARK_0 b1##z __PTX_INJECT_MARK_1 b2##z __PTX_INJECT_MARK_2 b3##z __PTX_INJECT_MARK_3 b4##z __PTX_INJECT_MARK_4 b5##z "// PTX_INJECT_END\n\t" __PTX_INJECT_STORE_0 b1##z __PTX_INJECT_STORE_1 b2##z __PTX_INJECT_STORE_2 b3##z __PTX_INJECT_STORE_3 b4##z __PTX_INJECT_STORE_4 b5##z "}" : __PTX_INJECT_OUTPUT_0 b1##z __PTX_INJECT_OUTPUT_1 b2##z __PTX_INJECT_OUTPUT_2 b3##z __PTX_INJECT_OUTPUT_3 b4##z __PTX_INJECT_OUTPUT_4 b5##z : __PTX_INJECT_TAIL(~ __PTX_INJECT_INPUT_0 b1##z __PTX_INJECT_INPUT_1 b2##z __PTX_INJECT_INPUT_2 b3##z __PTX_INJECT_INPUT_3 b4##z __PTX_INJECT_INPUT_4 b5##z))
#define __PTX_INJECT_ASM_6(name,z,_,b1,b2,b3,b4,b5,b6) asm volatile("{\n\t" __PTX_INJECT_DECL_0 b1##z __PTX_INJECT_DECL_1 b2##z __PTX_INJECT_DECL_2 b3##z __PTX_INJECT_DECL_3 b4##z __PTX_INJECT_DECL_4 b5##z __PTX_INJECT_DECL_5 b6##z __PTX_INJECT_LOAD_0 b1##z __PTX_INJECT_LOAD_1 b2##z __PTX_INJECT_LOAD_2 b3##z __PTX_INJECT_LOAD_3 b4##z __PTX_INJECT_LOAD_4 b5##z __PTX_INJECT_LOAD_5 b6##z "// PTX_INJECT_START " name "\n\t" __PTX_INJECT_MARK_0 b1##z __PTX_INJECT_MARK_1 b2##z __PTX_INJECT_MARK_2 b3##z __PTX_INJECT_MARK_3 b4##z __PTX_INJECT_MARK_4 b5##z __PTX_INJECT_MARK_5 b6##z "// PTX_INJECT_END\n\t" __PTX_INJECT_STORE_0 b1##z __PTX_INJECT_STORE_1 b2##z __PTX_INJECT_STORE_2 b3##z __PTX_INJECT_STORE_3 b4##z __PTX_INJECT_STORE_4 b5##z __PTX_INJECT_STORE_5 b6##z "}" : __PTX_INJECT_OUTPUT_0 b1##z __PTX_INJECT_OUTPUT_1 b2##z __PTX_INJECT_OUTPUT_2 b3##z __PTX_INJECT_OUTPUT_3 b4##z __PTX_INJECT_OUTPUT_4 b5##z __PTX_INJECT_OUTPUT_5 b6##z : __PTX_INJECT_TAIL(~ __PTX_INJECT_INPUT_0 b1##z __PTX_INJECT_INPUT_1 b2##z __PTX_INJECT_INPUT_2 b3##z __PTX_INJECT_INPUT_3 b4##z __PTX_INJECT_INPUT_4 b5##z __PTX_INJECT_INPUT_5 b6##z))
#define __PTX_INJECT_ASM_7(name,z,_,b1,b2,b3,b4,b5,b6,b7) asm volatile("{\n\t" __PTX_INJECT_DECL_0 b1##z __PTX_INJECT_DECL_1 b2##z __PTX_INJECT_DECL_2 b3##z __PTX_INJECT_DECL_3 b4##z __PTX_INJECT_DECL_4 b5##z __PTX_INJECT_DECL_5 b6##z __PTX_INJECT_DECL_6 b7##z __PTX_INJECT_LOAD_0 b1##z __PTX_INJECT_LOAD_1 b2##z __PTX_INJECT_LOAD_2 b3##z __PTX_INJECT_LOAD_3 b4##z __PTX_INJECT_LOAD_4 b5##z __PTX_INJECT_LOAD_5 b6##z __PTX_INJECT_LOAD_6 b7##z "// PTX_INJECT_START " name "\n\t" __PTX_INJECT_MARK_0 b1##z __PTX_INJECT_MARK_1 b2##z __PTX_INJECT_MARK_2 b3##z __PTX_INJECT_MARK_3 b4##z __PTX_INJECT_MARK_4 b5##z __PTX_INJECT_MARK_5 b6##z __PTX_INJECT_MARK_6 b7##z "// PTX_INJECT_END\n\t" __PTX_INJECT_STORE_0 b1##z __PTX_INJECT_STORE_1 b2##z __PTX_INJECT_STORE_2 b3##z __PTX_INJECT_STORE_3 b4##z __PTX_INJECT_STORE_4 b5##z __PTX_INJECT_STORE_5 b6##z __PTX_INJECT_STORE_6 b7##z "}" : __PTX_INJECT_OUTPUT_0 b1##z __PTX_INJECT_OUTPUT_1 b2##z __PTX_INJECT_OUTPUT_2 b3##z __PTX_INJECT_OUTPUT_3 b4##z __PTX_INJECT_OUTPUT_4 b5##z __PTX_INJECT_OUTPUT_5 b6##z __PTX_INJECT_OUTPUT_6 b7##z : __PTX_INJECT_TAIL(~ __PTX_INJECT_INPUT_0 b1##z __PTX_INJECT_INPUT_1 b2##z __PTX_INJECT_INPUT_2 b3##z __PTX_INJECT_INPUT_3 b4##z __PTX_INJECT_INPUT_4 b5##z __PTX_INJECT_INPUT_5 b6##z __PTX_INJECT_INPUT_6 b7##z))
#define __PTX_INJECT_ASM_8(name,z,_,b1,b2,b3,b4,b5,b6,b7,b8) asm volatile("{\n\t" __PTX_INJECT_DECL_0 b1##z __PTX_INJECT_DECL_1 b2##z __PTX_INJECT_DECL_2 b3##z __PTX_INJECT_DECL_3 b4##z __PTX_INJECT_DECL_4 b5##z __PTX_INJECT_DECL_5 b6##z __PTX_INJECT_DECL_6 b7##z __PTX_INJECT_DECL_7 b8##z __PTX_INJECT_LOAD_0 b1##z __PTX_INJECT_LOAD_1 b2##z __PTX_INJECT_LOAD_2 b3##z __PTX_INJECT_LOAD_3 b4##z __PTX_INJECT_LOAD_4 b5##z __PTX_INJECT_LOAD_5 b6##z __PTX_INJECT_LOAD_6 b7##z __PTX_INJECT_LOAD_7 b8##z "// PTX_INJECT_START " name "\n\t" __PTX_INJECT_MARK_0 b1##z __PTX_INJECT_MARK_1 b2##z __PTX_INJECT_MARK_2 b3##z __PTX_INJECT_MARK_3 b4##z __PTX_INJECT_MARK_4 b5##z __PTX_INJECT_MARK_5 b6##z __PTX_INJECT_MARK_6 b7##z __PTX_INJECT_MARK_7 b8##z "// PTX_INJECT_END\n\t" __PTX_INJECT_STORE_0 b1##z __PTX_INJECT_STORE_1 b2##z __PTX_INJECT_STORE_2 b3##z __PTX_INJECT_STORE_3 b4##z __PTX_INJECT_STORE_4 b5##z __PTX_INJECT_STORE_5 b6##z __PTX_INJECT_STORE_6 b7##z __PTX_INJECT_STORE_7 b8##z "}" : __PTX_INJECT_OUTPUT_0 b1##z __PTX_INJECT_OUTPUT_1 b2##z __PTX_INJECT_OUTPUT_2 b3##z __PTX_INJECT_OUTPUT_3 b4##z __PTX_INJECT_OUTPUT_4 b5##z __PTX_INJECT_OUTPUT_5 b6##z __PTX_INJECT_OUTPUT_6 b7##z __PTX_INJECT_OUTPUT_7 b8##z : __PTX_INJECT_TAIL(~ __PTX_INJECT_INPUT_0 b1##z __PTX_INJECT_INPUT_1 b2##z __PTX_INJECT_INPUT_2 b3##z __PTX_INJECT_INPUT_3 b4##z __PTX_INJECT_INPUT_4 b5##z __PTX_INJECT_INPUT_5 b6##z __PTX_INJECT_INPUT_6 b7##z __PTX_INJECT_INPUT_7 b8##z))

/* EACH_N(F, k1, a1, ..., kN, aN): F##a1 ... F##aN, each operand's head pasted
 * onto F, which names the macro for its kind. Flat up to 16 operands. */
#define __PTX_INJECT_EACH_1(F,k1,a1,...) F##a1
#define __PTX_INJECT_EACH_2(F,k1,a1,k2,a2,...) F##a1 F##a2
#define __PTX_INJECT_EACH_3(F,k1,a1,k2,a2,k3,a3,...) F##a1 F##a2 F##a3
#define __PTX_INJECT_EACH_4(F,k1,a1,k2,a2,k3,a3,k4,a4,...) F##a1 F##a2 F##a3 F##a4
#define __PTX_INJECT_EACH_5(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,...) F##a1 F##a2 F##a3 F##a4 F##a5
#define __PTX_INJECT_EACH_6(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6
#define __PTX_INJECT_EACH_7(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7
#define __PTX_INJECT_EACH_8(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8
#define __PTX_INJECT_EACH_9(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9
#define __PTX_INJECT_EACH_10(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10
#define __PTX_INJECT_EACH_11(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11
#define __PTX_INJECT_EACH_12(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12
#define __PTX_INJECT_EACH_13(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13
#define __PTX_INJECT_EACH_14(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14
#define __PTX_INJECT_EACH_15(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15
#define __PTX_INJECT_EACH_16(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16
#define __PTX_INJECT_EACH_17(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_1(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_18(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_2(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_19(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_3(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_20(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_4(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_21(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_5(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_22(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_6(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_23(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_7(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_24(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_8(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_25(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_9(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_26(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_10(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_27(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_11(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_28(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_12(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_29(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_13(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_30(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_14(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_31(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_15(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_32(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_16(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_33(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_17(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_34(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_18(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_35(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_19(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_36(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_20(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_37(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_21(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_38(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_22(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_39(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_23(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_40(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_24(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_41(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_25(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_42(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_26(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_43(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_27(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_44(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_28(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_45(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_29(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_46(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_30(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_47(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_31(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_48(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_32(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_49(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_33(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_50(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_34(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_51(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_35(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_52(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_36(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_53(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_37(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_54(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_38(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_55(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_39(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_56(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_40(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_57(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_41(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_58(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_42(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_59(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_43(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_60(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_44(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_61(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_45(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_62(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_46(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_63(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_47(F,__VA_ARGS__)
#define __PTX_INJECT_EACH_64(F,k1,a1,k2,a2,k3,a3,k4,a4,k5,a5,k6,a6,k7,a7,k8,a8,k9,a9,k10,a10,k11,a11,k12,a12,k13,a13,k14,a14,k15,a15,k16,a16,...) F##a1 F##a2 F##a3 F##a4 F##a5 F##a6 F##a7 F##a8 F##a9 F##a10 F##a11 F##a12 F##a13 F##a14 F##a15 F##a16 __PTX_INJECT_EACH_48(F,__VA_ARGS__)

/* EACHK_N(F, , ~, b1, ..., bN): F##0 b1 ... F##N-1 bN, the sorted items
 * numbered by position, for ASM_WALK, as in ASM_N. */
#define __PTX_INJECT_EACHK_9(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z
#define __PTX_INJECT_EACHK_10(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z
#define __PTX_INJECT_EACHK_11(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z
#define __PTX_INJECT_EACHK_12(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z
#define __PTX_INJECT_EACHK_13(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z
#define __PTX_INJECT_EACHK_14(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z
#define __PTX_INJECT_EACHK_15(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z
#define __PTX_INJECT_EACHK_16(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z
#define __PTX_INJECT_EACHK_17(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z
#define __PTX_INJECT_EACHK_18(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z
#define __PTX_INJECT_EACHK_19(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z
#define __PTX_INJECT_EACHK_20(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z
#define __PTX_INJECT_EACHK_21(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z
#define __PTX_INJECT_EACHK_22(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z
#define __PTX_INJECT_EACHK_23(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z
#define __PTX_INJECT_EACHK_24(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z
#define __PTX_INJECT_EACHK_25(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z
#define __PTX_INJECT_EACHK_26(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z
#define __PTX_INJECT_EACHK_27(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z
#define __PTX_INJECT_EACHK_28(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z
#define __PTX_INJECT_EACHK_29(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z
#define __PTX_INJECT_EACHK_30(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z
#define __PTX_INJECT_EACHK_31(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z
#define __PTX_INJECT_EACHK_32(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z
#define __PTX_INJECT_EACHK_33(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z
#define __PTX_INJECT_EACHK_34(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z
#define __PTX_INJECT_EACHK_35(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z
#define __PTX_INJECT_EACHK_36(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z
#define __PTX_INJECT_EACHK_37(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z
#define __PTX_INJECT_EACHK_38(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z
#define __PTX_INJECT_EACHK_39(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z
#define __PTX_INJECT_EACHK_40(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z
#define __PTX_INJECT_EACHK_41(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z
#define __PTX_INJECT_EACHK_42(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z
#define __PTX_INJECT_EACHK_43(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z
#define __PTX_INJECT_EACHK_44(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z
#define __PTX_INJECT_EACHK_45(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z
#define __PTX_INJECT_EACHK_46(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45,b46) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z F##45 b46##z
#define __PTX_INJECT_EACHK_47(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45,b46,b47) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z F##45 b46##z F##46 b47##z
#define __PTX_INJECT_EACHK_48(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45,b46,b47,b48) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z F##45 b46##z F##46 b47##z F##47 b48##z
#define __PTX_INJECT_EACHK_49(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45,b46,b47,b48,b49) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z F##45 b46##z F##46 b47##z F##47 b48##z F##48 b49##z
#define __PTX_INJECT_EACHK_50(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45,b46,b47,b48,b49,b50) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z F##45 b46##z F##46 b47##z F##47 b48##z F##48 b49##z F##49 b50##z
#define __PTX_INJECT_EACHK_51(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45,b46,b47,b48,b49,b50,b51) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z F##45 b46##z F##46 b47##z F##47 b48##z F##48 b49##z F##49 b50##z F##50 b51##z
#define __PTX_INJECT_EACHK_52(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45,b46,b47,b48,b49,b50,b51,b52) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z F##45 b46##z F##46 b47##z F##47 b48##z F##48 b49##z F##49 b50##z F##50 b51##z F##51 b52##z
#define __PTX_INJECT_EACHK_53(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45,b46,b47,b48,b49,b50,b51,b52,b53) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z F##45 b46##z F##46 b47##z F##47 b48##z F##48 b49##z F##49 b50##z F##50 b51##z F##51 b52##z F##52 b53##z
#define __PTX_INJECT_EACHK_54(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45,b46,b47,b48,b49,b50,b51,b52,b53,b54) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z F##45 b46##z F##46 b47##z F##47 b48##z F##48 b49##z F##49 b50##z F##50 b51##z F##51 b52##z F##52 b53##z F##53 b54##z
#define __PTX_INJECT_EACHK_55(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45,b46,b47,b48,b49,b50,b51,b52,b53,b54,b55) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z F##45 b46##z F##46 b47##z F##47 b48##z F##48 b49##z F##49 b50##z F##50 b51##z F##51 b52##z F##52 b53##z F##53 b54##z F##54 b55##z
#define __PTX_INJECT_EACHK_56(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45,b46,b47,b48,b49,b50,b51,b52,b53,b54,b55,b56) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z F##45 b46##z F##46 b47##z F##47 b48##z F##48 b49##z F##49 b50##z F##50 b51##z F##51 b52##z F##52 b53##z F##53 b54##z F##54 b55##z F##55 b56##z
#define __PTX_INJECT_EACHK_57(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45,b46,b47,b48,b49,b50,b51,b52,b53,b54,b55,b56,b57) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z F##45 b46##z F##46 b47##z F##47 b48##z F##48 b49##z F##49 b50##z F##50 b51##z F##51 b52##z F##52 b53##z F##53 b54##z F##54 b55##z F##55 b56##z F##56 b57##z
#define __PTX_INJECT_EACHK_58(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45,b46,b47,b48,b49,b50,b51,b52,b53,b54,b55,b56,b57,b58) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z F##45 b46##z F##46 b47##z F##47 b48##z F##48 b49##z F##49 b50##z F##50 b51##z F##51 b52##z F##52 b53##z F##53 b54##z F##54 b55##z F##55 b56##z F##56 b57##z F##57 b58##z
#define __PTX_INJECT_EACHK_59(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45,b46,b47,b48,b49,b50,b51,b52,b53,b54,b55,b56,b57,b58,b59) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z F##45 b46##z F##46 b47##z F##47 b48##z F##48 b49##z F##49 b50##z F##50 b51##z F##51 b52##z F##52 b53##z F##53 b54##z F##54 b55##z F##55 b56##z F##56 b57##z F##57 b58##z F##58 b59##z
#define __PTX_INJECT_EACHK_60(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45,b46,b47,b48,b49,b50,b51,b52,b53,b54,b55,b56,b57,b58,b59,b60) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z F##45 b46##z F##46 b47##z F##47 b48##z F##48 b49##z F##49 b50##z F##50 b51##z F##51 b52##z F##52 b53##z F##53 b54##z F##54 b55##z F##55 b56##z F##56 b57##z F##57 b58##z F##58 b59##z F##59 b60##z
#define __PTX_INJECT_EACHK_61(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45,b46,b47,b48,b49,b50,b51,b52,b53,b54,b55,b56,b57,b58,b59,b60,b61) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z F##45 b46##z F##46 b47##z F##47 b48##z F##48 b49##z F##49 b50##z F##50 b51##z F##51 b52##z F##52 b53##z F##53 b54##z F##54 b55##z F##55 b56##z F##56 b57##z F##57 b58##z F##58 b59##z F##59 b60##z F##60 b61##z
#define __PTX_INJECT_EACHK_62(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45,b46,b47,b48,b49,b50,b51,b52,b53,b54,b55,b56,b57,b58,b59,b60,b61,b62) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z F##45 b46##z F##46 b47##z F##47 b48##z F##48 b49##z F##49 b50##z F##50 b51##z F##51 b52##z F##52 b53##z F##53 b54##z F##54 b55##z F##55 b56##z F##56 b57##z F##57 b58##z F##58 b59##z F##59 b60##z F##60 b61##z F##61 b62##z
#define __PTX_INJECT_EACHK_63(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45,b46,b47,b48,b49,b50,b51,b52,b53,b54,b55,b56,b57,b58,b59,b60,b61,b62,b63) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z F##45 b46##z F##46 b47##z F##47 b48##z F##48 b49##z F##49 b50##z F##50 b51##z F##51 b52##z F##52 b53##z F##53 b54##z F##54 b55##z F##55 b56##z F##56 b57##z F##57 b58##z F##58 b59##z F##59 b60##z F##60 b61##z F##61 b62##z F##62 b63##z
#define __PTX_INJECT_EACHK_64(F,z,_,b1,b2,b3,b4,b5,b6,b7,b8,b9,b10,b11,b12,b13,b14,b15,b16,b17,b18,b19,b20,b21,b22,b23,b24,b25,b26,b27,b28,b29,b30,b31,b32,b33,b34,b35,b36,b37,b38,b39,b40,b41,b42,b43,b44,b45,b46,b47,b48,b49,b50,b51,b52,b53,b54,b55,b56,b57,b58,b59,b60,b61,b62,b63,b64) F##0 b1##z F##1 b2##z F##2 b3##z F##3 b4##z F##4 b5##z F##5 b6##z F##6 b7##z F##7 b8##z F##8 b9##z F##9 b10##z F##10 b11##z F##11 b12##z F##12 b13##z F##13 b14##z F##14 b15##z F##15 b16##z F##16 b17##z F##17 b18##z F##18 b19##z F##19 b20##z F##20 b21##z F##21 b22##z F##22 b23##z F##23 b24##z F##24 b25##z F##25 b26##z F##26 b27##z F##27 b28##z F##28 b29##z F##29 b30##z F##30 b31##z F##31 b32##z F##32 b33##z F##33 b34##z F##34 b35##z F##35 b36##z F##36 b37##z F##37 b38##z F##38 b39##z F##39 b40##z F##40 b41##z F##41 b42##z F##42 b43##z F##43 b44##z F##44 b45##z F##45 b46##z F##46 b47##z F##47 b48##z F##48 b49##z F##49 b50##z F##50 b51##z F##51 b52##z F##52 b53##z F##53 b54##z F##54 b55##z F##55 b56##z F##56 b57##z F##57 b58##z F##58 b59##z F##59 b60##z F##60 b61##z F##61 b62##z F##62 b63##z F##63 b64##z

/* The pieces of the asm for the item numbered K: (kind, register type, mov
 * postfix, constraint, bind kind, "TYPE", "label", expr). */
#define __PTX_INJECT_DECL_0(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x0;\n\t"
#define __PTX_INJECT_LOAD_0(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x0, %0;\n\t", "setp.ne.u32 %%_x0, %0, 0;\n\t")
#define __PTX_INJECT_MARK_0(k, r, m, c, b, T, l, e) "// _x0 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_0(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %0, %%_x0;\n\t", "selp.u32 %0, 1, 0, %%_x0;\n\t")
#define __PTX_INJECT_OUTPUT_0(k, r, m, c, b, T, l, e) __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_0(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_1(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x1;\n\t"
#define __PTX_INJECT_LOAD_1(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x1, %1;\n\t", "setp.ne.u32 %%_x1, %1, 0;\n\t")
#define __PTX_INJECT_MARK_1(k, r, m, c, b, T, l, e) "// _x1 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_1(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %1, %%_x1;\n\t", "selp.u32 %1, 1, 0, %%_x1;\n\t")
#define __PTX_INJECT_OUTPUT_1(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_1(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_2(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x2;\n\t"
#define __PTX_INJECT_LOAD_2(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x2, %2;\n\t", "setp.ne.u32 %%_x2, %2, 0;\n\t")
#define __PTX_INJECT_MARK_2(k, r, m, c, b, T, l, e) "// _x2 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_2(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %2, %%_x2;\n\t", "selp.u32 %2, 1, 0, %%_x2;\n\t")
#define __PTX_INJECT_OUTPUT_2(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_2(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_3(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x3;\n\t"
#define __PTX_INJECT_LOAD_3(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x3, %3;\n\t", "setp.ne.u32 %%_x3, %3, 0;\n\t")
#define __PTX_INJECT_MARK_3(k, r, m, c, b, T, l, e) "// _x3 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_3(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %3, %%_x3;\n\t", "selp.u32 %3, 1, 0, %%_x3;\n\t")
#define __PTX_INJECT_OUTPUT_3(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_3(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_4(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x4;\n\t"
#define __PTX_INJECT_LOAD_4(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x4, %4;\n\t", "setp.ne.u32 %%_x4, %4, 0;\n\t")
#define __PTX_INJECT_MARK_4(k, r, m, c, b, T, l, e) "// _x4 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_4(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %4, %%_x4;\n\t", "selp.u32 %4, 1, 0, %%_x4;\n\t")
#define __PTX_INJECT_OUTPUT_4(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_4(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_5(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x5;\n\t"
#define __PTX_INJECT_LOAD_5(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x5, %5;\n\t", "setp.ne.u32 %%_x5, %5, 0;\n\t")
#define __PTX_INJECT_MARK_5(k, r, m, c, b, T, l, e) "// _x5 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_5(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %5, %%_x5;\n\t", "selp.u32 %5, 1, 0, %%_x5;\n\t")
#define __PTX_INJECT_OUTPUT_5(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_5(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_6(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x6;\n\t"
#define __PTX_INJECT_LOAD_6(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x6, %6;\n\t", "setp.ne.u32 %%_x6, %6, 0;\n\t")
#define __PTX_INJECT_MARK_6(k, r, m, c, b, T, l, e) "// _x6 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_6(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %6, %%_x6;\n\t", "selp.u32 %6, 1, 0, %%_x6;\n\t")
#define __PTX_INJECT_OUTPUT_6(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_6(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_7(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x7;\n\t"
#define __PTX_INJECT_LOAD_7(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x7, %7;\n\t", "setp.ne.u32 %%_x7, %7, 0;\n\t")
#define __PTX_INJECT_MARK_7(k, r, m, c, b, T, l, e) "// _x7 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_7(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %7, %%_x7;\n\t", "selp.u32 %7, 1, 0, %%_x7;\n\t")
#define __PTX_INJECT_OUTPUT_7(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_7(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_8(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x8;\n\t"
#define __PTX_INJECT_LOAD_8(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x8, %8;\n\t", "setp.ne.u32 %%_x8, %8, 0;\n\t")
#define __PTX_INJECT_MARK_8(k, r, m, c, b, T, l, e) "// _x8 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_8(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %8, %%_x8;\n\t", "selp.u32 %8, 1, 0, %%_x8;\n\t")
#define __PTX_INJECT_OUTPUT_8(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_8(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_9(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x9;\n\t"
#define __PTX_INJECT_LOAD_9(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x9, %9;\n\t", "setp.ne.u32 %%_x9, %9, 0;\n\t")
#define __PTX_INJECT_MARK_9(k, r, m, c, b, T, l, e) "// _x9 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_9(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %9, %%_x9;\n\t", "selp.u32 %9, 1, 0, %%_x9;\n\t")
#define __PTX_INJECT_OUTPUT_9(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_9(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_10(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x10;\n\t"
#define __PTX_INJECT_LOAD_10(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x10, %10;\n\t", "setp.ne.u32 %%_x10, %10, 0;\n\t")
#define __PTX_INJECT_MARK_10(k, r, m, c, b, T, l, e) "// _x10 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_10(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %10, %%_x10;\n\t", "selp.u32 %10, 1, 0, %%_x10;\n\t")
#define __PTX_INJECT_OUTPUT_10(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_10(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_11(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x11;\n\t"
#define __PTX_INJECT_LOAD_11(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x11, %11;\n\t", "setp.ne.u32 %%_x11, %11, 0;\n\t")
#define __PTX_INJECT_MARK_11(k, r, m, c, b, T, l, e) "// _x11 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_11(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %11, %%_x11;\n\t", "selp.u32 %11, 1, 0, %%_x11;\n\t")
#define __PTX_INJECT_OUTPUT_11(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_11(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_12(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x12;\n\t"
#define __PTX_INJECT_LOAD_12(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x12, %12;\n\t", "setp.ne.u32 %%_x12, %12, 0;\n\t")
#define __PTX_INJECT_MARK_12(k, r, m, c, b, T, l, e) "// _x12 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_12(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %12, %%_x12;\n\t", "selp.u32 %12, 1, 0, %%_x12;\n\t")
#define __PTX_INJECT_OUTPUT_12(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_12(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_13(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x13;\n\t"
#define __PTX_INJECT_LOAD_13(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x13, %13;\n\t", "setp.ne.u32 %%_x13, %13, 0;\n\t")
#define __PTX_INJECT_MARK_13(k, r, m, c, b, T, l, e) "// _x13 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_13(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %13, %%_x13;\n\t", "selp.u32 %13, 1, 0, %%_x13;\n\t")
#define __PTX_INJECT_OUTPUT_13(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_13(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_14(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x14;\n\t"
#define __PTX_INJECT_LOAD_14(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x14, %14;\n\t", "setp.ne.u32 %%_x14, %14, 0;\n\t")
#define __PTX_INJECT_MARK_14(k, r, m, c, b, T, l, e) "// _x14 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_14(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %14, %%_x14;\n\t", "selp.u32 %14, 1, 0, %%_x14;\n\t")
#define __PTX_INJECT_OUTPUT_14(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_14(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_15(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x15;\n\t"
#define __PTX_INJECT_LOAD_15(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x15, %15;\n\t", "setp.ne.u32 %%_x15, %15, 0;\n\t")
#define __PTX_INJECT_MARK_15(k, r, m, c, b, T, l, e) "// _x15 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_15(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %15, %%_x15;\n\t", "selp.u32 %15, 1, 0, %%_x15;\n\t")
#define __PTX_INJECT_OUTPUT_15(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_15(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_16(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x16;\n\t"
#define __PTX_INJECT_LOAD_16(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x16, %16;\n\t", "setp.ne.u32 %%_x16, %16, 0;\n\t")
#define __PTX_INJECT_MARK_16(k, r, m, c, b, T, l, e) "// _x16 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_16(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %16, %%_x16;\n\t", "selp.u32 %16, 1, 0, %%_x16;\n\t")
#define __PTX_INJECT_OUTPUT_16(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_16(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_17(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x17;\n\t"
#define __PTX_INJECT_LOAD_17(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x17, %17;\n\t", "setp.ne.u32 %%_x17, %17, 0;\n\t")
#define __PTX_INJECT_MARK_17(k, r, m, c, b, T, l, e) "// _x17 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_17(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %17, %%_x17;\n\t", "selp.u32 %17, 1, 0, %%_x17;\n\t")
#define __PTX_INJECT_OUTPUT_17(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_17(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_18(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x18;\n\t"
#define __PTX_INJECT_LOAD_18(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x18, %18;\n\t", "setp.ne.u32 %%_x18, %18, 0;\n\t")
#define __PTX_INJECT_MARK_18(k, r, m, c, b, T, l, e) "// _x18 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_18(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %18, %%_x18;\n\t", "selp.u32 %18, 1, 0, %%_x18;\n\t")
#define __PTX_INJECT_OUTPUT_18(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_18(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_19(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x19;\n\t"
#define __PTX_INJECT_LOAD_19(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x19, %19;\n\t", "setp.ne.u32 %%_x19, %19, 0;\n\t")
#define __PTX_INJECT_MARK_19(k, r, m, c, b, T, l, e) "// _x19 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_19(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %19, %%_x19;\n\t", "selp.u32 %19, 1, 0, %%_x19;\n\t")
#define __PTX_INJECT_OUTPUT_19(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_19(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_20(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x20;\n\t"
#define __PTX_INJECT_LOAD_20(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x20, %20;\n\t", "setp.ne.u32 %%_x20, %20, 0;\n\t")
#define __PTX_INJECT_MARK_20(k, r, m, c, b, T, l, e) "// _x20 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_20(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %20, %%_x20;\n\t", "selp.u32 %20, 1, 0, %%_x20;\n\t")
#define __PTX_INJECT_OUTPUT_20(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_20(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_21(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x21;\n\t"
#define __PTX_INJECT_LOAD_21(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x21, %21;\n\t", "setp.ne.u32 %%_x21, %21, 0;\n\t")
#define __PTX_INJECT_MARK_21(k, r, m, c, b, T, l, e) "// _x21 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_21(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %21, %%_x21;\n\t", "selp.u32 %21, 1, 0, %%_x21;\n\t")
#define __PTX_INJECT_OUTPUT_21(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_21(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_22(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x22;\n\t"
#define __PTX_INJECT_LOAD_22(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x22, %22;\n\t", "setp.ne.u32 %%_x22, %22, 0;\n\t")
#define __PTX_INJECT_MARK_22(k, r, m, c, b, T, l, e) "// _x22 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_22(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %22, %%_x22;\n\t", "selp.u32 %22, 1, 0, %%_x22;\n\t")
#define __PTX_INJECT_OUTPUT_22(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_22(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_23(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x23;\n\t"
#define __PTX_INJECT_LOAD_23(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x23, %23;\n\t", "setp.ne.u32 %%_x23, %23, 0;\n\t")
#define __PTX_INJECT_MARK_23(k, r, m, c, b, T, l, e) "// _x23 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_23(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %23, %%_x23;\n\t", "selp.u32 %23, 1, 0, %%_x23;\n\t")
#define __PTX_INJECT_OUTPUT_23(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_23(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_24(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x24;\n\t"
#define __PTX_INJECT_LOAD_24(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x24, %24;\n\t", "setp.ne.u32 %%_x24, %24, 0;\n\t")
#define __PTX_INJECT_MARK_24(k, r, m, c, b, T, l, e) "// _x24 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_24(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %24, %%_x24;\n\t", "selp.u32 %24, 1, 0, %%_x24;\n\t")
#define __PTX_INJECT_OUTPUT_24(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_24(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_25(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x25;\n\t"
#define __PTX_INJECT_LOAD_25(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x25, %25;\n\t", "setp.ne.u32 %%_x25, %25, 0;\n\t")
#define __PTX_INJECT_MARK_25(k, r, m, c, b, T, l, e) "// _x25 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_25(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %25, %%_x25;\n\t", "selp.u32 %25, 1, 0, %%_x25;\n\t")
#define __PTX_INJECT_OUTPUT_25(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_25(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_26(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x26;\n\t"
#define __PTX_INJECT_LOAD_26(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x26, %26;\n\t", "setp.ne.u32 %%_x26, %26, 0;\n\t")
#define __PTX_INJECT_MARK_26(k, r, m, c, b, T, l, e) "// _x26 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_26(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %26, %%_x26;\n\t", "selp.u32 %26, 1, 0, %%_x26;\n\t")
#define __PTX_INJECT_OUTPUT_26(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_26(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_27(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x27;\n\t"
#define __PTX_INJECT_LOAD_27(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x27, %27;\n\t", "setp.ne.u32 %%_x27, %27, 0;\n\t")
#define __PTX_INJECT_MARK_27(k, r, m, c, b, T, l, e) "// _x27 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_27(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %27, %%_x27;\n\t", "selp.u32 %27, 1, 0, %%_x27;\n\t")
#define __PTX_INJECT_OUTPUT_27(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_27(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_28(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x28;\n\t"
#define __PTX_INJECT_LOAD_28(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x28, %28;\n\t", "setp.ne.u32 %%_x28, %28, 0;\n\t")
#define __PTX_INJECT_MARK_28(k, r, m, c, b, T, l, e) "// _x28 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_28(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %28, %%_x28;\n\t", "selp.u32 %28, 1, 0, %%_x28;\n\t")
#define __PTX_INJECT_OUTPUT_28(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_28(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_29(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x29;\n\t"
#define __PTX_INJECT_LOAD_29(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x29, %29;\n\t", "setp.ne.u32 %%_x29, %29, 0;\n\t")
#define __PTX_INJECT_MARK_29(k, r, m, c, b, T, l, e) "// _x29 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_29(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %29, %%_x29;\n\t", "selp.u32 %29, 1, 0, %%_x29;\n\t")
#define __PTX_INJECT_OUTPUT_29(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_29(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_30(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x30;\n\t"
#define __PTX_INJECT_LOAD_30(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x30, %30;\n\t", "setp.ne.u32 %%_x30, %30, 0;\n\t")
#define __PTX_INJECT_MARK_30(k, r, m, c, b, T, l, e) "// _x30 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_30(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %30, %%_x30;\n\t", "selp.u32 %30, 1, 0, %%_x30;\n\t")
#define __PTX_INJECT_OUTPUT_30(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_30(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_31(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x31;\n\t"
#define __PTX_INJECT_LOAD_31(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x31, %31;\n\t", "setp.ne.u32 %%_x31, %31, 0;\n\t")
#define __PTX_INJECT_MARK_31(k, r, m, c, b, T, l, e) "// _x31 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_31(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %31, %%_x31;\n\t", "selp.u32 %31, 1, 0, %%_x31;\n\t")
#define __PTX_INJECT_OUTPUT_31(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_31(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_32(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x32;\n\t"
#define __PTX_INJECT_LOAD_32(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x32, %32;\n\t", "setp.ne.u32 %%_x32, %32, 0;\n\t")
#define __PTX_INJECT_MARK_32(k, r, m, c, b, T, l, e) "// _x32 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_32(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %32, %%_x32;\n\t", "selp.u32 %32, 1, 0, %%_x32;\n\t")
#define __PTX_INJECT_OUTPUT_32(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_32(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_33(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x33;\n\t"
#define __PTX_INJECT_LOAD_33(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x33, %33;\n\t", "setp.ne.u32 %%_x33, %33, 0;\n\t")
#define __PTX_INJECT_MARK_33(k, r, m, c, b, T, l, e) "// _x33 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_33(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %33, %%_x33;\n\t", "selp.u32 %33, 1, 0, %%_x33;\n\t")
#define __PTX_INJECT_OUTPUT_33(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_33(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_34(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x34;\n\t"
#define __PTX_INJECT_LOAD_34(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x34, %34;\n\t", "setp.ne.u32 %%_x34, %34, 0;\n\t")
#define __PTX_INJECT_MARK_34(k, r, m, c, b, T, l, e) "// _x34 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_34(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %34, %%_x34;\n\t", "selp.u32 %34, 1, 0, %%_x34;\n\t")
#define __PTX_INJECT_OUTPUT_34(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_34(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_35(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x35;\n\t"
#define __PTX_INJECT_LOAD_35(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x35, %35;\n\t", "setp.ne.u32 %%_x35, %35, 0;\n\t")
#define __PTX_INJECT_MARK_35(k, r, m, c, b, T, l, e) "// _x35 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_35(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %35, %%_x35;\n\t", "selp.u32 %35, 1, 0, %%_x35;\n\t")
#define __PTX_INJECT_OUTPUT_35(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_35(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_36(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x36;\n\t"
#define __PTX_INJECT_LOAD_36(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x36, %36;\n\t", "setp.ne.u32 %%_x36, %36, 0;\n\t")
#define __PTX_INJECT_MARK_36(k, r, m, c, b, T, l, e) "// _x36 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_36(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %36, %%_x36;\n\t", "selp.u32 %36, 1, 0, %%_x36;\n\t")
#define __PTX_INJECT_OUTPUT_36(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_36(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_37(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x37;\n\t"
#define __PTX_INJECT_LOAD_37(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x37, %37;\n\t", "setp.ne.u32 %%_x37, %37, 0;\n\t")
#define __PTX_INJECT_MARK_37(k, r, m, c, b, T, l, e) "// _x37 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_37(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %37, %%_x37;\n\t", "selp.u32 %37, 1, 0, %%_x37;\n\t")
#define __PTX_INJECT_OUTPUT_37(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_37(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_38(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x38;\n\t"
#define __PTX_INJECT_LOAD_38(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x38, %38;\n\t", "setp.ne.u32 %%_x38, %38, 0;\n\t")
#define __PTX_INJECT_MARK_38(k, r, m, c, b, T, l, e) "// _x38 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_38(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %38, %%_x38;\n\t", "selp.u32 %38, 1, 0, %%_x38;\n\t")
#define __PTX_INJECT_OUTPUT_38(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_38(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_39(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x39;\n\t"
#define __PTX_INJECT_LOAD_39(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x39, %39;\n\t", "setp.ne.u32 %%_x39, %39, 0;\n\t")
#define __PTX_INJECT_MARK_39(k, r, m, c, b, T, l, e) "// _x39 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_39(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %39, %%_x39;\n\t", "selp.u32 %39, 1, 0, %%_x39;\n\t")
#define __PTX_INJECT_OUTPUT_39(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_39(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_40(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x40;\n\t"
#define __PTX_INJECT_LOAD_40(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x40, %40;\n\t", "setp.ne.u32 %%_x40, %40, 0;\n\t")
#define __PTX_INJECT_MARK_40(k, r, m, c, b, T, l, e) "// _x40 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_40(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %40, %%_x40;\n\t", "selp.u32 %40, 1, 0, %%_x40;\n\t")
#define __PTX_INJECT_OUTPUT_40(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_40(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_41(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x41;\n\t"
#define __PTX_INJECT_LOAD_41(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x41, %41;\n\t", "setp.ne.u32 %%_x41, %41, 0;\n\t")
#define __PTX_INJECT_MARK_41(k, r, m, c, b, T, l, e) "// _x41 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_41(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %41, %%_x41;\n\t", "selp.u32 %41, 1, 0, %%_x41;\n\t")
#define __PTX_INJECT_OUTPUT_41(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_41(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_42(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x42;\n\t"
#define __PTX_INJECT_LOAD_42(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x42, %42;\n\t", "setp.ne.u32 %%_x42, %42, 0;\n\t")
#define __PTX_INJECT_MARK_42(k, r, m, c, b, T, l, e) "// _x42 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_42(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %42, %%_x42;\n\t", "selp.u32 %42, 1, 0, %%_x42;\n\t")
#define __PTX_INJECT_OUTPUT_42(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_42(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_43(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x43;\n\t"
#define __PTX_INJECT_LOAD_43(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x43, %43;\n\t", "setp.ne.u32 %%_x43, %43, 0;\n\t")
#define __PTX_INJECT_MARK_43(k, r, m, c, b, T, l, e) "// _x43 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_43(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %43, %%_x43;\n\t", "selp.u32 %43, 1, 0, %%_x43;\n\t")
#define __PTX_INJECT_OUTPUT_43(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_43(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_44(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x44;\n\t"
#define __PTX_INJECT_LOAD_44(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x44, %44;\n\t", "setp.ne.u32 %%_x44, %44, 0;\n\t")
#define __PTX_INJECT_MARK_44(k, r, m, c, b, T, l, e) "// _x44 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_44(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %44, %%_x44;\n\t", "selp.u32 %44, 1, 0, %%_x44;\n\t")
#define __PTX_INJECT_OUTPUT_44(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_44(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_45(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x45;\n\t"
#define __PTX_INJECT_LOAD_45(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x45, %45;\n\t", "setp.ne.u32 %%_x45, %45, 0;\n\t")
#define __PTX_INJECT_MARK_45(k, r, m, c, b, T, l, e) "// _x45 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_45(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %45, %%_x45;\n\t", "selp.u32 %45, 1, 0, %%_x45;\n\t")
#define __PTX_INJECT_OUTPUT_45(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_45(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_46(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x46;\n\t"
#define __PTX_INJECT_LOAD_46(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x46, %46;\n\t", "setp.ne.u32 %%_x46, %46, 0;\n\t")
#define __PTX_INJECT_MARK_46(k, r, m, c, b, T, l, e) "// _x46 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_46(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %46, %%_x46;\n\t", "selp.u32 %46, 1, 0, %%_x46;\n\t")
#define __PTX_INJECT_OUTPUT_46(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_46(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_47(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x47;\n\t"
#define __PTX_INJECT_LOAD_47(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x47, %47;\n\t", "setp.ne.u32 %%_x47, %47, 0;\n\t")
#define __PTX_INJECT_MARK_47(k, r, m, c, b, T, l, e) "// _x47 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_47(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %47, %%_x47;\n\t", "selp.u32 %47, 1, 0, %%_x47;\n\t")
#define __PTX_INJECT_OUTPUT_47(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_47(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_48(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x48;\n\t"
#define __PTX_INJECT_LOAD_48(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x48, %48;\n\t", "setp.ne.u32 %%_x48, %48, 0;\n\t")
#define __PTX_INJECT_MARK_48(k, r, m, c, b, T, l, e) "// _x48 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_48(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %48, %%_x48;\n\t", "selp.u32 %48, 1, 0, %%_x48;\n\t")
#define __PTX_INJECT_OUTPUT_48(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_48(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_49(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x49;\n\t"
#define __PTX_INJECT_LOAD_49(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x49, %49;\n\t", "setp.ne.u32 %%_x49, %49, 0;\n\t")
#define __PTX_INJECT_MARK_49(k, r, m, c, b, T, l, e) "// _x49 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_49(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %49, %%_x49;\n\t", "selp.u32 %49, 1, 0, %%_x49;\n\t")
#define __PTX_INJECT_OUTPUT_49(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_49(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_50(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x50;\n\t"
#define __PTX_INJECT_LOAD_50(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x50, %50;\n\t", "setp.ne.u32 %%_x50, %50, 0;\n\t")
#define __PTX_INJECT_MARK_50(k, r, m, c, b, T, l, e) "// _x50 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_50(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %50, %%_x50;\n\t", "selp.u32 %50, 1, 0, %%_x50;\n\t")
#define __PTX_INJECT_OUTPUT_50(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_50(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_51(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x51;\n\t"
#define __PTX_INJECT_LOAD_51(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x51, %51;\n\t", "setp.ne.u32 %%_x51, %51, 0;\n\t")
#define __PTX_INJECT_MARK_51(k, r, m, c, b, T, l, e) "// _x51 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_51(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %51, %%_x51;\n\t", "selp.u32 %51, 1, 0, %%_x51;\n\t")
#define __PTX_INJECT_OUTPUT_51(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_51(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_52(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x52;\n\t"
#define __PTX_INJECT_LOAD_52(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x52, %52;\n\t", "setp.ne.u32 %%_x52, %52, 0;\n\t")
#define __PTX_INJECT_MARK_52(k, r, m, c, b, T, l, e) "// _x52 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_52(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %52, %%_x52;\n\t", "selp.u32 %52, 1, 0, %%_x52;\n\t")
#define __PTX_INJECT_OUTPUT_52(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_52(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_53(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x53;\n\t"
#define __PTX_INJECT_LOAD_53(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x53, %53;\n\t", "setp.ne.u32 %%_x53, %53, 0;\n\t")
#define __PTX_INJECT_MARK_53(k, r, m, c, b, T, l, e) "// _x53 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_53(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %53, %%_x53;\n\t", "selp.u32 %53, 1, 0, %%_x53;\n\t")
#define __PTX_INJECT_OUTPUT_53(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_53(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_54(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x54;\n\t"
#define __PTX_INJECT_LOAD_54(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x54, %54;\n\t", "setp.ne.u32 %%_x54, %54, 0;\n\t")
#define __PTX_INJECT_MARK_54(k, r, m, c, b, T, l, e) "// _x54 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_54(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %54, %%_x54;\n\t", "selp.u32 %54, 1, 0, %%_x54;\n\t")
#define __PTX_INJECT_OUTPUT_54(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_54(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_55(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x55;\n\t"
#define __PTX_INJECT_LOAD_55(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x55, %55;\n\t", "setp.ne.u32 %%_x55, %55, 0;\n\t")
#define __PTX_INJECT_MARK_55(k, r, m, c, b, T, l, e) "// _x55 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_55(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %55, %%_x55;\n\t", "selp.u32 %55, 1, 0, %%_x55;\n\t")
#define __PTX_INJECT_OUTPUT_55(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_55(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_56(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x56;\n\t"
#define __PTX_INJECT_LOAD_56(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x56, %56;\n\t", "setp.ne.u32 %%_x56, %56, 0;\n\t")
#define __PTX_INJECT_MARK_56(k, r, m, c, b, T, l, e) "// _x56 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_56(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %56, %%_x56;\n\t", "selp.u32 %56, 1, 0, %%_x56;\n\t")
#define __PTX_INJECT_OUTPUT_56(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_56(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_57(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x57;\n\t"
#define __PTX_INJECT_LOAD_57(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x57, %57;\n\t", "setp.ne.u32 %%_x57, %57, 0;\n\t")
#define __PTX_INJECT_MARK_57(k, r, m, c, b, T, l, e) "// _x57 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_57(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %57, %%_x57;\n\t", "selp.u32 %57, 1, 0, %%_x57;\n\t")
#define __PTX_INJECT_OUTPUT_57(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_57(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_58(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x58;\n\t"
#define __PTX_INJECT_LOAD_58(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x58, %58;\n\t", "setp.ne.u32 %%_x58, %58, 0;\n\t")
#define __PTX_INJECT_MARK_58(k, r, m, c, b, T, l, e) "// _x58 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_58(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %58, %%_x58;\n\t", "selp.u32 %58, 1, 0, %%_x58;\n\t")
#define __PTX_INJECT_OUTPUT_58(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_58(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_59(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x59;\n\t"
#define __PTX_INJECT_LOAD_59(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x59, %59;\n\t", "setp.ne.u32 %%_x59, %59, 0;\n\t")
#define __PTX_INJECT_MARK_59(k, r, m, c, b, T, l, e) "// _x59 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_59(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %59, %%_x59;\n\t", "selp.u32 %59, 1, 0, %%_x59;\n\t")
#define __PTX_INJECT_OUTPUT_59(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_59(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_60(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x60;\n\t"
#define __PTX_INJECT_LOAD_60(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x60, %60;\n\t", "setp.ne.u32 %%_x60, %60, 0;\n\t")
#define __PTX_INJECT_MARK_60(k, r, m, c, b, T, l, e) "// _x60 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_60(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %60, %%_x60;\n\t", "selp.u32 %60, 1, 0, %%_x60;\n\t")
#define __PTX_INJECT_OUTPUT_60(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_60(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_61(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x61;\n\t"
#define __PTX_INJECT_LOAD_61(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x61, %61;\n\t", "setp.ne.u32 %%_x61, %61, 0;\n\t")
#define __PTX_INJECT_MARK_61(k, r, m, c, b, T, l, e) "// _x61 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_61(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %61, %%_x61;\n\t", "selp.u32 %61, 1, 0, %%_x61;\n\t")
#define __PTX_INJECT_OUTPUT_61(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_61(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_62(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x62;\n\t"
#define __PTX_INJECT_LOAD_62(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x62, %62;\n\t", "setp.ne.u32 %%_x62, %62, 0;\n\t")
#define __PTX_INJECT_MARK_62(k, r, m, c, b, T, l, e) "// _x62 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_62(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %62, %%_x62;\n\t", "selp.u32 %62, 1, 0, %%_x62;\n\t")
#define __PTX_INJECT_OUTPUT_62(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_62(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)
#define __PTX_INJECT_DECL_63(k, r, m, c, b, T, l, e) ".reg ." #r " %%_x63;\n\t"
#define __PTX_INJECT_LOAD_63(k, r, m, c, b, T, l, e) __PTX_INJECT_LOAD_##k##_##b("mov." #m " %%_x63, %63;\n\t", "setp.ne.u32 %%_x63, %63, 0;\n\t")
#define __PTX_INJECT_MARK_63(k, r, m, c, b, T, l, e) "// _x63 " #k " " #r " " T " " l "\n\t"
#define __PTX_INJECT_STORE_63(k, r, m, c, b, T, l, e) __PTX_INJECT_STORE_##k##_##b("mov." #m " %63, %%_x63;\n\t", "selp.u32 %63, 1, 0, %%_x63;\n\t")
#define __PTX_INJECT_OUTPUT_63(k, r, m, c, b, T, l, e) __PTX_INJECT_COMMA_##k __PTX_INJECT_OUTPUT_##k##_##b(#c, e)
#define __PTX_INJECT_INPUT_63(k, r, m, c, b, T, l, e) __PTX_INJECT_INPUT_##k##_##b(#c, e)

#endif /* PTX_INJECT_TYPED_SITES_H */
