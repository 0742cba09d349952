#!/usr/bin/env python3
"""Moves this project's own C API of Stack PTX and AST PTX to its "fast" names.

`stack_ptx.h` and `ast_ptx.h` are the reference system's API (the names its
users include); the project's faster native API lives on as
`stack_ptx_fast.h` / `ast_ptx_fast.h` with every identifier renamed:

  stack_ptx_X -> stack_ptx_fast_X    STACK_PTX_X -> STACK_PTX_FAST_X
  StackPtxX   -> StackPtxFastX       stackPtxCheck -> stackPtxFastCheck
  ast_ptx_X   -> ast_ptx_fast_X      AST_PTX_X -> AST_PTX_FAST_X    AstPtxX -> AstPtxFastX

for the native identifiers listed below, and for the families the header
generator writes (encoders, enums and tables of a description).

The script rewrites every tracked source file by whole-word regular
expressions, except files that carry the marker line
`rename-native-capi: reference API` (they use the reference's names on
purpose). It also moves the three native headers to their new names when
the new name does not exist yet. Running it again changes nothing.

Usage: utils/rename-native-capi.py [--check] [REPO]
  --check  list the files that would change and exit 1 if there are any.
"""
import argparse
import os
import re
import subprocess
import sys

MARKER = "rename-native-capi: " + "reference API"

