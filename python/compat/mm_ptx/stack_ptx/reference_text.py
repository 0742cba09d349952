"""ptxinject's stub text rewritten as mm-ptx 1.0.1 writes it.

The two compilers emit the same lines in the same order with the same
temporaries when the instruction set has mm-ptx's operand order and rules
(``top_first``, ``reference_rules``); only the spelling differs:

==================  ======================  ==========================
                    ptxinject               mm-ptx 1.0.1
==================  ======================  ==========================
indentation         none                    a tab on every line
temporaries         ``%_s0_3``              ``%_a3`` (a letter per stack)
u32 literal         ``7``                   ``0x00000007U``
s32 literal         ``-3``                  ``0xFFFFFFFD``
two results         ``%_d0, %_d1``          ``%_d0|%_d1``
vector operand      ``{%_a0, %_a1}``        newline, two tabs, ``{%_a0, %_a1}``
end                 ``}``                   ``}`` and a NUL
==================  ======================  ==========================

mm-ptx writes the lines in the order it visits them from the requests (the
last request's value first, each instruction's operands in the order they
are printed, an instruction after its operands), numbering temporaries as
it writes them; ptxinject writes them in program order. The lines are put
in mm-ptx's order and renumbered first (``_reorder``).

Lines of most instructions need only the first three, done on the whole
text at once. Instructions with two results or a vector operand (and any
whose opcode another instruction shares with other operand types) are given
to the compiler under a marker, ``\\x01<index>\\x01``, so that their lines
can be found and rewritten one by one with the instruction's shape.
"""

from __future__ import annotations

import re

# mm-ptx names stack i's temporaries with the i-th of these letters.
STACK_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEF"

MARK = "\x01"

# An integer literal operand: a bare decimal after ' ' or '{', before ',', ';' or '}'.
_INT_LITERAL = re.compile(r"(?<=[ {])-?[0-9]+(?=[,;}])")
# The same within one operand group (nothing after it).
_BARE_LITERAL = re.compile(r"(?<![\w%.])-?[0-9]+(?![\w.])")
# A temporary of the native text (%_s<stack>_<number>).
_TEMP_NAME = re.compile(r"%_s[0-9]+_[0-9]+")
# Operand groups of a line: a braced vector, or one operand.
_GROUP = re.compile(r"\{[^}]*\}|[^,\s][^,]*")


def hex_literal(kind: str, number: int) -> str:
    """An integer constant as mm-ptx prints it (kind 'u32' or 's32')."""
    bits = number & 0xFFFFFFFF
    return f"0x{bits:08X}U" if kind == "u32" else f"0x{bits:08X}"


def _literals(group: str, kind) -> str:
    if kind in ("u32", "s32") and any(c.isdigit() for c in group):
        return _BARE_LITERAL.sub(lambda m: hex_literal(kind, int(m.group())), group)
    return group


class Shape:
    """What rewriting an instruction's line needs: its opcode, whether each
    result is a vector, and each operand's literal kind and vector-ness."""

    __slots__ = ("ptx", "ret_vectors", "ret_elems", "arg_kinds", "arg_vectors")

    def __init__(self, ptx, ret_vectors, arg_kinds, arg_vectors, ret_elems=1):
        self.ptx = ptx
        self.ret_elems = ret_elems
        self.ret_vectors = ret_vectors
        self.arg_kinds = arg_kinds
        self.arg_vectors = arg_vectors

    @property
    def marked(self) -> bool:
        """Whether its lines need rewriting one by one."""
        return len(self.ret_vectors) > 1 or any(self.ret_vectors) or any(self.arg_vectors)


