#!/usr/bin/env python3
"""Generates Stack PTX / AST PTX headers from a JSON instruction description.

  --lang c    C header: enums, stack_ptx_encode_* macros, static tables and
              a StackPtxFastInstructionSetInfo named <prefix>_instruction_set.
  --lang cpp  C++ header: the same as constexpr values in a namespace.
  --lang ast  ast_ptx_fast_instructions.h: the f32 instructions with one f32
              result, as AST PTX enums, names, arities and encoders.
  --lang ref  the reference library's generated header: StackPtxStackInfo
              stack_ptx_stack_info, STACK_PTX_STACK_TYPE_* and the other
              enums, stack_ptx_encode_* (over stack_ptx.h).
  --lang ref-cpp  the reference library's generated C++ header: namespace
              stack_ptx, enum classes, constexpr encoders, stack_info.
  --lang ast-ref  the reference's ast_ptx_instructions.h (over ast_ptx.h).

The description format is that of data/stack_ptx_descriptions.json.
"""
import argparse
import json
import os
import re
import sys

MAX_ARGS, MAX_RETS, MAX_VEC = 4, 2, 4
CONSTANT_KINDS = {None: "STACK_PTX_FAST_CONSTANT_NONE", "f32": "STACK_PTX_FAST_CONSTANT_F32",
                  "u32": "STACK_PTX_FAST_CONSTANT_U32", "s32": "STACK_PTX_FAST_CONSTANT_S32"}


class DescriptionError(Exception):
    pass


def ident(name):
    """'add.ftz.f32' -> 'add_ftz_f32' (a C identifier, lower case)."""
    s = re.sub(r"[^0-9A-Za-z]+", "_", name).strip("_").lower()
    if not s or s[0].isdigit():
        s = "_" + s
    return s


def c_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            desc = json.load(f)
    except json.JSONDecodeError as e:
        raise DescriptionError("%s:%d:%d: error: %s" % (path, e.lineno, e.colno, e.msg))
    except OSError as e:
        raise DescriptionError("%s: error: cannot read: %s" % (path, e.strerror))

    def err(msg):
        raise DescriptionError("%s: error: %s" % (path, msg))

    stacks, stack_index = [], {}
    for s in desc.get("stack_types", []):
        if "name" not in s or "literal_prefix" not in s:
            err("a stack type needs 'name' and 'literal_prefix'")
        # constant_type says how literals print; a stack with only an
        # encoder_type takes literals of that type.
        ct = s.get("constant_type") or s.get("encoder_type")
        if ct not in CONSTANT_KINDS:
            err("stack type %s: constant_type %r is not f32, u32 or s32" % (s["name"], ct))
        stack_index[s["name"].lower()] = len(stacks)
        stacks.append({"name": s["name"], "reg": s["literal_prefix"], "constant": ct,
                       "encoder": s.get("encoder_type") or ct})
    args, arg_index = [], {}
    for a in desc.get("arg_types", []):
        st = stack_index.get(a.get("stack_type", "").lower())
        if st is None:
            err("arg type %s names unknown stack type %r" % (a.get("name"), a.get("stack_type")))
        vec = int(a.get("num_vec_elems", 0))
        if not 0 <= vec <= MAX_VEC:
            err("arg type %s: num_vec_elems must be 1 to 4" % a["name"])
        arg_index[a["name"].lower()] = len(args)
        args.append({"name": a["name"], "stack": st, "vec": vec})

    def arg(name, where):
        if name.lower() not in arg_index:
            err("%s names unknown arg type %r" % (where, name))
        return arg_index[name.lower()]

    instrs, seen = [], set()
    for i in desc.get("instructions", []):
        display = i.get("display", i["ptx"])
        if display in seen:
            err("duplicate instruction name %r; give one a distinct 'display'" % display)
        seen.add(display)
        a = [arg(x, "instruction " + display) for x in i.get("args", [])]
        r = [arg(x, "instruction " + display) for x in i.get("rets", [])]
        if len(a) > MAX_ARGS or not 1 <= len(r) <= MAX_RETS:
            err("instruction %s: at most 4 args and 1 or 2 rets" % display)
        instrs.append({"ptx": i["ptx"], "display": display, "name": i.get("name", display),
                       "args": a, "rets": r, "aligned": bool(i.get("aligned", False))})
    specials = []
    for s in desc.get("special_registers", []):
        specials.append({"ptx": s["ptx"], "display": s.get("display", s["ptx"]),
                         "arg": arg(s["arg_type"], "special register " + s["ptx"])})
    return stacks, args, instrs, specials


def header_guard(path):
    return re.sub(r"[^0-9A-Za-z]", "_", os.path.basename(path)).upper()


