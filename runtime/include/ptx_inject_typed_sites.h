/*===- ptx_inject_typed_sites.h - Typed sites without the front end ------===*
 *
 * PTX_INJECT for sites whose operands all carry a type token, under any C++
 * compiler (nvcc, nvrtc, clang, g++): plain variadic macros that emit the
 * same inline asm as the front end (DESIGN.md, "Emitted asm"), so the
 * inject tables are equal whichever route built the PTX.
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
 * How a site expands, all in the preprocessor and linear in its operands:
 * every PTX_IN/MOD/OUT becomes a tuple (kind, TYPE, "label", expr, check);
 * one walk writes the checks; three walks keep, in turn, the mods, the outs
 * and the ins (the canonical order); one walk numbers them (the stable
 * register _xK and the asm operand %K are the same K), looks their types up
 * and builds each operand's pieces of the asm; then one walk per piece
 * (declarations, moves in, marker lines, moves out, output and input
 * operands) picks it from every operand. A site holds at most 64 operands.
 * What this costs a compile is measured by utils/bench/typed-macros.
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

/* ---- Built-in type tokens: the front end's table (TypeTable::builtin). ---- */
#ifndef PTX_INJECT_NO_DEFAULT_TYPES
#define PTX_TYPE_INFO_F32 PTX_TYPES_DESC(f32, f32, f, ID)
#define PTX_TYPE_INFO_F64 PTX_TYPES_DESC(f64, f64, d, ID)
#define PTX_TYPE_INFO_S32 PTX_TYPES_DESC(s32, s32, r, ID)
#define PTX_TYPE_INFO_U32 PTX_TYPES_DESC(u32, u32, r, ID)
#define PTX_TYPE_INFO_B32 PTX_TYPES_DESC(b32, b32, r, ID)
#define PTX_TYPE_INFO_S64 PTX_TYPES_DESC(s64, s64, l, ID)
#define PTX_TYPE_INFO_U64 PTX_TYPES_DESC(u64, u64, l, ID)
#define PTX_TYPE_INFO_S16 PTX_TYPES_DESC(s16, s16, h, ID)
#define PTX_TYPE_INFO_U16 PTX_TYPES_DESC(u16, u16, h, ID)
#define PTX_TYPE_INFO_F16 PTX_TYPES_DESC(b16, b16, h, U16)
#define PTX_TYPE_INFO_BF16 PTX_TYPES_DESC(b16, b16, h, U16)
#define PTX_TYPE_INFO_F16X2 PTX_TYPES_DESC(b32, b32, r, U32)
#define PTX_TYPE_INFO_BF16X2 PTX_TYPES_DESC(b32, b32, r, U32)
#define PTX_TYPE_INFO_PRED PTX_TYPES_DESC(pred, pred, r, PRED)
#endif

#define __PTX_INJECT_CAT(a, b) __PTX_INJECT_CAT_I(a, b)
#define __PTX_INJECT_CAT_I(a, b) a##b
#define __PTX_INJECT_INC(K) __PTX_INJECT_CAT(__PTX_INJECT_INC_, K)
/* Drops the leading ~ of a computed list that starts with a comma. */
#define __PTX_INJECT_TAIL(...) __PTX_INJECT_TAIL_I(__VA_ARGS__)
#define __PTX_INJECT_TAIL_I(first, ...) __VA_ARGS__

/* ---- Operands: (kind, TYPE, "label", expr, check); kind u = no type
 * written. check: W when the label is the expression's text, which must be
 * one word to match the front end's label (it drops spaces; a macro cannot);
 * U for an untyped operand, which needs the front end; N otherwise. */
#define __PTX_INJECT_IN1(expr) (u, __PTX_INJECT_UNTYPED, "", expr, U)
#define __PTX_INJECT_IN2(type, expr) (i, type, #expr, expr, W)
#define __PTX_INJECT_IN3(type, label, expr) (i, type, #label, expr, N)
#define __PTX_INJECT_MOD1(expr) (u, __PTX_INJECT_UNTYPED, "", expr, U)
#define __PTX_INJECT_MOD2(type, expr) (m, type, #expr, expr, W)
#define __PTX_INJECT_MOD3(type, label, expr) (m, type, #label, expr, N)
#define __PTX_INJECT_OUT1(expr) (u, __PTX_INJECT_UNTYPED, "", expr, U)
#define __PTX_INJECT_OUT2(type, expr) (o, type, #expr, expr, W)
#define __PTX_INJECT_OUT3(type, label, expr) (o, type, #label, expr, N)
/* Never reaches the assembler: the site's check fails first. */
#define PTX_TYPE_INFO___PTX_INJECT_UNTYPED PTX_TYPES_DESC(b32, b32, r, ID)

