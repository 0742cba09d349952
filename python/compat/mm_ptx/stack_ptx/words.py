"""ptxinject's 8-byte Stack PTX instruction words (ptxinject.stack.Instruction):
kind (1 byte), stack index (1), index (2), payload (4), little endian. mm-ptx's
instruction objects are turned into these once, when they are made."""

RETURN, INPUT, CONSTANT, PTX, SPECIAL, META, STORE, LOAD, ROUTINE = range(9)

# ptxinject's meta operations (ptxinject.stack.META_OPS): index -> name.
META_OPS = ("constant", "dup", "yank_dup", "swap", "swap_with", "replace", "drop", "rotate", "reverse", "clear")


def word(kind: int, stack_idx: int = 0, idx: int = 0, payload: int = 0) -> int:
    return kind | (stack_idx & 0xFF) << 8 | (idx & 0xFFFF) << 16 | (payload & 0xFFFFFFFF) << 32

