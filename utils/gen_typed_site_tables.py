#!/usr/bin/env python3
"""Writes the numbered macro tables at the end of
runtime/include/ptx_inject_typed_sites.h (everything after its line
"/* ---- Mechanical tables"), so their limit (MAX operands per site), the
signature tables of short sites (3**N permutations and one body per sorted
signature, for N up to SHORT operands) and the pieces of asm that name a
register number change in one place.

Usage: utils/gen_typed_site_tables.py [HEADER]   (rewrites HEADER in place;
default: the header in this checkout)."""
import os
import sys

MAX = 64
# Sites up to this many operands are dispatched on their signature (the
# kinds of their operands, in order): 3**N permutation macros for N operands.
SHORT = 4
# Wider sites up to this many operands get their own SITE_N and ASM_N bodies.
DIRECT = 8
# EACH_N names up to this many operands itself and passes the rest on.
CHUNK = 16
# The fields of an operand as a short site passes them: register type, mov
# postfix, constraint, bind kind, "TYPE", "label", expr.
FIELDS = "rvcbtle"
MARKER = "/* ---- Mechanical tables"


def fields(j):
    """The parameters of operand j's fields."""
    return ",".join("%s%d" % (f, j) for f in FIELDS)


def body(n_mod, n_out, n_in):
    """B_a_b_c(name, fields of the sorted operands): the asm of a short site
    whose operands are already in canonical order, every piece written."""
    kinds = "m" * n_mod + "o" * n_out + "i" * n_in
    n = len(kinds)
    decl = " ".join('".reg ." #r%d " %%%%_x%d;\\n\\t"' % (k, k) for k in range(n))
    load = []
    for k, kind in enumerate(kinds):
        mov = '"mov." #v%d " %%%%_x%d, %%%d;\\n\\t"' % (k, k, k)
        if kind == "m":
            load.append(mov)  # a PRED mod fails at its binding (written_bool)
        elif kind == "i":
            load.append('__PTX_INJECT_LOAD_i_##b%d(%s, "setp.ne.u32 %%%%_x%d, '
                        '%%%d, 0;\\n\\t")' % (k, mov, k, k))
    mark = " ".join('"// _x%d %s " #r%d " " t%d " " l%d "\\n\\t"'
                    % (k, kind, k, k, k) for k, kind in enumerate(kinds))
    store = " ".join('"mov." #v%d " %%%d, %%%%_x%d;\\n\\t"' % (k, k, k)
                     for k, kind in enumerate(kinds) if kind != "i")
    outs = ", ".join('"%s" #c%d(__PTX_INJECT_VIEW_OUT_##b%d(e%d))'
                     % ("+" if kind == "m" else "=", k, k, k)
                     for k, kind in enumerate(kinds) if kind != "i")
    ins = ", ".join('#c%d(__PTX_INJECT_VIEW_IN_##b%d(e%d) '
                    '__PTX_INJECT_VIEW_IN_END_##b%d)' % (k, k, k, k)
                    for k, kind in enumerate(kinds) if kind == "i")
    params = ", ".join(fields(k) for k in range(n))
    return ('#define __PTX_INJECT_B_%d_%d_%d(name, %s) asm volatile("{\\n\\t" '
            '%s %s "// PTX_INJECT_START " name "\\n\\t" %s '
            '"// PTX_INJECT_END\\n\\t" %s "}" : %s : %s)'
            % (n_mod, n_out, n_in, params, decl, " ".join(load), mark, store,
               outs, ins))