class ReferenceText:
    """Rewrites the stubs of one instruction set."""

    def __init__(self, literal_prefixes, shapes):
        self.shapes = shapes  # instruction index -> Shape
        # (native temporary prefix, mm-ptx's), for what keeps its number.
        self.renames = [(f"%_s{i}_", "%_" + STACK_LETTERS[i])
                        for i in range(min(len(literal_prefixes), len(STACK_LETTERS)))]
        self.by_opcode = {}
        for shape in shapes:
            self.by_opcode.setdefault(shape.ptx, shape)

    def convert(self, text: str, int_kinds: int) -> str:
        """text: a native stub. int_kinds: 1 when the program has u32
        literals, 2 s32 literals, 3 both (0: none, the common case)."""
        if "%_s" in text:
            text = self._reorder(text)
        out = "\t" + text.replace("\n", "\n\t")
        if MARK in out:
            out = "\n".join(self._marked_line(line) if line.startswith("\t" + MARK) else line
                            for line in out.split("\n"))
        if int_kinds == 1:
            out = _INT_LITERAL.sub(lambda m: hex_literal("u32", int(m.group())), out)
        elif int_kinds == 2:
            out = _INT_LITERAL.sub(lambda m: hex_literal("s32", int(m.group())), out)
        elif int_kinds == 3:
            out = "\n".join(self._line_literals(line) for line in out.split("\n"))
        return out + "\x00"

    def _reorder(self, text: str) -> str:
        """The lines in mm-ptx's order, temporaries renumbered as mm-ptx
        numbers them and named with its letters."""
        lines = text.split("\n")
        end = len(lines) - 1
        first = 1
        while first < end and lines[first].startswith(".reg"):
            first += 1
        nodes, node_rets, node_args, moves = [], [], [], []
        defined = {}  # temporary -> index of the node that writes it
        for i in range(first, end):
            line = lines[i]
            temps = _TEMP_NAME.findall(line)
            if line[0] == MARK:
                rets = self.shapes[int(line[1:line.index(MARK, 1)])].ret_elems
            elif temps and line.startswith(temps[0], line.index(" ") + 1):
                rets = 1  # an instruction or special register read writes its first operand
            else:
                moves.append(line)  # a request's move
                continue
            index = len(nodes)
            nodes.append(line)
            node_rets.append(temps[:rets])
            node_args.append(temps[rets:])
            for t in temps[:rets]:
                defined[t] = index
        # Visit from the requests, the last one first (mm-ptx pushes them
        # all, then pops), post order, operands in printed order.
        order = []
        state = [0] * len(nodes)  # 0 unvisited, 1 on the path, 2 written
        roots = []
        for line in moves:
            roots += _TEMP_NAME.findall(line)
        for t in reversed(roots):
            node = defined.get(t)
            if node is None or state[node]:
                continue
            work = [(node, 0)]
            state[node] = 1
            while work:
                node, next_arg = work[-1]
                args = node_args[node]
                while next_arg < len(args):
                    child = defined.get(args[next_arg])
                    next_arg += 1
                    if child is not None and not state[child]:
                        break
                else:
                    work.pop()
                    state[node] = 2
                    order.append(node)
                    continue
                work[-1] = (node, next_arg)
                state[child] = 1
                work.append((child, 0))
        if len(order) != len(nodes) or order == list(range(len(nodes))):
            # Already in mm-ptx's order (so numbered as it numbers), or
            # lines no request reads (a copy ptxinject made of a register a
            # request overwrites): the letters only.
            for native, ref in self.renames:
                if native in text:
                    text = text.replace(native, ref)
            return text
        names = {}
        counters = {}
        for node in order:
            for t in node_rets[node]:
                stack = t[3:t.index("_", 3)]
                n = counters.get(stack, 0)
                counters[stack] = n + 1
                names[t] = f"%_{STACK_LETTERS[int(stack)]}{n}"
        body = "\n".join(lines[:first] + [nodes[node] for node in order] + moves + ["}"])
        body = _TEMP_NAME.sub(lambda m: names[m.group()], body)
        for native, ref in self.renames:  # the declarations
            if native in body:
                body = body.replace(native, ref)
        return body

    def _marked_line(self, line: str) -> str:
        index, _, rest = line[2:].partition(MARK)
        shape = self.shapes[int(index)]
        groups = _GROUP.findall(rest.strip().rstrip(";"))
        num_rets = len(shape.ret_vectors)
        parts = ["\t", shape.ptx, " "]
        for j, vector in enumerate(shape.ret_vectors):
            if j:
                parts.append("|")
            parts.append("\n\t\t" + groups[j] if vector else groups[j])
        for j, group in enumerate(groups[num_rets:]):
            group = _literals(group, shape.arg_kinds[j] if j < len(shape.arg_kinds) else None)
            vector = j < len(shape.arg_vectors) and shape.arg_vectors[j]
            parts.append(", \n\t\t" + group if vector else ", " + group)
        parts.append(";")
        return "".join(parts)

    def _line_literals(self, line: str) -> str:
        """One unmarked line whose integer literals may be u32 or s32: the
        kind comes from the instruction's operand types, or a move's
        register type."""
        if not _INT_LITERAL.search(line):
            return line
        head, _, rest = line.strip().partition(" ")
        groups = _GROUP.findall(rest.rstrip(";"))
        if head.startswith("mov."):
            kinds = [None, head[4:]]
        else:
            shape = self.by_opcode.get(head)
            kinds = [None] + list(shape.arg_kinds) if shape else []
        fixed = [_literals(g, kinds[i] if i < len(kinds) else None) for i, g in enumerate(groups)]
        return "\t" + head + " " + ", ".join(fixed) + ";"
