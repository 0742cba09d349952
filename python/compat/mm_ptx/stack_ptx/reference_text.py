"""ptxinject's stub text rewritten as mm-ptx 1.0.1 writes it.

The two compilers emit the same lines in the same order with the same
temporaries when the instruction set has mm-ptx's operand order and rules
(``top_first``, ``reference_rules``); only the spelling differs:

==================  =====================  ======================
                    ptxinject              mm-ptx 1.0.1
==================  =====================  ======================
indentation         none                   a tab on every line
temporaries         ``%_s0_3``             ``%_a3`` (a letter per stack)
u32 literal         ``7``                  ``0x00000007U``
s32 literal         ``-3``                 ``0xFFFFFFFD``
end                 ``}``                  ``}`` and a NUL
==================  =====================  ======================
"""

from __future__ import annotations

import re

# mm-ptx names stack i's temporaries with the i-th of these letters.
STACK_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEF"

# An integer literal operand: a bare decimal after ' ' or '{', before ',', ';' or '}'.
_INT_LITERAL = re.compile(r"(?<=[ {])-?[0-9]+(?=[,;}])")
_GROUP = re.compile(r"\{[^}]*\}|[^,\s][^,]*")
# The same within one operand group (no delimiter after it).
_BARE_LITERAL = re.compile(r"(?<![\w%.])-?[0-9]+(?![\w.])")


def hex_literal(kind: str, number: int) -> str:
    """An integer constant as mm-ptx prints it (kind 'u32' or 's32')."""
    bits = number & 0xFFFFFFFF
    return f"0x{bits:08X}U" if kind == "u32" else f"0x{bits:08X}"


class ReferenceText:
    """Rewrites the stubs of one instruction set."""

    def __init__(self, literal_prefixes, instruction_arg_kinds):
        # (native temporary prefix, mm-ptx's) for every stack.
        self.renames = [(f"%_s{i}_", "%_" + STACK_LETTERS[i]) for i in range(min(len(literal_prefixes),
                                                                                     len(STACK_LETTERS)))]
        # ptx opcode -> (number of result groups, literal kind of each arg group).
        self.instruction_arg_kinds = instruction_arg_kinds

    def convert(self, text: str, int_kinds: int) -> str:
        """text: a native stub. int_kinds: 1 when the program has u32
        literals, 2 s32 literals, 3 both (0: none, the common case)."""
        out = "\t" + text.replace("\n", "\n\t")
        for native, ref in self.renames:
            if native in out:
                out = out.replace(native, ref)
        if int_kinds == 1:
            out = _INT_LITERAL.sub(lambda m: hex_literal("u32", int(m.group())), out)
        elif int_kinds == 2:
            out = _INT_LITERAL.sub(lambda m: hex_literal("s32", int(m.group())), out)
        elif int_kinds == 3:
            out = "\n".join(self._convert_line(line) for line in out.split("\n"))
        return out + "\x00"

    def _convert_line(self, line: str) -> str:
        """One line whose integer literals may be u32 or s32: the kind comes
        from the instruction's arg types, or a move's register type."""
        if not _INT_LITERAL.search(line):
            return line
        body = line.strip()
        head, _, rest = body.partition(" ")
        rest = rest.rstrip(";")
        groups = _GROUP.findall(rest)
        if head.startswith("mov."):
            kinds = [None, head[4:]]
            num_rets = 1
        else:
            num_rets, kinds = self.instruction_arg_kinds.get(head, (1, []))
            kinds = [None] * num_rets + list(kinds)
        fixed = []
        for i, group in enumerate(groups):
            kind = kinds[i] if i < len(kinds) else None
            if kind in ("u32", "s32"):
                group = _BARE_LITERAL.sub(lambda m: hex_literal(kind, int(m.group())), group)
            fixed.append(group)
        return line[: len(line) - len(line.lstrip())] + head + " " + ", ".join(fixed) + ";"