# Identifiers declared by the native headers before the rename.
NATIVE_IDS = """
stack_ptx_compile stack_ptx_compile_workspace_size stack_ptx_compiler_compile
stack_ptx_compiler_create stack_ptx_compiler_destroy stack_ptx_write_output
stack_ptx_result_to_string stack_ptx_instruction_set_create
stack_ptx_instruction_set_default stack_ptx_instruction_set_destroy
stack_ptx_instruction_set_info stack_ptx_make_instruction stack_ptx_make_f32_constant
stack_ptx_default_compiler_info stack_ptx_check_result_ stack_ptx_instruction_is_8_bytes
stack_ptx_encode_return stack_ptx_encode_input stack_ptx_encode_constant_bits
stack_ptx_encode_ptx_instruction stack_ptx_encode_special_register stack_ptx_encode_meta
stack_ptx_encode_meta_constant stack_ptx_encode_meta_dup stack_ptx_encode_meta_yank_dup
stack_ptx_encode_meta_swap stack_ptx_encode_meta_swap_with stack_ptx_encode_meta_replace
stack_ptx_encode_meta_drop stack_ptx_encode_meta_rotate stack_ptx_encode_meta_reverse
stack_ptx_encode_meta_clear stack_ptx_encode_store stack_ptx_encode_load
stack_ptx_encode_routine
STACK_PTX_H STACK_PTX_DEFAULT_INFO_H STACK_PTX_DEFAULT_INFO_STORAGE
STACK_PTX_SUCCESS STACK_PTX_ERROR_INSUFFICIENT_BUFFER STACK_PTX_ERROR_INSUFFICIENT_WORKSPACE
STACK_PTX_ERROR_INVALID_ARGUMENT STACK_PTX_ERROR_INVALID_INSTRUCTION_SET
STACK_PTX_ERROR_INVALID_REGISTER STACK_PTX_ERROR_NOTHING_COMPILED
STACK_PTX_ERROR_INVALID_DESCRIPTION STACK_PTX_ERROR_OUT_OF_MEMORY
STACK_PTX_ERROR_INVALID_RESULT_ENUM STACK_PTX_RESULT_NUM_ENUMS
STACK_PTX_INSTRUCTION STACK_PTX_F32_CONSTANT
STACK_PTX_INSTRUCTION_KIND_RETURN STACK_PTX_INSTRUCTION_KIND_INPUT
STACK_PTX_INSTRUCTION_KIND_CONSTANT STACK_PTX_INSTRUCTION_KIND_PTX
STACK_PTX_INSTRUCTION_KIND_SPECIAL_REGISTER STACK_PTX_INSTRUCTION_KIND_META
STACK_PTX_INSTRUCTION_KIND_STORE STACK_PTX_INSTRUCTION_KIND_LOAD
STACK_PTX_INSTRUCTION_KIND_ROUTINE STACK_PTX_INSTRUCTION_KIND_NUM_ENUMS
STACK_PTX_META_CONSTANT STACK_PTX_META_DUP STACK_PTX_META_YANK_DUP STACK_PTX_META_SWAP
STACK_PTX_META_SWAP_WITH STACK_PTX_META_REPLACE STACK_PTX_META_DROP STACK_PTX_META_ROTATE
STACK_PTX_META_REVERSE STACK_PTX_META_CLEAR STACK_PTX_META_NUM_ENUMS
STACK_PTX_CONSTANT_NONE STACK_PTX_CONSTANT_F32 STACK_PTX_CONSTANT_U32 STACK_PTX_CONSTANT_S32
STACK_PTX_MAX_ARGS STACK_PTX_MAX_RETS STACK_PTX_MAX_VEC_ELEMS
StackPtxResult StackPtxInstruction StackPtxInstructionKind StackPtxMetaOp
StackPtxConstantKind StackPtxStackTypeInfo StackPtxArgTypeInfo StackPtxPtxInstructionInfo
StackPtxSpecialRegisterInfo StackPtxInstructionSetInfo StackPtxInstructionSet
StackPtxRegister StackPtxCompilerInfo StackPtxCompiler stackPtxCheck
ast_ptx_compile ast_ptx_interpret ast_ptx_result_to_string ast_ptx_make_instruction
ast_ptx_instruction_is_8_bytes ast_ptx_encode_return ast_ptx_encode_input
ast_ptx_encode_constant ast_ptx_encode_ptx_instruction ast_ptx_encode_routine
ast_ptx_encode_routine_arg ast_ptx_instruction_names ast_ptx_instruction_num_args
AST_PTX_H AST_PTX_SUCCESS AST_PTX_ERROR_INSUFFICIENT_BUFFER AST_PTX_ERROR_INVALID_ARGUMENT
AST_PTX_ERROR_STACK_UNDERFLOW AST_PTX_ERROR_ARITY_MISMATCH AST_PTX_ERROR_UNKNOWN_INSTRUCTION
AST_PTX_ERROR_UNKNOWN_INPUT AST_PTX_ERROR_UNKNOWN_ROUTINE AST_PTX_ERROR_BAD_ROUTINE_ARG
AST_PTX_ERROR_RECURSION_TOO_DEEP AST_PTX_ERROR_WRONG_RESULT_COUNT AST_PTX_ERROR_NO_RETURN
AST_PTX_ERROR_UNKNOWN_KIND AST_PTX_ERROR_TOO_LARGE AST_PTX_ERROR_INVALID_RESULT_ENUM
AST_PTX_RESULT_NUM_ENUMS AST_PTX_MAX_ROUTINE_DEPTH AST_PTX_MAX_NODES AST_PTX_MAX_WORK
AstPtxResult AstPtxInstruction AstPtxInstructionKind
""".split()

PREFIXES = [("stack_ptx_", "stack_ptx_fast_"), ("STACK_PTX_", "STACK_PTX_FAST_"),
            ("StackPtx", "StackPtxFast"), ("stackPtx", "stackPtxFast"),
            ("ast_ptx_", "ast_ptx_fast_"), ("AST_PTX_", "AST_PTX_FAST_"),
            ("AstPtx", "AstPtxFast")]


def fast_name(name):
    for old, new in PREFIXES:
        if name.startswith(old):
            return new + name[len(old):]
    raise ValueError(name)