def emit_tables(out, prefix, stacks, args, instrs, specials, storage):
    def table(ctype, name, rows):
        out.append("%s %s %s_%s[] = {" % (storage, ctype, prefix, name))
        out.extend("    " + r + "," for r in rows or ["{0}"])
        out.append("};")

    table("StackPtxFastStackTypeInfo", "stack_types",
          ["{%s, %s, %s}" % (c_string(s["name"]), c_string(s["reg"]), CONSTANT_KINDS[s["constant"]])
           for s in stacks])
    table("StackPtxFastArgTypeInfo", "arg_types",
          ["{%s, %d, %d}" % (c_string(a["name"]), a["stack"], a["vec"]) for a in args])

    def pad(v, n):
        return "{" + ", ".join(str(x) for x in (v + [0] * n)[:n]) + "}"
    table("StackPtxFastPtxInstructionInfo", "instructions",
          ["{%s, %s, %d, %d, %s, %s, %d, 0}" % (c_string(i["ptx"]), c_string(i["display"]),
                                                len(i["args"]), len(i["rets"]),
                                                pad(i["args"], MAX_ARGS),
                                                pad(i["rets"], MAX_RETS), int(i["aligned"]))
           for i in instrs])
    table("StackPtxFastSpecialRegisterInfo", "special_registers",
          ["{%s, %d}" % (c_string(s["ptx"]), s["arg"]) for s in specials])
    out.append("%s StackPtxFastInstructionSetInfo %s_instruction_set = {" % (storage, prefix))
    out.append("    %s_stack_types, %d, %s_arg_types, %d," % (prefix, len(stacks), prefix, len(args)))
    out.append("    %s_instructions, %d, %s_special_registers, %d, 0};"
               % (prefix, len(instrs), prefix, len(specials)))


def gen_c(src, path, prefix, stacks, args, instrs, specials):
    g = header_guard(path)
    o = ["/* Generated by gen_stack_ptx_header.py from %s; do not edit. */" % os.path.basename(src),
         "#ifndef %s" % g, "#define %s" % g, "", '#include "stack_ptx_native.h"', "",
         "#if defined(__GNUC__)", "#define STACK_PTX_FAST_GENERATED_UNUSED __attribute__((unused))",
         "#else", "#define STACK_PTX_FAST_GENERATED_UNUSED", "#endif", ""]

    def enum(kind, names):
        o.append("enum {")
        o.extend("  STACK_PTX_FAST_%s_%s = %d," % (kind, ident(n).upper(), k) for k, n in enumerate(names))
        o.append("  STACK_PTX_FAST_%s_NUM_ENUMS = %d" % (kind, len(names)))
        o.append("};")
    enum("STACK_TYPE", [s["name"] for s in stacks])
    enum("ARG_TYPE", [a["name"] for a in args])
    enum("PTX_INSTRUCTION", [i["display"] for i in instrs])
    enum("SPECIAL_REGISTER", [s["ptx"] for s in specials])
    o.append("")
    for k, s in enumerate(stacks):
        enc, st = s["encoder"], "STACK_PTX_FAST_STACK_TYPE_" + ident(s["name"]).upper()
        name = ident(s["name"])
        if s["constant"] is None:
            continue
        if enc == "f32":
            o.append("#define stack_ptx_fast_encode_constant_%s(value) STACK_PTX_FAST_F32_CONSTANT(%s, value)" % (name, st))
        elif enc == "s32":
            o.append("#define stack_ptx_fast_encode_constant_%s(value) "
                     "stack_ptx_fast_encode_constant_bits(%s, (uint32_t)(int32_t)(value))" % (name, st))
        else:
            o.append("#define stack_ptx_fast_encode_constant_%s(value) "
                     "stack_ptx_fast_encode_constant_bits(%s, (uint32_t)(value))" % (name, st))
    for i in instrs:
        n = ident(i["display"])
        o.append("#define stack_ptx_fast_encode_ptx_instruction_%s "
                 "stack_ptx_fast_encode_ptx_instruction(STACK_PTX_FAST_PTX_INSTRUCTION_%s)" % (n, n.upper()))
    for s in specials:
        n = ident(s["ptx"])
        o.append("#define stack_ptx_fast_encode_special_register_%s "
                 "stack_ptx_fast_encode_special_register(STACK_PTX_FAST_SPECIAL_REGISTER_%s)" % (n, n.upper()))
    o.append("")
    emit_tables(o, prefix, stacks, args, instrs, specials, "static const STACK_PTX_FAST_GENERATED_UNUSED")
    o += ["", "#endif /* %s */" % g, ""]
    return "\n".join(o)