/* ---- Canonical order: one walk per kind keeps that kind's operands. ---- */
#define __PTX_INJECT_KEEP_MOD(k, T, l, e, w) __PTX_INJECT_KEEP_MOD_##k(k, T, l, e)
#define __PTX_INJECT_KEEP_OUT(k, T, l, e, w) __PTX_INJECT_KEEP_OUT_##k(k, T, l, e)
#define __PTX_INJECT_KEEP_IN(k, T, l, e, w) __PTX_INJECT_KEEP_IN_##k(k, T, l, e)

/* The checks, as statements at the site (so errors point at it). */
#define __PTX_INJECT_CHECK(k, T, l, e, w) __PTX_INJECT_CHECK_##w(l)
#define __PTX_INJECT_CHECK_N(l)
#define __PTX_INJECT_CHECK_U(l)                                                \
  static_assert(sizeof(l) == 0,                                                \
                "PTX_INJECT needs the PTX Inject front end: run "              \
                "'ptxinject-rewrite FILE.cu -o OUT.cu' and compile OUT.cu, or " \
                "compile with 'clang++ -fplugin=PtxInjectPlugin.so' (without " \
                "it, write every operand's type: PTX_IN(F32, x))");
#define __PTX_INJECT_CHECK_W(l)                                                \
  static_assert(__ptx_inject_one_word(l),                                      \
                "PTX_INJECT: this operand's label is its expression, which "   \
                "must be one word (no spaces or '%'); give it a label: "       \
                "PTX_IN(TYPE, label, expr)");
#define __PTX_INJECT_KEEP(...) , (__VA_ARGS__)
#define __PTX_INJECT_DROP(...)
#define __PTX_INJECT_KEEP_MOD_m __PTX_INJECT_KEEP
#define __PTX_INJECT_KEEP_MOD_o __PTX_INJECT_DROP
#define __PTX_INJECT_KEEP_MOD_i __PTX_INJECT_DROP
#define __PTX_INJECT_KEEP_MOD_u __PTX_INJECT_DROP
#define __PTX_INJECT_KEEP_OUT_m __PTX_INJECT_DROP
#define __PTX_INJECT_KEEP_OUT_o __PTX_INJECT_KEEP
#define __PTX_INJECT_KEEP_OUT_i __PTX_INJECT_DROP
#define __PTX_INJECT_KEEP_OUT_u __PTX_INJECT_DROP
#define __PTX_INJECT_KEEP_IN_m __PTX_INJECT_DROP
#define __PTX_INJECT_KEEP_IN_o __PTX_INJECT_DROP
#define __PTX_INJECT_KEEP_IN_i __PTX_INJECT_KEEP
/* Untyped operands go last, among the ins; the site's check reports them. */
#define __PTX_INJECT_KEEP_IN_u __PTX_INJECT_KEEP

/* ---- One operand's pieces of the asm, built once, in the numbering walk:
 * ITEM(K, (kind, TYPE, "label", expr)) is the tuple
 * (declaration, move in, marker line, move out, (output), (input)), its
 * strings ready to join, a piece the operand's kind lacks left empty; the
 * walks that write the asm then only pick one field per operand. */