# Families of generated names (any suffix), and header file names.
FAMILIES = [
    (r"\bstack_ptx_encode_(constant|ptx_instruction|special_register)_(\w+)",
     r"stack_ptx_fast_encode_\1_\2"),
    (r"\bSTACK_PTX_(STACK_TYPE|ARG_TYPE|PTX_INSTRUCTION|SPECIAL_REGISTER)_(\w+)",
     r"STACK_PTX_FAST_\1_\2"),
    (r"\bstack_ptx_generated_(\w+)", r"stack_ptx_fast_generated_\1"),
    (r"\bSTACK_PTX_GENERATED_(\w+)", r"STACK_PTX_FAST_GENERATED_\1"),
    (r"\bast_ptx_encode_ptx_instruction_(\w+)", r"ast_ptx_fast_encode_ptx_instruction_\1"),
    (r"\bAST_PTX_INSTRUCTION_(\w+)", r"AST_PTX_FAST_INSTRUCTION_\1"),
    (r"\bast_ptx_instructions\.h\b", "ast_ptx_fast_instructions.h"),
    (r"\bstack_ptx\.h\b", "stack_ptx_fast.h"),
    (r"\bast_ptx\.h\b", "ast_ptx_fast.h"),
    (r"\bstack_ptx_default_info\.h\b", "stack_ptx_fast_default_info.h"),
]

MOVES = [("lib/include/stack_ptx.h", "lib/include/stack_ptx_fast.h"),
         ("lib/include/ast_ptx.h", "lib/include/ast_ptx_fast.h"),
         ("lib/include/stack_ptx_default_info.h", "lib/include/stack_ptx_fast_default_info.h")]

SOURCE_SUFFIXES = (".c", ".h", ".cc", ".cpp", ".hpp", ".cu", ".cuh", ".py", ".cmake", ".test",
                   ".in", ".sh", ".txt")

ID_RE = re.compile(r"\b(" + "|".join(sorted(map(re.escape, NATIVE_IDS), key=len, reverse=True))
                   + r")\b")
FAMILY_RES = [(re.compile(p), r) for p, r in FAMILIES]


def rewrite(text):
    # Families first: they are longer names than any NATIVE_IDS entry they start with.
    for pattern, repl in FAMILY_RES:
        text = pattern.sub(repl, text)
    return ID_RE.sub(lambda m: fast_name(m.group(1)), text)


def is_source(path, root):
    base = os.path.basename(path)
    if path.startswith("test/fuzz/corpus/") or base == "rename-native-capi.py":
        return False
    if base.endswith(SOURCE_SUFFIXES) or base == "CMakeLists.txt":
        return True
    try:  # extension-less scripts
        with open(os.path.join(root, path), "rb") as f:
            return f.read(2) == b"#!"
    except OSError:
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("repo", nargs="?", default=".")
    a = ap.parse_args()
    root = subprocess.run(["git", "-C", a.repo, "rev-parse", "--show-toplevel"], check=True,
                          capture_output=True, text=True).stdout.strip()
    changed = []
    for src, dst in MOVES:
        s, d = os.path.join(root, src), os.path.join(root, dst)
        if os.path.exists(s) and not os.path.exists(d):
            with open(s, encoding="utf-8") as f:
                if MARKER in f.read():
                    continue
            changed.append(src + " -> " + dst)
            if not a.check:
                subprocess.run(["git", "-C", root, "mv", src, dst], check=True)
    files = subprocess.run(["git", "-C", root, "ls-files", "-z"], check=True,
                           capture_output=True).stdout.decode().split("\0")
    for path in filter(None, files):
        full = os.path.join(root, path)
        if not os.path.isfile(full) or not is_source(path, root):
            continue
        try:
            with open(full, encoding="utf-8") as f:
                text = f.read()
        except UnicodeDecodeError:
            continue
        if MARKER in text:
            continue
        new = rewrite(text)
        if new != text:
            changed.append(path)
            if not a.check:
                with open(full, "w", encoding="utf-8") as f:
                    f.write(new)
    for c in changed:
        print(c)
    return 1 if a.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