def gen_cpp(src, path, prefix, stacks, args, instrs, specials):
    g = header_guard(path)
    o = ["// Generated by gen_stack_ptx_header.py from %s; do not edit." % os.path.basename(src),
         "#ifndef %s" % g, "#define %s" % g, "", '#include "stack_ptx_native.h"', "",
         "namespace %s {" % prefix, ""]

    def enum(name, base, names):
        # A struct scope per enum: F32 is both a stack type and an arg type.
        o.append("struct %s {" % name)
        o.append("  enum : %s {" % base)
        o.extend("    %s = %d," % (ident(n).upper(), k) for k, n in enumerate(names))
        o.append("    NUM_ENUMS = %d" % len(names))
        o.append("  };")
        o.append("};")
    enum("StackType", "uint8_t", [s["name"] for s in stacks])
    enum("ArgType", "uint8_t", [a["name"] for a in args])
    enum("PtxInstruction", "uint16_t", [i["display"] for i in instrs])
    enum("SpecialRegister", "uint16_t", [s["ptx"] for s in specials])
    o += ["",
          "constexpr StackPtxFastInstruction ret = stack_ptx_fast_encode_return;",
          "constexpr StackPtxFastInstruction input(unsigned reg) { return stack_ptx_fast_encode_input(reg); }",
          "constexpr StackPtxFastInstruction meta_constant(uint32_t v) { return stack_ptx_fast_encode_meta_constant(v); }",
          "constexpr StackPtxFastInstruction meta(StackPtxFastMetaOp op, unsigned stack) { return stack_ptx_fast_encode_meta(op, stack); }",
          "constexpr StackPtxFastInstruction store(unsigned stack, unsigned slot) { return stack_ptx_fast_encode_store(stack, slot); }",
          "constexpr StackPtxFastInstruction load(unsigned slot) { return stack_ptx_fast_encode_load(slot); }",
          "constexpr StackPtxFastInstruction routine(unsigned r) { return stack_ptx_fast_encode_routine(r); }"]
    for s in stacks:
        if s["constant"] is None:
            continue
        n, enc = ident(s["name"]), s["encoder"]
        if enc == "f32":
            o.append("constexpr StackPtxFastInstruction constant_%s(float v) { return STACK_PTX_FAST_F32_CONSTANT(StackType::%s, v); }"
                     % (n, n.upper()))
        elif enc == "s32":
            o.append("constexpr StackPtxFastInstruction constant_%s(int32_t v) "
                     "{ return stack_ptx_fast_encode_constant_bits(StackType::%s, (uint32_t)v); }" % (n, n.upper()))
        else:
            o.append("constexpr StackPtxFastInstruction constant_%s(uint32_t v) "
                     "{ return stack_ptx_fast_encode_constant_bits(StackType::%s, v); }" % (n, n.upper()))
    o += ["", "namespace ptx {"]
    for i in instrs:
        n = ident(i["display"])
        o.append("constexpr StackPtxFastInstruction %s = stack_ptx_fast_encode_ptx_instruction(PtxInstruction::%s);"
                 % (n, n.upper()))
    o += ["} // namespace ptx", "", "namespace special {"]
    for s in specials:
        n = ident(s["ptx"])
        o.append("constexpr StackPtxFastInstruction %s = stack_ptx_fast_encode_special_register(SpecialRegister::%s);"
                 % (n, n.upper()))
    o += ["} // namespace special", ""]
    emit_tables(o, "tables", stacks, args, instrs, specials, "inline constexpr")
    o += ["", "} // namespace %s" % prefix, "", "#endif // %s" % g, ""]
    return "\n".join(o)


def ast_instructions(stacks, args, instrs):
    def is_f32(a):
        return args[a]["vec"] == 0 and stacks[args[a]["stack"]]["reg"] == "f32"
    return [i for i in instrs
            if i["args"] and all(is_f32(a) for a in i["args"]) and len(i["rets"]) == 1 and is_f32(i["rets"][0])]


def gen_ast(src, path, stacks, args, instrs):
    g = header_guard(path)
    sel = ast_instructions(stacks, args, instrs)
    o = ["/* Generated by gen_stack_ptx_header.py from %s; do not edit. */" % os.path.basename(src),
         "#ifndef %s" % g, "#define %s" % g, "", '#include "ast_ptx_native.h"', "", "enum {"]
    o.extend("  AST_PTX_FAST_INSTRUCTION_%s = %d," % (ident(i["display"]).upper(), k) for k, i in enumerate(sel))
    o += ["  AST_PTX_FAST_INSTRUCTION_NUM_ENUMS = %d" % len(sel), "};", ""]
    o.append("#if defined(__GNUC__)")
    o.append("__attribute__((unused))")
    o.append("#endif")
    o.append("static const char *const ast_ptx_fast_instruction_names[] = {")
    o.extend("    %s," % c_string(i["ptx"]) for i in sel)
    o += ["};", "#if defined(__GNUC__)", "__attribute__((unused))", "#endif",
          "static const size_t ast_ptx_fast_instruction_num_args[] = {"]
    o.extend("    %d," % len(i["args"]) for i in sel)
    o += ["};", ""]
    for i in sel:
        n = ident(i["display"])
        o.append("#define ast_ptx_fast_encode_ptx_instruction_%s "
                 "ast_ptx_fast_encode_ptx_instruction(AST_PTX_FAST_INSTRUCTION_%s)" % (n, n.upper()))
    o += ["", "#endif /* %s */" % g, ""]
    return "\n".join(o)