#define __PTX_INJECT_ITEM(K, item) __PTX_INJECT_ITEM_I(#K, __PTX_INJECT_REM item)
#define __PTX_INJECT_ITEM_I(K, operand) __PTX_INJECT_ITEM_II(K, operand)
#define __PTX_INJECT_ITEM_II(K, k, T, l, e)                                    \
  __PTX_INJECT_ITEM_TYPED(K, k, PTX_TYPE_INFO_##T, #T, l, e)
/* The type's fields split out of PTX_TYPE_INFO_<T>, then stringized. */
#define __PTX_INJECT_ITEM_TYPED(...) __PTX_INJECT_PIECES(__VA_ARGS__)
#define __PTX_INJECT_PIECES(K, k, r, m, c, b, T, l, e)                         \
  __PTX_INJECT_PIECES_##k(K, #r, #m, #c, b, T, l, e)
#define __PTX_INJECT_REM(...) __VA_ARGS__

#define __PTX_INJECT_PIECES_m(K, r, m, c, b, T, l, e)                          \
  (".reg ." r " %%_x" K ";\n\t", __PTX_INJECT_MOVE_IN_##b(K, m),               \
   "// _x" K " m " r " " T " " l "\n\t", __PTX_INJECT_MOVE_OUT_##b(K, m),       \
   (, "+" c(__PTX_INJECT_BIND_LVALUE_##b(e))), ())
#define __PTX_INJECT_PIECES_o(K, r, m, c, b, T, l, e)                          \
  (".reg ." r " %%_x" K ";\n\t", ,                                             \
   "// _x" K " o " r " " T " " l "\n\t", __PTX_INJECT_MOVE_OUT_##b(K, m),       \
   (, "=" c(__PTX_INJECT_BIND_LVALUE_##b(e))), ())
#define __PTX_INJECT_PIECES_i(K, r, m, c, b, T, l, e)                          \
  (".reg ." r " %%_x" K ";\n\t", __PTX_INJECT_MOVE_IN_##b(K, m),               \
   "// _x" K " i " r " " T " " l "\n\t", , (),                                  \
   (, c(__PTX_INJECT_BIND_VALUE_##b(e))))
/* Untyped: the site's check fails first; an input keeps the operand count. */
#define __PTX_INJECT_PIECES_u(K, r, m, c, b, T, l, e) (, , , , (), (, "r"(0)))

#define __PTX_INJECT_MOVE_IN_ID(K, m) "mov." m " %%_x" K ", %" K ";\n\t"
#define __PTX_INJECT_MOVE_IN_U16(K, m) "mov." m " %%_x" K ", %" K ";\n\t"
#define __PTX_INJECT_MOVE_IN_U32(K, m) "mov." m " %%_x" K ", %" K ";\n\t"
#define __PTX_INJECT_MOVE_IN_PRED(K, m) "setp.ne.u32 %%_x" K ", %" K ", 0;\n\t"
#define __PTX_INJECT_MOVE_OUT_ID(K, m) "mov." m " %" K ", %%_x" K ";\n\t"
#define __PTX_INJECT_MOVE_OUT_U16(K, m) "mov." m " %" K ", %%_x" K ";\n\t"
#define __PTX_INJECT_MOVE_OUT_U32(K, m) "mov." m " %" K ", %%_x" K ";\n\t"
#define __PTX_INJECT_MOVE_OUT_PRED(K, m) "selp.u32 %" K ", 1, 0, %%_x" K ";\n\t"

/* The walks' pickers. */
#define __PTX_INJECT_DECL(d, in, mark, out, o, i) d
#define __PTX_INJECT_LOAD(d, in, mark, out, o, i) in
#define __PTX_INJECT_MARK(d, in, mark, out, o, i) mark
#define __PTX_INJECT_STORE(d, in, mark, out, o, i) out
#define __PTX_INJECT_OUTPUT(d, in, mark, out, o, i) __PTX_INJECT_REM o
#define __PTX_INJECT_INPUT(d, in, mark, out, o, i) __PTX_INJECT_REM i

/* Bindings: a mod/out operand is written, so it is an lvalue (viewed through
 * an unsigned type of its size for U16/U32); an in operand may be an rvalue,
 * whose bits are copied out. A bool travels as a 32-bit 0/1 and becomes a
 * predicate inside the asm; writing one back needs the front end. */
#define __PTX_INJECT_BIND_LVALUE_ID(e) (e)
#define __PTX_INJECT_BIND_LVALUE_U16(e) (*(unsigned short *)&(e))
#define __PTX_INJECT_BIND_LVALUE_U32(e) (*(unsigned int *)&(e))
#define __PTX_INJECT_BIND_LVALUE_PRED(e) (__ptx_inject_written_bool(e))
#define __PTX_INJECT_BIND_VALUE_ID(e) (e)
#define __PTX_INJECT_BIND_VALUE_U16(e) (__ptx_inject_bits<unsigned short>(e))
#define __PTX_INJECT_BIND_VALUE_U32(e) (__ptx_inject_bits<unsigned int>(e))
#define __PTX_INJECT_BIND_VALUE_PRED(e) ((e) ? 1u : 0u)

__host__ __device__ constexpr bool __ptx_inject_one_word(const char *Text) {
  return !*Text || (*Text != ' ' && *Text != '%' &&
                    __ptx_inject_one_word(Text + 1));
}
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

/* ---- The site. ---- */
#define __PTX_INJECT_TYPED_SITE(name, ...)                                     \
  __PTX_INJECT_SORTED(name, __PTX_INJECT_COUNT(__VA_ARGS__), __VA_ARGS__)
#define __PTX_INJECT_SORTED(name, n, ...)                                      \
  do {                                                                         \
    __PTX_INJECT_CAT(__PTX_INJECT_EACH_, n)(__PTX_INJECT_CHECK, ~, __VA_ARGS__) \
    __PTX_INJECT_NUMBERED(                                                     \
        name, n,                                                               \
        ~ __PTX_INJECT_CAT(__PTX_INJECT_EACH_, n)(__PTX_INJECT_KEEP_MOD, ~,    \
                                                  __VA_ARGS__)                 \
            __PTX_INJECT_CAT(__PTX_INJECT_EACH_, n)(__PTX_INJECT_KEEP_OUT, ~,  \
                                                    __VA_ARGS__)               \
                __PTX_INJECT_CAT(__PTX_INJECT_EACH_, n)(__PTX_INJECT_KEEP_IN,  \
                                                        ~, __VA_ARGS__));      \
  } while (0)
/* Each level takes the list computed by the one before as its variadic
 * argument, which splits it into operands. */
#define __PTX_INJECT_NUMBERED(name, n, ...)                                    \
  __PTX_INJECT_ASM(name, __PTX_INJECT_CAT(__PTX_INJECT_EACH_, n),              \
                   ~ __PTX_INJECT_CAT(__PTX_INJECT_NUMBER_, n)(0, __VA_ARGS__))
#define __PTX_INJECT_ASM(name, EACH, ...)                                      \
  asm volatile("{\n\t" EACH(__PTX_INJECT_DECL, __VA_ARGS__)                    \
                   EACH(__PTX_INJECT_LOAD, __VA_ARGS__)                        \
               "// PTX_INJECT_START " name "\n\t"                              \
                   EACH(__PTX_INJECT_MARK, __VA_ARGS__)                        \
               "// PTX_INJECT_END\n\t"                                         \
                   EACH(__PTX_INJECT_STORE, __VA_ARGS__) "}"                   \
               : __PTX_INJECT_TAIL(~ EACH(__PTX_INJECT_OUTPUT, __VA_ARGS__))   \
               : __PTX_INJECT_TAIL(~ EACH(__PTX_INJECT_INPUT, __VA_ARGS__)))

/* ---- The host pass: each operand used (an in) or address-taken (written). */
#define __PTX_INJECT_HOST_SITE(...)                                            \
  __PTX_INJECT_HOST_SITE_N(__PTX_INJECT_COUNT(__VA_ARGS__), __VA_ARGS__)
#define __PTX_INJECT_HOST_SITE_N(n, ...)                                       \
  do {                                                                         \
    __PTX_INJECT_CAT(__PTX_INJECT_EACH_, n)(__PTX_INJECT_HOST_USE, ~, __VA_ARGS__) \
  } while (0)
#define __PTX_INJECT_HOST_USE(k, T, l, e, w) __PTX_INJECT_HOST_USE_##k(e)
#define __PTX_INJECT_HOST_USE_m(e) (void)&(e);
#define __PTX_INJECT_HOST_USE_o(e) (void)&(e);
#define __PTX_INJECT_HOST_USE_i(e) (void)(e);
#define __PTX_INJECT_HOST_USE_u(e) (void)sizeof(e);

/* ---- Mechanical tables (utils/gen_typed_site_tables.py). ---- */
/* Operand count, 1..64: the number of arguments. */
#define __PTX_INJECT_COUNT(...) \
  __PTX_INJECT_COUNT_I(__VA_ARGS__, 64, 63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, )
#define __PTX_INJECT_COUNT_I(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19, _20, _21, _22, _23, _24, _25, _26, _27, _28, _29, _30, _31, _32, _33, _34, _35, _36, _37, _38, _39, _40, _41, _42, _43, _44, _45, _46, _47, _48, _49, _50, _51, _52, _53, _54, _55, _56, _57, _58, _59, _60, _61, _62, _63, _64, N, ...) N

/* K -> K + 1, for numbering the stable registers. */
#define __PTX_INJECT_INC_0 1
#define __PTX_INJECT_INC_1 2
#define __PTX_INJECT_INC_2 3
#define __PTX_INJECT_INC_3 4
#define __PTX_INJECT_INC_4 5
#define __PTX_INJECT_INC_5 6
#define __PTX_INJECT_INC_6 7
#define __PTX_INJECT_INC_7 8
#define __PTX_INJECT_INC_8 9
#define __PTX_INJECT_INC_9 10
#define __PTX_INJECT_INC_10 11
#define __PTX_INJECT_INC_11 12
#define __PTX_INJECT_INC_12 13
#define __PTX_INJECT_INC_13 14
#define __PTX_INJECT_INC_14 15
#define __PTX_INJECT_INC_15 16
#define __PTX_INJECT_INC_16 17
#define __PTX_INJECT_INC_17 18
#define __PTX_INJECT_INC_18 19
#define __PTX_INJECT_INC_19 20
#define __PTX_INJECT_INC_20 21
#define __PTX_INJECT_INC_21 22
#define __PTX_INJECT_INC_22 23
#define __PTX_INJECT_INC_23 24
#define __PTX_INJECT_INC_24 25
#define __PTX_INJECT_INC_25 26
#define __PTX_INJECT_INC_26 27
#define __PTX_INJECT_INC_27 28
#define __PTX_INJECT_INC_28 29
#define __PTX_INJECT_INC_29 30
#define __PTX_INJECT_INC_30 31
#define __PTX_INJECT_INC_31 32
#define __PTX_INJECT_INC_32 33
#define __PTX_INJECT_INC_33 34
#define __PTX_INJECT_INC_34 35
#define __PTX_INJECT_INC_35 36
#define __PTX_INJECT_INC_36 37
#define __PTX_INJECT_INC_37 38
#define __PTX_INJECT_INC_38 39
#define __PTX_INJECT_INC_39 40
#define __PTX_INJECT_INC_40 41
#define __PTX_INJECT_INC_41 42
#define __PTX_INJECT_INC_42 43
#define __PTX_INJECT_INC_43 44
#define __PTX_INJECT_INC_44 45
#define __PTX_INJECT_INC_45 46
#define __PTX_INJECT_INC_46 47
#define __PTX_INJECT_INC_47 48
#define __PTX_INJECT_INC_48 49
#define __PTX_INJECT_INC_49 50
#define __PTX_INJECT_INC_50 51
#define __PTX_INJECT_INC_51 52
#define __PTX_INJECT_INC_52 53
#define __PTX_INJECT_INC_53 54
#define __PTX_INJECT_INC_54 55
#define __PTX_INJECT_INC_55 56
#define __PTX_INJECT_INC_56 57
#define __PTX_INJECT_INC_57 58
#define __PTX_INJECT_INC_58 59
#define __PTX_INJECT_INC_59 60
#define __PTX_INJECT_INC_60 61
#define __PTX_INJECT_INC_61 62
#define __PTX_INJECT_INC_62 63
#define __PTX_INJECT_INC_63 64

/* EACH_N(F, ~, a1, ..., aN): F a1 F a2 ... F aN; every a is a parenthesized
 * operand, so F a is a call. Flat, not recursive: each operand is passed
 * once, not once per remaining step. The leading ~ lets a computed list
 * start with a comma. */
#define __PTX_INJECT_EACH_1(F,_,a1) F a1
#define __PTX_INJECT_EACH_2(F,_,a1,a2) F a1 F a2
#define __PTX_INJECT_EACH_3(F,_,a1,a2,a3) F a1 F a2 F a3
#define __PTX_INJECT_EACH_4(F,_,a1,a2,a3,a4) F a1 F a2 F a3 F a4
#define __PTX_INJECT_EACH_5(F,_,a1,a2,a3,a4,a5) F a1 F a2 F a3 F a4 F a5
#define __PTX_INJECT_EACH_6(F,_,a1,a2,a3,a4,a5,a6) F a1 F a2 F a3 F a4 F a5 F a6
#define __PTX_INJECT_EACH_7(F,_,a1,a2,a3,a4,a5,a6,a7) F a1 F a2 F a3 F a4 F a5 F a6 F a7
#define __PTX_INJECT_EACH_8(F,_,a1,a2,a3,a4,a5,a6,a7,a8) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8
#define __PTX_INJECT_EACH_9(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9
#define __PTX_INJECT_EACH_10(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10
#define __PTX_INJECT_EACH_11(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11
#define __PTX_INJECT_EACH_12(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12
#define __PTX_INJECT_EACH_13(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13
#define __PTX_INJECT_EACH_14(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14
#define __PTX_INJECT_EACH_15(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15
#define __PTX_INJECT_EACH_16(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16
#define __PTX_INJECT_EACH_17(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17
#define __PTX_INJECT_EACH_18(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18
#define __PTX_INJECT_EACH_19(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19
#define __PTX_INJECT_EACH_20(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20
#define __PTX_INJECT_EACH_21(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21
#define __PTX_INJECT_EACH_22(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22
#define __PTX_INJECT_EACH_23(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23
#define __PTX_INJECT_EACH_24(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24
#define __PTX_INJECT_EACH_25(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25
#define __PTX_INJECT_EACH_26(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26
#define __PTX_INJECT_EACH_27(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27
#define __PTX_INJECT_EACH_28(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28
#define __PTX_INJECT_EACH_29(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29
#define __PTX_INJECT_EACH_30(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30
#define __PTX_INJECT_EACH_31(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31
#define __PTX_INJECT_EACH_32(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32
#define __PTX_INJECT_EACH_33(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33
#define __PTX_INJECT_EACH_34(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34
#define __PTX_INJECT_EACH_35(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35
#define __PTX_INJECT_EACH_36(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36
#define __PTX_INJECT_EACH_37(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37
#define __PTX_INJECT_EACH_38(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38
#define __PTX_INJECT_EACH_39(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39
#define __PTX_INJECT_EACH_40(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40
#define __PTX_INJECT_EACH_41(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41
#define __PTX_INJECT_EACH_42(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42
#define __PTX_INJECT_EACH_43(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43
#define __PTX_INJECT_EACH_44(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44
#define __PTX_INJECT_EACH_45(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45
#define __PTX_INJECT_EACH_46(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45 F a46
#define __PTX_INJECT_EACH_47(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45 F a46 F a47
#define __PTX_INJECT_EACH_48(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47,a48) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45 F a46 F a47 F a48
#define __PTX_INJECT_EACH_49(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47,a48,a49) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45 F a46 F a47 F a48 F a49
#define __PTX_INJECT_EACH_50(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47,a48,a49,a50) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45 F a46 F a47 F a48 F a49 F a50
#define __PTX_INJECT_EACH_51(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47,a48,a49,a50,a51) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45 F a46 F a47 F a48 F a49 F a50 F a51
#define __PTX_INJECT_EACH_52(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47,a48,a49,a50,a51,a52) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45 F a46 F a47 F a48 F a49 F a50 F a51 F a52
#define __PTX_INJECT_EACH_53(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47,a48,a49,a50,a51,a52,a53) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45 F a46 F a47 F a48 F a49 F a50 F a51 F a52 F a53
#define __PTX_INJECT_EACH_54(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47,a48,a49,a50,a51,a52,a53,a54) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45 F a46 F a47 F a48 F a49 F a50 F a51 F a52 F a53 F a54
#define __PTX_INJECT_EACH_55(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47,a48,a49,a50,a51,a52,a53,a54,a55) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45 F a46 F a47 F a48 F a49 F a50 F a51 F a52 F a53 F a54 F a55
#define __PTX_INJECT_EACH_56(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47,a48,a49,a50,a51,a52,a53,a54,a55,a56) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45 F a46 F a47 F a48 F a49 F a50 F a51 F a52 F a53 F a54 F a55 F a56
#define __PTX_INJECT_EACH_57(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47,a48,a49,a50,a51,a52,a53,a54,a55,a56,a57) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45 F a46 F a47 F a48 F a49 F a50 F a51 F a52 F a53 F a54 F a55 F a56 F a57
#define __PTX_INJECT_EACH_58(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47,a48,a49,a50,a51,a52,a53,a54,a55,a56,a57,a58) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45 F a46 F a47 F a48 F a49 F a50 F a51 F a52 F a53 F a54 F a55 F a56 F a57 F a58
#define __PTX_INJECT_EACH_59(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47,a48,a49,a50,a51,a52,a53,a54,a55,a56,a57,a58,a59) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45 F a46 F a47 F a48 F a49 F a50 F a51 F a52 F a53 F a54 F a55 F a56 F a57 F a58 F a59
#define __PTX_INJECT_EACH_60(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47,a48,a49,a50,a51,a52,a53,a54,a55,a56,a57,a58,a59,a60) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45 F a46 F a47 F a48 F a49 F a50 F a51 F a52 F a53 F a54 F a55 F a56 F a57 F a58 F a59 F a60
#define __PTX_INJECT_EACH_61(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47,a48,a49,a50,a51,a52,a53,a54,a55,a56,a57,a58,a59,a60,a61) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45 F a46 F a47 F a48 F a49 F a50 F a51 F a52 F a53 F a54 F a55 F a56 F a57 F a58 F a59 F a60 F a61
#define __PTX_INJECT_EACH_62(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47,a48,a49,a50,a51,a52,a53,a54,a55,a56,a57,a58,a59,a60,a61,a62) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45 F a46 F a47 F a48 F a49 F a50 F a51 F a52 F a53 F a54 F a55 F a56 F a57 F a58 F a59 F a60 F a61 F a62
#define __PTX_INJECT_EACH_63(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47,a48,a49,a50,a51,a52,a53,a54,a55,a56,a57,a58,a59,a60,a61,a62,a63) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45 F a46 F a47 F a48 F a49 F a50 F a51 F a52 F a53 F a54 F a55 F a56 F a57 F a58 F a59 F a60 F a61 F a62 F a63
#define __PTX_INJECT_EACH_64(F,_,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,a17,a18,a19,a20,a21,a22,a23,a24,a25,a26,a27,a28,a29,a30,a31,a32,a33,a34,a35,a36,a37,a38,a39,a40,a41,a42,a43,a44,a45,a46,a47,a48,a49,a50,a51,a52,a53,a54,a55,a56,a57,a58,a59,a60,a61,a62,a63,a64) F a1 F a2 F a3 F a4 F a5 F a6 F a7 F a8 F a9 F a10 F a11 F a12 F a13 F a14 F a15 F a16 F a17 F a18 F a19 F a20 F a21 F a22 F a23 F a24 F a25 F a26 F a27 F a28 F a29 F a30 F a31 F a32 F a33 F a34 F a35 F a36 F a37 F a38 F a39 F a40 F a41 F a42 F a43 F a44 F a45 F a46 F a47 F a48 F a49 F a50 F a51 F a52 F a53 F a54 F a55 F a56 F a57 F a58 F a59 F a60 F a61 F a62 F a63 F a64

/* NUMBER_N(K, ~, a1, ..., aN): , ITEM(K, a1), ITEM(K+1, a2), ... */
#define __PTX_INJECT_NUMBER_1(K, _, a) , __PTX_INJECT_ITEM(K, a)
#define __PTX_INJECT_NUMBER_2(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_1(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_3(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_2(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_4(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_3(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_5(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_4(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_6(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_5(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_7(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_6(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_8(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_7(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_9(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_8(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_10(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_9(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_11(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_10(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_12(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_11(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_13(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_12(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_14(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_13(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_15(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_14(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_16(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_15(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_17(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_16(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_18(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_17(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_19(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_18(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_20(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_19(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_21(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_20(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_22(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_21(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_23(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_22(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_24(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_23(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_25(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_24(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_26(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_25(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_27(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_26(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_28(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_27(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_29(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_28(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_30(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_29(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_31(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_30(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_32(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_31(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_33(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_32(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_34(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_33(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_35(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_34(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_36(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_35(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_37(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_36(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_38(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_37(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_39(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_38(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_40(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_39(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_41(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_40(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_42(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_41(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_43(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_42(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_44(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_43(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_45(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_44(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_46(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_45(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_47(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_46(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_48(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_47(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_49(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_48(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_50(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_49(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_51(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_50(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_52(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_51(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_53(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_52(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_54(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_53(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_55(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_54(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_56(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_55(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_57(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_56(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_58(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_57(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_59(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_58(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_60(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_59(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_61(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_60(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_62(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_61(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_63(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_62(__PTX_INJECT_INC(K), _, __VA_ARGS__)
#define __PTX_INJECT_NUMBER_64(K, _, a, ...) , __PTX_INJECT_ITEM(K, a) \
  __PTX_INJECT_NUMBER_63(__PTX_INJECT_INC(K), _, __VA_ARGS__)

#endif /* PTX_INJECT_TYPED_SITES_H */