def short_sites():
    """S_<kinds><counts> and B_a_b_c for sites of 1..SHORT operands."""
    out = ["/* Short sites, 1..%d operands: S_<kinds><counts>(name, F##operand"
           "...) passes" % SHORT,
           " * the operands' fields, in canonical order, to the body"
           " B_<mods>_<outs>_<ins>,",
           " * which writes every piece: substituting them splits the"
           " fields. */"]
    for n in range(1, SHORT + 1):
        ops = ",".join("a%d" % i for i in range(n))
        for code in range(3 ** n):
            kinds = "".join("moi"[(code // 3 ** j) % 3] for j in range(n))
            order = sorted(range(n), key=lambda j: "moi".index(kinds[j]))
            counts = "".join(str(c) for c in range(SHORT, n - 1, -1))
            out.append("#define __PTX_INJECT_S_%s%s(name,%s,...) "
                       "__PTX_INJECT_B_%d_%d_%d(name,%s)"
                       % (kinds, counts, ops, kinds.count("m"), kinds.count("o"),
                          kinds.count("i"),
                          ",".join("a%d" % j for j in order)))
    for n in range(1, SHORT + 1):
        for n_mod in range(n + 1):
            for n_out in range(n - n_mod + 1):
                out.append(body(n_mod, n_out, n - n_mod - n_out))
    return out


def tables():
    out = [MARKER + " (utils/gen_typed_site_tables.py). ---- */"]
    # The counts PICK_N picks from, one per operand (two arguments): the
    # count pasted onto a prefix names SITE_N or EACH_N.
    counts = ", ".join("%d, ~" % n for n in range(MAX, 0, -1))
    args = ", ".join("_%d" % i for i in range(1, 2 * MAX + 1))
    # The leftover of SHORT_PICK's list that a wide site carries to WIDE.
    tail = ", ".join("%d, _" % n for n in range(SHORT, 0, -1)) + ", _"
    junk = tail.count(",") + 1
    pick = ", ".join("_%d" % i for i in range(1, 2 * MAX + junk + 1))
    short = ", ".join("_%d" % i for i in range(1, 2 * SHORT + 1))
    kinds = "##".join("_%d" % i for i in range(1, 2 * SHORT + 1, 2))
    fs = ", ".join("__PTX_INJECT_F##_%d" % i for i in range(2, 2 * SHORT + 1, 2))
    out.append("/* TYPED_SITE(name, kind, operand, ...) writes the asm of a"
               " site of 1..%d" % MAX)
    out.append(" * operands. SHORT_PICK looks at %d arguments only: pasted"
               " together, the" % (2 * SHORT + 1))
    out.append(" * kind letters of the first %d operands and the argument"
               " after them (a count" % SHORT)
    out.append(" * from the list for a short site, the next kind letter for a"
               " wider one) name")
    out.append(" * S_<kinds><count...>, the short site's permutation (below),"
               " or an alias of")
    out.append(" * WIDE_K, where the count picks among all. The operands go on"
               " pasted onto F,")
    out.append(" * which gives their fields; a wide site gets them back through"
               " W. */")
    out.append("#define __PTX_INJECT_TYPED_SITE(name, ...) \\\n  "
               "__PTX_INJECT_SHORT_PICK(name, __VA_ARGS__, %s)" % tail)
    out.append("#define __PTX_INJECT_SHORT_PICK(name, %s, NAME, ...) \\\n  "
               "__PTX_INJECT_S_##%s##NAME(name, %s, __VA_ARGS__)"
               % (short, kinds, fs))
    for kind in "imo":
        out.append("#define __PTX_INJECT_W__PTX_INJECT_F__PTX_INJECT_%s(...) "
                   "%s, __PTX_INJECT_%s(__VA_ARGS__)" % (kind, kind, kind))
        ws = ", ".join("__PTX_INJECT_W##a%d" % i for i in range(SHORT))
        out.append("#define __PTX_INJECT_WIDE_%s(name, %s, ...) "
                   "__PTX_INJECT_WIDE(name, %s, %s, __VA_ARGS__)"
                   % (kind, ", ".join("a%d" % i for i in range(SHORT)), ws,
                      kind))
    # No operand at all: the kinds pasted are the list's own "_" fillers.
    out.append("/* A site without operands: SHORT_PICK pastes only the"
               " list's fillers. */")
    out.append("#define __PTX_INJECT_S_%s(name, ...) \\\n  "
               "static_assert(sizeof(char) == 0, \"PTX_INJECT: a site needs at"
               " least one operand: add PTX_IN(TYPE, x), PTX_MOD(TYPE, y) or"
               " PTX_OUT(TYPE, z)\")" % ("_" * SHORT))
    for code in range(3 ** (SHORT + 1)):
        sig = "".join("moi"[(code // 3 ** j) % 3] for j in range(SHORT + 1))
        out.append("#define __PTX_INJECT_S_%s __PTX_INJECT_WIDE_%s"
                   % (sig, sig[-1]))
    out.append("/* WIDE(name, operands..., the %d left of SHORT_PICK's list)"
               " picks SITE_N by" % junk)
    out.append(" * count; PICK_EACH(operands...) names EACH_N alike. PICK_N"
               " pastes the count")
    out.append(" * it picks onto its prefix P. */")
    out.append("#define __PTX_INJECT_PICK_N(P, %s, NAME, ...) P##NAME" % pick)
    out.append("#define __PTX_INJECT_WIDE(name, ...) \\\n  "
               "__PTX_INJECT_PICK_N(__PTX_INJECT_SITE_, __VA_ARGS__, %s)"
               "(name, __VA_ARGS__)" % counts)
    out.append("#define __PTX_INJECT_PICK_EACH(...) \\\n  __PTX_INJECT_PICK_N("
               "__PTX_INJECT_EACH_, __VA_ARGS__, %s, %s)" % (tail, counts))
    # More than MAX operands: where the count would be, PICK_N finds a
    # filler "_" of the list or (past MAX + 4 operands) an operand's head.
    out.append("/* A site of more than %d operands: where its count would be,"
               " PICK_N finds" % MAX)
    out.append(" * a \"_\" of SHORT_PICK's list or an operand's head, which"
               " name the error")
    out.append(" * instead of SITE_N (or EACH_N for the host pass). */")
    out.append("#define __PTX_INJECT_TOO_MANY(...) \\\n  "
               "static_assert(sizeof(char) == 0, \"PTX_INJECT: a site holds at"
               " most %d operands without the PTX Inject front end: run"
               " 'ptxinject-rewrite FILE.cu -o OUT.cu' and compile OUT.cu, or"
               " compile with 'clang++ -fplugin=PtxInjectPlugin.so', or split"
               " the site\")" % MAX)
    out.append("#define __PTX_INJECT_TOO_MANY_HOST(...) __PTX_INJECT_TOO_MANY();")
    out.append("#define __PTX_INJECT_SITE__ __PTX_INJECT_TOO_MANY")
    out.append("#define __PTX_INJECT_EACH__ __PTX_INJECT_TOO_MANY_HOST")
    for kind in "imo":
        out.append("#define __PTX_INJECT_SITE___PTX_INJECT_%s(...) "
                   "__PTX_INJECT_TOO_MANY" % kind)
        out.append("#define __PTX_INJECT_EACH___PTX_INJECT_%s(...) "
                   "__PTX_INJECT_TOO_MANY_HOST" % kind)
    out.append("")
    out += short_sites()
    out.append("")
    out.append("/* SITE_N(name, operands...), wider sites: the asm of the"
               " operands sorted by")
    out.append(" * kind: mods, outs, ins. Up to %d operands, SITE_N and ASM_N"
               " name every" % DIRECT)
    out.append(" * operand and item themselves (fewer macro calls and copies of"
               " the list);")
    out.append(" * wider sites walk them with EACH_N and EACHK_N. The items come"
               " out of the")
    out.append(" * sort as one argument: ASM_FWD splits them. */")
    out.append("#define __PTX_INJECT_ASM_FWD(name, ASM, ...) ASM(name, , "
               "__VA_ARGS__)")
    for n in range(SHORT + 1, DIRECT + 1):
        ops = ", ".join("k%d, a%d" % (i, i) for i in range(1, n + 1)) + ", ..."
        walk = lambda f: " ".join("__PTX_INJECT_%s##a%d" % (f, i)
                                  for i in range(1, n + 1))
        out.append(
            "#define __PTX_INJECT_SITE_%d(name, %s) "
            "__PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_%d, ~ %s %s %s)"
            % (n, ops, n, walk("M"), walk("O"), walk("I")))
    for n in range(DIRECT + 1, MAX + 1):
        each = "__PTX_INJECT_EACH_%d" % n
        out.append(
            "#define __PTX_INJECT_SITE_%d(name, ...) "
            "__PTX_INJECT_ASM_FWD(name, __PTX_INJECT_ASM_WALK, "
            "__PTX_INJECT_EACHK_%d, ~ %s(__PTX_INJECT_M, __VA_ARGS__) "
            "%s(__PTX_INJECT_O, __VA_ARGS__) %s(__PTX_INJECT_I, __VA_ARGS__))"
            % (n, n, each, each, each))
    out.append("")
    out.append("/* ASM_N(name, , ~, b1, ..., bN): the asm of N sorted items,"
               " each numbered by")
    out.append(" * position. The items are already expanded: pasting each onto"
               " the empty")
    out.append(" * second argument keeps the preprocessor from scanning them"
               " again. */")
    for n in range(SHORT + 1, DIRECT + 1):
        items = ",".join("b%d" % i for i in range(1, n + 1))
        sec = lambda f: " ".join("__PTX_INJECT_%s_%d b%d##z" % (f, i - 1, i)
                                 for i in range(1, n + 1))
        out.append(
            '#define __PTX_INJECT_ASM_%d(name,z,_,%s) asm volatile("{\\n\\t" %s '
            '%s "// PTX_INJECT_START " name "\\n\\t" %s "// PTX_INJECT_END\\n\\t" '
            '%s "}" : %s : __PTX_INJECT_TAIL(~ %s))'
            % (n, items, sec("DECL"), sec("LOAD"), sec("MARK"), sec("STORE"),
               sec("OUTPUT"), sec("INPUT")))
    out.append("")
    out.append("/* EACH_N(F, k1, a1, ..., kN, aN): F##a1 ... F##aN, each"
               " operand's head pasted")
    out.append(" * onto F, which names the macro for its kind. Flat up to %d"
               " operands. */" % CHUNK)
    for n in range(1, MAX + 1):
        # Past CHUNK operands, a walk names CHUNK and passes the rest on,
        # which keeps the header small.
        m = min(n, CHUNK)
        params = ",".join("k%d,a%d" % (i, i) for i in range(1, m + 1)) + ",..."
        body = " ".join("F##a%d" % i for i in range(1, m + 1))
        if n > m:
            body += " __PTX_INJECT_EACH_%d(F,__VA_ARGS__)" % (n - m)
        out.append("#define __PTX_INJECT_EACH_%d(F,%s) %s" % (n, params, body))
    out.append("")
    out.append("/* EACHK_N(F, , ~, b1, ..., bN): F##0 b1 ... F##N-1 bN, the"
               " sorted items")
    out.append(" * numbered by position, for ASM_WALK, as in ASM_N. */")
    for n in range(DIRECT + 1, MAX + 1):
        params = ",".join("b%d" % i for i in range(1, n + 1))
        body = " ".join("F##%d b%d##z" % (i - 1, i) for i in range(1, n + 1))
        out.append("#define __PTX_INJECT_EACHK_%d(F,z,_,%s) %s" % (n, params, body))
    out.append("")
    out.append("/* The pieces of the asm for the item numbered K: (kind, register"
               " type, mov")
    out.append(" * postfix, constraint, bind kind, \"TYPE\", \"label\", expr). */")
    item = "(k, r, m, c, b, T, l, e)"
    for k in range(MAX):
        out.append('#define __PTX_INJECT_DECL_%d%s ".reg ." #r " %%%%_x%d;\\n\\t"'
                   % (k, item, k))
        out.append('#define __PTX_INJECT_LOAD_%d%s __PTX_INJECT_LOAD_##k##_##b('
                   '"mov." #m " %%%%_x%d, %%%d;\\n\\t", '
                   '"setp.ne.u32 %%%%_x%d, %%%d, 0;\\n\\t")' % (k, item, k, k, k, k))
        out.append('#define __PTX_INJECT_MARK_%d%s "// _x%d " #k " " #r " " T '
                   '" " l "\\n\\t"' % (k, item, k))
        out.append('#define __PTX_INJECT_STORE_%d%s __PTX_INJECT_STORE_##k##_##b('
                   '"mov." #m " %%%d, %%%%_x%d;\\n\\t", '
                   '"selp.u32 %%%d, 1, 0, %%%%_x%d;\\n\\t")' % (k, item, k, k, k, k))
        out.append("#define __PTX_INJECT_OUTPUT_%d%s %s__PTX_INJECT_OUTPUT_"
                   "##k##_##b(#c, e)" % (k, item, "__PTX_INJECT_COMMA_##k "
                                          if k else ""))
        out.append("#define __PTX_INJECT_INPUT_%d%s __PTX_INJECT_INPUT_##k##_##b"
                   "(#c, e)" % (k, item))
    return "\n".join(out) + "\n\n#endif /* PTX_INJECT_TYPED_SITES_H */\n"


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        root, "runtime", "include", "ptx_inject_typed_sites.h")
    text = open(path).read()
    at = text.index(MARKER)
    with open(path, "w") as f:
        f.write(text[:at] + tables())


if __name__ == "__main__":
    main()