def ref_ident(name):
    """The reference's enum and encoder spelling: every character that is not
    a letter or digit becomes '_' ('mad.lo.u32' -> 'mad_lo_u32')."""
    return re.sub(r"[^0-9A-Za-z]", "_", name)


def ref_names(stacks, args, instrs, specials):
    """Identifier pieces of the reference's generated headers: stack and arg
    types keep their JSON names, instructions use 'name' (else 'display'),
    special registers 'display' (else 'ptx')."""
    return ([ref_ident(s["name"]) for s in stacks], [ref_ident(a["name"]) for a in args],
            [ref_ident(i["name"]) for i in instrs], [ref_ident(s["display"]) for s in specials])


def unique_stack_needs(args, instr):
    """(stack, values) per distinct stack an instruction pops, in first-use order."""
    need = {}
    for a in instr["args"]:
        need[args[a]["stack"]] = need.get(args[a]["stack"], 0) + max(1, args[a]["vec"])
    return list(need.items())[:4]


CONSTANT_FIELDS = {"f32": ("f", "float"), "s32": ("s", "int32_t"), "u32": ("u", "uint32_t")}
META_OPS = ["dup", "yank_dup", "swap", "swap_with", "replace", "drop", "clear", "rotate", "reverse"]


def gen_ref(src, path, stacks, args, instrs, specials):
    """The reference library's generated C header layout (over the
    reference-compatible stack_ptx.h): the same enum, table and encoder
    names. PTX instruction and special register encoders are objects, so a
    program can be assembled by assignment as well as by initializer."""
    g = header_guard(path)
    U = "STACK_PTX_REF_GENERATED_UNUSED"
    sn, an, iname, spn = ref_names(stacks, args, instrs, specials)
    o = ["/* Generated by gen_stack_ptx_header.py --lang ref from %s; do not edit. */" % os.path.basename(src),
         "#ifndef %s" % g, "#define %s" % g, "", "#include <stack_ptx.h>", "",
         "#if defined(__GNUC__)", "#define %s __attribute__((unused))" % U, "#else", "#define %s" % U, "#endif", "",
         "#define STACK_PTX_ARRAY_NUM_ELEMS(array) (sizeof((array)) / sizeof(*(array)))", "",
         "/* Encoders that take a value: brace initializers, as in the reference. */",
         "#define STACK_PTX_REF_ENCODE(TYPE, AUX, FIELD, VALUE) \\",
         "  { .instruction_type = (uint16_t)(TYPE), .aux = (uint16_t)(AUX), .payload = { .FIELD = (VALUE) } }",
         "#define stack_ptx_encode_return STACK_PTX_REF_ENCODE(STACK_PTX_INSTRUCTION_TYPE_RETURN, 0, u, 0)",
         "#define stack_ptx_encode_input(IDX) STACK_PTX_REF_ENCODE(STACK_PTX_INSTRUCTION_TYPE_INPUT, 0, u, (IDX))",
         "#define stack_ptx_encode_routine(IDX) STACK_PTX_REF_ENCODE(STACK_PTX_INSTRUCTION_TYPE_ROUTINE, 0, u, (IDX))",
         "#define stack_ptx_encode_store(ST, IDX) STACK_PTX_REF_ENCODE(STACK_PTX_INSTRUCTION_TYPE_STORE, (ST), u, (IDX))",
         "#define stack_ptx_encode_load(IDX) STACK_PTX_REF_ENCODE(STACK_PTX_INSTRUCTION_TYPE_LOAD, 0, u, (IDX))",
         "#define stack_ptx_encode_meta_constant(C) \\",
         "  STACK_PTX_REF_ENCODE(STACK_PTX_INSTRUCTION_TYPE_META_CONSTANT, 0, meta_constant, (C))",
         "#define STACK_PTX_REF_ENCODE_META(OP, ST) STACK_PTX_REF_ENCODE(STACK_PTX_INSTRUCTION_TYPE_META, (ST), u, (OP))"]
    for m in META_OPS:
        o.append("#define stack_ptx_encode_meta_%s(ST) STACK_PTX_REF_ENCODE_META(STACK_PTX_META_INSTRUCTION_%s, ST)"
                 % (m, m.upper()))
    o.append("")

    def enum(tname, kind, names):
        o.append("typedef enum {")
        o.extend("    STACK_PTX_%s_%s = %d," % (kind, n, k) for k, n in enumerate(names))
        o.append("    STACK_PTX_%s_NUM_ENUMS = %d" % (kind, len(names)))
        o.append("} %s;" % tname)
    enum("StackPtxStackType", "STACK_TYPE", sn)
    enum("StackPtxArgType", "ARG_TYPE", an)
    o.append("#define STACK_PTX_ARG_TYPE_NONE STACK_PTX_ARG_TYPE_NUM_ENUMS")
    enum("StackPtxPtxInstruction", "PTX_INSTRUCTION", [n.upper() for n in iname])
    enum("StackPtxSpecialRegister", "SPECIAL_REGISTER", [n.upper() for n in spn])
    o.append("")
    stack_name = lambda k: "STACK_PTX_STACK_TYPE_" + sn[k]
    arg_name = lambda k: "STACK_PTX_ARG_TYPE_" + an[k]
    instr_enum = lambda k: "STACK_PTX_PTX_INSTRUCTION_" + iname[k].upper()
    special_enum = lambda k: "STACK_PTX_SPECIAL_REGISTER_" + spn[k].upper()
    st = "static const %s" % U
    o.append("%s char *const stack_ptx_stack_literal_prefixes[] = {" % st)
    o.extend("    [%s] = %s," % (stack_name(k), c_string(s["reg"])) for k, s in enumerate(stacks))
    o.append("};")
    o.append("%s StackPtxArgTypeInfo stack_ptx_arg_type_info[] = {" % st)
    o.extend("    [%s] = { %s, %d }," % (arg_name(k), stack_name(a["stack"]), a["vec"]) for k, a in enumerate(args))
    o.append("};")
    o.append("%s char *const stack_ptx_ptx_instruction_ptx_names[] = {" % st)
    o.extend("    [%s] = %s," % (instr_enum(k), c_string(i["ptx"])) for k, i in enumerate(instrs))
    o.append("};")
    o.append("%s char *const stack_ptx_ptx_instruction_display_names[] = {" % st)
    o.extend("    [%s] = %s," % (instr_enum(k), c_string(i["display"])) for k, i in enumerate(instrs))
    o.append("};")
    o.append("%s StackPtxPtxInstructionDescriptor stack_ptx_ptx_instruction_descriptors[] = {" % st)
    for k, i in enumerate(instrs):
        need = unique_stack_needs(args, i)
        uniq = ["{ %s, %d }" % (stack_name(x), n) for x, n in need] + ["{ 0, 0 }"] * (4 - len(need))
        a = [arg_name(x) for x in i["args"]] + ["STACK_PTX_ARG_TYPE_NONE"] * (4 - len(i["args"]))
        r = [arg_name(x) for x in i["rets"]] + ["STACK_PTX_ARG_TYPE_NONE"] * (2 - len(i["rets"]))
        o.append("    [%s] = { .arg_types = { %s }, .ret_types = { %s }, "
                 ".num_unique_stacks = %d, .is_aligned = %s, .unique_stacks = { %s } },"
                 % (instr_enum(k), ", ".join(a), ", ".join(r), len(need),
                    "true" if i["aligned"] else "false", ", ".join(uniq)))
    o.append("};")
    o.append("%s char *const stack_ptx_special_register_ptx_names[] = {" % st)
    o.extend("    [%s] = %s," % (special_enum(k), c_string(s["ptx"])) for k, s in enumerate(specials))
    o.append("};")
    o.append("%s char *const stack_ptx_special_register_display_names[] = {" % st)
    o.extend("    [%s] = %s," % (special_enum(k), c_string(s["display"])) for k, s in enumerate(specials))
    o.append("};")
    o.append("%s StackPtxSpecialRegisterDescriptor stack_ptx_special_register_descriptors[] = {" % st)
    o.extend("    [%s] = { %s }," % (special_enum(k), arg_name(s["arg"])) for k, s in enumerate(specials))
    o.append("};")
    o.append("")
    for k, s in enumerate(stacks):
        if s["constant"] is None:
            continue
        field = CONSTANT_FIELDS[s["encoder"]][0]
        o.append("#define stack_ptx_encode_constant_%s(c) STACK_PTX_REF_ENCODE(STACK_PTX_INSTRUCTION_TYPE_CONSTANT, %s, %s, (c))"
                 % (sn[k].lower(), stack_name(k), field))
    for k in range(len(instrs)):
        o.append("%s StackPtxInstruction stack_ptx_encode_ptx_instruction_%s = "
                 "STACK_PTX_REF_ENCODE(STACK_PTX_INSTRUCTION_TYPE_PTX, 0, u, %s);" % (st, iname[k].lower(), instr_enum(k)))
    for k in range(len(specials)):
        o.append("%s StackPtxInstruction stack_ptx_encode_special_register_%s = "
                 "STACK_PTX_REF_ENCODE(STACK_PTX_INSTRUCTION_TYPE_SPECIAL, 0, u, %s);" % (st, spn[k].lower(), special_enum(k)))
    o.append("")
    o.append("%s StackPtxInstruction stack_ptx_ptx_instructions[] = {" % st)
    o.extend("    [%s] = STACK_PTX_REF_ENCODE(STACK_PTX_INSTRUCTION_TYPE_PTX, 0, u, %s)," % (instr_enum(k), instr_enum(k))
             for k in range(len(instrs)))
    o.append("};")
    o.append("%s StackPtxInstruction stack_ptx_special_registers[] = {" % st)
    o.extend("    [%s] = STACK_PTX_REF_ENCODE(STACK_PTX_INSTRUCTION_TYPE_SPECIAL, 0, u, %s)," % (special_enum(k), special_enum(k))
             for k in range(len(specials)))
    o.append("};")
    o += ["", "%s StackPtxStackInfo stack_ptx_stack_info = {" % st,
          "    .ptx_instruction_strings = stack_ptx_ptx_instruction_ptx_names,",
          "    .ptx_instruction_descriptors = stack_ptx_ptx_instruction_descriptors,",
          "    .num_ptx_instructions = STACK_PTX_PTX_INSTRUCTION_NUM_ENUMS,",
          "    .special_register_strings = stack_ptx_special_register_ptx_names,",
          "    .special_register_descriptors = stack_ptx_special_register_descriptors,",
          "    .num_special_registers = STACK_PTX_SPECIAL_REGISTER_NUM_ENUMS,",
          "    .stack_literal_prefixes = stack_ptx_stack_literal_prefixes,",
          "    .num_stacks = STACK_PTX_STACK_TYPE_NUM_ENUMS,",
          "    .arg_type_info = stack_ptx_arg_type_info,",
          "    .num_arg_types = STACK_PTX_ARG_TYPE_NUM_ENUMS,",
          "};", "", "#endif /* %s */" % g, ""]
    return "\n".join(o)


def gen_ref_cpp(src, path, stacks, args, instrs, specials):
    """The reference library's generated C++ header layout: namespace
    stack_ptx with enum classes, constexpr encoders and the tables, named as
    the reference names them (stack_ptx::encode_constant_u32,
    stack_ptx::stack_info)."""
    g = header_guard(path)
    sn, an, iname, spn = ref_names(stacks, args, instrs, specials)
    U = "STACK_PTX_REF_GENERATED_UNUSED"
    o = ["// Generated by gen_stack_ptx_header.py --lang ref-cpp from %s; do not edit." % os.path.basename(src),
         "#ifndef %s" % g, "#define %s" % g, "", "#include <stack_ptx.h>", "",
         "#if defined(__GNUC__)", "#define %s __attribute__((unused))" % U, "#else", "#define %s" % U, "#endif", "",
         "#ifndef STACK_PTX_ARRAY_NUM_ELEMS",
         "#define STACK_PTX_ARRAY_NUM_ELEMS(array) (sizeof((array)) / sizeof(*(array)))",
         "#endif", "", "namespace stack_ptx {", ""]

    def enum(name, names, none):
        o.append("enum class %s {" % name)
        o.extend("    %s," % n for n in names)
        o.append("    NUM_ENUMS%s" % (",\n    NONE = NUM_ENUMS" if none else ""))
        o.append("};")
        o.append("")
    enum("StackType", sn, True)
    enum("ArgType", an, True)
    enum("PtxInstruction", [n.upper() for n in iname], False)
    enum("SpecialRegister", [n.upper() for n in spn], False)
    o += ["/// One instruction word; every encoder below goes through it.",
          "constexpr StackPtxInstruction encode_word(uint16_t type, uint16_t aux, uint32_t bits) {",
          "    StackPtxInstruction instruction{};",
          "    instruction.instruction_type = type;",
          "    instruction.aux = aux;",
          "    instruction.payload.u = bits;",
          "    return instruction;",
          "}", "",
          "constexpr StackPtxInstruction encode_input(StackPtxIdx idx) {",
          "    return encode_word(STACK_PTX_INSTRUCTION_TYPE_INPUT, 0, idx);", "}",
          "constexpr StackPtxInstruction encode_routine(StackPtxIdx idx) {",
          "    return encode_word(STACK_PTX_INSTRUCTION_TYPE_ROUTINE, 0, idx);", "}",
          "constexpr StackPtxInstruction encode_store(StackType stack_type, StackPtxIdx idx) {",
          "    return encode_word(STACK_PTX_INSTRUCTION_TYPE_STORE, static_cast<StackPtxStackIdx>(stack_type), idx);", "}",
          "constexpr StackPtxInstruction encode_load(StackPtxIdx idx) {",
          "    return encode_word(STACK_PTX_INSTRUCTION_TYPE_LOAD, 0, idx);", "}",
          "constexpr StackPtxInstruction encode_meta_constant(uint32_t c) {",
          "    return encode_word(STACK_PTX_INSTRUCTION_TYPE_META_CONSTANT, 0, c);", "}"]
    for m in META_OPS:
        o += ["constexpr StackPtxInstruction encode_meta_%s(StackType stack_type) {" % m,
              "    return encode_word(STACK_PTX_INSTRUCTION_TYPE_META, static_cast<StackPtxStackIdx>(stack_type),",
              "                       STACK_PTX_META_INSTRUCTION_%s);" % m.upper(), "}"]
    for k, s in enumerate(stacks):
        if s["constant"] is None:
            continue
        field, ctype = CONSTANT_FIELDS[s["encoder"]]
        # The payload member is written once, so the union never changes
        # its active member inside a constant expression.
        o += ["constexpr StackPtxInstruction encode_constant_%s(%s c) {" % (sn[k].lower(), ctype),
              "    StackPtxInstruction instruction{};",
              "    instruction.instruction_type = STACK_PTX_INSTRUCTION_TYPE_CONSTANT;",
              "    instruction.aux = static_cast<StackPtxStackIdx>(StackType::%s);" % sn[k],
              "    instruction.payload.%s = c;" % field,
              "    return instruction;", "}"]
    o += ["", "static const %s StackPtxInstruction encode_return = encode_word(STACK_PTX_INSTRUCTION_TYPE_RETURN, 0, 0);" % U]
    for k in range(len(instrs)):
        o.append("static const %s StackPtxInstruction encode_ptx_instruction_%s = encode_word("
                 "STACK_PTX_INSTRUCTION_TYPE_PTX, 0, static_cast<uint32_t>(PtxInstruction::%s));"
                 % (U, iname[k].lower(), iname[k].upper()))
    for k in range(len(specials)):
        o.append("static const %s StackPtxInstruction encode_special_register_%s = encode_word("
                 "STACK_PTX_INSTRUCTION_TYPE_SPECIAL, 0, static_cast<uint32_t>(SpecialRegister::%s));"
                 % (U, spn[k].lower(), spn[k].upper()))
    o.append("")

    def table(ctype, name, rows):
        o.append("static const %s %s %s[] = {" % (U, ctype, name))
        o.extend("    %s," % r for r in rows)
        o.append("};")
    stack_idx = lambda k: "static_cast<StackPtxStackIdx>(StackType::%s)" % sn[k]
    arg_idx = lambda k: "static_cast<StackPtxArgIdx>(ArgType::%s)" % (an[k] if k is not None else "NONE")
    table("char *const", "stack_literal_prefixes", [c_string(s["reg"]) for s in stacks])
    table("StackPtxArgTypeInfo", "arg_type_infos", ["{ %s, %d }" % (stack_idx(a["stack"]), a["vec"]) for a in args])
    rows = []
    for i in instrs:
        need = unique_stack_needs(args, i)
        a = [arg_idx(x) for x in i["args"]] + [arg_idx(None)] * (4 - len(i["args"]))
        r = [arg_idx(x) for x in i["rets"]] + [arg_idx(None)] * (2 - len(i["rets"]))
        u = ["{ %s, %d }" % (stack_idx(x), n) for x, n in need] + ["{ 0, 0 }"] * (4 - len(need))
        rows.append("{ { %s }, { %s }, %d, %s, { %s } }" % (", ".join(a), ", ".join(r), len(need),
                                                          "true" if i["aligned"] else "false", ", ".join(u)))
    table("StackPtxPtxInstructionDescriptor", "ptx_instruction_descriptors", rows)
    table("StackPtxSpecialRegisterDescriptor", "special_register_descriptors",
          ["{ %s }" % arg_idx(s["arg"]) for s in specials])
    table("char *const", "ptx_instruction_display_names", [c_string(i["display"]) for i in instrs])
    table("char *const", "ptx_instruction_ptx_names", [c_string(i["ptx"]) for i in instrs])
    table("StackPtxInstruction", "ptx_instructions", ["encode_ptx_instruction_%s" % n.lower() for n in iname])
    table("char *const", "special_register_display_names", [c_string(s["display"]) for s in specials])
    table("char *const", "special_register_ptx_names", [c_string(s["ptx"]) for s in specials])
    table("StackPtxInstruction", "special_registers", ["encode_special_register_%s" % n.lower() for n in spn])
    o += ["", "static const %s StackPtxStackInfo stack_info = {" % U,
          "    ptx_instruction_ptx_names,",
          "    ptx_instruction_descriptors,",
          "    static_cast<size_t>(PtxInstruction::NUM_ENUMS),",
          "    special_register_ptx_names,",
          "    special_register_descriptors,",
          "    static_cast<size_t>(SpecialRegister::NUM_ENUMS),",
          "    stack_literal_prefixes,",
          "    static_cast<size_t>(StackType::NUM_ENUMS),",
          "    arg_type_infos,",
          "    static_cast<size_t>(ArgType::NUM_ENUMS),",
          "};", "", "} // namespace stack_ptx", "", "#endif // %s" % g, ""]
    return "\n".join(o)


def gen_ast_ref(src, path, stacks, args, instrs):
    """The reference's ast_ptx_instructions.h layout: encoders, the f32
    instruction enum, names and uint16_t arities."""
    g = header_guard(path)
    sel = ast_instructions(stacks, args, instrs)
    o = ["/* Generated by gen_stack_ptx_header.py --lang ast-ref from %s; do not edit. */" % os.path.basename(src),
         "#ifndef %s" % g, "#define %s" % g, "", "#include <ast_ptx.h>", "",
         "#define AST_PTX_REF_ENCODE(TYPE, AUX, FIELD, VALUE) \\",
         "  ((AstPtxInstruction){ .instruction_type = (uint16_t)(TYPE), .aux = (uint16_t)(AUX), .payload = { .FIELD = (VALUE) } })",
         "#define ast_ptx_encode_input(I) AST_PTX_REF_ENCODE(AST_PTX_INSTRUCTION_TYPE_INPUT, 0, idx, (AstPtxIdx)(I))",
         "#define ast_ptx_encode_routine_arg(I) AST_PTX_REF_ENCODE(AST_PTX_INSTRUCTION_TYPE_ROUTINE_ARG, 0, idx, (AstPtxIdx)(I))",
         "#define ast_ptx_encode_constant(C) AST_PTX_REF_ENCODE(AST_PTX_INSTRUCTION_TYPE_CONSTANT, 0, f, (float)(C))",
         "#define ast_ptx_encode_ptx_instruction(I, N) AST_PTX_REF_ENCODE(AST_PTX_INSTRUCTION_TYPE_PTX_INSTRUCTION, (N), idx, (AstPtxIdx)(I))",
         "#define ast_ptx_encode_routine(I, N) AST_PTX_REF_ENCODE(AST_PTX_INSTRUCTION_TYPE_ROUTINE, (N), idx, (AstPtxIdx)(I))",
         "#define ast_ptx_encode_register(I) AST_PTX_REF_ENCODE(AST_PTX_INSTRUCTION_TYPE_REGISTER, 0, idx, (AstPtxIdx)(I))",
         "#define ast_ptx_encode_return AST_PTX_REF_ENCODE(AST_PTX_INSTRUCTION_TYPE_RETURN, 0, idx, 0u)", "",
         "typedef enum {"]
    o.extend("    AST_PTX_PTX_INSTRUCTION_%s = %d," % (ident(i["display"]).upper(), k) for k, i in enumerate(sel))
    o += ["    AST_PTX_PTX_INSTRUCTION_NUM_ENUMS = %d" % len(sel), "} AstPtxPtxInstruction;", "",
          "#if defined(__GNUC__)", "__attribute__((unused))", "#endif",
          "static const char *const ast_ptx_ptx_instruction_names[AST_PTX_PTX_INSTRUCTION_NUM_ENUMS] = {"]
    o.extend("    %s," % c_string(i["ptx"]) for i in sel)
    o += ["};", "#if defined(__GNUC__)", "__attribute__((unused))", "#endif",
          "static const uint16_t ast_ptx_ptx_instruction_num_args[AST_PTX_PTX_INSTRUCTION_NUM_ENUMS] = {"]
    o.extend("    %du," % len(i["args"]) for i in sel)
    o += ["};", ""]
    for i in sel:
        n = ident(i["display"])
        o.append("#define ast_ptx_encode_ptx_instruction_%s ast_ptx_encode_ptx_instruction(AST_PTX_PTX_INSTRUCTION_%s, %du)"
                 % (n, n.upper(), len(i["args"])))
    o += ["", "#endif /* %s */" % g, ""]
    return "\n".join(o)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--input", required=True, help="JSON description")
    p.add_argument("--output", required=True, help="header to write")
    p.add_argument("--lang", choices=["c", "cpp", "ast", "ref", "ref-cpp", "ast-ref"], default="c")
    p.add_argument("--prefix", help="C table prefix / C++ namespace "
                   "(default: stack_ptx_generated / stack_ptx)")
    o = p.parse_args()
    try:
        stacks, args, instrs, specials = load(o.input)
    except DescriptionError as e:
        print(e, file=sys.stderr)
        return 1
    if o.lang == "c":
        text = gen_c(o.input, o.output, o.prefix or "stack_ptx_fast_generated", stacks, args, instrs, specials)
    elif o.lang == "cpp":
        text = gen_cpp(o.input, o.output, o.prefix or "stack_ptx", stacks, args, instrs, specials)
    elif o.lang == "ref":
        text = gen_ref(o.input, o.output, stacks, args, instrs, specials)
    elif o.lang == "ref-cpp":
        text = gen_ref_cpp(o.input, o.output, stacks, args, instrs, specials)
    elif o.lang == "ast-ref":
        text = gen_ast_ref(o.input, o.output, stacks, args, instrs)
    else:
        text = gen_ast(o.input, o.output, stacks, args, instrs)
    # Write through a temporary so a failed run never leaves half a header.
    tmp = o.output + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, o.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
